"""Sword Art Online: Sword of Fellows (KADOKAWA / Arclight), played by its rulebook."""

from bouts.games.sao.game import Sao

GAME = Sao()

__all__ = ["GAME", "Sao"]
