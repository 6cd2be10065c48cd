"""Determinization is exact: uniform over every placement consistent with the observer's view (DGW-041
reshuffles, DGW-029 secret servants)."""

from __future__ import annotations

import random
from collections import Counter

from bouts.core import CHANCE
from bouts.games.grail_war.determinize import _slots
from bouts.games.grail_war.flow import pile
from tests.grail_war.helpers import GAME, act, place_all, start, turn


def _reshuffled_state() -> tuple[object, str]:
    """Round 6 of a 4-player game played through actions (everyone at the Workshop): P2 (Rin, servant archer)
    used ``seen`` face up in round 1 (so her servant is known); at round 6's refill she held 1 card, drew the
    last card of her deck, shuffled her trash of 10 (``seen`` among them) into a new deck and drew 1 from it."""
    seen = "archer_06"
    state = start(4, decks={1: [seen, "archer_01", "archer_02"]})
    state = place_all(state, *["workshop"] * 4)
    state = turn(state)
    state = act(state, 1, "stay", f"play {seen} up", "play archer_01 down", "done", "next")
    while state.round < 6 or GAME.to_act(state) == (CHANCE,):
        seat = GAME.to_act(state)[0]
        if seat == CHANCE:
            state = GAME.apply(state, CHANCE, "shuffle " + " ".join(pile(state)))
        elif state.step == "place":
            state = act(state, seat, "place workshop")
        else:
            state = turn(state)
    p = GAME.view(state, 0)["players"][1]
    assert p["servant"] == "archer" and p["hand"] == 3 and p["deck"] == 9 and p["trash"] == []
    return state, seen


def test_dgw_041_a_card_seen_going_into_the_shuffle_is_never_in_a_hand_card_held_from_before() -> None:
    """DGW-041: a card face up in the trash when it became the deck is in the new deck or drawn from it,
    uniformly among those 10 slots: never one of the 2 hand cards held from before the shuffle."""
    state, seen = _reshuffled_state()
    rng = random.Random(5)
    where: Counter[str] = Counter()
    n = 2000
    for _ in range(n):
        det = GAME.determinize(state, 0, rng)
        p = det.players[1]
        assert seen not in p.hand[:2] and not any(c == seen for c, _ in p.trash)
        where["hand" if seen in p.hand else "deck"] += 1
    assert sum(where.values()) == n
    assert abs(where["hand"] / n - 1 / 10) < 0.03  # the one drawn slot of 10 it may be in


def test_dgw_029_a_master_in_battle_preparation_gets_a_servant_from_the_unseen_ones() -> None:
    """DGW-029: a master part way through battle preparation (a card chosen, nothing shown yet) keeps no
    servant in another seat's determinization: the servant and the chosen hand cards are dealt again."""
    state = place_all(start(4), "miyama", "miyama", "shinto", "workshop")
    seat = GAME.to_act(state)[0]
    state = GAME.apply(state, seat, "stay")
    state = GAME.apply(state, seat, next(str(a) for a in GAME.legal_actions(state, seat) if str(a).endswith("down")))
    assert state.players[seat].selected and not state.players[seat].exposed
    observer = (seat + 1) % 4
    rng = random.Random(1)
    servants = Counter()
    for _ in range(200):
        det = GAME.determinize(state, observer, rng)
        p = det.players[seat]
        servants[p.servant] += 1
        assert all(c in p.hand for c, _ in p.selected)
        assert GAME.view(det, observer) == GAME.view(state, observer)
        det.events, det._legal = [], {}
        GAME.apply(det, seat, GAME.legal_actions(det, seat)[0])  # the preparation goes on from there
    assert len(servants) >= 4 and state.players[observer].servant not in servants


def test_every_determinization_keeps_seen_cards_in_slots_of_their_shuffle() -> None:
    """DGW-041 over random play: each card's bound holds in every determinization, for every observer."""
    rng = random.Random(0)
    checked = 0
    for seed in range(3):
        state = GAME.setup(4, None, None, seed)
        while GAME.to_act(state) and state.round <= 6:
            seat = GAME.to_act(state)[0]
            action = GAME.sample_chance(state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
            if rng.random() < 0.1:
                for observer in range(4):
                    det = GAME.determinize(state, observer, rng)
                    for s, p in enumerate(det.players):
                        if s == observer or not p.exposed:
                            continue
                        for sl in _slots(p, False):
                            if sl[0] == "hand":
                                card = p.hand[sl[1]]
                                assert p.origin.get(card, 0) >= p.since.get(card, 0)
                        checked += 1
    assert checked > 20
