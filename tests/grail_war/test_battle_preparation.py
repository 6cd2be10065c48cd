"""Battle preparation (DGW-066..DGW-082): two cards, face down, one payment, NP/skill cards, effects' timing."""

from __future__ import annotations

import pytest

from bouts.core import IllegalAction
from bouts.games.grail_war.battle import card_power, total_power
from tests.grail_war.helpers import GAME, act, edit, finish_round, legal, place_all, start, turn

FIVE = ["illya", "rin", "kirei", "shirou", "shinji"]


def at_preparation(servants: list[str] | None = None, masters: list[str] | None = None, mana: int = 12,
                   hand: list[str] | None = None, place: str = "miyama", **options: object):
    """Seat 0 at its battle preparation (after staying), with the given hand and mana."""
    state = start(5, masters=masters or FIVE, servants=servants or ["saber", "archer", "berserker", "lancer", "rider"],
                  **options)
    state = place_all(state, place, "workshop", "workshop", "workshop", "workshop")
    state = edit(state)
    if hand is not None:
        state.players[0].hand = list(hand)
    state.players[0].mana = mana
    return act(state, 0, "stay")


def test_two_cards_must_be_used() -> None:
    """DGW-066, DGW-RUL-17: with 3 in hand, 'done' comes only after 2 cards; face down keeps it affordable."""
    state = at_preparation(mana=0, hand=["saber_01", "saber_02", "saber_03"])
    assert "done" not in legal(state)
    state = act(state, 0, "play saber_01 down")
    assert "done" not in legal(state)
    state = act(state, 0, "play saber_02 down")
    assert state.stage == "after_prepare"  # the count is met: the preparation ends by itself


def test_ex17_np_cards_paid_together() -> None:
    """DGW-EX-17, DGW-068, DGW-080, DGW-072, DGW-RUL-20: 12 mana, NP/skill cards costing 8 and 4: legal, pay 12."""
    state = at_preparation(hand=["saber_01"])
    state = act(state, 0, "play excalibur up", "play invisible_air up")
    assert state.players[0].mana == 0


def test_ex18_np_needs_mana_eight() -> None:
    """DGW-EX-18, DGW-068: 7 mana and an NP/skill card costing 2: not legal."""
    state = at_preparation(servants=["archer", "saber", "berserker", "lancer", "rider"], mana=7)
    assert "play caladbolg up" not in legal(state)
    with pytest.raises(IllegalAction):
        act(state, 0, "play caladbolg up")


def test_ex19_costs_must_fit_face_down_is_free() -> None:
    """DGW-EX-19, DGW-015, DGW-067, DGW-069, DGW-G19, DGW-G20: 3 mana, two cards of cost 2: not both face up;
    one face down."""
    state = at_preparation(mana=3, hand=["saber_01", "saber_02"])
    state = act(state, 0, "play saber_01 up")
    assert "play saber_02 up" not in legal(state) and "play saber_02 down" in legal(state)


def test_ex20_face_down_card_has_no_power_cost_or_attribute() -> None:
    """DGW-EX-20, DGW-070, DGW-071, DGW-RUL-59: face up power 4 cost 2 and face down (printed 5, cost 3): pay 2,
    power 4 (+ land advantage)."""
    state = at_preparation(mana=5, hand=["saber_01", "saber_05"])
    state = act(state, 0, "play saber_01 up", "play saber_05 down")
    assert state.players[0].mana == 3
    assert total_power(state, 0) == 4 + 3
    assert card_power(state, 0, "saber_05", False, "miyama") == 0


def test_ex07_set_then_add() -> None:
    """DGW-EX-07, DGW-G14, DGW-G11, DGW-014, DGW-RUL-58: base 2 筋力 under 'base power 5' (event) and 筋力属性+3
    (situation) is 8, whatever the order."""
    state = start(5, masters=FIVE, situations=["s05", "s06", "s03", "s01", "s02", "s04", "s07", "s08", "s09", "s10"])
    state = edit(state)
    state.events_at["miyama"] = [("e08", True)]
    assert card_power(state, 0, "archer_01", True, "miyama") == 8
    assert card_power(state, 0, "archer_01", True, "shinto") == 2 + 3


def test_np_cards_cannot_be_face_down_and_true_name_release_reveals() -> None:
    """DGW-RUL-18, DGW-073, DGW-017: NP/skill cards only face up; 【真名解放】 turns the tarot face up."""
    state = at_preparation(hand=["saber_01"])
    assert "play excalibur down" not in legal(state)
    state = act(state, 0, "play excalibur up", "play saber_01 up")
    assert state.players[0].revealed
    assert GAME.view(state, 2)["players"][0]["servant"] == "saber"


def test_ex21_once_per_game() -> None:
    """DGW-EX-21, DGW-082: a used <1ゲーム1回制限> card stays unusable."""
    state = at_preparation(servants=["archer", "saber", "berserker", "lancer", "rider"])
    assert "play caladbolg up" in legal(state)
    state = edit(state)
    state.players[0].np["caladbolg"] = "up"
    assert "play caladbolg up" not in legal(state)


def test_ex22_np_returns_face_up_and_is_usable_again() -> None:
    """DGW-EX-22, DGW-081, DGW-097, DGW-RUL-52: an NP/skill card goes back face up beside the tarot (public), and is
    usable again with mana 8+."""
    state = at_preparation(hand=["saber_01"])
    state = act(state, 0, "play magic_resistance up", "play saber_01 up")
    state = finish_round(state)
    assert state.players[0].np["magic_resistance"] == "up"
    assert "magic_resistance" not in [c for c, _ in state.players[0].trash]
    assert any(n["status"] == "up" for n in GAME.view(state, 3)["players"][0]["np"])
    state = place_all(state, "workshop", "workshop", "workshop", "workshop", "miyama")
    for _ in range(4):
        state = turn(state)
    state = edit(state)
    state.players[0].mana = 12
    state = act(state, 0, "stay")
    assert "play magic_resistance up" in legal(state)


def test_ex23_residual_effect_from_the_next_round() -> None:
    """DGW-EX-23, DGW-077, DGW-078, DGW-RUL-21: a 残留 card is off in its round and on from the next; it cannot be
    chosen while residual."""
    state = at_preparation(hand=["saber_09", "saber_01"])
    state = act(state, 0, "play saber_09 up", "play saber_01 up")
    assert total_power(state, 0) == 2 + 4 + 3
    state = finish_round(state)
    assert ("saber_09", 1) in state.players[0].residual and "saber_09" not in state.players[0].hand
    state = place_all(state, "workshop", "workshop", "workshop", "workshop", "miyama")
    for _ in range(4):
        state = turn(state)
    state = edit(state)
    state.players[0].hand = ["saber_02", "saber_03"]
    state = act(state, 0, "stay", "play saber_02 up", "play saber_03 up")
    assert total_power(state, 0) == 4 + 4 + 3 + 2


def test_on_use_now_on_clash_later_in_chosen_order() -> None:
    """DGW-074, DGW-075, DGW-076, DGW-016, DGW-RUL-23: 使用時 effects resolve at once in the order chosen;
    対決時 effects wait for the Battle phase."""
    state = at_preparation(mana=5, hand=["caster_07", "saber_08"], servants=["caster", "saber", "berserker", "lancer",
                                                                              "rider"])
    state = act(state, 0, "play caster_07 up", "play saber_08 up")
    assert state.players[0].mana == 5 - 0 - 1 + 2  # paid 1, then +2 from 使用時
    assert state.players[0].power_bonus == 0  # 対決時 not yet


def test_additional_special_cards() -> None:
    """DGW-EX-54, DGW-M02, DGW-G05, DGW-G08, DGW-RUL-19: Shirou with mana 8+ adds 干将・莫耶 to 2 cards (3 used);
    after the round it is back at hand, not in the trash; it cannot be face down."""
    state = at_preparation(masters=["shirou", "rin", "kirei", "illya", "kuzuki"], hand=["saber_01", "saber_02"])
    assert "play kanshou_bakuya down" not in legal(state)
    state = act(state, 0, "play kanshou_bakuya up", "play saber_01 up", "play saber_02 up")
    assert len(state.players[0].played) == 3
    state = finish_round(state)
    assert state.players[0].at_hand == ["kanshou_bakuya"]
    assert "kanshou_bakuya" not in [c for c, _ in state.players[0].trash]


def test_rin_gandr_for_a_jewel() -> None:
    """DGW-M07, DGW-M08, DGW-G04: ガンド used additionally for 1 jewel; back at hand after the round."""
    state = at_preparation(masters=["rin", "shirou", "kirei", "illya", "kuzuki"], hand=["saber_01", "saber_02"])
    state = act(state, 0, "play gandr up", "play saber_01 up", "play saber_02 up")
    assert state.players[0].jewels == 9
    state = finish_round(state)
    assert "gandr" in state.players[0].at_hand


def test_snake_counts_and_goes_to_the_trash() -> None:
    """DGW-M22, DGW-G07, DGW-RUL-19: 蛇 counts toward the 2 cards, never face down, and goes to the trash."""
    state = at_preparation(masters=["kuzuki", "shirou", "kirei", "illya", "rin"], hand=["snake/1", "saber_01"])
    assert "play snake/1 down" not in legal(state)
    state = act(state, 0, "play snake/1 up", "play saber_01 up")
    assert state.stage == "after_prepare"
    state = finish_round(state)
    assert ("snake/1", True) in state.players[0].trash


def test_prohibitions() -> None:
    """DGW-G09, DGW-G10, DGW-010: 宝具封印 prohibits NP/skill cards; 結界 prohibits special cards, additional ones
    included."""
    order = ["s01", "s02", "s06", "s10", "s03", "s04", "s05", "s07", "s08", "s09"]
    state = at_preparation(situations=order)
    assert not [a for a in legal(state) if a in ("play excalibur up", "play invisible_air up")]
    order = ["s01", "s02", "s10", "s06", "s03", "s04", "s05", "s07", "s08", "s09"]
    state = at_preparation(masters=["shirou", "rin", "kirei", "illya", "kuzuki"], situations=order)
    assert "play kanshou_bakuya up" not in legal(state)


def test_tsubame_gaeshi() -> None:
    """DGW-S21, DGW-S23, DGW-S24, DGW-RUL-57: 一の太刀 + 二の太刀, then 三の太刀 additionally after 2 敏捷 cards:
    燕返し reveals the true name and adds 3."""
    state = at_preparation(servants=["assassin", "saber", "berserker", "lancer", "rider"], hand=["saber_01"])
    state = act(state, 0, "play first_sword up", "play second_sword up", "play third_sword up")
    p = state.players[0]
    assert p.revealed and p.power_bonus == 3 and p.mana == 12 - 10


def test_trash_keeps_orientation() -> None:
    """DGW-008, DGW-096, DGW-RUL-35: used cards go to the trash face up or face down as used; others never see a
    face-down one."""
    state = at_preparation(mana=0, hand=["saber_01", "saber_02"])
    state = act(state, 0, "play saber_01 up", "play saber_02 down") if False else act(
        state, 0, "play saber_01 down", "play saber_02 down")
    state = finish_round(state)
    assert ("saber_01", False) in state.players[0].trash
    assert GAME.view(state, 1)["players"][0]["trash"].count(None) >= 2
    assert "saber_01" not in str(GAME.view(state, 1)["players"][0]["trash"])


def test_constant_effect_works_from_the_hand() -> None:
    """DGW-RUL-22, DGW-RUL-56: a 常時 card in hand adds its Recon spoils."""
    state = start(5, masters=FIVE, servants=["rider", "saber", "berserker", "lancer", "archer"])
    state = edit(place_all(state, *["workshop"] * 4, "miyama"))
    state.players[0].hand = ["rider_07", "rider_01"]
    state = turn(state, move="move recon")
    assert state.players[0].spoils == 3
