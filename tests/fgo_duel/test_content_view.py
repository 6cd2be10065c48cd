"""Content pack, views, hidden information, presentation and random play: FGO-RUL-35, FGO-101 and the
reference content's design promises (servants over the classes, reachable chains, fair maps)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from bouts.core import CHANCE, ContentError
from bouts.core.i18n import use_lang
from bouts.games.fgo_duel.cards import REFERENCE, CardType, load_catalog, reference_catalog
from bouts.games.fgo_duel.state import Chip, Phase
from tests.fgo_duel.helpers import GAME, P0, P1, act, arrange, ready


def test_reference_pack_has_ten_servants_over_the_classes_with_provenance() -> None:
    """Content: at least 10 servants over the classes, every entry with a source or marked stand-in; the public
    facts (Scathach No.003, Merlin No.005 and their skills) are recorded with a source."""
    catalog = reference_catalog()
    assert len(catalog.servants) >= 10
    assert len({s.servant_class for s in catalog.servants.values()}) >= 7
    for section in catalog.pack.sections.values():
        for entry in section:
            assert entry.stand_in or entry.source
    assert catalog.servants["scathach"].servant_no == 3 and catalog.servants["merlin"].servant_no == 5
    for skill in ("wisdom_of_dun_scaith", "primordial_rune", "god_slayer", "dream_charisma", "illusion"):
        assert catalog.skills[skill].source and "faq" in (catalog.skills[skill].source or "")
    kinds = Counter(s.kind for s in catalog.skills.values())
    assert kinds["persistent"] and kinds["trigger"] and kinds["active"]
    assert any(s.np_cost for s in catalog.skills.values())
    costs = sorted({s.cost for s in catalog.servants.values()})
    assert costs[0] <= 2 and costs[-1] >= 5  # the 11-point budget forces a choice


def test_every_chain_is_reachable_in_most_parties() -> None:
    """Content design: every servant holds all three types (Brave and mixed chains), and Quick, Arts and Buster
    CHAIN each need 3 cards of one type in the party."""
    catalog = reference_catalog()
    for servant in catalog.servants.values():
        assert {c.type for c in servant.commands} == set(CardType)
    for kind in CardType:
        rich = [s for s in catalog.servants.values() if sum(c.type is kind for c in s.commands) >= 3]
        assert rich, f"no servant can make a {kind} CHAIN alone"


def test_maps_are_symmetric_and_no_servant_can_be_boxed_in() -> None:
    """Content design: each map is symmetric under a half turn (seat 0 <-> seat 1) and every area has at least
    3 neighbours that are not master areas (a party has only 2 other servants to fill them), so the
    stalemate of FGO-RUL-13 cannot arise on the reference maps."""
    for game_map in reference_catalog().maps.values():
        positions = {a.pos: a for a in game_map.areas if a.master is None}
        width = max(x for x, _ in positions) + 1
        height = max(y for _, y in positions) + 1
        links = {frozenset(link) for link in game_map.links}
        for (x, y), area in positions.items():
            twin = positions[(width - 1 - x, height - 1 - y)]
            masters = {game_map.master_area(0), game_map.master_area(1)}
            assert len([n for n in game_map.neighbours(area.id) if n not in masters]) >= 3
            assert len(game_map.neighbours(area.id)) == len(game_map.neighbours(twin.id))
            if area.initial:
                assert twin.initial == (1 - area.initial[0], area.initial[1])
        assert len(links) == len(game_map.links)


def test_a_broken_pack_names_file_entry_and_field(tmp_path: Path) -> None:
    """Content errors name the file, the entry and the field."""
    for name in ("maps.toml", "skills.toml"):
        (tmp_path / name).write_text((REFERENCE / name).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "servants.toml").write_text(
        '[[servant]]\nid = "x"\nname = "X"\nservant_no = 1\nservant_class = "Saber"\nrarity = 1\ncost = 1\n'
        'commands = [{type = "quick", power = 1}]\nstand_in = true\n', encoding="utf-8")
    with pytest.raises(ContentError, match=r"servants.toml.*'x'.*5 command cards"):
        load_catalog(str(tmp_path))


def test_fgo_rul_35_public_and_hidden_information() -> None:
    """FGO-RUL-35: the trash, status cards, face-up skills and deck and hand sizes are public; deck contents and
    order are hidden from both players (FGO-023); hands from the opponent; battle cards until the reveal."""
    state = ready({"advanced": True})
    state = act(state, 0, "pass", "move artoria fuyuki_10 artoria/4")
    for seat in (1, None):
        other = GAME.view(state, seat)["masters"][0]
        assert other["trash"][0]["id"] == "artoria/4" and other["hand_size"] == 5 and other["deck_size"] == 9
        assert "hand" not in other and "deck" not in other
        assert [p["id"] for p in other["party"]] == list(P0)
    own = GAME.view(state, 0)["masters"][0]
    assert "deck" not in own and len(own["hand"]) == 5
    text = str(GAME.view(state, 1))
    assert all(card not in text for card in state.masters[0].hand + state.masters[0].deck)


def test_fgo_101_glossary_terms_name_the_view() -> None:
    """FGO-101: the glossary's terms (マスター, サーヴァント, コマンドデッキ, トラッシュ, チェインカウンター, NP,
    コスト, サーヴァントID, パワー, エリア, マスターエリア, 初期エリア, ゲームから除外) are the names the view uses."""
    view = GAME.view(ready({"advanced": True}), 0)
    master = view["masters"][0]
    assert {"party", "deck_size", "hand", "trash", "chips", "np", "removed", "card_total"} <= set(master)
    servant = master["party"][0]
    assert {"servant_no", "cost", "class", "rarity", "commands", "skill", "area", "slot"} <= set(servant)
    assert all("power" in c and "type" in c for c in servant["commands"])
    areas = view["map"]["areas"]
    assert any(a["master"] == 0 for a in areas) and any(a["initial"] == [0, 1] for a in areas)


def test_determinize_keeps_the_view_and_reshuffles_hidden_cards() -> None:
    """determinize: the seat's view is unchanged; the opponent's hand and the decks are re-dealt."""
    state = ready()
    rng = random.Random(1)
    changed = False
    for _ in range(5):
        det = GAME.determinize(state, 0, rng)
        assert GAME.view(det, 0) == GAME.view(state, 0)
        assert sorted(det.masters[1].hand + det.masters[1].deck) == sorted(state.masters[1].hand
                                                                           + state.masters[1].deck)
        changed = changed or det.masters[1].hand != state.masters[1].hand
    assert changed


def test_determinize_resamples_a_sealed_battle_choice() -> None:
    """A sealed battle choice is hidden: determinize for the opponent may replace it, keeping the view."""
    state = ready()
    state = arrange(state, 1, areas={"emiya": "fuyuki_11"})
    state = act(state, 0, "move artoria fuyuki_11 artoria/1", "battle artoria/2 artoria/3 artoria/4")
    rng = random.Random(2)
    det = GAME.determinize(state, 1, rng)
    assert GAME.view(det, 1) == GAME.view(state, 1) and GAME.to_act(det) == (1,)
    assert det.sealed is not None and len(det.sealed.chosen[0]) == 3
    assert set(det.sealed.chosen[0]) <= set(state.masters[0].deck + state.masters[0].hand + state.masters[0].battle)


def test_render_and_describe_show_the_map_chain_counter_and_np() -> None:
    """The terminal picture: the map as a graph with figures, each master's chain counter and NP, your hand."""
    state = ready({"advanced": True})
    text = GAME.render(GAME.view(state, 0))
    assert "chain counter" not in text  # both counters empty: nothing to show
    state.masters[1].chips = [Chip("arts", 1)]
    text = GAME.render(GAME.view(state, 0))
    assert "Flame Contaminated City: Fuyuki" in text and "chain counter" in text and "·|A|· right]" in text
    assert "NP" in text
    assert "Your hand" in text and "1:Altria" in text and "2:EMIYA" in text  # figures on the map
    assert "│" in text or "─" in text
    with use_lang("ja"):
        text = GAME.render(GAME.view(state, 0))
        assert "炎上汚染都市 冬木" in text and "1:アルトリア" in text and "チェインカウンター" in text
    for action in GAME.legal_actions(state, 0):
        assert GAME.describe(state, 0, action)
    state = GAME.apply(state, 0, "pass")
    lines = [GAME.describe(state, 0, a) for a in GAME.legal_actions(state, 0)]
    assert any(line.startswith("Move Altria to ") for line in lines)
    party = GAME.setup(2, {"first_player": 0})
    assert "cost" in GAME.describe(party, 0, GAME.legal_actions(party, 0)[0])


@pytest.mark.parametrize("options", [{}, {"advanced": True}, {"map": "orleans"},
                                     {"map": "orleans", "advanced": True}])
def test_random_playouts_terminate_with_a_winner(options: dict[str, object]) -> None:
    """Random games end (FGO-078) on both maps with and without the advanced rules."""
    for seed in range(15):
        rng = random.Random(seed)
        state = GAME.setup(2, options, None, seed)
        steps = 0
        while GAME.to_act(state):
            seat = rng.choice(GAME.to_act(state))
            action = GAME.sample_chance(state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
            steps += 1
            assert steps < 5000
        outcome = GAME.outcome(state)
        assert outcome is not None and state.phase is Phase.OVER


def test_turn_limit_house_rule_ends_in_a_draw() -> None:
    """The house turn limit (for simulations only) ends the game as a draw."""
    state = ready({"turn_limit": 1})
    state = GAME.apply(state, 0, "move artoria fuyuki_10 artoria/1")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and "turn limit" in outcome.reason_text()


def test_parties_option_for_scripts() -> None:
    """Parties may be given in the options (slot 1 to 3 in order) for scripts and simulations."""
    state = ready(parties=(P1, P0))
    assert [s.servant for s in state.masters[0].party] == list(P1)


def test_hints_rank_battle_choices_and_spot_winning_moves() -> None:
    """The terminal's hint: battle choices ranked by total; a move into the enemy master area flagged."""
    state = arrange(ready(), 1, areas={"emiya": "fuyuki_11"})
    state = GAME.apply(state, 0, "move artoria fuyuki_11 artoria/1")
    hints = GAME.hints(state, 0)
    assert "= 14 (cards 11 + Brave 3)" in hints[0] and "total 14, the highest" in hints[0]  # B4 B4 A3: 11 + Brave 3
    winning = arrange(ready(), 0, areas={"artoria": "fuyuki_41"})
    winning = arrange(winning, 1, areas={"cu_chulainn": "fuyuki_31"})
    first = GAME.hints(winning, 0)[0]
    assert first.startswith("Win: Altria enters the enemy master area") and "you win at once" in first
