"""The rulebook's worked examples as golden tests (SAO-EX-01..SAO-EX-09)."""

from __future__ import annotations

import pytest
from sao_helpers import act, char, kind, roll, start, texts

from bouts.core.contract import IllegalAction
from bouts.games.sao.advisor import best_assignment
from bouts.games.sao.cards import SwordSkill
from bouts.games.sao.skills import Modifiers, attack_damage


def example_turn(seats: int = 3):
    """Kirito chains Asuna on Ambush of the PK Guild step 1 and rolls as in the example."""
    chars = ("kirito", "asuna", "klein")[:seats]
    s = start(seats, chars)
    if seats >= 3:
        assert kind(s) == "chain_partner"
        s = act(s, "partner asuna")
    assert s.scenario.name == "Ambush of the PK Guild" and s.current_step.name == "Fighting the Underlings"
    s = roll(s, 2, 3, 6, 1, 2, 3)
    return s


def test_sao_ex_01_rolling_and_rerolling():
    """SAO-EX-01: 3 dice each; reroll 1 (Kirito's 3 with Asuna's 1 and 3), reroll 2 (the 3 again),
    a third reroll refused. Also SAO-053, SAO-054, SAO-059, SAO-062, SAO-063, SAO-064, SAO-RUL-04."""
    s = example_turn()
    assert [d.value for d in s.pool if d.kind == "main"] == [2, 3, 6]
    assert [d.value for d in s.pool if d.kind == "support"] == [1, 2, 3]
    s = act(s, "reroll 2 4 6")
    s = roll(s, 3, 4, 4)
    assert [d.value for d in s.pool if d.kind == "main"] == [2, 3, 6]
    assert sorted(d.value for d in s.pool if d.kind == "support") == [2, 4, 4]
    s = act(s, "reroll 2")  # only Kirito's main 3: none of Asuna's dice (SAO-064)
    s = roll(s, 3)
    assert sorted(d.value for d in s.pool) == [2, 2, 3, 4, 4, 6]
    assert s.rerolls_used == 2
    assert not any(t.startswith("reroll") for t in texts(s))
    with pytest.raises(IllegalAction):
        act(s, "reroll 2")


def example_final():
    s = example_turn()
    s = roll(act(s, "reroll 2 4 6"), 3, 4, 4)
    s = roll(act(s, "reroll 2"), 3)
    return act(s, "finalize")


def test_sao_ex_02_sword_skills_and_damage():
    """SAO-EX-02: Vertical Arc twice (2 2 and 4 4) and Rage Spike with the 6: 9 damage, 11 HP left,
    the 3 unused so no Switch (SAO-RUL-26, SAO-071, SAO-076)."""
    s = example_final()
    assert kind(s) == "assign"
    assert "skill vertical_arc 1 5" in texts(s) and "skill vertical_arc 4 6" in texts(s)
    assert "skill rage_spike 3" in texts(s)
    assert not any(t.startswith("skill rage_spike 2") for t in texts(s))  # the 3 is no Rage Spike
    s = act(s, "skill vertical_arc 1 5")
    s = act(s, "skill vertical_arc 4 6")
    s = act(s, "skill rage_spike 3")
    assert texts(s) == ["done"]  # the 3 fits no skill
    s = act(s, "done")
    damage = next(e for e in s.events if e.kind == "damage")
    assert damage.data["damage"] == 9
    assert not any(e.kind == "switch" for e in s.events)
    # the step kept its 9 damage: 20 - 9 = 11 HP left
    assert s.step_damage == 9 and s.current_step.hp - s.step_damage == 11


def test_sao_ex_03_aoe_counterattack():
    """SAO-EX-03: no Switch, AoE: Kirito, Asuna and every other character take 3 damage."""
    s = example_final()
    for text in ("skill vertical_arc 1 5", "skill vertical_arc 4 6", "skill rage_spike 3", "done"):
        s = act(s, text)
    assert [char(s, c).damage for c in ("kirito", "asuna", "klein")] == [3, 3, 3]


def test_sao_ex_04_resolve_and_turn_end_three_players():
    """SAO-EX-04: 9 < 20 so the damage stays on Step 1; Kirito is Exhausted; Asuna's turn (SAO-RUL-27)."""
    s = example_final()
    for text in ("skill vertical_arc 1 5", "skill vertical_arc 4 6", "skill rage_spike 3", "done"):
        s = act(s, text)
    assert s.step == 0 and s.step_damage == 9
    assert char(s, "kirito").exhausted
    assert s.characters[s.turn_char].id == "asuna"


def test_sao_ex_04_two_players_nobody_exhausted():
    """SAO-EX-04 (2 players): Asuna is next and nobody is Exhausted (SAO-RUL-27, SAO-088)."""
    s = start(2)
    s = roll(s, 2, 3, 6, 1, 2, 3)
    s = roll(act(s, "reroll 2 4 6"), 3, 4, 4)
    s = roll(act(s, "reroll 2"), 3)
    s = act(s, "finalize")
    for text in ("skill vertical_arc 1 5", "skill vertical_arc 4 6", "skill rage_spike 3", "done"):
        s = act(s, text)
    assert s.characters[s.turn_char].id == "asuna"
    assert not any(c.exhausted for c in s.characters)
    assert [c.damage for c in s.characters] == [3, 3]


def test_sao_ex_05_lisbeth_plus_two():
    """SAO-EX-05: with the +2 token, skills of 3 and 1 deal 5 and 3 = 8 (SAO-135)."""
    three = SwordSkill(id="three", name="Three", pattern="equal", size=2, damage=3, stand_in=True)
    one = SwordSkill(id="one", name="One", pattern="equal", size=1, values=(6,), damage=1, stand_in=True)
    mods = Modifiers(boost="+2")
    assert (mods.dealt(three), mods.dealt(one)) == (5, 3)
    assert best_assignment((4, 4, 6), (three, one), mods).damage == 8
    assert best_assignment((4, 4, 6), (three, one), Modifiers()).damage == 4


def defended_turn(character: str, defense: int, values: tuple[int, ...], skill: str) -> int:
    """Play to ``character``'s first turn against a step with ``defense`` (HP 50, damage 1, 2 dice each),
    roll ``values``, trigger ``skill`` once with the first dice and deal the damage through play.
    Returns the damage on the step: the engine's real damage path (SAO-072, SAO-145, SAO-148)."""
    from dataclasses import replace

    from sao_helpers import GAME, ITEMS

    from bouts.games.sao.cards import StepCard, reference_catalog

    cat = reference_catalog()
    step = StepCard(name="Armoured hooligan", hp=50, damage=1, defense=defense)
    card = cat.scenarios["hooligans"].model_copy(update={"dice": 2, "steps": (step,)})
    catalog = replace(cat, scenarios={**cat.scenarios, "hooligans": card}, memo={})
    s = GAME.setup(2, {"scenarios": ["hooligans", "assassin", "giant", "final_battle"],
                       "characters": ["kirito", character]}, content=catalog)
    s = GAME.apply(s, -1, GAME.parse_action(s, -1, "shuffle " + " ".join(ITEMS)))
    s = act(act(roll(s, 1, 2, 3, 4), "finalize"), "done")  # Kirito's turn: no skill, 1 damage back
    assert s.characters[s.turn_char].id == character and s.step_damage == 0
    s = act(roll(s, *values), "finalize")
    size = next(k.size for k in s.card(s.turn_char).skills if k.id == skill)
    s = act(s, f"skill {skill} " + " ".join(map(str, range(1, size + 1))))
    return act(s, "done").step_damage


def test_sao_ex_06_piercing_example_1_without_piercing():
    """SAO-EX-06: 3 damage against Defense 3 without Piercing: 3 - 3 = 0 (Silica's Dagger pair, played;
    without the Defense the same play deals 3)."""
    assert attack_damage(3, 3, 0) == 0
    assert defended_turn("silica", 3, (2, 2, 5, 6), "dagger_pair") == 0
    assert defended_turn("silica", 0, (2, 2, 5, 6), "dagger_pair") == 3


def test_sao_ex_07_piercing_example_1_with_piercing():
    """SAO-EX-07: 3 damage, Piercing 5, against Defense 3: the Defense is ignored, 3 damage (Klein's
    Tsujikaze, played)."""
    assert attack_damage(3, 3, 5) == 3
    assert defended_turn("klein", 3, (1, 2, 5, 6), "tsujikaze") == 3


def test_sao_ex_08_piercing_example_2():
    """SAO-EX-08: 6 damage, Piercing 5, against Defense 8: not pierced, 6 - 8 < 0 -> 0 (SAO-RUL-42;
    Klein's Ukifune, played); against Defense 5 the same play pierces: 6."""
    assert attack_damage(6, 8, 5) == 0
    assert defended_turn("klein", 8, (1, 1, 2, 2), "ukifune") == 0
    assert defended_turn("klein", 5, (1, 1, 2, 2), "ukifune") == 6


def test_sao_ex_09_defense_three():
    """SAO-EX-09: attacks of 8 and 3 against Defense 3 deal 5 + 0 = 5 (SAO-149)."""
    eight = SwordSkill(id="eight", name="Eight", pattern="equal", size=2, damage=8, stand_in=True)
    three = SwordSkill(id="three", name="Three", pattern="equal", size=1, damage=3, stand_in=True)
    mods = Modifiers(defense=3)
    assert mods.dealt(eight) + mods.dealt(three) == 5
    assert best_assignment((5, 5, 1), (eight, three), mods).damage == 5
