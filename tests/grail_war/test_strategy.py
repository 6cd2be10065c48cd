"""The heuristic uses only what its seat may know; IS-MCTS settings and the evaluation are sane."""

from __future__ import annotations

import random

from bouts.core import CHANCE
from tests.grail_war.helpers import GAME, start


def test_heuristic_chooses_the_same_on_any_determinization() -> None:
    """The heuristic's choice depends only on the seat's view (same on every determinization of it)."""
    strategy = GAME.strategy()
    rng = random.Random(7)
    compared = 0
    for seats in (4, 7):
        state = start(seats)
        while GAME.to_act(state) and state.round <= 4:
            seat = GAME.to_act(state)[0]
            if seat != CHANCE:
                mine = strategy.choose(GAME, state, seat, random.Random(0))
                for _ in range(2):
                    other = GAME.determinize(state, seat, rng)
                    assert strategy.choose(GAME, other, seat, random.Random(0)) == mine
                    compared += 1
                state = GAME.apply(state, seat, mine)
            else:
                state = GAME.apply(state, seat, GAME.sample_chance(state, rng))
    assert compared > 100


def test_evaluate_and_search_settings() -> None:
    """evaluate gives each seat a value in [0, 1]; SEARCH asks for heuristic rollouts to a horizon."""
    strategy = GAME.strategy()
    state = start(5)
    values = strategy.evaluate(GAME, state)
    assert len(values) == 5 and all(0 <= v <= 1 for v in values)
    assert strategy.SEARCH["rollout"] == "heuristic" and strategy.settled(GAME, state)
