"""Gymnasium's vector environments over the bouts Gymnasium env: SyncVectorEnv and AsyncVectorEnv.

Each sub-environment is a whole bouts match against random opponents; the batch steps with each
environment's own legal mask, finished matches reset themselves (Gymnasium's next-step autoreset, which
ignores the action given to an environment that has just finished), and the observations, masks, rewards
and outcomes come back batched. The async run uses real worker processes (fork and spawn).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv

import bouts.rl
from tests.rl.cases import first_cases

ENVS = 3


def masked_actions(observations: dict[str, np.ndarray], rng: np.random.Generator) -> np.ndarray:
    """One legal index per environment (0 for an environment whose match just ended: it resets instead)."""
    actions = []
    for mask in observations["action_mask"]:
        legal = np.flatnonzero(mask)
        actions.append(int(rng.choice(legal)) if len(legal) else 0)
    return np.asarray(actions)


def run(vector: Any, steps: int, seed: int = 0) -> tuple[int, list[float]]:
    """Step a vector env with legal actions; (matches finished, their rewards)."""
    rng = np.random.default_rng(seed)
    observations, infos = vector.reset(seed=seed)
    size = vector.unwrapped.get_attr("table")[0].encoding.observation_size if hasattr(vector, "get_attr") else None
    assert observations["observation"].shape[0] == ENVS
    if size is not None:
        assert observations["observation"].shape == (ENVS, size)
    assert observations["action_mask"].dtype == np.int8 and observations["action_mask"].any(axis=1).all()
    finished: list[float] = []
    for _ in range(steps):
        observations, rewards, terminated, truncated, infos = vector.step(masked_actions(observations, rng))
        assert observations["observation"].dtype == np.float32
        for i in np.flatnonzero(terminated | truncated):
            finished.append(float(rewards[i]))
            if rewards[i]:  # a win: the outcome came back batched, naming the winners
                assert infos["outcome"]["_winners"][i] and len(infos["outcome"]["winners"][i]) >= 1
    return len(finished), finished


def make(game_id: str) -> gymnasium.Env[Any, Any]:
    return gymnasium.make(f"bouts/{game_id}-v0", opponents="random")


@pytest.mark.parametrize("game_id", sorted({c.game_id for c in first_cases()}))
def test_sync_vector_env_plays_whole_matches(game_id: str) -> None:
    vector = SyncVectorEnv([partial(make, game_id) for _ in range(ENVS)])
    try:
        done, rewards = run(vector, 400)
    finally:
        vector.close()
    assert done >= 1, f"no {game_id} match finished in 400 batched steps"
    assert all(r in (0.0, 1.0) for r in rewards)


def test_sync_vector_env_is_reproducible_from_its_seed() -> None:
    results = []
    for _ in range(2):
        vector = SyncVectorEnv([partial(make, "swordplay") for _ in range(ENVS)])
        observations, _ = vector.reset(seed=7)
        rng = np.random.default_rng(0)
        trace = [observations["observation"].copy()]
        for _ in range(50):
            observations, *_ = vector.step(masked_actions(observations, rng))
            trace.append(observations["observation"].copy())
        vector.close()
        results.append(np.stack(trace))
    assert np.array_equal(results[0], results[1])


@pytest.mark.parametrize("context", ["fork", "spawn"])
def test_async_vector_env_plays_whole_matches_in_worker_processes(context: str) -> None:
    # the entry point "bouts.rl:bouts/<id>-v0" imports bouts.rl in a spawned worker, which registers the ids
    vector = AsyncVectorEnv([partial(gymnasium.make, "bouts.rl:bouts/swordplay-v0", opponents="random")
                             for _ in range(ENVS)], context=context)
    try:
        done, rewards = run(vector, 300)
        assert len(set(vector.get_attr("seat"))) == 1
    finally:
        vector.close()
    assert done >= 1 and all(r in (0.0, 1.0) for r in rewards)


def test_async_and_sync_vector_envs_agree() -> None:
    """The same seeds and actions give the same batches in worker processes as in this one."""
    traces = []
    for kind in (SyncVectorEnv, AsyncVectorEnv):
        vector = kind([partial(make, "kaleido") for _ in range(ENVS)])
        observations, _ = vector.reset(seed=3)
        rng = np.random.default_rng(1)
        trace = [observations["observation"].copy()]
        for _ in range(40):
            observations, rewards, *_ = vector.step(masked_actions(observations, rng))
            trace.append(np.concatenate([observations["observation"].ravel(), rewards]))
        vector.close()
        traces.append(trace)
    assert all(np.array_equal(a, b) for a, b in zip(*traces, strict=True))


def test_make_vec_registers_bouts_envs() -> None:
    assert "bouts/swordplay-v0" in gymnasium.registry
    vector = gymnasium.make_vec("bouts/swordplay-v0", num_envs=2, vectorization_mode="sync",
                                opponents="random")
    try:
        observations, _ = vector.reset(seed=0)
        assert observations["action_mask"].shape == (2, bouts.rl.Table("swordplay").encoding.num_actions)
    finally:
        vector.close()
