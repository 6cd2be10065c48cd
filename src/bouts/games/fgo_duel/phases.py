"""FGO Duel's phases as the rulebook lists them (party building and set-up, then each turn's start, action, charge
and end phases, FGO-034), and the one a state is in, for the rules panel (``Game.phases``, ``Game.phase``)."""

from __future__ import annotations

from bouts.core.contract import TurnPhase
from bouts.games.fgo_duel.i18n import M_
from bouts.games.fgo_duel.state import FgoState, Phase

PHASES = (
    TurnPhase("party", M_("Party building"), "FGO-011"),
    TurnPhase("setup", M_("Game setup"), "FGO-016"),
    TurnPhase("start", M_("Start phase"), "FGO-036"),
    TurnPhase("action", M_("Action phase"), "FGO-037"),
    TurnPhase("charge", M_("Charge phase"), "FGO-070"),
    TurnPhase("end", M_("End phase"), "FGO-075"),
)
"""Party building (FGO-011), set-up (FGO-016), the four phases of a turn (FGO-034)."""

_OF = {Phase.PARTY: "party", Phase.FIRST_PLAYER: "setup", Phase.MULLIGAN: "setup", Phase.START: "start",
       Phase.ACTION: "action", Phase.TRIGGER: "action", Phase.BATTLE: "action", Phase.END_MOVE: "end"}
_AFTER = {"mulligan": "setup", "deal": "setup", "end": "charge", "battle": "action", "action": "action"}
"""Where a shuffle or a removal from the trash happens, by what comes after it (``FgoState.after``)."""


def current(state: FgoState) -> str | None:
    """The phase ``state`` is in; ``None`` once the game is over."""
    phase = state.phase
    if phase is Phase.OVER:
        return None
    if phase is Phase.SHUFFLE or phase is Phase.REMOVE:  # a deck built or rebuilt (FGO-071, FGO-RUL-28)
        return _AFTER.get(state.after, "charge" if state.turns else "setup")
    return _OF.get(phase)
