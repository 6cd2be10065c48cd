"""The optional Realistic Parries rule (SWP-072, SWP-RUL-35, SWP-DT-16)."""

from __future__ import annotations

import pytest

from bouts.games.swordplay.state import Phase
from tests.swordplay.helpers import act, arrange, at, start, take, texts


def high_attack_on_unarmed_b(armed: bool, rule: bool) -> set[str]:
    state = start(2, realistic_parries=rule)
    arrange(state, 0, hand=["attack_high/1"], weapons=["dagger/1"] if armed else [])
    arrange(state, 1, hand=["parry_high/1", "dodge/1"])
    at(state, 0, Phase.COMBAT)
    return texts(act(state, 0, "attack attack_high/1 2"), 1)


@pytest.mark.parametrize("rule", [True, False])
def test_swp_072_swp_dt_16_unarmed_heroes_parry_only_unarmed_attackers(rule: bool) -> None:
    """SWP-072, SWP-DT-16, SWP-RUL-35: with the rule, Parry is refused against an armed attacker."""
    armed = high_attack_on_unarmed_b(armed=True, rule=rule)
    unarmed = high_attack_on_unarmed_b(armed=False, rule=rule)
    assert "defend dodge/1" in armed and "defend dodge/1" in unarmed
    assert "defend parry_high/1" in unarmed
    assert ("defend parry_high/1" in armed) is (not rule)


def test_swp_rul_35_armed_defender_and_monster_attacks() -> None:
    """SWP-RUL-35: an armed Hero may always parry; a Monster with no Weapon is unarmed."""
    state = start(2, realistic_parries=True)
    arrange(state, 0, hand=["attack_high/1"], weapons=["dagger/1"])
    arrange(state, 1, hand=["parry_high/1"], weapons=["dagger/2"])
    at(state, 0, Phase.COMBAT)
    assert "defend parry_high/1" in texts(act(state, 0, "attack attack_high/1 2"), 1)
    solo = start(1, mode="solo", realistic_parries=True)
    arrange(solo, 0, hand=["parry_high/1"])
    take(solo, "attack_high/2")
    solo.deck.insert(0, "attack_high/2")
    at(solo, 0, Phase.COMBAT)
    solo = act(solo, 0, "end")
    assert "defend parry_high/1" in texts(solo, 0)  # an unarmed Monster
