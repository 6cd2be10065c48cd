"""Action phase: events revealed, move and the Engaged state, Recon, command spells (DGW-056..DGW-066,
DGW-083..DGW-090)."""

from __future__ import annotations

import pytest

from bouts.core import IllegalAction
from tests.grail_war.helpers import GAME, act, edit, legal, place_all, start, turn

FIVE = ["illya", "rin", "kirei", "shirou", "shinji"]


def test_face_down_events_turn_up_when_the_action_phase_starts() -> None:
    """DGW-003, DGW-040, DGW-056, DGW-RUL-49: Miyama's event face up ("Open"), Shinto's face down ("Close") until
    the Action phase."""
    state = start(5, masters=FIVE)
    assert state.events_at == {"miyama": [("e01", True)], "shinto": [("e02", False)]}
    assert GAME.view(state, 0)["events"]["shinto"] == [{"face_down": True}]
    state = place_all(state, *["workshop"] * 4, "miyama")
    assert state.events_at["shinto"] == [("e02", True)]


def test_each_player_acts_once_move_then_preparation() -> None:
    """DGW-057, DGW-058, DGW-036: from the start player, each moves then prepares, then the Battle phase."""
    state = place_all(start(5, masters=FIVE), *["workshop"] * 4, "miyama")
    for seat in range(5):
        assert GAME.to_act(state) == (seat,) and state.stage == "before_move"
        state = turn(state)
    assert state.round == 2


def test_paid_moves_are_one_way_with_board_costs() -> None:
    """DGW-059, DGW-060, DGW-061, DGW-062, DGW-RUL-01, DGW-RUL-02, DGW-EX-24: Workshop→Miyama 1, →Shinto 3,
    →Recon 5; only forward; staying is free."""
    state = edit(place_all(start(5, masters=FIVE), *["workshop"] * 4, "shinto"))
    state.players[0].mana = 5
    assert {"move miyama", "move shinto", "move recon", "stay"} <= set(legal(state))
    state = act(state, 0, "move recon")
    assert state.players[0].mana == 0 and state.players[0].spoils == 2
    other = edit(place_all(start(5, masters=FIVE), *["workshop"] * 4, "shinto"))
    other = act(other, 0, "move shinto")
    assert other.players[0].mana == 8 + 2 - 3
    later = place_all(start(5, masters=FIVE), "shinto", "workshop", "workshop", "workshop", "workshop")
    assert "move miyama" not in legal(later) and "move workshop" not in legal(later)


def test_engaged_player_cannot_pay_to_move() -> None:
    """DGW-063, DGW-EX-25, DGW-RUL-07, DGW-RUL-08, DGW-089, DGW-RUL-26: two at Miyama: no paid move; command spell
    Use C still goes to Recon at 0 mana and gains 2 spoils."""
    state = edit(place_all(start(5, masters=FIVE), "miyama", "miyama", "workshop", "workshop", "workshop"))
    state.players[0].mana = 0
    assert [a for a in legal(state) if a.startswith("move")] == []
    with pytest.raises(IllegalAction):
        act(state, 0, "move shinto")
    state = act(state, 0, "spell move recon")
    assert state.players[0].location == "recon" and state.players[0].spoils == 2 and state.players[0].mana == 0


def test_passing_through_a_crowded_battlefield() -> None:
    """DGW-064, DGW-EX-26: alone at the Workshop, Miyama crowded: paying Workshop→Shinto is legal."""
    state = place_all(start(5, masters=FIVE), "workshop", "miyama", "miyama", "workshop", "workshop")
    assert "move shinto" in legal(state)


def test_alone_with_the_npc_is_engaged() -> None:
    """DGW-EX-32, DGW-RUL-07: alone at Shinto with the NPC counts as Engaged."""
    state = place_all(start(4, masters=FIVE[:4]), "shinto", "workshop", "workshop", "workshop")
    assert not [a for a in legal(state) if a.startswith("move")]


def test_recon_once_a_round_for_two_spoils() -> None:
    """DGW-004, DGW-052, DGW-053, DGW-065, DGW-066, DGW-EX-27, DGW-RUL-27: the first to enter Recon gains 2 at once;
    nobody else may enter it that round; Recon is not a battlefield."""
    state = place_all(start(5, masters=FIVE), *["workshop"] * 4, "miyama")
    state = turn(state, move="move recon")
    assert state.players[0].spoils == 2 and GAME.view(state, 1)["recon"] == 0
    assert "move recon" not in legal(state) and "spell move recon" not in legal(state)
    assert GAME.view(state, 1)["players"][0]["power"] is None


def test_kuzuki_moves_to_miyama_free() -> None:
    """DGW-EX-52, DGW-M23: Kuzuki at the Workshop with 0 mana moves to Miyama for 0."""
    game = start(5, masters=["kuzuki", "rin", "kirei", "illya", "shirou"])
    state = edit(place_all(game, *["workshop"] * 4, "shinto"))
    state.players[0].mana = 0
    state = act(state, 0, "move miyama")
    assert state.players[0].location == "miyama" and state.players[0].mana == 0


def test_kirei_overseer_recon_while_hidden() -> None:
    """DGW-M25, DGW-RUL-46: Kirei's tarot face down: Recon for 2 mana even while Engaged; not once revealed."""
    state = edit(place_all(start(5, masters=["kirei", "rin", "illya", "kuzuki", "shirou"]),
                           "miyama", "miyama", "workshop", "workshop", "workshop"))
    state.players[0].mana = 2
    assert legal(state)[0] == "move recon"
    state.players[0].revealed = True
    state._legal = {}
    assert "move recon" not in legal(state)


def test_command_spell_mana_capped() -> None:
    """DGW-087, DGW-EX-16, DGW-086: Use A at 9 mana gives 12 (1 lost) and removes a token."""
    state = edit(place_all(start(5, masters=FIVE), *["workshop"] * 4, "miyama"))
    state.players[0].mana = 9
    state = act(state, 0, "spell mana")
    assert state.players[0].mana == 12 and state.players[0].command_spells == 2


def test_command_spells_only_in_own_action_at_three_windows() -> None:
    """DGW-083, DGW-084, DGW-090, DGW-RUL-50: spells before moving, before preparation and after it; never in the
    Outpost phase or someone else's action."""
    state = start(5, masters=FIVE)
    assert not [a for a in legal(state) if a.startswith("spell")]
    state = place_all(state, *["workshop"] * 4, "miyama")
    assert "spell power" in legal(state)  # before moving
    state = act(state, 0, "stay")
    assert "spell power" in legal(state)  # between moving and battle preparation
    with pytest.raises(IllegalAction):
        act(state, 1, "spell mana")
    while state.stage == "prepare" and GAME.to_act(state) == (0,):
        state = act(state, 0, next(a for a in legal(state) if a.startswith("play") or a == "done"))
    assert state.stage == "after_prepare" and "spell power" in legal(state)  # after preparation


def test_use_b_away_from_a_battle_is_spent_for_nothing() -> None:
    """DGW-RUL-24: Use B at the Workshop adds to no battle; the token is gone."""
    state = place_all(start(5, masters=FIVE), *["workshop"] * 4, "miyama")
    before = state.players[0].spoils
    state = turn(state, before=["spell power"])
    for _ in range(4):
        state = turn(state)
    assert state.players[0].command_spells == 2 and state.players[0].spoils == before


def test_dgw_053_recon_holds_one_piece_at_a_time() -> None:
    """DGW-053 (「最大1人まで置く」), DGW-RUL-27, DGW-089: Recon holds at most one piece at a time: once its
    occupant leaves (command spell Use C), the next player may enter it in the same round."""
    state = place_all(start(5, masters=FIVE), *["workshop"] * 4, "miyama")
    state = act(state, 0, "move recon")
    assert state.players[0].spoils == 2
    assert "move recon" not in legal(state, 0) and "spell move recon" not in legal(state, 0)
    state = act(state, 0, "play " + state.players[0].hand[0] + " down", "play " + state.players[0].hand[1] + " down")
    state = act(state, 0, "spell move shinto")  # after battle preparation: leaves Recon
    assert state.players[0].location == "shinto"
    state = act(state, 0, "next")
    assert "move recon" in legal(state, 1)
    state = act(state, 1, "move recon")
    assert state.players[1].location == "recon" and state.players[1].spoils == 2
    assert "move recon" not in legal(state, 2)
