"""SAO content: character, scenario, item and support cards (SAO-013..SAO-030) as validated records.

Die faces are stored as codes: 1-6 are numbers, :data:`FACE` is a character's face (any number
1-6, SAO-105) and :data:`SYMBOL` is Asuna's symbol (1 or 2, SAO-106).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bouts.core.content import Catalogs, ContentError, ContentPack, Entry, LocalText, PackIndex, is_id

FACE = 7
"""Die code of a character die showing the character's face: any number 1-6 (SAO-105)."""
SYMBOL = 8
"""Die code of Asuna's symbol: 1 or 2, whichever the player prefers (SAO-106)."""
FACE_NAMES = {FACE: "face", SYMBOL: "symbol"}
LEVELS = (1, 50, 80)
"""The three level stages of a character card (SAO-RUL-49)."""

Pattern = Literal["equal", "straight", "sum_at_least", "sum_at_most", "exact"]
"""Sword Skill dice patterns: ``equal`` (size dice showing one value, optionally from ``values``),
``straight`` (size consecutive values), ``sum_at_least`` / ``sum_at_most`` (size dice against
``threshold``), ``exact`` (exactly the multiset ``values``)."""

AbilityKind = Literal["set_die", "set_dice", "flip_dice", "addition_boost", "addition_shield",
                      "addition_die_control", "healing"]
"""Ability behaviour ids (SAO-016, SAO-133..SAO-144)."""


def face_code(text: str) -> int:
    """The code of a die face written in content (``1``..``6``, ``face``, ``symbol``)."""
    if text == "face":
        return FACE
    if text == "symbol":
        return SYMBOL
    if text.isdigit() and 1 <= int(text) <= 6:
        return int(text)
    raise ValueError(f"die face '{text}' must be 1-6, 'face' or 'symbol'")


def _check_translation(name: LocalText, translated: bool, translation_source: str | None) -> None:
    """A name given in two languages says where the second one comes from (as :class:`Entry` does)."""
    if len(name.languages) > 1 and not (translated or translation_source):
        raise ValueError("a name given in two languages needs 'translated = true' (our translation) or "
                         "'translation_source' (where the translation comes from)")


class _Provenance(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: LocalText
    """The name printed on the card, in both languages (the official one marked ``original``)."""
    source: str | None = None
    stand_in: bool = False
    translated: bool = False
    """True when the language that is not the original is bouts' own translation."""
    translation_source: str | None = None
    """Where the translation comes from, when a public one exists."""

    @model_validator(mode="after")
    def _has_provenance(self) -> _Provenance:
        if not self.stand_in and not self.source:
            raise ValueError("give a 'source' or set 'stand_in = true'")
        _check_translation(self.name, self.translated, self.translation_source)
        return self


HP_MAX = 500
"""Most HP a character or enemy step may have: the strongest boss in the rulebook's scenarios has 90."""
DAMAGE_MAX = 100
"""Most damage, piercing, defense or healing one number may give: the final ordeal deals 14."""
COPIES_MAX = 10
"""Most copies of an item, dice an ability changes or uses per scenario: the rulebook's cards give 1-3."""


class SwordSkill(_Provenance):
    """A Sword Skill (SAO-018): a dice pattern and its damage, learnt at ``level``."""

    id: str
    """Stable id used in actions."""
    level: int = 1
    """The level at which the character knows it (1, 50 or 80; SAO-069)."""
    pattern: Pattern
    size: int = Field(ge=1, le=12)
    """How many dice it uses up."""
    values: tuple[int, ...] = ()
    """``equal``: allowed values (empty: any); ``exact``: the exact multiset."""
    threshold: int = 0
    """``sum_at_least`` / ``sum_at_most``: the bound."""
    damage: int = Field(ge=0, le=DAMAGE_MAX)
    piercing: int = Field(0, ge=0, le=DAMAGE_MAX)
    """Piercing X (SAO-145); 0 for none."""

    @model_validator(mode="after")
    def _consistent(self) -> SwordSkill:
        if self.level not in LEVELS:
            raise ValueError(f"level must be one of {LEVELS}")
        if self.pattern == "exact" and len(self.values) != self.size:
            raise ValueError("an exact pattern lists exactly 'size' values")
        if any(not 1 <= v <= 6 for v in self.values):
            raise ValueError("values must be 1-6")
        if not is_id(self.id):
            raise ValueError(f"skill id {self.id!r} must be lowercase letters, digits, '_' or '-'")
        return self


class Ability(_Provenance):
    """A character ability (SAO-016): one use costs one ability usage (SAO-066)."""

    id: str
    kind: AbilityKind
    values: tuple[int, ...] = ()
    """``set_die``: the values a die may be set to; ``set_dice``: the one value."""
    count: int = Field(1, ge=1, le=COPIES_MAX)
    """``set_dice`` / ``flip_dice``: up to how many dice one use changes."""
    amount: int = Field(0, ge=0, le=DAMAGE_MAX)
    """``healing``: X of Healing X."""
    modes: tuple[tuple[str, ...], ...] = (("+2",), ("+2",), ("+2", "x2"))
    """``addition_boost``: the adjustments on the card at levels 1, 50, 80 (SAO-RUL-36)."""


class CharacterCard(Entry):
    """A character card (SAO-013): HP, abilities, usage and Sword Skills per level stage."""

    hp: tuple[int, int, int]
    """HP at levels 1, 50 and 80 (SAO-015)."""
    usage: tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]
    """Ability usage at levels 1/50/80 (rows) for 1-2, 3 and 4 players (columns) (SAO-017, SAO-RUL-18)."""
    abilities: tuple[Ability, ...] = ()
    skills: tuple[SwordSkill, ...]
    die: tuple[str, str, str, str, str, str]
    """The six faces of the character die (SAO-030): ``1``..``6``, ``face`` or ``symbol``."""
    maps_to: str = ""
    """Which reported (fan) card this character's values come from, and how sure that is."""

    @model_validator(mode="after")
    def _faces(self) -> CharacterCard:
        if not all(1 <= hp <= HP_MAX for hp in self.hp):
            raise ValueError(f"hp values must be from 1 to {HP_MAX}")
        if not all(0 <= n <= COPIES_MAX for row in self.usage for n in row):
            raise ValueError(f"usage values must be from 0 to {COPIES_MAX}")
        for f in self.die:
            face_code(f)
        for column, players in enumerate(("1-2", "3", "4")):  # SAO-100
            if self.usage[2][column] <= self.usage[1][column]:
                raise ValueError(f"usage: ability usage must go up at level 80 ({players} players: "
                                 f"{self.usage[1][column]} -> {self.usage[2][column]}, SAO-100)")
        return self

    @property
    def die_codes(self) -> tuple[int, ...]:
        """The character die's faces as codes."""
        return tuple(face_code(f) for f in self.die)


class StepCard(BaseModel):
    """One step of a scenario (SAO-022..SAO-025)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: LocalText
    """The step's name, in both languages."""
    translated: bool = False
    """True when the language that is not the original is bouts' own translation."""
    translation_source: str | None = None
    """Where the translation comes from, when a public one exists."""
    hp: int = Field(ge=1, le=HP_MAX)
    damage: int = Field(ge=0, le=DAMAGE_MAX)
    aoe: bool = False
    defense: int = Field(0, ge=0, le=DAMAGE_MAX)
    reroll_minus_one: bool = False
    no_reroll: bool = False
    no_abilities: bool = False
    no_consumables: bool = False
    dice: int | None = Field(None, ge=1, le=4)
    """A per-step Dice amount, when card data gives one (SAO-RUL-03)."""

    @model_validator(mode="after")
    def _translation(self) -> StepCard:
        _check_translation(self.name, self.translated, self.translation_source)
        return self


class ScenarioCard(Entry):
    """A scenario card (SAO-019..SAO-025)."""

    section: Literal["lower", "middle", "upper", "final"]
    dice: int = Field(ge=1, le=4)
    """① Dice amount: dice each of the turn player and partner rolls (SAO-020, SAO-RUL-03)."""
    threat: LocalText
    """② Threat: the enemy to defeat (SAO-021), in both languages."""
    steps: tuple[StepCard, ...] = Field(min_length=1)
    tuned: str = ""
    """How the reference pack changed the reported numbers (stand-in difficulty tuning); a tuned
    card is a stand-in whose ``source`` says what it was tuned from."""

    @model_validator(mode="after")
    def _tuned_is_stand_in(self) -> ScenarioCard:
        if self.tuned and not (self.stand_in and self.source):
            raise ValueError("a card with 'tuned' numbers needs 'stand_in = true' and a 'source' "
                             "saying what it was tuned from")
        return self


class ItemCard(Entry):
    """An item card (SAO-026): Equipment or Consumable, with an effect id."""

    type: Literal["equipment", "consumable"]
    effect: Literal["coat", "ring", "sword", "ability_potion", "healing_potion", "relic"]
    count: int = Field(1, ge=1, le=COPIES_MAX)


class SupportCard(Entry):
    """The Support card (SAO-028): Yui; its effect is card data (SAO-RUL-50)."""

    effect: Literal["redirect_counter"]
    uses_per_scenario: int = Field(1, ge=1, le=COPIES_MAX)


SCHEMA: dict[str, type[Entry]] = {"character": CharacterCard, "scenario": ScenarioCard,
                                  "item": ItemCard, "support": SupportCard}
REFERENCE = Path(__file__).parent / "content"
SECTIONS = ("lower", "middle", "upper", "final")


@dataclass(frozen=True, eq=False)
class Catalog(PackIndex):
    """The cards of a pack, indexed for play: item instances are ``<item id>/<copy>``.

    Besides the cards it holds play data derived from them once per pack (die faces as codes,
    the skills known at each level, scenario ids by section) and ``memo``, where the rules keep
    results they would otherwise recompute every step (which dice trigger which skills).
    """

    characters: dict[str, CharacterCard]
    scenarios: dict[str, ScenarioCard]
    items: dict[str, ItemCard]
    """Every item instance id to its card."""
    support: SupportCard | None
    die_faces: dict[str, tuple[int, ...]] = field(default_factory=dict, repr=False)
    """Character id to the six face codes of his character die."""
    known_skills: dict[tuple[str, int], tuple[SwordSkill, ...]] = field(default_factory=dict, repr=False)
    """(character id, level stage 0-2) to the Sword Skills he knows then (SAO-069)."""
    skill_named: dict[tuple[str, str], SwordSkill] = field(default_factory=dict, repr=False)
    """(character id, skill id) to the first of his Sword Skills with that id."""
    sections: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    """Section name to its scenario ids, in pack order."""
    memo: dict[Any, Any] = field(default_factory=dict, repr=False)
    """Derived results the rules cache per pack; keys are tuples led by the caching rule's name."""

    def section(self, name: str) -> tuple[str, ...]:
        """Scenario ids of a section, in pack order."""
        return self.sections.get(name, ())

    def remember(self, key: Any, value: V) -> V:
        """Keep ``value`` in the memo under ``key`` (starting afresh when the memo is full); returns it."""
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = value
        return value


MEMO_LIMIT = 100_000
"""Most results a catalogue's memo keeps (it starts afresh beyond: a bound on memory in long runs)."""
V = TypeVar("V")

_INDEXED: dict[str, Catalog] = {}
"""The catalogue of each pack already indexed, by pack id (games share one, and its memo)."""


def catalog_of(pack: ContentPack) -> Catalog:
    """Index a loaded pack and check it can make a game (once per pack object)."""
    known = _INDEXED.get(pack.id)
    if known is not None and known.pack is pack:
        return known
    catalog = _index(pack)
    _INDEXED[pack.id] = catalog
    return catalog


def _index(pack: ContentPack) -> Catalog:
    characters = {c.id: c for c in pack.entries("character", CharacterCard)}
    scenarios = {s.id: s for s in pack.entries("scenario", ScenarioCard)}
    items: dict[str, ItemCard] = {}
    for item in pack.entries("item", ItemCard):
        for copy in range(1, item.count + 1):
            items[f"{item.id}/{copy}"] = item
    supports = pack.entries("support", SupportCard)
    if "kirito" not in characters:
        raise ContentError("the pack needs the character 'kirito' (SAO-031)")
    for section in SECTIONS:
        if not any(s.section == section for s in scenarios.values()):
            raise ContentError(f"the pack has no '{section}' scenario (SAO-035)")
    for s in scenarios.values():
        if s.section == "final" and len(s.steps) < 2:
            raise ContentError(f"final battle '{s.id}' needs a step 2 (SAO-116)")
    die_faces = {c.id: c.die_codes for c in characters.values()}
    known = {(c.id, stage): tuple(s for s in c.skills if s.level <= level)
             for c in characters.values() for stage, level in enumerate(LEVELS)}
    named: dict[tuple[str, str], SwordSkill] = {}
    for c in characters.values():
        for skill in c.skills:
            named.setdefault((c.id, skill.id), skill)
    sections = {name: tuple(s.id for s in scenarios.values() if s.section == name) for name in SECTIONS}
    return Catalog(pack, characters, scenarios, items, supports[0] if supports else None,
                   die_faces, known, named, sections)


CATALOGS = Catalogs("sao", SCHEMA, REFERENCE, catalog_of, Catalog)
"""The reference pack and user packs, indexed for play."""
reference_catalog = CATALOGS.reference
load_catalog = CATALOGS.load
