"""Swordplay actions and their text forms.

>>> str(Act("attack", "attack_high/1", "1")), str(Act("take"))
('attack attack_high/1 1', 'take')
"""

from __future__ import annotations

from typing import Any, Final

from bouts.core.chance import Roll, Shuffle


class Act:
    """A player's decision: ``verb [card] [target]``. Treat it as immutable.

    Verbs: ``hero`` (select a Hero), ``discard``/``keep`` (Discard phase), ``drop``/``ready``/``pass``
    (Ready phase), ``attack``/``end`` (Combat phase), ``defend``/``shield``/``take`` (countering).

    A hand-written slots class with the frozen dataclass's ``__init__``, ``__eq__``, ``__hash__`` and ``__repr__``
    (it was one): a compiled build compiles this module, and the compiled rules read an action's words as C
    struct fields (a dataclass's generated methods stay interpreted, and mypyc cannot compile a
    ``slots=True`` dataclass).
    """

    __slots__ = ("card", "target", "verb")

    def __init__(self, verb: str, card: str | None = None, target: str | None = None) -> None:
        self.verb = verb
        """What is done."""
        self.card = card
        """The card instance (or Hero id) it concerns."""
        self.target = target
        """The target of an attack: a seat number, or ``monster``."""

    def _fields(self) -> tuple[str, str | None, str | None]:
        return (self.verb, self.card, self.target)

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Act)
        return self.verb == other.verb and self.card == other.card and self.target == other.target

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(verb={self.verb!r}, card={self.card!r}, target={self.target!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._fields())

    def __str__(self) -> str:
        return " ".join(part for part in (self.verb, self.card, self.target) if part is not None)


SwordplayAction = Act | Roll | Shuffle
"""Any Swordplay action: a decision, a die roll or a shuffle."""

TAKE: Final = Act("take")
KEEP: Final = Act("keep")
PASS: Final = Act("pass")
END: Final = Act("end")
