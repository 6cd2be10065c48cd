"""The Gymnasium adapter: registered ids, Gymnasium's own check_env, opponents from agent specs."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import bouts.rl
from bouts.core import IllegalAction
from tests.rl.cases import first_cases


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game_id", sorted({c.game_id for c in first_cases()}))
def test_check_env_passes(game_id: str) -> None:
    """check_env steps an unmasked action after a reset: with illegal="lose" that ends the episode."""
    check_env(gymnasium.make(f"bouts/{game_id}-v0", illegal="lose").unwrapped)


@pytest.mark.parametrize("game_id", sorted({c.game_id for c in first_cases()}))
def test_episode_against_the_heuristic_to_the_end(game_id: str) -> None:
    env = gymnasium.make(f"bouts/{game_id}-v0", opponents="heuristic")
    observation, info = env.reset(seed=1)
    for _ in range(5000):
        assert observation["action_mask"].any()
        observation, reward, terminated, truncated, info = env.step(env.action_space.sample())
        if terminated or truncated:
            assert info["outcome"] or reward == 0.0
            assert reward in (0.0, 1.0)
            return
    pytest.fail("the episode did not end")


def test_illegal_index_raises_by_default_and_changes_nothing() -> None:
    env = bouts.rl.gym_env("swordplay", opponents="random")
    observation, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="is not a legal action"):
        env.step(illegal)
    assert np.array_equal(env.reset(seed=0)[0]["observation"], observation["observation"])


def test_bad_opponent_spec_is_one_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown agent"):
        bouts.rl.gym_env("swordplay", opponents="grandmaster")
