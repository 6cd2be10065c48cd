"""Swordplay state: the fighters, the combat deck, the discard pile and the turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from bouts.core.contract import State
from bouts.core.i18n import Text
from bouts.games.swordplay.cards import Catalog, Location
from bouts.games.swordplay.instances import Instance
from bouts.games.swordplay.options import SwordplayOptions


class Phase(StrEnum):
    """Where the match stands; the four turn phases are SWP-030."""

    CHOOSE_HERO = "choose_hero"
    FIRST_ROLL = "first_roll"
    SHUFFLE = "shuffle"
    DISCARD = "discard"
    READY = "ready"
    COMBAT = "combat"
    DEFEND = "defend"
    MONSTER_DEFENSE = "monster_defense"
    MONSTER_TARGET = "monster_target"
    RESHUFFLE = "reshuffle"
    MONSTER_TURN = "monster_turn"
    OVER = "over"


# The phases as plain names, for short rules. Final: a compiled build reads a Final module name as a C static
# (any other module-level name is a dict look-up in the module's globals at every use).
CHOOSE_HERO: Final = Phase.CHOOSE_HERO
FIRST_ROLL: Final = Phase.FIRST_ROLL
SHUFFLE: Final = Phase.SHUFFLE
DISCARD: Final = Phase.DISCARD
READY: Final = Phase.READY
COMBAT: Final = Phase.COMBAT
DEFEND: Final = Phase.DEFEND
MONSTER_DEFENSE: Final = Phase.MONSTER_DEFENSE
MONSTER_TARGET: Final = Phase.MONSTER_TARGET
RESHUFFLE: Final = Phase.RESHUFFLE
MONSTER_TURN: Final = Phase.MONSTER_TURN
OVER: Final = Phase.OVER


@dataclass
class Fighter:
    """A Hero or the Monster in the arena."""

    card: str
    """Hero or Monster card id."""
    name: Text
    """Name printed on the card, in both languages (``(seat N)`` added when two seats share a Hero)."""
    is_monster: bool
    life: int
    base_damage: int
    hands: int
    hand: list[str] = field(default_factory=list)
    """Combat card instances held (hidden from the other seats)."""
    weapons: list[str] = field(default_factory=list)
    """Ready Weapons, in the order they were readied."""
    shields: dict[str, int] = field(default_factory=dict)
    """Ready Shields with the counters used on each (SWP-022)."""
    armor: str | None = None
    """Ready Armor card instance; ``None`` for none or for a Monster's printed Armor."""
    armor_value: int = 0
    """Damage the current Armor absorbs in all (0: no Armor)."""
    armor_damage: int = 0
    """Damage markers on the current Armor (SWP-RUL-17)."""
    defeated: bool = False

    def clone(self) -> Fighter:
        """A copy with its own lists."""
        return Fighter(self.card, self.name, self.is_monster, self.life, self.base_damage, self.hands,
                       list(self.hand), list(self.weapons), dict(self.shields), self.armor,
                       self.armor_value, self.armor_damage, self.defeated)

    @property
    def has_armor(self) -> bool:
        """Whether Armor still stands between attacks and life."""
        return self.armor_value > self.armor_damage

    @property
    def is_armed(self) -> bool:
        """Unarmed means no ready Weapon (SWP-RUL-35)."""
        return bool(self.weapons)


class Attack:
    """An attack being resolved (SWP-048). Treat it as immutable.

    A hand-written class with the frozen dataclass's ``__init__``, ``__eq__``, ``__hash__`` and ``__repr__``
    (it was one): a compiled build compiles these methods, where a dataclass's generated ones stay
    interpreted, and every attack makes one.
    """

    __slots__ = ("attacker", "card", "location", "target")

    def __init__(self, attacker: int, card: str, target: int, location: Location) -> None:
        self.attacker = attacker
        self.card = card
        self.target = target
        self.location = location

    def _fields(self) -> tuple[int, str, int, Location]:
        return (self.attacker, self.card, self.target, self.location)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Attack)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"{type(self).__qualname__}(attacker={self.attacker!r}, card={self.card!r}, target={self.target!r}, "
                f"location={self.location!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._fields())


@dataclass(eq=True)
class SwordplayState(State):
    """The whole match; fighters 0..n-1 are the seats' Heroes, the Monster (if any) comes last."""

    options: SwordplayOptions
    catalog: Catalog
    seats: int
    fighters: list[Fighter]
    deck: list[str]
    """The combat deck, top card first (hidden from everyone)."""
    discard: list[str]
    """The discard pile, face up, newest last."""
    phase: Phase
    turn: int = 0
    """Fighter whose turn it is."""
    readied: bool = False
    """Whether the turn's fighter readied an Item this turn (SWP-039)."""
    attack: Attack | None = None
    contenders: tuple[int, ...] = ()
    """Fighters rolling for first player (ties roll again, SWP-RUL-04)."""
    resume: Phase | None = None
    """Where play goes on after a reshuffle."""
    epoch: int = 0
    """How many times the combat deck has been shuffled; each hand card remembers its epoch."""
    drawn_in: dict[str, int] = field(default_factory=dict)
    """For each card in a hand, the epoch of the deck it was drawn from (public)."""
    turns: int = 0
    """Turns begun so far."""
    hand_size: int = field(init=False, repr=False, compare=False)
    """``options.hand_size``; this and the next two are the options the rules read at every turn, kept as fields of
    the state (set from ``options`` when the state is made, never changed): compiled, a field is a C struct read,
    where an option is an attribute look-up on a pydantic model (through its ``__getattr__`` hook)."""
    turn_limit: int | None = field(init=False, repr=False, compare=False)
    """``options.turn_limit``."""
    realistic_parries: bool = field(init=False, repr=False, compare=False)
    """``options.realistic_parries``."""
    instances: dict[str, Instance] = field(init=False, repr=False, compare=False)
    """``catalog.instances``, the record of every combat card instance, which every menu and most rules read: as a
    field of the state for the same reason (the catalogue is an interpreted dataclass: compiled, reading its
    attribute is a generic attribute look-up, the field a C struct read)."""

    def __post_init__(self) -> None:
        options = self.options
        self.hand_size = options.hand_size
        self.turn_limit = options.turn_limit
        self.realistic_parries = options.realistic_parries
        self.instances = self.catalog.instances

    def clone(self) -> SwordplayState:
        """A copy deep enough to apply an action to."""
        return SwordplayState(
            self.options, self.catalog, self.seats, [f.clone() for f in self.fighters], list(self.deck),
            list(self.discard), self.phase, self.turn, self.readied, self.attack, self.contenders,
            self.resume, self.epoch, dict(self.drawn_in), self.turns,
        )

    @property
    def monster(self) -> int | None:
        """Fighter index of the Monster, if the mode has one."""
        return self.seats if len(self.fighters) > self.seats else None

    def living_heroes(self) -> list[int]:
        """Heroes still in the game, in seat order."""
        return [i for i in range(self.seats) if not self.fighters[i].defeated]
