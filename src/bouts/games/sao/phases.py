"""SAO's parts as the rulebook lists them (set-up, the six parts of a turn, SAO-046, and clearing a scenario,
SAO-091), and the one a state is in, for the rules panel (``Game.phases``, ``Game.phase``)."""

from __future__ import annotations

from bouts.core.contract import TurnPhase
from bouts.games.sao.i18n import M_
from bouts.games.sao.state import SaoState

PHASES = (
    TurnPhase("setup", M_("Setup"), "SAO-031"),
    TurnPhase("partner", M_("① Select chaining partner"), "SAO-047"),
    TurnPhase("roll", M_("② Roll the dice"), "SAO-053"),
    TurnPhase("skills", M_("③ Choose Sword Skills"), "SAO-068"),
    TurnPhase("counter", M_("④ Counterattack"), "SAO-077"),
    TurnPhase("resolve", M_("⑤ Resolve"), "SAO-081"),
    TurnPhase("turn_end", M_("⑥ Turn end"), "SAO-086"),
    TurnPhase("clear", M_("Clearing a scenario"), "SAO-091"),
)
"""Set-up (SAO-031), the six parts of a turn (SAO-046), clearing a scenario (SAO-091)."""

_OF = {"chain_partner": "partner", "roll": "roll", "roll_window": "roll", "exchange": "roll",
       "support_values": "roll", "assign": "skills", "yui": "counter", "equip": "clear", "transfer": "clear"}
"""The pending decision's kind by part."""


def current(state: SaoState) -> str | None:
    """The part ``state`` is in, read from its pending decision; ``None`` once the game is over."""
    if state.result is not None or not state.pending:
        return None
    kind = state.pending[-1].kind
    if kind in ("scenario_shuffle", "item_shuffle"):
        return "setup" if not state.turns else "clear"
    if kind == "ability_window":  # abilities are used around the roll, or once Sword Skills are chosen
        return "skills" if state.triggered else "roll"
    return _OF.get(kind)
