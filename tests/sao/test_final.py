"""Game end and the Final Battle's step 2 (SAO-113..SAO-129, SAO-RUL-24, SAO-RUL-28..SAO-RUL-35)."""

from __future__ import annotations

import shutil
from pathlib import Path

from sao_helpers import GAME, ITEMS, act, char, kind, roll, texts

from bouts.core.contract import CHANCE
from bouts.games.sao import turn
from bouts.games.sao.advisor import best_assignment
from bouts.games.sao.attack import counter_targets, turn_damage
from bouts.games.sao.cards import REFERENCE, SwordSkill, load_catalog
from bouts.games.sao.skills import Modifiers
from bouts.games.sao.state import Token

SCENARIOS = ["ambush", "assassin", "giant", "final_battle"]


def pack(tmp_path: Path, step2: str) -> object:
    """The reference pack with the Final Battle's step 2 line replaced by ``step2``."""
    target = tmp_path / "pack"
    shutil.copytree(REFERENCE, target)
    path = target / "scenarios.toml"
    text = path.read_text()
    old = next(line for line in text.splitlines() if "The final ordeal" in line)
    path.write_text(text.replace(old, step2))
    return load_catalog(str(target))


def final_battle(seats=2, chars=("kirito", "asuna"), content=None, step=0, **options):
    """A game at the first turn of the Final Battle (level 80), on ``step``."""
    s = GAME.setup(seats, {"scenarios": SCENARIOS, "characters": list(chars), **options}, content)
    for c in s.characters:
        c.level, c.has_die = 2, True
    s.section = 3
    s = GAME.apply(s, CHANCE, "shuffle " + " ".join(ITEMS))
    if step:
        s.step, s.pending, s.turns = step, [], 0
        turn.start_turn(s)
    return s


def test_sao_117_118_119_rul_34_rul_35_step_two_begins():
    """SAO-117: step 1 is normal; beating it starts step 2: SAO-118 all Refreshed, SAO-119 tokens back,
    SAO-RUL-34 no healing and no usage reset; SAO-RUL-35 Kirito takes the turn whoever the partner was."""
    s = final_battle(3, ("kirito", "asuna", "klein"))
    assert kind(s) == "chain_partner"  # step 1: normal rules
    s = act(s, "partner klein")
    while kind(s) == "exchange":
        s = act(s, "keep")
    s.step_damage = s.current_step.hp
    s.characters[1].exhausted = True
    s.characters[1].usage = 0
    s.tokens["lisbeth"] = Token("lisbeth", "boost", "asuna", "+2", 0)
    s = act(roll(s, *([5] * 8)), "finalize")
    s = act(s, "done")
    s = act(s, "endure") if kind(s) == "yui" else s
    assert s.step == 1 and s.is_final_ordeal
    assert s.tokens == {} and not any(c.exhausted for c in s.characters)
    assert char(s, "asuna").usage == 0 and char(s, "kirito").damage > 0  # no Healing
    assert s.characters[s.turn_char].id == "kirito"  # the partner was Klein


def test_sao_120_121_rul_28_only_kirito_five_dice():
    """SAO-120: only Kirito takes turns; SAO-121: 4 main dice and his character die; SAO-RUL-28: he picks
    any living partner, Exhaustion never limits it, and the partner rolls the Dice amount."""
    s = final_battle(3, ("asuna", "kirito", "klein"), step=1)
    assert s.characters[s.turn_char].id == "kirito"
    s.characters[0].exhausted = True
    assert sorted(texts(s)) == ["partner asuna", "partner klein"]
    s = act(s, "partner asuna")
    main = [d for d in s.pool if d.kind == "main"]
    assert len(main) == 5 and main[-1].char == "kirito"
    assert [d.kind for d in s.pool].count("support") == s.scenario.dice
    s = act(s, "keep")  # Asuna keeps her regular dice
    s = act(roll(s, *([5] * 9)), "finalize")
    s = act(s, "done")
    s = act(s, "endure") if kind(s) == "yui" else s
    assert s.characters[s.turn_char].id == "kirito"  # not the partner


def test_sao_dt_14_123_124_125_win_at_once_and_no_switch(tmp_path):
    """SAO-DT-14: Defense 0, 5 HP left: 5 damage with a die unused wins at once, no counter (SAO-123);
    with every die used there is no Switch (SAO-124) and the counter hits the partner (SAO-125).
    Kirito's reference skills cannot spend all 8 dice for exactly 4, so the second case spends them
    for 16 with more HP left; the rule checked is the same."""
    content = pack(tmp_path, '  { name = "The final ordeal", hp = 45, damage = 8 },')
    s = final_battle(content=content, step=1)
    s = act(s, "keep")
    s.step_damage = s.current_step.hp - 5
    s = roll(s, 2, 2, 6, 3, 3, 1, 4, 5, 1)  # Kirito's die (index 4) shows 3
    s = act(s, "finalize")
    s = act(act(act(s, "skill vertical_arc 1 2"), "skill rage_spike 3"), "done")
    assert s.result == "won" and GAME.outcome(s).winners == (0, 1)
    assert not any(e.kind == "hurt" for e in s.events)

    s = final_battle(content=content, step=1, character_dice=False)
    assert len(s.pool) == 8  # no character dice: only 4 main dice (SAO-RUL-47)
    s.step_damage = 0
    s = act(roll(s, 2, 2, 3, 3, 4, 4, 5, 5), "finalize")
    for t in ("skill vertical_arc 1 2", "skill vertical_arc 3 4", "skill vertical_arc 5 6",
              "skill vertical_arc 7 8"):
        s = act(s, t)
    s = act(s, "done")
    s = act(s, "endure") if kind(s) == "yui" else s
    assert not any(e.kind == "switch" for e in s.events)
    assert char(s, "kirito").damage == 0 and char(s, "asuna").damage == 8


def test_sao_dt_15_126_128_129_rul_32_rul_33_lone_kirito():
    """SAO-DT-15: everyone but Kirito is dead: the game goes on; 4 main dice + his die, each main die
    swappable for a dead player's die (SAO-128, SAO-RUL-32); all 4 support dice set to chosen values
    (SAO-129, SAO-RUL-33); the counter hits Kirito (SAO-126)."""
    s = final_battle(3, ("kirito", "asuna", "klein"), step=1)
    assert kind(s) == "chain_partner"
    s.pending = []
    s.characters[1].dead = s.characters[2].dead = True
    turn.start_turn(s)
    assert s.result is None and s.partner is None
    assert kind(s) == "exchange" and texts(s) == ["exchange asuna", "exchange klein", "keep"]
    s = act(s, "exchange asuna")
    assert texts(s) == ["exchange klein", "keep"]
    s = act(s, "exchange klein")
    main = [d.char for d in s.pool if d.kind == "main"]
    assert len(main) == 5 and sorted(c for c in main if c) == ["asuna", "kirito", "klein"]
    assert kind(s) == "support_values" and "support 6 6 6 6" in texts(s) and len(texts(s)) == 126
    s = act(s, "support 6 6 6 6")
    assert [d.value for d in s.pool if d.kind == "support"] == [6, 6, 6, 6]
    assert s.pending[-1].get("dice") == (0, 1, 2, 3, 4)  # only the 5 main dice are rolled
    s = act(roll(s, 5, 5, 5, 5, 5), "finalize")
    s = act(s, "done")
    s = act(s, "endure") if kind(s) == "yui" else s
    assert char(s, "kirito").damage == s.current_step.damage


def test_sao_122_dt_16_rul_29_adding_up():
    """SAO-122, SAO-DT-16, SAO-RUL-29: skills of 8 and 3 against Defense 3 added up: 11 - 3 = 8 (5 if not);
    the combined attack pierces only if every skill pierces."""
    eight = SwordSkill(id="e", name="E", pattern="equal", size=2, damage=8, stand_in=True)
    three = SwordSkill(id="t", name="T", pattern="equal", size=1, values=(1,), damage=3, stand_in=True)
    mods = Modifiers(defense=3)
    assert best_assignment((6, 6, 1), (eight, three), mods).damage == 5
    added = best_assignment((6, 6, 1), (eight, three), mods, add_up=True)
    assert added.damage == 8 and added.best.combined
    pierce = SwordSkill(id="p", name="P", pattern="equal", size=1, values=(1,), damage=3, piercing=3,
                        stand_in=True)
    # 8 does not pierce, so the combined 11 still loses the Defense: max(5 + 3 separately, 11 - 3) = 8
    assert best_assignment((6, 6, 1), (eight, pierce), mods, add_up=True).damage == 8
    # in play: Defense 2; Horizontal Square 10 and Vertical Arc 4: 8 + 2 = 10 separately, 14 - 2 = 12 added up
    s = final_battle(step=1)
    s = act(s, "keep")
    s = act(roll(s, 6, 6, 6, 6, 2, 3, 3, 1, 1), "finalize")
    s = act(act(s, "skill horizontal_square 1 2 3 4"), "skill vertical_arc 6 7")
    assert turn_damage(s, False) == 10 and turn_damage(s, True) == 12
    assert "done combined" in texts(s)
    s = act(s, "done combined")
    assert s.step_damage == 12


def test_sao_127_rul_30_rul_31_deaths_in_step_two(tmp_path):
    """SAO-127, SAO-RUL-31: the partner may die and the game goes on; only Kirito's death loses.
    SAO-RUL-30: an AoE counter in step 2 spares Kirito while he has a partner."""
    content = pack(tmp_path, '  { name = "The final ordeal", hp = 45, damage = 8, aoe = true },')
    s = final_battle(3, ("kirito", "asuna", "klein"), content=content, step=1)
    s = act(s, "partner asuna")
    assert sorted(counter_targets(s)) == [1, 2]
    while kind(s) == "exchange":
        s = act(s, "keep")
    s.characters[1].damage = s.hp(1) - 1
    s = act(roll(s, *([5] * 9)), "finalize")
    s = act(s, "done")
    s = act(s, "endure") if kind(s) == "yui" else s
    assert char(s, "asuna").dead and s.result is None and char(s, "kirito").damage == 0
    # Kirito's death ends the game
    s = final_battle(content=content, step=1)
    s.characters[1].dead = True
    s.pending = []
    turn.start_turn(s)
    s = act(s, "keep") if kind(s) == "exchange" else s
    s = act(s, "support 1 1 1 1")
    s.characters[0].damage = s.hp(0) - 1
    s = act(roll(s, 5, 5, 5, 5, 5), "finalize")
    s = act(s, "done")
    s = act(s, "endure") if kind(s) == "yui" else s
    assert s.result == "lost" and "Kirito" in str(s.reason)


def test_sao_113_114_115_116_042_rul_24_game_end():
    """SAO-113: two ends; SAO-114 a death loses; SAO-115, SAO-042, SAO-116: beating the Final Battle's
    step 2 wins, with no item and no level-up (SAO-RUL-24)."""
    s = final_battle(step=1)
    s = act(s, "keep")
    s.step_damage = s.current_step.hp
    s = act(roll(s, *([5] * 9)), "finalize")
    s = act(s, "done")
    assert s.result == "won" and GAME.outcome(s).winners == (0, 1)
    assert not any(e.kind in ("item", "level") for e in s.events)
    assert GAME.to_act(s) == ()
