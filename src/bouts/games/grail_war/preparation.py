"""Phase 1, Preparation (準備フェイズ, DGW-037..DGW-042): draw to 3, the situation card, the events."""

from __future__ import annotations

from bouts.core.events import QUIET
from bouts.games.grail_war.battle_preparation import ubw_residual
from bouts.games.grail_war.board import draw, gain_mana, log, name
from bouts.games.grail_war.i18n import N_
from bouts.games.grail_war.masters import round_start
from bouts.games.grail_war.state import MIYAMA, PLACE_NAMES, SHINTO, GrailState

HAND = 3
"""Cards a player draws up to (DGW-037)."""


def begin_round(state: GrailState) -> None:
    """Round start: 刻まれた宿命, the climax card (DGW-105), then the refill in turn order."""
    state.order = state.turn_order()
    state.cursor = 0
    if state.round > 8 and not state.options.casual:
        state.climax_card = state.catalog.climax(len(state.living()))
    if state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
        msg = N_("Round {round} begins (climax round)") if state.climax_card else N_("Round {round} begins")
        log(state, "round", msg, {"round": state.round}, args={"round": state.round},
            clauses=("DGW-036",) if state.climax_card is None else ("DGW-102", "DGW-105"))
    for seat in state.order:
        round_start(state, seat)
    state.step = "refill"


def refill(state: GrailState) -> None:
    """Each player draws up to 3 (none with 3 or more, DGW-038); a draw from an empty deck reshuffles (DGW-041)."""
    while state.cursor < len(state.order):
        seat = state.order[state.cursor]
        p = state.players[seat]
        if p.owed == 0:
            if "residual" in p.np.values() and ubw_residual(state, seat):  # no residual card: not 無限の剣製
                if not p.hand:  # 無限の剣製 returns when the hand is empty at preparation
                    for card in p.np:
                        if p.np[card] == "residual" and state.catalog.cards[card].effect == "unlimited_blade_works":
                            p.np[card] = "up"
                            log(state, "effect", N_("{master}: {card} returns beside the servant tarot"),
                                {"seat": seat},
                                args={"master": name(state, seat), "card": state.catalog.cards[card].name},
                                clauses=("DGW-S06",))
                else:
                    state.cursor += 1
                    continue
            p.owed = max(0, HAND - len(p.hand))
        if not draw(state, seat):
            return
        state.cursor += 1
    state.step = "situation"


def reveal_situation(state: GrailState) -> None:
    """Reveal the situation card and apply its supply (DGW-039) and extra rule (DGW-010)."""
    if state.climax_card is not None:
        state.situation = state.climax_card
    else:
        state.situation = state.situation_deck.pop(0) if state.situation_deck else None
    if state.situation is not None:
        card = state.catalog.situations[state.situation]
        for seat in state.living():
            gain_mana(state, seat, card.supply)
        if state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
            log(state, "situation", N_("Situation: {card} — {text}"), {"situation": card.id},
                args={"card": card.name, "text": card.text}, reveals=True, clauses=("DGW-039", "DGW-010"))
    if state.options.casual:  # no event cards (DGW-116, DGW-119)
        state.step = "outpost"
        return
    state.to_place = [(MIYAMA, True), (SHINTO, False)]  # DGW-040, DGW-RUL-49
    state.resume = "outpost"
    state.step = "events"


def place_events(state: GrailState) -> None:
    """Place the queued event cards; an empty event deck reshuffles the used pile (DGW-042, DGW-RUL-32)."""
    while state.to_place:
        if not state.event_deck:
            if state.event_used:
                state.chance = ("event_trash", 0)
                return
            state.to_place = []
            break
        place, face_up = state.to_place.pop(0)
        card = state.event_deck.pop(0)
        state.events_at.setdefault(place, []).append((card, face_up))
        if face_up:
            _shown(state, place, card)
    state.step = state.resume


def _shown(state: GrailState, place: str, card: str) -> None:
    e = state.catalog.events[card]
    if state.events is not QUIET:  # a quiet state makes no line: its arguments are not made
        log(state, "event", N_("Event at {place}: {card} — {text}"), {"place": place, "event": card},
            args={"place": PLACE_NAMES[place], "card": e.name, "text": e.text}, reveals=True, clauses=("DGW-011",))
    if e.effect == "add_event":  # イベントを追加 (DGW-G12)
        state.to_place.append((place, True))


def reveal_events(state: GrailState) -> None:
    """Action phase start: turn face-down events face up (DGW-056)."""
    for place, cards in state.events_at.items():
        for i, (card, up) in enumerate(cards):
            if not up:
                cards[i] = (card, True)
                _shown(state, place, card)
    state.resume = "turns"
    state.step = "events"
