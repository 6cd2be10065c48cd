"""The cases the RL tests run over: every registered game with an encoding, each variant and seat count."""

from __future__ import annotations

import pytest

import bouts
from tests.conformance.cases import CASES, Case


def has_encoding(game_id: str) -> bool:
    game = bouts.game(game_id)
    variant = next(iter(game.variants().values()))
    try:
        game.encoding(variant.seats[0], dict(variant.options), None)
    except NotImplementedError:
        return False
    return True


ENCODED = [g for g in bouts.games() if has_encoding(g)]
ENCODED_CASES: list[Case] = [c for c in CASES if c.game_id in ENCODED]


def case_params(cases: list[Case]) -> list[object]:
    return [pytest.param(c, id=str(c)) for c in cases]


def first_cases() -> list[Case]:
    """One case per encoded game: its first variant at its fewest seats."""
    seen: dict[str, Case] = {}
    for case in ENCODED_CASES:
        seen.setdefault(case.game_id, case)
    return list(seen.values())
