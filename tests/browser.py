"""Debian's chromium through Playwright, as the browser tests launch it (one place for its path and flags)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium() -> Iterator[Browser]:
    """A launched chromium for a module's ``browser`` fixture; under CI a missing chromium fails, else skips."""
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is not installed: .ci/run must apt-get install chromium")
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()
