"""Whole games the heuristic bots play to the end, for tests of what a finished table shows."""

from __future__ import annotations

import bouts
from bouts.agents import make_agent
from bouts.core import CHANCE, Match


def played(game_id: str, seats: int, options: dict[str, object], seed: int) -> Match:
    """A game the heuristic bots played to its end."""
    game = bouts.game(game_id)
    match = Match(game, seats, options, None, seed)
    agents = [make_agent("heuristic", seed + s) for s in range(seats)]
    while match.to_act():
        acting = match.to_act()
        if acting == (CHANCE,):
            match.step_chance()
            continue
        match.apply(agents[acting[0]].act(game, match.state, acting[0]), acting[0])
    return match
