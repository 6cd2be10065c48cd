"""Transcripts of seeded games (tests/transcripts.py): what each seat reads, in both languages, with its clauses."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.transcripts import check

GAMES = [("basic", 2, 0), ("advanced", 2, 0), ("orleans", 2, 0), ("orleans_advanced", 2, 0)]


@pytest.mark.parametrize(("variant", "seats", "seed"), GAMES)
def test_a_seeded_game_reads_as_its_transcript(variant: str, seats: int, seed: int) -> None:
    check(Path(__file__).parent / "transcripts", "fgo_duel", variant, seats, seed)


def test_a_game_drawn_at_the_turn_limit_reads_as_its_transcript() -> None:
    """The turn limit's house rule (a draw after this many turns): the draw's line and the outcome."""
    check(Path(__file__).parent / "transcripts", "fgo_duel", "basic", 2, 0, {"turn_limit": 12})
