"""The fast path's shortcuts change nothing a reader sees (issue 27).

- A rule step may fill the contract's cache of legal actions with a menu it made on the way (FGO Duel's move
  menu, Grail War's battle-preparation menu): the cached menu must be the one the game computes afresh.
- An event's data and arguments may be functions made at the first reading (rollouts never read them): what
  a reader gets must not depend on when it reads, so events read at once and events read at the end of the
  game must show the same.
- A quiet state (``bouts.core.stepping.quiet``: the simulator's, a search rollout's) makes no events and plays
  exactly as a state that makes them.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bouts.agents.base import make_agent
from bouts.core import CHANCE, quiet
from bouts.core.events import QUIET
from tests.conformance.cases import Case, all_cases

GAMES = 3
"""Seeded random games per case."""


def _text(event: Any) -> str:
    return json.dumps(event.to_json("en"), sort_keys=True, default=str)


def _play(case: Case, seed: int, read_at_once: bool) -> tuple[list[str], int]:
    """A seeded random game on the fast path: every event's JSON (read right after its step, or all at the end)
    and how many decisions found their menu already cached (checked against the menu computed afresh)."""
    game = case.game
    rng = random.Random(seed)
    state = game.fork(game.setup(case.seats, case.options, None, seed))
    texts: list[str] = []
    kept: list[Any] = []
    cached = 0
    while game.to_act(state):
        seat = game.to_act(state)[0]
        if seat != CHANCE and seat in state._legal:  # filled by the rules on the way
            cached += 1
            assert state._legal[seat] == tuple(game._legal_actions(state, seat))
        action = game.sample_chance(state, rng) if seat == CHANCE else rng.choice(game.legal_actions(state, seat))
        game.advance(state, seat, action)
        if read_at_once:
            texts.extend(_text(e) for e in game.events(state))
        else:
            kept.extend(game.events(state))
    return texts or [_text(e) for e in kept], cached


@pytest.mark.parametrize("case", all_cases(), ids=str)
def test_cached_menus_are_the_menus_and_lazy_events_read_the_same_later(case: Case) -> None:
    cached = 0
    for seed in range(GAMES):
        at_once, found = _play(case, seed, read_at_once=True)
        assert _play(case, seed, read_at_once=False)[0] == at_once
        cached += found
    if case.game_id in ("fgo_duel", "grail_war"):
        assert cached, "the rules fill the menu cache on the way in this game"


HEURISTIC = 120
"""Steps of a quiet test's heuristic game played by the heuristic (random after: SAO's heuristic is slow)."""


def _played(case: Case, seed: int, silent: bool, agent: str) -> tuple[list[str], str]:
    """A seeded game on the fast path, quiet or not, decisions by ``agent`` (``random``, or ``heuristic`` for the
    first :data:`HEURISTIC` steps, then random): every
    step's seat and action text, then every seat's final view and the outcome as JSON."""
    game = case.game
    rng = random.Random(seed)
    state = game.fork(game.setup(case.seats, case.options, None, seed))
    if silent:
        assert quiet(state) is state
    players = [make_agent(agent, seed * 10 + seat) for seat in range(case.seats)]
    steps: list[str] = []
    while game.to_act(state):
        seat = game.to_act(state)[0]
        action = (game.sample_chance(state, rng) if seat == CHANCE
                  else rng.choice(game.legal_actions(state, seat)) if agent == "random" or len(steps) >= HEURISTIC
                  else players[seat].act(game, state, seat))
        game.advance(state, seat, action)
        steps.append(f"{seat}:{action}")
        if silent:
            assert state.events is QUIET and not game.events(state), "a quiet state stays quiet and keeps no event"
        assert len(steps) < 20_000
    views = [game.view(state, seat) for seat in range(case.seats)]
    outcome = game.outcome(state)
    return steps, json.dumps([views, None if outcome is None else outcome.to_json("en")], sort_keys=True,
                             default=str)


@pytest.mark.parametrize("case", all_cases(), ids=str)
def test_a_quiet_fast_path_plays_the_same_games(case: Case) -> None:
    """``quiet`` (the simulator's and a search rollout's fast path) makes no events and changes nothing else: the
    same seeded random and heuristic games, step by step, to the same final views and outcome."""
    for seed, agent in ((0, "random"), (1, "random"), (2, "heuristic")):
        loud = _played(case, seed, False, agent)
        assert loud == _played(case, seed, True, agent), (seed, agent)
