"""The shortcuts the hot paths take give exactly what the plain ways give."""

from __future__ import annotations

import random

from bouts.core import CHANCE
from bouts.core.chance import shuffle_in_place as shuffle
from bouts.core.events import Event
from bouts.games.swordplay.actions import Act
from bouts.games.swordplay.log import ONLY, event
from bouts.games.swordplay.state import SwordplayState
from tests.swordplay.helpers import CAT, G


def test_shuffle_draws_what_random_shuffle_draws() -> None:
    for seed in range(50):
        for size in (0, 1, 2, 3, 7, 57):
            mine, theirs = random.Random(seed), random.Random(seed)
            cards, expected = [f"c/{i}" for i in range(size)], [f"c/{i}" for i in range(size)]
            shuffle(cards, mine)
            theirs.shuffle(expected)
            assert cards == expected
            assert mine.random() == theirs.random()  # the generators are left in the same state


def test_shuffle_leaves_other_generators_to_shuffle_themselves() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[str]) -> None:  # type: ignore[override]
            x.reverse()

    cards = ["a/1", "b/1", "c/1"]
    shuffle(cards, Reversing(0))
    assert cards == ["c/1", "b/1", "a/1"]


def test_event_is_a_swordplay_message_with_its_audience() -> None:
    made = event("drew", "You draw {cards}", {"seat": 1}, args={"cards": ["Dodge"]}, to=ONLY[1], reveals=True,
                 owner=1)
    plain = Event("drew", "You draw {cards}", {"seat": 1}, args={"cards": ["Dodge"]}, to=frozenset({1}),
                  reveals=True, owner=1, domain="swordplay")
    assert made == plain and repr(made) == repr(plain) and type(made) is Event
    assert made.text == "You draw Dodge" and made.is_visible_to(1) and not made.is_visible_to(0)


def test_ready_made_actions_equal_fresh_ones() -> None:
    for instance, known in CAT.instances.items():
        assert known.card is CAT.cards[instance] and known.card_id == CAT.cards[instance].id
        assert known.discard == Act("discard", instance) and known.ready == Act("ready", instance)
        assert known.drop == Act("drop", instance) and known.defend == Act("defend", instance)
        assert known.shield == Act("shield", instance)
        if known.type == "attack":
            assert known.attacks["3"] == Act("attack", instance, "3")
            assert known.attacks["monster"] == Act("attack", instance, "monster")


def _played_states(options: dict[str, object], seats: int, seed: int) -> list[SwordplayState]:
    """Every state of one seeded random game played through ``apply``."""
    rng = random.Random(seed)
    state = G.setup(seats, options, None, seed)
    states = [state]
    while G.to_act(state):
        seat = G.to_act(state)[0]
        action = G.sample_chance(state, rng) if seat == CHANCE else rng.choice(G.legal_actions(state, seat))
        state = G.apply(state, seat, action)
        states.append(state)
    return states


def test_the_state_keeps_the_options_the_rules_read() -> None:
    """``hand_size``, ``turn_limit`` and ``realistic_parries`` are fields of the state (read at every turn), equal
    to the options at every step of games played with those options, in clones and forks too."""
    played = 0
    cases: tuple[tuple[dict[str, object], int], ...] = (
        ({"hand_size": 3, "turn_limit": 9, "realistic_parries": True}, 2),
        ({"hand_size": 7}, 3), ({"mode": "coop", "turn_limit": 12}, 2), ({}, 2))
    for options, seats in cases:
        for seed in range(3):
            for state in _played_states(options, seats, seed):
                for kept in (state, state.clone(), G.fork(state)):
                    assert (kept.hand_size, kept.turn_limit, kept.realistic_parries) == \
                        (kept.options.hand_size, kept.options.turn_limit, kept.options.realistic_parries)
                played += 1
    assert played > 100
    # and play reads them: a hand of 3 (SWP-034) and the limit of 9 turns
    last = _played_states({"hand_size": 3, "turn_limit": 9}, 2, 0)
    assert max(len(f.hand) for s in last for f in s.fighters) == 3
    assert last[-1].turns <= 9


def test_instances_keep_their_cards_facts() -> None:
    """The facts the rules read from an instance (counters, parry, damage, absorb, effect) are its card's."""
    for instance, known in CAT.instances.items():
        card = CAT.cards[instance]
        assert (known.counters, known.parry, known.damage, known.absorb, known.effect, known.type, known.name) == \
            (card.counters, card.parry, card.damage, card.absorb, card.effect, card.type, card.name)
    assert any(k.parry for k in CAT.instances.values()) and any(k.absorb for k in CAT.instances.values())
    assert any(k.effect for k in CAT.instances.values()) and any(k.counters for k in CAT.instances.values())
