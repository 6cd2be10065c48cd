"""A sensible Grail War player, using only what its seat may know."""

from __future__ import annotations

import random
from typing import Any

from bouts.core import CHANCE, Game, Seat


def choose(game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
    """The heuristic's action for ``seat``."""
    if seat == CHANCE:
        return game.sample_chance(state, rng)
    legal = game.legal_actions(state, seat)
    return legal[0]


def advice(game: Game[Any, Any], state: Any, seat: Seat) -> list[str]:
    """The heuristic's pick with one line of reason."""
    action = choose(game, state, seat, random.Random(0))
    return [f"{action}: {game.describe(state, seat, action)}"]
