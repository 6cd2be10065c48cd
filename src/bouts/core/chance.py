"""Chance outcomes as actions: die rolls and shuffles.

A random step is a step of its own that the ``CHANCE`` seat takes. A seeded
RNG resolves it in play, and a test or replay can force any outcome by its
text form (``roll 2 2 3``, ``shuffle b/1 a/2 c/1``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from bouts.core.contract import IllegalAction


@dataclass(frozen=True, slots=True)
class Roll:
    """The result of rolling one or more dice.

    >>> str(Roll((2, 6))), Roll.parse("roll 2 6") == Roll((2, 6))
    ('roll 2 6', True)
    """

    values: tuple[int, ...]
    """The faces rolled, in the order the dice were named."""

    def __str__(self) -> str:
        return "roll " + " ".join(map(str, self.values))

    @classmethod
    def parse(cls, text: str) -> Roll:
        """Read ``roll N N ...``."""
        words = text.split()
        if not words or words[0] != "roll" or len(words) < 2:
            raise IllegalAction(f"'{text}' is not a roll (expected e.g. 'roll 3 5')")
        try:
            return cls(tuple(int(w) for w in words[1:]))
        except ValueError:
            raise IllegalAction(f"'{text}': die faces must be whole numbers") from None

    @staticmethod
    def outcomes(dice: int, sides: int) -> tuple[Roll, ...]:
        """Every ordered result of ``dice`` dice with ``sides`` faces."""
        faces = range(1, sides + 1)
        return tuple(Roll(v) for v in itertools.product(faces, repeat=dice))

    @staticmethod
    def sample(dice: int, sides: int, rng: random.Random) -> Roll:
        """Roll ``dice`` fair dice."""
        return Roll(tuple(rng.randint(1, sides) for _ in range(dice)))

    def fits(self, dice: int, sides: int) -> bool:
        """Whether this is a possible result of ``dice`` dice with ``sides`` faces."""
        return len(self.values) == dice and all(1 <= v <= sides for v in self.values)


@dataclass(frozen=True, slots=True)
class Shuffle:
    """A new order for a pile of cards, top card first.

    >>> str(Shuffle(("b/1", "a/1")))
    'shuffle b/1 a/1'
    """

    order: tuple[str, ...]
    """Card ids, top of the pile first."""

    def __str__(self) -> str:
        return "shuffle " + " ".join(self.order)

    @classmethod
    def parse(cls, text: str) -> Shuffle:
        """Read ``shuffle ID ID ...``."""
        words = text.split()
        if not words or words[0] != "shuffle":
            raise IllegalAction(f"'{text}' is not a shuffle (expected 'shuffle ID ID ...')")
        return cls(tuple(words[1:]))

    @staticmethod
    def sample(cards: Sequence[str], rng: random.Random) -> Shuffle:
        """A uniformly random order of ``cards``."""
        order = list(cards)
        rng.shuffle(order)
        return Shuffle(tuple(order))

    def is_permutation_of(self, cards: Sequence[str]) -> bool:
        """Whether this order holds exactly ``cards``."""
        return sorted(self.order) == sorted(cards)
