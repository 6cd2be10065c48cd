"""Determinization is exact: uniform over every placement consistent with the observer's view (DGW-041
reshuffles, DGW-029 secret servants)."""

from __future__ import annotations

import random
from collections import Counter

from bouts.core import CHANCE
from bouts.games.grail_war.determinize import _slots
from tests.grail_war.helpers import GAME, edit, place_all, start


def _reshuffled_state() -> tuple[object, str, list[str]]:
    """P2 (Rin, servant archer) after a trash shuffle: ``seen`` went in face up, two hand cards were held
    from before the shuffle, one drawn after."""
    state = edit(start(4))
    p = state.players[1]
    cards = p.hand + p.deck
    seen = cards[0]
    held, drawn = cards[1:3], cards[3]
    p.hand = [*held, drawn]
    p.deck = [seen, *cards[4:9]]
    p.trash = [(c, False) for c in cards[9:]]
    p.epoch, p.exposed = 1, True
    p.since = {seen: 1}
    p.origin = {held[0]: 0, held[1]: 0, drawn: 1, **{c: 0 for c in cards[9:]}}
    return state, seen, held


def test_dgw_041_a_card_seen_going_into_the_shuffle_is_never_in_a_hand_card_held_from_before() -> None:
    """DGW-041: a card face up in the trash when it became the deck is in the new deck or drawn from it,
    uniformly among those 7 slots; the other hidden cards stay uniform over every slot they may be in."""
    state, seen, _held = _reshuffled_state()
    rng = random.Random(5)
    where: Counter[str] = Counter()
    n = 2100
    for _ in range(n):
        det = GAME.determinize(state, 0, rng)
        p = det.players[1]
        assert seen not in p.hand[:2] and not any(c == seen for c, _ in p.trash)
        where["hand" if seen in p.hand else "deck"] += 1
    total = sum(where.values())
    assert total == n
    assert abs(where["hand"] / total - 1 / 7) < 0.05  # the one drawn slot of 7 it may be in


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
