"""Log lines a player reads in kaleido (playtest 7), on seeded games of the reference content played through
``apply``: an ability's payment names it in the reader's language, HP is never printed below 0, and a taker of
no cards is told so in words, not "takes 0 cards"."""

from __future__ import annotations

import random

from bouts.core import CHANCE
from bouts.core.events import Event
from bouts.games.kaleido.state import KaleidoState
from tests.kaleido.helpers import GAME

LEANING = ("use", "clash", "guard", "ability", "counter", "attack")
"""What a leaning player prefers (7 times in 10) when it is offered."""


def played(seed: int, steps: int) -> tuple[KaleidoState, list[tuple[str, list[Event]]]]:
    """The 3-player reference game of ``seed`` after ``steps`` actions, and each step's action and events."""
    state = GAME.setup(3, None, None, seed)
    rng = random.Random(seed)
    steps_taken: list[tuple[str, list[Event]]] = []
    for _ in range(steps):
        seat = GAME.to_act(state)[0]
        if seat == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            options = GAME.legal_actions(state, seat)
            using = [a for a in options if a.verb in LEANING]
            action = rng.choice(using) if using and rng.random() < 0.7 else rng.choice(options)
        state = GAME.apply(state, seat, action)
        steps_taken.append((str(action), list(state.events)))
    return state, steps_taken


def test_paying_for_an_attack_ability_names_it_in_japanese() -> None:
    """KAL-063, KAL-084: the payment line of 斬り抉る戦神の剣 (Fragarach, cost 3) names it in the reader's language
    (it printed the English name in Japanese)."""
    _, steps = played(1, 140)
    actions = [action for action, _ in steps]
    assert "attack fragarach" in actions
    paid = [e for _, events in steps[actions.index("attack fragarach"):] for e in events if e.kind == "pay"]
    assert paid
    japanese, english = paid[0].render("ja"), paid[0].render("en")
    assert "斬り抉る戦神の剣のために" in japanese and "Fragarach" not in japanese, japanese
    assert "Fragarach" in english and "斬り抉る" not in english, english


def test_hp_lost_past_zero_is_printed_as_zero_and_the_overkill() -> None:
    """KAL-095, KAL-097: a blow that takes a seat below 0 HP prints "now 0" and how far past 0 it went."""
    state, steps = played(1, 131)
    lines = [e for _, events in steps for e in events if e.kind == "hp"]
    below = [e for e in lines if "past 0" in e.render("en")]
    assert below
    for event in lines:
        assert "now -" not in event.render("en") and "現在-" not in event.render("ja"), event.render("en")
    line = below[-1]
    over = line.args["over"]
    assert over > 0 and f"(now 0, {over} past 0)" in line.render("en")
    assert f"（現在0、{over}超過）" in line.render("ja")
    seat = line.data["seat"]
    assert state.players[seat].hp == -over  # the rule's own number is unchanged: eliminated at 0 or less


def test_taking_no_cards_from_an_eliminated_seat_says_so() -> None:
    """KAL-098, KAL-099: the eliminating seat takes the loser's hand and strategy card; with none it is told so in
    words (it printed "takes 0 cards")."""
    _, steps = played(2, 168)
    spoils = [e for _, events in steps for e in events if e.kind == "spoils"]
    assert spoils
    none = [e for e in spoils if e.data["count"] == 0]
    assert none
    english, japanese = none[0].render("en"), none[0].render("ja")
    assert "takes no cards" in english and "has none" in english and "0 card" not in english, english
    assert "受け取るカードはありません" in japanese and "0枚" not in japanese, japanese
    for event in spoils:
        assert "takes 0" not in event.render("en")
