"""End part (エンドパート, KAL-113..KAL-117, KAL-RUL-58): 戦略 cards first, then the hand check."""

from __future__ import annotations

from bouts.core.decisions import Decision
from bouts.core.events import QUIET
from bouts.games.kaleido.actions import PASS, Act
from bouts.games.kaleido.flow import auto, decision, one, ones, push, say, settle, verb
from bouts.games.kaleido.i18n import N_
from bouts.games.kaleido.mana import card_name, seat_label
from bouts.games.kaleido.state import KaleidoState
from bouts.games.kaleido.timings import end_strategy_effects, end_turn_effects, strategy_card_free


def max_mana(state: KaleidoState, seat: int) -> int:
    """最大魔力: the hand the player may keep (KAL-158)."""
    master = state.players[seat].master
    assert master is not None
    return state.catalog.masters[master].max_mana


@auto("end_part")
def _end_part(state: KaleidoState, frame: Decision) -> None:
    state.phase = "end"
    state.phase_id += 1
    push(state, "turn_end")
    push(state, "hand_check")
    for seat in reversed(state.order):  # KAL-RUL-58 (1): a window in fate order
        if state.players[seat].alive:
            push(state, "end_window", seat)


def _end_window_open(state: KaleidoState, frame: Decision) -> bool:
    """Open for every master who may hold a 戦略 card (any hand card, judged from the public count) or whose
    face-up strategy card is one (KAL-113, KAL-124, KAL-RUL-58): a heal or a draw is worth using here whether
    or not the check would discard."""
    seat = frame.seat
    player = state.players[seat]
    if not player.alive:
        return False
    if player.hand:
        return True
    strategy = player.strategy
    return strategy is not None and state.catalog.magic[strategy].timing == "strategy" \
        and strategy_card_free(state, seat)


@decision("end_window", _end_window_open, lambda state, frame: PASS)
def end_window_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """Before the hand check: 戦略-timing cards may be used (KAL-113)."""
    return []


@auto("hand_check")
def _hand_check(state: KaleidoState, frame: Decision) -> None:
    for seat in range(state.seats):  # KAL-114: strategy cards back to hand
        player = state.players[seat]
        if player.strategy is not None:
            card = player.strategy
            end_strategy_effects(state, card)
            player.hand.append(card)
            state.drawn_in[card] = state.epoch
            player.strategy = None
    for seat in reversed(state.order):  # KAL-115, KAL-116: accumulation cards are not counted
        if state.players[seat].alive:
            push(state, "discard", seat)


@decision("discard", lambda state, frame: len(state.players[frame.seat].hand) > max_mana(state, frame.seat),
          lambda state, frame: PASS)
def discard_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """枚数チェック: discard down to max mana, one card at a time (KAL-115)."""
    options: list[Act] = []
    seen: set[str] = set()
    discards = ones("discard")
    for card in state.players[frame.seat].hand:
        kind = card.partition("/")[0]
        if kind not in seen:
            seen.add(kind)
            found = discards.get(card)
            options.append(one("discard", card) if found is None else found)
    return options


@verb("discard")
def _discard(state: KaleidoState, frame: Decision, act: Act) -> None:
    seat = frame.seat
    card = act.args[0]
    state.players[seat].hand.remove(card)
    state.drawn_in.pop(card, None)
    state.discard.append(card)
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, "discard", N_("{seat} discards {card}"), {"seat": seat, "card": card},
            args={"seat": seat_label(state, seat), "card": card_name(state, card)}, reveals=True, owner=seat,
            clauses=("KAL-114", "KAL-115"))
    if len(state.players[seat].hand) <= max_mana(state, seat):
        settle(state, frame)


@auto("turn_end")
def _turn_end(state: KaleidoState, frame: Decision) -> None:
    end_turn_effects(state)  # KAL-129: 【持続】ターン ends after the check (KAL-RUL-58)
    for player in state.players:
        player.lurking = False  # KAL-RUL-10
        player.accumulated = False
        player.summoned = False
        player.fate = 0
    state.used_strategy = {}
    state.killer = {}
    state.once = []
