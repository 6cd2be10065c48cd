"""Shared bookkeeping: mana and spoils tracks, card facts, draws and the log."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, Final

from bouts.core.contract import Words
from bouts.core.events import QUIET, Event, Lazy
from bouts.core.i18n import Message, Text
from bouts.games.grail_war.actions import Act, act
from bouts.games.grail_war.cards import AnyCard, AttackCard, Catalog, NPCard, SpecialCard
from bouts.games.grail_war.i18n import M_, N_, N_n
from bouts.games.grail_war.state import MANA_MAX, GrailState, Player

ONLY = tuple(frozenset({seat}) for seat in range(8))


def log(state: GrailState, kind: str, msg: str, data: dict[str, Any] | None = None, *,
        args: Lazy | None = None, to: frozenset[int] | None = None, reveals: bool = False,
        owner: int | None = None, clauses: tuple[str, ...] = ()) -> None:
    """Add an event to the step's events: ``msg`` (a message id of Grail War's catalog, marked ``N_``) filled
    with ``args`` when it is read, in the reader's language (``clauses``: the checklist ids of the rule behind
    it). Rollouts make many events and nobody reads them, so no sentence is made here; ``args`` may be a function
    that makes them when first read (it must read nothing a later step changes)."""
    events = state.events
    if events is not QUIET:  # a quiet state (bouts.core.stepping.quiet) makes no events
        events.append(Event(kind, msg, data or {}, to=to, reveals=reveals, owner=owner, clauses=clauses,
                            args=args, domain="grail_war"))


_NAMES: tuple[dict[str, tuple[Text, Message]], ...] = tuple({} for _ in range(8))
"""Per seat, master id -> (the master's name, the message): one shared message per seat and master (a message is
never changed once made), made again when another content pack names that master otherwise."""


def name(state: GrailState, seat: int) -> Message:
    """The master's name as the log shows it: the seat counted from 1 and the master (``P2 Tohsaka Rin``)."""
    master_id = state.players[seat].master
    master = state.catalog.masters[master_id].name
    names = _NAMES[seat]
    found = names.get(master_id)
    if found is None or found[0] is not master:
        found = names[master_id] = (master, M_("P{number} {master}", number=seat + 1, master=master))
    return found[1]


def gain_mana(state: GrailState, seat: int, amount: int) -> None:
    """Mana up to 12; the excess is lost (DGW-007, DGW-RUL-06)."""
    p = state.players[seat]
    p.mana = max(0, min(MANA_MAX, p.mana + amount))


def gain_spoils(state: GrailState, seat: int, amount: int, why: Words | Callable[[], Words],
                clauses: tuple[str, ...] = ()) -> int:
    """Move ``seat`` on the spoils track by ``amount`` (never below 0) and say so: the amount, why, and the new
    total (every change of spoils is a public log line, DGW-032). Returns the change made.

    ``why`` may be a function that makes the words when the line is read (it must read nothing a later step
    changes: a :func:`functools.partial` of the values it needs)."""
    p = state.players[seat]
    before = p.spoils
    p.spoils = max(0, before + amount)
    change = p.spoils - before
    if amount and state.events is not QUIET:  # a quiet state makes no line: its words are not made
        msg = N_("{master} gains {count} spoils ({why}): {before} → {total}") if change >= 0 else \
            N_("{master} loses {count} spoils ({why}): {before} → {total}")
        args: Lazy = partial(_spoils_args, name(state, seat), abs(change), why, before, p.spoils) if callable(why) \
            else {"master": name(state, seat), "count": abs(change), "why": why, "before": before, "total": p.spoils}
        log(state, "spoils", msg, {"seat": seat, "spoils": change, "total": p.spoils}, args=args, clauses=clauses)
    return change


def _spoils_args(master: Message, count: int, why: Callable[[], Words], before: int, total: int) -> dict[str, Any]:
    """The arguments of a spoils line whose reason is made when the line is read."""
    return {"master": master, "count": count, "why": why(), "before": before, "total": total}


class CardTables:
    """A catalogue's card facts the rules read at nearly every step, as plain tables made once (a content record's
    field costs several times a dict look-up): only what never changes in play. An attack card here is exactly an
    :class:`AttackCard` (its :func:`stats` are as printed)."""

    def __init__(self, catalog: Catalog) -> None:
        attacks = {card: c for card, c in catalog.cards.items() if type(c) is AttackCard}
        self.attacks: dict[str, tuple[int, Act, Act]] = {
            card: (c.cost, act("play", card, "up"), act("play", card, "down")) for card, c in attacks.items()}
        """Attack card -> (printed cost, ``play CARD up``, ``play CARD down``): its cost and its two plays (DGW-069)."""
        self.printed: dict[str, tuple[int, tuple[str, ...]]] = {
            card: (c.power, c.attributes) for card, c in attacks.items()}
        """Attack card -> (printed power, attributes) (DGW-013, DGW-014)."""
        self.residual: frozenset[str] = frozenset(card for card, c in attacks.items() if c.timing == "residual")
        """The attack cards that stay in their residual state when used face up (残留, DGW-077)."""
        self.effects: dict[str, str | None] = {card: c.effect for card, c in catalog.cards.items()}
        """Card -> its effect keyword (``None``: no effect)."""
        self.np: dict[str, tuple[bool, bool, bool, str | None, int, int, Act]] = {
            card: (c.additional, c.any_mana, c.once_per_game, c.effect, c.cost, c.cost_per_round,
                   act("play", card, "up"))
            for card, c in catalog.cards.items() if isinstance(c, NPCard)}
        """NP/skill card -> (used additionally, usable at any mana, once per game, effect, printed cost, cost less per
        round, ``play CARD up``): what the battle preparation asks of it (DGW-068, DGW-081, DGW-082, DGW-G08)."""


_TABLES: Final[dict[int, tuple[Catalog, CardTables]]] = {}
"""Per catalogue (by id, the catalogue kept so that the id stays its own): its :class:`CardTables`."""
_LAST: Final[list[tuple[Catalog, CardTables]]] = []
"""The catalogue asked for last and its tables (nearly always the one in play): found without a look-up."""


def card_tables(catalog: Catalog) -> CardTables:
    """``catalog``'s :class:`CardTables`, made on first use."""
    if _LAST:
        last = _LAST[0]
        if last[0] is catalog:
            return last[1]
    found = _TABLES.get(id(catalog))
    if found is None or found[0] is not catalog:
        found = _TABLES[id(catalog)] = (catalog, CardTables(catalog))
    _LAST[:] = [found]
    return found[1]


def card_name(state: GrailState, card: str) -> Text:
    """The printed name of a card instance, in both languages."""
    return state.catalog.cards[card].name


def is_converted(p: Player, card: str) -> bool:
    """An NP/skill card that now counts as an attack card (陣地作成, 自己改造)."""
    return p.np.get(card) == "converted"


def stats(state: GrailState, p: Player, card: str) -> tuple[int, tuple[str, ...], int]:
    """(base power, attributes, cost) as printed, or as a converted card counts (DGW-013..DGW-015)."""
    c = state.catalog.cards[card]
    if type(c) is AttackCard:
        return c.power, c.attributes, c.cost
    if isinstance(c, NPCard):
        if p.np.get(card) == "converted":  # is_converted
            return c.amount, tuple(a for a in c.attributes if a != "noble"), 0
        if not c.cost_per_round:  # np_cost, made here
            return c.power, c.attributes, c.cost if c.cost > 0 else 0
        return c.power, c.attributes, max(0, c.cost - c.cost_per_round * state.round)
    return c.power, c.attributes, c.cost


def np_cost(state: GrailState, card: str) -> int:
    """An NP/skill card's cost now (陣地作成 costs 16 - 2 x round)."""
    c = state.catalog.cards[card]
    assert isinstance(c, NPCard)
    if not c.cost_per_round:
        return c.cost if c.cost > 0 else 0
    return max(0, c.cost - c.cost_per_round * state.round)


def is_attack(state: GrailState, p: Player, card: str) -> bool:
    """A card that may be played face down: an attack card (DGW-069; special cards never, DGW-RUL-19)."""
    c = state.catalog.cards[card]
    return isinstance(c, AttackCard) or (isinstance(c, NPCard) and is_converted(p, card))


def is_special(state: GrailState, card: str) -> bool:
    """A master's special card (干将・莫耶, ガンド, 蛇)."""
    return isinstance(state.catalog.cards[card], SpecialCard)


def draw(state: GrailState, seat: int) -> bool:
    """Draw the cards ``seat`` is owed; False when a reshuffle of the trash must come first (DGW-041).

    With deck and trash both empty, drawing stops (DGW-RUL-31).
    """
    p = state.players[seat]
    drawn = []
    while p.owed > 0:
        if not p.deck:
            if p.trash:
                state.chance = ("trash", seat)
                break
            p.owed = 0
            break
        drawn.append(p.deck.pop(0))
        p.hand.append(drawn[-1])
        p.origin[drawn[-1]] = p.epoch
        p.owed -= 1
    if drawn and state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
        log(state, "draw", N_n("{master} draws {count} card", "{master} draws {count} cards"),
            {"seat": seat, "count": len(drawn)},
            args={"master": name(state, seat), "count": len(drawn)}, clauses=("DGW-037",))
        log(state, "drawn", N_("You draw {cards}"), {"seat": seat, "cards": drawn},
            args=partial(_drawn, state.catalog.cards, drawn), to=ONLY[seat], reveals=True, clauses=("DGW-037",))
    return p.owed == 0


def _drawn(cards: Mapping[str, AnyCard], drawn: list[str]) -> dict[str, Any]:
    """The arguments of a draw's private line: the cards' names (made when the line is read)."""
    return {"cards": [cards[c].name for c in drawn]}


def rank_top_half(state: GrailState, seat: int) -> bool:
    """Whether ``seat`` is in the top half of the spoils ranking, rounded down (単独行動)."""
    living = state.living()
    better = sum(1 for s in living if state.players[s].spoils > state.players[seat].spoils)
    return better < len(living) // 2


def prohibited(state: GrailState, what: str) -> bool:
    """Whether the situation card prohibits ``np`` or ``special`` cards this round (使用禁止, DGW-G09/G10)."""
    if state.situation is None:
        return False
    return state.catalog.situations[state.situation].effect == _PROHIBITED[what]


_PROHIBITED = {"np": "np_prohibited", "special": "special_prohibited"}


def situation_effect(state: GrailState) -> tuple[str | None, str | None, int]:
    """The round's extra rule: (effect, attribute, amount) (DGW-010)."""
    if state.situation is None:
        return None, None, 0
    s = state.catalog.situations[state.situation]
    return s.effect, s.attribute, s.amount
