"""Attacks, defenses and damage (SWP-007..SWP-012, SWP-046..SWP-056) and the rulebook's examples."""

from __future__ import annotations

import pytest

from bouts.core import IllegalAction
from bouts.games.swordplay.cards import Location
from bouts.games.swordplay.state import Phase
from tests.swordplay.helpers import CAT, G, act, arrange, at, start, texts


def attack_on_b(attacker_hand: list[str], b_hand: list[str], card: str, **b_items: object):  # type: ignore[no-untyped-def]
    state = start(2)
    arrange(state, 0, hand=attacker_hand)
    arrange(state, 1, hand=b_hand, **b_items)  # type: ignore[arg-type]
    at(state, 0, Phase.COMBAT)
    return act(state, 0, f"attack {card} 2")


def test_swp_ex_01_swp_049_playing_attack_high_makes_a_high_attack() -> None:
    """SWP-EX-01, SWP-048, SWP-049: "Attack - High" declared at B is a High attack on B."""
    state = attack_on_b(["attack_high/1"], ["jump/1"], "attack_high/1")
    assert state.attack is not None
    assert (state.attack.location, state.attack.target, state.attack.attacker) == (Location.HIGH, 1, 0)
    assert state.phase is Phase.DEFEND and G.to_act(state) == (1,)


@pytest.mark.parametrize("defense", ["duck/1", "parry_high/1", "dodge/1"])
def test_swp_ex_02_03_04_swp_051_a_high_attack_countered(defense: str) -> None:
    """SWP-EX-02 (Duck), SWP-EX-03 (Parry - High), SWP-EX-04 (Dodge), SWP-051, SWP-052: 0 damage."""
    state = attack_on_b(["attack_high/1"], [defense], "attack_high/1", armor="leather_armor/1")
    state = act(state, 1, f"defend {defense}")
    b = state.fighters[1]
    assert b.life == 10 and b.armor_damage == 0
    assert defense in state.discard and "attack_high/1" in state.discard


def test_swp_ex_05_a_high_attack_countered_by_a_ready_shield() -> None:
    """SWP-EX-05: a Shield listing 2 counters counters the attack and has 1 of 2 used."""
    state = attack_on_b(["attack_high/1"], ["jump/1"], "attack_high/1", shields={"buckler/1": 0})
    state = act(state, 1, "shield buckler/1")
    assert state.fighters[1].life == 10 and state.fighters[1].shields == {"buckler/1": 1}


def test_swp_dt_01_unarmed_typical_hero_deals_one() -> None:
    """SWP-DT-01, SWP-053, SWP-054: base damage 1, no weapons, no bonus: B goes to 9."""
    state = attack_on_b(["attack_high/1"], ["jump/1"], "attack_high/1")
    state = act(state, 1, "take")
    assert state.fighters[1].life == 9


def test_swp_dt_11_swp_056_defeat_at_exactly_zero() -> None:
    """SWP-DT-11, SWP-056: B at 1 life takes 1: life 0, defeated, A wins."""
    state = attack_on_b(["attack_high/1"], ["jump/1"], "attack_high/1", life=1)
    state = act(state, 1, "take")
    assert state.fighters[1].life == 0 and state.fighters[1].defeated
    assert G.outcome(state).winners == (0,)  # type: ignore[union-attr]


def test_swp_007_swp_rul_01_attacks_only_in_your_own_combat_phase() -> None:
    """SWP-007, SWP-RUL-01: Attack cards are played in the player's own Combat (Attack) phase only."""
    state = start(2)
    arrange(state, 0, hand=["attack_high/1", "duck/1", "dodge/1", "jump/1", "dagger/1"])
    assert not any(t.startswith("attack") for t in texts(state, 0))  # Discard phase
    at(state, 0, Phase.READY)
    assert not any(t.startswith("attack") for t in texts(state, 0))
    at(state, 0, Phase.COMBAT)
    assert "attack attack_high/1 2" in texts(state, 0)
    with pytest.raises(IllegalAction):
        act(state, 1, "attack attack_high/1 1")  # not seat 1's turn


def test_swp_008_swp_rul_10_most_attacks_strike_one_location() -> None:
    """SWP-008, SWP-RUL-10: located attacks strike exactly their printed location."""
    located = [c for c in CAT.cards.values() if c.type == "attack" and c.location is not None]
    assert {c.location for c in located} == {Location.HIGH, Location.LOW, Location.LEFT, Location.RIGHT}
    assert len(located) > len(CAT.cards) / 4
    state = attack_on_b(["attack_left/1"], ["parry_right/1", "parry_left/1", "duck/1"], "attack_left/1")
    assert texts(state, 1) == {"take", "defend parry_left/1"}


def test_swp_009_swp_rul_12_special_attacks_without_location_are_dodge_only() -> None:
    """SWP-009, SWP-RUL-12: Lunge names no location, so only Dodge counters it (no Shield, no Parry)."""
    assert CAT.cards["lunge/1"].strikes is Location.DODGE_ONLY
    state = attack_on_b(["lunge/1"], ["duck/1", "parry_high/1", "jump/1", "dodge/1"], "lunge/1",
                        shields={"buckler/1": 0})
    assert texts(state, 1) == {"take", "defend dodge/1"}


def test_swp_009_disarm_special_rules() -> None:
    """SWP-009, SWP-017: Disarm's card text: a hit also knocks away the target's best Weapon."""
    state = attack_on_b(["disarm/1"], ["jump/1"], "disarm/1", weapons=["dagger/1", "broadsword/1"])
    state = act(state, 1, "take")
    assert state.fighters[1].weapons == ["dagger/1"] and "broadsword/1" in state.discard
    assert state.fighters[1].life == 9


def test_swp_010_swp_rul_16_defenses_are_played_only_in_response_by_the_target() -> None:
    """SWP-010, SWP-RUL-16: a Defense card only answers an attack, and only the target may play one."""
    state = start(3)
    arrange(state, 0, hand=["attack_high/1"])
    arrange(state, 2, hand=["duck/1"])
    arrange(state, 1, hand=["duck/2"])
    at(state, 0, Phase.COMBAT)
    assert not any(t.startswith("defend") for t in texts(state, 0))
    state = act(state, 0, "attack attack_high/1 2")
    assert G.to_act(state) == (1,)
    with pytest.raises(IllegalAction):
        act(state, 2, "defend duck/1")  # no one defends on another's behalf
    state = act(state, 1, "defend duck/2")
    assert state.attack is None and state.turn == 1  # one counter, then the attack is over
    assert state.fighters[1].hand.count("duck/2") == 0


def test_swp_011_defense_cards_specify_their_locations() -> None:
    """SWP-011, SWP-RUL-13, SWP-RUL-14: Duck counters High; Parry - X counters X."""
    assert CAT.cards["duck/1"].counters == (Location.HIGH,)
    for loc in ("high", "low", "left", "right"):
        assert CAT.cards[f"parry_{loc}/1"].counters == (Location(loc),)
    state = attack_on_b(["attack_low/1"], ["duck/1", "parry_high/1"], "attack_low/1")
    assert texts(state, 1) == {"take"}


def test_swp_012_swp_rul_11_swp_dt_17_dodge_counters_every_attack() -> None:
    """SWP-012, SWP-RUL-11, SWP-DT-17: Dodge counters High, Low, Left, Right and Dodge Only."""
    for card in ["attack_high/1", "attack_low/1", "attack_left/1", "attack_right/1", "lunge/1"]:
        state = attack_on_b([card], ["dodge/1"], card)
        assert "defend dodge/1" in texts(state, 1)
        state = act(state, 1, "defend dodge/1")
        assert state.fighters[1].life == 10


def test_swp_047_attacking_is_optional() -> None:
    """SWP-047: the player may end the turn without attacking."""
    state = start(2)
    arrange(state, 0, hand=["attack_high/1"])
    at(state, 0, Phase.COMBAT)
    state = act(state, 0, "end")
    assert state.turn == 1 and state.fighters[1].life == 10


def test_swp_048_swp_rul_21_targets_are_other_living_heroes() -> None:
    """SWP-048, SWP-RUL-21: any other Hero still in the game, never yourself."""
    state = start(3)
    arrange(state, 0, hand=["attack_high/1"])
    state.fighters[2].defeated = True
    at(state, 0, Phase.COMBAT)
    assert texts(state, 0) == {"end", "attack attack_high/1 2"}


def test_swp_050_a_shield_counters_any_located_attack() -> None:
    """SWP-050, SWP-RUL-15: a ready Shield counters Low, Left and Right attacks too."""
    for card in ["attack_low/1", "attack_left/1", "attack_right/1"]:
        state = attack_on_b([card], ["duck/1"], card, shields={"tower_shield/1": 0})
        assert "shield tower_shield/1" in texts(state, 1)


def test_swp_052_countered_attack_no_damage_with_weapons() -> None:
    """SWP-052: even a strong armed attack does no damage when countered."""
    state = attack_on_b(["overhead_smash/1"], ["duck/1"], "overhead_smash/1")
    state.fighters[0].weapons.append("great_axe/1")
    state.deck.remove("great_axe/1")
    state = act(state, 1, "defend duck/1")
    assert state.fighters[1].life == 10


def test_swp_053_swp_054_damage_formula_applied_to_target() -> None:
    """SWP-053, SWP-054: base 1 + Great Axe 3 + Sweep bonus 1 = 5 to B's life."""
    state = start(2)
    arrange(state, 0, hand=["sweep/1"], weapons=["great_axe/1"])
    arrange(state, 1, hand=["duck/1"])
    at(state, 0, Phase.COMBAT)
    state = act(state, 0, "attack sweep/1 2")
    state = act(state, 1, "take")
    assert state.fighters[1].life == 5


def test_swp_rul_23_no_healing_and_no_maximum() -> None:
    """SWP-RUL-23, SWP-RUL-24: life only changes by damage; damage is tracked as integers."""
    state = start(2)
    hero = CAT.heroes[state.fighters[1].card]
    state = attack_on_b(["attack_high/1"], ["jump/1"], "attack_high/1")
    state = act(state, 1, "take")
    assert state.fighters[1].life == hero.life - 1
    state = act(state, 1, "keep")  # a whole turn later, nothing healed it
    assert state.fighters[1].life == hero.life - 1
    assert isinstance(state.fighters[1].life, int)
