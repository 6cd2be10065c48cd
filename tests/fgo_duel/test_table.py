"""FGO Duel at the table: what a decision turns on is on screen (issue 13): the chain counter and chips,
skill cards (yours with text and NP cost, the opponent's face-down ones as face down), the battle menu's
real totals, the reveal's breakdown, and the map's full area names with the figures beside them."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from rich.panel import Panel

from bouts.games.fgo_duel.state import Chip, SkillState
from tests.fgo_duel.helpers import GAME, act, clash, ready


def printed(state: Any, seat: int | None) -> str:
    """The table as a 160-column terminal prints it."""
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(Panel(GAME.render(GAME.view(state, seat)), expand=False))
    return out.getvalue()


def test_chain_counter_and_chips_are_on_the_table() -> None:
    """FGO-051, FGO-075: the chips on the chain counter and the power they give now are printed (no markup
    eats the counter)."""
    state = ready()
    state.masters[0].chips = [Chip("quick", 1), Chip("arts", 2)]
    text = printed(state, 1)
    assert "chain counter [start ·|Q|A right]: chips +10 power now" in text
    assert "chain counter [start ·|·|· right]" in text


def test_skill_cards_show_state_text_and_np_to_their_owner_and_face_down_to_the_opponent() -> None:
    """FGO-088, FGO-089: my skill cards with name, state, NP cost and text; the opponent's face-down skill
    only as face down, its name nowhere on my screen."""
    state = ready({"advanced": True})
    mine = state.masters[0].party[0]
    skill = state.catalog.skills[mine.skill]
    own = printed(state, 0)
    assert f"{skill.name} (face down, NP {skill.np_cost})" in own
    theirs = printed(state, 1)
    assert "skill card (face down)" in theirs and str(skill.name) not in theirs
    mine.skill_state, mine.skill_revealed = SkillState.FACE_UP, True
    assert f"{skill.name} (face up, NP {skill.np_cost})" in printed(state, 1)
    assert skill.text.get_text("en") in GAME.render_zone(GAME.view(state, 1), "skills")


def test_battle_menu_shows_the_real_total_and_the_reveal_breaks_both_down(pack: Any) -> None:
    """FGO-057: each battle option's menu line gives the total the battle will use (cards, Buster, Brave,
    chips, skills), and after the reveal the table shows both totals broken down."""
    state = clash(pack, ["t_saber/4", "t_saber/1", "t_saber/2", "t_saber/3", "t_buster/1"],
                  ["t_guard/1", "t_guard/2", "t_guard/3", "t_guard/4", "t_lancer/1"])
    state.masters[0].chips = [Chip("quick", 1)]  # +7 in this battle
    state = act(state, 0, "move t_saber fuyuki_31 t_saber/4")
    lines = {str(a): GAME.describe(state, 0, a) for a in GAME.legal_actions(state, 0)}
    line = lines["battle t_saber/1 t_saber/2 t_saber/3"]
    assert "chips 7" in line and "Brave" in line
    promised = int(line.split(" = ")[1].split(" ")[0])
    state = act(state, 0, "battle t_saber/1 t_saber/2 t_saber/3")
    state = act(state, 1, "battle t_guard/1 t_guard/2 t_guard/3")
    assert state.last_battle is not None and state.last_battle["seats"]["0"]["total"] == promised
    text = printed(state, 1)
    assert f"Seat 1 (attacker) Test Saber: Q3 A5 B6, total {promised} = cards" in text and "chips 7" in text
    assert f"total {state.last_battle['seats']['1']['total']} = cards" in text


def test_map_labels_keep_the_full_area_names_the_menus_use_with_figures_beside() -> None:
    """Every area is printed by the full name the move menu uses (no truncation), its figure beside it."""
    for options in ({}, {"map": "orleans"}):
        state = ready(options)
        text = printed(state, 0)
        for area in state.map.areas:
            assert f"({area.name}" in text, area.name
        for servant in state.masters[0].party:
            assert servant.area is not None
            figure = state.catalog.servants[servant.servant].figure_name
            assert f"({state.map.area(servant.area).name} 1:{figure})" in text
        menu = [GAME.describe(state, 0, a) for a in GAME.legal_actions(state, 0)]
        for line in menu:
            if line.startswith("Move "):
                name = line.split(" to ")[1].split(", paying")[0]
                assert f"({name}" in text


def test_fgo_085_every_servant_has_a_pool_and_the_prepared_skill_is_a_secret() -> None:
    """FGO-085 (rulebook L289), FGO-089: each servant has its pool of skill cards and one is prepared with
    the party in secret: the opponent's view shows it face down, and a determinized state draws it anew
    from that servant's pool (never from what the opponent could not know)."""
    import random

    state = ready({"advanced": True}, parties=(("scathach:god_slayer", "hassan:instinct", "medea:riding"),
                                               ("emiya:golden_rule", "cu_chulainn", "medea")))
    assert all(len(s.skills) >= 2 for s in state.catalog.servants.values())
    seen_by_1 = GAME.view(state, 1)["masters"][0]["party"][0]["skill"]
    assert seen_by_1 == {"state": "face_down", "card": "0/scathach"}
    drawn = {GAME.determinize(state, 1, random.Random(seed)).masters[0].party[0].skill for seed in range(30)}
    assert drawn == set(state.catalog.servants["scathach"].skills)
    mine = {GAME.determinize(state, 0, random.Random(seed)).masters[0].party[0].skill for seed in range(5)}
    assert mine == {"god_slayer"}


def test_faq_skills_are_stand_ins_sourced_for_the_name_only() -> None:
    """The five FAQ skills (Scathach's three, Merlin's two) have invented amounts: stand-ins whose source
    names the FAQ for the name."""
    from bouts.games.fgo_duel.cards import reference_catalog

    skills = reference_catalog().skills
    for sid in ("wisdom_of_dun_scaith", "primordial_rune", "god_slayer", "dream_charisma", "illusion"):
        assert skills[sid].stand_in and skills[sid].source and "faq" in skills[sid].source
        assert "name" in skills[sid].source


def test_merlin_dream_charisma_may_be_removed_to_pay_np() -> None:
    """duel.fate-go.jp/faq: Merlin's 夢幻のカリスマ can be removed from the game to pay NP: with it face up and
    no NP, another skill's cost is paid by removing it (stand-in amount 2)."""
    state = ready({"advanced": True}, parties=(("merlin:dream_charisma", "hassan:instinct", "medea:riding"),
                                               ("emiya:golden_rule", "cu_chulainn", "medea")))
    merlin = state.masters[0].servant("merlin")
    merlin.skill_state, merlin.skill_revealed = SkillState.FACE_UP, True
    state.masters[0].trash = []
    state._legal = {}
    from tests.fgo_duel.helpers import legal_texts

    options = legal_texts(state, 0)
    assert "skill medea pay:merlin" in options and "skill medea" not in options  # NP 1, none in the trash
    line = GAME.describe(state, 0, next(a for a in GAME.legal_actions(state, 0) if str(a) == "skill medea pay:merlin"))
    assert "NP 1, 2 of it by removing Dreamlike Charisma A of Merlin from the game" in line
    state = act(state, 0, "skill medea pay:merlin")
    assert merlin.skill_state is SkillState.FACE_UP  # the original state is untouched
    assert state.masters[0].servant("merlin").skill_state is SkillState.REMOVED
    assert state.masters[0].servant("medea").skill_state is SkillState.REMOVED  # used (not 常駐)
