"""② Roll the dice: rolls, rerolls, character dice, abilities (SAO-053..SAO-067, SAO-102..SAO-106)."""

from __future__ import annotations

import pytest
from sao_helpers import GAME, act, char, kind, level, roll, start, texts

from bouts.core.contract import CHANCE, IllegalAction
from bouts.games.sao.cards import FACE, SYMBOL

QUIET = ("hooligans", "assassin", "giant", "final_battle")


def test_sao_053_054_055_rul_03_main_and_support_dice_amount():
    """SAO-053: turn player rolls main dice, partner support dice; SAO-054, SAO-RUL-03: each rolls the
    Dice amount (3 on the lower card, 4 on the middle card); SAO-055: one combined pool; SAO-007."""
    s = start(2)
    assert s.scenario.dice == 3
    assert [d.kind for d in s.pool] == ["main"] * 3 + ["support"] * 3
    assert s.pending[-1].get("dice") == (0, 1, 2, 3, 4, 5)
    s2 = start(2, prep=level(0, 1))
    assert s2.scenario.section == "middle" and len(s2.pool) == 8
    s = roll(s, 2, 2, 1, 5, 6, 6)
    s = act(s, "finalize")
    # Kirito may combine his main 2 2 and the support 6 with his skills: one pool
    assert "skill rage_spike 5" in texts(s) and "skill vertical_arc 5 6" in texts(s)


def test_sao_056_057_rul_04_up_to_two_joint_rerolls_optional():
    """SAO-056, SAO-RUL-04: a first roll then up to two joint rerolls; SAO-057: finalizing is allowed
    after the first roll or after either reroll; SAO-008."""
    for rerolls in (0, 1, 2):
        s = roll(start(2), 1, 2, 3, 4, 5, 6)
        for _ in range(rerolls):
            s = roll(act(s, "reroll 1"), 6)
        assert "finalize" in texts(s)
        assert any(t.startswith("reroll") for t in texts(s)) == (rerolls < 2)
        assert kind(act(s, "finalize")) == "assign"


def test_sao_058_059_060_061_agreed_set_rolled_at_once():
    """SAO-058 (confer: the turn player names the agreed set), SAO-059, SAO-060, SAO-061: every agreed
    die is rerolled in one simultaneous roll; no die can be added after seeing results."""
    s = roll(start(2), 1, 2, 3, 4, 5, 6)
    s = act(s, "reroll 1 4 5")
    assert GAME.to_act(s) == (CHANCE,) and s.pending[-1].get("dice") == (0, 3, 4)
    with pytest.raises(IllegalAction):
        GAME.apply(s, CHANCE, "roll 6 6")  # all three agreed dice must be rolled
    s = roll(s, 6, 6, 6)
    assert [d.value for d in s.pool] == [6, 2, 3, 6, 6, 6]
    assert s.rerolls_used == 1


def test_sao_062_063_064_second_reroll_any_dice():
    """SAO-062: the second reroll may use dice not in the first; SAO-063: the same die twice;
    SAO-064: one player's dice only."""
    s = roll(start(2), 1, 2, 3, 4, 5, 6)
    s = roll(act(s, "reroll 2"), 4)
    assert "reroll 2" in texts(s) and "reroll 6" in texts(s) and "reroll 1 3 4 5 6" in texts(s)
    s = roll(act(s, "reroll 4 5 6"), 1, 1, 1)
    assert [d.value for d in s.pool] == [1, 4, 3, 1, 1, 1]


def test_sao_dt_08_150_151_reroll_minus_one_and_no_reroll():
    """SAO-DT-08: Reroll -1 leaves exactly one reroll; No reroll none (SAO-150, SAO-151)."""
    s = roll(start(2, scenarios=("trap_room", "assassin", "giant", "final_battle")), 1, 2, 3, 4, 5, 6)
    assert s.current_step.reroll_minus_one
    s = roll(act(s, "reroll 1"), 2)
    assert not any(t.startswith("reroll") for t in texts(s))
    with pytest.raises(IllegalAction):
        act(s, "reroll 1")
    # move the Step token to the No reroll step before the turn begins
    s2 = GAME.setup(2, {"scenarios": ["ambush", "assassin", "sentinel", "final_battle"]})
    level(2, 2)(s2)
    s2 = GAME.apply(s2, CHANCE, "shuffle " + " ".join(sorted(s2.catalog.items)))
    s2.step = 1
    assert s2.current_step.no_reroll
    s2.pending = []
    from bouts.games.sao import turn
    turn.start_turn(s2)
    while kind(s2) == "exchange":
        s2 = act(s2, "keep")
    s2 = roll(s2, *([1] * len(s2.pool)))
    assert not any(t.startswith("reroll") for t in texts(s2))


def test_sao_065_066_067_dt_10_ability_usage():
    """SAO-DT-10: one use takes the token 1 -> 0 and a second is refused; with 2, the same ability twice
    in a turn (SAO-065, SAO-066, SAO-067)."""
    s = roll(start(2), 1, 2, 3, 4, 5, 6)
    assert char(s, "kirito").usage == 1
    s = act(s, "ability kirito edge 1 6")
    assert s.pool[0].value == 6 and char(s, "kirito").usage == 0
    assert not any(t.startswith("ability kirito") for t in texts(s))
    s = roll(start(2, prep=lambda st: setattr(st.characters[0], "usage", 2)), 1, 2, 3, 4, 5, 6)
    s = act(s, "ability kirito edge 1 6")
    s = act(s, "ability kirito edge 2 6")
    assert [d.value for d in s.pool[:3]] == [6, 6, 3] and char(s, "kirito").usage == 0


def test_sao_rul_07_abilities_between_rerolls_not_after_finalize():
    """SAO-RUL-07: abilities may be used before, between or after rerolls until the result is final."""
    s = roll(start(2, prep=lambda st: setattr(st.characters[0], "usage", 3)), 1, 2, 3, 4, 5, 6)
    s = act(s, "ability kirito edge 1 6")
    s = roll(act(s, "reroll 2"), 2)
    s = act(s, "ability kirito edge 2 6")
    s = roll(act(s, "reroll 3"), 2)
    s = act(s, "ability kirito edge 3 6")
    s = act(s, "finalize")
    assert not any(t.startswith("ability") for t in texts(s))


def test_sao_102_103_rul_08_character_die_exchange():
    """SAO-102, SAO-103, SAO-RUL-08: at level 50 each player may exchange one regular die for his
    character die; the number of dice stays the same and it counts as that player's die."""
    s = start(2, prep=level(1, 1))
    assert kind(s) == "exchange" and texts(s) == ["exchange kirito", "keep"]
    s = act(s, "exchange kirito")
    assert kind(s) == "exchange" and texts(s) == ["exchange asuna", "keep"] and GAME.to_act(s) == (1,)
    s = act(s, "keep")
    assert len(s.pool) == 8
    assert [(d.kind, d.char) for d in s.pool if d.char] == [("main", "kirito")]
    s = roll(s, 1, 2, 3, 4, 5, 6, 1, 1)
    assert s.pool[0].value == FACE  # Kirito's face is side 1 of his die


def test_sao_104_character_die_has_no_usage_limit():
    """SAO-104: the character die is offered every turn, without spending ability usage."""
    s = start(2, prep=level(1, 1))
    usage = char(s, "kirito").usage
    s = act(act(s, "exchange kirito"), "exchange asuna")
    assert char(s, "kirito").usage == usage
    s = roll(s, *([5] * 8))
    s = act(act(s, "finalize"), "done")
    assert kind(s) == "exchange" and texts(s)[0] == "exchange asuna"  # next turn, offered again


def test_sao_105_106_dt_13_rul_09_wild_faces():
    """SAO-DT-13: Kirito's face counts as any 1-6; Asuna's symbol as 1 or 2 only (SAO-105, SAO-106,
    SAO-RUL-09: the value is chosen when the die is spent)."""
    s = start(2, prep=level(1, 1))
    s = act(act(s, "exchange kirito"), "exchange asuna")
    # main: Kirito's die (index 0) shows his face; support: Asuna's die (index 4) shows her symbol
    s = roll(s, 1, 5, 3, 3, 2, 6, 4, 4)
    assert s.pool[0].value == FACE and s.pool[4].value == SYMBOL
    s = act(s, "finalize")
    options = texts(s)
    assert "skill vertical_arc 1 2" in options  # face + 5
    assert "skill rage_spike 1" in options  # face as a 6
    assert "skill vertical_arc 1 5" in options  # face + symbol (both as 1 or 2)
    assert "skill vertical_arc 3 5" not in options  # symbol cannot be 3
    assert not any(t.startswith("skill rage_spike 5") for t in options)  # symbol cannot be 6


def test_sao_152_rul_44_no_abilities():
    """SAO-152, SAO-RUL-44: on a No abilities step nobody may use an ability, character dice still work."""
    s2 = GAME.setup(2, {"scenarios": ["ambush", "dragon", "giant", "final_battle"]})
    level(1, 1)(s2)
    s2 = GAME.apply(s2, CHANCE, "shuffle " + " ".join(sorted(s2.catalog.items)))
    s2.step, s2.pending = 1, []
    assert s2.current_step.no_abilities
    from bouts.games.sao import turn
    turn.start_turn(s2)
    assert kind(s2) == "exchange"
    s2 = act(act(s2, "exchange kirito"), "keep")
    s2 = roll(s2, *([2] * 8))
    assert not any(t.startswith(("ability", "ask_partner")) for t in texts(s2))


def test_sao_154_rul_45_effects_belong_to_the_current_step():
    """SAO-154, SAO-RUL-45: the dragon's No abilities (step 2) does not apply on step 1."""
    s = start(2, scenarios=("ambush", "dragon", "giant", "final_battle"), prep=level(1, 1))
    assert s.step == 0 and not s.current_step.no_abilities
    s = act(act(s, "keep"), "keep")
    s = roll(s, *([2] * 8))
    assert any(t.startswith("ability kirito") for t in texts(s))


def test_rul_08_exchange_when_rerolling():
    """SAO-RUL-08: a player may also swap one of the regular dice he rerolls for his character die; only
    a player who rerolls one of his own regular dice is asked."""
    s = start(2, scenarios=QUIET, prep=level(1, 1))
    s = act(act(s, "keep"), "keep")  # no character dice at the first roll
    s = roll(s, 1, 2, 3, 4, 5, 6, 1, 2)
    s = act(s, "reroll 2 3")  # two of Kirito's main dice
    assert kind(s) == "exchange" and GAME.to_act(s) == (0,) and texts(s) == ["exchange kirito", "keep"]
    s = act(s, "exchange kirito")
    assert GAME.to_act(s) == (CHANCE,)  # Asuna rerolls nothing: not asked
    assert s.pool[1].char == "kirito" and s.pool[2].char is None
    s = roll(s, 1, 6)
    assert s.pool[1].value == FACE and s.pool[2].value == 6
    s = act(s, "reroll 2 6")  # Kirito's die is already in; Asuna rerolls her die 5
    assert texts(s) == ["exchange asuna", "keep"] and GAME.to_act(s) == (1,)
    s = roll(act(s, "keep"), 3, 3)
    assert s.pool[1].value == 3 and s.pool[1].char == "kirito"  # a rerolled character die reads its faces


def test_d6_results_are_the_draws_of_randint():
    """The dice shortcut draws exactly what ``Roll.sample`` (``rng.randint(1, 6)`` per die) draws, so
    seeded games and simulations stay as they were; other generators fall back to ``randint``."""
    import random

    from bouts.core.chance import Roll
    from bouts.games.sao.rolling import d6_results

    for seed in range(50):
        fast, reference = random.Random(seed), random.Random(seed)
        for dice in (1, 3, 4, 6, 8, 9):
            assert Roll(d6_results(fast, dice)) == Roll.sample(dice, 6, reference)
        assert fast.random() == reference.random()

    class Loaded(random.Random):
        def randint(self, a: int, b: int) -> int:
            return b

    assert d6_results(Loaded(1), 3) == (6, 6, 6)

    class Low(random.Random):
        def randint(self, a: int, b: int) -> int:
            return a

    assert d6_results(Low(1), 3) == (1, 1, 1)  # the fallback's faces run from 1


def test_reroll_short_form_numbers_dice_from_one_as_printed_and_the_menu_features_the_best_few():
    """The 255 reroll subsets are no 255-line menu: `reroll 1 3 4` names dice as the table prints them
    (from 1), the menu features the advisor's best few with finalize, and `more` holds the rest."""
    s = roll(start(2), 2, 3, 6, 1, 2, 3)
    view = GAME.view(s, 0)
    assert "1:2" in GAME.render(view) and "6:3" in GAME.render(view)
    s2 = act(s, "reroll 1 3 4")
    assert s2.pending[-1].get("dice") == (0, 2, 3)  # dice 1, 3 and 4 as printed
    featured = GAME.featured_actions(s, 0)
    legal = GAME.legal_actions(s, 0)
    assert len(legal) > 63 and len(featured) <= 16 and all(a in legal for a in featured)
    from bouts.games.sao.advisor import reroll_advice, roll_options

    best = reroll_advice(s)[0]
    assert featured[0] == roll_options(s, 0)[0].action  # the advisor's first choice: what Enter takes
    assert ("finalize" if not best.dice else "reroll " + " ".join(str(i + 1) for i in best.dice)) in map(str, featured)
    assert "finalize" in map(str, featured)
