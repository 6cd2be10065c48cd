"""SAO actions and their text forms.

>>> str(Act("reroll", ("0", "3"))), str(Act("finalize")), Act.parse("skill vertical_arc 0 4")
('reroll 0 3', 'finalize', Act(verb='skill', args=('vertical_arc', '0', '4')))
"""

from __future__ import annotations

from dataclasses import dataclass

from bouts.core.chance import Roll, Shuffle


@dataclass(frozen=True, slots=True)
class Act:
    """A player's decision: a verb and its words.

    Verbs: ``partner C`` (① chaining partner), ``exchange C``/``keep`` (character die), ``support V..``
    (a lone Kirito's support dice), ``reroll I..``/``finalize``/``ability C A ..``/``control I V``/
    ``use ITEM C``/``ask_partner``/``back`` (② roll the dice), ``skill S I..``/``done``/
    ``done combined`` (③ Sword Skills), ``yui``/``endure`` (④ counterattack), ``equip C``,
    ``transfer ITEM C``/``finish`` (Clearing a scenario).
    """

    verb: str
    """What is done."""
    args: tuple[str, ...] = ()
    """Its words: character ids, die indices, values."""

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    @classmethod
    def parse(cls, text: str) -> Act:
        """Read a text form."""
        words = text.split()
        return cls(words[0], tuple(words[1:])) if words else cls("")


SaoAction = Act | Roll | Shuffle
"""Any SAO action: a decision, a die roll or a shuffle."""

FINALIZE = Act("finalize")
DONE = Act("done")
