"""Fate/Grand Order Duel -collection figure-, played by its rules page."""

from bouts.games.fgo_duel.game import FgoDuel

GAME = FgoDuel()

__all__ = ["GAME", "FgoDuel"]
