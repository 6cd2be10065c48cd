"""The conformance suite: the game contract, checked the same way over every registered game.

In the spirit of pgx's api_test and OpenSpiel's random_sim_test. Every case is a
(game, variant, seat count); hypothesis picks the seeds.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bouts
from bouts.core import CHANCE, IllegalAction, Match
from bouts.core.events import visible
from tests.conformance.cases import CASES, Case, json_roundtrip, playout

IDS = [str(c) for c in CASES]
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
FEW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_every_game_is_registered_and_declares_its_nature() -> None:
    assert bouts.games(), "no game registered"
    for game_id in bouts.games():
        game = bouts.game(game_id)
        assert game.info.id == game_id
        assert 1 <= game.info.min_seats <= game.info.max_seats
        assert game.variants(), f"{game_id} lists no variants"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_many_random_games_terminate_with_an_outcome(case: Case) -> None:
    """Random playouts end within the bound; a seat that must act always has a legal action.

    Swordplay's arena variant runs >= 1,000 games here across its seat counts.
    """
    games = 300 if case.game_id == "swordplay" and case.variant == "arena" else 60
    for seed in range(games):
        steps = list(playout(case, seed))
        assert steps
        final = steps[-1].after
        assert case.game.to_act(final) == ()
        outcome = case.game.outcome(final)
        assert outcome is not None, f"{case} seed {seed}: over but no outcome"
        assert set(outcome.winners) <= set(range(case.seats))
        assert outcome.reason


@pytest.mark.parametrize("case", CASES, ids=IDS)
@FEW
@given(seed=SEEDS)
def test_legal_actions_round_trip_through_text(case: Case, seed: int) -> None:
    game = case.game
    for t in playout(case, seed):
        if t.seat == CHANCE:
            assert game.parse_action(t.before, CHANCE, str(t.action)) == t.action
            continue
        for action in game.legal_actions(t.before, t.seat):
            assert game.parse_action(t.before, t.seat, str(action)) == action
        assert game.outcome(t.before) is None


@pytest.mark.parametrize("case", CASES, ids=IDS)
@FEW
@given(seed=SEEDS)
def test_illegal_actions_raise_and_change_nothing(case: Case, seed: int) -> None:
    game = case.game
    rng = random.Random(seed)
    earlier: list[str] = []
    for t in playout(case, seed):
        state = t.before
        snapshot = state.clone()
        views = [game.view(state, s) for s in range(case.seats)]
        acting = game.to_act(state)
        attempts: list[tuple[int, str]] = [(rng.choice(acting), "xyzzy 42")]
        idle = [s for s in range(case.seats) if s not in acting]
        if idle and t.seat != CHANCE:
            attempts.append((rng.choice(idle), str(t.action)))
        legal_texts = {str(a) for a in game.legal_actions(state, t.seat)} if t.seat != CHANCE else set()
        stale = [text for text in earlier[-20:] if text not in legal_texts]
        if stale and t.seat != CHANCE:
            attempts.append((t.seat, rng.choice(stale)))
        for seat, text in attempts:
            with pytest.raises(IllegalAction):
                game.apply(state, seat, text)
        assert state == snapshot
        assert [game.view(state, s) for s in range(case.seats)] == views
        if t.seat != CHANCE:
            earlier.append(str(t.action))


@pytest.mark.parametrize("case", CASES, ids=IDS)
@FEW
@given(seed=SEEDS)
def test_same_seed_and_actions_give_equal_states_and_replay_is_bit_exact(case: Case, seed: int) -> None:
    game = case.game
    steps = list(playout(case, seed))
    state = game.setup(case.seats, case.options, None, seed)
    for t in steps:
        state = game.apply(state, t.seat, str(t.action))
        assert state == t.after
    match = Match(game, case.seats, case.options, None, seed)
    for t in steps:
        match.apply(str(t.action), t.seat)
    saved = json_roundtrip(match.to_json())
    loaded = Match.from_json(saved)
    assert loaded.states == match.states
    assert [s.action for s in loaded.steps] == [str(t.action) for t in steps]
    assert loaded.outcome() == game.outcome(steps[-1].after)


@pytest.mark.parametrize("case", CASES, ids=IDS)
@FEW
@given(seed=SEEDS)
def test_fork_and_advance_in_place_equal_apply_and_leave_the_original_alone(case: Case, seed: int) -> None:
    """The fast path (``fork`` once, ``advance`` in place) gives the states and events ``apply`` gives."""
    game = case.game
    steps = list(playout(case, seed))
    start = game.setup(case.seats, case.options, None, seed)
    untouched = game.setup(case.seats, case.options, None, seed)
    state = game.fork(start)
    for t in steps:
        game.advance(state, t.seat, t.action)
        assert state == t.after
        assert [(e.kind, e.text, e.to) for e in game.events(state)] == \
            [(e.kind, e.text, e.to) for e in game.events(t.after)]
    assert start == untouched
    assert game.outcome(state) == game.outcome(steps[-1].after)


@pytest.mark.parametrize("case", CASES, ids=IDS)
@FEW
@given(seed=SEEDS)
def test_views_are_json_and_determinize_agrees_with_the_view(case: Case, seed: int) -> None:
    game = case.game
    rng = random.Random(seed)
    changed = False
    for number, t in enumerate(playout(case, seed)):
        if number % 3:
            continue
        for seat in [None, *range(case.seats)]:
            view = game.view(t.before, seat)
            assert json_roundtrip(view) == view, "views must be JSON-ready"
            det = game.determinize(t.before, seat, rng)
            assert game.view(det, seat) == view
            assert game.to_act(det) == game.to_act(t.before)
            changed = changed or det != t.before
        for event in game.events(t.after):
            assert json_roundtrip(event.to_json()) == event.to_json()
    if case.game.info.hidden_information:
        assert changed, "determinize never changed anything in a game with hidden information"


@pytest.mark.parametrize("case", CASES, ids=IDS)
@FEW
@given(seed=SEEDS)
def test_changing_only_hidden_information_changes_no_view_or_log(case: Case, seed: int) -> None:
    """A seat's view and log never carry another seat's hidden information.

    For each step and each observer, swap in a determinization (same information for that
    observer, different hidden cards, deck order and sealed choices elsewhere) and apply the
    same action where it is still legal: the observer's events and view must not change,
    unless the step declares that it reveals something to the observer (an event that is
    news to it, such as a card drawn face up or a defeated Hero's hand going to the discard).
    """
    game = case.game
    rng = random.Random(seed)
    compared = 0
    for t in playout(case, seed):
        for observer in [None, *range(case.seats)]:
            if observer == t.seat:
                continue
            det = game.determinize(t.before, observer, rng)
            if det == t.before or not game.is_legal(det, t.seat, t.action):
                continue
            other = game.apply(det, t.seat, t.action)
            if observer is not None and any(
                    e.is_news_to(observer) for e in (*game.events(other), *game.events(t.after))):
                continue
            if observer is None and any(e.reveals and e.is_public
                                        for e in (*game.events(other), *game.events(t.after))):
                continue
            assert [e.to_json() for e in visible(game.events(other), observer)] == \
                   [e.to_json() for e in visible(game.events(t.after), observer)]
            assert game.view(other, observer) == game.view(t.after, observer)
            compared += 1
    if case.game.info.hidden_information:
        assert compared > 0


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_content_choices_name_entries_of_the_pack(case: Case) -> None:
    """What each seat chose (hero, characters, servants) is reported by content id, for sim statistics."""
    game = case.game
    final = list(playout(case, 11))[-1].after
    chosen = game.content_choices(final)
    assert chosen, f"{case}: no content choices reported"
    ids = {entry.id for entries in game.load_content().sections.values() for entry in entries}
    for seat, value in chosen.items():
        assert 0 <= seat < case.seats
        for item in [value] if isinstance(value, str) else value:
            assert item in ids, f"{case}: '{item}' is not an entry of the pack"
