"""Fate/kaleido grail 〜合わせ鏡の聖杯戦争〜, played by its rulebook."""

from bouts.games.kaleido.game import Kaleido

GAME = Kaleido()

__all__ = ["GAME", "Kaleido"]
