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


_BITS: Final[dict[str, int]] = {}
"""A bit of its own for every combat card id seen (:attr:`Instance.bit`), the same for every copy and pack."""


def card_bit(card_id: str) -> int:
    """The bit of ``card_id``: a menu keeps the card ids it has listed as the sum of their bits (an ``int``,
    compiled a C integer) instead of a set of strings."""
    bit = _BITS.get(card_id)
    if bit is None:
        bit = _BITS[card_id] = 1 << len(_BITS)
    return bit


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

    __slots__ = ("absorb", "attacks", "bit", "bonus", "card", "card_id", "counters", "damage", "defend", "discard",
                 "drop", "effect", "hands", "id", "is_armor", "is_defense", "is_item", "location", "name", "parry",
                 "ready", "shield", "strikes", "type", "uses", "where")

    def __init__(self, instance: str, card: CombatCard, where: Message) -> None:
        self.id: str = instance
        """The instance id, ``<card id>/<copy>``."""
        self.card: CombatCard = card
        self.card_id: str = card.id
        """Copies of a card share it: they are interchangeable."""
        self.bit: int = card_bit(card.id)
        """The card id's bit (:func:`card_bit`): copies share it too."""
        self.name: Text = card.name
        self.type: str = card.type
        self.is_item: bool = card.is_item
        self.is_armor: bool = card.type == "armor"
        self.is_defense: bool = card.type == "defense"
        self.hands: int = card.hands
        self.counters: tuple[Location, ...] = card.counters
        """The card's facts the rules read during play (counters, parry, damage, absorb, effect), as native fields."""
        self.parry: bool = card.parry
        self.damage: int = card.damage
        self.bonus: int = card.bonus
        self.absorb: int = card.absorb
        self.uses: int = card.uses
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
