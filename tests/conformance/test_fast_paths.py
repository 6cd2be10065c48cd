"""The fast path's shortcuts change nothing a reader sees (issue 27).

- A rule step may fill the contract's cache of legal actions with a menu it made on the way (FGO Duel's move
  menu, Grail War's battle-preparation menu): the cached menu must be the one the game computes afresh.
- An event's data and arguments may be functions made at the first reading (rollouts never read them): what
  a reader gets must not depend on when it reads, so events read at once and events read at the end of the
  game must show the same.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bouts.core import CHANCE
from tests.conformance.cases import Case, all_cases

GAMES = 3
"""Seeded random games per case."""


def _text(event: Any) -> str:
    return json.dumps(event.to_json("en"), sort_keys=True, default=str)


def _play(case: Case, seed: int, read_at_once: bool) -> tuple[list[str], int]:
    """A seeded random game on the fast path: every event's JSON (read right after its step, or all at the end)
    and how many decisions found their menu already cached (checked against the menu computed afresh)."""
    game = case.game
    rng = random.Random(seed)
    state = game.fork(game.setup(case.seats, case.options, None, seed))
    texts: list[str] = []
    kept: list[Any] = []
    cached = 0
    while game.to_act(state):
        seat = game.to_act(state)[0]
        if seat != CHANCE and seat in state._legal:  # filled by the rules on the way
            cached += 1
            assert state._legal[seat] == tuple(game._legal_actions(state, seat))
        action = game.sample_chance(state, rng) if seat == CHANCE else rng.choice(game.legal_actions(state, seat))
        game.advance(state, seat, action)
        if read_at_once:
            texts.extend(_text(e) for e in game.events(state))
        else:
            kept.extend(game.events(state))
    return texts or [_text(e) for e in kept], cached


@pytest.mark.parametrize("case", all_cases(), ids=str)
def test_cached_menus_are_the_menus_and_lazy_events_read_the_same_later(case: Case) -> None:
    cached = 0
    for seed in range(GAMES):
        at_once, found = _play(case, seed, read_at_once=True)
        assert _play(case, seed, read_at_once=False)[0] == at_once
        cached += found
    if case.game_id in ("fgo_duel", "grail_war"):
        assert cached, "the rules fill the menu cache on the way in this game"
