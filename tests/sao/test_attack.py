"""③ Sword Skills and Switch, ④ counter attack, ⑤ resolve (SAO-068..SAO-085, SAO-145..SAO-149)."""

from __future__ import annotations

import pytest
from sao_helpers import GAME, act, char, kind, level, roll, start, texts

from bouts.core.contract import IllegalAction
from bouts.games.sao.attack import counter_targets, turn_damage
from bouts.games.sao.cards import SwordSkill
from bouts.games.sao.skills import Modifiers

QUIET = ("hooligans", "assassin", "giant", "final_battle")


def at(step: int, damage: int):
    """A 2-player Ambush game at Kirito's first roll, with the Step token and damage counters set."""
    s = start(2)
    s.step, s.step_damage = step, damage
    return s


def assign(dice: tuple[int, ...], seats: int = 2, scenarios=("ambush", "assassin", "giant", "final_battle"),
           **kw):
    s = start(seats, scenarios=scenarios, **kw)
    if kind(s) == "chain_partner":
        s = act(s, "partner asuna")
    return act(roll(s, *dice), "finalize")


def test_sao_068_rul_06_only_turn_players_skills():
    """SAO-068, SAO-RUL-06: only the turn player's Sword Skills are offered (not the partner's)."""
    s = assign((1, 2, 3, 4, 5, 6))
    skills = {t.split()[1] for t in texts(s) if t.startswith("skill")}
    kirito = {sk.id for sk in s.card(0).skills}
    assert skills and skills <= kirito
    assert not any(t.startswith("skill linear") for t in texts(s))  # Asuna's straight skill


def test_sao_069_skills_depend_on_level():
    """SAO-069: skills learnt at level 50 are offered only from level 50 (SAO-014)."""
    s = assign((5, 5, 5, 5, 5, 5))
    assert not any("howling_octave" in t for t in texts(s))
    s = start(2, scenarios=QUIET, prep=level(1, 1))
    s = act(act(s, "keep"), "keep")
    s = act(roll(s, *([5] * 8)), "finalize")
    assert "skill howling_octave 1 2 3 4 5 6" in texts(s)


def test_sao_070_071_rul_48_each_die_once_skill_many_times():
    """SAO-070: each die is spent once; SAO-071: a skill may trigger several times; SAO-RUL-48:
    triggering is a choice."""
    s = assign((4, 4, 4, 4, 1, 2))
    s = act(s, "skill vertical_arc 1 2")
    assert "skill vertical_arc 3 4" in texts(s)
    assert not any(t.startswith("skill vertical_arc 1") for t in texts(s))
    with pytest.raises(IllegalAction):
        act(s, "skill vertical_arc 1 3")
    s = act(s, "skill vertical_arc 3 4")
    assert [k for k, _ in s.triggered] == ["vertical_arc", "vertical_arc"]
    assert "done" in texts(s)


def test_sao_072_073_085_damage_counters_stay_until_step_beaten():
    """SAO-072, SAO-073, SAO-085: damage is kept on the scenario card across turns."""
    s = assign((4, 4, 5, 5, 5, 5), scenarios=QUIET)
    s = act(act(s, "skill vertical_arc 1 2"), "done")
    assert s.step_damage == 4 and s.step == 0  # 8 HP step: 4 left
    s = act(roll(s, 5, 5, 5, 5, 5, 5), "finalize")
    s = act(s, "done")
    assert s.step_damage == 4


def test_sao_074_075_010_rul_13_switch_skips_counter():
    """SAO-074/SAO-RUL-12: unused dice only block the Switch; SAO-075, SAO-010, SAO-RUL-13, SAO-005:
    using every die is a Switch, automatically, and the counterattack is skipped."""
    s = assign((2, 2, 4, 4, 6, 6))
    for t in ("skill vertical_arc 1 2", "skill vertical_arc 3 4", "skill vertical_arc 5 6"):
        s = act(s, t)
    s = act(s, "done")
    assert any(e.kind == "switch" for e in s.events) and all(c.damage == 0 for c in s.characters)
    assert s.step_damage == 12 and all(d.value == 0 for d in s.pool)  # dice gathered at turn end


def test_sao_076_one_unused_die_no_switch():
    """SAO-076: one unused die and there is no Switch; SAO-077: the enemy attacks back."""
    s = assign((2, 2, 4, 4, 6, 3))
    for t in ("skill vertical_arc 1 2", "skill vertical_arc 3 4", "skill rage_spike 5", "done"):
        s = act(s, t)
    assert not any(e.kind == "switch" for e in s.events)
    assert any(e.kind == "hurt" for e in s.events)


def test_sao_dt_11_078_rul_14_ordinary_counter_hits_turn_player():
    """SAO-DT-11, SAO-078, SAO-079, SAO-RUL-14: no AoE: only the turn player takes the step's Damage."""
    s = assign((5, 5, 5, 5, 5, 5), seats=3, scenarios=QUIET)
    s = act(s, "done")
    assert [char(s, c).damage for c in ("kirito", "asuna", "klein")] == [3, 0, 0]


def test_sao_147_aoe_hits_everyone_including_exhausted():
    """SAO-147, SAO-RUL-14: AoE hits every character, the Exhausted too."""
    s = start(3, ("kirito", "asuna", "klein"))
    s = act(s, "partner asuna")
    s.characters[2].exhausted = True
    assert sorted(counter_targets(s)) == [0, 1, 2]


def test_sao_dt_01_080_081_rul_10_rul_11_beaten_at_exact_hp_after_counter():
    """SAO-DT-01: 11 + 9 = 20 on a 20-HP step: the AoE counter happens first (SAO-080, SAO-RUL-15),
    then the step is beaten, counters removed and the token moves on (SAO-081, SAO-RUL-10, SAO-RUL-11)."""
    s = at(0, 11)
    s = act(roll(s, 2, 2, 4, 4, 6, 3), "finalize")
    for t in ("skill vertical_arc 1 2", "skill vertical_arc 3 4", "skill rage_spike 5", "done"):
        s = act(s, t)
    order = [e.kind for e in s.events]
    assert order.index("hurt") < order.index("step_beaten") < order.index("step")
    assert [c.damage for c in s.characters] == [3, 3]
    assert s.step == 1 and s.step_damage == 0
    assert s.current_step.name == "The guild leader"


def test_sao_dt_02_082_083_no_carry_over():
    """SAO-DT-02, SAO-082, SAO-083: 26 damage on a 20-HP step: the next step starts at 0; one step per turn."""
    s = at(0, 11)
    s.characters[0].usage = 1
    s = act(roll(s, 6, 6, 6, 6, 2, 2), "finalize")  # 4 sixes: Horizontal Square 10 + pair 4 = 14
    s = act(act(act(s, "skill horizontal_square 1 2 3 4"), "skill vertical_arc 5 6"), "done")
    assert s.step == 1 and s.step_damage == 0


def test_sao_dt_03_switch_three_players():
    """SAO-DT-03: 3 players, every die used: no counter, nobody hurt, turn player Exhausted, partner next."""
    s = assign((2, 2, 4, 4, 6, 6), seats=3, scenarios=QUIET)
    for t in ("skill vertical_arc 1 2", "skill vertical_arc 3 4", "skill vertical_arc 5 6", "done"):
        s = act(s, t)
    assert not any(e.kind == "hurt" for e in s.events)
    assert char(s, "kirito").exhausted and s.characters[s.turn_char].id == "asuna"


def test_sao_dt_04_rul_15_death_beats_clearing():
    """SAO-DT-04, SAO-RUL-15, SAO-114: the counter kills before the last step is resolved: no item,
    no level-up, game over."""
    s = at(1, 16)
    s.characters[0].damage = s.hp(0) - 1  # step 2 has no AoE: the turn player is hit
    assert s.step == 1 and s.step + 1 == len(s.scenario.steps)
    s = act(roll(s, 2, 2, 3, 5, 5, 1), "finalize")
    s = act(act(s, "skill vertical_arc 1 2"), "done")
    assert s.result == "lost" and GAME.outcome(s).winners == ()
    assert not any(e.kind in ("item", "level", "cleared") for e in s.events)
    assert s.characters[0].level == 0


def test_sao_dt_04_aoe_variant():
    """SAO-DT-04 as written: AoE step at 20/20 after the skills, a character 1 below his HP dies."""
    s = at(0, 16)
    s.characters[1].damage = s.hp(1) - 1
    s = act(roll(s, 2, 2, 3, 5, 5, 1), "finalize")
    s = act(act(s, "skill vertical_arc 1 2"), "done")
    assert s.result == "lost" and char(s, "asuna").dead


def test_sao_011_defeat_checked_after_counter():
    """SAO-011: the enemy is checked for defeat after the counterattack, at zero or less HP."""
    s = at(0, 16)
    s = act(roll(s, 2, 2, 3, 5, 5, 1), "finalize")
    s = act(act(s, "skill vertical_arc 1 2"), "done")
    kinds = [e.kind for e in s.events]
    assert kinds.index("hurt") < kinds.index("step_beaten")


def test_sao_084_last_step_clears_scenario():
    """SAO-084: beating the last step beats the scenario."""
    s = at(1, 16)
    s = act(roll(s, 2, 2, 3, 5, 5, 1), "finalize")
    s = act(act(s, "skill vertical_arc 1 2"), "done")
    assert any(e.kind == "cleared" for e in s.events)


def test_sao_rul_16_death_at_zero_hp():
    """SAO-RUL-16, SAO-015: a character dies the moment his damage reaches his HP."""
    s = assign((5, 5, 5, 5, 5, 5), scenarios=QUIET)
    s.characters[0].damage = s.hp(0) - 3
    s = act(s, "done")
    assert char(s, "kirito").dead and s.result == "lost"
    s = assign((5, 5, 5, 5, 5, 5), scenarios=QUIET)
    s.characters[0].damage = s.hp(0) - 4
    s = act(s, "done")
    assert not char(s, "kirito").dead and s.result is None


def test_sao_148_149_rul_43_defense_each_attack_and_modifier_order():
    """SAO-148, SAO-149: Defense is subtracted from each attack, floor 0; SAO-RUL-43: printed damage,
    then +2/x2, then Defense (SAO-DT-17: (3+2-3) + (1+2-3) = 2)."""
    three = SwordSkill(id="t", name="T", pattern="equal", size=2, damage=3, stand_in=True)
    one = SwordSkill(id="o", name="O", pattern="equal", size=1, damage=1, stand_in=True)
    mods = Modifiers(defense=3, boost="+2")
    assert mods.dealt(three) + mods.dealt(one) == 2  # SAO-DT-17
    assert Modifiers(defense=3, boost="x2").dealt(three) == 3
    assert Modifiers(defense=5).dealt(one) == 0


def test_sao_145_146_rul_42_piercing_all_or_nothing():
    """SAO-145: Defense <= X is ignored; SAO-146, SAO-RUL-42: above X the full Defense applies."""
    pierce = SwordSkill(id="p", name="P", pattern="equal", size=2, damage=6, piercing=5, stand_in=True)
    assert Modifiers(defense=5).dealt(pierce) == 6
    assert Modifiers(defense=6).dealt(pierce) == 0
    assert Modifiers(defense=3).dealt(pierce) == 6


def test_turn_damage_uses_step_defense_in_play():
    """SAO-148 in play: Large beast (Defense 3) reduces Vertical Arc's 4 to 1."""
    s = start(2, scenarios=("ambush", "beast", "giant", "final_battle"), prep=level(0, 1))
    s = act(roll(s, 2, 2, 5, 5, 5, 5, 1, 3), "finalize")
    s = act(s, "skill vertical_arc 1 2")
    assert turn_damage(s, False) == 1


def test_sao_009_004_chain_flow():
    """SAO-004, SAO-009: a chain: partner chosen, both roll, damage when the combined result fits."""
    s = assign((1, 3, 5, 2, 4, 4))
    assert "skill vertical_arc 5 6" in texts(s)  # the pair comes from the partner's support dice
    s = act(act(s, "skill vertical_arc 5 6"), "done")
    assert s.step_damage == 4
