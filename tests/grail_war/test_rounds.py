"""Preparation phase (DGW-037..DGW-042) and the end-of-round cleanup (DGW-096..DGW-101)."""

from __future__ import annotations

from bouts.core import CHANCE
from bouts.games.grail_war.flow import pile
from tests.grail_war.helpers import GAME, edit, finish_round, place_all, start

FIVE = ["illya", "rin", "kirei", "shirou", "shinji"]


def test_draw_up_to_three_no_hand_limit() -> None:
    """DGW-037, DGW-038, DGW-RUL-34: each draws to 3; with 4 in hand nobody discards or draws."""
    state = start(5, masters=FIVE)
    assert all(len(p.hand) == 3 for p in state.players)
    from bouts.games.grail_war.preparation import refill
    state = edit(state)
    state.players[0].hand.append(state.players[0].deck.pop())
    state.players[1].hand = state.players[1].hand[:1]
    state.order, state.cursor, state.step = state.turn_order(), 0, "refill"
    refill(state)
    assert len(state.players[0].hand) == 4 and len(state.players[1].hand) == 3


def test_ex47_reshuffle_the_trash_mid_refill() -> None:
    """DGW-EX-47, DGW-041, DGW-RUL-31: hand 1, deck 1, trash 6: draw 1, shuffle the 6 face down, draw 1 more."""
    from bouts.games.grail_war.preparation import refill
    state = edit(start(5, masters=FIVE))
    p = state.players[0]
    cards = p.hand + p.deck
    p.hand, p.deck, p.trash = cards[:1], cards[1:2], [(c, i % 2 == 0) for i, c in enumerate(cards[2:8])]
    state.order, state.cursor, state.step = state.turn_order(), 0, "refill"
    refill(state)
    assert len(p.hand) == 2 and state.chance == ("trash", 0)
    assert GAME.to_act(state) == (CHANCE,)
    order = pile(state)
    state = GAME.apply(state, CHANCE, "shuffle " + " ".join(order))
    p = state.players[0]
    assert len(p.hand) == 3 and len(p.deck) == 5 and p.trash == []


def test_situation_supply_and_extra_rule() -> None:
    """DGW-009, DGW-010, DGW-039: the round's situation supplies mana to everyone (up to 12) at once."""
    state = start(5, masters=FIVE)
    assert state.situation == "s01" and state.players[0].mana == 6 + 2
    view = GAME.view(state, 0)
    assert view["situation"]["name"] == "静かな夜"


def test_event_spoils_and_rule_on_its_battlefield() -> None:
    """DGW-011, DGW-G12: an event's spoils go to that battlefield's winner; イベントを追加 adds one more face up."""
    events = ["e09", "e02", *[f"e{i:02d}" for i in range(1, 21) if i not in (2, 9)]]
    state = start(5, masters=FIVE, events=events)
    assert [e for e, _ in state.events_at["miyama"]] == ["e09", "e01"]
    assert state.events_at["shinto"] == [("e02", False)]


def test_ex48_event_deck_reshuffles_the_used_pile() -> None:
    """DGW-EX-48, DGW-042, DGW-RUL-32: an empty event deck takes the used events, shuffled; cards on the board stay."""
    from bouts.games.grail_war.preparation import place_events
    state = edit(start(5, masters=FIVE))
    state.event_used = state.event_deck
    state.event_deck = []
    state.to_place, state.resume, state.step = [("miyama", True)], "outpost", "events"
    place_events(state)
    assert state.chance == ("event_trash", 0)
    assert sorted(pile(state)) == sorted(state.event_used) and "e01" not in pile(state)
    state = GAME.apply(state, CHANCE, "shuffle " + " ".join(pile(state)))
    assert state.event_used == [] and len(state.events_at["miyama"]) == 2


def test_cleanup() -> None:
    """DGW-096, DGW-098, DGW-099, DGW-100, DGW-101, DGW-006, DGW-EX-50, DGW-RUL-33: cards to the trash, tokens
    back, pieces off, situation on the round display, events to the used pile, start player to P2, next round."""
    state = place_all(start(5, masters=FIVE), "miyama", "shinto", "workshop", "workshop", "workshop")
    state = finish_round(state)
    assert state.round == 2 and state.start == 1
    assert state.display == ["s01"] and sorted(state.event_used) == ["e01", "e02"]
    assert all(t is None or state.step != "place" for t in state.tokens.values())
    assert all(p.location is None for p in state.players)
    assert all(len(p.trash) == 2 for p in state.players)
    assert state.situation == "s02" and GAME.to_act(state) == (1,)


def test_illya_gains_a_mana_each_round_end() -> None:
    """DGW-M15, DGW-RUL-44: +1 mana at the end of each round (capped at 12)."""
    state = edit(place_all(start(5, masters=FIVE), *["workshop"] * 4, "miyama"))
    state.players[0].mana = 0
    state.players[0].hand = ["berserker_08", "berserker_09"]
    state = finish_round(state)
    assert state.players[0].mana == 0 + 1 + 3  # +1 Illya, then round 2's supply of 3
