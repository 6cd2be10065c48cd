"""Drawing, the deck and paying costs (魔力消費, KAL-137..KAL-140, KAL-059..KAL-064)."""

from __future__ import annotations

from typing import Final

from bouts.core.decisions import Decision
from bouts.core.events import QUIET, Event
from bouts.core.i18n import Message, Text
from bouts.games.kaleido.actions import Act
from bouts.games.kaleido.cards import Catalog
from bouts.games.kaleido.flow import ONLY, auto, decision, one, ones, push, say, settle, verb
from bouts.games.kaleido.i18n import M_, N_, N_n
from bouts.games.kaleido.state import KaleidoState


def card_name(state: KaleidoState, instance: str) -> Text:
    """The printed name of a magic card instance, in both languages."""
    return state.catalog.magic[instance].name


def draw(state: KaleidoState, seat: int, count: int) -> None:
    """Queue drawing ``count`` cards into ``seat``'s hand (the deck is rebuilt mid-draw, KAL-RUL-02)."""
    if count > 0:
        state.stack.append(Decision(seat, "draw", (("count", count),)))  # push's record, made here


_DRAW_CLAUSES: Final = ("KAL-024", "KAL-026")
_DRAWN_CLAUSES: Final = ("KAL-025",)
_DRAW_MSG: Final = N_n("{seat} draws {count} card", "{seat} draws {count} cards")
_DRAWN_MSG: Final = N_("You draw {cards}")


@auto("draw")
def _draw(state: KaleidoState, frame: Decision) -> None:
    seat = frame.seat
    ((_, count),) = frame.data  # push's record: ("count", n) only
    player = state.players[seat]
    if not player.alive:
        return
    drawn: list[str] = []
    deck = state.deck
    while count > 0:
        if not deck:
            if state.discard:  # KAL-008, KAL-RUL-02: rebuild now and go on drawing
                push(state, "draw", seat, count=count)
                push(state, "reshuffle")
            else:  # KAL-RUL-01: nothing left to draw
                say(state, "draw_lost", N_n("No card is left to draw: {count} draw of {seat} is lost",
                                          "No card is left to draw: {count} draws of {seat} are lost"),
                    {"seat": seat, "lost": count}, args={"count": count, "seat": seat_label(state, seat)},
                    clauses=("KAL-RUL-01",))
            break
        card = deck.pop()
        player.hand.append(card)
        state.drawn_in[card] = state.epoch
        drawn.append(card)
        count -= 1
    events = state.events
    if drawn and events is not QUIET:
        # say's two events, made here; the names of the cards drawn only when someone reads them
        events.append(Event("draw", _DRAW_MSG, {"seat": seat, "count": len(drawn)},
                            args={"seat": seat_label(state, seat), "count": len(drawn)}, clauses=_DRAW_CLAUSES,
                            domain="kaleido"))
        magic = state.catalog.magic
        events.append(Event("drawn", _DRAWN_MSG, {"cards": drawn},
                            args=lambda: {"cards": [magic[c].name for c in drawn]}, to=ONLY[seat], reveals=True,
                            clauses=_DRAWN_CLAUSES, domain="kaleido"))


_LABELS: Final[dict[tuple[int, str | None], tuple[Catalog, Message]]] = {}
"""(seat, master id) -> (the catalog, the label): one shared label per seat and master (a message is never changed
once made); the catalog is kept so that another pack's master of the same id gets its own."""


def seat_label(state: KaleidoState, seat: int) -> Message:
    """``P<n> (master)`` for logs, seats counted from 1 as the table prints them."""
    master = state.players[seat].master
    catalog = state.catalog
    found = _LABELS.get((seat, master))
    if found is None or found[0] is not catalog:
        named = catalog.masters[master].name if master else None
        label = M_("P{number} ({master})", number=seat + 1, master=named) if named is not None \
            else M_("P{number}", number=seat + 1)
        found = _LABELS[seat, master] = (catalog, label)
    return found[1]


def in_battle(state: KaleidoState) -> bool:
    """Whether a battle phase is under way (accumulation cards pay only then, KAL-061)."""
    return state.battle is not None


def mana_available(state: KaleidoState, seat: int) -> int:
    """Mana ``seat`` could spend now: hand, strategy card and, in a battle phase, accumulation (KAL-139)."""
    player = state.players[seat]
    total = len(player.hand) + (1 if player.strategy else 0)
    if state.battle is not None:  # in_battle
        total += 2 * len(player.accumulation)
    return total


def ability_cost(state: KaleidoState, seat: int, ability_id: str, intervening: bool = False) -> int:
    """An ability's 【消費】, less the battlefield's NP discount for those it reaches: the participants, and an
    intervener from its declaration on, so an intervention is affordable as it will be charged (KAL-072,
    KAL-RUL-23)."""
    ability = state.catalog.abilities[ability_id]
    cost = ability.cost
    battle = state.battle
    if battle is not None and ability.kind.startswith("np_") and (intervening or battle.involves(seat)):
        fate = state.catalog.fates[battle.battlefield]
        if fate.effect == "np_discount":
            cost = max(0, cost - fate.value)
    return cost


def np_discount(state: KaleidoState, seat: int, intervening: bool = False) -> int:
    """What the battlefield takes off a Noble Phantasm's 【消費】 for ``seat`` now (0: nothing): :func:`ability_cost`'s
    discount, worked out once for every Noble Phantasm a menu checks (KAL-072, KAL-RUL-23)."""
    battle = state.battle
    if battle is None or not (intervening or battle.involves(seat)):
        return 0
    fate = state.catalog.fates[battle.battlefield]
    return fate.value if fate.effect == "np_discount" else 0


def can_pay(state: KaleidoState, seat: int, cost: int) -> bool:
    """Whether ``seat`` can pay ``cost`` in full now (KAL-RUL-59)."""
    return cost <= 0 or mana_available(state, seat) >= cost


def charge(state: KaleidoState, seat: int, cost: int, what: object) -> None:
    """Queue paying ``cost`` for ``what`` (the payer picks the cards; surplus is lost, KAL-063)."""
    if cost > 0:
        state.stack.append(Decision(seat, "pay", (("due", cost), ("what", what))))  # push's record, made here


def _pay_is_open(state: KaleidoState, frame: Decision) -> bool:
    # Nothing to choose when exactly enough mana is there (everything is spent) or one source is left.
    (_, due), _what = frame.data  # push's record: ("due", n), ("what", ...)
    player = state.players[frame.seat]
    sources = len(player.hand) + (1 if player.strategy else 0) \
        + (1 if player.accumulation and state.battle is not None else 0)  # in_battle
    return sources > 1 and mana_available(state, frame.seat) > due


def _pay_everything(state: KaleidoState, frame: Decision) -> Act:
    player = state.players[frame.seat]
    if player.hand:
        return one("pay", player.hand[0])
    if player.strategy:
        return one("pay", "strategy")
    return one("pay", "accumulation")


@decision("pay", _pay_is_open, _pay_everything)
def pay_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """Pay one card at a time: a hand card, the strategy card, or an accumulation card (worth 2)."""
    player = state.players[frame.seat]
    options: list[Act] = []
    seen: set[str] = set()
    pays = ones("pay")
    for card in player.hand:
        kind = card.partition("/")[0]
        if kind not in seen:
            seen.add(kind)
            found = pays.get(card)
            options.append(one("pay", card) if found is None else found)
    if player.strategy:
        options.append(one("pay", "strategy"))
    if player.accumulation and state.battle is not None:  # in_battle
        options.append(one("pay", "accumulation"))
    return options


@verb("pay")
def _pay(state: KaleidoState, frame: Decision, act: Act) -> None:
    seat = frame.seat
    player = state.players[seat]
    source = act.args[0]
    if source == "strategy":
        from bouts.games.kaleido.timings import end_strategy_effects  # timings imports this module

        card = player.strategy
        assert card is not None
        player.strategy = None
        end_strategy_effects(state, card)  # KAL-140
        worth = 1
    elif source == "accumulation":
        card = player.accumulation.pop(0)
        state.drawn_in.pop(card, None)
        worth = 2  # KAL-059
    else:
        card = source
        player.hand.remove(card)
        state.drawn_in.pop(card, None)
        worth = 1
    state.discard.append(card)
    (_, due), (_, what) = frame.data  # push's record: ("due", n), ("what", ...)
    due -= worth
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        args = {"seat": seat_label(state, seat), "card": card_name(state, card), "what": what,
                "lost": -due}
        if worth == 2:
            msg = N_("{seat} spends {card} (accumulation card, 2 mana) for {what}") if due >= 0 else \
                N_("{seat} spends {card} (accumulation card, 2 mana) for {what} (surplus {lost} lost)")
        else:
            msg = N_("{seat} spends {card} for {what}")
        say(state, "pay", msg, {"seat": seat, "card": card, "worth": worth}, args=args, reveals=True, owner=seat,
            clauses=("KAL-137", "KAL-138", "KAL-059", "KAL-063") if worth == 2 else ("KAL-137", "KAL-138", "KAL-139"))
    settle(state, frame)
    if due > 0:
        state.stack.append(Decision(seat, "pay", (("due", due), ("what", what))))  # push's record
