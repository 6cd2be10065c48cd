"""The registry of games: built-in games plus any installed plugin.

A built-in game is a package under ``bouts.games`` whose ``__init__`` defines
``GAME``; other packages add games through the ``bouts.games`` entry-point group.
The registry finds them by name, so the core imports no game.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from bouts.core.contract import Game
from bouts.core.i18n import BOUTS

M_ = BOUTS.message


class UnknownGame(ValueError):
    """A game id that is not registered (its message reads in the current language when shown)."""


@cache
def _targets() -> dict[str, str]:
    package = importlib.import_module("bouts.games")
    builtin: dict[str, str] = {}
    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            name = f"{package.__name__}.{module.name}"
            game = getattr(importlib.import_module(name), "GAME", None)
            if isinstance(game, Game):
                builtin[game.info.id] = f"{name}:GAME"
    for ep in entry_points(group="bouts.games"):
        builtin.setdefault(ep.name, ep.value)
    return builtin


def game_targets() -> dict[str, str]:
    """Every registered game id with its ``module:attribute`` target."""
    return dict(_targets())


def game_ids() -> tuple[str, ...]:
    """The registered game ids, sorted."""
    return tuple(sorted(_targets()))


@cache
def get_game(game_id: str) -> Game[Any, Any]:
    """The game object registered as ``game_id``."""
    target = _targets().get(game_id)
    if target is None:
        raise UnknownGame(M_("unknown game '{game}' (known: {known})", game=game_id, known=list(game_ids())))
    module_name, _, attribute = target.partition(":")
    game = getattr(importlib.import_module(module_name), attribute or "GAME")
    if not isinstance(game, Game):
        raise UnknownGame(M_("'{target}' is not a bouts game", target=target))
    return game
