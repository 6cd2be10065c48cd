"""Strategy part (戦略パート, KAL-036..KAL-066): action choice, mana supply, strategy card, accumulation."""

from __future__ import annotations

from typing import Final

from bouts.core.decisions import Decision
from bouts.core.events import QUIET
from bouts.games.kaleido.actions import LURK, NO_ACCUMULATION, NO_STRATEGY, NORMAL_ACTION, Act
from bouts.games.kaleido.flow import auto, decision, one, ones, push, say, settle, verb
from bouts.games.kaleido.i18n import N_
from bouts.games.kaleido.mana import card_name, draw, seat_label
from bouts.games.kaleido.state import KaleidoState
from bouts.games.kaleido.timings import has_passive

LURK_SUPPLY: Final = 1
"""A lurking player's mana supply (KAL-042, KAL-048)."""
ACCUMULATION_CAP: Final = 2
"""At most 2 accumulation cards (KAL-058, KAL-RUL-12)."""


@auto("strategy_part")
def _strategy_part(state: KaleidoState, frame: Decision) -> None:
    state.phase = "strategy"
    for seat in reversed(state.order):  # KAL-036: one complete phase after another, in fate order
        push(state, "strategy_phase", seat)


@auto("strategy_phase")
def _strategy_phase(state: KaleidoState, frame: Decision) -> None:
    seat = frame.seat
    if not state.players[seat].alive:
        return
    state.phase_id += 1
    state.stack.extend((Decision(seat, "accumulate"),  # ④  (push's records, made here)
                        Decision(seat, "set"),  # ③
                        Decision(seat, "supply"),  # ②
                        Decision(seat, "action")))  # ①  (KAL-037)


@decision("action")
def action_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """① 行動選択: lurk (潜伏) or normal action (通常行動) (KAL-038)."""
    return [NORMAL_ACTION, LURK]


@verb("lurk", "act")
def _choose_action(state: KaleidoState, frame: Decision, act: Act) -> None:
    seat = frame.seat
    lurk = act.verb == "lurk"
    state.players[seat].lurking = lurk  # KAL-039, KAL-045
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, "action", N_("{seat} lurks") if lurk else N_("{seat} takes normal action"),
            {"seat": seat, "lurk": lurk}, args={"seat": seat_label(state, seat)},
            clauses=("KAL-038", "KAL-039") if lurk else ("KAL-038", "KAL-045"))
    settle(state, frame)


def supply_count(state: KaleidoState, seat: int) -> int:
    """② 魔力補給: mana rank, or 1 when lurking; 古代の魔術士 still works when lurking (KAL-042, KAL-043, KAL-047)."""
    player = state.players[seat]
    assert player.master is not None
    base = LURK_SUPPLY if player.lurking else state.catalog.masters[player.master].mana_rank
    return base + has_passive(state, seat, "ancient_magus")


@auto("supply")
def _supply(state: KaleidoState, frame: Decision) -> None:
    draw(state, frame.seat, supply_count(state, frame.seat))


def one_per_kind(state: KaleidoState, seat: int, verb_name: str) -> list[Act]:
    """One ``verb_name`` option per kind of magic card in ``seat``'s hand (copies are interchangeable)."""
    first: dict[str, str] = {}
    for card in state.players[seat].hand:
        first.setdefault(card.partition("/")[0], card)
    by_card = ones(verb_name)
    options: list[Act] = []
    for card in first.values():
        found = by_card.get(card)
        options.append(one(verb_name, card) if found is None else found)
    return options


def _set_open(state: KaleidoState, frame: Decision) -> bool:
    player = state.players[frame.seat]
    return not player.lurking and bool(player.hand) and player.strategy is None  # KAL-044, KAL-052


@decision("set", _set_open, lambda state, frame: NO_STRATEGY)
def set_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """③ 戦略決定: one hand card face up as the strategy card, or none (KAL-049..KAL-051)."""
    return [NO_STRATEGY, *one_per_kind(state, frame.seat, "set")]


@verb("set", "no_strategy")
def _set(state: KaleidoState, frame: Decision, act: Act) -> None:
    seat = frame.seat
    player = state.players[seat]
    if act.verb == "set":
        card = act.args[0]
        player.hand.remove(card)
        state.drawn_in.pop(card, None)
        player.strategy = card
        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "strategy", N_("{seat} sets {card} as strategy card"), {"seat": seat, "card": card},
                args={"seat": seat_label(state, seat), "card": card_name(state, card)}, reveals=True, owner=seat,
                clauses=("KAL-049", "KAL-051"))
    settle(state, frame)


def can_accumulate(state: KaleidoState, seat: int) -> bool:
    """④ is possible: a hand card, none placed this turn, under the cap (KAL-057, KAL-058, KAL-RUL-09)."""
    player = state.players[seat]
    if not player.hand or player.accumulated:
        return False
    if state.options.accumulation_cap_lifetime:
        return player.accumulated_ever < ACCUMULATION_CAP
    return len(player.accumulation) < ACCUMULATION_CAP


@decision("accumulate", lambda state, frame: can_accumulate(state, frame.seat), lambda state, frame: NO_ACCUMULATION)
def accumulate_menu(state: KaleidoState, frame: Decision) -> list[Act]:
    """④ 魔力蓄積: one hand card face down, worth 2 mana in battle, or none (KAL-055, KAL-056)."""
    return [NO_ACCUMULATION, *one_per_kind(state, frame.seat, "accumulate")]


@verb("accumulate", "no_accumulation")
def _accumulate(state: KaleidoState, frame: Decision, act: Act) -> None:
    seat = frame.seat
    player = state.players[seat]
    if act.verb == "accumulate":
        card = act.args[0]
        player.hand.remove(card)
        player.accumulation.append(card)  # stays hidden: its epoch is kept
        player.accumulated = True
        player.accumulated_ever += 1
        if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
            say(state, "accumulate", N_("{seat} places a mana accumulation card face down"), {"seat": seat},
                args={"seat": seat_label(state, seat)}, clauses=("KAL-055", "KAL-057"))
    settle(state, frame)
