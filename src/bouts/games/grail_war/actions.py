"""Dominate Grail War actions and their text forms.

>>> str(Act("place", "miyama")), str(Act("play", "saber/a01", "up")), str(Act("done"))
('place miyama', 'play saber/a01 up', 'done')
"""

from __future__ import annotations

from dataclasses import dataclass

from bouts.core.actions import Interned
from bouts.core.chance import Shuffle


@dataclass(frozen=True, slots=True)
class Act:
    """A player's decision: ``verb [what] [how]``.

    Verbs: ``place`` (Outpost), ``move``/``stay`` (Move), ``spell`` (command spells: ``mana``, ``power``,
    ``move PLACE``), ``jewel`` (Rin: ``mana``, ``rebuild``), ``next`` (end a command-spell window),
    ``play CARD up|down`` and ``done`` (battle preparation), ``goto PLACE`` and ``target N`` (an effect's
    choice; ``N`` is the seat number the table prints, P1 is 1), ``discard CARD`` (Rin's rebuild),
    ``change``/``keep`` (Shinji's 偽臣の書).
    """

    verb: str
    what: str | None = None
    how: str | None = None

    def __str__(self) -> str:
        return " ".join(p for p in (self.verb, self.what, self.how) if p is not None)


act = Interned(Act, None, None)
"""``act(verb, what=None, how=None)``: ``Act(verb, what, how)``, one shared object per value (menus are rebuilt
every step: equal actions are then the same object, which is cheaper to make and to look up; an ``Act`` is
frozen)."""


GrailAction = Act | Shuffle
"""Any action: a decision or a shuffle (chance)."""

NEXT = Act("next")
DONE = Act("done")
STAY = Act("stay")
