"""The game at the table, checked the same way over every registered game (issue 13).

- Fair undo: a seat takes back only its own last decision, never across a chance step,
  another seat's decision or an event that showed it something.
- No markup eats the text: every value a game's renderer promises (``Game.shown_values``)
  appears in what a real Rich console prints, for many random states, every seat and a spectator.
- Every decision screen (table + menu) fits a 160 x 50 terminal.
- ``hint`` answers at every decision of a game that has a strategy.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console
from rich.panel import Panel

import bouts
from bouts.agents import make_agent
from bouts.cli.session import Session
from bouts.core import CHANCE, IllegalAction, Match
from bouts.core.text import cell_width
from tests.conformance.cases import CASES, Case, playout

IDS = [str(c) for c in CASES]
WIDTH, HEIGHT = 160, 50


def sampled(case: Case, seeds: range, every: int = 7, most: int = 8) -> list[tuple[Any, int]]:
    """(state, seat to decide) pairs from random playouts: every few decisions (at most ``most`` per game,
    spread over it), and the first and last."""
    found: list[tuple[Any, int]] = []
    for seed in seeds:
        decisions = [(t.before, t.seat) for t in playout(case, seed) if t.seat != CHANCE]
        picked = decisions[::every]
        if len(picked) > most:
            picked = picked[::-(-len(picked) // most)]
        found.extend(picked)
        if decisions:
            found.append(decisions[-1])
    return found


def normal(text: str) -> str:
    """Printed text with panel borders and line breaks folded away, spaces collapsed."""
    return " ".join(text.replace("│", " ").replace("╭", " ").replace("╰", " ").split())


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_undo_is_fair_in_every_game(case: Case) -> None:
    """Undo takes back only the seat's own last decision, only when nothing happened since; it restores exactly."""
    game = case.game
    for seed in range(4):
        match = Match(game, case.seats, case.options, None, seed)
        rng = random.Random(seed)
        for _ in range(400):
            match.advance()
            acting = match.to_act()
            if not acting:
                break
            seat = rng.choice(acting)
            match.apply(rng.choice(match.legal_actions(seat)), seat)
            last = match.steps[-1]
            for other in range(case.seats):
                fair = (last.seat == other and not any(e.is_news_to_anyone for e in last.events))
                assert match.can_undo(other) == fair, f"{case} seed {seed}: seat {other} after {last}"
                if other != last.seat:
                    with pytest.raises(IllegalAction, match="undo is not possible"):
                        match.undo(other)
            if match.can_undo(seat) and rng.random() < 0.3:
                before = match.states[-2]
                match.undo(seat)
                assert match.state is before and len(match.steps) == len(match.states) - 1


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_shown_value_reaches_the_screen(case: Case) -> None:
    """No markup eats the text: each value the renderer promises is in a real Rich console's output."""
    game = case.game
    states = sampled(case, range(3), every=5)
    checked = 0
    for state, _ in states:
        for seat in [*range(case.seats), None]:
            view = game.view(state, seat)
            values = game.shown_values(view)
            if not values:
                continue
            out = io.StringIO()
            Console(file=out, width=WIDTH, color_system=None).print(Panel(game.render(view), expand=False))
            printed = normal(out.getvalue())
            for value in values:
                assert normal(value) in printed, f"{case}, seat {seat}: '{value}' is not on screen:\n{out.getvalue()}"
            checked += 1
    assert checked, f"{case.game_id} declares no shown_values: say what its renderer promises to show"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_decision_fits_a_160_by_50_terminal(case: Case) -> None:
    """News, table and menu of a decision at 160 columns: at most 50 lines, none wider than 160."""
    game = case.game
    for state, seat in sampled(case, range(3)):
        match = Match(game, case.seats, case.options, None, 0)
        match.states[-1] = state
        out = io.StringIO()
        session = Session(match, ["human"] * case.seats, Console(file=out, width=WIDTH, color_system=None),
                          lambda prompt: "")
        session.show_news(seat)  # everything since the start: more than one turn's worth
        session.draw(seat)
        session.menu(seat)
        lines = [*out.getvalue().splitlines(), "prompt> "]
        assert len(lines) <= HEIGHT, f"{case}: {len(lines)} lines\n{out.getvalue()}"
        assert max(cell_width(line) for line in lines) <= WIDTH


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_hint_answers_at_every_decision(case: Case) -> None:
    """`hint` gives advice with a reason wherever the game has a strategy (never "no advice")."""
    game = case.game
    assert game.strategy() is not None, f"{case.game_id} brings no strategy (games/<id>/strategy.py)"
    for state, seat in sampled(case, range(2), every=11):
        advice = game.advice(state, seat)
        assert advice and all(line.strip() for line in advice), f"{case}: no advice for seat {seat}"


@pytest.mark.parametrize("game_id", bouts.games())
def test_menus_list_at_most_a_page_and_more_pages_the_rest(game_id: str) -> None:
    """Featured actions are legal; a menu page lists at most MENU_LINES; `more` reaches every action."""
    from bouts.cli.session import MENU_LINES

    game = bouts.game(game_id)
    case = next(c for c in CASES if c.game_id == game_id)
    for state, seat in sampled(case, range(2)):
        legal = game.legal_actions(state, seat)
        featured = game.featured_actions(state, seat)
        assert all(game.is_legal(state, seat, a) for a in featured)
        match = Match(game, case.seats, case.options, None, 0)
        match.states[-1] = state
        session = Session(match, ["human"] * case.seats, Console(file=io.StringIO(), width=WIDTH),
                          lambda prompt: "")
        ordered = session.menu(seat)
        assert sorted(map(str, ordered)) == sorted(map(str, legal))
        listed = [0]
        while session.paged:
            start = session.paged
            assert start - listed[-1] <= MENU_LINES
            listed.append(start)
            session.menu(seat, start)
        assert len(ordered) - listed[-1] <= MENU_LINES


def test_agents_play_on_after_undo() -> None:
    """A bot never needs undo; a heuristic keeps playing on the restored state (smoke test of the history)."""
    game = bouts.game("swordplay")
    match = Match(game, 2, {}, None, 5)
    agent = make_agent("heuristic", seed=1)
    for _ in range(50):
        match.advance()
        if not match.to_act():
            break
        seat = match.to_act()[0]
        match.apply(agent.act(game, match.state, seat), seat)
        if match.can_undo(seat):
            match.undo(seat)
            match.apply(agent.act(game, match.state, seat), seat)


def _scalars(value: Any) -> set[str]:
    """Every scalar value of a view, as text (ids, numbers, names)."""
    if isinstance(value, dict):
        return set().union(*(_scalars(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_scalars(v) for v in value)) if value else set()
    return {str(value)}


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_object_an_action_names_is_on_the_acting_seats_table(case: Case) -> None:
    """Issue 24: an action names the table objects it involves (``kind:id``), and the acting seat's view carries
    each of them, so a renderer can draw the thing and let the player click it."""
    game = case.game
    for state, seat in sampled(case, range(2)):
        view = game.view(state, seat)
        values = _scalars(view)
        for action in game.legal_actions(state, seat):
            parts = game.action_parts(state, seat, action)
            for obj in (*parts.objects, *parts.select):
                kind, _, ident = obj.partition(":")
                assert kind and ident and ident in values, f"{case}: {action} names {obj}, not in the view"


MARKUP_PENDING: set[str] = set()
"""Issue 25: games whose menu lines still hold markup (FGO's winning move did; fixed)."""


@pytest.mark.parametrize("case", [pytest.param(c, id=str(c), marks=pytest.mark.xfail(strict=True, reason="issue 25"))
                                  if c.game_id in MARKUP_PENDING else pytest.param(c, id=str(c)) for c in CASES])
def test_no_menu_line_holds_markup(case: Case) -> None:
    """Issue 25: a menu line is words, never Rich markup (the terminal escapes it, so markup shows raw)."""
    game = case.game
    for state, seat in sampled(case, range(3), every=1, most=200):
        for action in game.legal_actions(state, seat):
            label = game.describe(state, seat, action)
            assert "[/]" not in label and "[bold" not in label, f"{case}: markup in {label!r}"
