"""Outpost phase (DGW-043..DGW-055), the NPC, Workshop mana and land advantage."""

from __future__ import annotations

from tests.grail_war.helpers import GAME, act, finish_round, legal, place_all, start, turn
from tests.grail_war.scenario import steer


def test_placement_in_turn_order_once_each() -> None:
    """DGW-043, DGW-044, DGW-051: from the start player clockwise, Workshop/Miyama/Shinto, never Recon."""
    state = start(5)
    assert legal(state) == ["place workshop", "place miyama", "place shinto"]
    for seat in range(5):
        assert GAME.to_act(state) == (seat,)
        state = act(state, seat, "place miyama")
    assert state.step == "turn"


def test_workshop_mana_two_then_one_and_at_most_four() -> None:
    """DGW-045, DGW-046, DGW-EX-08, DGW-RUL-04, DGW-RUL-05: 2 for the first, 1 later, gained at once; a 5th may not."""
    state = start(5, masters=["illya", "rin", "kirei", "shirou", "shinji"])
    before = [p.mana for p in state.players]
    state = place_all(state, "workshop", "workshop", "workshop", "workshop")
    assert [p.mana - b for p, b in zip(state.players, before, strict=True)][:4] == [2, 1, 1, 1]
    assert "place workshop" not in legal(state)


def test_mana_capped_at_twelve() -> None:
    """DGW-007, DGW-EX-09, DGW-RUL-06: Illya with 11 mana (6; 工房の加護 supply 0, first at the Workshop 2 + 1;
    聖杯 +1; 激戦 supply 1) is first at the Workshop in round 2: 12, the rest is lost."""
    order = ["s05", "s06", "s08", "s09", "s01", "s02", "s03", "s04", "s07", "s10"]
    state = start(4, masters=["illya", "rin", "kirei", "shirou"], situations=order)
    state = place_all(state, "workshop", "miyama", "miyama", "workshop")
    while state.round == 1:
        state = turn(state)
    assert state.players[0].mana == 11
    state = place_all(state, "miyama", "miyama", "shinto", "workshop")  # P2, P3, P4, then P1
    assert state.players[0].mana == 12


def test_land_advantage_first_three_second_one_third_none() -> None:
    """DGW-047, DGW-048, DGW-049, DGW-EX-10, DGW-018: +3 to the first at Miyama, +1 to the second, none to the third."""
    state = start(5)
    state = place_all(state, "miyama", "miyama", "miyama")
    assert state.tokens["miyama3"] == 0 and state.tokens["miyama1"] == 1
    assert 2 not in state.tokens.values()


def test_no_land_advantage_by_moving() -> None:
    """DGW-050, DGW-EX-11: moving into Miyama in the Action phase takes no token."""
    state = start(5)
    state = place_all(state, "workshop", "workshop", "workshop", "workshop", "shinto")
    state = act(state, 0, "move miyama")
    assert state.tokens["miyama3"] is None and state.players[0].location == "miyama"


def test_npc_with_four_or_fewer_alternates() -> None:
    """DGW-054, DGW-055, DGW-EX-28, DGW-RUL-09, DGW-RUL-11: round 1 at Shinto with power 11, round 2 at Miyama;
    no NPC with 5; it takes no token."""
    state = start(4)
    assert state.npc == "shinto"
    state = place_all(state, "shinto", "shinto", "workshop", "workshop")
    assert state.tokens["shinto3"] == 0  # the NPC did not count as first
    state = finish_round(state)
    assert state.round == 2 and state.npc == "miyama"
    assert start(5).npc is None


def test_npc_follows_the_starting_count() -> None:
    """DGW-RUL-10: a 5-player game never gets an NPC, even with 4 left in the climax; the flag
    npc_by_current_count puts it on Shinto in round 9."""
    five = ["illya", "rin", "kirei", "shinji", "shirou"]
    state = steer(5, five, {8: [10, 9, 8, 3, 7]}).state
    assert state.round == 9 and len(state.living()) == 4 and state.npc is None
    state = steer(5, five, {8: [10, 9, 8, 3, 7]}, npc_by_current_count=True).state
    assert state.round == 9 and state.npc == "shinto"


def test_kuzuki_gains_spoils_at_the_workshop() -> None:
    """DGW-M21, DGW-RUL-43: Kuzuki takes spoils instead of mana, and still counts as first."""
    state = start(4, masters=["kuzuki", "rin", "kirei", "illya"])
    mana = state.players[0].mana
    state = place_all(state, "workshop", "workshop")
    assert state.players[0].spoils == 2 and state.players[0].mana == mana
    assert state.players[1].mana == GAME.catalog().initial_mana["rin"] + 2 + 1


def test_shinji_gains_mana_entering_miyama() -> None:
    """DGW-M17, DGW-M18, DGW-RUL-45: +1 mana when Shinji places at Miyama."""
    state = start(4, masters=["shinji", "rin", "kirei", "illya"])
    mana = state.players[0].mana
    state = place_all(state, "miyama")
    assert state.players[0].mana == mana + 1


def test_dgw_045_the_table_lists_who_is_at_the_workshop_in_the_order_they_placed() -> None:
    """DGW-045, DGW-RUL-04: the Workshop's order decides its mana (the first 2, each later one 1); the table lists
    the seats there in the order they placed, and they gained 2, 1 and 1."""
    state = start(5)
    before = [p.mana for p in state.players]
    state = place_all(state, "workshop", "miyama", "workshop", "shinto", "workshop")
    assert GAME.view(state, 1)["workshop"] == [0, 2, 4]
    assert [state.players[s].mana - before[s] for s in (0, 2, 4)] == [2, 1, 1]
