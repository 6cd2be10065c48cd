"""Dominate Grail War -Fate/stay night on Board Game-, played by its rulebook."""

from bouts.games.grail_war.game import GrailWar

GAME = GrailWar()

__all__ = ["GAME", "GrailWar"]
