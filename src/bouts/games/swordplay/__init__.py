"""Swordplay: Arena (Digital Alchemy, 2006), played by its rulebook."""

from bouts.games.swordplay.game import Swordplay

GAME = Swordplay()

__all__ = ["GAME", "Swordplay"]
