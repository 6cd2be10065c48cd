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


def test_the_turn_limit_allows_exactly_that_many_turns() -> None:
    """With turn_limit=3 the players lose as turn 4 would begin: three whole turns are played."""
    from tests.sao.sao_helpers import GAME, act, kind, roll, start

    state = start(2, characters=("kirito", "klein"), turn_limit=3)  # 10 HP each: three AoE counters (9) spare them
    turns = []
    while state.result is None:
        if GAME.to_act(state) == (CHANCE,):
            state = roll(state, *[6] * len(state.pending[-1].get("dice")))
            continue
        state = act(state, "finalize" if kind(state) == "roll_window" else "done")
        turns += [e.args["turn"] for e in state.events if e.kind == "turn"]
    assert state.result == "lost" and state.turns == 4 and 3 in turns and 4 not in turns
    assert state.reason.render("en") == "the turn limit of 3 was reached"
