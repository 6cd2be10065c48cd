"""core.chance.shuffle_in_place draws exactly as random.Random.shuffle does (seeded games stay bit for bit)."""

from __future__ import annotations

import random

from bouts.core.chance import shuffle_in_place


def test_the_same_order_and_the_same_generator_state_as_random_shuffle() -> None:
    for seed in range(200):
        for size in (0, 1, 2, 3, 5, 8, 15, 16, 17, 33, 61):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, reference = list(range(size)), list(range(size))
            shuffle_in_place(mine, ours)
            theirs.shuffle(reference)
            assert mine == reference
            assert ours.getstate() == theirs.getstate()


def test_another_generator_shuffles_by_its_own_method() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            x.reverse()

    items: list[object] = [1, 2, 3]
    shuffle_in_place(items, Reversing(0))
    assert items == [3, 2, 1]
