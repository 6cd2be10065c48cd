"""Combat card instances with what play asks of them, and the targets attacks name (a module of its own, so that a
compiled build compiles it; ``cards.py``, pydantic models, cannot be).

The rules read an instance's facts and actions at every step of every playout: compiled, :class:`Instance` is a
native class and those reads are C struct fields (as a class of the interpreted ``cards.py`` each was an
attribute look-up). ``cards.py`` builds one per instance, once per pack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bouts.core.i18n import Message, Text
from bouts.games.swordplay.actions import Act

if TYPE_CHECKING:
    from bouts.games.swordplay.cards import CombatCard, Effect, Location

TARGETS: Final = (*(str(seat + 1) for seat in range(8)), "monster")
"""The text form of every possible attack target by fighter index: the seat number as the table prints it
(counted from 1), or ``monster``."""


def target_index(text: str, monster: int | None) -> int:
    """The fighter index an attack's target text names (``monster``, or a seat counted from 1)."""
    if text == "monster":
        assert monster is not None
        return monster
    return int(text) - 1


class Instance:
    """One combat card instance with what play asks of it, computed once per pack.

    Legal actions and events are built from these on every step of every playout, so the
    card's facts and the instance's actions are looked up here instead of recomputed.
    """

    __slots__ = ("absorb", "attacks", "card", "card_id", "counters", "damage", "defend", "discard", "drop", "effect",
                 "hands", "id", "is_armor", "is_item", "location", "name", "parry", "ready", "shield", "strikes",
                 "type", "where")

    def __init__(self, instance: str, card: CombatCard, where: Message) -> None:
        self.id: str = instance
        """The instance id, ``<card id>/<copy>``."""
        self.card: CombatCard = card
        self.card_id: str = card.id
        """Copies of a card share it: they are interchangeable."""
        self.name: Text = card.name
        self.type: str = card.type
        self.is_item: bool = card.is_item
        self.is_armor: bool = card.type == "armor"
        self.hands: int = card.hands
        self.counters: tuple[Location, ...] = card.counters
        """The card's facts the rules read during play (counters, parry, damage, absorb, effect), as native fields."""
        self.parry: bool = card.parry
        self.damage: int = card.damage
        self.absorb: int = card.absorb
        self.effect: Effect | None = card.effect
        self.strikes: Location = card.strikes
        self.location: str = card.strikes.value
        """The text form of :attr:`strikes`."""
        self.where: Message = where
        """An attack's location as the log names it."""
        self.discard: Act = Act("discard", instance)
        self.ready: Act = Act("ready", instance)
        self.drop: Act = Act("drop", instance)
        self.defend: Act = Act("defend", instance)
        self.shield: Act = Act("shield", instance)
        self.attacks: dict[str, Act] = {target: Act("attack", instance, target) for target in TARGETS} \
            if card.type == "attack" else {}
        """Target text form to the action of attacking it with this instance."""
