"""Items: Weapons, Armor and Shields; the Ready phase and dropping (SWP-013..SWP-023, SWP-037..SWP-045)."""

from __future__ import annotations

import pytest

from bouts.core import IllegalAction
from bouts.games.swordplay.combat import apply_damage, damage_of
from bouts.games.swordplay.state import Phase
from tests.swordplay.helpers import CAT, G, act, arrange, at, start, texts


def ready_table(hand: list[str], **items: object) -> object:
    state = start(2)
    arrange(state, 0, hand=hand, **items)  # type: ignore[arg-type]
    return at(state, 0, Phase.READY)


def test_swp_013_swp_037_items_are_played_in_the_ready_phase_one_only() -> None:
    """SWP-013, SWP-037, SWP-DT-06: one Item in the Ready phase; a second one is refused."""
    state = ready_table(["dagger/1", "leather_armor/1", "attack_high/1"])
    assert {"ready dagger/1", "ready leather_armor/1"} <= texts(state, 0)
    after = act(state, 0, "ready dagger/1")
    assert after.fighters[0].weapons == ["dagger/1"]
    assert after.phase is not Phase.READY and G.to_act(after) != (0,)  # readying ends the phase and the turn
    # The rule itself, while it is still seat 0's turn in its Ready phase: an Item was readied, so a second
    # one is refused (the engine moves on at once, so the position is set up by hand).
    again = ready_table(["leather_armor/1", "attack_high/1"], weapons=["dagger/1"])
    again.readied = True  # type: ignore[attr-defined]
    assert G.to_act(again) == (0,) and "pass" in texts(again, 0)
    assert not any(t.startswith("ready ") for t in texts(again, 0))
    with pytest.raises(IllegalAction, match="not a legal action"):
        act(again, 0, "ready leather_armor/1")
    combat = start(2)
    arrange(combat, 0, hand=["dagger/1", "attack_high/1"])
    at(combat, 0, Phase.COMBAT)
    assert "ready dagger/1" not in texts(combat, 0)  # not outside the Ready phase


def test_swp_014_items_come_in_three_kinds() -> None:
    """SWP-014: Weapons, Armor and Shields."""
    kinds = {c.type for c in CAT.cards.values() if c.is_item}
    assert kinds == {"weapon", "armor", "shield"}


def test_swp_015_swp_043_one_or_two_hands() -> None:
    """SWP-015, SWP-043: every Weapon and Shield needs one or two hands."""
    needs = {c.hands for c in CAT.cards.values() if c.type in ("weapon", "shield")}
    assert needs == {1, 2}


def test_swp_016_swp_dt_02_swp_rul_22_every_ready_weapon_adds_damage() -> None:
    """SWP-016, SWP-DT-02, SWP-RUL-22: base 1 + Broadsword 2 + Dagger 1 + Overhead Smash 1 = 5."""
    state = start(2)
    a = arrange(state, 0, weapons=["broadsword/1", "dagger/1"], shields={"buckler/1": 0})
    assert damage_of(state, a, CAT.cards["overhead_smash/1"]) == 1 + 2 + 1 + 1
    # Shields add nothing (SWP-RUL-22).
    assert damage_of(state, a, CAT.cards["attack_high/1"]) == 4


def test_swp_017_a_weapon_special_ability_armor_piercing() -> None:
    """SWP-017, SWP-055: War Pick's text says otherwise: its wielder's damage skips Armor."""
    state = start(2)
    at(state, 0, Phase.COMBAT)
    arrange(state, 0, hand=["attack_high/1"], weapons=["war_pick/1"])
    arrange(state, 1, hand=["jump/1"], armor="plate_armor/1")
    state = act(state, 0, "attack attack_high/1 2")
    state = act(state, 1, "take")
    assert state.fighters[1].life == 10 - 2 and state.fighters[1].armor_damage == 0


def test_swp_018_swp_040_swp_041_swp_dt_10_one_armor_and_replacement() -> None:
    """SWP-018, SWP-040, SWP-041, SWP-DT-10, SWP-RUL-20: a new Armor replaces the old; no attack."""
    state = ready_table(["chain_mail/1", "attack_high/1"], armor="leather_armor/1", armor_damage=1)
    state = act(state, 0, "ready chain_mail/1")
    f = state.fighters[0]
    assert f.armor == "chain_mail/1" and f.armor_value == 3 and f.armor_damage == 0
    assert "leather_armor/1" in state.discard
    assert state.turn == 1  # the Combat phase offered no attack: the turn passed


def test_swp_019_swp_055_swp_dt_03_armor_absorbs_first_overflow_to_life() -> None:
    """SWP-019, SWP-055, SWP-DT-03: a 5-damage hit on Armor 3: Armor takes 3 and goes, life 8."""
    state = start(2)
    arrange(state, 1, armor="chain_mail/1")
    apply_damage(state, 1, 5)
    f = state.fighters[1]
    assert f.life == 8 and f.armor is None and "chain_mail/1" in state.discard


def test_swp_020_swp_rul_17_swp_dt_03_armor_keeps_a_running_total() -> None:
    """SWP-020, SWP-RUL-17, SWP-DT-03: 2 then 2 on Armor 3: holds 2 (life 10), then goes (life 9)."""
    state = start(2)
    arrange(state, 1, armor="chain_mail/1")
    apply_damage(state, 1, 2)
    f = state.fighters[1]
    assert (f.life, f.armor, f.armor_damage) == (10, "chain_mail/1", 2)
    apply_damage(state, 1, 2)
    assert (f.life, f.armor) == (9, None) and "chain_mail/1" in state.discard


def test_swp_021_swp_022_swp_023_swp_dt_04_shields_counter_and_wear_out() -> None:
    """SWP-021, SWP-022, SWP-023, SWP-DT-04, SWP-RUL-15: Buckler (2 counters) breaks after its 2nd counter."""
    state = start(2)
    arrange(state, 1, hand=[], shields={"buckler/1": 0})
    for n, card in enumerate(["attack_high/1", "attack_left/1", "attack_low/1"]):
        at(state, 0, Phase.COMBAT)
        arrange(state, 0, hand=[card])
        state = act(state, 0, f"attack {card} 2")
        options = texts(state, 1)
        if n < 2:
            assert "shield buckler/1" in options
            state = act(state, 1, "shield buckler/1")
            assert state.fighters[1].life == 10
        else:
            assert "shield buckler/1" not in options  # discarded after the second counter
            assert "buckler/1" in state.discard


def test_swp_038_swp_rul_09_ready_items_stay_until_destroyed_or_discarded() -> None:
    """SWP-038, SWP-RUL-09: a ready Weapon stays through later turns."""
    state = ready_table(["dagger/1", "attack_high/1"])
    state = act(state, 0, "ready dagger/1")
    at(state, 0, Phase.DISCARD)
    state = act(state, 0, "keep")
    assert state.fighters[0].weapons == ["dagger/1"]


def test_swp_039_swp_046_swp_dt_05_readying_forbids_an_attack_dropping_does_not() -> None:
    """SWP-039, SWP-046, SWP-DT-05, SWP-RUL-19: ready -> no attack; only dropping -> attack allowed."""
    state = ready_table(["dagger/1", "attack_high/1"])
    state = act(state, 0, "ready dagger/1")
    assert state.turn == 1  # no attack was possible, the turn ended
    state = ready_table(["attack_high/1", "duck/1"], weapons=["dagger/1"])
    state = act(state, 0, "drop dagger/1")
    state = act(state, 0, "pass")
    assert state.phase is Phase.COMBAT and "attack attack_high/1 2" in texts(state, 0)


def test_swp_042_swp_rul_18_swp_dt_09_hands_limit_then_drop_to_make_room() -> None:
    """SWP-042, SWP-RUL-18, SWP-DT-09: a two-handed Weapon leaves no hand for a Shield until dropped."""
    state = ready_table(["buckler/1", "attack_high/1"], weapons=["great_axe/1"])
    assert "ready buckler/1" not in texts(state, 0)
    with pytest.raises(IllegalAction):
        act(state, 0, "ready buckler/1")
    state = act(state, 0, "drop great_axe/1")
    assert "great_axe/1" in state.discard
    state = act(state, 0, "ready buckler/1")
    assert state.fighters[0].shields == {"buckler/1": 0} and state.fighters[0].weapons == []


def test_swp_rul_18_armor_uses_no_hands() -> None:
    """SWP-RUL-18: Armor may be readied with both hands full."""
    state = ready_table(["plate_armor/1"], weapons=["great_axe/1"])
    assert "ready plate_armor/1" in texts(state, 0)


def test_swp_044_swp_045_swp_rul_19_drop_only_at_the_beginning_of_ready() -> None:
    """SWP-044, SWP-045, SWP-RUL-19: any number of drops, then (optionally) one Item; drops go to the discard."""
    state = ready_table(["chain_mail/1", "attack_high/1"], weapons=["dagger/1", "dagger/2"],
                        armor="leather_armor/1", armor_damage=1)
    state = act(state, 0, "drop dagger/1")
    state = act(state, 0, "drop leather_armor/1")
    assert {"dagger/1", "leather_armor/1"} <= set(state.discard)
    f = state.fighters[0]
    assert f.weapons == ["dagger/2"] and f.armor is None and f.armor_damage == 0
    state = act(state, 0, "ready chain_mail/1")
    assert not any(t.startswith("drop") for t in texts(state, 0))  # not after readying
    at(state, 0, Phase.COMBAT)
    assert not any(t.startswith("drop") for t in texts(state, 0))  # not in Combat
