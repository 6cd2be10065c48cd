"""Battle: FGO-046..FGO-069, FGO-RUL-01..FGO-RUL-11, FGO-RUL-19..FGO-RUL-23 and the golden examples
FGO-EX-01, FGO-EX-01b, FGO-EX-04..FGO-EX-10 (example pack: the rulebook's exact powers)."""

from __future__ import annotations

from typing import Any

import pytest

from bouts.core import IllegalAction
from bouts.games.fgo_duel import battle
from bouts.games.fgo_duel.cards import Catalog
from bouts.games.fgo_duel.state import Phase
from tests.fgo_duel.helpers import GAME, act, arrange, clash, legal_texts

ATTACK = "move t_saber fuyuki_31 "


def fight(pack: Catalog, attacker_cards: list[str], defender_cards: list[str], *, move_card: str = "t_saber/4",
          attacker: str = "t_saber", extra_attacker: tuple[str, ...] = (), extra_defender: tuple[str, ...] = (),
          defender: str = "t_guard") -> Any:
    """Seat 0's ``attacker`` attacks seat 1's ``defender`` with the given battle cards; returns the state after."""
    state = clash(pack, [move_card, *attacker_cards, *extra_attacker], [*defender_cards, *extra_defender],
                  attacker=attacker, defender=defender)
    state = GAME.apply(state, 0, f"move {attacker} fuyuki_31 {move_card}")
    state = GAME.apply(state, 0, "battle " + " ".join(attacker_cards))
    return GAME.apply(state, 1, "battle " + " ".join(defender_cards))


def totals(state: Any) -> tuple[int, int]:
    seats = state_battle(state)["seats"]
    return seats["0"]["total"], seats["1"]["total"]


def state_battle(state: Any) -> dict[str, Any]:
    battles = [e.data for e in state.events if e.kind == "reveal"]
    assert battles, "no battle was revealed"
    return battles[-1]


def test_fgo_048_fgo_rul_19_sealed_battle_cards_revealed_together(pack: Catalog) -> None:
    """FGO-048: both choose 3 cards face down and reveal together (a sealed simultaneous choice). FGO-RUL-19:
    the attacker chooses from the hand left after paying the move (4 cards), the defender from 5."""
    state = clash(pack, ["t_saber/4", "t_saber/1", "t_saber/2", "t_saber/3", "t_buster/1"],
                  ["t_guard/1", "t_guard/2", "t_guard/3", "t_guard/4", "t_lancer/1"])
    state = GAME.apply(state, 0, ATTACK + "t_saber/4")
    assert GAME.to_act(state) == (0, 1)
    assert len(legal_texts(state, 0)) == 4 and len(legal_texts(state, 1)) == 10  # C(4,3), C(5,3)
    state = GAME.apply(state, 0, "battle t_saber/1 t_saber/2 t_saber/3")
    assert GAME.to_act(state) == (1,)
    seen_by_1 = GAME.view(state, 1)
    assert seen_by_1["masters"][0]["has_chosen"] and "sealed_choice" not in seen_by_1["masters"][0]
    assert "t_saber/1" not in str([e.to_json() for e in state.events if e.is_visible_to(1)])
    assert GAME.view(state, 0)["masters"][0]["sealed_choice"] == ["t_saber/1", "t_saber/2", "t_saber/3"]
    state = GAME.apply(state, 1, "battle t_guard/1 t_guard/2 t_guard/3")
    reveal = [e for e in state.events if e.kind == "reveal"]
    assert len(reveal) == 1 and reveal[0].is_public and reveal[0].reveals


def test_fgo_049_fgo_rul_21_cards_of_other_and_destroyed_servants_may_be_played(pack: Catalog) -> None:
    """FGO-049: cards of servants not in the battle may be used; FGO-RUL-21: even a destroyed servant's, but they
    never count toward Brave CHAIN."""
    state = clash(pack, ["t_saber/4", "t_saber/1", "t_saber/2", "t_arts/1", "t_buster/1"],
                  ["t_guard/1", "t_guard/2", "t_guard/5", "t_lancer/1", "t_lancer/2"])
    state = arrange(state, 0, areas={"t_arts": None})
    state = GAME.apply(state, 0, ATTACK + "t_saber/4")
    assert "battle t_saber/1 t_saber/2 t_arts/1" in legal_texts(state, 0)
    state = act(state, 0, "battle t_saber/1 t_saber/2 t_arts/1")
    state = act(state, 1, "battle t_guard/1 t_lancer/1 t_lancer/2")
    data = state_battle(state)
    assert data["seats"]["0"]["chains"] == [] and data["seats"]["0"]["total"] == 3 + 5 + 3


def test_fgo_057_rul_11_ex_01_ex_10_power_sum_and_attacker_strictly_greater(pack: Catalog) -> None:
    """FGO-EX-01: cards 2, 4, 4 with a +3 chain modifier (Buster CHAIN, not all the fighting servant's, no chips)
    total 2+4+4+3 = 13 (FGO-057, FGO-RUL-11). FGO-EX-10: attacker 13 vs defender 12: the defender's figure is
    removed from the game (FGO-059, FGO-062), its status card and 5 command cards stay in play (FGO-063), removed
    things are kept apart (FGO-064), and the attacker moves into the area (FGO-067)."""
    state = fight(pack, ["t_buster/1", "t_buster/2", "t_buster/3"], ["t_guard/3", "t_lancer/4", "t_twin/5"])
    assert totals(state) == (13, 12)
    assert state_battle(state)["result"] == "attacker"
    guard = state.masters[1].servant("t_guard")
    assert guard.area is None
    assert state.masters[0].servant("t_saber").area == "fuyuki_31"
    seat1 = state.masters[1]
    assert seat1.card_total == 15 and not seat1.removed
    assert sum(1 for c in seat1.deck + seat1.hand + seat1.trash if c.startswith("t_guard/")) == 5
    assert next(s["id"] for s in GAME.view(state, 0)["masters"][1]["party"]) == "t_guard"  # status card stays
    assert GAME.view(state, 0)["masters"][1]["party"][0]["area"] is None


def test_fgo_053_fgo_054_rul_08_ex_01b_buster_chain_plus_brave(pack: Catalog) -> None:
    """FGO-EX-01b: Buster 2, 4, 4 all of the fighting servant: 10 + 3 (Buster) + 2 (Brave, smallest) = 15;
    FGO-RUL-08: both chains apply."""
    state = fight(pack, ["t_buster/1", "t_buster/2", "t_buster/3"], ["t_guard/1", "t_guard/2", "t_lancer/5"],
                  attacker="t_buster", move_card="t_buster/4")
    data = state_battle(state)["seats"]["0"]
    assert data["total"] == 15 and sorted(data["chains"]) == ["brave", "buster"]
    assert (data["cards_power"], data["buster"], data["brave"]) == (10, 3, 2)


def test_fgo_054_rul_07_rul_09_rul_10_ex_06_brave_smallest_of_three(pack: Catalog) -> None:
    """FGO-054, FGO-EX-06: attacker's Quick 3, Arts 5, Buster 6 all of the attacking servant: 14 + 3 = 17; defender's
    2, 2, 5 (mixed types) all of the defending servant: 9 + 2 = 11 (FGO-RUL-07: each side's own servant;
    FGO-RUL-09: the smallest printed power; FGO-RUL-10: chains apply to the defender too)."""
    state = fight(pack, ["t_saber/1", "t_saber/2", "t_saber/3"], ["t_guard/1", "t_guard/2", "t_guard/3"])
    assert totals(state) == (17, 11)
    data = state_battle(state)["seats"]
    assert data["0"]["chains"] == ["brave"] and data["1"]["chains"] == ["brave"]


def test_fgo_053_ex_07_buster_chain_this_turn_without_a_chip(pack: Catalog) -> None:
    """FGO-EX-07: Buster 3, 3, 3 from two or more servants: 9 + 3 = 12 in the same turn, no chip (FGO-053)."""
    state = fight(pack, ["t_saber/5", "t_arts/1", "t_arts/2"], ["t_guard/4", "t_lancer/4", "t_twin/4"])
    assert totals(state)[1] == 12
    assert state.masters[1].chips == []


def test_fgo_061_fgo_069_rul_16_rul_22_ex_08_tie_nothing_happens(pack: Catalog) -> None:
    """FGO-EX-08: 12 vs 12: nobody destroyed (FGO-061), the attacker stays in its area (FGO-069, FGO-RUL-16),
    the movement card and all 6 battle cards are in the trashes (FGO-065, FGO-RUL-22)."""
    state = fight(pack, ["t_saber/2", "t_saber/5", "t_arts/3"], ["t_guard/3", "t_lancer/4", "t_twin/5"])
    assert totals(state) == (12, 12) and state_battle(state)["result"] == "tie"
    assert state.masters[0].servant("t_saber").area == "fuyuki_21"
    assert state.masters[1].servant("t_guard").area == "fuyuki_31"
    assert state.masters[0].trash == ["t_saber/4", "t_saber/2", "t_saber/5", "t_arts/3"]
    assert state.masters[1].trash == ["t_guard/3", "t_lancer/4", "t_twin/5"]
    assert state.masters[0].battle == [] and state.masters[1].battle == []


def test_fgo_060_fgo_068_rul_23_ex_09_defender_wins_nothing_happens(pack: Catalog) -> None:
    """FGO-EX-09: attacker 10, defender 11: nobody destroyed (FGO-060), the attacker does not move (FGO-068,
    FGO-RUL-23). FGO-058: the larger total wins."""
    state = fight(pack, ["t_saber/5", "t_arts/3", "t_buster/5"], ["t_guard/1", "t_guard/2", "t_guard/3"])
    assert totals(state) == (10, 11) and state_battle(state)["result"] == "defender"
    assert state.masters[0].servant("t_saber").area == "fuyuki_21"
    assert all(s.area for m in state.masters for s in m.party)


def test_fgo_065_battle_cards_go_to_the_trash_upright(pack: Catalog) -> None:
    """FGO-065: both players put all their battle cards into their trash, upright (FGO-044)."""
    state = fight(pack, ["t_saber/1", "t_saber/2", "t_saber/3"], ["t_guard/1", "t_guard/2", "t_guard/3"])
    assert state.masters[0].trash == ["t_saber/4", "t_saber/1", "t_saber/2", "t_saber/3"]
    assert state.masters[1].trash == ["t_guard/1", "t_guard/2", "t_guard/3"]
    assert not state.masters[0].sideways and not state.masters[1].sideways


def test_fgo_029_win_by_destroying_all_three(pack: Catalog) -> None:
    """FGO-029, FGO-028: the master whose attack destroys the last enemy servant wins at once."""
    state = clash(pack, ["t_saber/4", "t_saber/1", "t_saber/2", "t_saber/3", "t_buster/1"],
                  ["t_guard/1", "t_guard/2", "t_guard/3", "t_guard/4", "t_lancer/1"])
    state = arrange(state, 1, areas={"t_lancer": None, "t_twin": None})
    state = act(state, 0, ATTACK + "t_saber/4", "battle t_saber/1 t_saber/2 t_saber/3")
    state = act(state, 1, "battle t_guard/1 t_guard/2 t_guard/3")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and "destroyed" in outcome.reason_text()
    assert state.phase is Phase.OVER and GAME.to_act(state) == ()


def test_fgo_rul_20_fewer_than_three_cards_play_them_all(pack: Catalog) -> None:
    """FGO-RUL-20: with fewer than 3 cards a player plays every card held; no chain can occur."""
    state = clash(pack, ["t_saber/4", "t_saber/1", "t_saber/2", "t_saber/3"], ["t_guard/1", "t_guard/2"])
    state = GAME.apply(state, 0, ATTACK + "t_saber/4")
    assert legal_texts(state, 1) == {"battle t_guard/1 t_guard/2"}
    assert battle.chains_of(pack, ["t_guard/1", "t_guard/2"], "t_guard") == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, "battle t_guard/1")


def test_fgo_050_fgo_051_fgo_052_fgo_055_chains_are_read_from_the_three_cards(pack: Catalog) -> None:
    """FGO-050: chains come from each player's 3 battle cards; FGO-051 Quick and FGO-052 Arts need all 3 of the
    type; FGO-055: neither adds power in its own turn."""
    assert battle.chains_of(pack, ["t_buster/4", "t_buster/5", "t_arts/3"], "t_saber") == ["quick"]
    assert battle.chains_of(pack, ["t_arts/1", "t_arts/2", "t_saber/5"], "t_saber") == ["arts"]
    assert battle.chains_of(pack, ["t_arts/1", "t_arts/2", "t_arts/3"], "t_arts") == ["brave"]
    state = fight(pack, ["t_buster/4", "t_buster/5", "t_arts/3"], ["t_guard/1", "t_guard/2", "t_lancer/5"])
    data = state_battle(state)["seats"]["0"]
    assert data["total"] == 8 and data["chips"] == 0 and data["chains"] == ["quick"]


def _defend_next_turn(state: Any, seat1_hand: list[str], seat0_cards: list[str], seat1_cards: list[str]) -> Any:
    """Turn T+1: seat 1's t_guard (fuyuki_31) attacks seat 0's t_saber (fuyuki_21)."""
    assert state.turn == 1 and state.phase is Phase.ACTION
    rest = [c for c in state.masters[1].deck + state.masters[1].hand if c not in seat1_hand]
    state = arrange(state, 1, hand=seat1_hand, deck=rest)
    state = act(state, 1, f"move t_guard fuyuki_21 {seat1_hand[0]}", "battle " + " ".join(seat1_cards))
    return GAME.apply(state, 0, "battle " + " ".join(seat0_cards))


def test_fgo_052_fgo_056_fgo_075_rul_01_rul_03_rul_05_ex_04_arts_chain_timeline(pack: Catalog) -> None:
    """FGO-EX-04: turn T Arts 3, 3, 4 (not one servant's): a chip on the start square (FGO-056) and total 10
    (no +3 in T). At end phase T the chip moves 1 square (FGO-075). T+1 (the opponent's turn, FGO-RUL-01; P
    defends, FGO-RUL-03): cards totalling 8 give 11; T+2: cards totalling 7 give 10; T+3: no bonus (FGO-RUL-05)."""
    state = clash(pack, ["t_saber/4", "t_arts/1", "t_arts/2", "t_saber/5", "t_saber/1"],
                  ["t_guard/3", "t_guard/4", "t_lancer/4", "t_guard/1", "t_lancer/1"])
    state = act(state, 0, ATTACK + "t_saber/4", "battle t_arts/1 t_arts/2 t_saber/5")
    placed = GAME.apply(state, 1, "battle t_guard/3 t_guard/4 t_lancer/4")
    assert totals(placed) == (10, 14)
    assert [(c.chain, c.square) for c in placed.masters[0].chips] == [("arts", 1)]  # placed at 0, moved at end T
    fresh = placed.clone()
    fresh.masters[0].chips = []
    battle.place_chips(fresh, 0, ("arts",))
    assert [(c.chain, c.square) for c in fresh.masters[0].chips] == [("arts", 0)]  # the start square
    seat0_hand = ["t_saber/1", "t_buster/1", "t_arts/3", "t_buster/4", "t_arts/4"]
    placed = arrange(placed, 0, hand=seat0_hand,
                     deck=[c for c in placed.masters[0].deck + placed.masters[0].hand if c not in seat0_hand])
    after = _defend_next_turn(placed, ["t_guard/2", "t_guard/5", "t_lancer/2", "t_lancer/3", "t_twin/1"],
                              ["t_saber/1", "t_buster/1", "t_arts/3"], ["t_guard/5", "t_lancer/2", "t_twin/1"])
    assert totals(after)[0] == 8 + 3
    assert after.turn == 0 and [(c.chain, c.square) for c in after.masters[0].chips] == [("arts", 2)]
    assert battle.total_of(after, 0, ["t_buster/1", "t_buster/4", "t_arts/3"], "t_saber", "t_guard").value == 10
    battle.advance_chips(after)  # end phase T+2: the chip on the rightmost square is removed (FGO-076)
    assert after.masters[0].chips == []
    assert battle.total_of(after, 0, ["t_buster/1", "t_buster/4", "t_arts/3"], "t_saber", "t_guard").value == 7


def test_fgo_051_rul_02_rul_04_ex_05_quick_chain_plus_7_next_turn_only(pack: Catalog) -> None:
    """FGO-EX-05: turn T Quick 2, 3, 3: total 8 and a chip. T+1 (P defends) with 9: 16; T+2 with 9: 9.
    FGO-RUL-02: both counters advance at every end phase. FGO-RUL-04: with no battle in T+1 the +7 is lost."""
    state = clash(pack, ["t_saber/4", "t_buster/4", "t_buster/5", "t_arts/3", "t_saber/1"],
                  ["t_guard/3", "t_guard/4", "t_lancer/4", "t_guard/1", "t_lancer/1"])
    state = act(state, 0, ATTACK + "t_saber/4", "battle t_buster/4 t_buster/5 t_arts/3")
    placed = GAME.apply(state, 1, "battle t_guard/3 t_guard/4 t_lancer/4")
    assert totals(placed)[0] == 8
    hand = ["t_saber/1", "t_arts/4", "t_arts/1", "t_saber/2", "t_saber/3"]
    placed = arrange(placed, 0, hand=hand,
                     deck=[c for c in placed.masters[0].deck + placed.masters[0].hand if c not in hand])
    after = _defend_next_turn(placed, ["t_guard/2", "t_guard/5", "t_lancer/2", "t_lancer/3", "t_twin/1"],
                              ["t_saber/1", "t_arts/4", "t_arts/1"], ["t_guard/5", "t_lancer/2", "t_twin/1"])
    assert totals(after)[0] == 9 + 7
    assert battle.total_of(after, 0, ["t_saber/1", "t_arts/4", "t_arts/1"], "t_saber", "t_guard").value == 9
    # FGO-RUL-04: no battle in T+1: seat 1 just moves elsewhere, and in T+2 the chip gives nothing
    quiet = GAME.apply(placed, 1, "move t_lancer fuyuki_32 " + next(c for c in placed.masters[1].hand
                                                                    if c.startswith("t_lancer")))
    assert quiet.turn == 0 and [(c.chain, c.square) for c in quiet.masters[0].chips] == [("quick", 2)]
    assert battle.total_of(quiet, 0, ["t_saber/1", "t_arts/4", "t_arts/1"], "t_saber", "t_guard").value == 9


def test_fgo_rul_06_chips_stack(pack: Catalog) -> None:
    """FGO-RUL-06: several chips at once each add their bonus."""
    from bouts.games.fgo_duel.state import Chip

    chips = [Chip("arts", 1), Chip("arts", 2), Chip("quick", 1), Chip("quick", 2)]
    assert battle.chip_bonus(chips) == 3 + 3 + 7


def test_fgo_rul_22_chips_are_placed_even_on_a_tie(pack: Catalog) -> None:
    """FGO-RUL-22: chains are checked in step ②, before the comparison: a tie still places Quick/Arts chips."""
    state = fight(pack, ["t_buster/4", "t_buster/5", "t_arts/3"], ["t_guard/1", "t_twin/4", "t_guard/4"])
    assert totals(state) == (8, 8)
    assert [c.chain for c in state.masters[0].chips] == ["quick"]


@pytest.mark.parametrize("variant", ["basic", "advanced", "orleans", "orleans_advanced"])
def test_fgo_057_valuer_equals_total_of_on_every_choice(variant: str) -> None:
    """FGO-057: the quick valuer the heuristic weighs battle cards with gives exactly ``total_of(...).value``
    (cards, Buster and Brave CHAIN, chips, skills) for every choice of cards, in every variant."""
    import itertools
    import random

    from bouts.core import CHANCE

    options = dict(GAME.variants()[variant].options)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.setup(2, options, None, seed)
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if seat != CHANCE:
                master = state.masters[seat]
                mine = [s.servant for s in master.on_map()]
                theirs = [s.servant for s in state.masters[1 - seat].on_map()]
                for fighting, enemy in itertools.product(mine[:2], theirs[:2]):
                    value = battle.valuer(state, seat, fighting, enemy)
                    for size in (3, 2):
                        for combo in itertools.combinations(master.hand, size):
                            assert value(combo) == battle.total_of(state, seat, combo, fighting, enemy).value
                            checked += 1
            action = GAME.sample_chance(state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
    assert checked > 1000
