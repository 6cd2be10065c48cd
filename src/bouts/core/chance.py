"""Chance outcomes as actions: die rolls and shuffles.

A random step is a step of its own that the ``CHANCE`` seat takes. A seeded
RNG resolves it in play, and a test or replay can force any outcome by its
text form (``roll 2 2 3``, ``shuffle b/1 a/2 c/1``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any, final

from bouts.core.contract import IllegalAction


@final
class Roll:
    """The result of rolling one or more dice. Treat it as immutable.

    >>> str(Roll((2, 6))), Roll.parse("roll 2 6") == Roll((2, 6)), Roll((2, 6))
    ('roll 2 6', True, Roll(values=(2, 6)))

    A hand-written slots class rather than a frozen dataclass (compiled, a dataclass's generated methods stay
    interpreted); equal, hashed and shown as the dataclass was.
    """

    __slots__ = ("values",)

    def __init__(self, values: tuple[int, ...]) -> None:
        self.values = values
        """The faces rolled, in the order the dice were named."""

    def __eq__(self, other: object) -> bool:
        if type(other) is not Roll:
            return NotImplemented
        assert isinstance(other, Roll)
        return self.values == other.values

    def __hash__(self) -> int:
        return hash((self.values,))

    def __repr__(self) -> str:
        return f"Roll(values={self.values!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Roll, (self.values,))

    def __str__(self) -> str:
        return "roll " + " ".join(map(str, self.values))

    @classmethod
    def parse(cls, text: str) -> Roll:
        """Read ``roll N N ...``."""
        words = text.split()
        if not words or words[0] != "roll" or len(words) < 2:
            raise IllegalAction(f"'{text}' is not a roll (expected e.g. 'roll 3 5')")
        try:
            return Roll(tuple(int(w) for w in words[1:]))
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


@final
class Shuffle:
    """A new order for a pile of cards, top card first. Treat it as immutable (a slots class, as :class:`Roll`).

    >>> str(Shuffle(("b/1", "a/1"))), Shuffle(("a/1",))
    ('shuffle b/1 a/1', Shuffle(order=('a/1',)))
    """

    __slots__ = ("order",)

    def __init__(self, order: tuple[str, ...]) -> None:
        self.order = order
        """Card ids, top of the pile first."""

    def __eq__(self, other: object) -> bool:
        if type(other) is not Shuffle:
            return NotImplemented
        assert isinstance(other, Shuffle)
        return self.order == other.order

    def __hash__(self) -> int:
        return hash((self.order,))

    def __repr__(self) -> str:
        return f"Shuffle(order={self.order!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Shuffle, (self.order,))

    def __str__(self) -> str:
        return "shuffle " + " ".join(self.order)

    @classmethod
    def parse(cls, text: str) -> Shuffle:
        """Read ``shuffle ID ID ...``."""
        words = text.split()
        if not words or words[0] != "shuffle":
            raise IllegalAction(f"'{text}' is not a shuffle (expected 'shuffle ID ID ...')")
        return Shuffle(tuple(words[1:]))

    @staticmethod
    def sample(cards: Sequence[str], rng: random.Random) -> Shuffle:
        """A uniformly random order of ``cards``."""
        order = list(cards)
        rng.shuffle(order)
        return Shuffle(tuple(order))

    def is_permutation_of(self, cards: Sequence[str]) -> bool:
        """Whether this order holds exactly ``cards``."""
        return sorted(self.order) == sorted(cards)


def shuffle_in_place(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same draws, so the same order, bit for bit, from C when compiled.

    :meth:`random.Random.shuffle` is interpreted (``random.py``), one ``_randbelow`` frame per card; this is
    its algorithm written out (Fisher-Yates from the end, each index drawn with ``getrandbits`` of ``n``'s bit
    length and redrawn while ``>= n``, as ``_randbelow_with_getrandbits`` does). Only for an RNG that is
    exactly :class:`random.Random`: any other (a subclass, ``SystemRandom``) shuffles by its own method.
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
