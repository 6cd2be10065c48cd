"""The heuristic agent: each game's own simple, sensible rules.

A game's heuristic lives with the game (:meth:`bouts.core.contract.Game.strategy`, the module
``strategy`` in its package) and defines ``choose(game, state, seat, rng) -> action``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bouts.agents.base import M_, AgentSpecError, agent_rng
from bouts.core.contract import Game, Seat

Chooser = Callable[[Game[Any, Any], Any, Seat, random.Random], Any]


class HeuristicAgent:
    """Delegates to the heuristic of the game being played."""

    name = "heuristic"

    def __init__(self, seed: int = 0, params: dict[str, str] | None = None) -> None:
        self.rng = agent_rng(seed)
        self.params = params or {}
        self._choosers: dict[str, Chooser] = {}

    def chooser(self, game: Game[Any, Any]) -> Chooser:
        """The ``choose`` function of ``game``'s heuristic module."""
        found = self._choosers.get(game.info.id)
        if found is None:
            module = game.strategy()
            if module is None:
                raise AgentSpecError(M_("no heuristic agent for {game} yet", game=game.info.id))
            found = self._choosers[game.info.id] = module.choose
        return found

    def act(self, game: Game[Any, Any], state: Any, seat: Seat) -> Any:
        """The game heuristic's choice."""
        return self.chooser(game)(game, state, seat, self.rng)


def make(params: dict[str, str], seed: int) -> HeuristicAgent:
    """Build from a spec (``heuristic`` takes no parameters)."""
    if params:
        raise AgentSpecError(M_("the heuristic agent takes no parameters, got {params}", params=list(params)))
    return HeuristicAgent(seed, params)
