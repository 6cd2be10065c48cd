"""The core alone, on a toy game: match history, undo fairness, sealed choices, saves, options."""

from __future__ import annotations

import json

import pytest

from bouts.core import (
    CHANCE,
    IllegalAction,
    Match,
    MatchFileError,
    OptionsError,
    parse_option_text,
)
from tests.core.toy import TOY


def new_match() -> Match:
    match = Match(TOY, 2, seed=5)
    match.apply("roll 2 3", CHANCE)
    return match


def test_apply_checks_the_seat_and_changes_nothing_on_error() -> None:
    match = new_match()
    before = match.state.clone()
    with pytest.raises(IllegalAction, match="not Seat 2's decision"):
        match.apply("pass", 1)
    with pytest.raises(IllegalAction, match="not a legal action"):
        match.apply("bid 9", 0)
    assert match.state == before and len(match.steps) == 1


def test_undo_own_decision_when_nothing_was_revealed() -> None:
    match = new_match()
    match.apply("pass", 0)
    assert match.can_undo(0) and not match.can_undo(1)
    match.undo(0)
    assert match.state.passes == 0 and len(match.steps) == 1


def test_undo_refused_after_chance_or_a_reveal() -> None:
    match = Match(TOY, 2, seed=1)
    match.apply("roll 1 1", CHANCE)
    assert not match.can_undo(0)  # nothing of seat 0's to undo before the deal
    match.apply("pass", 0)
    match.apply("pass", 1)
    match.apply("bid 2", 0)
    match.apply("bid 3", 1)  # the reveal shows seat 1's bid to seat 0
    assert not match.can_undo(0)
    with pytest.raises(IllegalAction, match="undo is not possible"):
        match.undo(0)
    match.apply("roll 4", CHANCE)
    assert not match.can_undo(1)


def test_undo_never_crosses_another_seats_decision() -> None:
    """Fair undo: once another seat has answered, the decision it answered stands (and vice versa)."""
    match = new_match()
    match.apply("pass", 0)
    match.apply("pass", 1)
    assert not match.can_undo(0)
    with pytest.raises(IllegalAction, match="has decided since your last decision"):
        match.undo(0)
    assert match.can_undo(1)
    match.undo(1)
    assert match.can_undo(0) and not match.can_undo(1)


def test_sealed_choices_are_simultaneous_and_hidden_until_all_have_chosen() -> None:
    match = new_match()
    match.apply("pass", 0)
    match.apply("pass", 1)
    assert match.to_act() == (0, 1)
    with pytest.raises(IllegalAction, match="several seats"):
        match.apply("bid 1")
    match.apply("bid 3", 1)
    assert match.to_act() == (0,)
    assert "3" not in json.dumps(match.view(0)["bids"])
    assert match.view(0)["sealed"] == {"waiting": [0], "chosen": [1]}
    assert [e.text for e in match.log(0)][-1] == "seat 1 has bid"
    match.apply("bid 1", 0)
    assert match.view(0)["bids"] == {"0": 1, "1": 3}


def test_logs_are_per_seat() -> None:
    match = new_match()
    assert [e.text for e in match.log(0)] == ["your secret is 2"]
    assert [e.text for e in match.log(1)] == ["your secret is 3"]
    assert match.log(None) == []


def test_chance_is_resolved_by_the_seed_and_can_be_forced() -> None:
    a, b = Match(TOY, 2, seed=9), Match(TOY, 2, seed=9)
    a.advance()
    b.advance()
    assert a.state == b.state and a.steps[0].action == b.steps[0].action
    forced = Match(TOY, 2, seed=9)
    forced.apply("roll 3 1", CHANCE)
    assert forced.state.secrets == [3, 1]
    with pytest.raises(IllegalAction):
        Match(TOY, 2).apply("roll 7 7", CHANCE)


def test_save_and_load_replays_bit_exact() -> None:
    match = new_match()
    for text, seat in (("pass", 0), ("pass", 1), ("bid 2", 0), ("bid 1", 1), ("roll 6", CHANCE)):
        match.apply(text, seat)
    loaded = Match.loads(match.dumps(), TOY)
    assert loaded.states == match.states
    assert loaded.outcome() == match.outcome()


@pytest.mark.parametrize(("text", "message"), [
    ("not json", "not JSON"),
    ('{"format": "other"}', "not a bouts match file"),
    ('{"format": "bouts-match/1", "game": "toy", "seats": 2, "actions": [[0, "bid 9"]]}', r"action #1"),
    ('{"format": "bouts-match/1", "game": "toy", "seats": 2, "actions": [[0]]}', "must be a pair"),
])
def test_bad_match_files_are_clear_errors(text: str, message: str) -> None:
    with pytest.raises(MatchFileError, match=message):
        Match.loads(text, TOY)


def test_option_text() -> None:
    assert parse_option_text('mode=solo,heroes=["a","b"],n=3') == {"mode": "solo", "heroes": ["a", "b"], "n": 3}
    assert parse_option_text('{"a": 1}') == {"a": 1}
    with pytest.raises(OptionsError):
        parse_option_text("novalue")
    with pytest.raises(OptionsError):
        parse_option_text("{bad")


def test_pending_decisions_are_records_with_details() -> None:
    from bouts.core import Decision

    d = Decision.make(2, "defend", attacker=0, location="high")
    assert (d.seat, d.kind, d.get("attacker"), d.get("location")) == (2, "defend", 0, "high")
    assert d.get("missing", "-") == "-"
    assert d == Decision.make(2, "defend", location="high", attacker=0)  # order of details does not matter
    stack = [Decision.make(0, "chain_partner"), d]
    assert stack[-1].kind == "defend"  # the top of the stack is decided first


def test_docstring_examples_of_the_public_api() -> None:
    import doctest

    import bouts
    import bouts.agents.base
    import bouts.core.actions
    import bouts.core.chance
    import bouts.core.contract
    import bouts.core.decisions
    import bouts.core.events
    import bouts.core.options
    import bouts.core.text
    import bouts.games.swordplay.actions
    import bouts.games.swordplay.monster

    for module in (bouts, bouts.agents.base, bouts.core.actions, bouts.core.text,
                   bouts.core.chance, bouts.core.contract, bouts.core.decisions,
                   bouts.core.events, bouts.core.options, bouts.games.swordplay.actions,
                   bouts.games.swordplay.monster):
        result = doctest.testmod(module)
        assert result.failed == 0, module.__name__


def test_undo_refused_after_showing_others_your_own_secret() -> None:
    """Fair undo: a card you played face up cannot be unseen by the others, so the decision stands."""
    from bouts.core import Event
    from bouts.core.match import Step

    match = new_match()
    match.apply("pass", 0)
    assert match.can_undo(0)
    match.steps[-1] = Step(0, "pass", (Event("show", "seat 0 shows its card", reveals=True, owner=0),))
    assert not match.can_undo(0)
    match.steps[-1] = Step(0, "pass", (Event("peek", "you look at your card", to=frozenset({0}), reveals=True,
                                             owner=0),))
    assert match.can_undo(0)
