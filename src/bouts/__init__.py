"""bouts: tabletop battle games played exactly by their rulebooks.

>>> import bouts
>>> "swordplay" in bouts.games()
True
"""

from typing import Any

from bouts.core import (
    CHANCE,
    ContentError,
    Event,
    Game,
    IllegalAction,
    Match,
    OptionsError,
    Outcome,
    Seat,
)
from bouts.core.registry import UnknownGame, game_ids, get_game


def games() -> tuple[str, ...]:
    """The registered game ids."""
    return game_ids()


def game(game_id: str) -> Game[Any, Any]:
    """The game object registered as ``game_id``."""
    return get_game(game_id)


__all__ = [
    "CHANCE", "ContentError", "Event", "Game", "IllegalAction", "Match", "OptionsError", "Outcome",
    "Seat", "UnknownGame", "game", "games",
]
