"""Components, party building and game set-up: FGO-001..FGO-027, FGO-RUL-36..FGO-RUL-41, FGO-EX-15, FGO-EX-16."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bouts.core import CHANCE, IllegalAction, OptionsError
from bouts.games.fgo_duel.cards import reference_catalog
from bouts.games.fgo_duel.options import FgoOptions
from bouts.games.fgo_duel.party import legal_parties, party_problem
from bouts.games.fgo_duel.state import Phase, SkillState
from tests.fgo_duel.helpers import E0, E1, GAME, P0, P1, example_pack, identity_shuffles, legal_texts, ready


def test_fgo_001_two_masters_three_servants_each() -> None:
    """FGO-001: a 2-player game; each master commands 3 servants. FGO-011: the 3 servants are the party."""
    assert GAME.info.min_seats == GAME.info.max_seats == 2
    with pytest.raises(OptionsError):
        GAME.setup(3)
    state = ready()
    assert [len(m.party) for m in state.masters] == [3, 3]
    assert [s.servant for s in state.masters[0].party] == list(P0)


def test_fgo_002_fgo_007_basic_rules_have_no_skill_cards_advanced_rules_add_them() -> None:
    """FGO-002, FGO-007: skill cards only in the advanced rules; FGO-085: one per servant; FGO-086: face down."""
    basic = ready()
    assert all(s.skill is None and s.skill_state is None for m in basic.masters for s in m.party)
    advanced = ready({"advanced": True})
    for master in advanced.masters:
        assert all(s.skill is not None and s.skill_state is SkillState.FACE_DOWN for s in master.party)
    with pytest.raises(OptionsError):  # a skill choice in a basic party
        GAME.setup(2, {"parties": [["scathach:god_slayer", "hassan", "medea"], list(P1)]})


def test_fgo_003_fgo_005_fgo_006_servant_components() -> None:
    """FGO-003: 1 figure, 1 status card, 5 command cards; FGO-005: status card fields; FGO-006: power and type."""
    catalog = reference_catalog()
    assert len(catalog.servants) >= 10
    for servant in catalog.servants.values():
        assert len(servant.commands) == 5
        assert servant.rarity and servant.servant_class and servant.name and servant.servant_no >= 1
        assert servant.cost >= 0
        assert all(c.type.value in ("quick", "arts", "buster") and c.power >= 0 for c in servant.commands)
    state = ready()
    figures = [s.area for s in state.masters[0].party]  # FGO-004: each figure marks one area
    assert len(set(figures)) == 3 and all(a in {x.id for x in state.map.areas} for a in figures)


def test_fgo_015_a_party_is_3_figures_3_status_cards_and_15_command_cards() -> None:
    """FGO-015: a complete party has 15 command cards; FGO-022: they form the command deck."""
    state = ready()
    for master in state.masters:
        assert master.card_total == 15
        cards = master.deck + master.hand
        assert len(set(cards)) == 15
        assert {c.partition("/")[0] for c in cards} == {s.servant for s in master.party}


def test_fgo_008_fgo_009_play_sheet_and_the_two_maps() -> None:
    """FGO-008: areas and master areas; FGO-009: the two official maps."""
    catalog = reference_catalog()
    assert {m.name.get_text("ja") for m in catalog.maps.values()} == {"炎上汚染都市 冬木", "邪竜百年戦争 オルレアン"}
    assert all(m.name.original == "ja" for m in catalog.maps.values())  # the official names are the Japanese
    for game_map in catalog.maps.values():
        assert game_map.master_area(0) != game_map.master_area(1)
        view = GAME.view(ready({"map": game_map.id}), 0)
        assert view["map"]["id"] == game_map.id
        assert {"deck_size", "trash", "chips", "party"} <= set(view["masters"][0])  # deck slot, trash, counter


def test_fgo_010_chips_mark_the_chain_counter() -> None:
    """FGO-010: chips are used as chain counter markers; they appear on each master's counter in the view."""
    state = ready()
    assert GAME.view(state, 0)["masters"][0]["chips"] == []


def test_fgo_012_fgo_013_fgo_014_ex_16_party_legality(tmp_path: Path) -> None:
    """FGO-EX-16: 5 + 4 + 2 = 11 with distinct IDs is legal (FGO-012); 5 + 4 + 3 = 12 is illegal unless the
    cap is relaxed (FGO-013, FGO-RUL-39); two servants with the same ID are illegal (FGO-014)."""
    catalog = example_pack(tmp_path)
    strict = FgoOptions()
    assert party_problem(catalog, strict, ("t_saber", "t_buster", "t_arts")) is None  # 5 + 4 + 2
    problem = party_problem(catalog, strict, ("t_saber", "t_buster", "t_guard"))  # 5 + 4 + 3 = 12
    assert problem is not None and "12" in str(problem)
    assert party_problem(catalog, FgoOptions(cost_cap=12), ("t_saber", "t_buster", "t_guard")) is None
    assert party_problem(catalog, FgoOptions(cost_cap=None), ("t_saber", "t_buster", "t_guard")) is None
    duplicate = party_problem(catalog, FgoOptions(cost_cap=None), ("t_arts", "t_twin", "t_guard"))
    assert duplicate is not None and "servant ID" in str(duplicate)
    assert party_problem(catalog, strict, ("t_arts", "t_guard")) is not None  # FGO-011: exactly 3
    with pytest.raises(OptionsError):
        GAME.setup(2, {"parties": [["t_saber", "t_buster", "t_guard"], list(E1)]}, catalog)


def test_fgo_rul_38_the_same_servant_id_may_be_in_both_parties(tmp_path: Path) -> None:
    """FGO-RUL-38: the ID restriction is within one party: both parties may hold the same servant."""
    state = ready(parties=(P0, P0))
    assert [s.servant for s in state.masters[1].party] == list(P0)
    catalog = example_pack(tmp_path)
    assert GAME.setup(2, {"parties": [list(E0), list(E1)]}, catalog)  # t_arts and t_twin share ID 103


def test_fgo_rul_39_every_listed_party_respects_the_cap() -> None:
    """FGO-RUL-39: the cap is the same for both players; the set-up decision lists only legal parties."""
    catalog = reference_catalog()
    parties = legal_parties(catalog, FgoOptions())
    assert parties and all(sum(catalog.servants[s].cost for s in p) <= 11 for p in parties)
    relaxed = legal_parties(catalog, FgoOptions(cost_cap=None))
    assert len(relaxed) > len(parties)


def test_fgo_017_first_player_is_decided_by_chance_or_agreement() -> None:
    """FGO-017: first (先攻) and second (後攻) decided like じゃんけん: a chance step, or the option."""
    state = GAME.setup(2, {"parties": [list(P0), list(P1)]})
    assert GAME.to_act(state) == (CHANCE,) and state.phase is Phase.FIRST_PLAYER
    after = GAME.apply(state, CHANCE, "roll 2")
    assert after.first == 1
    assert GAME.setup(2, {"first_player": 1, "parties": [list(P0), list(P1)]}).first == 1


def test_fgo_011_017_018_085_parties_are_prepared_before_the_first_player_is_decided() -> None:
    """Set-up order as the rulebook gives it (rulebook L73-98): パーティの準備 (FGO-011, and in the advanced
    rules one skill card per servant, FGO-085, L289) comes before ゲームの準備; its step ② decides the
    first player (FGO-017) and only step ③ turns the status cards face up (FGO-018, FGO-019). So both
    parties are sealed before the roll, and nobody sees the other's party until after it."""
    state = GAME.setup(2, {"advanced": True})
    assert state.phase is Phase.PARTY and GAME.to_act(state) == (0, 1)
    assert not any(e.kind == "first" for e in state.events)
    state = GAME.apply(state, 0, "party scathach:god_slayer medusa hassan")
    state = GAME.apply(state, 1, "party emiya cu_chulainn medea")
    assert state.phase is Phase.FIRST_PLAYER and GAME.to_act(state) == (CHANCE,)
    assert GAME.view(state, 1)["masters"][0]["party"] == []  # still face down
    state = GAME.apply(state, CHANCE, "roll 2")
    assert state.first == 1 and [s.servant for s in state.masters[0].party] == ["scathach", "medusa", "hassan"]
    assert state.masters[0].party[0].skill == "god_slayer"
    kinds = [e.kind for e in state.events]
    assert kinds.index("first") < kinds.index("status")


def test_fgo_018_fgo_019_rul_40_status_cards_sealed_then_revealed_together() -> None:
    """FGO-018: status cards face down; FGO-019: turned face up together; FGO-RUL-40: chosen unseen."""
    state = GAME.setup(2, {"first_player": 0})
    assert state.phase is Phase.PARTY and GAME.to_act(state) == (0, 1)
    state = GAME.apply(state, 1, "party emiya cu_chulainn medea")
    assert GAME.to_act(state) == (0,)
    view0 = GAME.view(state, 0)
    assert view0["masters"][1]["party"] == [] and view0["masters"][1]["has_chosen"]
    assert "emiya" not in str([e.to_json() for e in state.events if e.is_visible_to(0)])
    assert GAME.view(state, 1)["masters"][1]["sealed_choice"] == ["emiya", "cu_chulainn", "medea"]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "party artoria heracles hassan")  # 5 + 5 + 2 = 12 (FGO-012)
    state = GAME.apply(state, 0, "party artoria medusa hassan")
    names = [s["id"] for s in GAME.view(state, 1)["masters"][0]["party"]]
    assert names == ["artoria", "medusa", "hassan"]  # revealed to the opponent at once
    assert any(e.kind == "status" and e.reveals for e in state.events)


@pytest.mark.parametrize("map_id", ["fuyuki", "orleans"])
def test_fgo_020_fgo_021_figures_start_on_their_numbered_initial_areas(map_id: str) -> None:
    """FGO-020: each figure goes to the area numbered like its STATUS slot; FGO-021: the initial areas. On both
    maps, each party built by picks as a player makes it (set-up reads each seat's initial areas from the map's
    lookups, Board.initial_areas, kept once per catalogue)."""
    for state in (ready({"map": map_id}), ready({"map": map_id}, parties=(P1, P0), first=1)):
        for seat, master in enumerate(state.masters):
            for servant in master.party:
                assert servant.area == state.map.initial_area(seat, servant.slot)
                assert state.map.area(servant.area).initial == (seat, servant.slot)
    state = GAME.setup(2, {"map": map_id, "first_player": 1})
    for seat, tokens in ((0, ("hassan", "medusa", "artoria")), (1, ("medea", "emiya", "cu_chulainn"))):
        for token in tokens:
            state = GAME.apply(state, seat, f"pick {token}")
    for seat in (0, 1):
        assert [s.area for s in state.masters[seat].party] == [state.map.initial_area(seat, n) for n in (1, 2, 3)]


def test_fgo_016_fgo_022_fgo_023_decks_are_shuffled_and_hidden() -> None:
    """FGO-016: the sheets are laid out (the map is in every view); FGO-022: each deck is shuffled by a
    chance step; FGO-023: nobody sees deck contents or order."""
    state = GAME.setup(2, {"parties": [list(P0), list(P1)], "first_player": 0})
    assert GAME.to_act(state) == (CHANCE,) and state.phase is Phase.SHUFFLE
    shuffled = GAME.apply(state, CHANCE, GAME.sample_chance(state, random.Random(3)))
    assert any(e.kind == "shuffle" for e in shuffled.events)
    for seat in (0, 1, None):
        view = GAME.view(shuffled, seat)
        assert "deck" not in view["masters"][0] and view["masters"][0]["deck_size"] == 10
        assert view["map"]["areas"]
    with pytest.raises(IllegalAction):
        GAME.apply(state, CHANCE, "shuffle artoria/1")  # not a permutation of the deck


def test_fgo_024_five_card_hands_hidden_from_the_opponent() -> None:
    """FGO-024: each player draws 5 as a hand the opponent cannot see."""
    state = ready()
    assert [len(m.hand) for m in state.masters] == [5, 5]
    assert "hand" not in GAME.view(state, 1)["masters"][0]
    assert [c["id"] for c in GAME.view(state, 0)["masters"][0]["hand"]] == [f"artoria/{n}" for n in range(1, 6)]
    assert GAME.view(state, 1)["masters"][0]["hand_size"] == 5


def test_fgo_025_fgo_026_ex_15_rul_36_rul_37_mulligan_once() -> None:
    """FGO-025, FGO-026, FGO-EX-15: deck 15 -> shuffle -> draw 5 (deck 10), a second mulligan refused.
    FGO-RUL-36: the first player is asked first, then the second; whether one was taken is public. FGO-RUL-37."""
    state = identity_shuffles(GAME.setup(2, {"parties": [list(P0), list(P1)], "first_player": 1}))
    assert state.phase is Phase.MULLIGAN and GAME.to_act(state) == (1,)
    assert legal_texts(state, 1) == {"keep", "mulligan"}
    state = GAME.apply(state, 1, "mulligan")
    assert state.phase is Phase.SHUFFLE and len(state.masters[1].deck) == 15 and not state.masters[1].hand
    state = identity_shuffles(state)
    assert len(state.masters[1].hand) == 5 and len(state.masters[1].deck) == 10
    assert GAME.to_act(state) == (0,)  # the second player is asked next; seat 1 is never asked again
    assert GAME.view(state, 0)["masters"][1]["mulliganed"] is True
    state = GAME.apply(state, 0, "keep")
    assert state.phase is not Phase.MULLIGAN
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, "mulligan")


def test_fgo_027_the_game_begins_with_the_first_players_turn() -> None:
    """FGO-027: after set-up the game begins; FGO-035: the first player takes turn 1."""
    state = ready(first=1)
    assert state.turns == 1 and state.turn == 1 and GAME.to_act(state) == (1,)
    assert state.phase is Phase.ACTION


def test_fgo_rul_41_either_map_can_be_chosen() -> None:
    """FGO-RUL-41: the map is an option; an unknown map is refused."""
    assert ready({"map": "orleans"}).map.name.get_text("ja") == "邪竜百年戦争 オルレアン"
    with pytest.raises(OptionsError):
        GAME.setup(2, {"map": "camelot"})


def test_party_building_skill_choice_in_advanced_rules() -> None:
    """FGO-085: in the advanced rules the party decision names each servant's skill card when it has several."""
    options = FgoOptions(advanced=True)
    parties = legal_parties(reference_catalog(), options)
    assert ("scathach:god_slayer", "hassan:instinct", "medea:riding") in parties
    state = ready({"advanced": True}, parties=(("scathach:wisdom_of_dun_scaith", "hassan", "medea"), P1))
    assert state.masters[0].party[0].skill == "wisdom_of_dun_scaith"
    with pytest.raises(OptionsError):
        GAME.setup(2, {"advanced": True, "parties": [["scathach:mana_burst", "hassan", "medea"], list(P1)]})


def test_fgo_018_party_built_slot_by_slot_in_secret() -> None:
    """FGO-018, FGO-RUL-40: in play each master places status cards face down one STATUS slot at a time; only
    picks that still allow a legal party (FGO-012, FGO-014) are offered; the opponent sees only how many."""
    state = GAME.setup(2, {"first_player": 0})
    options = legal_texts(state, 0)
    assert "pick artoria" in options and all(o.startswith("pick ") for o in options)
    state = GAME.apply(state, 0, "pick heracles")
    options = legal_texts(state, 0)
    assert "pick artoria" not in options and "pick gilgamesh" not in options  # 5 + 5 + 2 > 11
    assert "pick heracles" not in options and "pick hassan" in options
    assert GAME.view(state, 1)["masters"][0]["status_cards_placed"] == 1
    assert "sealed_choice" not in GAME.view(state, 1)["masters"][0]
    assert GAME.view(state, 0)["masters"][0]["sealed_choice"] == ["heracles"]
    state = GAME.apply(state, 0, "pick hassan")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "party artoria medusa hassan")  # a whole party only before any pick
    state = GAME.apply(state, 0, "pick medea")
    assert GAME.to_act(state) == (1,)
    state = GAME.apply(state, 1, "party emiya cu_chulainn medea")
    assert [s.servant for s in state.masters[0].party] == ["heracles", "hassan", "medea"]
    assert [s.area for s in state.masters[0].party] == [state.map.initial_area(0, n) for n in (1, 2, 3)]
