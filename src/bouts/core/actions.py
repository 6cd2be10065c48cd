"""Decisions as a verb and its words: the common shape of most games' actions.

>>> Command.parse("move medusa fuyuki_11 medusa/2")
Command(verb='move', args=('medusa', 'fuyuki_11', 'medusa/2'))
>>> str(Command("finalize"))
'finalize'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from mypy_extensions import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)  # games subclass it (compiled build)
@dataclass(frozen=True, slots=True)
class Command:
    """A decision: a verb and its words; the text form is the words joined by spaces.

    A game subclasses it (``class Act(Command): __slots__ = ()``) to document its verbs.
    """

    verb: str
    """What is done."""
    args: tuple[str, ...] = ()
    """Its words (ids, indices, values), by verb."""

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read a text form."""
        words = text.split()
        return cls(words[0], tuple(words[1:])) if words else cls("")
