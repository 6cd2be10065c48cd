"""Abilities, addition tokens, Healing X and difficulty (SAO-016, SAO-017, SAO-130..SAO-144)."""

from __future__ import annotations

import pytest
from sao_helpers import GAME, act, char, kind, roll, start, texts

from bouts.core.contract import IllegalAction, OptionsError

QUIET = ("hooligans", "assassin", "giant", "final_battle")


def lisbeth_turn(usage: int = 2):
    """Lisbeth's turn with Kirito as partner (Kirito chains Lisbeth first)."""
    s = start(2, ("kirito", "lisbeth"), scenarios=QUIET)
    s = act(act(roll(s, *([5] * 6)), "finalize"), "done")  # Kirito's turn: a whiff
    s.characters[1].usage = usage
    return roll(s, 1, 2, 3, 4, 5, 6)


def test_sao_dt_09_133_141_142_143_lisbeth_token():
    """SAO-DT-09: giving the token to herself is refused; to the partner costs 1 use; a second use is
    refused while attached (SAO-133, SAO-141, SAO-142, SAO-143); it returns after the holder's next turn
    as turn player (SAO-RUL-37, SAO-136)."""
    s = lisbeth_turn()
    options = texts(s)
    assert "ability lisbeth boost kirito +2" in options
    assert not any(t.startswith("ability lisbeth boost lisbeth") for t in options)
    with pytest.raises(IllegalAction):
        act(s, "ability lisbeth boost lisbeth +2")
    s = act(s, "ability lisbeth boost kirito +2")
    assert s.tokens["lisbeth"].holder == "kirito" and char(s, "lisbeth").usage == 1
    assert not any(t.startswith("ability lisbeth") for t in texts(s))
    s = act(act(s, "finalize"), "done")  # end of Lisbeth's turn: Kirito's turn begins, token active
    assert s.tokens["lisbeth"].active
    s = act(roll(s, 2, 2, 5, 5, 5, 5), "finalize")
    s = act(act(s, "skill vertical_arc 1 2"), "done")
    assert [e.data["damage"] for e in s.events if e.kind == "damage"] == [6]  # 4 + 2 (SAO-134)
    assert "lisbeth" not in s.tokens  # back to Lisbeth


def test_sao_134_135_ex_05_boost_applies_to_each_skill():
    """SAO-134, SAO-135: +2 applies to every skill of the holder's next turn: 4 + 4 + 1 -> 6 + 6 + 3."""
    s = lisbeth_turn()
    s = act(s, "ability lisbeth boost kirito +2")
    s = act(act(s, "finalize"), "done")
    s = act(roll(s, 2, 2, 6, 4, 4, 5), "finalize")
    for t in ("skill vertical_arc 1 2", "skill vertical_arc 4 5", "skill rage_spike 3", "done"):
        s = act(s, t)
    assert [e.data["damage"] for e in s.events if e.kind == "damage"] == [15]


def test_sao_rul_36_x2_on_the_card_at_level_80():
    """SAO-RUL-36: the card gives +2 at levels 1 and 50 and both +2 and x2 at 80 (Lisbeth chooses)."""
    s = lisbeth_turn()
    assert not any(t.endswith("x2") for t in texts(s))
    s.characters[1].level = 2
    s._legal = {}
    assert "ability lisbeth boost kirito x2" in texts(s) and "ability lisbeth boost kirito +2" in texts(s)


def test_sao_rul_37_partner_turn_does_not_count():
    """SAO-RUL-37: the holder's next turn is his next turn as turn player; being partner does not count."""
    s = start(3, ("kirito", "lisbeth", "klein"), scenarios=QUIET)
    s = act(s, "partner lisbeth")
    s = roll(s, *([5] * 6))
    s.characters[1].usage = 2
    s = act(s, "ask_partner")
    s = act(s, "ability lisbeth boost klein +2")  # partner Lisbeth gives it to Klein
    s = act(act(act(s, "back"), "finalize"), "done")
    # Lisbeth's turn, Klein is her partner: Klein is not the turn player, the token waits
    assert s.characters[s.turn_char].id == "lisbeth" and not s.tokens["lisbeth"].active
    s = act(act(roll(s, *([5] * 6)), "finalize"), "done")
    assert s.characters[s.turn_char].id == "klein" and s.tokens["lisbeth"].active


def test_sao_137_138_rul_40_shield():
    """SAO-137, SAO-138, SAO-RUL-40: the Shield holder ignores the next damage, then the token returns."""
    s = start(2, ("kirito", "silica"), scenarios=("ambush", "assassin", "giant", "final_battle"))
    s = roll(s, *([5] * 6))
    s = act(s, "ask_partner")
    assert "ability silica shield kirito" in texts(s) and "ability silica shield silica" not in texts(s)
    s = act(s, "ability silica shield kirito")
    s = act(act(act(s, "back"), "finalize"), "done")  # AoE 3
    assert char(s, "kirito").damage == 0 and char(s, "silica").damage == 3
    assert "silica" not in s.tokens


def test_sao_139_140_rul_38_rul_39_die_control():
    """SAO-139, SAO-140, SAO-RUL-38: the holder changes one of his dice on his next turn; SAO-RUL-39:
    Silica's two Addition powers share one token."""
    s = start(2, ("kirito", "silica"), scenarios=QUIET)
    s = roll(s, *([5] * 6))
    s.characters[1].usage = 2
    s = act(s, "ask_partner")
    s = act(s, "ability silica die_control kirito")
    assert not any(t.startswith("ability silica shield") for t in texts(s))  # one token
    s = act(act(act(s, "back"), "finalize"), "done")
    s = act(act(roll(s, *([5] * 6)), "finalize"), "done")  # Silica's turn
    s = roll(s, 1, 2, 3, 4, 5, 6)  # Kirito's next turn
    assert "control 1 6" in texts(s) and not any(t.startswith("control 4") for t in texts(s))
    s = act(s, "control 1 6")
    assert s.pool[0].value == 6 and not any(t.startswith("control") for t in texts(s))
    s = act(act(s, "finalize"), "done")
    assert "silica" not in s.tokens


def test_rul_38_die_control_any_number_flag():
    """SAO-RUL-38 flag: with die_control_any_number each of the holder's dice may be changed."""
    s = start(2, ("kirito", "silica"), scenarios=QUIET, die_control_any_number=True)
    s = roll(s, *([5] * 6))
    s = act(act(s, "ask_partner"), "ability silica die_control kirito")
    s = act(act(act(s, "back"), "finalize"), "done")
    s = act(act(roll(s, *([5] * 6)), "finalize"), "done")
    s = roll(s, 1, 2, 3, 4, 5, 6)
    s = act(act(s, "control 1 6"), "control 2 6")
    assert [d.value for d in s.pool[:3]] == [6, 6, 3]


def test_sao_144_rul_41_healing_x():
    """SAO-144, SAO-RUL-41: Healing 4 removes up to 4 damage from any living character, Silica included."""
    s = start(2, ("kirito", "silica"), scenarios=QUIET)
    s.characters[0].damage, s.characters[1].damage = 6, 2
    s = roll(s, *([5] * 6))
    s.characters[1].usage = 2
    s = act(s, "ask_partner")
    assert "ability silica heal silica" in texts(s)
    s = act(s, "ability silica heal kirito")
    s = act(s, "ability silica heal silica")
    assert (char(s, "kirito").damage, char(s, "silica").damage) == (2, 0)


def test_sao_016_017_usage_by_level_and_player_count():
    """SAO-016, SAO-017: ability usage depends on the number of players (and level, SAO-100)."""
    s2, s4 = start(2), start(4)
    assert s2.usage_max(0) >= s4.usage_max(0)
    s2.characters[0].level = 2
    assert s2.usage_max(0) > s2.card(0).usage[0][0]


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@pytest.mark.parametrize("difficulty", ["normal", "hard"])
def test_sao_100_usage_rises_at_level_80_for_every_player_count(seats, difficulty):
    """SAO-100: clearing the middle section raises ability usage, whatever the number of players (on
    hard too, SAO-131); SAO-099: level 50 does not."""
    s = start(seats, difficulty=difficulty)
    for i in range(len(s.characters)):
        at = []
        for stage in (0, 1, 2):
            s.characters[i].level = stage
            at.append(s.usage_max(i))
        assert at[2] > at[1] == at[0], (s.characters[i].id, at)


def test_sao_100_content_must_raise_usage_at_level_80():
    """SAO-100: a character card whose usage does not go up at level 80 is refused with the field named."""
    from pydantic import ValidationError

    from bouts.games.sao.cards import CharacterCard, reference_catalog

    data = reference_catalog().characters["kirito"].model_dump()
    data["usage"] = [[2, 1, 1], [2, 1, 1], [3, 2, 1]]
    with pytest.raises(ValidationError, match="4 players: 1 -> 1"):
        CharacterCard.model_validate(data)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_sao_131_rul_47_hard_reduces_usage_from_the_first_scenario(seats):
    """SAO-131, SAO-RUL-47: on hard the usage token starts lower than on normal (1, SAO-038) from the first
    scenario on, never above the maximum the table shows nor below 0; with no uses the abilities are
    not offered (the table never shows uses 1/0 while an ability still works)."""
    normal = start(seats)
    hard = start(seats, difficulty="hard", hard_usage_reduction=1)
    for i, c in enumerate(hard.characters):
        assert normal.characters[i].usage == 1 <= normal.usage_max(i)
        assert c.usage == 0 < normal.characters[i].usage
        assert 0 <= c.usage <= hard.usage_max(i) == max(0, normal.usage_max(i) - 1)
    while kind(hard) != "roll":
        hard = act(hard, texts(hard)[0])
    hard = roll(hard, *([1] * len(hard.pending[-1].get("dice"))))
    assert not any(t.startswith("ability ") for t in texts(hard))
    view = GAME.view(hard, 0)
    assert all(c["usage"] <= c["usage_max"] for c in view["characters"])


def test_sao_130_rul_46_easy_free_use():
    """SAO-130, SAO-RUL-46: on easy, the turn player and partner each get one free use per turn."""
    s = roll(start(2, difficulty="easy"), 1, 2, 3, 4, 5, 6)
    s.characters[0].usage = 0
    s = act(s, "ability kirito edge 1 6")
    assert char(s, "kirito").usage == 0 and not any(t.startswith("ability kirito") for t in texts(s))
    s = act(s, "ask_partner")
    s = act(s, "ability asuna flip 2")
    assert char(s, "asuna").usage == 1  # free as well


def test_sao_131_132_rul_47_hard():
    """SAO-131, SAO-132, SAO-RUL-47: hard reduces usage by the setting (not below 0) and removes
    character dice."""
    s = start(2, difficulty="hard", hard_usage_reduction=1)
    assert s.usage_max(0) == s.card(0).usage[0][0] - 1
    s.characters[0].level, s.characters[0].has_die = 2, True
    assert s.usage_max(0) == s.card(0).usage[2][0] - 1
    s = start(2, difficulty="hard", hard_usage_reduction=9)
    assert s.usage_max(0) == 0
    from sao_helpers import level
    s = start(2, scenarios=QUIET, difficulty="hard", prep=level(1, 1))
    assert kind(s) == "roll" and all(d.char is None for d in s.pool)
    with pytest.raises(OptionsError):
        GAME.setup(2, {"difficulty": "nightmare"})


def test_sao_141_142_the_table_shows_lisbeths_token_on_its_holder():
    """SAO-141, SAO-142: once given, the table shows Lisbeth's +2 addition token on Kirito, waiting for his next turn,
    in both languages; once his turn begins it shows it working."""
    from tests.sao.test_table import screen

    s = act(lisbeth_turn(), "ability lisbeth boost kirito +2")
    s = act(s, "finalize")
    seat = GAME.to_act(s)[0]
    assert "Lisbeth's +2 addition token (works in his next turn)" in screen(s, seat)
    assert "リズベットの+2の付与トークン（次の自分の手番に有効）" in screen(s, seat, lang="ja").replace(" ", "")
    s = act(s, "done")
    assert "Lisbeth's +2 addition token (works this turn)" in screen(roll(s, 2, 2, 5, 5, 5, 5), 0)
