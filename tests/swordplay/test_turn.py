"""The turn: Discard, Draw, Ready, Combat, and play passing clockwise (SWP-030..SWP-036)."""

from __future__ import annotations

import pytest

from bouts.core import CHANCE, IllegalAction, Shuffle
from bouts.games.swordplay.state import Phase
from tests.swordplay.helpers import CAT, G, act, all_cards, arrange, at, start, texts


def test_swp_030_four_phases_in_order() -> None:
    """SWP-030: Discard, then Draw, then Ready, then Combat."""
    state = start(2)
    assert state.phase is Phase.DISCARD and state.turn == 0
    arrange(state, 0, hand=["dagger/1", "attack_high/1", "duck/1", "jump/1", "dodge/1"])
    state = act(state, 0, "discard jump/1")  # Discard, then the Draw happens at once
    assert len(state.fighters[0].hand) == 5
    assert state.phase is Phase.READY
    state = act(state, 0, "pass")
    assert state.phase is Phase.COMBAT


def test_swp_031_swp_032_turn_over_then_the_player_to_the_left() -> None:
    """SWP-031, SWP-032: after the four phases the turn ends and passes clockwise."""
    state = start(3)
    at(state, 0, Phase.COMBAT)
    arrange(state, 0, hand=["attack_high/1"])
    state = act(state, 0, "end")
    assert state.turn == 1 and state.phase is Phase.DISCARD
    at(state, 2, Phase.COMBAT)
    arrange(state, 2, hand=["attack_high/2"])
    state = act(state, 2, "end")
    assert state.turn == 0


def test_swp_033_swp_dt_07_discard_at_most_one() -> None:
    """SWP-033, SWP-DT-07: at most one voluntary discard, then draw back to five."""
    state = start(2)
    hand = list(state.fighters[0].hand)
    state = act(state, 0, f"discard {hand[0]}")
    assert len(state.fighters[0].hand) == 5  # drew 1
    assert state.phase is Phase.READY
    assert not any(t.startswith("discard") for t in texts(state, 0))  # no second discard
    with pytest.raises(IllegalAction):
        act(state, 0, f"discard {hand[1]}")


def test_swp_034_swp_dt_07_draw_up_to_five() -> None:
    """SWP-034, SWP-DT-07: a player with 3 cards who discards none draws 2."""
    state = start(2)
    arrange(state, 0, hand=["attack_high/1", "duck/1", "dodge/1"])
    top = state.deck[:2]
    state = act(state, 0, "keep")
    assert state.fighters[0].hand == ["attack_high/1", "duck/1", "dodge/1", *top]


def test_swp_035_swp_rul_08_five_or_more_draws_nothing() -> None:
    """SWP-035, SWP-RUL-08: a hand of five draws nothing; there is no other hand limit."""
    state = start(2)
    before = list(state.deck)
    state = act(state, 0, "keep")
    assert len(state.fighters[0].hand) == 5 and state.deck == before


def test_swp_036_swp_dt_08_the_deck_runs_out_and_the_discard_is_reshuffled() -> None:
    """SWP-036, SWP-DT-08: draw the last card, shuffle the discard into a new deck, keep drawing."""
    state = start(2)
    arrange(state, 0, hand=["attack_high/1", "duck/1", "dodge/1"])
    others = [*state.deck, *state.discard, *state.fighters[1].hand]
    last = others[0]
    state.deck, state.discard = [last], others[1:11]
    state.fighters[1].hand = others[11:]  # park the other cards, conserving all 57
    state = act(state, 0, "keep")
    assert state.phase is Phase.RESHUFFLE and G.to_act(state) == (CHANCE,)
    assert state.fighters[0].hand[-1] == last
    pile = list(state.discard)
    assert len(pile) == 10
    state = G.apply(state, CHANCE, Shuffle(tuple(reversed(pile))))
    assert state.fighters[0].hand[-1] == pile[-1]  # new top card
    assert len(state.fighters[0].hand) == 5 and state.discard == [] and len(state.deck) == 9
    assert sorted(all_cards(state)) == sorted(CAT.deck)


def test_swp_rul_07_nothing_to_reshuffle_means_fewer_cards() -> None:
    """SWP-RUL-07: with the deck and the discard both empty, drawing stops."""
    state = start(2)
    arrange(state, 0, hand=["attack_high/1", "duck/1"])
    state.fighters[1].hand.extend(state.deck + state.discard)
    state.deck, state.discard = [], []
    state = act(state, 0, "keep")
    assert len(state.fighters[0].hand) == 2 and state.phase is Phase.READY


def test_swp_rul_06_swp_dt_12_turn_order_skips_a_defeated_hero() -> None:
    """SWP-RUL-06, SWP-DT-12: A defeats B; next is C, then A. B's cards go to the discard pile."""
    state = start(3)
    at(state, 0, Phase.COMBAT)
    arrange(state, 0, hand=["attack_high/1"])
    arrange(state, 1, hand=["dagger/1"], weapons=["broadsword/1"], life=1)
    state = act(state, 0, "attack attack_high/1 2")
    state = act(state, 1, "take")
    assert state.fighters[1].defeated
    assert {"dagger/1", "broadsword/1"} <= set(state.discard)
    assert state.fighters[1].hand == [] and state.fighters[1].weapons == []
    assert state.turn == 2
    at(state, 2, Phase.COMBAT)
    arrange(state, 2, hand=["attack_low/1"])
    assert texts(state, 2) == {"end", "attack attack_low/1 1"}  # B can no longer be targeted
    state = act(state, 2, "end")
    assert state.turn == 0


def test_swp_033_swp_037_swp_046_swp_050_one_choice_per_card_not_per_copy() -> None:
    """SWP-033, SWP-037, SWP-046, SWP-050: copies of a card are interchangeable, so each menu lists a card once
    however many copies the hand holds, and every card it holds (the menus keep the card ids they listed as
    bits: two cards must never share one, copies always do)."""
    state = at(start(2), 0, Phase.DISCARD)
    arrange(state, 0, hand=["attack_high/1", "attack_high/2", "dagger/1", "dagger/2", "duck/1"])
    menu = [str(a) for a in G.legal_actions(state, 0)]
    assert sorted(menu) == ["discard attack_high/1", "discard dagger/1", "discard duck/1", "keep"]  # SWP-033
    at(state, 0, Phase.READY)
    assert sorted(str(a) for a in G.legal_actions(state, 0)) == ["pass", "ready dagger/1"]  # SWP-037
    at(state, 0, Phase.COMBAT)
    assert sorted(str(a) for a in G.legal_actions(state, 0)) == ["attack attack_high/1 2", "end"]  # SWP-046
    arrange(state, 1, hand=["duck/2", "duck/3", "dodge/1", "dodge/2", "attack_low/1"])
    state = act(state, 0, "attack attack_high/1 2")
    assert sorted(str(a) for a in G.legal_actions(state, 1)) == ["defend dodge/1", "defend duck/2", "take"]  # SWP-050
