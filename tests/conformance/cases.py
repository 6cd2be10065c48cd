"""The cases the conformance suite runs over: every registered game x variant x seat count."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import bouts
from bouts.core import CHANCE, Game

MAX_STEPS = 20_000


@dataclass(frozen=True)
class Case:
    game_id: str
    variant: str
    seats: int
    options: dict[str, Any]

    @property
    def game(self) -> Game[Any, Any]:
        return bouts.game(self.game_id)

    def __str__(self) -> str:
        return f"{self.game_id}-{self.variant}-{self.seats}p"


def all_cases() -> list[Case]:
    cases = []
    for game_id in bouts.games():
        for name, variant in bouts.game(game_id).variants().items():
            for seats in variant.seats:
                cases.append(Case(game_id, name, seats, dict(variant.options)))
    return cases


CASES = all_cases()


@dataclass
class Transition:
    before: Any
    seat: int
    action: Any
    after: Any


def playout(case: Case, seed: int, max_steps: int = MAX_STEPS) -> Iterator[Transition]:
    """A random playout: chance by the game's sampler, decisions uniformly at random.

    With several seats to act (sealed choices), a random one of them acts first.
    """
    game = case.game
    rng = random.Random(seed)
    state = game.setup(case.seats, case.options, None, seed)
    for _ in range(max_steps):
        acting = game.to_act(state)
        if not acting:
            return
        seat = rng.choice(acting)
        if seat == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state, seat)
            assert legal, f"{case}: seat {seat} must act but has no legal action"
            action = rng.choice(legal)
        after = game.apply(state, seat, action)
        yield Transition(state, seat, action, after)
        state = after
    raise AssertionError(f"{case} seed {seed}: no end within {max_steps} steps")


def json_roundtrip(value: Any) -> Any:
    return json.loads(json.dumps(value))
