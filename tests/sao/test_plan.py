"""The advisor's plan in the view (issue 24: SAO's plan applied with one click): what the table draws and the page
applies step by step, checked on seeded games played through the real game."""

from __future__ import annotations

from tests.sao.sao_helpers import GAME

from bouts.core import CHANCE, Match
from bouts.core.i18n import use_lang


def test_the_plan_is_the_hint_then_the_rest_of_the_best_use_of_the_dice_for_the_deciding_seat_only() -> None:
    """At each Sword Skill decision of seeded games, the deciding seat's view carries a plan whose first step is what
    ``hint`` recommends (with its reason); its steps are each legal in turn and, after each, the new plan is the rest
    of the old one, ending by dealing the damage; the other seat and spectators get none, nor does any other
    decision (roll decisions: the hint); the words come in both languages."""
    several = checked = 0
    for seed in (1, 2, 3):
        match = Match(GAME, 2, {}, None, seed)
        for _ in range(600):
            acting = match.to_act()
            if not acting or (checked >= 10 and several >= 3):
                break
            if acting == (CHANCE,):
                match.step_chance()
                continue
            seat = acting[0]
            state = match.state
            view = GAME.view(state, seat)
            kind = state.pending[-1].kind
            plan = view["plan"]
            assert GAME.view(state, 1 - seat)["plan"] is None and GAME.view(state, None)["plan"] is None
            if kind != "assign":
                assert plan is None
            else:
                recommended, reason = GAME.recommend(state, seat) or (None, "")
                assert plan["steps"][0]["action"] == str(recommended)
                assert plan["reason"]["en"] == reason and plan["reason"]["ja"]
                assert all(s["label"]["en"] and s["label"]["ja"] for s in plan["steps"])
                checked += 1
                assert plan["steps"][-1]["action"].startswith("done")
                several += len(plan["steps"]) > 1
                trial, rest = state, [s["action"] for s in plan["steps"]]
                while rest:
                    assert rest[0] in {str(a) for a in GAME.legal_actions(trial, seat)}
                    trial = GAME.apply(trial, seat, rest.pop(0))
                    if rest:
                        assert [s["action"] for s in GAME.view(trial, seat)["plan"]["steps"]] == rest
            with use_lang("en"):
                match.apply(GAME.recommend(state, seat)[0], seat)  # type: ignore[index]
    assert checked >= 10 and several >= 3
