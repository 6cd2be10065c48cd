"""Transcripts of seeded games (tests/transcripts.py): what each seat reads, in both languages, with its clauses."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.transcripts import check

GAMES = [("standard", 4, 0), ("standard", 7, 0), ("casual", 4, 0)]


@pytest.mark.parametrize(("variant", "seats", "seed"), GAMES)
def test_a_seeded_game_reads_as_its_transcript(variant: str, seats: int, seed: int) -> None:
    check(Path(__file__).parent / "transcripts", "grail_war", variant, seats, seed)
