"""Swordplay content: Hero, Monster and combat cards (SWP-004) as validated records."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bouts.core.content import Catalogs, ContentError, ContentPack, Entry, PackIndex
from bouts.core.i18n import Message
from bouts.games.swordplay.i18n import M_
from bouts.games.swordplay.instances import TARGETS as TARGETS  # re-exported: moved to the compiled instances.py
from bouts.games.swordplay.instances import Instance
from bouts.games.swordplay.instances import target_index as target_index


class Location(StrEnum):
    """Where an attack strikes (SWP-008); ``dodge_only`` is a special attack with no location."""

    HIGH = "high"
    LOW = "low"
    LEFT = "left"
    RIGHT = "right"
    DODGE_ONLY = "dodge_only"


LOCATION_NAMES: dict[Location, Message] = {
    Location.HIGH: M_("High"), Location.LOW: M_("Low"), Location.LEFT: M_("Left"), Location.RIGHT: M_("Right"),
    Location.DODGE_ONLY: M_("Dodge Only"),
}
"""Each location as the cards print it (translated when shown)."""


LIFE_MAX = 100
"""Most life a Hero or Monster may have: ten times the typical Hero's 10 (SWP-005); more makes a game
that cannot end in any reasonable number of turns."""
DAMAGE_MAX = 10
"""Most damage, bonus or absorption a single number may give: the typical Hero deals 1 (SWP-005) and the
rulebook's items add 1-3 (SWP-016)."""
COPIES_MAX = 20
"""Most copies of one card in the combat deck: the printed deck holds a handful of each (SWP-004)."""
HANDS_MAX = 4
"""Most hands a Hero or Monster may have: a typical Hero has 2 (SWP-005)."""


class HeroCard(Entry):
    """A Hero card (SWP-005, SWP-006): a typical Hero has 10 life, base damage 1, 2 hands."""

    life: int = Field(10, ge=1, le=LIFE_MAX)
    base_damage: int = Field(1, ge=0, le=DAMAGE_MAX)
    hands: int = Field(2, ge=0, le=HANDS_MAX)


class MonsterDefense(BaseModel):
    """A Monster card's d10 Defense values (SWP-060)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    high: int = Field(ge=1, le=11)
    low: int = Field(ge=1, le=11)
    left: int = Field(ge=1, le=11)
    right: int = Field(ge=1, le=11)
    dodge_only: int = Field(ge=1, le=11)


class MonsterCard(Entry):
    """A Monster card (SWP-059, SWP-060): Life, Base Damage, Armor, Defense values, hands (SWP-RUL-27)."""

    life: int = Field(ge=1, le=LIFE_MAX)
    base_damage: int = Field(ge=0, le=DAMAGE_MAX)
    armor: int = Field(0, ge=0, le=DAMAGE_MAX)
    hands: int = Field(0, ge=0, le=HANDS_MAX)
    defense: MonsterDefense


Effect = Literal["armor_piercing", "disarm"]
"""Card behaviour ids: ``armor_piercing`` (damage skips Armor), ``disarm`` (a hit knocks away a Weapon)."""


class CombatCard(Entry):
    """An Attack, Defense or Item card of the combat deck (SWP-007..SWP-023)."""

    type: Literal["attack", "defense", "weapon", "armor", "shield"]
    count: int = Field(1, ge=1, le=COPIES_MAX, description="copies in the combat deck")
    location: Location | None = None
    """Attack: the location struck; ``None`` or ``dodge_only`` is a special attack (SWP-RUL-12)."""
    bonus: int = Field(0, ge=0, le=DAMAGE_MAX)
    """Attack: damage bonus."""
    counters: tuple[Location, ...] = ()
    """Defense: locations it counters (Dodge lists every location and ``dodge_only``)."""
    parry: bool = False
    """Defense: a parry defense, limited by Realistic Parries (SWP-072)."""
    damage: int = Field(0, ge=0, le=DAMAGE_MAX)
    """Weapon: damage added to every attack (SWP-016)."""
    hands: int = Field(0, ge=0, le=2)
    """Weapon or Shield: hands needed (SWP-043)."""
    absorb: int = Field(0, ge=0, le=2 * DAMAGE_MAX)
    """Armor: damage it absorbs before it is discarded (SWP-020)."""
    uses: int = Field(0, ge=0, le=DAMAGE_MAX)
    """Shield: attacks it counters before it is discarded (SWP-023)."""
    effect: Effect | None = None
    """Special rules on the card, by effect id."""

    @model_validator(mode="after")
    def _fits_type(self) -> CombatCard:
        t = self.type
        if t == "attack" and self.counters:
            raise ValueError("an attack card has no 'counters'")
        if t == "defense" and not self.counters:
            raise ValueError("a defense card needs 'counters' (the locations it defends)")
        if t in ("weapon", "shield") and self.hands not in (1, 2):
            raise ValueError(f"a {t} needs 'hands' = 1 or 2")
        if t == "armor" and self.absorb < 1:
            raise ValueError("an armor card needs 'absorb' >= 1")
        if t == "shield" and self.uses < 1:
            raise ValueError("a shield card needs 'uses' >= 1")
        return self

    @property
    def strikes(self) -> Location:
        """The location an attack strikes; no location means Dodge Only (SWP-RUL-12)."""
        return self.location or Location.DODGE_ONLY

    @property
    def is_item(self) -> bool:
        """Whether the card is an Item (Weapon, Armor or Shield; SWP-014)."""
        return self.type in ("weapon", "armor", "shield")


SCHEMA: dict[str, type[Entry]] = {"hero": HeroCard, "monster": MonsterCard, "card": CombatCard}
REFERENCE = Path(__file__).parent / "content"


@dataclass(frozen=True, eq=False)
class Catalog(PackIndex):
    """The cards of a pack, indexed for play: combat card instances are ``<card id>/<copy>``."""

    heroes: dict[str, HeroCard]
    monsters: dict[str, MonsterCard]
    cards: dict[str, CombatCard]
    """Every combat card instance id to its card."""
    deck: tuple[str, ...]
    """Every combat card instance id, in pack order (the unshuffled combat deck, SWP-RUL-05)."""
    instances: dict[str, Instance]
    """Every combat card instance id to its play-ready record."""

    def card(self, instance: str) -> CombatCard:
        """The card of an instance id."""
        return self.cards[instance]


_INDEXED: dict[tuple[str, str | None], Catalog] = {}
"""Catalogues by pack id and directory: a pack is indexed once however often a match is set up with it."""


def catalog_of(pack: ContentPack) -> Catalog:
    """Index a loaded pack (once per pack id)."""
    key = (pack.id, pack.path)
    known = _INDEXED.get(key)
    if known is not None:
        return known
    heroes = {h.id: h for h in pack.entries("hero", HeroCard)}
    monsters = {m.id: m for m in pack.entries("monster", MonsterCard)}
    cards: dict[str, CombatCard] = {}
    for card in pack.entries("card", CombatCard):
        if "/" in card.id:
            raise ContentError(f"card id '{card.id}' may not contain '/'")
        for copy in range(1, card.count + 1):
            cards[f"{card.id}/{copy}"] = card
    if not heroes:
        raise ContentError("the pack has no [[hero]] entries")
    if not cards:
        raise ContentError("the pack has no combat [[card]] entries")
    if not any(card.type == "attack" for card in cards.values()):
        raise ContentError("the combat deck has no attack card: no Hero could ever deal damage, "
                           "so no game could end (SWP-007)")
    instances = {instance: Instance(instance, card, LOCATION_NAMES[card.strikes])
                 for instance, card in cards.items()}
    catalog = _INDEXED[key] = Catalog(pack, heroes, monsters, cards, tuple(cards), instances)
    return catalog


CATALOGS = Catalogs("swordplay", SCHEMA, REFERENCE, catalog_of, Catalog)
"""The reference pack and user packs, indexed for play."""
reference_catalog = CATALOGS.reference
load_catalog = CATALOGS.load
