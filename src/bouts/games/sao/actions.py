"""SAO actions and their text forms.

>>> str(Act("reroll", ("0", "3"))), str(Act("finalize")), Act.parse("skill vertical_arc 0 4")
('reroll 0 3', 'finalize', Act(verb='skill', args=('vertical_arc', '0', '4')))
"""

from __future__ import annotations

from bouts.core.actions import Command
from bouts.core.chance import Roll, Shuffle


class Act(Command):
    """A player's decision: a verb and its words.

    Verbs: ``partner C`` (① chaining partner), ``exchange C``/``keep`` (character die), ``support V..``
    (a lone Kirito's support dice), ``reroll I..``/``finalize``/``ability C A ..``/``control I V``/
    ``use ITEM C``/``ask_partner``/``back`` (② roll the dice), ``skill S I..``/``done``/
    ``done combined`` (③ Sword Skills), ``yui``/``endure`` (④ counterattack), ``equip C``,
    ``transfer ITEM C``/``finish`` (Clearing a scenario).

    Its hash is computed once and kept by :class:`~bouts.core.actions.Command` (searches key their trees by
    action).
    """

    __slots__ = ()


SaoAction = Act | Roll | Shuffle
"""Any SAO action: a decision, a die roll or a shuffle."""

_MADE: dict[tuple[str, ...], Act] = {}
"""Every action :func:`act` has built, by its words (the verb first)."""


def act(*words: str) -> Act:
    """The action with these words (verb first), built once and shared: actions are frozen values.

    >>> act("reroll", "0", "2") is act("reroll", "0", "2"), act("reroll", "0", "2") == Act("reroll", ("0", "2"))
    (True, True)
    """
    found = _MADE.get(words)
    if found is None:
        found = _MADE[words] = Act(words[0], words[1:])
    return found


FINALIZE = act("finalize")
DONE = act("done")
DONE_COMBINED = act("done", "combined")
