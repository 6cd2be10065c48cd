"""Set-up, heroes and the object of the game (SWP-001..SWP-006, SWP-024..SWP-029)."""

from __future__ import annotations

import pytest

from bouts.core import CHANCE, IllegalAction, OptionsError, Shuffle
from bouts.games.swordplay.state import Phase
from tests.swordplay.helpers import CAT, G, act, all_cards, arrange, at, start, texts


def test_swp_001_each_player_controls_one_hero() -> None:
    """SWP-001 / SWP-RUL-03: one Hero per seat, no Monster in arena play."""
    state = start(3)
    assert len(state.fighters) == 3
    assert all(not f.is_monster for f in state.fighters)
    assert state.monster is None


def test_swp_002_swp_003_swp_057_reduce_to_zero_and_the_last_hero_wins() -> None:
    """SWP-002, SWP-003, SWP-057: life to zero or less defeats; the only Hero left wins."""
    state = start(2)
    at(state, 0, Phase.COMBAT)
    arrange(state, 0, hand=["attack_high/1"])
    arrange(state, 1, hand=["attack_low/1"], life=1)
    state = act(state, 0, "attack attack_high/1 2")
    state = act(state, 1, "take")
    assert state.fighters[1].life == 0 and state.fighters[1].defeated
    outcome = G.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert G.to_act(state) == ()


def test_swp_005_swp_006_swp_ex_06_a_typical_hero() -> None:
    """SWP-005, SWP-006, SWP-EX-06: a typical Hero has 10 life, base damage 1, 2 hands, no items."""
    state = start(2)
    for f in state.fighters:
        assert (f.life, f.base_damage, f.hands) == (10, 1, 2)
        assert f.weapons == [] and f.shields == {} and f.armor is None


def test_swp_rul_02_hero_values_come_from_the_card(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """SWP-RUL-02: life, base damage and hands are read from each Hero card (10/1/2 default)."""
    import shutil

    from bouts.games.swordplay.cards import REFERENCE

    for f in REFERENCE.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "extra.toml").write_text(
        '[[hero]]\nid = "giant"\nname = "Giant"\nlife = 14\nbase_damage = 2\nhands = 1\nstand_in = true\n'
        '[[hero]]\nid = "plain"\nname = "Plain"\nstand_in = true\n')
    pack = G.load_content(str(tmp_path))
    state = G.setup(2, {"heroes": ["giant", "plain"]}, pack)
    giant, plain = state.fighters
    assert (giant.life, giant.base_damage, giant.hands) == (14, 2, 1)
    assert (plain.life, plain.base_damage, plain.hands) == (10, 1, 2)


def test_swp_025_each_player_selects_a_hero() -> None:
    """SWP-025: heroes are selected seat by seat; a taken Hero is not offered while another is free."""
    state = G.setup(3)
    assert G.to_act(state) == (0,)
    assert texts(state, 0) == {"hero gladiator", "hero mercenary"}
    state = act(state, 0, "hero mercenary")
    assert G.to_act(state) == (1,)
    assert texts(state, 1) == {"hero gladiator"}
    state = act(state, 1, "hero gladiator")
    # More seats than Hero cards: copies (the PDF edition prints its own cards).
    assert texts(state, 2) == {"hero gladiator", "hero mercenary"}
    state = act(state, 2, "hero gladiator")
    assert [f.card for f in state.fighters] == ["mercenary", "gladiator", "gladiator"]
    assert G.to_act(state) == (CHANCE,)


def test_swp_026_swp_rul_04_highest_roll_goes_first_and_ties_roll_again() -> None:
    """SWP-026, SWP-RUL-04: the highest d10 goes first; only tied players roll again."""
    state = G.setup(3, {"heroes": ["gladiator", "mercenary", "gladiator"]})
    assert state.phase is Phase.FIRST_ROLL
    state = act(state, CHANCE, "roll 8 3 8")
    assert state.phase is Phase.FIRST_ROLL and state.contenders == (0, 2)
    with pytest.raises(IllegalAction):
        act(state, CHANCE, "roll 1 2 3")  # only the two tied players roll
    state = act(state, CHANCE, "roll 4 9")
    assert state.phase is Phase.SHUFFLE and state.turn == 2


def test_swp_027_swp_rul_05_the_combat_deck_is_the_57_combat_cards_shuffled() -> None:
    """SWP-027, SWP-RUL-05: Hero and Monster cards are removed; the 57 combat cards are shuffled."""
    state = G.setup(2, {"heroes": ["gladiator", "mercenary"]})
    state = act(state, CHANCE, "roll 9 2")
    assert state.phase is Phase.SHUFFLE
    order = tuple(reversed(CAT.deck))
    with pytest.raises(IllegalAction):
        G.apply(state, CHANCE, Shuffle(order[:-1]))  # must be exactly the 57 cards
    state = G.apply(state, CHANCE, Shuffle(order))
    assert len(all_cards(state)) == 57 == len(set(all_cards(state)))
    assert not any(c in CAT.heroes or c in CAT.monsters for c in all_cards(state))


def test_swp_028_each_player_is_dealt_five() -> None:
    """SWP-028: five cards each from the top of the combat deck."""
    state = G.setup(3, {"heroes": ["gladiator", "mercenary", "gladiator"]})
    state = act(state, CHANCE, "roll 1 2 10")
    state = G.apply(state, CHANCE, Shuffle(CAT.deck))
    assert [len(f.hand) for f in state.fighters] == [5, 5, 5]
    assert state.fighters[0].hand == list(CAT.deck[:5])
    assert state.deck == list(CAT.deck[15:])


def test_swp_029_two_or_more_players_and_solo_rules_apart() -> None:
    """SWP-029: the base rules are for two or more players; solo adds its own section."""
    with pytest.raises(OptionsError):
        G.setup(1)
    with pytest.raises(OptionsError):
        G.setup(2, {"mode": "solo"})
    assert G.setup(5).seats == 5
    solo = G.setup(1, {"mode": "solo", "heroes": ["gladiator"]})
    assert solo.monster == 1


def test_swp_024_monster_cards_are_for_solo_play() -> None:
    """SWP-024: a Monster card is the opponent only in solo (and co-op) play."""
    assert start(2).monster is None
    solo = start(1, mode="solo")
    assert solo.fighters[1].is_monster and solo.fighters[1].card == "cave_troll"


def test_bad_options_are_refused_with_the_option_named() -> None:
    with pytest.raises(OptionsError, match="heroes"):
        G.setup(2, {"heroes": ["nobody", "gladiator"]})
    with pytest.raises(OptionsError, match="colour"):
        G.setup(2, {"colour": "red"})
    with pytest.raises(OptionsError, match="monster"):
        G.setup(1, {"mode": "solo", "monster": "dragon"})
