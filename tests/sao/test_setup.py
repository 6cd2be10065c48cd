"""Set-up, components and players (SAO-001..SAO-040, SAO-155..SAO-157, SAO-RUL-01, SAO-RUL-05)."""

from __future__ import annotations

import random

import pytest
from sao_helpers import GAME, ITEMS, char, kind, start

from bouts.core.chance import Shuffle
from bouts.core.contract import CHANCE, OptionsError
from bouts.games.sao.cards import FACE, SECTIONS, SYMBOL, reference_catalog


def test_sao_001_one_to_four_players_and_cooperative():
    """SAO-001: 1 to 4 players; SAO-002: cooperative (everyone wins or loses together)."""
    info = GAME.info
    assert (info.min_seats, info.max_seats, info.cooperative) == (1, 4, True)
    for seats in (1, 2, 3, 4):
        GAME.setup(seats)
    for bad in (0, 5):
        with pytest.raises(OptionsError):
            GAME.setup(bad)


def test_sao_013_character_cards_have_the_five_fields():
    """SAO-013: level, HP, abilities, ability usage, Sword Skills on every card; SAO-003, SAO-016, SAO-018."""
    for card in reference_catalog().characters.values():
        assert len(card.hp) == 3 and card.hp[0] < card.hp[1] < card.hp[2]
        assert card.abilities and card.skills
        assert len(card.usage) == 3 and all(len(row) == 3 for row in card.usage)
        assert {s.level for s in card.skills} <= {1, 50, 80}


def test_sao_019_scenario_sections_and_components():
    """SAO-019: 3 lower, 3 middle, 3 upper, 1 final; SAO-020 dice amount, SAO-021 threat, SAO-022 steps,
    SAO-023 HP, SAO-024 damage, SAO-025 effects on each card.
    Components: 6 characters (SAO-013), 8 items (SAO-026), Yui (SAO-028)."""
    cat = reference_catalog()
    counts = {s: len(cat.section(s)) for s in SECTIONS}
    assert counts == {"lower": 3, "middle": 3, "upper": 3, "final": 1}
    assert len(cat.characters) == 6 and len(cat.items) == 8
    assert cat.support is not None and cat.support.id == "yui"
    for card in cat.scenarios.values():
        assert 1 <= card.dice <= 4 and card.threat and card.steps
        assert all(step.hp > 0 and step.damage >= 0 for step in card.steps)


def test_sao_rul_01_tokens_are_integers_without_supply_limit():
    """SAO-RUL-01: damage is an integer with no token supply limit (more than 10 + 5 tokens' worth)."""
    s = start(2)
    s.characters[0].damage = 60
    s.step_damage = 99
    assert GAME.view(s, 0)["characters"][0]["damage"] == 60 and GAME.view(s, 0)["step_damage"] == 99


def test_sao_006_031_kirito_must_be_in_the_game():
    """SAO-006, SAO-031: each player chooses a character and Kirito must be in the game."""
    with pytest.raises(OptionsError, match="Kirito"):
        GAME.setup(2, {"characters": ["asuna", "klein"]})
    with pytest.raises(OptionsError):
        GAME.setup(2, {"characters": ["kirito", "kirito"]})
    with pytest.raises(OptionsError):
        GAME.setup(2, {"characters": ["kirito", "nobody"]})
    s = GAME.setup(3, {"characters": ["klein", "kirito", "silica"]})
    assert [c.id for c in s.characters] == ["klein", "kirito", "silica"]
    assert [c.seat for c in s.characters] == [0, 1, 2]


def test_sao_032_155_solo_controls_kirito_and_one_more():
    """SAO-032, SAO-155: solo play is one seat playing Kirito and one other character."""
    s = GAME.setup(1, {"characters": ["kirito", "silica"]})
    assert [c.id for c in s.characters] == ["kirito", "silica"]
    assert {c.seat for c in s.characters} == {0}
    with pytest.raises(OptionsError):
        GAME.setup(1, {"characters": ["kirito"]})


def test_sao_033_unchosen_characters_are_not_used():
    """SAO-033: characters nobody chose are not in the game."""
    s = start(2, ("kirito", "klein"))
    assert [c.id for c in s.characters] == ["kirito", "klein"]
    assert all(c["id"] in ("kirito", "klein") for c in GAME.view(s, 0)["characters"])


def test_sao_034_lisbeth_and_silica_take_their_addition_tokens():
    """SAO-034: Lisbeth and Silica start with their own addition tokens (none attached to anyone)."""
    s = start(3, ("kirito", "lisbeth", "silica"))
    assert s.tokens == {}
    s = GAME.apply(s, 0, "partner lisbeth")
    from sao_helpers import roll, texts
    s = roll(s, 1, 2, 3, 4, 5, 6)
    s = GAME.apply(s, 0, "ask_partner")
    assert any(t.startswith("ability lisbeth boost") for t in texts(s))


def test_sao_035_036_one_scenario_per_section_drawn_face_down():
    """SAO-035, SAO-036: one card per section drawn at random, the rest unused; unrevealed ones hidden."""
    s = GAME.setup(2)
    assert GAME.to_act(s) == (CHANCE,)
    order = tuple(reference_catalog().scenarios)[::-1]
    s = GAME.apply(s, CHANCE, Shuffle(order))
    cat = reference_catalog()
    assert [cat.scenarios[x].section for x in s.scenarios] == list(SECTIONS)
    assert s.scenarios[0] == next(x for x in order if cat.scenarios[x].section == "lower")
    s = GAME.apply(s, CHANCE, "shuffle " + " ".join(ITEMS))
    view = GAME.view(s, 0)
    assert [v["id"] for v in view["scenarios"]] == [s.scenarios[0]]  # SAO-043: only the lower one
    assert s.scenarios[1] not in str(view)


def test_sao_037_item_deck_is_shuffled_and_hidden():
    """SAO-037: the 8 item cards form a shuffled face-down deck; its order is in no view."""
    s = start(2, items=tuple(reversed(ITEMS)))
    assert s.items == list(reversed(ITEMS))
    view = GAME.view(s, None)
    assert view["item_deck"] == 8 and "relic/1" not in str(view)


def test_sao_038_rul_05_usage_tokens_start_at_one():
    """SAO-038, SAO-RUL-05: every ability usage token starts at 1, whatever the card maximum."""
    for seats in (1, 2, 3, 4):
        s = start(seats)
        assert all(c.usage == 1 for c in s.characters)
    assert start(2).usage_max(0) == 2


def test_sao_039_040_dice_and_put_aside_components():
    """SAO-039: main and support dice are available; SAO-040: no character dice and no Yui at the start."""
    s = start(2)
    assert [d.kind for d in s.pool] == ["main"] * 3 + ["support"] * 3
    assert not any(c.has_die for c in s.characters) and not s.yui
    assert all(d.char is None for d in s.pool)


def test_sao_029_030_character_dice_faces():
    """SAO-029, SAO-030: each character die fits its character: Kirito's has his face, Asuna's a symbol."""
    cat = reference_catalog()
    assert FACE in cat.characters["kirito"].die_codes
    assert SYMBOL in cat.characters["asuna"].die_codes and FACE in cat.characters["asuna"].die_codes


def test_sao_157_solo_death_loses():
    """SAO-157: in solo play the game is lost if either character dies."""
    s = start(1, ("kirito", "asuna"))
    s = GAME.apply(s, CHANCE, "roll 1 1 5 2 2 5")
    s = GAME.apply(s, 0, "finalize")
    s.characters[1].damage = s.hp(1) - 1
    s = GAME.apply(s, 0, "done")
    assert s.result == "lost" and GAME.outcome(s).winners == ()
    assert char(s, "asuna").dead


def test_random_setup_draws_each_section(seed: int = 3):
    """SAO-035: a random draw puts one scenario of each section in order (SAO-041)."""
    s = GAME.setup(4, {}, None, seed)
    s = GAME.apply(s, CHANCE, GAME.sample_chance(s, random.Random(seed)))
    cat = reference_catalog()
    assert [cat.scenarios[x].section for x in s.scenarios] == list(SECTIONS)
    assert kind(s) == "item_shuffle"


def test_sao_rul_49_characters_start_at_the_first_stage():
    """SAO-RUL-49: characters start at the card's first level stage with its HP."""
    s = start(2)
    assert all(c.level == 0 for c in s.characters) and s.hp(0) == s.card(0).hp[0]


def test_sao_rul_51_only_the_six_keywords(tmp_path):
    """SAO-RUL-51: a step effect other than the six keywords is refused by the content schema."""
    import shutil

    from bouts.core.content import ContentError
    from bouts.games.sao.cards import REFERENCE, load_catalog
    target = tmp_path / "pack"
    shutil.copytree(REFERENCE, target)
    path = target / "scenarios.toml"
    path.write_text(path.read_text().replace('hp = 30, damage = 2, aoe = true,',
                                             'hp = 30, damage = 2, aoe = true, penalty = true,'))
    with pytest.raises(ContentError, match=r"scenarios\.toml.*trap_room.*penalty"):
        load_catalog(str(target))


def test_sao_022_044_steps_in_order_with_the_step_token():
    """SAO-022, SAO-044: several steps are beaten in order; the Step token marks the current one."""
    from sao_helpers import act, roll
    s = start(2, scenarios=("hooligans", "assassin", "giant", "final_battle"))
    assert s.step == 0 and GAME.view(s, 0)["step"] == 0
    s.step_damage = s.current_step.hp
    s = act(act(roll(s, *([5] * 6)), "finalize"), "done")
    assert s.step == 1 and s.current_step.name == "Second hooligan" and GAME.view(s, 0)["step"] == 1


def test_tuned_content_is_labelled_stand_in_and_counted_by_bouts_rules():
    """Content labels tell the truth: a scenario whose numbers were tuned is a stand-in whose source says
    what it was tuned from, and `bouts rules sao` counts it among the stand-ins."""
    import subprocess
    import sys

    from bouts.games.sao.cards import reference_catalog

    tuned = [s for s in reference_catalog().scenarios.values() if s.tuned]
    assert tuned and all(s.stand_in and s.source and "tuned" in s.source for s in tuned)
    stand_ins = sum(1 for s in reference_catalog().scenarios.values() if s.stand_in)
    out = subprocess.run([sys.executable, "-m", "bouts.cli.main", "rules", "sao"], capture_output=True,
                         text=True, timeout=60).stdout
    assert f"scenario: {len(reference_catalog().scenarios)} entries ({stand_ins} stand-ins)" in out
    for s in tuned:
        assert f"{s.name} {s.id} (stand-in)" in out
