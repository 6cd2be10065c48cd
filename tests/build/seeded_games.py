"""Digests of seeded games of every game: the same sources must play them alike, compiled or not.

``python tests/build/seeded_games.py`` prints one JSON object: for every game, variant and seat count
of the conformance cases, a SHA-256 over a few seeded random games (each step's seat and action text,
each step's events, every seat's view and the outcome), and whether this interpreter's bouts is the
mypyc-compiled build. tests/build/test_compiled_build.py compares it with the pure-Python sources.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

import bouts
from bouts.core import CHANCE

GAMES = 2
MAX_STEPS = 20_000


def is_compiled() -> bool:
    """Whether ``bouts.core.match`` is a compiled extension module (compiled builds compile it)."""
    import bouts.core.match as match

    return not str(match.__file__).endswith(".py")


def random_game(game: Any, seats: int, options: dict[str, Any], seed: int) -> Iterator[tuple[int, Any, Any]]:
    """A seeded random game through ``apply``: each step's seat, action and the state after it (at most
    :data:`MAX_STEPS` steps). The seed is the game's and its chooser's."""
    rng = random.Random(seed)
    state = game.setup(seats, options, None, seed)
    for _ in range(MAX_STEPS):
        acting = game.to_act(state)
        if not acting:
            return
        seat = rng.choice(acting)
        action = game.sample_chance(state, rng) if seat == CHANCE else rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
        yield seat, action, state


def digest(game_id: str, variant: str, seats: int, options: dict[str, object]) -> str:
    game = bouts.game(game_id)
    sha = hashlib.sha256()
    for seed in range(GAMES):
        state = game.setup(seats, options, None, seed)
        for seat, action, state in random_game(game, seats, options, seed):
            sha.update(f"{seat}:{action}|".encode())
            for event in game.events(state):
                sha.update(json.dumps(event.to_json(), sort_keys=True, default=str).encode())
        for seat in range(seats):
            sha.update(json.dumps(game.view(state, seat), sort_keys=True, default=str).encode())
        outcome = game.outcome(state)
        sha.update(json.dumps(None if outcome is None else outcome.to_json(), default=str).encode())
    return sha.hexdigest()


def digests() -> dict[str, str]:
    out = {}
    for game_id in bouts.games():
        for name, variant in bouts.game(game_id).variants().items():
            for seats in variant.seats:
                out[f"{game_id}-{name}-{seats}p"] = digest(game_id, name, seats, dict(variant.options))
    return out


if __name__ == "__main__":
    json.dump({"compiled": is_compiled(), "digests": digests()}, sys.stdout)
