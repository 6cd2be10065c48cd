"""kaleido's parts as the rulebook lists them (set-up, then each turn's order, strategy, battle and end parts,
KAL-028), and the one a state is in, for the rules panel (``Game.phases``, ``Game.phase``)."""

from __future__ import annotations

from bouts.core.contract import TurnPhase
from bouts.games.kaleido.i18n import M_
from bouts.games.kaleido.state import KaleidoState

PHASES = (
    TurnPhase("setup", M_("Setup"), "KAL-007"),
    TurnPhase("order", M_("Order part"), "KAL-030"),
    TurnPhase("strategy", M_("Strategy part"), "KAL-036"),
    TurnPhase("battle", M_("Battle part"), "KAL-067"),
    TurnPhase("end", M_("End part"), "KAL-113"),
)
"""Set-up (KAL-007) and the four parts of a turn (KAL-028)."""


_IDS = frozenset(phase.id for phase in PHASES)


def current(state: KaleidoState) -> str | None:
    """The part ``state`` is in (its ``phase`` names it); ``None`` once the game is over."""
    return state.phase if state.phase in _IDS else None
