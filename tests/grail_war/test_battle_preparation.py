"""Battle preparation (DGW-066..DGW-082): two cards, face down, one payment, NP/skill cards, effects' timing;
played through actions from forced decks. Round 1 mana: Illya 8, Rin 7, Kirei 7, Shirou 4, Shinji 7, Kuzuki 5."""

from __future__ import annotations

from typing import Any

import pytest

from bouts.core import IllegalAction
from bouts.core.i18n import names_in, tr
from tests.grail_war.helpers import GAME, act, legal, place_all, start, turn

FIVE = ["illya", "rin", "kirei", "shirou", "shinji"]
SHIROU = ["shirou", "rin", "kirei", "illya", "shinji"]
SERVANTS = ["saber", "archer", "berserker", "lancer", "rider"]


def at_preparation(servants: list[str] | None = None, masters: list[str] | None = None,
                   hand: list[str] | None = None, place: str = "miyama", before: tuple[str, ...] = ("spell mana",),
                   move: str = "stay", first: str | None = None, **options: Any) -> Any:
    """Seat 0 at its battle preparation: it placed at ``place`` (the others at the Workshop, or ``first`` for
    seat 1), used ``before`` (default: command spell Use A, +4 mana) and moved (``move``)."""
    state = start(5, masters=masters or FIVE, servants=servants or SERVANTS, decks={0: hand} if hand else None,
                  **options)
    state = place_all(state, place, first or "workshop", "workshop", "workshop",
                      "shinto" if place == "workshop" else "workshop")
    return act(state, 0, *before, move)


def power(state: Any, seat: int = 0) -> int | None:
    return GAME.view(state, None)["players"][seat]["power"]


def test_two_cards_must_be_used() -> None:
    """DGW-066, DGW-RUL-17: with 3 in hand, 'done' comes only after 2 cards; face down keeps it affordable."""
    state = at_preparation(hand=["saber_01", "saber_02", "saber_03"], masters=SHIROU,
                           before=())
    assert "done" not in legal(state)
    state = act(state, 0, "play saber_01 down")
    assert "done" not in legal(state)
    state = act(state, 0, "play saber_02 down")
    assert state.stage == "after_prepare"  # the count is met: the preparation ends by itself


def test_ex17_np_cards_paid_together() -> None:
    """DGW-EX-17, DGW-068, DGW-080, DGW-072, DGW-RUL-20: 12 mana, NP/skill cards costing 8 and 4: legal, pay 12."""
    state = at_preparation(hand=["saber_01"])
    assert state.players[0].mana == 12
    state = act(state, 0, "play excalibur up", "play invisible_air up")
    assert state.players[0].mana == 0


def test_ex18_np_needs_mana_eight() -> None:
    """DGW-EX-18, DGW-068: Rin with 7 mana and an NP/skill card costing 2 (偽・螺旋剣): not legal."""
    state = start(5, masters=["rin", "illya", "kirei", "shirou", "shinji"], servants=["archer", *SERVANTS[:1],
                                                                                     *SERVANTS[2:]])
    state = act(place_all(state, "miyama", *["workshop"] * 4), 0, "stay")
    assert state.players[0].mana == 7 and "play caladbolg up" not in legal(state)
    with pytest.raises(IllegalAction):
        act(state, 0, "play caladbolg up")


def test_ex19_costs_must_fit_face_down_is_free() -> None:
    """DGW-EX-19, DGW-015, DGW-067, DGW-069, DGW-G19, DGW-G20: Shirou with 3 mana (4, +2 first at the Workshop,
    -3 to Shinto), two cards of cost 2: not both face up; the second face down."""
    state = at_preparation(hand=["saber_01", "saber_02"], masters=SHIROU, before=(),
                           place="workshop", move="move shinto")
    assert state.players[0].mana == 3
    state = act(state, 0, "play saber_01 up")
    assert "play saber_02 up" not in legal(state) and "play saber_02 down" in legal(state)


def test_ex20_face_down_card_has_no_power_cost_or_attribute() -> None:
    """DGW-EX-20, DGW-070, DGW-071, DGW-RUL-59: Shirou with 5 mana (moved to Miyama: no land advantage) uses
    power 4 cost 2 face up and printed 5 cost 3 face down: pays 2, power 4."""
    state = at_preparation(hand=["saber_01", "saber_05"], masters=SHIROU, before=(),
                           place="workshop", move="move miyama")
    assert state.players[0].mana == 5
    state = act(state, 0, "play saber_01 up", "play saber_05 down")
    assert state.players[0].mana == 3 and power(state) == 4
    played = GAME.view(state, 1)["players"][0]["played"]
    assert played[1] == {"face_up": False}


def test_ex07_set_then_add() -> None:
    """DGW-EX-07, DGW-G14, DGW-G11, DGW-014, DGW-RUL-58: base 2 筋力 under 'base power 5' (剛腕の試し at Miyama)
    and 筋力属性+3 (剛力の夜) is 8, whatever the order; at Shinto (no event) 2 + 3."""
    events = ["e08", "e01", *[f"e{i:02d}" for i in range(2, 21) if i != 8]]
    state = start(5, masters=FIVE, servants=["archer", "berserker", "saber", "lancer", "rider"], events=events,
                  situations=["s05", "s06", "s03", "s01", "s02", "s04", "s07", "s08", "s09", "s10"],
                  decks={0: ["archer_01", "archer_02"], 1: ["berserker_08", "berserker_09"]})
    state = place_all(state, "miyama", "shinto", "workshop", "workshop", "workshop")
    state = act(state, 0, "stay", "play archer_01 up", "play archer_02 down", "next")
    state = act(state, 1, "stay", "play berserker_08 up", "play berserker_09 down", "done")
    assert [c["power_now"] for c in GAME.view(state, 2)["players"][0]["played"] if c["face_up"]] == [8]
    assert [c["power_now"] for c in GAME.view(state, 2)["players"][1]["played"] if c["face_up"]] == [2 + 3]


def test_np_cards_cannot_be_face_down_and_true_name_release_reveals() -> None:
    """DGW-RUL-18, DGW-073, DGW-017: NP/skill cards only face up; 【真名解放】 turns the tarot face up."""
    state = at_preparation(hand=["saber_01"])
    assert "play excalibur down" not in legal(state)
    state = act(state, 0, "play excalibur up", "play saber_01 up")
    assert GAME.view(state, 2)["players"][0]["revealed"] and GAME.view(state, 2)["players"][0]["servant"] == "saber"


def play_on(state: Any, seat: int = 0) -> Any:
    """The rest of the round (every other seat: stay, face down), then round 2 to ``seat``'s preparation."""
    while state.round == 1:
        state = turn(state)
    order = [GAME.to_act(state)[0]]
    while GAME.to_act(state)[0] != seat or state.step == "place":
        acting = GAME.to_act(state)[0]
        if state.step == "place":
            state = act(state, acting, "place miyama" if acting == seat else "place workshop"
                        if "place workshop" in legal(state) else "place shinto")
        else:
            state = turn(state)
        order.append(acting)
    return state


def test_ex21_once_per_game() -> None:
    """DGW-EX-21, DGW-082: a used <1ゲーム1回制限> card (偽・螺旋剣) stays unusable in a later round."""
    state = at_preparation(servants=["archer", "saber", "berserker", "lancer", "rider"], hand=["archer_01"])
    assert "play caladbolg up" in legal(state)
    state = act(state, 0, "play caladbolg up", "play archer_01 up", "next")
    state = act(play_on(state), 0, "spell mana", "stay")
    assert state.round == 2 and state.players[0].mana >= 8 and "play caladbolg up" not in legal(state)


def test_ex22_np_returns_face_up_and_is_usable_again() -> None:
    """DGW-EX-22, DGW-081, DGW-097, DGW-RUL-52: an NP/skill card goes back face up beside the tarot (public), and
    is usable again with mana 8+."""
    state = at_preparation(hand=["saber_01"])
    state = act(state, 0, "play magic_resistance up", "play saber_01 up", "next")
    state = play_on(state)
    view = GAME.view(state, 3)["players"][0]
    assert {n["card"]: n["status"] for n in view["np"]}["magic_resistance"] == "up"
    assert "対魔力" not in view["trash"]
    state = act(state, 0, "spell mana", "stay")
    assert state.players[0].mana >= 8 and "play magic_resistance up" in legal(state)


def test_ex23_residual_effect_from_the_next_round() -> None:
    """DGW-EX-23, DGW-077, DGW-078, DGW-RUL-21: a 残留 card (+2 from the next round) is off in its round, on from
    the next, and cannot be chosen while residual."""
    state = at_preparation(hand=["saber_09", "saber_01", "saber_04", "saber_02", "saber_03"], before=())
    state = act(state, 0, "play saber_09 up", "play saber_01 up", "next")
    assert power(state) == 2 + 4 + 3
    state = play_on(state)
    assert GAME.view(state, 1)["players"][0]["residual"] == [{"en": "Saber Strength 2 #9", "ja": "セイバー 筋力 2 #9"}]
    state = act(state, 0, "stay")
    assert not [a for a in legal(state) if "saber_09" in a]
    state = act(state, 0, "play saber_02 up", "play saber_03 up")
    assert power(state) == 4 + 4 + 3 + 2


def test_on_use_now_on_clash_later_in_chosen_order() -> None:
    """DGW-074, DGW-075, DGW-076, DGW-016, DGW-RUL-23: 遠隔操作's 使用時 (land advantage doubled) works at once;
    the 対決時 of Lancer 敏捷 3 #4 (+2 at Shinto) waits for the Battle phase."""
    state = at_preparation(servants=["lancer", "saber", "berserker", "archer", "rider"], place="shinto",
                           hand=["remote_control", "lancer_04", "lancer_08"], before=())
    state = act(state, 0, "play remote_control up", "play lancer_04 up", "next")
    assert power(state) == 2 + 3 + 2 * 3
    while state.round == 1:
        state = turn(state)
    assert any("11 → 13" in e.text and "(on clash)" in e.text for e in GAME.events(state))


def test_simultaneous_effects_in_the_order_the_player_chooses() -> None:
    """DGW-076, DGW-RUL-23: 急行 then 戦闘続行 moves one step (to Miyama) and then anywhere (Shinto); chosen the
    other way round, 戦闘続行 goes to Shinto first and 急行 then moves on to Recon."""
    for order, where in ((["rush", "battle_continuation"], "shinto"), (["battle_continuation", "rush"], "recon")):
        state = at_preparation(servants=["lancer", "saber", "berserker", "archer", "rider"], place="workshop",
                               hand=["rush", "lancer_08", "lancer_09"], before=())
        state = act(state, 0, *(f"play {card} up" for card in order))
        if order[0] == "rush":
            assert state.players[0].location == "miyama"
        state = act(state, 0, "goto shinto")
        assert state.players[0].location == where
        moves = [e.text for e in GAME.events(state) if e.kind == "move"]
        assert (order[0] == "rush") == ("(Rush)" not in " ".join(moves))


def test_additional_special_cards() -> None:
    """DGW-EX-54, DGW-M02, DGW-G05, DGW-G08, DGW-RUL-19: Shirou with mana 8+ (4, Use A) adds 干将・莫耶 to 2
    cards (3 used); after the round it is back at hand, not in the trash; it cannot be face down."""
    state = at_preparation(masters=["shirou", "rin", "kirei", "illya", "kuzuki"], hand=["saber_01", "saber_02"])
    assert state.players[0].mana == 8
    assert "play kanshou_bakuya down" not in legal(state) and "play kanshou_bakuya up" in legal(state)
    state = act(state, 0, "play kanshou_bakuya up", "play saber_01 up", "play saber_02 up")
    assert len(GAME.view(state, 1)["players"][0]["played"]) == 3
    state = act(state, 0, "next")
    while state.round == 1:
        state = turn(state)
    view = GAME.view(state, 1)["players"][0]
    assert [tr(c, "ja") for c in view["at_hand"]] == ["干将・莫耶"]
    assert "干将・莫耶" not in names_in(view["trash"], "ja")


def test_dgw_m02_kanshou_bakuya_needs_mana_eight() -> None:
    """DGW-M02 (投影: with mana 8+): Shirou with 7 mana (4, +2 first at the Workshop, Use A 10, -3 to Shinto) is
    not offered 干将・莫耶; with 8 he is."""
    state = at_preparation(masters=["shirou", "rin", "kirei", "illya", "kuzuki"], hand=["saber_01", "saber_02"],
                           place="workshop", move="move shinto")
    assert state.players[0].mana == 7 and not [a for a in legal(state) if "kanshou" in a]
    state = at_preparation(masters=["shirou", "rin", "kirei", "illya", "kuzuki"], hand=["saber_01", "saber_02"],
                           place="workshop", move="move miyama")  # 4 + 2 + 4 - 1 = 9
    assert state.players[0].mana == 9 and "play kanshou_bakuya up" in legal(state)


def test_rin_gandr_for_a_jewel() -> None:
    """DGW-M07, DGW-M08, DGW-G04: ガンド used additionally for 1 jewel; back at hand after the round."""
    state = at_preparation(masters=["rin", "shirou", "kirei", "illya", "kuzuki"], hand=["saber_01", "saber_02"],
                           before=())
    state = act(state, 0, "play gandr up", "play saber_01 up", "play saber_02 up")
    assert GAME.view(state, 1)["players"][0]["jewels"] == 9
    state = act(state, 0, "next")
    while state.round == 1:
        state = turn(state)
    assert GAME.view(state, 1)["players"][0]["at_hand"] == [{"en": "Gandr", "ja": "ガンド"}]


def test_dgw_067_gandr_fits_when_the_cards_leave_exactly_its_mana() -> None:
    """DGW-067, DGW-072, DGW-M07, DGW-RUL-19: the chosen cards' total cost may equal the mana, additional cards
    included: Rin (7 mana) with Berserker cards costing 4 + 2 may add ガンド (cost 1), paying all 7 at once; with
    cards costing 4 + 3 nothing is left for it, and the preparation ends with the two cards."""
    def rin_with(*hand: str) -> Any:
        state = at_preparation(masters=["rin", "shirou", "kirei", "illya", "kuzuki"],
                               servants=["berserker", "archer", "saber", "lancer", "rider"], hand=list(hand),
                               before=())
        assert state.players[0].mana == 7
        return act(state, 0, *(f"play {card} up" for card in hand[:2]))
    state = rin_with("berserker_01", "berserker_05", "berserker_03")
    assert legal(state) == ["play gandr up", "done"]
    state = act(state, 0, "play gandr up")
    assert state.players[0].mana == 0 and state.players[0].jewels == 9 and power(state) == 6 + 4 + 1 + 3
    state = rin_with("berserker_01", "berserker_03", "berserker_05")
    assert state.stage != "prepare" and state.players[0].mana == 0 and state.players[0].jewels == 10
    assert power(state) == 6 + 5 + 3


def test_snake_counts_and_goes_to_the_trash() -> None:
    """DGW-M22, DGW-G07, DGW-RUL-19: 蛇 counts toward the 2 cards, never face down, and goes to the trash."""
    state = at_preparation(masters=["kuzuki", "shirou", "kirei", "illya", "rin"], hand=["snake/1", "saber_01"],
                           before=())
    assert "play snake/1 down" not in legal(state)
    state = act(state, 0, "play snake/1 up", "play saber_01 up")
    assert state.stage == "after_prepare"
    state = act(state, 0, "next")
    while state.round == 1:
        state = turn(state)
    assert "蛇" in names_in(GAME.view(state, 1)["players"][0]["trash"], "ja")


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
    state = at_preparation(servants=["assassin", "saber", "berserker", "lancer", "rider"], hand=["assassin_08"])
    state = act(state, 0, "play first_sword up", "play second_sword up", "play third_sword up")
    view = GAME.view(state, 1)["players"][0]
    assert view["revealed"] and state.players[0].mana == 12 - 10 and power(state) == 7 + 5 + 3 + 3 + 3
    reveals = [e for e in GAME.events(state) if e.kind == "reveal"]
    assert len(reveals) == 1 and reveals[0].text.endswith("(Tsubame Gaeshi)")  # why the true name is out


def test_trash_keeps_orientation() -> None:
    """DGW-008, DGW-096, DGW-RUL-35: used cards go to the trash face up or face down as used; others never see a
    face-down one."""
    state = at_preparation(hand=["saber_01", "saber_02"], before=())
    state = act(state, 0, "play saber_01 up", "play saber_02 down", "next")
    while state.round == 1:
        state = turn(state)
    trash = GAME.view(state, 1)["players"][0]["trash"]
    assert "Saber Strength 4 #1" in names_in(trash) and trash.count(None) == 1
    assert "saber_02" not in str(GAME.view(state, 1)["players"])


def test_constant_effect_works_from_the_hand() -> None:
    """DGW-RUL-22, DGW-RUL-56, DGW-066: a 常時 card in hand (Rider 敏捷 2 #7: Recon +1) adds its Recon spoils."""
    state = start(5, masters=FIVE, servants=["rider", "saber", "berserker", "lancer", "archer"],
                  decks={0: ["rider_07", "rider_01"]})
    state = place_all(state, *["workshop"] * 4, "miyama")
    state = act(state, 0, "move recon")
    assert state.players[0].spoils == 3


def test_dgw_s16_riding_adds_hand_cards_of_power_three_or_less_paying_each() -> None:
    """DGW-S16, DGW-074 (騎乗, on use: additionally play any number of hand cards of base power 3 or less, paying
    their mana): Illya's Rider (12 mana after Use A) uses 騎乗 (3 mana) with Rider Agility 5 #1 (1); then only
    the hand cards of power 3 or less are offered: 遠隔操作 (power 2, 1 mana, doubling her +3 land advantage) is
    added and paid, and nothing is left to add."""
    state = at_preparation(servants=["rider", "archer", "saber", "lancer", "berserker"],
                           hand=["rider_01", "rider_02", "remote_control"])
    state = act(state, 0, "play riding up", "play rider_01 up")
    assert state.players[0].mana == 12 - 3 - 1
    assert state.pending and state.pending[-1].kind == "riding"
    assert legal(state, 0) == ["play remote_control up", "done"]  # Rider Strength 5 #2 has power 5
    state = act(state, 0, "play remote_control up")
    assert state.players[0].mana == 12 - 3 - 1 - 1 and "play rider_02 up" not in legal(state, 0)
    added = [e for e in GAME.events(state) if "also uses" in e.text]
    assert len(added) == 1 and added[0].is_news_to(1)  # played face up: the others saw it (no undo past it)
    state = act(state, 0, "done")
    assert power(state) == 0 + 5 + 2 + 3 * 2


def test_dgw_s28_self_modification_once_used_is_an_attack_card_in_the_trash() -> None:
    """DGW-S28, DGW-097, DGW-008: 自己改造, once used, becomes an attack card: when the round is cleaned up it goes
    to the trash face up with the other used cards (an NP/skill card otherwise stays face up beside the tarot)."""
    state = at_preparation(servants=["true_assassin", "saber", "berserker", "lancer", "rider"],
                           hand=["true_assassin_01"])
    state = act(state, 0, "play self_modification up", "play true_assassin_01 up", "next")
    while state.round == 1:
        state = turn(state)
    trash = GAME.view(state, 1)["players"][0]["trash"]
    assert "Self-Modification" in names_in(trash) and "True Assassin Agility 3 #1" in names_in(trash), trash


def test_dgw_067_an_np_card_must_fit_beside_the_cards_already_chosen() -> None:
    """DGW-067, DGW-068, DGW-072: the chosen cards' total cost may not pass the mana. With 8 mana and a cost-3
    attack card chosen face up, Excalibur (cost 8) is no longer offered (3 + 8 > 8) and cannot be played; with 12
    mana (command spell Use A) it still is (3 + 8 <= 12), and the one payment leaves 1."""
    hand = ["saber_05", "saber_01", "saber_06"]
    poor = act(at_preparation(hand=hand, before=()), 0, "play saber_05 up")
    assert "play excalibur up" not in legal(poor)
    assert "play invisible_air up" in legal(poor)  # cost 4 still fits: 3 + 4 <= 8
    with pytest.raises(IllegalAction):
        act(poor, 0, "play excalibur up")
    rich = act(at_preparation(hand=hand), 0, "play saber_05 up")
    assert "play excalibur up" in legal(rich)
    paid = act(rich, 0, "play excalibur up")
    assert GAME.view(paid, 0)["players"][0]["mana"] == 1  # 12 - (3 + 8), paid at once


def test_dgw_g14_a_base_power_event_sets_only_its_attribute() -> None:
    """DGW-G14, DGW-RUL-58, DGW-014: under 剛腕の試し at Miyama ("Strength cards have base power 5") archer_01
    (筋力, printed 2) has power 5 and archer_02 (敏捷, printed 2) keeps its 2; the table shows both."""
    events = ["e08", "e01", *[f"e{i:02d}" for i in range(2, 21) if i != 8]]
    state = start(5, masters=FIVE, servants=["archer", "berserker", "saber", "lancer", "rider"], events=events,
                  decks={0: ["archer_01", "archer_02"]})
    state = place_all(state, "miyama", "workshop", "workshop", "workshop", "workshop")
    state = act(state, 0, "stay", "play archer_01 up", "play archer_02 up")
    played = GAME.view(state, 2)["players"][0]["played"]
    assert [(c["card"], c["power_now"]) for c in played] == [("archer_01", 5), ("archer_02", 2)]
