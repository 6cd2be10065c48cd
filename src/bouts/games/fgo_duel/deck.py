"""The command deck: drawing, the mulligan and the deck rebuild (FGO-022..FGO-026, FGO-070..FGO-074)."""

from __future__ import annotations

from functools import partial
from typing import Any, Final

from bouts.core.events import QUIET, Event
from bouts.core.i18n import Message, Text
from bouts.games.fgo_duel.cards import TYPE_NAMES
from bouts.games.fgo_duel.i18n import M_, N_, N_n
from bouts.games.fgo_duel.log import say
from bouts.games.fgo_duel.state import ONLY_SEAT, PHASE_OVER, PHASE_REMOVE, PHASE_SHUFFLE, DrawOrder, FgoState

HAND_SIZE: Final = 5
"""Cards in an opening hand and drawn up to in the charge phase (FGO-024, FGO-070)."""
WIN_CARD_COUNT: Final = 4
"""A master whose deck + hand + battle + trash total this many or fewer loses (FGO-031)."""


def card_name(state: FgoState, instance: str) -> Text:
    """``Altria Pendragon Quick 3``: a command card as a player reads it, in both languages."""
    return state.catalog.card_names[instance]


_TYPE_WORDS: Final[dict[tuple[int, str], Message]] = {}
"""``type_words`` made once per catalogue and card (rollouts make millions of log lines nobody reads)."""
_CODES: Final[dict[tuple[int, str], tuple[Text, str]]] = {}
"""(the servant's figure name, ``B5``) of each card, per catalogue."""


def type_words(state: FgoState, instance: str) -> Message:
    """A command card's type and power, as a log line names the card paid by a move: ``Quick 3``."""
    return catalog_type_words(state.catalog, instance)


def catalog_type_words(catalog: Any, instance: str) -> Message:
    """:func:`type_words` from the catalogue alone."""
    key = (id(catalog), instance)
    found = _TYPE_WORDS.get(key)
    if found is None:
        card = catalog.command(instance)
        found = _TYPE_WORDS[key] = M_("{type} {power}", type=M_(TYPE_NAMES[card.type]), power=card.power)
    return found


def cards_words(state: FgoState, cards: list[str] | tuple[str, ...]) -> list[Message]:
    """Command cards grouped by servant, as a log line lists them: ``Altria B5 B4``, ``Medusa Q4``."""
    return catalog_cards_words(state.catalog, cards)


def cards_args(catalog: Any, cards: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """``{"cards": cards_words}``: the arguments of an event that lists cards, made when someone reads it
    (``cards`` must not change afterwards)."""
    return {"cards": catalog_cards_words(catalog, cards)}


def catalog_cards_words(catalog: Any, cards: list[str] | tuple[str, ...]) -> list[Message]:
    """:func:`cards_words` from the catalogue alone."""
    groups: dict[str, list[str]] = {}
    for instance in cards:
        key = (id(catalog), instance)
        found = _CODES.get(key)
        if found is None:
            card = catalog.command(instance)
            found = _CODES[key] = (catalog.servants[catalog.owner(instance)].figure_name,
                                   f"{card.type.value[0].upper()}{card.power}")
        codes = groups.get(found[0])
        if codes is None:
            groups[found[0]] = [found[1]]
        else:
            codes.append(found[1])
    return [Message(CARDS_OF_SERVANT, {"servant": name, "codes": " ".join(codes)}, "fgo_duel")
            for name, codes in groups.items()]


CARDS_OF_SERVANT: Final = N_("{servant} {codes}")
"""A servant's cards in a log line: ``Altria B5 B4``."""


SEATS: Final = (M_("Seat {number}", number=1), M_("Seat {number}", number=2))
"""Each seat as the table prints it, made once."""


def seat_words(seat: int) -> Message:
    """A seat as the table prints it, counted from 1: ``Seat 1``."""
    return SEATS[seat] if 0 <= seat < len(SEATS) else M_("Seat {number}", number=seat + 1)


DRAW_ORDERS: Final = tuple(tuple(DrawOrder(seat, count) for count in range(HAND_SIZE + 1)) for seat in (0, 1))
"""``DrawOrder(seat, count)`` of the charge phase, made once (an order is never changed in place)."""
DRAW_MSG: Final = N_n("{seat} draws {count} card", "{seat} draws {count} cards")
DRAW_DATA: Final = tuple(tuple({"seat": seat, "count": count} for count in range(HAND_SIZE + 1)) for seat in (0, 1))
"""The data of the draw event of seat 0 or 1 drawing 0 to 5 cards, made once (never changed, as an event)."""
DRAW_ARGS: Final = tuple(tuple({"seat": SEATS[seat], "count": count} for count in range(HAND_SIZE + 1))
                         for seat in (0, 1))
"""The arguments of the same events."""
DREW_MSG: Final = N_("You draw {cards}")
SKILL_DRAW_CLAUSES: Final = ("FGO-092", "FGO-RUL-28")


CHARGE_DRAW_CLAUSES: Final = ("FGO-070",)
"""The rule of the charge phase's draws."""
DRAW_CLAUSES: Final = {"deal": ("FGO-024",), "mulligan": ("FGO-025", "FGO-RUL-37"), "end": CHARGE_DRAW_CLAUSES}
"""The rules a draw cites, by what comes after it: the opening hand, the mulligan, the charge phase; else a skill's
ドロー (FGO-092, drawing as the rules draw, FGO-RUL-28)."""


def draw_cards(state: FgoState, seat: int, count: int) -> int:
    """Draw up to ``count`` cards from the top of the deck; returns how many were drawn."""
    return draw_from(state, seat, count, DRAW_CLAUSES.get(state.after, SKILL_DRAW_CLAUSES))


def draw_from(state: FgoState, seat: int, count: int, clauses: tuple[str, ...]) -> int:
    """:func:`draw_cards`, the draw event citing ``clauses`` (the rules of what the draw is for)."""
    master = state.masters[seat]
    deck = master.deck
    got = deck[:count]
    if not got:
        return 0
    del deck[:count]
    master.hand.extend(got)
    drawn_in, epoch = master.drawn_in, master.epoch
    for instance in got:
        drawn_in[instance] = epoch
    state.stalled = 0
    drawn = len(got)
    events = state.events
    if events is not QUIET:
        if drawn <= HAND_SIZE:  # the usual draw: its data and arguments made once (an event is never changed)
            data, args = DRAW_DATA[seat][drawn], DRAW_ARGS[seat][drawn]
        else:
            data, args = {"seat": seat, "count": drawn}, {"seat": SEATS[seat], "count": drawn}
        events.append(Event("draw", DRAW_MSG, data, args=args, clauses=clauses, domain="fgo_duel"))
        events.append(Event("drew", DREW_MSG, {"seat": seat, "cards": got},
                            args=partial(cards_args, state.catalog, got), to=ONLY_SEAT[seat], reveals=True,
                            domain="fgo_duel"))
    return drawn


def continue_draws(state: FgoState) -> bool:
    """Make the pending draws; ``False`` when a shuffle, a rebuild choice or the end of the game intervenes.

    A rebuild happens only when a card must be drawn and the deck is empty (FGO-071, FGO-RUL-29).
    """
    while state.draws:
        order = state.draws[0]
        master = state.masters[order.seat]
        if master.unshuffled:
            if len(master.deck) > 1:
                state.phase, state.shuffling = PHASE_SHUFFLE, order.seat
                return False
            master.unshuffled = False
        need = order.count
        if need > 0 and master.deck:
            need -= draw_cards(state, order.seat, need)
        if need > 0 and master.trash:
            state.draws[0] = DrawOrder(order.seat, need)
            state.phase = PHASE_REMOVE  # FGO-071: choose 1 trash card to remove from the game
            return False
        # need == 0, or deck and trash both empty: drawing stops (FGO-RUL-31)
        state.draws.pop(0)
    return True


def remove_for_rebuild(state: FgoState, seat: int, instance: str) -> None:
    """Remove the chosen trash card from the game (FGO-071), then the rest becomes the new deck (FGO-072).

    Win condition C is checked at once (FGO-031, FGO-RUL-32).
    """
    master = state.masters[seat]
    master.trash.remove(instance)
    if instance in master.sideways:
        master.sideways.remove(instance)
    master.removed.append(instance)
    events = state.events
    if events is not QUIET:
        events.append(Event("remove", REMOVE_MSG, {"seat": seat, "card": instance},
                            args={"seat": SEATS[seat], "card": state.catalog.card_names[instance]},
                            clauses=REMOVE_CLAUSES, domain=DOMAIN))
    if len(master.deck) + len(master.hand) + len(master.battle) + len(master.trash) <= WIN_CARD_COUNT:  # card_total
        reason = M_("{seat} has only {count} command cards left", seat=seat_words(seat), count=master.card_total)
        other_pending = any(order.seat != seat for order in state.draws)
        if state.options.both_short == "draw" and state.after == "end" and other_pending:
            state.fallen, state.reason = seat, reason  # FGO-RUL-33 alternative: see the opponent's draws first
            state.draws = [order for order in state.draws if order.seat != seat]
            if state.events is not QUIET:
                say(state, "fallen", N_("{seat} is down to {count} command cards"), {"seat": seat},
                    args={"seat": seat_words(seat), "count": master.card_total},
                    clauses=("FGO-031", "FGO-RUL-33"))
            return
        if state.fallen is not None:
            state.phase, state.reason = PHASE_OVER, M_("both masters fell to 4 or fewer command cards: a draw")
            state.draws = []
            if state.events is not QUIET:
                say(state, "draw_game", N_("both masters fell to 4 or fewer command cards: a draw"),
                    clauses=("FGO-031", "FGO-RUL-33"))
            return
        declare_winner(state, 1 - seat, reason, ("FGO-031", "FGO-RUL-32"))
        return
    master.deck = list(master.trash)  # FGO-RUL-26: sideways cards go back too
    master.trash = []
    if master.sideways:
        master.sideways = []
    master.unshuffled = True
    count = len(master.deck)
    if events is not QUIET:
        events.append(Event("rebuild", REBUILD_MSG, {"seat": seat, "count": count},
                            args={"seat": SEATS[seat], "count": count}, clauses=REBUILD_CLAUSES, domain=DOMAIN))


DOMAIN: Final = "fgo_duel"
"""The message catalog of FGO Duel's events."""
REMOVE_MSG: Final = N_("{seat}'s {card} is removed from the game to rebuild its command deck")
REMOVE_CLAUSES: Final = ("FGO-071", "FGO-RUL-30")
REBUILD_MSG: Final = N_("{seat} makes its {count} trash cards into a new command deck")
REBUILD_CLAUSES: Final = ("FGO-072",)


def declare_winner(state: FgoState, seat: int, reason: Message, clauses: tuple[str, ...] = ()) -> None:
    """The game ends at once (FGO-028); ``clauses`` are the win condition met."""
    state.winner, state.reason, state.phase = seat, reason, PHASE_OVER
    state.draws = []
    state.sealed = None
    if state.events is not QUIET:
        say(state, "win", N_("{seat} wins: {reason}"), {"winner": seat},
            args={"seat": seat_words(seat), "reason": reason}, clauses=("FGO-028", *clauses))


def mulligan(state: FgoState, seat: int) -> None:
    """Return all 5 hand cards to the deck, shuffle, draw 5 (FGO-025, FGO-RUL-37)."""
    master = state.masters[seat]
    master.deck.extend(master.hand)
    master.hand = []
    master.deck.sort()
    master.unshuffled = True
    master.mulliganed = True
    if state.events is not QUIET:
        say(state, "mulligan", N_("{seat} takes a mulligan: the 5 hand cards go back into the command "
                           "deck"), {"seat": seat}, args={"seat": seat_words(seat)},
            clauses=("FGO-025", "FGO-RUL-37"))
    state.draws = [DrawOrder(seat, HAND_SIZE)]
