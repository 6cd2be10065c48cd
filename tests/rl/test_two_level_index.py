"""FGO Duel's optional two-level action index: a battle's cards are chosen one index at a time."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test

import bouts
import bouts.rl
from bouts.core import CHANCE, IllegalAction, OptionsError
from bouts.rl.table import Table
from tests.conformance.cases import Case
from tests.rl.cases import ENCODED_CASES, case_params

FGO_CASES = [c for c in ENCODED_CASES if c.game_id == "fgo_duel"]


def reachable(encoding: Any, state: Any, seat: int, chosen: tuple[int, ...] = ()) -> list[tuple[tuple[int, ...], Any]]:
    """Every (steps, action) the adapters can reach from ``chosen`` by following next_steps."""
    out = []
    for index, action in encoding.next_steps(state, seat, chosen).items():
        if action is None:
            out += reachable(encoding, state, seat, (*chosen, index))
        else:
            out.append(((*chosen, index), action))
    return out


@pytest.mark.parametrize("case", case_params(FGO_CASES))
def test_every_legal_action_is_reached_by_exactly_its_own_steps(case: Case) -> None:
    game = case.game
    encoding = Table("fgo_duel", case.seats, case.options, None, "two_level").encoding
    for seed in range(2):
        rng = random.Random(seed)
        state = game.fork(game.setup(case.seats, case.options, None, seed))
        battles = 0
        while game.to_act(state):
            acting = game.to_act(state)
            if acting[0] == CHANCE:
                game.advance(state, CHANCE, game.sample_chance(state, rng))
                continue
            for seat in acting:
                legal = game.legal_actions(state, seat)
                found = reachable(encoding, state, seat)
                assert sorted(map(str, (a for _, a in found))) == sorted(map(str, legal))
                assert all(encoding.steps_of(action) == steps for steps, action in found)
                battles += any(len(steps) > 1 for steps, _ in found)
            seat = rng.choice(acting)
            game.advance(state, seat, rng.choice(game.legal_actions(state, seat)))
        assert battles, f"{case} seed {seed}: no battle chosen in several steps"


def test_the_two_level_index_is_a_fifteenth_of_the_flat_one() -> None:
    flat = Table("fgo_duel").encoding
    two_level = Table("fgo_duel", index="two_level").encoding
    assert two_level.num_actions * 15 < flat.num_actions
    assert two_level.observation_size == flat.observation_size + len(flat.instances)


def test_unknown_index_is_one_clear_error() -> None:
    with pytest.raises(OptionsError, match="has no action index 'tree'"):
        Table("fgo_duel", index="tree")
    with pytest.raises(OptionsError, match="swordplay has no action index 'two_level'"):
        Table("swordplay", index="two_level")


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_api_test_with_the_two_level_index() -> None:
    api_test(bouts.rl.env("fgo_duel", index="two_level"), num_cycles=300)


def test_pettingzoo_plays_whole_games_choosing_battle_cards_one_by_one() -> None:
    env = bouts.rl.env("fgo_duel", index="two_level")
    rng = np.random.default_rng(0)
    card_steps = 0
    for seed in range(3):
        env.reset(seed=seed)
        for _agent in env.agent_iter(20_000):
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            chosen = observation["observation"][env.table.encoding.layout.offsets["choosing"]:]
            card_steps += int(chosen.sum() > 0)
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert not env.agents
    assert card_steps > 0, "no decision continued a battle choice"


def test_a_wrong_next_step_is_refused_and_changes_nothing() -> None:
    env = bouts.rl.env("fgo_duel", index="two_level")
    env.reset(seed=1)
    for agent in env.agent_iter(20_000):
        observation, _, terminated, truncated, _ = env.last()
        mask = observation["action_mask"]
        legal = env._legal(env._seat_of[agent])
        partial = [i for i, a in legal.items() if a is None]
        if partial and not env._chosen:
            env.step(partial[0])
            assert env.agent_selection == agent and env._chosen == (partial[0],)
            after = env.observe(agent)
            wrong = int(np.flatnonzero(after["action_mask"] == 0)[0])
            with pytest.raises(IllegalAction, match="does not continue the choice"):
                env.step(wrong)
            assert env._chosen == (partial[0],)
            assert np.array_equal(env.observe(agent)["observation"], after["observation"])
            return
        env.step(None if terminated or truncated else int(np.flatnonzero(mask)[0]))
    pytest.fail("no battle reached")


def test_gymnasium_with_the_two_level_index_plays_to_the_end() -> None:
    env = bouts.rl.gym_env("fgo_duel", opponents="random", index="two_level")
    env.reset(seed=4)
    for _ in range(20_000):
        _observation, reward, terminated, truncated, _ = env.step(env.action_space.sample())
        if terminated or truncated:
            assert reward in (0.0, 1.0)
            return
    pytest.fail("the episode did not end")


def test_the_flat_index_is_the_default_everywhere() -> None:
    assert bouts.rl.env("fgo_duel").table.encoding is bouts.game("fgo_duel").encoding(2, {}, None)
