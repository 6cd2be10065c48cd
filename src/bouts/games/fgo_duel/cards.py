"""FGO Duel content: servants (status card + 5 command cards), skill cards and maps (FGO-003..FGO-009).

Command card instances are named ``<servant id>/<n>`` (n = 1..5); each master owns
one copy of each of their servants' cards, so the ids are unique within a master.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from bouts.core.content import Catalogs, ContentError, ContentPack, Entry, LocalText, PackIndex, is_id
from bouts.core.i18n import Text, bilingual
from bouts.games.fgo_duel.actions import Act
from bouts.games.fgo_duel.i18n import N_


class CardType(StrEnum):
    """The three command card types (FGO-006); Brave is a chain, not a type."""

    QUICK = "quick"
    ARTS = "arts"
    BUSTER = "buster"


POWER_MAX = 20
"""Most power a command card, or a skill's bonus or NP cost, may have: the printed cards run 2 to 5."""
COST_MAX = 20
"""Most party cost one servant may have: the printed servants cost 2 to 5 against a cap of 11 (FGO-012)."""
RULEBOOK_COST_CAP = 11
"""The party cost limit of the rulebook (FGO-012): a pack must allow at least one party under it."""


class CommandCard(BaseModel):
    """One command card: power and type (FGO-006)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    type: CardType
    power: int = Field(ge=0, le=POWER_MAX)


class Servant(Entry):
    """A servant's status card (FGO-005) with its 5 command cards (FGO-003) and skill cards."""

    servant_no: int = Field(ge=1, le=9999)
    """The servant ID printed on the status card (FGO-005, FGO-014)."""
    servant_class: str
    """Class (クラス): Saber, Archer, Lancer, ...; no rules effect except where a skill names it."""
    rarity: int = Field(ge=1, le=5)
    cost: int = Field(ge=0, le=COST_MAX)
    """Party-building cost (FGO-012)."""
    commands: tuple[CommandCard, ...]
    """Exactly 5 command cards (FGO-003)."""
    skills: tuple[str, ...] = ()
    """Skill card ids for the advanced rules; the first is the default (FGO-085)."""
    short: LocalText | None = None
    """A short form of the name for the figures on the map (``アルトリア``); the name when left out."""

    @property
    def figure_name(self) -> Text:
        """The name the map prints beside the figure: :attr:`short`, else the name."""
        return self.short if self.short is not None and str(self.short) else self.name

    @model_validator(mode="after")
    def _five_cards(self) -> Servant:
        if len(self.commands) != 5:
            raise ValueError(f"a servant has exactly 5 command cards, not {len(self.commands)}")
        return self


SkillKind = Literal["active", "persistent", "trigger"]
"""``active``: used in the start phase then removed; ``persistent``: 【常駐】; ``trigger``: 【トリガー】."""

SkillEffect = Literal["power", "card_power", "draw", "end_move"]
"""Behaviour ids: ``power`` (+amount to battle totals), ``card_power`` (+amount to each card of
``card_type`` of a chosen ally), ``draw`` (ドロー amount cards), ``end_move`` (discard 1 card at your
end phase to move to an empty adjacent non-master area)."""


class SkillCard(Entry):
    """A skill card (FGO-080): name, effect, 【常駐】/【トリガー】 tags and NP cost."""

    kind: SkillKind = "active"
    np_cost: int = Field(0, ge=0, le=POWER_MAX)
    """【コスト:NP n枚を消費】 (FGO-083)."""
    trigger: Literal["enemy_moves_in"] | None = None
    """Trigger timing: 敵が自身のエリアに移動しようとしたとき (FGO-098)."""
    effect: SkillEffect
    amount: int = Field(0, ge=-POWER_MAX, le=POWER_MAX)
    scope: Literal["self", "allies"] = "self"
    """For ``power``: only battles this servant fights, or battles any of your servants fights."""
    when: Literal["any", "own_turn", "opponent_turn"] = "any"
    """For ``power``: on which turns it applies."""
    against: tuple[str, ...] = ()
    """For ``power``: only against servants of these classes (empty: any)."""
    card_type: CardType | None = None
    """For ``card_power``: the command card type that gains power."""
    pays_np: int = Field(0, ge=0)
    """While face up, this card may be removed from the game to pay this much of another skill's NP cost
    (夢幻のカリスマ, duel.fate-go.jp/faq); 0: it cannot."""

    @model_validator(mode="after")
    def _consistent(self) -> SkillCard:
        if (self.kind == "trigger") != (self.trigger is not None):
            raise ValueError("a trigger skill needs 'trigger' (its timing), and only a trigger skill has one")
        if self.effect == "card_power" and self.card_type is None:
            raise ValueError("a card_power skill needs 'card_type'")
        if self.effect in ("card_power", "end_move") and self.kind != "persistent":
            raise ValueError(f"a {self.effect} skill must be persistent (常駐)")
        return self


SKILL_TAGS = re.compile(r"【コスト:NP\d+枚を消費】\s*|\(Cost: consume \d+ NP\)\s*|【常駐】\s*|\(Persistent\)\s*"
                        r"|【トリガー:[^】]*】\s*|\(Trigger: [^)]*\)\s*")
"""The tags a skill card's text begins with (persistent, trigger timing, NP cost), in both languages."""


def skill_effect(text: Text) -> Text:
    """A skill card's text without the tags it begins with: what it does, in both languages."""
    return Text(**{lang: SKILL_TAGS.sub("", text.get_text(lang)).strip() for lang in text.languages},
                original=text.original)


class Area(BaseModel):
    """One area of a map (FGO-008): a grid position for drawing, master area or initial area."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    name: LocalText
    """The area's name in both languages (the printed Japanese is the original)."""
    pos: tuple[int, int]
    """Column and row, for drawing the map (row 0 is seat 0's side)."""
    master: int | None = None
    """The seat whose master area this is (FGO-008)."""
    initial: tuple[int, int] | None = None
    """``(seat, number)``: the numbered initial area of that seat (FGO-021)."""


class GameMap(Entry):
    """A map (FGO-009): areas, adjacency (links), each seat's master area and initial areas 1-3."""

    areas: tuple[Area, ...]
    links: tuple[tuple[str, str], ...]
    _neighbours: dict[str, tuple[str, ...]] = PrivateAttr(default_factory=dict)
    _masters: dict[int, str] = PrivateAttr(default_factory=dict)
    _by_id: dict[str, Area] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _well_formed(self) -> GameMap:
        ids = [a.id for a in self.areas]
        if len(set(ids)) != len(ids):
            raise ValueError("area ids must be unique")
        for area_id in ids:
            if not is_id(area_id):
                raise ValueError(f"area id {area_id!r} must be lowercase letters, digits, '_' or '-'")
        for a, b in self.links:
            if a not in ids or b not in ids:
                raise ValueError(f"link {a}-{b} names an unknown area")
        for seat in (0, 1):
            if sum(1 for a in self.areas if a.master == seat) != 1:
                raise ValueError(f"seat {seat} needs exactly one master area")
            numbers = sorted(a.initial[1] for a in self.areas if a.initial and a.initial[0] == seat)
            if numbers != [1, 2, 3]:
                raise ValueError(f"seat {seat} needs initial areas numbered 1, 2, 3")
        if not _connected(self.areas, self.links):
            raise ValueError("no path links the two master areas: the servants could never reach "
                             "the enemy master (FGO-008)")
        # lookups for play, built once: a map never changes
        self._neighbours = {area: tuple(b if a == area else a for a, b in self.links if area in (a, b))
                            for area in ids}
        self._masters = {a.master: a.id for a in reversed(self.areas) if a.master is not None}
        self._by_id = {a.id: a for a in self.areas}
        return self

    def neighbours(self, area: str) -> tuple[str, ...]:
        """Areas adjacent to ``area`` (隣接), in link order."""
        found = self._neighbours.get(area)
        return found if found is not None else tuple(b if a == area else a for a, b in self.links if area in (a, b))

    def master_area(self, seat: int) -> str:
        """The master area of ``seat``."""
        found = self._masters.get(seat)
        return found if found is not None else next(a.id for a in self.areas if a.master == seat)

    def initial_area(self, seat: int, number: int) -> str:
        """The initial area numbered ``number`` of ``seat`` (FGO-020)."""
        return next(a.id for a in self.areas if a.initial == (seat, number))

    def area(self, area_id: str) -> Area:
        """The area with this id."""
        found = self._by_id.get(area_id)
        return found if found is not None else next(a for a in self.areas if a.id == area_id)


@dataclass(frozen=True, slots=True)
class Board:
    """A map's lookups for play, built once per catalogue: neighbours, master areas, area names."""

    neighbours: dict[str, tuple[str, ...]]
    """Area id -> adjacent area ids, in link order."""
    master_areas: tuple[str, str]
    """The master area of seat 0 and of seat 1."""
    names: dict[str, Text]
    """Area id -> its name in both languages."""
    exits: tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]
    """For seat 0 and seat 1: area id -> adjacent areas other than that seat's own master area (FGO-042)."""
    moves: dict[str, dict[str, dict[str, Act]]]
    """Servant id -> destination area id -> command card instance paid -> that ``move`` action."""
    initial_areas: tuple[tuple[str, str, str], tuple[str, str, str]]
    """For seat 0 and seat 1: its initial areas numbered 1, 2 and 3 (FGO-020)."""

    @classmethod
    def of(cls, game_map: GameMap, servants: Iterable[str]) -> Board:
        """The lookups of ``game_map`` for a pack with these servant ids."""
        areas = [a.id for a in game_map.areas]
        moves = {servant: {area: {card: Act("move", (servant, area, card)) for card in Catalog.instances(servant)}
                           for area in areas}
                 for servant in servants}
        neighbours = {a: game_map.neighbours(a) for a in areas}
        masters = (game_map.master_area(0), game_map.master_area(1))
        exits = ({a: tuple(b for b in near if b != masters[0]) for a, near in neighbours.items()},
                 {a: tuple(b for b in near if b != masters[1]) for a, near in neighbours.items()})
        initial = ((game_map.initial_area(0, 1), game_map.initial_area(0, 2), game_map.initial_area(0, 3)),
                   (game_map.initial_area(1, 1), game_map.initial_area(1, 2), game_map.initial_area(1, 3)))
        return cls(neighbours, masters, {a.id: a.name for a in game_map.areas}, exits, moves, initial)


SCHEMA: dict[str, type[Entry]] = {"servant": Servant, "skill": SkillCard, "map": GameMap}
REFERENCE = Path(__file__).parent / "content"


@dataclass(frozen=True, eq=False)
class Catalog(PackIndex):
    """A pack indexed for play."""

    servants: dict[str, Servant]
    skills: dict[str, SkillCard]
    maps: dict[str, GameMap]
    cards: dict[str, CommandCard] = field(init=False, repr=False)
    """Every command card instance id of the pack with its card (lookups for play, built once)."""
    owners: dict[str, str] = field(init=False, repr=False)
    """Instance id -> the servant it belongs to."""
    kinds: dict[str, tuple[str, str, int]] = field(init=False, repr=False)
    """Instance id -> (servant, type, power): instances of one kind are interchangeable."""
    kind_keys: dict[str, str] = field(init=False, repr=False)
    """Instance id -> the first instance id of its kind (:attr:`kinds`): equal keys, equal kinds. A string keeps its
    hash, where a kind's tuple hashes its three parts again at every set look-up of the move menu."""
    card_names: dict[str, Text] = field(init=False, repr=False)
    """Instance id -> ``Altria Pendragon Quick 3`` in both languages, as a player reads it."""
    boards: dict[str, Board] = field(init=False, repr=False)
    """Map id -> its lookups for play."""
    removals: dict[str, Act] = field(init=False, repr=False)
    """Instance id -> the ``remove`` action of a deck rebuild that removes it."""
    arts: frozenset[str] = field(init=False, repr=False)
    """The Arts command card instances (NP counts them, FGO-082): a set the compiled rules ask with no call
    into this (interpreted) module."""

    def __post_init__(self) -> None:
        cards = {instance: servant.commands[number]
                 for servant in self.servants.values()
                 for number, instance in enumerate(self.instances(servant.id))}
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "owners", {instance: self.owner(instance) for instance in cards})
        object.__setattr__(self, "kinds", {instance: (self.owner(instance), card.type.value, card.power)
                                           for instance, card in cards.items()})
        first_of_kind: dict[tuple[str, str, int], str] = {}
        object.__setattr__(self, "kind_keys", {instance: first_of_kind.setdefault(kind, instance)
                                               for instance, kind in self.kinds.items()})
        object.__setattr__(self, "card_names", {
            instance: card_name_text(self.servants[self.owner(instance)].name, card)
            for instance, card in cards.items()})
        object.__setattr__(self, "boards", {map_id: Board.of(m, self.servants) for map_id, m in self.maps.items()})
        object.__setattr__(self, "removals", {instance: Act("remove", (instance,)) for instance in cards})
        object.__setattr__(self, "arts", frozenset(i for i, card in cards.items() if card.type is CardType.ARTS))

    def command(self, instance: str) -> CommandCard:
        """The command card of an instance id ``<servant>/<n>``."""
        card = self.cards.get(instance)
        if card is not None:
            return card
        servant, _, number = instance.partition("/")
        return self.servants[servant].commands[int(number) - 1]

    @staticmethod
    def owner(instance: str) -> str:
        """The servant a command card instance belongs to."""
        return instance.partition("/")[0]

    @staticmethod
    def instances(servant: str) -> tuple[str, ...]:
        """The 5 command card instance ids of a servant (made once per servant id: every set-up asks)."""
        found = _INSTANCES.get(servant)
        if found is None:
            found = tuple(f"{servant}/{n}" for n in range(1, 6))
            if len(_INSTANCES) < 4096:  # ids come from packs; a bound all the same
                _INSTANCES[servant] = found
        return found


_INSTANCES: dict[str, tuple[str, ...]] = {}
"""Servant id -> its 5 command card instance ids (:meth:`Catalog.instances`)."""


def card_name_text(servant: Text, card: CommandCard) -> Text:
    """A command card as a player names it, in both languages: ``Altria Pendragon Buster 5``."""
    from bouts.games.fgo_duel.i18n import _

    return bilingual(lambda: _("{servant} {type} {power}", servant=servant, type=_(TYPE_NAMES[card.type]),
                               power=card.power))


TYPE_NAMES: dict[CardType, str] = {CardType.QUICK: N_("Quick"), CardType.ARTS: N_("Arts"),
                                   CardType.BUSTER: N_("Buster")}
"""Each command card type as the cards print it (translated where shown)."""
CHAIN_NAMES: dict[str, str] = {"quick": N_("Quick CHAIN"), "arts": N_("Arts CHAIN"), "buster": N_("Buster CHAIN"),
                               "brave": N_("Brave CHAIN")}
"""Each chain as the rulebook names it (FGO-051..FGO-054)."""
CLASS_NAMES: dict[str, str] = {"Saber": N_("Saber"), "Archer": N_("Archer"), "Lancer": N_("Lancer"),
                               "Rider": N_("Rider"), "Caster": N_("Caster"), "Assassin": N_("Assassin"),
                               "Berserker": N_("Berserker"), "Shielder": N_("Shielder"), "Ruler": N_("Ruler"),
                               "Avenger": N_("Avenger"), "Alter Ego": N_("Alter Ego"),
                               "Moon Cancer": N_("Moon Cancer"), "Foreigner": N_("Foreigner"),
                               "Pretender": N_("Pretender")}
"""The servant classes of Fate/Grand Order (クラス, FGO-005), translated where shown; a pack's other classes
are shown as the pack writes them."""


def class_name(servant_class: str) -> Text:
    """A class in both languages (``Saber`` / ``セイバー``); an unknown class as the pack writes it."""
    from bouts.games.fgo_duel.i18n import _

    known = CLASS_NAMES.get(servant_class)
    if known is None:
        return Text.of(servant_class)
    return bilingual(lambda: _(known))


_INDEXED: dict[str, Catalog] = {}
"""Catalogues already built, by pack id (the id names the exact files, so one index serves every match)."""


def catalog_of(pack: ContentPack) -> Catalog:
    """Index a loaded pack, checking cross references."""
    known = _INDEXED.get(pack.id)
    if known is not None:
        return known
    servants = {s.id: s for s in pack.entries("servant", Servant)}
    skills = {s.id: s for s in pack.entries("skill", SkillCard)}
    maps = {m.id: m for m in pack.entries("map", GameMap)}
    if len(servants) < 3:
        raise ContentError("the pack needs at least 3 [[servant]] entries")
    if not maps:
        raise ContentError("the pack has no [[map]] entries")
    _check_parties(servants)
    for servant in servants.values():
        if "/" in servant.id or ":" in servant.id:
            raise ContentError(f"servant id '{servant.id}' may not contain '/' or ':'")
        for skill in servant.skills:
            if skill not in skills:
                raise ContentError(f"servant '{servant.id}': field 'skills': unknown skill '{skill}'")
    catalog = Catalog(pack, servants, skills, maps)
    _INDEXED[pack.id] = catalog
    return catalog


def _connected(areas: Iterable[Area], links: Iterable[tuple[str, str]]) -> bool:
    """Whether a path of links joins master area 0 to master area 1."""
    masters = {a.master: a.id for a in areas if a.master is not None}
    near: dict[str, set[str]] = {}
    for a, b in links:
        near.setdefault(a, set()).add(b)
        near.setdefault(b, set()).add(a)
    start, goal = masters.get(0), masters.get(1)
    seen, frontier = {start}, [start]
    while frontier:
        area = frontier.pop()
        if area == goal:
            return True
        for other in near.get(area or "", ()):
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    return False


def _check_parties(servants: Mapping[str, Servant]) -> None:
    """Refuse a pack in which no legal party exists under the rulebook's cost limit (FGO-012, FGO-014)."""
    cheapest: int | None = None
    for trio in itertools.combinations(servants.values(), 3):
        if len({s.servant_no for s in trio}) == 3:
            cost = sum(s.cost for s in trio)
            cheapest = cost if cheapest is None else min(cheapest, cost)
    if cheapest is None:
        raise ContentError("no party can be built: a party needs 3 servants with different servant numbers "
                           "(FGO-014), and this pack has fewer than 3 different numbers")
    if cheapest > RULEBOOK_COST_CAP:
        raise ContentError(f"no party fits the cost limit of {RULEBOOK_COST_CAP} (FGO-012): the cheapest "
                           f"party of this pack costs {cheapest}")


CATALOGS = Catalogs("fgo_duel", SCHEMA, REFERENCE, catalog_of, Catalog)
"""The reference pack and user packs, indexed for play."""
reference_catalog = CATALOGS.reference
load_catalog = CATALOGS.load
