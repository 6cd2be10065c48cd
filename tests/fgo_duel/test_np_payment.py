"""Paying NP through play: the oldest upright Arts trash cards turn sideways, other types are skipped."""

from __future__ import annotations

from bouts.games.fgo_duel.skills import np_of
from tests.fgo_duel.helpers import GAME, P1
from tests.fgo_duel.test_advanced import duel


def test_fgo_083_rul_48_paying_np_skips_older_non_arts_trash_cards() -> None:
    """FGO-083, FGO-RUL-48: paying NP turns the oldest *upright Arts* trash cards sideways; older Buster cards
    in the trash are neither counted (FGO-082) nor turned."""
    party = ("gilgamesh", "medusa", "hassan")
    trash = ["gilgamesh/1", "medusa/5", "gilgamesh/3", "medusa/4", "hassan/4"]  # Buster, Buster, then 3 Arts
    state = duel((party, P1), hands=(["gilgamesh/2", "gilgamesh/5", "medusa/1", "medusa/2", "hassan/1"], []),
                 trash=(trash, []))
    assert np_of(state, 0) == 3
    after = GAME.apply(state, 0, "skill gilgamesh")  # 黄金律: NP 2
    assert after.masters[0].sideways == ["gilgamesh/3", "medusa/4"]
    assert np_of(after, 0) == 1
