"""Swordplay's phases as the rulebook lists them (SWP-030: Discard, Draw, Ready, Combat; set-up before, the
Monster's turn in solo play), and the one a state is in, for the rules panel (``Game.phases``, ``Game.phase``)."""

from __future__ import annotations

from bouts.core.contract import TurnPhase
from bouts.games.swordplay.i18n import M_
from bouts.games.swordplay.state import Phase, SwordplayState

PHASES = (
    TurnPhase("setup", M_("Setup"), "SWP-025"),
    TurnPhase("discard", M_("Discard phase"), "SWP-033"),
    TurnPhase("draw", M_("Draw phase"), "SWP-034"),
    TurnPhase("ready", M_("Ready phase"), "SWP-037"),
    TurnPhase("combat", M_("Combat phase"), "SWP-046"),
    TurnPhase("monster", M_("The Monster's turn (solo play)"), "SWP-058"),
)
"""Set-up, the four phases of a turn (SWP-030), the Monster's turn (SWP-058)."""

_OF = {Phase.CHOOSE_HERO: "setup", Phase.FIRST_ROLL: "setup", Phase.SHUFFLE: "setup", Phase.DISCARD: "discard",
       Phase.READY: "ready", Phase.COMBAT: "combat", Phase.DEFEND: "combat", Phase.MONSTER_DEFENSE: "combat",
       Phase.MONSTER_TARGET: "monster", Phase.MONSTER_TURN: "monster"}


def current(state: SwordplayState) -> str | None:
    """The phase ``state`` is in; ``None`` once the game is over."""
    phase = state.phase
    if phase is Phase.OVER:
        return None
    if phase is Phase.RESHUFFLE:  # the combat deck ran out while drawing (SWP-036), or in the Monster's turn
        return "monster" if state.resume is Phase.MONSTER_TURN else "draw"
    if phase is Phase.DEFEND and 0 <= state.turn < len(state.fighters) and state.fighters[state.turn].is_monster:
        return "monster"  # a Hero defends against the Monster's attack
    return _OF.get(phase)
