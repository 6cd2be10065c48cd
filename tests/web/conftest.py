"""Fixtures of the browser tests: one live server (SQLite in a temporary folder) and one Debian chromium per module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.live import LiveServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A running ``bouts serve`` on a fresh SQLite database, for the module's tests."""
    live = LiveServer(str(tmp_path_factory.mktemp("web") / "bouts.sqlite")).start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium launched through Playwright (skipped without Playwright; see tests/browser.py)."""
    pytest.importorskip("playwright")
    from tests.browser import chromium

    yield from chromium()
