"""Fate/kaleido grail state: players, the deck, the pending-decision stack, the battle and effects."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bouts.core.contract import State
from bouts.core.decisions import Decision
from bouts.core.i18n import Message
from bouts.games.kaleido.cards import Catalog
from bouts.games.kaleido.options import KaleidoOptions


@dataclass
class Player:
    """One master and servant (KAL-002) with the tracker card (KAL-006, KAL-172) and cards."""

    master: str | None = None
    servant: str | None = None
    hp: int = 0
    """Current HP (marker on the tracker card)."""
    spells: int = 0
    """Command spells left (令呪)."""
    hand: list[str] = field(default_factory=list)
    """Magic card instances in hand (hidden from the others, KAL-025)."""
    strategy: str | None = None
    """The face-up strategy card (KAL-049)."""
    accumulation: list[str] = field(default_factory=list)
    """Face-down mana accumulation cards (KAL-055)."""
    fate: int = 0
    """This turn's fate card number (0: none)."""
    lurking: bool = False
    """潜伏 this turn (KAL-039)."""
    accumulated: bool = False
    """Whether an accumulation card was placed this turn (KAL-057)."""
    accumulated_ever: int = 0
    """Accumulation cards placed in the whole game (for ``accumulation_cap_lifetime``)."""
    summoned: bool = False
    """Whether Caster's summoned servant is out this turn (KAL-152)."""
    alive: bool = True

    def clone(self) -> Player:
        """A copy with its own lists."""
        return Player(self.master, self.servant, self.hp, self.spells, list(self.hand), self.strategy,
                      list(self.accumulation), self.fate, self.lurking, self.accumulated,
                      self.accumulated_ever, self.summoned, self.alive)


class Effect:
    """A lasting effect: a modifier to attack or defence with its duration (KAL-129..KAL-131).

    A hand-written class with the dataclass's ``__init__``, ``__eq__`` and ``__repr__`` (it was one, unhashable
    as a dataclass with ``eq`` is): a compiled build compiles these methods, where a dataclass's generated ones
    stay interpreted.
    """

    __slots__ = ("bound", "card", "scope", "servant_only", "source", "stat", "target", "value")

    def __init__(self, target: int, stat: str, value: int, scope: str, source: str, bound: int = 0,
                 servant_only: bool = False, card: str | None = None) -> None:
        self.target = target
        """The seat whose servant it changes."""
        self.stat = stat
        """``attack`` or ``defence``."""
        self.value = value
        """Signed change."""
        self.scope = scope
        """``turn``, ``battle`` or ``action``."""
        self.source = source
        """``card:<instance>``, ``strategy:<instance>``, ``ability:<id>:<seat>`` or ``spell:<seat>``."""
        self.bound = bound
        """The battle (or combat action) number it is bound to; 0 until it binds (KAL-RUL-34/35)."""
        self.servant_only = servant_only
        """Command spell ③: not for the master's attacks (KAL-151)."""
        self.card = card
        """A normally used card on the field for the effect's duration (KAL-135)."""

    def _fields(self) -> tuple[int, str, int, str, str, int, bool, str | None]:
        return (self.target, self.stat, self.value, self.scope, self.source, self.bound, self.servant_only, self.card)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Effect)
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable, as the dataclass was

    def __repr__(self) -> str:
        return (f"{type(self).__qualname__}(target={self.target!r}, stat={self.stat!r}, value={self.value!r}, "
                f"scope={self.scope!r}, source={self.source!r}, bound={self.bound!r}, "
                f"servant_only={self.servant_only!r}, card={self.card!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._fields())

    def clone(self) -> Effect:
        """A copy."""
        return Effect(self.target, self.stat, self.value, self.scope, self.source, self.bound,
                      self.servant_only, self.card)


@dataclass
class Strike:
    """One attack being resolved: a combat action's main attack or an intervention (KAL-076, KAL-082)."""

    attacker: int
    defender: int
    method: str
    """``normal`` or an ability id."""
    intervention: bool = False
    clash: str | None = None
    """The defender's 相殺可 NP (KAL-090)."""
    guard: str | None = None
    """The defender's type-防御 NP (KAL-096)."""

    def clone(self) -> Strike:
        """A copy."""
        return Strike(self.attacker, self.defender, self.method, self.intervention, self.clash, self.guard)


@dataclass
class Battle:
    """A battle phase (KAL-068): participants, battlefield and the combat action loop."""

    number: int
    """Battle phases so far in the match (effects bind to it)."""
    first: int
    second: int
    battlefield: int
    """The battlefield: the nominated player's fate card number (KAL-071)."""
    step: str = "対戦指名"
    """Where the loop stands: 対戦指名, 介入, 攻撃, 防御, ダメージ決定, 死亡判定, 撤退."""
    attacker: int = -1
    """Whose combat action it is."""
    action: int = 0
    """Combat actions so far in the match (action effects bind to it)."""
    round: int = 0
    intervened: list[int] = field(default_factory=list)
    """Seats that declared an intervention this battle phase (KAL-081)."""
    declared: list[tuple[int, int, str]] = field(default_factory=list)
    """Interventions declared this combat action: (intervener, target, ability), in fate order."""
    hurt: list[int] = field(default_factory=list)
    """Participants who lost HP to the other participant this round (KAL-RUL-31)."""
    strike: Strike | None = None
    passed: list[int] = field(default_factory=list)
    """Seats that passed in the open step window since the last move (KAL-103, KAL-RUL-28)."""
    mark: int = 0
    """The match's move count when ``passed`` was last started afresh (a move reopens the window)."""
    nominator: int = -1
    """Who nominated (the first player unless a card changed that, KAL-073)."""
    void: bool = False
    """A card stopped the nomination before it was established (KAL-RUL-18)."""

    def clone(self) -> Battle:
        """A copy."""
        return Battle(self.number, self.first, self.second, self.battlefield, self.step, self.attacker, self.action,
                      self.round, list(self.intervened), list(self.declared), list(self.hurt),
                      None if self.strike is None else self.strike.clone(), list(self.passed), self.mark,
                      self.nominator, self.void)

    def is_participant(self, seat: int) -> bool:
        """Whether ``seat`` is the first or second player (KAL-070)."""
        return seat == self.first or seat == self.second

    def opponent(self, seat: int) -> int:
        """The other participant."""
        return self.second if seat == self.first else self.first

    def involves(self, seat: int) -> bool:
        """Participants and interveners: who the 霊地効果 reaches (KAL-072)."""
        return seat == self.first or seat == self.second or seat in self.intervened


@dataclass(eq=True)
class KaleidoState(State):
    """The whole match."""

    options: KaleidoOptions
    catalog: Catalog
    seats: int
    players: list[Player]
    deck: list[str] = field(default_factory=list)
    """The magic deck, top first (hidden from everyone)."""
    discard: list[str] = field(default_factory=list)
    """The discard pile, face up."""
    stack: list[Decision] = field(default_factory=list)
    """Pending steps and decisions, top last."""
    battle: Battle | None = None
    effects: list[Effect] = field(default_factory=list)
    turn: int = 0
    order: list[int] = field(default_factory=list)
    """This turn's players in fate-card order (KAL-033); at set-up, the master-choice order."""
    phase: str = "setup"
    """Part of the turn: setup, order, strategy, battle, end, over."""
    phase_id: int = 0
    """Counts strategy phases, battle phases and end parts (strategy-card reuse)."""
    used_strategy: dict[int, int] = field(default_factory=dict)
    """Seat to the phase in which its strategy card was last used."""
    cancelled: list[str] = field(default_factory=list)
    """Card uses countered before they resolved (KAL-126)."""
    battles: int = 0
    actions: int = 0
    epoch: int = 0
    """Deck shuffles so far; each hidden card remembers its epoch (for determinize)."""
    drawn_in: dict[str, int] = field(default_factory=dict)
    killer: dict[int, int] = field(default_factory=dict)
    """For a seat whose HP fell to 0 or less: who defeated it (KAL-RUL-36)."""
    winner: int | None = None
    reason: Message | None = None
    """How the game ended (once it is over)."""
    once: list[str] = field(default_factory=list)
    """Once-a-turn abilities used this turn (``ability:<id>:<seat>``)."""
    moves: int = 0
    """Moves made so far (card, ability, Noble Phantasm, command spell, attack...): a window asks a seat that
    passed again only after one (KAL-RUL-28)."""

    def clone(self) -> KaleidoState:
        """A copy deep enough to apply an action to."""
        return KaleidoState(
            self.options, self.catalog, self.seats, [p.clone() for p in self.players], list(self.deck),
            list(self.discard), list(self.stack), None if self.battle is None else self.battle.clone(),
            [e.clone() for e in self.effects], self.turn, list(self.order), self.phase, self.phase_id,
            dict(self.used_strategy), list(self.cancelled), self.battles, self.actions, self.epoch,
            dict(self.drawn_in), dict(self.killer), self.winner, self.reason, list(self.once), self.moves,
        )

    def living(self) -> list[int]:
        """Seats still in the game, in fate order when there is one, else seat order."""
        return [s for s in (self.order or range(self.seats)) if self.players[s].alive]

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.phase == "over"
