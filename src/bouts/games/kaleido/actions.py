"""Fate/kaleido grail actions: a verb and its words, with a text form that round-trips.

>>> str(Act("use", ("reinforcement/1",))), str(Act("intervene", ("2", "gem_magic")))
('use reinforcement/1', 'intervene 3 gem_magic')

Verbs: ``master``/``servant`` (set-up), ``lurk``/``act`` (action choice), ``set``/``no_strategy``,
``accumulate``/``no_accumulation``, ``nominate``, ``attack``, ``use`` (a magic card: hand or strategy
card, with a target seat when it names one), ``ability`` (a special ability or special NP), ``intervene``,
``clash`` (at 【防御】), ``guard`` (a defence NP at 【ダメージ決定】), ``counter``, ``pay``, ``retreat``, ``stay``,
``spell`` (command spells: ``draw``, ``retreat``, ``boost``, ``heal``), ``convert`` (HP conversion),
``discard``, ``pass`` (ends one's turn in a window, a step's window included).
"""

from __future__ import annotations

from typing import Final

from bouts.core.actions import Command, Interned
from bouts.core.chance import Shuffle


class Act(Command):
    """A player's decision. Its words hold seat indices from 0; its text form prints seats counted from 1, as the
    table does (``nominate 2`` nominates P2, the seat with index 1)."""

    __slots__ = ()

    def __str__(self) -> str:
        args = list(self.args)
        at = SEAT_WORD.get(self.verb)
        if at is not None and len(args) > at and args[at].isdigit():
            args[at] = str(int(args[at]) + 1)
        return " ".join((self.verb, *args))


SEAT_WORD: Final = {"nominate": 0, "intervene": 0, "use": 1}
"""Verbs naming a seat, and which word does: printed counted from 1 (issue 25)."""


act: Final = Interned(Act, ())
"""``act(verb, args=())``: ``Act(verb, args)``, one shared object per value (menus are rebuilt every step: equal
actions are then the same object, cheaper to make and to look up; an ``Act`` is frozen)."""


KaleidoAction = Act | Shuffle
"""Any kaleido action: a decision or a shuffle."""

PASS: Final = Act("pass")
STAY: Final = Act("stay")
RETREAT: Final = Act("retreat")
LURK: Final = Act("lurk")
NORMAL_ACTION: Final = Act("act")
NO_STRATEGY: Final = Act("no_strategy")
NO_ACCUMULATION: Final = Act("no_accumulation")
CONVERT: Final = Act("convert")
SPELLS: Final = {name: Act("spell", (name,)) for name in ("draw", "retreat", "boost", "heal")}
"""Command spells ① draw 3, ② free retreat, ③ +3/+3 for a battle phase, ④ heal 5 (KAL-145..KAL-153)."""
