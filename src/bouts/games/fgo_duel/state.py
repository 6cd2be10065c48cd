"""FGO Duel state: the two masters (party, command deck, hand, trash, chips) and the turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from bouts.core.contract import State
from bouts.core.decisions import SealedChoices
from bouts.core.i18n import Message
from bouts.games.fgo_duel.cards import Board, Catalog, GameMap
from bouts.games.fgo_duel.options import FgoOptions

ONLY_SEAT: Final[tuple[frozenset[int], frozenset[int]]] = (frozenset({0}), frozenset({1}))
"""The audience of a private event of seat 0 or of seat 1."""
CHAIN_COUNTER_SQUARES: Final = 3
"""Squares of the chain counter: the start square (0) to the rightmost square (2) (FGO-RUL-05)."""


class Phase(StrEnum):
    """Where the match stands: set-up steps, the four turn phases (FGO-034) and their decisions."""

    PARTY = "party"
    FIRST_PLAYER = "first_player"
    SHUFFLE = "shuffle"
    MULLIGAN = "mulligan"
    START = "start"
    ACTION = "action"
    TRIGGER = "trigger"
    BATTLE = "battle"
    REMOVE = "remove"
    END_MOVE = "end_move"
    OVER = "over"


class SkillState(StrEnum):
    """Where a skill card lies (FGO-086, FGO-093, FGO-094)."""

    FACE_DOWN = "face_down"
    FACE_UP = "face_up"
    REMOVED = "removed"


# Each phase and each place of a skill card as a module constant, for the rules, which read them at every step: in
# CPython 3.11 ``Phase.ACTION`` is a class attribute read through the enum's descriptor (about 150 ns, against 25 ns
# for a module constant), and a compiled build reads a Final constant as a C static. The same objects
# (``PHASE_ACTION is Phase.ACTION``).
PHASE_PARTY: Final = Phase.PARTY
PHASE_FIRST_PLAYER: Final = Phase.FIRST_PLAYER
PHASE_SHUFFLE: Final = Phase.SHUFFLE
PHASE_MULLIGAN: Final = Phase.MULLIGAN
PHASE_START: Final = Phase.START
PHASE_ACTION: Final = Phase.ACTION
PHASE_TRIGGER: Final = Phase.TRIGGER
PHASE_BATTLE: Final = Phase.BATTLE
PHASE_REMOVE: Final = Phase.REMOVE
PHASE_END_MOVE: Final = Phase.END_MOVE
PHASE_OVER: Final = Phase.OVER
SKILL_FACE_DOWN: Final = SkillState.FACE_DOWN
SKILL_FACE_UP: Final = SkillState.FACE_UP
SKILL_REMOVED: Final = SkillState.REMOVED


@dataclass
class ServantInPlay:
    """One servant of a party: status card in a STATUS slot, figure on the map, skill card."""

    servant: str
    """Servant content id."""
    slot: int
    """STATUS slot number 1-3 = initial area number (FGO-020)."""
    area: str | None
    """The area of its figure; ``None`` once destroyed (FGO-062)."""
    skill: str | None = None
    """Its skill card id (advanced rules, FGO-085)."""
    skill_state: SkillState | None = None
    skill_target: str | None = None
    """The ally a ``card_power`` skill was used on."""
    skill_revealed: bool = False
    """Whether the skill card was ever turned face up (a face-down card removed with its servant stays secret)."""

    def clone(self) -> ServantInPlay:
        """A copy."""
        return ServantInPlay(self.servant, self.slot, self.area, self.skill, self.skill_state, self.skill_target,
                             self.skill_revealed)

    @property
    def is_on_map(self) -> bool:
        """Whether its figure is on the map (not destroyed)."""
        return self.area is not None


@dataclass
class Chip:
    """A chip on the chain counter (FGO-051, FGO-052): its chain and its square (age, FGO-RUL-05)."""

    chain: str
    """``quick`` or ``arts``."""
    square: int = 0
    """0 is the start square; it moves 1 square at every end phase (FGO-075)."""


@dataclass
class Master:
    """A player: party, command deck, hand, trash and chain counter."""

    party: list[ServantInPlay] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    """Command deck, top card first (hidden from both players, FGO-023)."""
    hand: list[str] = field(default_factory=list)
    """Hand (hidden from the opponent, FGO-024)."""
    trash: list[str] = field(default_factory=list)
    """Trash, face up, oldest first (FGO-044, FGO-045)."""
    sideways: list[str] = field(default_factory=list)
    """Trash cards turned sideways to pay NP (FGO-083); the rest of the trash is upright."""
    removed: list[str] = field(default_factory=list)
    """Command cards removed from the game (FGO-064)."""
    battle: list[str] = field(default_factory=list)
    """Command cards on the BATTLE space (revealed)."""
    chips: list[Chip] = field(default_factory=list)
    unshuffled: bool = False
    """Whether the command deck must be shuffled before the next draw (FGO-022, FGO-025, FGO-072)."""
    mulliganed: bool | None = None
    """``None`` until decided; whether this master took the mulligan (public, FGO-RUL-36)."""
    turn_skills: list[str] = field(default_factory=list)
    """Servant ids whose one-shot skill is in effect this turn (active) or this battle (trigger)."""
    epoch: int = 0
    """How many times the command deck has been shuffled."""
    drawn_in: dict[str, int] = field(default_factory=dict)
    """For each hand card, the epoch of the deck it was drawn from (cards of one epoch are alike to others)."""

    def clone(self) -> Master:
        """A copy with its own lists."""
        return Master([s.clone() for s in self.party], list(self.deck), list(self.hand), list(self.trash),
                      list(self.sideways), list(self.removed), list(self.battle),
                      [Chip(c.chain, c.square) for c in self.chips], self.unshuffled, self.mulliganed,
                      list(self.turn_skills), self.epoch, dict(self.drawn_in))

    def servant(self, servant_id: str) -> ServantInPlay:
        """The party member with this id."""
        for member in self.party:
            if member.servant == servant_id:
                return member
        raise StopIteration(servant_id)

    def on_map(self) -> list[ServantInPlay]:
        """Party members whose figures are on the map."""
        return [s for s in self.party if s.is_on_map]

    @property
    def card_total(self) -> int:
        """Deck + hand + battle cards + trash: win condition C counts this (FGO-031, FGO-032)."""
        return len(self.deck) + len(self.hand) + len(self.battle) + len(self.trash)



class Attack:
    """A move into an area: the attacker, where from and where to, and the defender if any. Treat it as immutable.

    A hand-written class with the frozen dataclass's ``__init__``, ``__eq__``, ``__hash__`` and ``__repr__``
    (it was one): a compiled build compiles these methods, where a dataclass's generated ones stay
    interpreted, and every move makes one.
    """

    __slots__ = ("attacker", "defender", "destination", "origin")

    def __init__(self, attacker: str, origin: str, destination: str, defender: str | None) -> None:
        self.attacker = attacker
        self.origin = origin
        self.destination = destination
        self.defender = defender

    def _fields(self) -> tuple[str, str, str, str | None]:
        return (self.attacker, self.origin, self.destination, self.defender)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Attack)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"{type(self).__qualname__}(attacker={self.attacker!r}, origin={self.origin!r}, "
                f"destination={self.destination!r}, defender={self.defender!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._fields())


class DrawOrder:
    """Cards a master still has to draw (FGO-070, FGO-RUL-28).

    Never changed in place (a new order replaces it), so clones may share it. A hand-written slots class with the
    methods of the ``@dataclass(slots=True)`` it was (``__init__``, ``__eq__``, ``__repr__``; unhashable, as
    defining ``__eq__`` alone makes it): a compiled build compiles these methods, where a dataclass's generated
    ones stay interpreted.
    """

    __slots__ = ("count", "seat")

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, DrawOrder)
        return self.seat == other.seat and self.count == other.count

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(seat={self.seat!r}, count={self.count!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.seat, self.count))


@dataclass(eq=True)
class FgoState(State):
    """The whole match."""

    options: FgoOptions
    catalog: Catalog
    masters: list[Master]
    phase: Phase
    first: int = 0
    """The first player (先攻)."""
    turn: int = 0
    """Seat whose turn it is."""
    turns: int = 0
    """Turns begun so far (game turns, FGO-RUL-01)."""
    sealed: SealedChoices | None = None
    """Sealed choices in progress: party building or battle cards (FGO-048)."""
    attack: Attack | None = None
    shuffling: int = 0
    """Seat whose command deck the pending shuffle is for."""
    draws: list[DrawOrder] = field(default_factory=list)
    """Draws still to make, in order."""
    after: str = ""
    """What comes when the pending shuffle and draws are done."""
    mulligan_seat: int = 0
    """Seat asked about the mulligan now."""
    winner: int | None = None
    reason: Message | str = ""
    """Why the game ended (a message, read in the reader's language)."""
    fallen: int | None = None
    """A master already down to 4 cards while the opponent still draws (option ``both_short = draw``)."""
    stalled: int = 0
    """Turns in a row that ended with no move and no card drawn (FGO-RUL-13); 2 means nobody can ever move."""
    party_picks: list[list[str]] = field(default_factory=lambda: [[], []])
    """Status cards each seat has put face down so far, slot 1 first (hidden from the other seat)."""
    last_battle: dict[str, object] | None = None
    """The last battle, revealed: cards, chains and totals, for views."""
    advanced: bool = field(init=False, repr=False, compare=False)
    """``options.advanced``; this and the next three are options the rules read at every turn, kept as fields of the
    state (set from ``options`` and ``catalog`` when the state is made, never changed): compiled, a field is a C
    struct read, where an option is an attribute look-up on a pydantic model (through its ``__getattr__`` hook)."""
    turn_limit: int | None = field(init=False, repr=False, compare=False)
    """``options.turn_limit``."""
    own_turn_chains: bool = field(init=False, repr=False, compare=False)
    """``options.chain_turn == "own_turn"`` (FGO-RUL-01)."""
    map_board: Board = field(init=False, repr=False, compare=False)
    """The lookups of the map in play, :attr:`board` (``catalog.boards[options.map]``)."""

    def __post_init__(self) -> None:
        options = self.options
        self.advanced = options.advanced
        self.turn_limit = options.turn_limit
        self.own_turn_chains = options.chain_turn == "own_turn"
        self.map_board = self.catalog.boards[options.map]

    def clone(self) -> FgoState:
        """A copy deep enough to apply an action to."""
        return FgoState(
            self.options, self.catalog, [m.clone() for m in self.masters], self.phase, self.first, self.turn,
            self.turns, self.sealed.clone() if self.sealed else None, self.attack, self.shuffling,
            list(self.draws), self.after, self.mulligan_seat, self.winner, self.reason, self.fallen, self.stalled,
            [list(p) for p in self.party_picks], None if self.last_battle is None else dict(self.last_battle),
        )

    @property
    def map(self) -> GameMap:
        """The map in play."""
        return self.catalog.maps[self.options.map]

    @property
    def board(self) -> Board:
        """The lookups of the map in play (neighbours, master areas, area names)."""
        return self.catalog.boards[self.options.map]

    def occupant(self, area: str) -> tuple[int, ServantInPlay] | None:
        """The seat and servant whose figure stands in ``area`` (at most one, FGO-RUL-16)."""
        for seat, master in enumerate(self.masters):
            for servant in master.party:
                if servant.area == area:
                    return seat, servant
        return None
