"""Decisions as a verb and its words: the common shape of most games' actions.

>>> Command.parse("move medusa fuyuki_11 medusa/2")
Command(verb='move', args=('medusa', 'fuyuki_11', 'medusa/2'))
>>> str(Command("finalize"))
'finalize'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, ParamSpec, Self, TypeVar, final

from mypy_extensions import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)  # games subclass it (compiled build)
class Command:
    """A decision: a verb and its words; the text form is the words joined by spaces. Treat it as immutable.

    A game subclasses it (``class Act(Command): __slots__ = ()``) to document its verbs. Two commands are
    equal when they are of the same class with the same verb and words; the hash is ``hash((verb, args))``,
    computed once and kept (searches and heuristics key their tables by action).

    It is a hand-written slots class rather than a frozen dataclass: compiled, a dataclass's generated
    ``__init__``, ``__eq__`` and ``__hash__`` stay interpreted (and a frozen one sets each field through
    ``object.__setattr__``), and actions are made and looked up at every step.
    """

    __slots__ = ("_hash", "args", "verb")

    def __init__(self, verb: str, args: tuple[str, ...] = ()) -> None:
        self.verb = verb
        """What is done."""
        self.args = args
        """Its words (ids, indices, values), by verb."""
        self._hash = -1  # not computed yet (hash() never gives -1)

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(verb={self.verb!r}, args={self.args!r})"

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Command)
        return self.verb == other.verb and self.args == other.args

    def __hash__(self) -> int:
        found = self._hash
        if found == -1:
            found = self._hash = hash((self.verb, self.args))
        return found

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.verb, self.args))

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read a text form."""
        words = text.split()
        return cls(words[0], tuple(words[1:])) if words else cls("")


P = ParamSpec("P")
V = TypeVar("V")


@final
class Interned(Generic[P, V]):
    """One shared object per value: ``make(*words)`` is called once per list of words and kept (menus are
    rebuilt every step, so equal actions are then the same object, cheaper to make and to look up). Only for
    frozen values, made from positional words; it is called as ``make`` is (and type-checked so).

    ``defaults`` fill the trailing words a call leaves out, so ``act("keep")`` and ``act("keep", ())`` are one
    object (the key is always complete).

    >>> act = Interned(Command, ())
    >>> act("move", ("a", "b")) is act("move", ("a", "b")), act("keep") is act("keep", ())
    (True, True)
    """

    def __init__(self, make: Callable[P, V], *defaults: object) -> None:
        self._make: Callable[..., V] = make
        self._defaults = defaults
        self._made: dict[tuple[object, ...], V] = {}

    def __call__(self, *words: P.args, **named: P.kwargs) -> V:
        """The shared ``make(*words)``."""
        if named:
            raise TypeError("an interned value is made from positional words only")
        given = len(words)
        defaults = self._defaults
        key = words if given >= len(defaults) + 1 else (*words, *defaults[given - 1:])
        found = self._made.get(key)
        if found is None:
            found = self._made[key] = self._make(*key)
        return found
