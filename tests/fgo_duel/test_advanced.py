"""Advanced rules, skill cards: FGO-079..FGO-100, FGO-RUL-25, FGO-RUL-27, FGO-RUL-28, FGO-RUL-42..FGO-RUL-48,
FGO-EX-14 and the advanced part of FGO-EX-10."""

from __future__ import annotations

from typing import Any

import pytest

from bouts.core import IllegalAction
from bouts.games.fgo_duel import battle
from bouts.games.fgo_duel.cards import Catalog, reference_catalog
from bouts.games.fgo_duel.skills import np_of
from bouts.games.fgo_duel.state import Phase, SkillState
from tests.fgo_duel.helpers import GAME, P0, P1, act, all_cards, arrange, clash, identity_shuffles, legal_texts, ready

ADV = {"advanced": True}
ATTACK_TWIN = "move t_saber fuyuki_31 t_saber/4"


def duel(parties: tuple[tuple[str, ...], tuple[str, ...]] = (P0, P1), *, hands: tuple[list[str], list[str]],
         trash: tuple[list[str], list[str]] = ([], []), places: tuple[dict[str, Any], dict[str, Any]] = ({}, {}),
         first: int = 0) -> Any:
    """An advanced game at the first player's start phase with hands, trashes and figures as given."""
    state = ready(ADV, parties=parties, first=first)
    for seat in (0, 1):
        rest = [c for c in all_cards(state, seat) if c not in hands[seat] and c not in trash[seat]]
        state = arrange(state, seat, hand=hands[seat], deck=rest, trash=trash[seat], areas=places[seat])
    return state


def test_fgo_079_fgo_080_fgo_085_fgo_087_one_skill_card_per_servant_beside_its_status_card() -> None:
    """FGO-079: each servant has 1 usable skill card; FGO-080: it shows a name and an effect; FGO-085: prepared
    with the party; FGO-087: it sits with its servant's status card (one record per servant in the view)."""
    state = ready(ADV)
    catalog = reference_catalog()
    for master in state.masters:
        assert len({s.skill for s in master.party}) == 3
    for skill in catalog.skills.values():
        assert skill.name and skill.text
    own = GAME.view(state, 0)["masters"][0]["party"]
    assert [p["skill"]["id"] for p in own] == ["mana_burst", "riding", "presence_concealment"]


def test_fgo_086_fgo_088_fgo_089_face_down_skills_are_secret_from_the_opponent() -> None:
    """FGO-086: skill cards start face down; FGO-088: the owner may always check them; FGO-089: the opponent
    must not see a face-down skill card."""
    state = ready(ADV, parties=(("scathach:god_slayer", "hassan", "medea"), P1))
    mine = GAME.view(state, 0)["masters"][0]["party"][0]["skill"]
    theirs = GAME.view(state, 1)["masters"][0]["party"][0]["skill"]
    assert mine["state"] == "face_down" and mine["id"] == "god_slayer"
    assert theirs == {"state": "face_down", "card": "0/scathach"}
    assert GAME.view(state, None)["masters"][0]["party"][0]["skill"] == {"state": "face_down", "card": "0/scathach"}


def test_fgo_090_rul_47_start_phase_one_optional_skill_even_on_turn_1() -> None:
    """FGO-090: the turn player may use at most 1 skill in the start phase, optionally; FGO-RUL-47: also in the
    first player's first start phase."""
    state = duel(hands=(["artoria/1", "artoria/4", "medusa/4", "hassan/1", "hassan/2"], []),
                 trash=(["medusa/4"], []))
    state.masters[0].hand.remove("medusa/4")
    state._legal = {}
    assert state.turns == 1 and state.phase is Phase.START and GAME.to_act(state) == (0,)
    options = legal_texts(state, 0)
    assert "pass" in options and "skill artoria" in options and "skill medusa" in options
    after = GAME.apply(state, 0, "skill artoria")
    assert after.phase is Phase.ACTION  # only one skill per start phase
    assert not any(t.startswith("skill") for t in legal_texts(after, 0))
    assert GAME.apply(state, 0, "pass").phase is Phase.ACTION


def test_fgo_091_fgo_097_rul_42_trigger_skills_are_not_used_in_the_start_phase() -> None:
    """FGO-091: the start phase turns up a skill that is not a trigger; FGO-097: a 【トリガー】 skill cannot be
    chosen then (Hassan's trigger is never offered); FGO-RUL-42: the non-turn player is not asked."""
    state = duel(hands=(["hassan/1", "hassan/2", "hassan/3", "hassan/4", "hassan/5"], []))
    assert "skill hassan" not in legal_texts(state, 0)
    assert GAME.to_act(state) == (0,)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "skill hassan")


def test_fgo_092_fgo_093_fgo_081_active_skill_works_this_turn_then_is_removed() -> None:
    """FGO-092: the effect is carried out (魔力放出: +3 when Artoria battles this turn); FGO-093: the card is then
    removed from the game; FGO-081: it cannot be used again."""
    state = duel(hands=(["artoria/1", "artoria/2", "artoria/3", "artoria/5", "medusa/1"],
                        ["emiya/1", "emiya/2", "emiya/3", "emiya/4", "emiya/5"]),
                 trash=(["artoria/4"], []), places=({"artoria": "fuyuki_21"}, {"emiya": "fuyuki_31"}))
    state = GAME.apply(state, 0, "skill artoria")
    artoria = state.masters[0].servant("artoria")
    assert artoria.skill_state is SkillState.REMOVED and state.masters[0].sideways == ["artoria/4"]
    state = act(state, 0, "move artoria fuyuki_31 artoria/5")
    assert legal_texts(state, 1) == {"pass"}  # Emiya's trigger needs NP 1: seat 1 has none
    state = act(state, 1, "pass")
    state = act(state, 0, "battle artoria/1 artoria/2 artoria/3")
    state = GAME.apply(state, 1, "battle emiya/1 emiya/2 emiya/3")
    data = next(e.data for e in state.events if e.kind == "reveal")["seats"]["0"]
    assert data["skills"] == 3 and data["total"] == 13 + 3 + 3 + 4  # B5 B4 B4 + Buster + Brave 4 + skill


def test_fgo_082_fgo_083_fgo_084_rul_48_ex_14_np_cost() -> None:
    """FGO-EX-14: trash with upright Arts x3, upright Buster x2 and sideways Arts x1: NP = 3 (FGO-082); a skill
    costing NP 2 turns 2 upright Arts sideways (FGO-083, FGO-RUL-48): NP = 1 (FGO-084); with NP 1 it cannot
    be turned face up."""
    party = ("gilgamesh", "medusa", "hassan")
    trash = ["gilgamesh/3", "medusa/4", "hassan/4", "gilgamesh/1", "medusa/5", "gilgamesh/4"]
    state = duel((party, P1), hands=(["gilgamesh/2", "gilgamesh/5", "medusa/1", "medusa/2", "hassan/1"], []),
                 trash=(trash, []))
    state.masters[0].sideways = ["gilgamesh/4"]
    state._legal = {}
    assert np_of(state, 0) == 3
    after = GAME.apply(state, 0, "skill gilgamesh")  # 黄金律: NP 2, draw 3
    assert np_of(after, 0) == 1 and sorted(after.masters[0].sideways) == ["gilgamesh/3", "gilgamesh/4", "medusa/4"]
    assert len(after.masters[0].hand) == 8
    poor = arrange(state, 0, trash=["gilgamesh/3", "gilgamesh/1", "medusa/5"])
    assert np_of(poor, 0) == 1 and "skill gilgamesh" not in legal_texts(poor, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(poor, 0, "skill gilgamesh")


def test_fgo_rul_25_rul_27_arts_cards_trashed_by_moving_are_np_of_their_owner() -> None:
    """FGO-RUL-25: an Arts card trashed to pay a move is upright and counts as NP; FGO-RUL-27: only in its
    owner's trash."""
    state = duel(hands=(["artoria/4", "artoria/1", "artoria/2", "artoria/3", "artoria/5"], []))
    state = act(state, 0, "pass", "move artoria fuyuki_10 artoria/4")
    assert np_of(state, 0) == 1 and np_of(state, 1) == 0


def test_fgo_094_fgo_095_fgo_096_rul_46_persistent_skill_until_its_servant_is_destroyed() -> None:
    """FGO-094: a 【常駐】 skill stays face up; FGO-095: it keeps working (狂化: +2 when Heracles battles on his
    master's turn, FGO-RUL-46: the servant the card belongs to); FGO-096: it leaves with its servant."""
    party = ("heracles", "medusa", "hassan")
    state = duel((party, P1), hands=(["heracles/1", "heracles/2", "heracles/3", "heracles/5", "medusa/1"],
                                     ["emiya/1", "emiya/2", "emiya/3", "emiya/4", "emiya/5"]),
                 trash=(["heracles/4", "medusa/4", "hassan/4"], []),
                 places=({"heracles": "fuyuki_21"}, {"emiya": "fuyuki_31"}))
    state = GAME.apply(state, 0, "skill heracles")
    assert state.masters[0].servant("heracles").skill_state is SkillState.FACE_UP
    state = act(state, 0, "move heracles fuyuki_31 heracles/5")
    state = act(state, 1, "pass")
    state = act(state, 0, "battle heracles/1 heracles/2 heracles/3")
    state = act(state, 1, "battle emiya/1 emiya/2 emiya/3")
    data = next(e.data for e in state.events if e.kind == "reveal")["seats"]["0"]
    assert data["skills"] == 2  # the persistent effect applies in the battle
    assert state.masters[0].servant("heracles").skill_state is SkillState.FACE_UP  # still face up afterwards
    assert state.masters[0].servant("heracles").area == "fuyuki_31"  # Heracles won: 14 + 3 + 4 + 2 > 13
    # on the opponent's turn the own-turn skill does not apply
    assert battle.skill_bonus(state, 0, "heracles", "cu_chulainn") == 0
    state.masters[0].servant("heracles").area = None
    from bouts.games.fgo_duel.skills import remove_skill_of_destroyed

    remove_skill_of_destroyed(state, 0, state.masters[0].servant("heracles"))
    assert state.masters[0].servant("heracles").skill_state is SkillState.REMOVED


def test_fgo_098_rul_43_rul_44_rul_45_trigger_skill_interrupts_the_move() -> None:
    """FGO-098: 【トリガー:敵が自身のエリアに移動しようとしたとき】 is used as an interrupt; FGO-RUL-45: after the
    mover has paid and before battle step ①; FGO-RUL-44: the NP cost is paid; FGO-RUL-43: the card is then
    removed; FGO-RUL-42: the non-turn player uses it."""
    state = duel(hands=(["artoria/1", "artoria/2", "artoria/3", "artoria/5", "medusa/1"],
                        ["emiya/1", "emiya/2", "emiya/3", "emiya/4", "emiya/5"]),
                 trash=([], ["medea/1"]), places=({"artoria": "fuyuki_21"}, {"emiya": "fuyuki_31"}))
    state = act(state, 0, "pass", "move artoria fuyuki_31 artoria/5")
    assert state.phase is Phase.TRIGGER and GAME.to_act(state) == (1,)
    assert state.masters[0].trash == ["artoria/5"]  # paid already
    assert legal_texts(state, 1) == {"pass", "skill emiya"}
    state = GAME.apply(state, 1, "skill emiya")
    assert state.phase is Phase.BATTLE and state.masters[1].sideways == ["medea/1"]
    assert state.masters[1].servant("emiya").skill_state is SkillState.REMOVED
    state = act(state, 0, "battle artoria/1 artoria/2 artoria/3")
    state = act(state, 1, "battle emiya/1 emiya/2 emiya/4")
    data = next(e.data for e in state.events if e.kind == "reveal")["seats"]
    assert data["1"]["skills"] == 3 and data["1"]["total"] == 11 + 3 + 3  # A4 A3 B4, Brave 3, 心眼 +3
    assert data["0"]["total"] == 13 + 3 + 4


def test_fgo_099_fgo_100_ex_10_a_destroyed_servants_face_down_skill_is_removed() -> None:
    """FGO-EX-10 (advanced), FGO-099, FGO-100: the defender's skill card is removed even though still face down."""
    state = duel(hands=(["artoria/1", "artoria/2", "artoria/3", "artoria/5", "medusa/1"],
                        ["cu_chulainn/1", "emiya/2", "emiya/3", "emiya/4", "emiya/5"]),
                 places=({"artoria": "fuyuki_21"}, {"cu_chulainn": "fuyuki_31"}))
    state = act(state, 0, "pass", "move artoria fuyuki_31 artoria/5")
    state = act(state, 1, "pass")
    state = act(state, 0, "battle artoria/1 artoria/2 artoria/3")
    state = act(state, 1, "battle emiya/2 emiya/3 emiya/5")
    cu = state.masters[1].servant("cu_chulainn")
    assert cu.area is None and cu.skill_state is SkillState.REMOVED and not cu.skill_revealed
    assert GAME.view(state, 0)["masters"][1]["party"][1]["skill"] == {"state": "removed", "card": "1/cu_chulainn"}


def test_fgo_rul_28_a_skill_draw_rebuilds_the_deck() -> None:
    """FGO-RUL-28: a skill's ドロー also rebuilds the deck when it runs out (騎乗: draw 2)."""
    state = duel(hands=(["artoria/1", "artoria/2", "artoria/3", "medusa/1", "hassan/1"], []),
                 trash=(["medusa/4"], []))
    state = arrange(state, 0, deck=["artoria/5"], trash=[c for c in all_cards(state, 0)
                                                         if c not in state.masters[0].hand and c != "artoria/5"])
    state = GAME.apply(state, 0, "skill medusa")
    assert state.phase is Phase.REMOVE and len(state.masters[0].hand) == 6
    state = identity_shuffles(GAME.apply(state, 0, "remove hassan/2"))
    assert len(state.masters[0].hand) == 7 and state.phase is Phase.ACTION


def test_fgo_rul_09_brave_uses_printed_power_with_rune() -> None:
    """FGO-RUL-09: 原初のルーン raises Quick powers, but Brave adds the smallest printed power."""
    party = ("scathach:primordial_rune", "hassan", "medea")
    state = duel((party, P1), hands=(["scathach/1", "scathach/2", "scathach/3", "hassan/1", "medea/1"], []),
                 trash=(["medea/2"], []))
    state = GAME.apply(state, 0, "skill scathach scathach")
    total = battle.total_of(state, 0, ["scathach/1", "scathach/2", "scathach/3"], "scathach", "emiya")
    assert total.cards == 4 + 3 + 3 + 3 and total.brave == 3  # Q4 Q3 Q3 each +1; Brave: printed 3


def test_public_skills_god_slayer_and_wisdom_of_dun_scaith() -> None:
    """The FAQ's Scathach skills: 神殺し adds power only against Archer/Berserker on her master's turn; 魔境の智慧
    lets her master trash a card at the end phase to move her to an empty adjacent non-master area."""
    slayer = duel((("scathach:god_slayer", "hassan", "medea"), P1),
                  hands=(["scathach/1", "scathach/2", "scathach/3", "hassan/1", "medea/1"], []))
    slayer = GAME.apply(slayer, 0, "skill scathach")
    assert battle.skill_bonus(slayer, 0, "scathach", "emiya") == 3  # Archer
    assert battle.skill_bonus(slayer, 0, "scathach", "cu_chulainn") == 0  # Lancer
    wisdom = duel((("scathach:wisdom_of_dun_scaith", "hassan", "medea"), P1),
                  hands=(["scathach/1", "scathach/2", "scathach/3", "hassan/1", "medea/1"], []),
                  trash=(["medea/2"], []))
    wisdom = act(wisdom, 0, "skill scathach", "move scathach fuyuki_11 scathach/1")
    assert wisdom.phase is Phase.END_MOVE and GAME.to_act(wisdom) == (0,)
    options = legal_texts(wisdom, 0)
    assert "pass" in options and all(o == "pass" or o.split()[2] not in ("fuyuki_01", "fuyuki_02", "fuyuki_master0")
                                     for o in options)
    card = wisdom.masters[0].hand[0]
    moved = GAME.apply(wisdom, 0, f"end_move scathach fuyuki_21 {card}")
    assert moved.masters[0].servant("scathach").area == "fuyuki_21" and card in moved.masters[0].trash
    assert moved.turn == 1


def test_fgo_098_rul_28_a_trigger_skill_that_draws_before_the_battle(pack: Catalog) -> None:
    """FGO-098 with a drawing trigger (example pack): the interrupt resolves fully, its ドロー included
    (FGO-RUL-28, FGO-RUL-45), before battle step ①."""
    state = clash(pack, ["t_saber/4", "t_saber/1", "t_saber/2", "t_saber/3", "t_buster/1"],
                  ["t_twin/1", "t_twin/2", "t_twin/3", "t_guard/1", "t_guard/2"], defender="t_twin",
                  options={"advanced": True})
    state = act(state, 0, "pass", ATTACK_TWIN)
    assert state.phase is Phase.TRIGGER and "skill t_twin" in legal_texts(state, 1)
    state = GAME.apply(state, 1, "skill t_twin")
    assert state.phase is Phase.BATTLE and len(state.masters[1].hand) == 6
    assert len(legal_texts(state, 1)) > 10  # battle choices now from 6 cards
