"""The advisor's plan for the Sword Skill decision, as the table shows it and one click applies it.

The plan is the best use of the dice, skill by skill, then dealing the damage: several decisions, each step the
action ``hint`` recommends on the state the previous step leaves. Each step is an action's text form (what the page
sends, through the normal action path), its words and the table objects it names; the reason is ``hint``'s. A page
applying a plan takes its steps in order and stops as soon as the plan of the new state is not the rest of the one
being applied.

Roll decisions get no plan in the view: their advice is the exact reroll advisor's (a few hundred milliseconds on a
large pool), and a view is built on every step of every consumer (agents' observations, replays); there the page's
``hint`` gives the advisor's choice with its reason, and its one action is taken with one click too.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from bouts.core.contract import Seat
from bouts.core.i18n import bilingual

if TYPE_CHECKING:
    from bouts.games.sao.game import Sao
    from bouts.games.sao.state import SaoState

PLANNED = ("assign",)
"""The decisions the view carries a plan for (cheap to plan: the best assignment is a memoised search)."""

MOST_STEPS = 8
"""The longest plan drawn (a pool of eight dice triggers at most eight Sword Skills, then the damage is dealt)."""


def advisor_plan(game: Sao, state: SaoState, seat: Seat | None) -> dict[str, Any] | None:
    """``seat``'s plan at its Sword Skill decision (``None`` elsewhere, for a spectator, or for a seat that is not
    deciding): ``{"kind", "steps": [{"action", "label", "objects"}], "reason"}``, words in both languages."""
    decision = state.pending[-1] if state.pending and state.result is None else None
    if seat is None or decision is None or decision.seat != seat or decision.kind not in PLANNED:
        return None
    first = game.recommend(state, seat)
    if first is None:
        return None
    steps: list[dict[str, Any]] = []
    trial = state
    action = first[0]
    while True:
        parts = game.action_parts(trial, seat, action)
        steps.append({"action": str(action), "label": bilingual(functools.partial(game.describe, trial, seat, action)),
                      "objects": [*parts.objects, *parts.select]})
        if len(steps) >= MOST_STEPS:
            break
        trial = game.apply(trial, seat, action)
        after = trial.pending[-1] if trial.pending and trial.result is None else None
        if after is None or after.kind != "assign" or after.seat != seat:
            break
        found = game.recommend(trial, seat)
        if found is None:
            break
        action = found[0]
    return {"kind": decision.kind, "steps": steps,
            "reason": bilingual(lambda: (game.recommend(state, seat) or (None, ""))[1])}
