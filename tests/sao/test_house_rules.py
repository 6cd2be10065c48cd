"""House rules that are not in the rulebook (off by default)."""

from __future__ import annotations

import random

import bouts
from bouts.core import CHANCE


def play(options: dict[str, object], seed: int = 3) -> object:
    game = bouts.game("sao")
    rng = random.Random(seed)
    state = game.setup(2, options)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        action = game.sample_chance(state, rng) if seat == CHANCE else rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
    return game.outcome(state)


def test_turn_limit_is_off_by_default_and_ends_the_game_as_a_loss_when_set() -> None:
    game = bouts.game("sao")
    assert game.setup(2).options.turn_limit is None
    outcome = play({"turn_limit": 1})
    assert outcome.winners == () and "turn limit" in outcome.reason_text("en")
