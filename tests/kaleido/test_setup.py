"""Set-up and the order part (KAL-001..KAL-035, KAL-RUL-01..KAL-RUL-06, KAL-EX-01..KAL-EX-06)."""

from __future__ import annotations

import pytest

from bouts.core import CHANCE, IllegalAction, OptionsError
from bouts.core.i18n import tr
from bouts.games.kaleido.cards import CATALOGS
from tests.kaleido.helpers import (
    ARCHER,
    AVENGER,
    CASTER,
    GAME,
    PACK,
    RIDER,
    SABER,
    act,
    deck,
    fates,
    legal,
    quiet_until,
    table,
    top,
)


def test_kal_001_two_to_seven_players() -> None:
    """KAL-001: 2 to 7 players."""
    assert (GAME.info.min_seats, GAME.info.max_seats) == (2, 7)
    for bad in (1, 8):
        with pytest.raises(OptionsError):
            GAME.setup(bad)


def test_kal_002_017_one_master_one_servant_face_up() -> None:
    """KAL-002, KAL-017: each player has one master and its one servant, both public (KAL-005: on the field)."""
    state = table([SABER, RIDER, ARCHER])
    view = GAME.view(state, 1)
    assert [(tr(p["master"], "ja"), tr(p["servant"], "ja")) for p in view["players"]] == [
        ("衛宮士郎", "セイバー(アルトリア)"), ("間桐桜", "ライダー(メドゥーサ)"), ("遠坂凛", "アーチャー(エミヤ)")]


def test_kal_006_172_tracker_holds_hp_and_spells() -> None:
    """KAL-006, KAL-172, KAL-020: the tracker shows HP (at printed HP) and command spells, for everyone."""
    state = table([SABER, RIDER])
    players = GAME.view(state, None)["players"]
    assert [(p["hp"], p["max_hp"], p["spells"]) for p in players] == [(10, 10, 2), (10, 10, 2)]


def test_kal_007_023_ex_02_deck_and_first_draw() -> None:
    """KAL-007, KAL-023, KAL-024, KAL-EX-02: 50 shuffled cards; each of 4 players draws 1; 46 left."""
    state = table([SABER, RIDER, ARCHER, CASTER])
    assert [len(p.hand) for p in state.players] == [1, 1, 1, 1]
    assert len(state.deck) == 46 and state.discard == []
    assert len(CATALOGS.reference().deck) == 50
    assert [p.hp for p in state.players] == [10, 10, 11, 13]


def test_kal_009_010_ex_03_master_choice_order() -> None:
    """KAL-009, KAL-010, KAL-EX-03, KAL-RUL-03: setup uses fate cards 1-7 (no 8) and the lowest picks first."""
    state = GAME.setup(2, None, None, 0)
    assert GAME.to_act(state) == (CHANCE,)
    with pytest.raises(IllegalAction):  # card 8 is not in the pool at set-up
        GAME.apply(state, CHANCE, "shuffle " + " ".join(f.id for f in GAME.catalog().fates.values()))
    state = GAME.apply(state, CHANCE, fates(5, 2))
    assert top(state) == ("master", 1)  # seat 1 holds fate 2 and chooses first


def test_kal_011_012_masters_are_exclusive() -> None:
    """KAL-011, KAL-012: each player takes one master; a taken master is gone."""
    state = GAME.setup(3, None, None, 0)
    state = GAME.apply(state, CHANCE, fates(1, 2, 3))
    state = act(state, "master emiya_shirou")
    assert "master emiya_shirou" not in legal(state)
    assert top(state)[1] == 1


def test_kal_013_016_rul_04_pairing_table() -> None:
    """KAL-013..KAL-016, KAL-RUL-04: the servant comes straight after its master, from the pairing table."""
    state = GAME.setup(3, None, None, 0)
    state = GAME.apply(state, CHANCE, fates(1, 2, 3))
    state = act(state, "master kotomine_kirei")
    assert top(state) == ("servant", 0)
    assert legal(state) == ["servant lancer_kotomine", "servant gilgamesh"]  # KAL-014
    state = act(state, "servant gilgamesh")
    state = act(state, "master bazett")
    assert legal(state) == ["servant lancer_bazett", "servant avenger"]  # KAL-015
    state = act(state, "servant avenger")
    state = act(state, "master emiya_shirou")  # KAL-016: one servant, taken without a prompt
    assert state.players[2].servant == "saber"
    assert GAME.to_act(state) == (CHANCE,)


def test_kal_ex_04_rul_05_single_lancer_card(tmp_path: object) -> None:
    """KAL-EX-04, KAL-RUL-05: with one Lancer card, Bazett after Kirei+Lancer can only take Avenger."""
    import pathlib
    import shutil

    from bouts.games.kaleido.cards import REFERENCE

    pack = pathlib.Path(str(tmp_path)) / "pack"
    shutil.copytree(REFERENCE, pack)
    servants = (pack / "servants.toml").read_text()
    start = servants.index('[[servant]]\nid = "lancer_bazett"')
    end = servants.index("[[servant]]", start + 5)
    (pack / "servants.toml").write_text(servants[:start] + servants[end:])
    masters = (pack / "pairs.toml").read_text().replace("servant = \"lancer_bazett\"", "servant = \"lancer_kotomine\"")
    (pack / "pairs.toml").write_text(masters)
    state = GAME.setup(2, None, str(pack), 0)
    state = GAME.apply(state, CHANCE, fates(1, 2))
    state = act(state, "master kotomine_kirei")
    state = act(state, "servant lancer_kotomine")
    state = act(state, "master bazett")
    assert state.players[1].servant == "avenger"  # the only legal servant: no prompt


def test_kal_018_019_ex_05_shuffle_mode() -> None:
    """KAL-018, KAL-019, KAL-EX-05: masters P1, P2, P3 first, then servants P3, P2, P1, any pairing."""
    state = GAME.setup(3, {"shuffle_mode": True}, None, 0)
    state = GAME.apply(state, CHANCE, fates(1, 2, 3))
    for seat, master in enumerate(("emiya_shirou", "tohsaka_rin", "matou_sakura")):
        assert top(state) == ("master", seat)
        state = act(state, f"master {master}")
    assert top(state) == ("servant", 2)
    assert len(legal(state)) == 10  # any servant
    state = act(state, "servant berserker")
    assert top(state) == ("servant", 1)
    state = act(state, "servant gilgamesh")
    assert top(state) == ("servant", 0)
    assert "servant berserker" not in legal(state)


def test_kal_021_022_ex_01_initial_command_spells() -> None:
    """KAL-021, KAL-022, KAL-EX-01: 2 spells with 2-4 players, 3 with 5-7."""
    from bouts.games.kaleido.setup_part import initial_spells

    assert [initial_spells(n) for n in range(2, 8)] == [2, 2, 2, 3, 3, 3]
    pairs = [SABER, RIDER, ARCHER, CASTER, AVENGER]
    assert {p.spells for p in table(pairs).players} == {3}
    assert {p.spells for p in table(pairs[:4]).players} == {2}


def test_kal_025_026_hands_hidden_counts_public() -> None:
    """KAL-025, KAL-026: a hand is shown to its owner; others see only the count."""
    state = table([SABER, RIDER], top_cards=("gandr/1", "healing/1"))
    mine, theirs = GAME.view(state, 0), GAME.view(state, 1)
    assert [c["id"] for c in mine["hand"]] == ["gandr/1"]
    assert [c["id"] for c in theirs["hand"]] == ["healing/1"]
    assert mine["players"][1]["hand"] == 1 and "healing" not in str(mine)
    assert GAME.view(state, None)["hand"] is None


def test_kal_rul_01_ex_50_nothing_left_to_draw() -> None:
    """KAL-RUL-01, KAL-EX-50: deck and discard empty: the draw is lost, the game goes on."""
    state = table([SABER, RIDER])
    state.deck, state.discard = [], []
    state = act(state, "act")
    assert state.players[0].hand == ["reinforcement/1"]
    assert GAME.to_act(state) == (0,)
    assert any(e.kind == "draw_lost" for e in GAME.events(state))


def test_kal_008_rul_02_ex_49_rebuild_mid_draw() -> None:
    """KAL-008, KAL-RUL-02, KAL-EX-49: 1 in the deck, 10 discarded, draw 3: draw 1, reshuffle the 10, draw 2."""
    state = table([SABER, RIDER])
    pile = list(state.deck)
    state.deck, state.discard = pile[:1], pile[1:11]
    strategy = state.players[1].strategy = pile[11]
    state = act(state, "spell draw")
    assert GAME.to_act(state) == (CHANCE,) and len(state.players[0].hand) == 2
    state = GAME.apply(state, CHANCE, "shuffle " + " ".join(pile[1:11]))
    assert len(state.players[0].hand) == 4 and len(state.deck) == 8 and state.discard == []
    assert state.players[1].strategy == strategy  # only the discard pile is shuffled in


def test_kal_rul_06_two_players_use_card_8_from_turn_1() -> None:
    """KAL-RUL-06, KAL-031: a 2-player game deals from cards 1-8 from the first turn."""
    state = table([SABER, RIDER], turn_fates=(8, 3))
    assert [p.fate for p in state.players] == [8, 3]
    assert state.order == [1, 0]


def test_kal_030_032_033_035_fate_order_each_turn() -> None:
    """KAL-030, KAL-032, KAL-033, KAL-034, KAL-035, KAL-169: fate cards dealt face up every turn; order ascends."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(6, 2, 4))
    assert state.order == [1, 2, 0]
    assert top(state) == ("action", 1)
    assert [p["fate"] for p in GAME.view(state, 0)["players"]] == [6, 2, 4]
    state = quiet_until(state, "action", 1)
    assert state.turn == 1
    # turn 2 deals again (the quiet players fight; a new shuffle is forced)
    while GAME.to_act(state) != (CHANCE,) or state.stack[-1].kind != "deal_fates":
        options = legal(state)
        state = act(state, next((q for q in ("act", "no_strategy", "no_accumulation", "pass", "pass", "retreat",
                                              "attack normal") if q in options), options[0]))
    state = GAME.apply(state, CHANCE, fates(1, 7, 3))
    assert state.turn == 2 and state.order == [0, 2, 1]


def test_kal_031_ex_06_rul_42_card_8_joins_when_two_remain() -> None:
    """KAL-031, KAL-EX-06, KAL-RUL-42: after an elimination the 2 survivors draw from 1-8."""
    from bouts.games.kaleido.order_part import fate_pool

    state = table([SABER, RIDER, ARCHER])
    assert len(fate_pool(state, False)) == 7
    state.players[2].alive = False
    assert len(fate_pool(state, False)) == 8 and fate_pool(state, True)[-1] != "ryuudouji_cavern"


def test_kal_003_027_029_game_goes_on_while_two_remain() -> None:
    """KAL-003, KAL-027, KAL-028, KAL-029, KAL-117: turns go order → strategy → battle → end while 2+ remain."""
    state = table([SABER, RIDER])
    kinds = [f.kind for f in state.stack]
    assert kinds.index("turn") < kinds.index("end_part") < kinds.index("battle_part") < kinds.index("accumulate")
    for _ in range(12):
        if GAME.to_act(state) == (CHANCE,):
            break
        options = legal(state)
        state = act(state, next(q for q in ("lurk", "no_accumulation", "pass", "no_strategy") if q in options))
    assert state.stack[-1].kind == "deal_fates" and state.turn == 2
    assert all(p.alive for p in state.players)


def test_deck_shuffle_is_forced_by_text() -> None:
    """KAL-007: the deck shuffle is a chance step a test can force."""
    state = GAME.setup(2, None, PACK, 0)
    state = GAME.apply(state, CHANCE, fates(1, 2))
    state = act(state, "master emiya_shirou")
    state = act(state, "master matou_sakura")
    state = GAME.apply(state, CHANCE, deck("counter_magic/1", "ambush/2"))
    assert state.players[0].hand == ["counter_magic/1"] and state.players[1].hand == ["ambush/2"]
