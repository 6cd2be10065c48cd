"""The random agent: a uniformly random legal action."""

from __future__ import annotations

from typing import Any

from bouts.agents.base import M_, AgentSpecError, agent_rng
from bouts.core.contract import Game, Seat


class RandomAgent:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = agent_rng(seed)

    def act(self, game: Game[Any, Any], state: Any, seat: Seat) -> Any:
        """A random legal action."""
        return self.rng.choice(game.legal_actions(state, seat))


def make(params: dict[str, str], seed: int) -> RandomAgent:
    """Build from a spec (``random`` takes no parameters)."""
    if params:
        raise AgentSpecError(M_("the random agent takes no parameters, got {params}", params=list(params)))
    return RandomAgent(seed)
