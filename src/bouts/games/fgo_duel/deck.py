"""The command deck: drawing, the mulligan and the deck rebuild (FGO-022..FGO-026, FGO-070..FGO-074)."""

from __future__ import annotations

from bouts.core.events import Event
from bouts.games.fgo_duel.state import ONLY_SEAT, DrawOrder, FgoState, Phase

HAND_SIZE = 5
"""Cards in an opening hand and drawn up to in the charge phase (FGO-024, FGO-070)."""
WIN_CARD_COUNT = 4
"""A master whose deck + hand + battle + trash total this many or fewer loses (FGO-031)."""


def card_name(state: FgoState, instance: str) -> str:
    """``Name Quick 3``: a command card as a player reads it."""
    return state.catalog.card_names[instance]


def draw_cards(state: FgoState, seat: int, count: int) -> int:
    """Draw up to ``count`` cards from the top of the deck; returns how many were drawn."""
    master = state.masters[seat]
    got = master.deck[:count]
    if not got:
        return 0
    del master.deck[:count]
    master.hand.extend(got)
    drawn_in, epoch = master.drawn_in, master.epoch
    for instance in got:
        drawn_in[instance] = epoch
    state.stalled = 0
    names = state.catalog.card_names
    drawn = len(got)
    state.events.append(Event("draw", f"Seat {seat} draws {drawn} card(s)", {"seat": seat, "count": drawn}))
    state.events.append(Event("drew", "You draw " + ", ".join([names[c] for c in got]),
                              {"seat": seat, "cards": got}, to=ONLY_SEAT[seat], reveals=True))
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
                state.phase, state.shuffling = Phase.SHUFFLE, order.seat
                return False
            master.unshuffled = False
        need = order.count
        if need > 0 and master.deck:
            need -= draw_cards(state, order.seat, need)
        if need > 0 and master.trash:
            state.draws[0] = DrawOrder(order.seat, need)
            state.phase = Phase.REMOVE  # FGO-071: choose 1 trash card to remove from the game
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
    state.events.append(Event("remove", f"Seat {seat} removes {card_name(state, instance)} from the game "
                              "to rebuild its command deck", {"seat": seat, "card": instance}))
    if master.card_total <= WIN_CARD_COUNT:
        reason = f"seat {seat} has only {master.card_total} command cards left"
        other_pending = any(order.seat != seat for order in state.draws)
        if state.options.both_short == "draw" and state.after == "end" and other_pending:
            state.fallen, state.reason = seat, reason  # FGO-RUL-33 alternative: see the opponent's draws first
            state.draws = [order for order in state.draws if order.seat != seat]
            state.events.append(Event("fallen", f"Seat {seat} is down to {master.card_total} cards",
                                      {"seat": seat}))
            return
        if state.fallen is not None:
            state.phase, state.reason = Phase.OVER, "both masters fell to 4 or fewer cards: a draw"
            state.draws = []
            state.events.append(Event("draw_game", state.reason))
            return
        declare_winner(state, 1 - seat, reason)
        return
    master.deck = list(master.trash)  # FGO-RUL-26: sideways cards go back too
    master.trash, master.sideways = [], []
    master.unshuffled = True
    state.events.append(Event("rebuild", f"Seat {seat} shuffles its {len(master.deck)} trash cards into a new "
                              "command deck", {"seat": seat, "count": len(master.deck)}))


def declare_winner(state: FgoState, seat: int, reason: str) -> None:
    """The game ends at once (FGO-028)."""
    state.winner, state.reason, state.phase = seat, reason, Phase.OVER
    state.draws = []
    state.sealed = None
    state.events.append(Event("win", f"Seat {seat} wins: {reason}", {"winner": seat, "reason": reason}))


def mulligan(state: FgoState, seat: int) -> None:
    """Return all 5 hand cards to the deck, shuffle, draw 5 (FGO-025, FGO-RUL-37)."""
    master = state.masters[seat]
    master.deck.extend(master.hand)
    master.hand = []
    master.deck.sort()
    master.unshuffled = True
    master.mulliganed = True
    state.events.append(Event("mulligan", f"Seat {seat} takes a mulligan", {"seat": seat}))
    state.draws = [DrawOrder(seat, HAND_SIZE)]
