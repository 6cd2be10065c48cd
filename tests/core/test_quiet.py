"""A quiet state (``bouts.core.stepping.quiet``) costs no event: the rules of every game test for it before they
make one, so the simulator and a search's rollouts spend nothing on a log nobody reads (issue 27). That it plays
the same games is checked for every game in ``tests/conformance/test_fast_paths.py``."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bouts
from bouts.core import CHANCE, Event, quiet
from bouts.core.events import QUIET


def _made(game_id: str, silent: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Events made (constructed) by the steps of three seeded random games on the fast path, and the steps taken."""
    made = [0]
    real = Event.__init__

    def counting(self: Event, *args: Any, **kwargs: Any) -> None:
        made[0] += 1
        real(self, *args, **kwargs)

    monkeypatch.setattr(Event, "__init__", counting)
    game = bouts.game(game_id)
    seats = min(game.variants()[next(iter(game.variants()))].seats)
    steps = by_steps = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.fork(game.setup(max(seats, 2), {}, None, seed))
        if silent:
            quiet(state)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            action = game.sample_chance(state, rng) if seat == CHANCE else rng.choice(game.legal_actions(state, seat))
            before = made[0]
            game.advance(state, seat, action)
            by_steps += made[0] - before
            steps += 1
    monkeypatch.setattr(Event, "__init__", real)
    return by_steps, steps


@pytest.mark.parametrize("game_id", bouts.games())
def test_a_quiet_state_makes_no_event(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    loud, steps = _made(game_id, False, monkeypatch)
    assert loud >= steps // 2, "the same games make events when not quiet"
    silent, steps = _made(game_id, True, monkeypatch)
    assert silent == 0, f"{silent} events made in {steps} quiet steps"


def test_quiet_keeps_nothing_given_to_it() -> None:
    """An event given to a quiet state all the same is dropped (a game that forgot to test is slower, not wrong)."""
    QUIET.append(Event("x", "x"))
    QUIET.extend([Event("y", "y")])
    events = QUIET
    events += [Event("z", "z")]
    assert events is QUIET and QUIET == [] and not QUIET
