"""Grail War's phases as the rulebook lists them (set-up, then each round's Preparation, Outpost, Action and Battle
phases and the cleanup, DGW-036), and the one a state is in, for the rules panel (``Game.phases``,
``Game.phase``)."""

from __future__ import annotations

from bouts.core.contract import TurnPhase
from bouts.games.grail_war.i18n import M_
from bouts.games.grail_war.state import GrailState

PHASES = (
    TurnPhase("setup", M_("Setup"), "DGW-019"),
    TurnPhase("preparation", M_("Preparation phase"), "DGW-037"),
    TurnPhase("outpost", M_("Outpost phase"), "DGW-043"),
    TurnPhase("action", M_("Action phase"), "DGW-057"),
    TurnPhase("battle", M_("Battle phase"), "DGW-091"),
    TurnPhase("cleanup", M_("End-of-round cleanup"), "DGW-096"),
)
"""Set-up (DGW-019) and a round's four phases and cleanup (DGW-036)."""

_OF = {"setup": "setup", "round": "preparation", "refill": "preparation", "situation": "preparation",
       "events": "preparation", "outpost": "outpost", "place": "outpost", "action": "action", "turns": "action",
       "turn": "action", "battle": "battle", "cleanup": "cleanup", "end": "cleanup"}
"""The round's steps (``GrailState.step``, flow.STEPS) by phase; ``end`` is the eliminations after the round."""


def current(state: GrailState) -> str | None:
    """The phase ``state`` is in; ``None`` once the game is over."""
    return _OF.get(state.step)
