"""The adapters' legal-action mask: an int8 array whose ``nonzero`` is numpy's, vectorised (bouts.rl.mask)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from bouts.rl import env
from bouts.rl.mask import ActionMask, new_mask


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int64, np.float32, np.bool_])
def test_nonzero_finds_what_numpys_own_finds_for_any_values_and_shapes(dtype: type) -> None:
    rng = np.random.default_rng(7)
    for shape in [(0,), (1,), (38_513,), (3, 5), (2, 3, 4)]:
        plain: np.ndarray[Any, Any] = (rng.integers(-2, 3, size=shape) * (rng.random(shape) < 0.2)).astype(dtype)
        mask = plain.view(ActionMask)
        for got, want in zip(mask.nonzero(), plain.nonzero(), strict=True):
            assert np.array_equal(got, want)
        assert np.array_equal(np.flatnonzero(mask), np.flatnonzero(plain))
        assert np.array_equal(np.argwhere(mask), np.argwhere(plain))


def test_a_new_mask_is_an_all_zero_int8_array() -> None:
    mask = new_mask(9)
    assert mask.dtype == np.int8 and mask.shape == (9,) and not mask.any()
    assert isinstance(mask, np.ndarray) and np.flatnonzero(mask).size == 0


def test_the_fgo_flat_mask_marks_exactly_the_legal_indices_and_fits_its_space() -> None:
    aec = env("fgo_duel", seats=2)
    aec.reset(seed=3)
    checked = 0
    for agent in aec.agent_iter(max_iter=60):
        observation, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        mask = observation["action_mask"]
        assert isinstance(mask, ActionMask) and mask.dtype == np.int8
        assert aec.observation_space(agent)["action_mask"].contains(mask)
        legal = sorted(aec.table.encoding.indexed(aec.state, aec._seat_of[agent]))
        assert np.flatnonzero(mask).tolist() == legal == np.flatnonzero(mask.view(np.ndarray)).tolist()
        aec.step(legal[len(legal) // 2])
        checked += 1
    assert checked > 20
