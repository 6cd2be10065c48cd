"""Dominate Grail War content: masters, servants, cards, situations and events as validated records.

Every entry records ``source`` (a fact from ``facts/grail_war.md`` or the rulebook) or ``stand_in = true``
with a one-line ``reason``. Card behaviour lives in Python (:mod:`bouts.games.grail_war.effects`), keyed by
the entry's ``effect`` id.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from bouts.core.content import Catalogs, ContentError, ContentPack, Entry, LocalText, PackIndex

Attribute = Literal["strength", "agility", "magic", "noble", "special"]
"""Card attributes (DGW-014): 筋力, 敏捷, 魔術, 宝 (Noble Phantasm) and 特 (special)."""


Timing = Literal["use", "clash", "constant", "residual"]
"""When an effect works: 使用時 (on use), 対決時 (on clash), 常時 (constant), 残留 (residual)."""

Ability = Literal["immature", "projection", "avalon", "absolute_order", "jewel_magecraft", "engraved_fate",
                  "hidden_secret", "symbol_of_everyday", "masterpiece", "holy_grail", "mana_drain", "false_book",
                  "clown", "tranquility", "snake_fist", "integrity", "overseer", "executor"]
"""The master abilities the rules know (:mod:`masters` and the modules that read them; 未熟, 最高傑作 and
暗殺拳「蛇」 are the board's initial mana and the 蛇 cards, data)."""

SituationEffect = Literal["attr_plus", "np_prohibited", "special_prohibited", "recon_plus", "workshop_plus",
                          "contested_plus"]
"""The situation cards' extra rules the engine knows (DGW-010)."""

EventEffect = Literal["attr_plus", "set_base", "add_event", "no_land", "contested_plus"]
"""The event cards' extra rules the engine knows (DGW-011)."""

NEEDS = {"attr_plus": ("attribute", "amount"), "set_base": ("attribute",), "recon_plus": ("amount",),
         "workshop_plus": ("amount",), "contested_plus": ("amount",)}
"""What a situation's or an event's extra rule needs besides its keyword."""


def _needs(entry: object, effect: str | None, needs: dict[str, tuple[str, ...]]) -> None:
    """Refuse an effect without the fields its rule reads (it would do nothing)."""
    for name in needs.get(effect or "", ()):
        if not getattr(entry, name):
            raise ValueError(f"effect '{effect}' needs {'an' if name[0] in 'aeiou' else 'a'} '{name}'")


class GrailEntry(Entry):
    """An entry that says why it stands in, when it does."""

    reason: str = ""
    """For a stand-in: one line saying why (the real value is not public)."""

    @model_validator(mode="after")
    def _stand_in_has_reason(self) -> GrailEntry:
        if self.stand_in and not self.reason:
            raise ValueError("a stand-in needs a one-line 'reason'")
        return self


class Master(GrailEntry):
    """A master board (DGW-025): the master's abilities, by ability id (see :mod:`masters`)."""

    abilities: tuple[Ability, ...] = ()
    """Ability ids, e.g. ``avalon`` (全て遠き理想郷)."""
    ability_text: tuple[LocalText, ...] = ()
    """Each ability's name and text, for the screen."""
    command_spells: int = Field(3, ge=0, le=3)
    """Command spells at game start (DGW-028, DGW-RUL-03; Rin's 絶対服従の命令 takes one away)."""
    jewels: int = Field(0, ge=0, le=10)
    """Jewel tokens at game start (Rin's 宝石魔術)."""
    seven_only: bool = False
    """Chosen at the start only in a 7-player game (Sakura, DGW-026)."""


class MasterBoard(GrailEntry):
    """The 「初期値」 mark of a master's mana track (DGW-027)."""

    initial_mana: int = Field(ge=0, le=12)


class Servant(GrailEntry):
    """A servant tarot (DGW-017): its true name and its 3 NP/skill cards."""

    np_cards: tuple[str, str, str]
    """The three NP/skill card ids (DGW-012)."""
    title: str = ""
    """English name."""


class Card(GrailEntry):
    """Common fields of every card (DGW-013..DGW-016)."""

    power: int = Field(ge=0, le=20)
    """Base power (基本パワー)."""
    attributes: tuple[Attribute, ...] = ()
    """Attributes (属性); a card may have two or more (DGW-014)."""
    cost: int = Field(ge=0, le=16)
    """Mana cost (消費魔力)."""
    effect: str | None = None
    """Effect id (see :mod:`effects`)."""
    timing: Timing | None = None
    """When the effect works."""
    amount: int = Field(0, ge=0, le=12)
    """A number the effect uses."""
    target: Attribute | None = None
    """The attribute an effect is aimed at (風王結界: 筋力)."""

    @field_validator("effect")
    @classmethod
    def _known_effect(cls, effect: str | None) -> str | None:
        from bouts.games.grail_war.effects import CARD_EFFECTS  # the rules, loaded by the time content is
        if effect is not None and effect not in CARD_EFFECTS:
            raise ValueError(f"unknown effect '{effect}' (the rules know: {', '.join(sorted(CARD_EFFECTS))})")
        return effect

    @model_validator(mode="after")
    def _effect_has_its_fields(self) -> Card:
        from bouts.games.grail_war.effects import EFFECT_NEEDS
        _needs(self, self.effect, EFFECT_NEEDS)
        return self


class AttackCard(Card):
    """An attack card of a servant deck (DGW-012); ``shared`` cards are in every servant deck."""

    servant: str | None = None
    """The servant whose deck holds it; ``None`` with ``shared``."""
    shared: bool = False
    """One copy in every servant deck (遠隔操作, 急行, 幸運)."""
    count: int = Field(1, ge=1, le=12)


class NPCard(Card):
    """An NP/skill card (宝具/スキルカード, DGW-080..DGW-082)."""

    servant: str
    true_name_release: bool = False
    """【真名解放】: using it turns the servant tarot face up (DGW-073)."""
    once_per_game: bool = False
    """<1ゲーム1回制限> (DGW-082)."""
    cost_per_round: int = Field(0, ge=0, le=4)
    """Cost goes down by this much each round (陣地作成: 16 - 2 x round)."""
    any_mana: bool = False
    """Usable below mana 8 (一の太刀)."""
    additional: bool = False
    """May be used additionally, beyond the card count (三の太刀, under its condition)."""


class SpecialCard(Card):
    """A master's special card (特殊カード, DGW-G02..G07)."""

    master: str
    count: int = Field(1, ge=1, le=2)
    at_hand: bool = True
    """Kept at hand and back after the round (干将・莫耶, ガンド); else shuffled into the deck (蛇)."""
    ability: Literal["projection", "jewel_magecraft"] | None = None
    """For a card kept at hand: the master's ability that lets it be used additionally (投影: with mana 8+;
    宝石魔術: for 1 jewel)."""

    @model_validator(mode="after")
    def _at_hand_has_an_ability(self) -> SpecialCard:
        if self.at_hand and self.ability is None:
            raise ValueError("a special card kept at hand needs the 'ability' that lets it be used")
        return self


class Situation(GrailEntry):
    """A situation card (DGW-009, DGW-010): supply and an extra rule."""

    kind: Literal["regular", "climax"] = "regular"
    remaining: int = Field(0, ge=0, le=4)
    """Climax cards: 4 (残り4人以上), 3 or 2 players remaining."""
    casual: bool = False
    """One of the 4 regular cards the Casual rules shuffle (DGW-113)."""
    casual_reason: str = ""
    """Why this card is one of the 4 (the rulebook's list is missing from the text: a stand-in choice)."""
    supply: int = Field(0, ge=0, le=6)
    effect: SituationEffect | None = None
    attribute: Attribute | None = None
    amount: int = Field(0, ge=0, le=6)

    @model_validator(mode="after")
    def _effect_has_its_fields(self) -> Situation:
        _needs(self, self.effect, NEEDS)
        if self.casual and self.kind != "regular":
            raise ValueError("only a regular situation card can be one of the Casual rules' 4")
        if self.casual and not (self.source or self.casual_reason):
            raise ValueError("say why this card is one of the Casual 4 ('casual_reason') or cite a 'source'")
        return self


class EventCard(GrailEntry):
    """An event card (DGW-011): spoils for the battlefield's winner and an extra rule there."""

    spoils: int = Field(ge=0, le=6)
    effect: EventEffect | None = None
    attribute: Attribute | None = None
    amount: int = Field(0, ge=0, le=6)

    @model_validator(mode="after")
    def _effect_has_its_fields(self) -> EventCard:
        _needs(self, self.effect, {**NEEDS, "set_base": ("attribute",)})
        return self


SCHEMA: dict[str, type[Entry]] = {
    "master": Master, "master_board": MasterBoard, "servant": Servant, "attack": AttackCard,
    "np": NPCard, "special": SpecialCard, "situation": Situation, "event": EventCard,
}
REFERENCE = Path(__file__).parent / "content"

AnyCard = AttackCard | NPCard | SpecialCard


@dataclass(frozen=True, eq=False)
class Catalog(PackIndex):
    """A pack indexed for play.

    Card instances keep their entry's id (``<card id>/<copy>`` for copies). A card that several servant decks
    hold (遠隔操作, 急行, 幸運) is one id in all of them, so playing it names no deck (DGW-017): each master
    holds one servant deck, so ids are unique within a master's cards.
    """

    masters: dict[str, Master]
    initial_mana: dict[str, int]
    servants: dict[str, Servant]
    cards: dict[str, AnyCard]
    """Every card instance id to its card."""
    decks: dict[str, tuple[str, ...]]
    """Each servant's 12 attack card instances (DGW-023)."""
    specials: dict[str, tuple[str, ...]]
    """Each master's special card instances."""
    situations: dict[str, Situation]
    events: dict[str, EventCard]
    owner: dict[str, str]
    """Attack card instance to its servant, for the cards of one servant's deck only: a card that several
    decks hold has no owner (using it face up reveals nothing)."""

    def regular_situations(self) -> list[str]:
        """The 10 regular situation cards (DGW-020)."""
        return [s.id for s in self.situations.values() if s.kind == "regular"]

    def casual_situations(self) -> list[str]:
        """The 4 situation cards of the Casual rules, from the 10 regular ones (DGW-113)."""
        return [s.id for s in self.situations.values() if s.casual]

    def climax(self, remaining: int) -> str:
        """The climax card for ``remaining`` players (4 or more → 残り4人以上, DGW-RUL-39)."""
        wanted = min(4, remaining)
        for s in self.situations.values():
            if s.kind == "climax" and s.remaining == wanted:
                return s.id
        raise ContentError(f"no climax situation card for {wanted} players remaining")


_INDEXED: dict[tuple[str, str | None], Catalog] = {}
"""Catalogues by pack id and directory: a pack is indexed once however often a game is set up with it."""


def catalog_of(pack: ContentPack) -> Catalog:
    """Index a loaded pack (once per pack), checking the cross references the schema cannot."""
    key = (pack.id, pack.path)
    known = _INDEXED.get(key)
    if known is not None:
        return known
    _INDEXED[key] = catalog = _index(pack)
    return catalog


MIN_SEATS = 3
"""Dominate Grail War's fewest players (DGW-001): a pack must seat at least this many."""


def _playable(masters: dict[str, Master], servants: dict[str, Servant], situations: dict[str, Situation],
              events: dict[str, EventCard]) -> None:
    """Refuse a pack that cannot make a legal game: too few masters or servants for 3 players (each master
    a different one, DGW-025, DGW-029), fewer than 10 situation cards for the deck of 8 (DGW-020), fewer
    than 4 Casual situation cards (DGW-113), a missing climax card for 4+, 3 or 2 masters left (DGW-103,
    DGW-RUL-39), no event card (DGW-019)."""
    if len([m for m in masters.values() if not m.seven_only]) < MIN_SEATS:
        raise ContentError(f"the pack needs at least {MIN_SEATS} masters playable below 7 players (DGW-025)")
    if len(servants) < MIN_SEATS:
        raise ContentError(f"the pack needs at least {MIN_SEATS} servants, one per master (DGW-029)")
    kinds = [s.kind for s in situations.values()]
    if kinds.count("regular") < 10:
        raise ContentError("the pack needs at least 10 regular situation cards: 8 drawn from 10 (DGW-020)")
    if sum(1 for s in situations.values() if s.casual) != 4:
        raise ContentError("the pack needs exactly 4 Casual situation cards, regular ones marked casual = true "
                           "(DGW-113)")
    for left in (4, 3, 2):
        if not any(s.kind == "climax" and s.remaining == left for s in situations.values()):
            raise ContentError(f"the pack has no climax situation card for {left}{'+' if left == 4 else ''} "
                               "masters left (DGW-RUL-39)")
    if not events:
        raise ContentError("the pack has no [[event]] cards (DGW-019)")


def _one_entry_per_id(pack: ContentPack) -> None:
    """An id names one entry: two sections sharing it would merge (an attack card renamed ``excalibur`` would
    become the NP/skill card in the card table). A [[master_board]] takes its master's id."""
    seen: dict[str, str] = {}
    for section, entries in pack.sections.items():
        for entry in entries:
            if section == "master_board":
                continue
            if entry.id in seen and seen[entry.id] != section:
                raise ContentError(f"id '{entry.id}' names entries in [[{seen[entry.id]}]] and [[{section}]]: "
                                   "give each entry its own id")
            seen[entry.id] = section


def _index(pack: ContentPack) -> Catalog:
    _one_entry_per_id(pack)
    masters = {m.id: m for m in pack.entries("master", Master)}
    boards = {b.id: b.initial_mana for b in pack.entries("master_board", MasterBoard)}
    servants = {s.id: s for s in pack.entries("servant", Servant)}
    cards: dict[str, AnyCard] = {}
    decks: dict[str, list[str]] = {s: [] for s in servants}
    owner: dict[str, str] = {}
    shared = [a for a in pack.entries("attack", AttackCard) if a.shared]
    for card in pack.entries("attack", AttackCard):
        if card.shared:
            continue
        if card.servant not in servants:
            raise ContentError(f"attack card '{card.id}': unknown servant '{card.servant}'")
    for servant in servants:
        own = [a for a in pack.entries("attack", AttackCard) if a.servant == servant]
        for card in [*shared, *own]:
            for copy in range(1, card.count + 1):
                instance = card.id + (f"/{copy}" if card.count > 1 else "")
                cards[instance] = card
                decks[servant].append(instance)
                if not card.shared:
                    owner[instance] = servant
        if len(decks[servant]) != 12:
            raise ContentError(f"servant '{servant}' has {len(decks[servant])} attack cards, not 12 (DGW-012)")
    nps = {n.id: n for n in pack.entries("np", NPCard)}
    for tarot in servants.values():
        for np in tarot.np_cards:
            if np not in nps or nps[np].servant != tarot.id:
                raise ContentError(f"servant '{tarot.id}': NP/skill card '{np}' is not one of its [[np]] cards")
    cards.update(nps)
    specials: dict[str, list[str]] = {m: [] for m in masters}
    for special in pack.entries("special", SpecialCard):
        if special.master not in masters:
            raise ContentError(f"special card '{special.id}': unknown master '{special.master}'")
        if special.ability is not None and special.ability not in masters[special.master].abilities:
            raise ContentError(f"special card '{special.id}': its master '{special.master}' has no ability "
                               f"'{special.ability}' to use it")
        for copy in range(1, special.count + 1):
            instance = special.id + (f"/{copy}" if special.count > 1 else "")
            cards[instance] = special
            specials[special.master].append(instance)
    for master in masters:
        if master not in boards:
            raise ContentError(f"master '{master}' has no [[master_board]] (initial mana)")
    situations = {s.id: s for s in pack.entries("situation", Situation)}
    events = {e.id: e for e in pack.entries("event", EventCard)}
    _playable(masters, servants, situations, events)
    return Catalog(pack, masters, boards, servants, cards, {k: tuple(v) for k, v in decks.items()},
                   {k: tuple(v) for k, v in specials.items()}, situations, events, owner)


CATALOGS = Catalogs("grail_war", SCHEMA, REFERENCE, catalog_of, Catalog)
"""The reference pack and user packs, indexed for play."""
