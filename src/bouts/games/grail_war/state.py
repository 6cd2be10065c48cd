"""Dominate Grail War state: the central board, the master boards and the pending decisions."""

from __future__ import annotations

from dataclasses import dataclass, field

from bouts.core.contract import State, Words
from bouts.core.i18n import Text
from bouts.games.grail_war.cards import Catalog
from bouts.games.grail_war.options import GrailWarOptions

WORKSHOP, MIYAMA, SHINTO, RECON = "workshop", "miyama", "shinto", "recon"
PLACES = (WORKSHOP, MIYAMA, SHINTO, RECON)
"""The four places, in arrow order (DGW-004, DGW-060)."""
BATTLEFIELDS = (MIYAMA, SHINTO)
PLACE_NAMES = {WORKSHOP: Text("Workshop", "魔術工房", original="ja"), MIYAMA: Text("Miyama", "深山町", original="ja"),
               SHINTO: Text("Shinto", "新都", original="ja"), RECON: Text("Recon", "偵察", original="ja")}
"""The places as the central board prints them (DGW-004), in both languages."""
TOKENS = ("miyama3", "miyama1", "shinto3", "shinto1")
"""Land advantage tokens (DGW-022): each battlefield's +3 and +1."""
TOKEN_VALUE = {"miyama3": 3, "miyama1": 1, "shinto3": 3, "shinto1": 1}
NPC_POWER = 11
"""The NPC's fixed total power (DGW-054)."""
MANA_MAX = 12
"""Mana track maximum (DGW-007)."""

# stages of a player's action (DGW-058, DGW-084)
BEFORE_MOVE, MOVE, AFTER_MOVE, PREPARE, RESOLVE, AFTER_PREPARE = (
    "before_move", "move", "after_move", "prepare", "resolve", "after_prepare")


@dataclass
class Player:
    """One master board and everything on and around it."""

    master: str
    servant: str = ""
    """The secret servant (DGW-029)."""
    revealed: bool = False
    """Servant tarot face up (真名解放, DGW-073)."""
    exposed: bool = False
    """The servant is public knowledge (tarot revealed, or one of its cards played face up)."""
    mana: int = 0
    infinite: bool = False
    """Sakura's 隠された秘密: unlimited mana (DGW-RUL-48)."""
    command_spells: int = 3
    spoils: int = 0
    jewels: int = 0
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    """Servant deck, top first (hidden from everyone)."""
    trash: list[tuple[str, bool]] = field(default_factory=list)
    """Trash: (card, face up), in the orientation used (DGW-008)."""
    np: dict[str, str] = field(default_factory=dict)
    """NP/skill card -> ``down`` (unused), ``up`` (used), ``residual``, ``converted`` (now an attack card),
    ``removed``."""
    np_round: dict[str, int] = field(default_factory=dict)
    """Round an NP/skill card went residual or was converted."""
    at_hand: list[str] = field(default_factory=list)
    """Special cards kept at hand (干将・莫耶, ガンド, DGW-G03/G04)."""
    location: str | None = None
    played: list[tuple[str, bool, bool]] = field(default_factory=list)
    """Cards used this round: (card, face up, silenced by 二の太刀)."""
    selected: list[tuple[str, bool]] = field(default_factory=list)
    """Battle preparation in progress: (card, face up), in the order chosen (DGW-076)."""
    residual: list[tuple[str, int]] = field(default_factory=list)
    """Attack cards in their residual state: (card, round used) (DGW-077, DGW-RUL-21)."""
    use_b: int = 0
    """Command spells Use B this round (DGW-088)."""
    power_bonus: int = 0
    """Total power from effects this round."""
    win_bonus: int = 0
    """Extra spoils if this player wins this round (遠隔操作, 偽・螺旋剣, 突き穿つ死翔の槍)."""
    land_multiplier: int = 1
    lost: bool = False
    """敗北させる this round (DGW-G17)."""
    protected: bool = False
    """幸運: effects that make this player lose are cancelled."""
    blocked: bool = False
    """破戒すべき全ての符: can play no more cards this round."""
    flags: list[str] = field(default_factory=list)
    """Battle flags from 対決時 effects this round (``god_hand``, ``independent``, ``zabaniya``)."""
    engaged: bool = False
    acted: bool = False
    """Finished battle preparation this round."""
    owed: int = 0
    """Cards still to draw (a draw waits for a reshuffle of the trash)."""
    eliminated: bool = False
    switched: bool = False
    """Shinji changed to Sakura (DGW-G15)."""
    epoch: int = 0
    """How many times this deck was rebuilt from the trash (or taken whole by 無限の剣製): its shuffle."""
    origin: dict[str, int] = field(default_factory=dict)
    """Card -> the shuffle (``epoch``) of the deck it was drawn from (cards in the deck: the current one)."""
    since: dict[str, int] = field(default_factory=dict)
    """Card -> the last shuffle it went into face up, seen by all: it cannot be in a slot filled earlier."""

    def clone(self) -> Player:
        """A copy with its own lists."""
        c = Player(self.master, self.servant, self.revealed, self.exposed, self.mana, self.infinite,
                   self.command_spells, self.spoils, self.jewels, list(self.hand), list(self.deck), list(self.trash),
                   dict(self.np), dict(self.np_round), list(self.at_hand), self.location, list(self.played),
                   list(self.selected), list(self.residual), self.use_b, self.power_bonus, self.win_bonus,
                   self.land_multiplier, self.lost, self.protected, self.blocked, list(self.flags), self.engaged,
                   self.acted, self.owed, self.eliminated, self.switched, self.epoch, dict(self.origin),
                   dict(self.since))
        return c


@dataclass(frozen=True)
class Pending:
    """A decision an effect or ability asks for, on the stack (the top decides first)."""

    kind: str
    """``goto`` (move by an effect), ``target`` (破戒すべき全ての符), ``riding``, ``rebuild``, ``switch``."""
    seat: int
    card: str = ""
    choices: tuple[str, ...] = ()


@dataclass(eq=True)
class GrailState(State):
    """The whole game."""

    options: GrailWarOptions
    catalog: Catalog
    seats: int
    players: list[Player]
    step: str = "setup"
    """Where the game stands: ``setup``, ``place``, ``turn``, ``over`` and the automatic steps between."""
    chance: tuple[str, int] | None = None
    """A pending shuffle: (kind, seat); kinds ``masters``, ``servants``, ``situations``, ``events``, ``deck``,
    ``trash``, ``event_trash``."""
    round: int = 1
    start: int = 0
    """Start player (DGW-033)."""
    order: tuple[int, ...] = ()
    cursor: int = 0
    stage: str = BEFORE_MOVE
    situation_deck: list[str] = field(default_factory=list)
    situation_removed: list[str] = field(default_factory=list)
    """The 2 situation cards removed unseen (DGW-020)."""
    situation: str | None = None
    display: list[str] = field(default_factory=list)
    """Round display: used situation cards (DGW-006)."""
    event_deck: list[str] = field(default_factory=list)
    event_used: list[str] = field(default_factory=list)
    events_at: dict[str, list[tuple[str, bool]]] = field(default_factory=dict)
    """Event cards on each battlefield: (card, face up)."""
    tokens: dict[str, int | None] = field(default_factory=dict)
    """Land advantage token -> holder seat (``None``: on its space)."""
    workshop: list[int] = field(default_factory=list)
    """Pieces placed at the Workshop this round, in order."""
    npc: str | None = None
    nullify: list[tuple[str, str, int]] = field(default_factory=list)
    """(battlefield, attribute, owner): opponents' cards of that attribute there have base power 0."""
    silence: dict[str, int] = field(default_factory=dict)
    """二の太刀: battlefield -> seat; cards others play there afterwards have no effects."""
    resolve: list[str] = field(default_factory=list)
    """使用時 effects still to resolve for the acting player, in the order chosen."""
    pending: list[Pending] = field(default_factory=list)
    to_place: list[tuple[str, bool]] = field(default_factory=list)
    """Event cards still to place: (battlefield, face up) (DGW-040, イベントを追加 DGW-G12)."""
    resume: str = ""
    """The step after event placement."""
    climax_card: str | None = None
    winners: tuple[int, ...] | None = None
    reason: Words = ""
    shown_power: dict[int, int] = field(default_factory=dict)
    """Each fighter's total power as last announced in the log this round (a change is announced). A quiet state
    (``bouts.core.quiet``) announces nothing and keeps none: a fork of it that makes events again announces each
    fighter's total afresh, its parts said, as its log has not said it."""

    def clone(self) -> GrailState:
        """A copy deep enough to apply an action to."""
        return GrailState(
            self.options, self.catalog, self.seats, [p.clone() for p in self.players], self.step, self.chance,
            self.round, self.start, self.order, self.cursor, self.stage, list(self.situation_deck),
            list(self.situation_removed), self.situation, list(self.display), list(self.event_deck),
            list(self.event_used), {k: list(v) for k, v in self.events_at.items()}, dict(self.tokens),
            list(self.workshop), self.npc, list(self.nullify), dict(self.silence), list(self.resolve),
            list(self.pending), list(self.to_place), self.resume, self.climax_card, self.winners, self.reason,
            dict(self.shown_power))

    def living(self) -> list[int]:
        """Seats still in the game, in seat order."""
        return [s for s, p in enumerate(self.players) if not p.eliminated]

    def turn_order(self) -> tuple[int, ...]:
        """Living seats clockwise from the start player (DGW-043, DGW-057)."""
        n = self.seats
        first = self.start % n  # (start + i) % n for i in range(n): first .. n-1, then 0 .. first-1
        players = self.players
        return tuple([s for s in range(first, n) if not players[s].eliminated]
                     + [s for s in range(first) if not players[s].eliminated])

    @property
    def acting(self) -> int:
        """The seat whose placement or action it is."""
        return self.order[self.cursor]
