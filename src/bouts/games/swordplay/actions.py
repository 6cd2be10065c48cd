"""Swordplay actions and their text forms.

>>> str(Act("attack", "attack_high/1", "1")), str(Act("take"))
('attack attack_high/1 1', 'take')
"""

from __future__ import annotations

from dataclasses import dataclass

from bouts.core.chance import Roll, Shuffle


@dataclass(frozen=True, slots=True)
class Act:
    """A player's decision: ``verb [card] [target]``.

    Verbs: ``hero`` (select a Hero), ``discard``/``keep`` (Discard phase), ``drop``/``ready``/``pass``
    (Ready phase), ``attack``/``end`` (Combat phase), ``defend``/``shield``/``take`` (countering).
    """

    verb: str
    """What is done."""
    card: str | None = None
    """The card instance (or Hero id) it concerns."""
    target: str | None = None
    """The target of an attack: a seat number, or ``monster``."""

    def __str__(self) -> str:
        return " ".join(part for part in (self.verb, self.card, self.target) if part is not None)


SwordplayAction = Act | Roll | Shuffle
"""Any Swordplay action: a decision, a die roll or a shuffle."""

TAKE = Act("take")
KEEP = Act("keep")
PASS = Act("pass")
END = Act("end")
