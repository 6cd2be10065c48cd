"""The registry of games: built-in games plus any installed plugin.

Built-in games are listed by module path in ``bouts.games.BUILTIN``; other
packages add games through the ``bouts.games`` entry-point group.
"""

from __future__ import annotations

import importlib
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from bouts.core.contract import Game


class UnknownGame(ValueError):
    """A game id that is not registered."""


@cache
def _targets() -> dict[str, str]:
    builtin: dict[str, str] = dict(importlib.import_module("bouts.games").BUILTIN)
    for ep in entry_points(group="bouts.games"):
        builtin.setdefault(ep.name, ep.value)
    return builtin


def game_ids() -> tuple[str, ...]:
    """The registered game ids, sorted."""
    return tuple(sorted(_targets()))


@cache
def get_game(game_id: str) -> Game[Any, Any]:
    """The game object registered as ``game_id``."""
    target = _targets().get(game_id)
    if target is None:
        raise UnknownGame(f"unknown game '{game_id}' (known: {', '.join(game_ids())})")
    module_name, _, attribute = target.partition(":")
    game = getattr(importlib.import_module(module_name), attribute or "GAME")
    if not isinstance(game, Game):
        raise UnknownGame(f"'{target}' is not a bouts game")
    return game
