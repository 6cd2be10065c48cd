"""Fate/kaleido grail content (KAL §2): masters, servants, their abilities, magic cards and fate cards.

Numbers and text live in TOML; behaviour lives in Python, keyed by effect id. Every entry is a
stand-in (``stand_in = true`` with a one-line ``reason``): the rulebook prints no card data.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from bouts.core.content import Catalogs, ContentError, ContentPack, Entry, PackIndex

Timing = Literal["strategy", "battle", "counter", "auto", "special"]
"""【発動】: 戦略 / 戦闘 / 対抗 / 自動 / 特殊 (KAL-124..KAL-128)."""
Duration = Literal["turn", "battle", "action", "instant"]
"""【持続】: ターン / 戦闘 / 戦闘行動 / 瞬間 (KAL-129..KAL-132)."""
CardEffect = Literal["attack_up", "defence_up", "attack_down", "defence_down", "heal", "draw", "damage",
                     "counter", "ambush", "evade"]
"""Magic-card behaviour ids (see ``timings.py``)."""
AbilityKind = Literal["special_attack", "np_attack", "np_defence", "np_special", "boost", "support", "passive"]
"""特殊攻撃, 宝具 of type 攻撃 / 防御 / 特殊, a non-attack special ability that changes numbers for a while
(``boost``) or acts at once (``support``: heal, draw), or an always-on ability."""
SPECIAL_ATTACK_KINDS = frozenset({"special_attack", "np_attack"})
SPECIAL_TIMING = {"ambush": "指名されたとき使用: 自分が先攻になる", "evade": "指名されたとき使用: 対戦指名は成立しない"}
"""特殊 cards and the moment their text names (KAL-128)."""
FieldEffect = Literal["attack_bonus", "defence_bonus", "attack_malus", "np_discount", "heal", "draw"]
"""霊地効果 behaviour ids (KAL-072, KAL-171)."""

TIMING_JA = {"strategy": "戦略", "battle": "戦闘", "counter": "対抗", "auto": "自動", "special": "特殊"}
DURATION_JA = {"turn": "ターン", "battle": "戦闘", "action": "戦闘行動", "instant": "瞬間"}


class KaleidoEntry(Entry):
    """Base of every kaleido record: a stand-in says why in one line."""

    reason: str = ""
    """Why the entry is a stand-in (one line)."""

    @model_validator(mode="after")
    def _stand_in_has_reason(self) -> KaleidoEntry:
        if self.stand_in and not self.reason:
            raise ValueError("a stand-in needs a one-line 'reason'")
        if "/" in self.id:
            raise ValueError(f"id '{self.id}' may not contain '/'")
        return self


ATTACK_KINDS = frozenset({"special_attack", "np_attack"})
"""Ability kinds that are attack methods (:attr:`Ability.is_attack`)."""
MODIFIER_EFFECTS = frozenset({"attack_up", "defence_up", "attack_down", "defence_down"})
"""Card effects that change attack or defence for a while (:attr:`MagicCard.is_modifier`)."""
HOSTILE_EFFECTS = frozenset({"attack_down", "defence_down", "damage"})
"""Card effects used on the opposing participant (:attr:`MagicCard.is_hostile`). The rules read these sets
directly on hot paths (a compiled build calls no interpreted property there)."""


class Ability(KaleidoEntry):
    """A special ability (特殊能力) or Noble Phantasm (宝具) of a master or servant (KAL-157, KAL-161)."""

    kind: AbilityKind
    power: int = Field(0, ge=0, le=15)
    """Attack power of a special attack or attack NP; the damage reduction of a defence NP; the
    value of a boost."""
    cost: int = Field(0, ge=0, le=6)
    """【消費】: mana to spend when it is used (KAL-166)."""
    offset: bool = False
    """相殺可: an attack NP that can clash with another 相殺可 NP (KAL-090)."""
    intervene: bool = False
    """介入可能: usable to intervene in other players' battles (KAL-078)."""
    effect: str = ""
    """Boost: ``attack_up``, ``defence_up``, ``attack_down`` or ``defence_down`` (the last two on the other
    side); support: ``heal`` or ``draw``; special NP: ``summon``, ``heal`` or ``draw``; passive:
    ``ancient_magus``."""
    duration: Duration = "instant"
    """How long a boost lasts."""
    timing: Literal["strategy", "battle"] = "battle"
    """When a boost or special NP may be used (KAL-121)."""
    grants: str = ""
    """Special NP ``summon``: the ability id the summoned servant brings for the turn (KAL-152)."""
    once_per_turn: bool = False
    """「1ターンに1回」: usable once a turn (an instant heal or draw would otherwise repeat while mana lasts)."""

    @model_validator(mode="after")
    def _fits_kind(self) -> Ability:
        if self.kind in ("special_attack", "np_attack", "np_defence") and self.power < 1:
            raise ValueError(f"a {self.kind} needs 'power' >= 1")
        if self.offset and self.kind != "np_attack":
            raise ValueError("only an attack Noble Phantasm can be 相殺可 ('offset')")
        if self.kind == "boost" and self.effect not in ("attack_up", "defence_up", "attack_down", "defence_down"):
            raise ValueError("a boost needs effect attack_up, defence_up, attack_down or defence_down")
        if self.kind == "boost" and (self.duration == "instant" or self.power < 1):
            raise ValueError("a boost needs 'power' >= 1 and a lasting 'duration' (action, battle or turn)")
        if self.kind == "support" and self.effect not in ("heal", "draw"):
            raise ValueError("a support ability needs effect heal or draw")
        if self.kind == "np_special" and self.effect not in ("summon", "heal", "draw"):
            raise ValueError("a special Noble Phantasm needs effect summon, heal or draw")
        if self.kind in ("support", "np_special") and self.effect in ("heal", "draw") \
                and (self.cost < 1 or self.power < 1):
            raise ValueError(f"a {self.effect} ability needs 'power' >= 1 and 'cost' >= 1 (a free one could be "
                             "used without end)")
        if self.kind == "passive" and self.effect != "ancient_magus":
            raise ValueError("a passive ability needs effect ancient_magus")
        return self

    @property
    def is_attack(self) -> bool:
        """Whether it is an attack method (special attack or attack NP, KAL-086, KAL-087)."""
        return self.kind in ATTACK_KINDS


class Master(KaleidoEntry):
    """A master card (KAL-157): max mana, mana rank, abilities, and the servants it may command."""

    max_mana: int = Field(ge=1, le=10)
    """最大魔力: hand limit at the end part (KAL-158)."""
    mana_rank: int = Field(ge=1, le=5)
    """魔力ランク: cards drawn at mana supply (KAL-159)."""
    abilities: tuple[str, ...] = ()


class Servant(KaleidoEntry):
    """A servant card (KAL-161): HP, 攻撃, 防御, special abilities and Noble Phantasms."""

    hp: int = Field(ge=1, le=30)
    attack: int = Field(ge=0, le=15)
    defence: int = Field(ge=0, le=15)
    abilities: tuple[str, ...] = ()


class MagicCard(KaleidoEntry):
    """A magic card (KAL-168): 【発動】, 【持続】 and 【効果】, with its number of copies."""

    timing: Timing
    duration: Duration
    effect: CardEffect
    value: int = Field(0, ge=0, le=10)
    copies: int = Field(1, ge=1, le=20)

    @model_validator(mode="after")
    def _fits(self) -> MagicCard:
        if self.effect in ("heal", "draw", "damage", "counter", "ambush") and self.duration != "instant":
            raise ValueError(f"effect {self.effect} is instant: set duration = \"instant\"")
        if self.effect in ("attack_up", "defence_up", "attack_down", "defence_down") and self.duration == "instant":
            raise ValueError(f"effect {self.effect} needs a lasting duration")
        if (self.effect == "counter") != (self.timing == "counter"):
            raise ValueError("counter timing goes with the counter effect")
        if (self.effect in SPECIAL_TIMING) != (self.timing == "special"):
            raise ValueError("special timing goes with the ambush and evade effects")
        if self.effect in ("heal", "draw", "damage") and self.value < 1:
            raise ValueError(f"effect {self.effect} needs 'value' >= 1")
        return self

    @property
    def is_modifier(self) -> bool:
        """Whether it changes attack or defence for a while."""
        return self.effect in MODIFIER_EFFECTS

    @property
    def is_hostile(self) -> bool:
        """Whether it is used on the opposing participant."""
        return self.effect in HOSTILE_EFFECTS


class Pair(KaleidoEntry):
    """A row of the pairing table: a master and a servant it may command (KAL-013..KAL-016)."""

    master: str
    servant: str


class FateCard(KaleidoEntry):
    """A fate card (KAL-169..KAL-171): number, location and 霊地効果."""

    number: int = Field(ge=1, le=8)
    effect: FieldEffect
    value: int = Field(ge=0, le=5)


SCHEMA: dict[str, type[Entry]] = {"master": Master, "servant": Servant, "ability": Ability,
                                  "magic": MagicCard, "fate": FateCard, "pair": Pair}
REFERENCE = Path(__file__).parent / "content"


@dataclass(frozen=True, eq=False)
class Catalog(PackIndex):
    """A kaleido pack indexed for play; magic card instances are ``<card id>/<copy>``."""

    masters: dict[str, Master]
    servants: dict[str, Servant]
    abilities: dict[str, Ability]
    magic: dict[str, MagicCard]
    """Every magic card instance id to its card."""
    deck: tuple[str, ...]
    """Every magic card instance, in pack order (the unshuffled deck, KAL-007)."""
    fates: dict[int, FateCard]
    """Fate cards by number."""
    pairs: dict[tuple[str, str], str]
    """(master, servant) to the pairing-table row's id."""
    servants_of: dict[str, tuple[str, ...]]
    """Each master's servants by the pairing table."""

    def card(self, instance: str) -> MagicCard:
        """The magic card of an instance id."""
        return self.magic[instance]


_INDEXED: dict[tuple[str, str | None], Catalog] = {}


def catalog_of(pack: ContentPack) -> Catalog:
    """Index a loaded pack, checking what the schema cannot (references, numbering)."""
    key = (pack.id, pack.path)
    known = _INDEXED.get(key)
    if known is not None:
        return known
    abilities = {a.id: a for a in pack.entries("ability", Ability)}
    servants = {s.id: s for s in pack.entries("servant", Servant)}
    masters = {m.id: m for m in pack.entries("master", Master)}
    owners: list[Master | Servant] = [*masters.values(), *servants.values()]
    for owner in owners:
        for ability in owner.abilities:
            if ability not in abilities:
                raise ContentError(f"{owner.id}: unknown ability '{ability}'")
    pairs: dict[tuple[str, str], str] = {}
    servants_of: dict[str, list[str]] = {m: [] for m in masters}
    for pair in pack.entries("pair", Pair):
        if pair.master not in masters or pair.servant not in servants:
            raise ContentError(f"pair {pair.id}: unknown master '{pair.master}' or servant '{pair.servant}'")
        pairs[(pair.master, pair.servant)] = pair.id
        servants_of[pair.master].append(pair.servant)
    for master, paired in servants_of.items():
        if not paired:
            raise ContentError(f"master {master}: no [[pair]] names a servant for it")
    for record in abilities.values():
        if record.grants and record.grants not in abilities:
            raise ContentError(f"ability {record.id}: grants unknown ability '{record.grants}'")
    magic: dict[str, MagicCard] = {}
    for card in pack.entries("magic", MagicCard):
        for copy in range(1, card.copies + 1):
            magic[f"{card.id}/{copy}"] = card
    fates: dict[int, FateCard] = {}
    for fate in pack.entries("fate", FateCard):
        if fate.number in fates:
            raise ContentError(f"fate card {fate.id}: number {fate.number} is used twice")
        fates[fate.number] = fate
    if sorted(fates) != list(range(1, 9)):
        raise ContentError("the pack needs fate cards numbered 1 to 8")
    if len(masters) < 7:
        raise ContentError("the pack needs at least 7 masters (one per player)")
    if len(magic) < 7:
        raise ContentError(f"the pack has {len(magic)} magic cards: each of up to 7 players draws one at "
                           "set-up (KAL-023)")
    if _largest_matching(servants_of) < 7:
        raise ContentError("the pairing table cannot give 7 masters 7 different servants (KAL-013..KAL-016): "
                           "a 7-player game could not be set up")
    catalog = _INDEXED[key] = Catalog(pack, masters, servants, abilities, magic, tuple(magic), fates, pairs,
                                      {m: tuple(v) for m, v in servants_of.items()})
    return catalog


def _largest_matching(servants_of: dict[str, list[str]]) -> int:
    """How many masters can hold different servants at once by the pairing table (augmenting paths)."""
    held: dict[str, str] = {}

    def place(master: str, seen: set[str]) -> bool:
        for servant in servants_of[master]:
            if servant in seen:
                continue
            seen.add(servant)
            if servant not in held or place(held[servant], seen):
                held[servant] = master
                return True
        return False

    return sum(place(master, set()) for master in servants_of)


CATALOGS = Catalogs("kaleido", SCHEMA, REFERENCE, catalog_of, Catalog)
"""The reference pack and user packs, indexed for play."""
