"""Action phase: events revealed, move and the Engaged state, Recon, command spells (DGW-056..DGW-066,
DGW-083..DGW-090)."""

from __future__ import annotations

import pytest

from bouts.core import IllegalAction
from tests.grail_war.helpers import GAME, act, legal, place_all, start, turn

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
    state = place_all(start(5, masters=FIVE), *["workshop"] * 4, "shinto")
    assert state.players[0].mana == 10 and {"move miyama", "move shinto", "move recon", "stay"} <= set(legal(state))
    assert GAME.describe(state, 0, GAME.parse_action(state, 0, "move recon")) == "Move to Recon for 5 mana"
    moved = act(state, 0, "move recon")
    assert moved.players[0].mana == 10 - 5 and moved.players[0].spoils == 2
    assert act(state, 0, "move shinto").players[0].mana == 10 - 3
    assert act(state, 0, "move miyama").players[0].mana == 10 - 1
    later = place_all(start(5, masters=FIVE), "shinto", "workshop", "workshop", "workshop", "workshop")
    assert "move miyama" not in legal(later) and "move workshop" not in legal(later)


def test_engaged_player_cannot_pay_to_move() -> None:
    """DGW-063, DGW-EX-25, DGW-RUL-07, DGW-RUL-08, DGW-089, DGW-RUL-26: two at Miyama: no paid move; command spell
    Use C still goes to Recon at 0 mana and gains 2 spoils."""
    state = place_all(start(5, masters=FIVE), "miyama", "miyama", "workshop", "workshop", "workshop")
    assert [a for a in legal(state) if a.startswith("move")] == []
    with pytest.raises(IllegalAction):
        act(state, 0, "move shinto")
    mana = state.players[0].mana
    state = act(state, 0, "spell move recon")
    assert state.players[0].location == "recon" and state.players[0].spoils == 2 and state.players[0].mana == mana


def test_dgw_089_use_c_never_goes_to_the_workshop() -> None:
    """DGW-089 (「魔術工房以外の場所」), DGW-RUL-26: Use C offers Miyama, Shinto and Recon, never the Workshop, at
    each of the three windows."""
    state = place_all(start(5, masters=FIVE), "miyama", "workshop", "workshop", "workshop", "shinto")
    moves = [a for a in legal(state) if a.startswith("spell move")]
    assert moves == ["spell move shinto", "spell move recon"]
    state = act(state, 0, "stay")
    assert "spell move workshop" not in legal(state)


def test_dgw_087_use_a_gives_four_mana() -> None:
    """DGW-087: Use A adds 4 mana (Shirou 4 → 8) and removes a command spell."""
    state = place_all(start(5, masters=["shirou", "rin", "kirei", "illya", "shinji"]), "miyama", *["workshop"] * 4)
    state = act(state, 0, "spell mana")
    assert state.players[0].mana == 8 and state.players[0].command_spells == 2
    assert any("+4 mana" in e.text for e in GAME.events(state))


def test_dgw_m07_jewels_for_mana_cost_two() -> None:
    """DGW-M07 (宝石魔術: 2 jewels for +1 mana): Rin's 10 jewels become 8 and her mana 7 becomes 8."""
    state = place_all(start(5, masters=["rin", "illya", "kirei", "shirou", "shinji"]), "miyama", *["workshop"] * 4)
    state = act(state, 0, "jewel mana") if "jewel mana" in legal(state) else act(state, 0, "stay", "jewel mana")
    assert (state.players[0].jewels, state.players[0].mana) == (8, 8)
    view = GAME.view(state, 1)["players"][0]
    assert (view["jewels"], view["mana"]) == (8, 8)


def test_dgw_m07_one_jewel_buys_no_mana() -> None:
    """DGW-M07 (宝石魔術: 2 jewels for +1 mana, 3 to rebuild): Rin spends 3 jewels on a rebuild and 6 on mana;
    with the 1 jewel left neither is offered (ガンド, 1 jewel, still is at her battle preparation)."""
    state = place_all(start(5, masters=["rin", "illya", "kirei", "shirou", "shinji"]), "miyama", *["workshop"] * 4)
    state = act(state, 0, "jewel rebuild", "done", "jewel mana", "jewel mana", "jewel mana")
    assert state.players[0].jewels == 1
    assert not [a for a in legal(state) if a.startswith("jewel")]
    state = act(state, 0, "stay")
    assert "play gandr up" in legal(state) and not [a for a in legal(state) if a.startswith("jewel")]

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
    """DGW-EX-52, DGW-M23: Kuzuki at the Workshop moves to Miyama for 0."""
    state = place_all(start(5, masters=["kuzuki", "rin", "kirei", "illya", "shirou"]), *["workshop"] * 4, "shinto")
    mana = state.players[0].mana
    assert GAME.describe(state, 0, GAME.parse_action(state, 0, "move miyama")) == "Move to Miyama for 0 mana"
    state = act(state, 0, "move miyama")
    assert state.players[0].location == "miyama" and state.players[0].mana == mana


def test_kirei_overseer_recon_while_hidden() -> None:
    """DGW-M25, DGW-RUL-46: Kirei's tarot face down: Recon for 2 mana even while Engaged; once revealed (真名解放
    in round 1), not in round 2."""
    masters = ["kirei", "rin", "illya", "kuzuki", "shirou"]
    state = place_all(start(5, masters=masters), "miyama", "miyama", "workshop", "workshop", "workshop")
    assert legal(state)[0] == "move recon"
    assert GAME.describe(state, 0, GAME.parse_action(state, 0, "move recon")) == "Move to Recon for 2 mana"
    state = start(5, masters=masters, servants=["saber", "archer", "berserker", "lancer", "caster"],
                  decks={0: ["saber_01", "saber_02", "saber_03"]})
    state = place_all(state, "miyama", "workshop", "workshop", "workshop", "shinto")
    state = act(state, 0, "spell mana", "stay", "play excalibur up", "play saber_01 down", "next")
    assert GAME.view(state, 1)["players"][0]["revealed"]
    while state.round == 1:
        state = turn(state)
    for place in ("miyama", "workshop", "workshop", "workshop", "miyama"):  # P2 starts round 2; P1 places last
        state = act(state, GAME.to_act(state)[0], f"place {place}")
    while GAME.to_act(state) != (0,):
        state = turn(state)
    assert state.players[0].mana >= 2 and "move recon" not in legal(state)


def test_command_spell_mana_capped() -> None:
    """DGW-087, DGW-EX-16, DGW-086, DGW-RUL-06: Use A at 10 mana gives 12 (2 lost) and removes a token."""
    state = place_all(start(5, masters=FIVE), *["workshop"] * 4, "miyama")
    assert state.players[0].mana == 10
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


def test_dgw_059_dgw_052_a_paid_move_into_recon_is_logged_with_its_place_and_its_spoils_reason() -> None:
    """DGW-059, DGW-052: moving to Recon for 5 mana is one public "move" line whose data names the place (the table
    moves the piece by it) and a spoils line that says why: "entering Recon", in both languages."""
    state = place_all(start(5, masters=FIVE), *["workshop"] * 4, "shinto")
    new = GAME.events(act(state, 0, "move recon"))
    move = [e for e in new if e.kind == "move"]
    assert len(move) == 1 and move[0].is_public and move[0].data["place"] == "recon" and move[0].data["seat"] == 0
    assert "Recon" in move[0].text and "5 mana" in move[0].text
    spoils = [e for e in new if "spoils" in e.data]
    assert len(spoils) == 1 and spoils[0].data["spoils"] == 2 and "entering Recon" in spoils[0].text
    assert "偵察" in spoils[0].render("ja")
