"""Solo play and cooperative solitaire against the Monster (SWP-058..SWP-071, SWP-RUL-25..SWP-RUL-34)."""

from __future__ import annotations

import pytest

from bouts.core import CHANCE, IllegalAction, Shuffle
from bouts.games.swordplay.monster import target_of
from bouts.games.swordplay.state import Phase
from tests.swordplay.helpers import CAT, G, act, arrange, at, start, take, texts

TROLL = CAT.monsters["cave_troll"]


def monster_draws(state, card: str):  # type: ignore[no-untyped-def]
    """Put ``card`` on top of the deck and end the last Hero's turn so the Monster acts."""
    take(state, card)
    state.deck.insert(0, card)
    last = state.seats - 1
    at(state, last, Phase.COMBAT)
    arrange(state, last, hand=[h for h in state.fighters[last].hand] or ["jump/2"])
    return act(state, last, "end")


def test_swp_058_swp_059_swp_060_solo_against_a_monster_card() -> None:
    """SWP-058, SWP-059, SWP-060, SWP-RUL-29: the Monster's Life, Base Damage, Armor and Defense values."""
    state = start(1, mode="solo")
    troll = state.fighters[state.monster]  # type: ignore[index]
    assert troll.is_monster and troll.name == TROLL.name
    assert (troll.life, troll.base_damage, troll.armor_value, troll.hands) == (18, 2, 3, 2)
    assert TROLL.defense.model_dump() == {"high": 6, "low": 5, "left": 6, "right": 6, "dodge_only": 8}
    assert troll.hand == []  # SWP-RUL-25: no hand


@pytest.mark.parametrize(("roll", "countered"), [(6, True), (5, False), (10, True)])
def test_swp_061_swp_062_swp_dt_13_swp_rul_30_monster_defense_roll(roll: int, countered: bool) -> None:
    """SWP-061, SWP-062, SWP-DT-13, SWP-RUL-30: High defense 6: roll 6 counters, 5 hits, 10 counters."""
    state = start(1, mode="solo")
    arrange(state, 0, hand=["attack_high/1"])
    at(state, 0, Phase.COMBAT)
    state = act(state, 0, "attack attack_high/1 monster")
    assert state.phase is Phase.MONSTER_DEFENSE and G.to_act(state) == (CHANCE,)
    state = act(state, CHANCE, f"roll {roll}")
    troll = state.fighters[1]
    if countered:
        assert (troll.life, troll.armor_damage) == (18, 0)  # no damage, Armor untouched
    else:
        assert (troll.life, troll.armor_damage) == (18, 1)  # RUL-29: Armor absorbs first


def test_swp_rul_30_dodge_only_column_for_special_attacks() -> None:
    """SWP-RUL-30, SWP-RUL-12: a Lunge is defended with the Dodge Only value (8)."""
    state = start(1, mode="solo")
    arrange(state, 0, hand=["lunge/1"])
    at(state, 0, Phase.COMBAT)
    state = act(state, 0, "attack lunge/1 monster")
    hit = act(state, CHANCE, "roll 7")
    assert hit.fighters[1].armor_damage == 1
    miss = act(state, CHANCE, "roll 8")
    assert miss.fighters[1].armor_damage == 0


def test_swp_rul_29_monster_armor_is_a_running_total() -> None:
    """SWP-RUL-29: the printed Armor 3 absorbs 3 in all, then damage goes to life."""
    state = start(1, mode="solo")
    arrange(state, 0, weapons=["great_axe/1"])
    for card, life in (("attack_low/1", 17), ("attack_low/2", 13)):
        arrange(state, 0, hand=[card])
        at(state, 0, Phase.COMBAT)
        state = act(state, 0, f"attack {card} monster")
        state = act(state, CHANCE, "roll 1")
        assert state.fighters[1].life == life
    assert state.fighters[1].armor_value == 0


def test_swp_063_swp_064_swp_dt_14_swp_rul_25_monster_draws_and_discards_armor() -> None:
    """SWP-063, SWP-064, SWP-DT-14, SWP-RUL-25: one card a turn; Armor is discarded."""
    state = start(1, mode="solo")
    deck_before = len(state.deck)
    state = monster_draws(state, "plate_armor/1")
    assert "plate_armor/1" in state.discard
    assert len(state.deck) == deck_before - 1
    assert state.turn == 0  # the Monster's whole turn was that card


def test_swp_065_swp_dt_14_monster_discards_defense() -> None:
    """SWP-065, SWP-DT-14: Defense cards the Monster draws are discarded."""
    state = monster_draws(start(1, mode="solo"), "dodge/1")
    assert "dodge/1" in state.discard


def test_swp_rul_26_monster_discards_shields() -> None:
    """SWP-RUL-26: a Shield the Monster draws is discarded."""
    state = monster_draws(start(1, mode="solo"), "tower_shield/1")
    assert "tower_shield/1" in state.discard and state.fighters[1].shields == {}


def test_swp_066_swp_dt_14_swp_rul_31_monster_attacks_and_the_hero_defends() -> None:
    """SWP-066, SWP-DT-14, SWP-RUL-31: Base Damage 2 + Broadsword 2 + Sweep 1 = 5; the Hero may counter."""
    state = start(1, mode="solo")
    state.fighters[1].weapons.append("broadsword/1")
    take(state, "broadsword/1")
    arrange(state, 0, hand=["jump/1", "duck/1"], armor="leather_armor/1")
    state = monster_draws(state, "sweep/1")
    assert state.phase is Phase.DEFEND and G.to_act(state) == (0,)
    assert texts(state, 0) == {"take", "defend jump/1"}
    countered = act(state, 0, "defend jump/1")
    assert countered.fighters[0].life == 10
    hit = act(state, 0, "take")
    assert hit.fighters[0].life == 10 - (5 - 2) and hit.fighters[0].armor is None


def test_swp_067_swp_rul_28_monster_readies_a_weapon_that_fits() -> None:
    """SWP-067, SWP-DT-14, SWP-RUL-28: a Weapon that fits the free hands is readied."""
    state = monster_draws(start(1, mode="solo"), "great_axe/1")
    assert state.fighters[1].weapons == ["great_axe/1"]


def test_swp_068_swp_rul_27_monster_discards_a_weapon_it_cannot_hold() -> None:
    """SWP-068, SWP-RUL-27, SWP-RUL-28: no free hands: discarded; it never drops to make room."""
    state = start(1, mode="solo")
    state.fighters[1].weapons.append("great_axe/1")
    take(state, "great_axe/1")
    state = monster_draws(state, "dagger/1")
    assert state.fighters[1].weapons == ["great_axe/1"] and "dagger/1" in state.discard


def test_swp_rul_27_a_monster_without_hands_discards_weapons(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """SWP-RUL-27: a Monster card showing no hands has none."""
    import shutil

    from bouts.games.swordplay.cards import REFERENCE

    for f in REFERENCE.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "monsters.toml").write_text(
        '[[monster]]\nid = "slime"\nname = "Slime"\nlife = 6\nbase_damage = 1\nstand_in = true\n'
        'defense = { high = 5, low = 5, left = 5, right = 5, dodge_only = 5 }\n')
    state = G.setup(1, {"mode": "solo", "heroes": ["gladiator"]}, G.load_content(str(tmp_path)))
    assert state.fighters[1].hands == 0 and state.fighters[1].armor_value == 0
    # Through play: the handless Monster draws a one-handed Weapon and must discard it (SWP-068).
    state = G.apply(state, CHANCE, "roll 10 1")
    state = G.apply(state, CHANCE, Shuffle(state.catalog.deck))
    state = monster_draws(state, "dagger/1")
    slime = state.fighters[1]
    assert slime.weapons == [] and "dagger/1" in state.discard
    assert any(e.kind == "monster_discard" for e in state.events)


def test_swp_060_monster_fields_drive_its_behaviour(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """SWP-060, SWP-059, SWP-RUL-29: another Monster card's Defense, Life, Base Damage and Armor change play."""
    import shutil

    from bouts.games.swordplay.cards import REFERENCE

    for f in REFERENCE.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "monsters.toml").write_text(
        '[[monster]]\nid = "wyrm"\nname = "Wyrm"\nlife = 9\nbase_damage = 4\narmor = 1\nhands = 1\n'
        'stand_in = true\ndefense = { high = 3, low = 9, left = 4, right = 4, dodge_only = 11 }\n')
    pack = G.load_content(str(tmp_path))
    state = G.setup(1, {"mode": "solo", "heroes": ["gladiator"]}, pack)
    state = G.apply(state, CHANCE, "roll 10 1")
    state = G.apply(state, CHANCE, Shuffle(state.catalog.deck))
    wyrm = state.fighters[1]
    assert (wyrm.life, wyrm.base_damage, wyrm.armor_value, wyrm.hands) == (9, 4, 1, 1)
    arrange(state, 0, hand=["attack_high/1", "attack_low/1", "lunge/1"])
    at(state, 0, Phase.COMBAT)
    high = act(state, 0, "attack attack_high/1 monster")
    assert act(high, CHANCE, "roll 3").fighters[1].life == 9  # High 3+: a 3 counters (the Troll needs 6)
    hit = act(high, CHANCE, "roll 2").fighters[1]
    assert (hit.armor_value, hit.life) == (0, 9)  # 1 damage, all absorbed by its printed Armor 1
    low = act(state, 0, "attack attack_low/1 monster")
    assert act(low, CHANCE, "roll 8").fighters[1].armor_value == 0  # Low 9+: an 8 hits
    lunge = act(state, 0, "attack lunge/1 monster")
    assert all(act(lunge, CHANCE, f"roll {r}").fighters[1].armor_value == 0 for r in (1, 10))  # 11: never
    # Its Base Damage 4 is what its attacks deal; its one hand takes a one-handed Weapon only.
    attacked = monster_draws(state, "attack_right/1")
    assert attacked.phase is Phase.DEFEND and attacked.attack is not None and attacked.attack.target == 0
    assert act(attacked, 0, "take").fighters[0].life == 10 - 4
    armed = monster_draws(state, "great_axe/1")
    assert armed.fighters[1].weapons == [] and "great_axe/1" in armed.discard


def test_swp_069_swp_070_swp_dt_15_coop_no_friendly_fire() -> None:
    """SWP-069, SWP-070, SWP-DT-15, SWP-RUL-21: in co-op only the Monster may be targeted."""
    state = start(2, mode="coop")
    arrange(state, 0, hand=["attack_high/1"])
    at(state, 0, Phase.COMBAT)
    assert texts(state, 0) == {"end", "attack attack_high/1 monster"}
    with pytest.raises(IllegalAction):
        act(state, 0, "attack attack_high/1 2")


def test_swp_071_swp_rul_32_monster_picks_a_random_target() -> None:
    """SWP-071, SWP-RUL-32: 2 Heroes: 1-5 / 6-10; 3 Heroes: 1-3 / 4-6 / 7-9, roll again on 10."""
    assert [target_of([0, 1], r) for r in (1, 5, 6, 10)] == [0, 0, 1, 1]
    assert [target_of([0, 1, 2], r) for r in (3, 4, 9, 10)] == [0, 1, 2, None]
    state = start(3, mode="coop")
    arrange(state, 1, hand=["jump/1"])
    state = monster_draws(state, "attack_left/1")
    assert state.phase is Phase.MONSTER_TARGET and G.to_act(state) == (CHANCE,)
    again = act(state, CHANCE, "roll 10")
    assert again.phase is Phase.MONSTER_TARGET
    chosen = act(again, CHANCE, "roll 5")
    assert chosen.phase is Phase.DEFEND and chosen.attack.target == 1  # type: ignore[union-attr]


def test_swp_rul_33_the_monster_rolls_for_first_and_acts_after_the_last_hero() -> None:
    """SWP-RUL-33: the Monster joins the first-player roll and sits after the last Hero."""
    state = G.setup(2, {"mode": "coop", "heroes": ["gladiator", "mercenary"]})
    assert state.contenders == (0, 1, 2)
    state = act(state, CHANCE, "roll 2 3 9")
    assert state.turn == 2  # the Monster goes first
    state = start(2, mode="coop")
    turns = state.turns
    state = monster_draws(state, "plate_armor/1")  # seat 1 ends its turn; the Monster discards
    assert state.turns == turns + 2 and "plate_armor/1" in state.discard
    assert state.turn == 0  # the Monster's turn came after seat 1, then back to seat 0


def test_swp_rul_34_heroes_win_or_lose_together() -> None:
    """SWP-RUL-34: the Monster at 0 life: every seat wins; every Hero defeated: no one does."""
    state = start(2, mode="coop")
    troll = state.fighters[2]
    troll.life, troll.armor_value = 1, 0
    arrange(state, 0, hand=["attack_high/1"])
    at(state, 0, Phase.COMBAT)
    state = act(state, 0, "attack attack_high/1 monster")
    state = act(state, CHANCE, "roll 1")
    assert G.outcome(state).winners == (0, 1)  # type: ignore[union-attr]
    lost = start(1, mode="solo")
    arrange(lost, 0, hand=["jump/1"], life=1)
    lost = monster_draws(lost, "attack_high/1")
    lost = act(lost, 0, "take")
    outcome = G.outcome(lost)
    assert outcome is not None and outcome.winners == () and "every Hero" in outcome.reason_text("en")
