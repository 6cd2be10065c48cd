"""The roll window's menu asks whether another seat is waiting (SAO-065, SAO-096, SAO-RUL-07, SAO-RUL-22)
without building the other seats' menus: the shortcut must answer as the full list of waiting seats does."""

from __future__ import annotations

import random

import pytest
from sao_helpers import GAME

from bouts.core.contract import CHANCE
from bouts.games.sao import rolling


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_anyone_waiting_answers_as_the_waiting_seats_do(seats: int) -> None:
    """SAO-RUL-07: the turn player may ask the partner (and others with Consumables) only when one waits."""
    checked = waiting = 0
    for seed in range(25):
        rng = random.Random(seed)
        state = GAME.fork(GAME.setup(seats, {}, None, seed))
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if state.pending and state.pending[-1].kind == "roll_window" and state.result is None:
                expected = bool(rolling.waiting_seats(state))
                assert rolling.is_anyone_waiting(state) is expected
                checked += 1
                waiting += expected
            action = GAME.sample_chance(state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
            GAME.advance(state, seat, action)
    assert checked > 50
    if seats > 1:
        assert waiting > 0
