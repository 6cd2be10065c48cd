"""Fixtures for the FGO Duel tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from bouts.games.fgo_duel.cards import Catalog
from tests.fgo_duel.helpers import example_pack


@pytest.fixture(scope="session")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The example content pack (test servants with the rulebook examples' powers, plus the tiny map)."""
    directory: Path = tmp_path_factory.mktemp("fgo_pack")
    return example_pack(directory)
