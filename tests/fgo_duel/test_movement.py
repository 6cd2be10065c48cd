"""The action phase's move: FGO-037..FGO-047, FGO-066, FGO-RUL-12..FGO-RUL-18, FGO-EX-11, FGO-EX-13."""

from __future__ import annotations

import pytest

from bouts.core import IllegalAction
from bouts.games.fgo_duel import turn
from bouts.games.fgo_duel.cards import Catalog
from bouts.games.fgo_duel.state import Phase
from tests.fgo_duel.helpers import E0, E1, GAME, act, arrange, legal_texts, ready


def test_fgo_037_fgo_038_move_one_servant_to_an_adjacent_area_paying_its_card() -> None:
    """FGO-037: the turn player moves exactly one servant to an adjacent area; FGO-038: choosing the servant and
    destination and trashing one of its cards from the hand. FGO-066, FGO-047: an empty area is simply entered."""
    state = ready()
    moves = legal_texts(state, 0)
    assert all(m.startswith("move artoria ") for m in moves)  # the hand holds only Artoria's cards
    assert {m.split()[2] for m in moves} == {"fuyuki_10", "fuyuki_11"}
    assert all(state.map.area(m.split()[2]).id in state.map.neighbours("fuyuki_00") for m in moves)
    after = GAME.apply(state, 0, "move artoria fuyuki_11 artoria/4")
    assert after.masters[0].servant("artoria").area == "fuyuki_11"
    assert after.masters[0].trash == ["artoria/4"]
    assert [s.area for s in after.masters[0].party[1:]] == ["fuyuki_01", "fuyuki_02"]  # only one servant moved
    assert after.turn == 1 and after.last_battle is None  # no battle; the turn passed on


def test_fgo_039_the_paid_card_must_belong_to_the_moving_servant() -> None:
    """FGO-039: a card of another servant cannot pay for a move."""
    state = arrange(ready(), 0, hand=["artoria/1", "medusa/1", "medusa/2", "hassan/1", "hassan/2"],
                    deck=[f"artoria/{n}" for n in range(2, 6)] + [f"medusa/{n}" for n in range(3, 6)]
                    + [f"hassan/{n}" for n in range(3, 6)])
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "move medusa fuyuki_11 artoria/1")
    assert "move medusa fuyuki_11 medusa/1" in legal_texts(state, 0)
    for move in legal_texts(state, 0):
        _, servant, _, card = move.split()
        assert card.startswith(servant + "/")


def test_fgo_040_moving_is_compulsory() -> None:
    """FGO-040: when a move is possible the player must move: there is no pass in the action phase."""
    state = ready()
    assert state.phase is Phase.ACTION
    assert all(t.startswith("move ") for t in legal_texts(state, 0))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "pass")


def test_fgo_041_fgo_042_own_servants_and_own_master_area_are_forbidden() -> None:
    """FGO-041: not an area holding an own servant; FGO-042: not the own master area."""
    state = arrange(ready(), 0, hand=["medusa/1", "medusa/2", "medusa/3", "medusa/4", "medusa/5"])
    destinations = {t.split()[2] for t in legal_texts(state, 0)}
    assert "fuyuki_00" not in destinations and "fuyuki_02" not in destinations  # Artoria, Hassan
    assert "fuyuki_master0" not in destinations and "fuyuki_master0" in state.map.neighbours("fuyuki_01")
    assert destinations == {"fuyuki_10", "fuyuki_11", "fuyuki_12"}


def test_fgo_043_fgo_rul_14_fgo_rul_24_ex_11_whole_hand_trashed() -> None:
    """FGO-043, FGO-EX-11: A's servants on the map are X and Y and the hand is 5 cards of destroyed Z: all 5 go to the
    trash upright, no move, no battle, the FGO-031 total is unchanged (FGO-RUL-24), and A draws 5 in the charge
    phase. FGO-RUL-14: cards of a destroyed servant never pay for a move."""
    state = ready(first=1)
    hassan = [f"hassan/{n}" for n in range(1, 6)]
    state = arrange(state, 0, hand=hassan, deck=[f"artoria/{n}" for n in range(1, 6)]
                    + [f"medusa/{n}" for n in range(1, 6)], areas={"hassan": None})
    state = GAME.apply(state, 1, "move emiya fuyuki_32 emiya/1")  # seat 1's turn; then seat 0's begins
    master = state.masters[0]
    assert state.turn == 1 and state.turns == 3  # seat 0's turn 2 ran by itself: no decision to make
    assert master.trash == hassan and not master.sideways
    assert master.hand == [f"artoria/{n}" for n in range(1, 6)]  # drew 5 in the charge phase
    assert master.card_total == 15 and not master.removed
    assert [s.area for s in master.party] == ["fuyuki_00", "fuyuki_01", None]
    assert state.last_battle is None
    assert any(e.kind == "trash_hand" for e in state.events)


def test_fgo_rul_13_no_legal_destination_ends_the_action_phase_without_trashing(pack: Catalog) -> None:
    """FGO-RUL-13: cards of on-map servants in hand but no legal destination: no move, the hand is kept."""
    state = ready({"map": "tiny"}, parties=(E0, E1), content=pack, first=1)
    # t_arts at s3 touches only s1 (t_saber), s2 (t_buster) and the own master area
    hand = [f"t_arts/{n}" for n in range(1, 6)]
    state = arrange(state, 0, hand=hand, deck=[c for c in state.masters[0].deck + state.masters[0].hand
                                               if c not in hand])
    state = GAME.apply(state, 1, "move t_guard mid t_guard/1")
    assert state.turn == 1 and state.turns == 3  # seat 0's turn passed with no move, seat 1 again
    assert state.masters[0].hand == hand and state.masters[0].trash == []
    assert [s.area for s in state.masters[0].party] == ["s1", "s2", "s3"]
    no_move = [e for e in state.events if e.kind == "no_move"]
    assert [(e.data["seat"], e.owner, e.reveals, e.clauses) for e in no_move] == [
        (0, 0, True, ("FGO-040", "FGO-RUL-13"))]
    assert [(e.render("en"), e.render("ja")) for e in no_move] == [("Seat 1 has no legal move: the action phase ends",
                                                                    "席1は移動できない：アクションフェイズを終了する")]


def test_fgo_rul_13_when_both_masters_are_boxed_in_for_good_the_game_is_a_draw(pack: Catalog) -> None:
    """FGO-RUL-13 taken to its end: if neither master can ever move (full hands, no destination), the game could
    never finish; the engine ends it as a draw instead of looping (a documented engine choice)."""
    state = ready({"map": "tiny"}, parties=(E0, E1), content=pack, first=1)
    for seat, boxed in ((0, "t_arts"), (1, "t_twin")):
        cards = state.masters[seat].deck + state.masters[seat].hand
        state = arrange(state, seat, hand=[c for c in cards if c.startswith(boxed)],
                        deck=[c for c in cards if not c.startswith(boxed)])
    turn.begin_turn(state)  # seat 1's turn begins with both masters boxed in
    assert GAME.to_act(state) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and "draw" in outcome.reason_text()
    # three turns without a move (seat 1, seat 0, seat 1: each hand kept and shown to its owner), then the draw
    no_moves = [e for e in state.events if e.kind == "no_move"]
    assert [(e.data["seat"], e.owner, e.reveals) for e in no_moves] == [(1, 1, True), (0, 0, True), (1, 1, True)]
    assert all(e.clauses == ("FGO-040", "FGO-RUL-13") for e in no_moves)
    assert state.masters[0].trash == [] and state.masters[1].trash == []
    stalemate = state.events[-1]
    assert stalemate.kind == "stalemate" and stalemate.clauses == ("FGO-RUL-13",)
    assert stalemate.text == "neither master can ever move again: a draw"


def test_fgo_044_fgo_045_trash_is_face_up_upright_and_ordered() -> None:
    """FGO-044: every card put into the trash is upright; FGO-045: the trash is an ordered public list."""
    state = ready()
    state = GAME.apply(state, 0, "move artoria fuyuki_11 artoria/4")
    state = GAME.apply(state, 1, "move emiya fuyuki_31 emiya/2")
    view = GAME.view(state, 1)
    assert [{k: c[k] for k in ("id", "servant", "type", "power", "sideways")} for c in view["masters"][0]["trash"]] \
        == [{"id": "artoria/4", "servant": "artoria", "type": "arts", "power": 3, "sideways": False}]
    assert [c["id"] for c in view["masters"][1]["trash"]] == ["emiya/2"]


def test_fgo_046_fgo_rul_12_fgo_rul_18_moving_into_an_enemy_starts_a_battle_even_on_turn_1() -> None:
    """FGO-046: moving into an area holding an enemy servant starts a battle; FGO-RUL-12: enemy areas are legal
    destinations; FGO-RUL-18: no first-turn restriction."""
    state = arrange(ready(), 1, areas={"emiya": "fuyuki_11"})
    assert "move artoria fuyuki_11 artoria/1" in legal_texts(state, 0)
    state = GAME.apply(state, 0, "move artoria fuyuki_11 artoria/1")
    assert state.turns == 1 and state.phase is Phase.BATTLE and GAME.to_act(state) == (0, 1)
    assert state.attack is not None and state.attack.defender == "emiya"
    assert state.masters[0].servant("artoria").area == "fuyuki_00"  # not moved yet


def test_fgo_030_fgo_rul_17_ex_13_win_by_entering_the_enemy_master_area() -> None:
    """FGO-EX-13: A's servant next to B's master area, A trashes its card and moves in: A wins at once, no
    battle (FGO-030, FGO-RUL-17)."""
    state = arrange(ready(), 0, areas={"artoria": "fuyuki_41"})
    state = arrange(state, 1, areas={"cu_chulainn": "fuyuki_31"})
    assert "move artoria fuyuki_master1 artoria/2" in legal_texts(state, 0)
    state = GAME.apply(state, 0, "move artoria fuyuki_master1 artoria/2")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and "master area" in outcome.reason_text()
    assert state.last_battle is None and GAME.to_act(state) == ()
    for seat in (0, 1):  # the final table shows the winner standing in the enemy master area
        party = GAME.view(state, seat)["masters"][0]["party"]
        assert (party[0]["id"], party[0]["area"]) == ("artoria", "fuyuki_master1")


def test_fgo_rul_15_the_movement_card_stays_in_the_trash_whatever_the_battle() -> None:
    """FGO-RUL-15: the movement card is trashed before the battle and stays there."""
    state = arrange(ready(), 1, areas={"emiya": "fuyuki_11"})
    state = GAME.apply(state, 0, "move artoria fuyuki_11 artoria/5")
    assert state.masters[0].trash == ["artoria/5"]  # already paid while the battle is pending
    state = act(state, 0, "battle artoria/2 artoria/3 artoria/4")  # B4 B4 A3 = 11 + Brave 3 = 14
    state = act(state, 1, "battle emiya/1 emiya/2 emiya/4")  # A4 A3 B4 = 11 + Brave 3 = 14: a tie
    assert state.masters[0].trash[0] == "artoria/5"

