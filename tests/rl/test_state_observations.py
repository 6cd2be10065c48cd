"""Observations built straight from the state equal the view-based tensors, at every decision.

Each game's encoding writes a seat's tensor from the state (``observe_into``) so that the RL adapters
never build a view on a step; the tensor must be exactly ``observe(game.view(state, seat))``, which is
what guarantees that it holds nothing the view hides. Checked for every seat at every decision of
whole random and heuristic games, for every variant and seat count, as a list of floats and as the
float32 array the adapters fill.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from bouts.agents import make_agent
from bouts.core import CHANCE
from tests.conformance.cases import MAX_STEPS, Case
from tests.rl.cases import ENCODED_CASES, case_params

GAMES = 2
HEURISTIC_GAMES = 1


def compare(case: Case, seed: int, agent_spec: str) -> int:
    game = case.game
    encoding = game.encoding(case.seats, case.options, None)
    agents = [make_agent(agent_spec, seed * 7 + s) for s in range(case.seats)]
    rng = random.Random(seed)
    state = game.fork(game.setup(case.seats, case.options, None, seed))
    compared = 0
    for step in range(MAX_STEPS):
        acting = game.to_act(state)
        if not acting:
            return compared
        if acting[0] == CHANCE:
            game.advance(state, CHANCE, game.sample_chance(state, rng))
            continue
        for seat in range(case.seats):
            expected = encoding.observe(game.view(state, seat))
            assert encoding.observe_state(state, seat) == expected, f"{case} {agent_spec} seed {seed} step {step} " \
                f"seat {seat}: segments differ: {differing(encoding, encoding.observe_state(state, seat), expected)}"
            if step % 5 == 0:
                array = np.zeros(encoding.observation_size, np.float32)
                encoding.observe_into(state, seat, array)
                assert np.array_equal(array, np.asarray(expected, np.float32)), f"{case} step {step} seat {seat}"
            compared += 1
        seat = rng.choice(acting)
        game.advance(state, seat, agents[seat].act(game, state, seat))
    raise AssertionError(f"{case} seed {seed}: no end within {MAX_STEPS} steps")


def differing(encoding: Any, got: list[float], expected: list[float]) -> list[str]:
    """The layout segments where two tensors differ (for the failure message)."""
    layout = encoding.layout
    return [name for name, length in layout.segments
            if got[layout.offsets[name]:layout.offsets[name] + length]
            != expected[layout.offsets[name]:layout.offsets[name] + length]]


@pytest.mark.parametrize("case", case_params(ENCODED_CASES))
def test_state_observations_equal_view_observations_in_random_games(case: Case) -> None:
    for seed in range(GAMES):
        assert compare(case, 300 + seed, "random")


@pytest.mark.parametrize("case", case_params(ENCODED_CASES))
def test_state_observations_equal_view_observations_in_heuristic_games(case: Case) -> None:
    for seed in range(HEURISTIC_GAMES):
        assert compare(case, 400 + seed, "heuristic")


@pytest.mark.parametrize("game_id", sorted({c.game_id for c in ENCODED_CASES}))
def test_every_game_observes_straight_from_the_state(game_id: str) -> None:
    """A game's encoding overrides ``observe_into``: the default (build the view, observe it) is the slow
    path the adapters exist to avoid."""
    from bouts.core.encoding import TextIndex

    case = next(c for c in ENCODED_CASES if c.game_id == game_id)
    encoding = case.game.encoding(case.seats, case.options, None)
    assert type(encoding).observe_into is not TextIndex.observe_into
