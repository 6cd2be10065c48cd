"""FGO Duel actions and their text forms.

>>> str(Act("move", ("medusa", "fuyuki_11", "medusa/2")))
'move medusa fuyuki_11 medusa/2'
>>> str(Act("battle", ("artoria/1", "artoria/2", "hassan/3")))
'battle artoria/1 artoria/2 hassan/3'
"""

from __future__ import annotations

from typing import Final

from bouts.core.actions import Command, Interned
from bouts.core.chance import Roll, Shuffle


class Act(Command):
    """A master's decision: ``verb arg arg ...``.

    Verbs: ``pick`` (the status card for the next STATUS slot), ``party`` (all 3 at once, slots 1-3, for
    scripts), ``mulligan``/``keep``, ``skill`` (use a skill card:
    servant [target]), ``pass`` (use no skill), ``move`` (servant, area, card paid), ``battle`` (the
    sealed battle cards), ``remove`` (the trash card removed in a deck rebuild), ``end_move``
    (魔境の智慧: area, card).

    Its hash is computed once and kept by :class:`~bouts.core.actions.Command` (the heuristic and searches key
    tables by action).
    """

    __slots__ = ()


act: Final = Interned(Act, ())
"""``act(verb, args=())``: ``Act(verb, args)``, one shared object per value (menus are rebuilt every step: equal
actions are then the same object, cheaper to make and to look up; an ``Act`` is frozen)."""


FgoAction = Act | Roll | Shuffle
"""Any FGO Duel action: a decision, the first-player roll or a shuffle."""

KEEP: Final = Act("keep")
MULLIGAN: Final = Act("mulligan")
PASS: Final = Act("pass")
