"""Transcripts of seeded games (tests/transcripts.py): what each seat reads, in both languages, with its clauses."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.transcripts import check

GAMES = [("arena", 2, 0), ("arena", 4, 0), ("solo", 1, 0), ("coop", 3, 0), ("realistic_parries", 2, 1)]


@pytest.mark.parametrize(("variant", "seats", "seed"), GAMES)
def test_a_seeded_game_reads_as_its_transcript(variant: str, seats: int, seed: int) -> None:
    check(Path(__file__).parent / "transcripts", "swordplay", variant, seats, seed)
