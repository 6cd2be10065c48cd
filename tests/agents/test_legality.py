"""Every agent plays only legal actions, on every registered game, variant and seat count."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bouts
from bouts.agents import make_agent
from bouts.core import CHANCE, Game
from tests.agents.toy_games import SEALED_DUEL, TEAM_SUM

AGENT_DECISIONS = 40
"""Decisions each playout asks of the agent under test before random play finishes the game."""
SEARCH_DECISIONS = 15
"""The same for the (slower) search agents."""
FINISH_STEPS = 20_000


def has_heuristic(game_id: str) -> bool:
    return bouts.game(game_id).strategy() is not None


def cases() -> list[Any]:
    """Random and heuristic play on every variant (fewest and most seats); IS-MCTS with random rollouts on
    every variant at its fewest seats; IS-MCTS with heuristic rollouts on each game's first variant."""
    found = []
    for game_id in bouts.games():
        game = bouts.game(game_id)
        for index, (name, variant) in enumerate(game.variants().items()):
            specs = [(seats, spec) for seats in sorted({min(variant.seats), max(variant.seats)})
                     for spec in ["random", *(["heuristic"] if has_heuristic(game_id) else [])]]
            specs.append((min(variant.seats), "ismcts:iterations=5,rollout_limit=40"))
            if index == 0 and has_heuristic(game_id):
                specs.append((min(variant.seats), "ismcts:iterations=3,rollout=heuristic,rollout_limit=25"))
            for seats, spec in specs:
                found.append(pytest.param(game_id, dict(variant.options), seats, spec,
                                          id=f"{game_id}-{name}-{seats}p-{spec}"))
    return found


def play_checked(game: Game[Any, Any], state: Any, spec: str, seed: int, seats: int) -> Any:
    """Let ``spec`` play every seat for a while, checking each choice; then finish at random."""
    agents = [make_agent(spec, seed * 10 + s) for s in range(seats)]
    rng = random.Random(seed)
    asked = 0
    for _ in range(FINISH_STEPS):
        acting = game.to_act(state)
        if not acting:
            return state
        seat = acting[0]
        if seat == CHANCE:
            action = game.sample_chance(state, rng)
        elif asked < (SEARCH_DECISIONS if spec.startswith("ismcts") else AGENT_DECISIONS):
            before = state.clone()
            view = game.view(state, seat)
            action = agents[seat].act(game, state, seat)
            asked += 1
            assert game.is_legal(state, seat, action), f"{spec} chose illegal '{action}' for seat {seat}"
            assert state == before and game.view(state, seat) == view, f"{spec} changed the state it was given"
        else:
            action = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
    raise AssertionError(f"no end within {FINISH_STEPS} steps")


@pytest.mark.parametrize(("game_id", "options", "seats", "spec"), cases())
def test_agent_plays_legal_actions_on_every_registered_game(game_id: str, options: dict[str, Any], seats: int,
                                                             spec: str) -> None:
    game = bouts.game(game_id)
    for seed in (1,) if spec.startswith("ismcts") else (1, 2):
        state = game.setup(seats, options, None, seed)
        final = play_checked(game, state, spec, seed, seats)
        assert game.outcome(final) is not None


def test_every_registered_game_is_covered() -> None:
    ids = {c.values[0] for c in cases()}
    assert ids == set(bouts.games())


@pytest.mark.parametrize("spec", ["random", "ismcts:iterations=30"])
def test_agents_on_sealed_choices(spec: str) -> None:
    for seed in range(3):
        final = play_checked(SEALED_DUEL, SEALED_DUEL.setup(2), spec, seed, 2)
        assert SEALED_DUEL.outcome(final) is not None


@pytest.mark.parametrize("seats", range(1, 8))
@pytest.mark.parametrize("spec", ["random", "ismcts:iterations=30"])
def test_agents_on_a_cooperative_game_of_1_to_7_seats(spec: str, seats: int) -> None:
    final = play_checked(TEAM_SUM, TEAM_SUM.setup(seats), spec, seats, seats)
    assert TEAM_SUM.outcome(final) is not None
