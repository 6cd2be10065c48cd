"""Conformance of every game's fixed action index over whole games (issue 27's defect).

In long random and heuristic games of every variant and seat count the conformance suite lists, every
legal action of every decision (each seat of a sealed choice included) has an index, and the index
round-trips: ``index -> action -> index``, with ``decode`` giving back the very action and the mask
marking exactly the legal indices. A 400-decision sample of one random game missed SAO's die 8 (the
encoding numbered dice from 0, the game from 1), which only a pool of eight dice reaches; heuristic
games reach such pools far more often, so both kinds of play are run to the end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bouts.agents import make_agent
from bouts.core import CHANCE, IllegalAction
from tests.conformance.cases import MAX_STEPS, Case
from tests.rl.cases import ENCODED_CASES, case_params

RANDOM_GAMES = 3
HEURISTIC_GAMES = 2


def check_decision(case: Case, encoding: Any, state: Any, seat: int, where: str) -> int:
    """Every legal action of ``seat`` has an index that round-trips; the number of actions checked."""
    game = case.game
    legal = game.legal_actions(state, seat)
    indices: dict[int, Any] = {}
    for action in legal:
        try:
            index = encoding.encode(action)
        except IllegalAction as exc:
            raise AssertionError(f"{case} {where}: legal action '{action}' has no action index ({exc})") from None
        assert index not in indices, f"{case} {where}: '{action}' and '{indices[index]}' share index {index}"
        indices[index] = action
    assert encoding.legal_indices(state, seat) == dict(sorted(indices.items())), f"{case} {where}"
    mask = encoding.legal_mask(state, seat)
    assert [i for i, m in enumerate(mask) if m] == sorted(indices), f"{case} {where}: mask != legal indices"
    for index, action in indices.items():
        decoded = encoding.decode(state, seat, index)
        assert decoded == action and type(decoded) is type(action), f"{case} {where}: index {index}"
        assert encoding.encode(decoded) == index, f"{case} {where}: index {index} does not round-trip"
    return len(legal)


def play_and_check(case: Case, seed: int, agent_spec: str) -> int:
    """One game to the end with every seat played by ``agent_spec``, checking each decision."""
    game = case.game
    encoding = game.encoding(case.seats, case.options, None)
    agents = [make_agent(agent_spec, seed * 31 + s) for s in range(case.seats)]
    rng = random.Random(seed)
    state = game.fork(game.setup(case.seats, case.options, None, seed))
    checked = 0
    for step in range(MAX_STEPS):
        acting = game.to_act(state)
        if not acting:
            assert checked, f"{case}: a game with no decision"
            return checked
        if acting[0] == CHANCE:
            game.advance(state, CHANCE, game.sample_chance(state, rng))
            continue
        for seat in acting:  # every seat of a sealed choice decides now: check each one's menu
            checked += check_decision(case, encoding, state, seat, f"{agent_spec} seed {seed} step {step} seat {seat}")
        seat = rng.choice(acting)
        game.advance(state, seat, agents[seat].act(game, state, seat))
    raise AssertionError(f"{case} seed {seed}: no end within {MAX_STEPS} steps")


@pytest.mark.parametrize("case", case_params(ENCODED_CASES))
def test_every_legal_action_has_an_index_that_round_trips_in_random_games(case: Case) -> None:
    for seed in range(RANDOM_GAMES):
        play_and_check(case, 100 + seed, "random")


@pytest.mark.parametrize("case", case_params(ENCODED_CASES))
def test_every_legal_action_has_an_index_that_round_trips_in_heuristic_games(case: Case) -> None:
    for seed in range(HEURISTIC_GAMES):
        play_and_check(case, 200 + seed, "heuristic")


def test_sao_reaches_a_pool_of_eight_dice_and_names_die_8() -> None:
    """The defect's own case: 2-seat heuristic SAO reaches actions that name die 8, and each has an index."""
    case = next(c for c in ENCODED_CASES if c.game_id == "sao" and c.seats == 2)
    game = case.game
    encoding = game.encoding(case.seats, case.options, None)
    agents = [make_agent("heuristic", s) for s in range(2)]
    for seed in range(20):
        rng = random.Random(seed)
        state = game.fork(game.setup(2, case.options, None, seed))
        while game.to_act(state):
            seat = game.to_act(state)[0]
            if seat == CHANCE:
                game.advance(state, CHANCE, game.sample_chance(state, rng))
                continue
            naming_8 = [a for a in game.legal_actions(state, seat) if "8" in str(a).split()[1:]]
            if naming_8:
                for action in naming_8:
                    assert encoding.action_string(encoding.encode(action)) == str(action)
                return
            game.advance(state, seat, agents[seat].act(game, state, seat))
    pytest.fail("no 2-seat heuristic SAO game of 20 reached an action naming die 8: pick other seeds")
