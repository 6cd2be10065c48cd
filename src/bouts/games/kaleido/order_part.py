"""Order part (順番決定パート, KAL-030..KAL-035): fate cards decide the order of the turn."""

from __future__ import annotations

from typing import Final

from bouts.core.decisions import Decision
from bouts.core.events import QUIET
from bouts.games.kaleido.flow import auto, push, say
from bouts.games.kaleido.i18n import M_, N_
from bouts.games.kaleido.state import KaleidoState

GRAIL_CAVERN: Final = 8
"""Fate card 8, 【柳洞寺大空洞】, joins only when 2 players remain (KAL-031)."""


def fate_pool(state: KaleidoState, setup: bool) -> list[str]:
    """The fate card ids shuffled now: 1-7, plus 8 when exactly 2 players remain (not at set-up, KAL-009)."""
    top = 7
    if not setup and len([p for p in state.players if p.alive]) == 2:
        top = GRAIL_CAVERN  # KAL-031, KAL-RUL-06
    return [state.catalog.fates[n].id for n in range(1, top + 1)]


def deal(state: KaleidoState, order: tuple[str, ...], setup: bool) -> None:
    """Each remaining player draws one fate card, in seat order; the order follows the numbers."""
    numbers = {f.id: n for n, f in state.catalog.fates.items()}
    living = [s for s in range(state.seats) if state.players[s].alive]
    for seat, fate_id in zip(living, order, strict=False):
        state.players[seat].fate = numbers[fate_id]
    state.order = sorted(living, key=lambda s: state.players[s].fate)  # KAL-033, KAL-169
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, "fates", N_("Fate cards: {fates}"),
            {"order": list(state.order), "fates": [state.players[s].fate for s in state.order]},
            args={"fates": [M_("P{number} {fate}", number=s + 1, fate=state.players[s].fate) for s in state.order]},
            clauses=("KAL-030", "KAL-033") if not setup else ("KAL-009", "KAL-010"))
    if setup:
        return
    push(state, "end_part")
    push(state, "battle_part")
    push(state, "strategy_part")


@auto("turn")
def _turn(state: KaleidoState, frame: Decision) -> None:
    """A new turn begins at the order part (KAL-027..KAL-030)."""
    limit = state.options.turn_limit
    if limit and state.turn >= limit:
        state.phase = "over"
        state.reason = M_("the turn limit ({limit}) was reached", limit=limit)
        return
    state.turn += 1
    state.phase = "order"
    push(state, "turn")
    push(state, "deal_fates", setup=False)
    if state.events is not QUIET:  # a quiet state makes no events: their arguments are not worked out
        say(state, "turn", N_("Turn {turn}"), {"turn": state.turn}, args={"turn": state.turn},
            clauses=("KAL-027", "KAL-028"))
