"""Acting on the table itself (issue 24) and the rule behind each log line (issue 22): every legal action names
table objects its seat's view carries, never another seat's hidden card; every event cites its clause ids."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from bouts.agents import make_agent
from bouts.core import CHANCE
from bouts.games.kaleido.state import KaleidoState
from tests.kaleido.helpers import GAME

PLAIN = frozenset({"lurk", "act", "no_strategy", "no_accumulation", "pass", "retreat", "stay", "spell", "convert"})
"""Verbs that are plain controls (a button): every other verb starts on a table object."""


def view_objects(view: Mapping[str, Any]) -> set[str]:
    """Every object name the view carries, as a renderer would put it on what it draws."""
    names: set[str] = set()
    for p in view["players"]:
        names.add(f"seat:{p['seat']}")
        if p["servant_id"]:
            names.add(f"servant:{p['servant_id']}")
        names.update(f"ability:{a}" for a in p["ability_ids"])
        if p["strategy"]:
            names.add(f"card:{p['strategy']['id']}")
    names.update(f"card:{c['id']}" for c in view.get("hand") or [])
    names.update(f"card:{c}" for c in view.get("accumulation_ids") or [])
    opened = view.get("open") or {}
    names.update(f"master:{m['id']}" for m in opened.get("masters", []))
    names.update(f"servant:{s['id']}" for s in opened.get("servants", []))
    return names


def hidden_from(state: KaleidoState, seat: int) -> set[str]:
    """The cards ``seat`` may not see: other hands, other accumulation cards, the deck."""
    cards = set(state.deck)
    for other, player in enumerate(state.players):
        if other != seat:
            cards.update(player.hand)
            cards.update(player.accumulation)
    return {f"card:{c}" for c in cards}


def decisions(seats: int, seed: int, kind: str) -> Iterator[tuple[KaleidoState, int]]:
    """Every decision of a whole game of ``kind`` bots (random or heuristic)."""
    state = GAME.setup(seats, None, None, seed)
    rng = random.Random(seed)
    agents = [make_agent(kind, s) for s in range(seats)]
    steps = 0
    while GAME.to_act(state) and steps < 4000:
        seat = GAME.to_act(state)[0]
        if seat == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        yield state, seat
        action = rng.choice(GAME.legal_actions(state, seat)) if kind == "random" else agents[seat].act(GAME, state,
                                                                                                        seat)
        state = GAME.apply(state, seat, action)
        steps += 1


@pytest.mark.parametrize(("seats", "seed", "kind"), [(3, 1, "random"), (2, 2, "heuristic"), (5, 3, "heuristic"),
                                                     (3, 4, "random")])
def test_every_action_names_objects_its_seats_view_carries(seats: int, seed: int, kind: str) -> None:
    """Issue 24: a browser could play a whole game by clicking table objects: each action's objects are in the
    acting seat's view, the thing first; only plain controls name none; no object is another seat's hidden card."""
    checked = 0
    for state, seat in decisions(seats, seed, kind):
        view = GAME.view(state, seat)
        carried = view_objects(view)
        secret = hidden_from(state, seat)
        for action in GAME.legal_actions(state, seat):
            parts = GAME.action_parts(state, seat, action)
            named = [*parts.objects, *parts.select]
            assert set(named) <= carried, (str(action), named, sorted(carried))
            assert not set(named) & secret, (str(action), named)
            assert bool(named) == (action.verb not in PLAIN), str(action)
            assert str(parts.group), str(action)
            checked += 1
    assert checked > 50


def test_the_thing_comes_first_and_the_target_last() -> None:
    """An intervention starts on the ability and ends on the attacked master; a targeted card on the card then
    the seat; a nomination on the seat."""
    seen = set()
    for state, seat in decisions(3, 5, "heuristic"):
        for action in GAME.legal_actions(state, seat):
            objects = GAME.action_parts(state, seat, action).objects
            if action.verb == "intervene":
                assert objects == (f"ability:{action.args[1]}", f"seat:{action.args[0]}")
            elif action.verb == "use" and len(action.args) > 1:
                assert objects == (f"card:{action.args[0]}", f"seat:{action.args[1]}")
            elif action.verb == "pay":  # the card that pays: from hand, the strategy card, or an accumulation card
                me = state.players[seat]
                paid = {"strategy": me.strategy, "accumulation": (me.accumulation or [None])[0]}.get(
                    action.args[0], action.args[0])
                assert objects == (f"card:{paid}",)
            elif action.verb == "nominate":
                assert objects == (f"seat:{action.args[0]}",)
            elif action.verb == "attack":
                assert objects[-1].startswith("seat:") and objects[0].split(":")[0] in ("servant", "ability")
            seen.add(action.verb)
    assert {"nominate", "attack", "use", "pay"} <= seen


@pytest.mark.parametrize(("seats", "seed"), [(3, 1), (5, 2)])
def test_every_event_cites_the_rule_that_made_it(seats: int, seed: int) -> None:
    """Issue 22: each log line carries the checklist clause ids of its rule (``why`` and the browser show them),
    every id has a summary in both languages, and the message comes from kaleido's catalog."""
    clauses = GAME.clauses()
    kinds = set()
    state = GAME.setup(seats, None, None, seed)
    rng = random.Random(seed)
    agents = [make_agent("heuristic", s) for s in range(seats)]
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        action = GAME.sample_chance(state, rng) if seat == CHANCE else agents[seat].act(GAME, state, seat)
        state = GAME.apply(state, seat, action)
        for event in GAME.events(state):
            assert event.domain == "kaleido" and event.clauses, (event.kind, event.text)
            for clause in event.clauses:
                assert clause in clauses and clauses[clause].has("en") and clauses[clause].has("ja"), clause
            kinds.add(event.kind)
    assert {"draw", "nominate", "strike", "hp", "turn", "fates"} <= kinds
