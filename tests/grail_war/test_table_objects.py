"""Issue 24: every action names the table objects it involves, as the acting seat's view names them, so a
browser could play a whole game by clicking the board, the master boards and the cards."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bouts.agents import make_agent
from bouts.core import CHANCE
from bouts.core.i18n import use_lang
from bouts.games.grail_war.actions import Act
from bouts.games.grail_war.state import GrailState
from tests.grail_war.helpers import GAME, act, place_all, start


def decisions(seats: int, options: dict[str, Any], seed: int, agents: tuple[str, ...],
              limit: int = 500) -> Iterator[tuple[GrailState, int]]:
    """Every decision of a game between the given agents (cycled over the seats): (state, seat to decide)."""
    players = [make_agent(agents[i % len(agents)], seed=seed * 11 + i) for i in range(seats)]
    rng = random.Random(seed)
    state = GAME.setup(seats, options, None, seed)
    steps = 0
    while GAME.to_act(state) and steps < limit:
        seat = GAME.to_act(state)[0]
        if seat == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        yield state, seat
        state = GAME.apply(state, seat, players[seat].act(GAME, state, seat))
        steps += 1


def view_objects(view: dict[str, Any], seat: int) -> tuple[set[str], set[str]]:
    """(every object the acting seat's view shows, its own cards among them): the places of the central board,
    every master (piece and board), the acting seat's command spells and jewels when it has some, and its own
    cards (hand, at hand, NP/skill cards)."""
    found = {f"place:{p['id']}" for p in view["places"]}
    found |= {f"seat:{p['seat']}" for p in view["players"] if p["master"] and not p["eliminated"]}
    me = view["players"][seat]
    if me["command_spells"]:
        found.add(f"spell:{seat}")
    if me["jewels"]:
        found.add(f"jewel:{seat}")
    you = view["you"]
    own = {f"card:{c['card']}" for zone in ("hand", "at_hand", "np") for c in you[zone]}
    return found | own, own


@pytest.mark.parametrize(("seats", "options"), [(3, {}), (5, {}), (4, {"casual": True})])
def test_every_action_names_objects_the_acting_seats_view_shows(seats: int, options: dict[str, Any]) -> None:
    """Over random and heuristic games, every legal action's objects (and selected objects) appear in the acting
    seat's view, its cards among that seat's own cards (never another seat's hidden card); a placement and a
    move start on the master's piece and end on a place; a command spell starts on the seat's own spells."""
    verbs: set[str] = set()
    for seed in range(2):
        for agents in (("random", "heuristic"), ("heuristic", "random")):
            for state, seat in decisions(seats, options, seed, agents):
                view = GAME.view(state, seat)
                shown, own = view_objects(view, seat)
                hidden = {f"card:{c}" for s, p in enumerate(state.players) if s != seat
                          for c in [*p.hand, *p.deck, *p.np, *(c for c, _ in p.selected)]}
                for action in GAME.legal_actions(state, seat):
                    assert isinstance(action, Act)
                    parts = GAME.action_parts(state, seat, action)
                    named = {*parts.objects, *parts.select}
                    assert named <= shown, (str(action), named - shown)
                    assert not {o for o in named if o.startswith("card:")} - own, str(action)
                    assert not named & (hidden - own), str(action)
                    verbs.add(action.verb)
                    if action.verb in ("place", "move", "goto"):
                        assert parts.objects == (f"place:{action.what}",)  # one click on the place (playtest 7)
                    if action.verb == "spell":
                        assert parts.objects[0] == f"spell:{seat}"
                    if action.verb in ("play", "discard"):
                        assert parts.objects == (f"card:{action.what}",)
    assert {"place", "move", "stay", "play", "done", "next", "spell"} <= verbs


def test_a_target_names_the_rival_master_and_text_forms_count_seats_from_one() -> None:
    """DGW-S13: 破戒すべき全ての符 (Rule Breaker) asks whom to target: the action's text form ``target 1``, its menu
    line in both languages and the seat name all count seats from 1 as the table prints them, and the action's
    object is that master."""
    state = start(5, masters=["rin", "illya", "kirei", "shirou", "shinji"],
                  servants=["saber", "caster", "berserker", "lancer", "rider"],
                  decks={0: ["saber_01", "saber_02", "saber_03"], 1: ["caster_08", "caster_09", "caster_07"]})
    state = place_all(state, "miyama", "miyama", "workshop", "workshop", "workshop")
    state = act(state, 0, "spell mana", "stay", "play saber_01 down", "play saber_02 down", "done", "next")
    state = act(state, 1, "stay", "play rule_breaker up", "play caster_08 down")
    targets = [a for a in GAME.legal_actions(state, 1) if isinstance(a, Act) and a.verb == "target"]
    assert [str(a) for a in targets] == ["target 1"]
    assert GAME.action_parts(state, 1, targets[0]).objects == ("seat:0",)
    assert GAME.describe(state, 1, targets[0]) == "Target P1 Tohsaka Rin"
    assert str(GAME.seat_name(state, 0)) == "P1 Tohsaka Rin"
    with use_lang("ja"):
        assert GAME.describe(state, 1, targets[0]) == "P1 遠坂凛を対象にする"
        assert str(GAME.seat_name(state, 0)) == "P1 遠坂凛"
