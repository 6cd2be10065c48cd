"""The terminal at the table (issue 13): hand-over clears the scrollback, help, hint, more, undo."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

import bouts
from bouts.cli.session import CLEAR_SCROLLBACK, Session
from bouts.core import Match


def scripted(lines: list[str], prompts: list[str] | None = None) -> Any:
    queue = list(lines)

    def ask(prompt: str) -> str:
        if prompts is not None:
            prompts.append(prompt)
        if not queue:
            raise EOFError
        return queue.pop(0)
    return ask


def test_hot_seat_handover_clears_the_scrollback_too() -> None:
    """The previous seat's hand cannot be scrolled back to: ESC[3J before the hand-over prompt."""
    out = io.StringIO()
    prompts: list[str] = []
    match = Match(bouts.game("swordplay"), 2, {}, None, 3)
    Session(match, ["human", "human"], Console(file=out, width=160, force_terminal=True),
            scripted(["1"] * 40, prompts)).run()
    assert any(p.startswith("Pass the keyboard") for p in prompts)
    assert CLEAR_SCROLLBACK in out.getvalue()


def test_help_shows_the_games_own_examples_and_hint_answers() -> None:
    for game_id, seats in (("swordplay", 2), ("fgo_duel", 2), ("sao", 2)):
        out = io.StringIO()
        match = Match(bouts.game(game_id), seats, {}, None, 1)
        Session(match, ["human"] + ["random"] * (seats - 1), Console(file=out, width=160),
                scripted(["help", "hint"])).run()
        text = out.getvalue()
        assert "Examples" in text, game_id
        assert "No advice" not in text, game_id


def test_undo_is_refused_after_the_other_seat_answered() -> None:
    """Once a bot has decided after you, `undo` is refused with the reason, and the game goes on."""
    out = io.StringIO()
    match = Match(bouts.game("swordplay"), 2, {}, None, 3)
    tried: list[str] = []

    def ask(prompt: str) -> str:
        if any(s.seat == 0 for s in match.steps) and match.steps[-1].seat == 1 and not tried:
            tried.append("undo")
            return "undo"
        if tried:
            return "quit"
        return "1"

    Session(match, ["human", "random"], Console(file=out, width=160), ask).run()
    assert tried and "has decided since your last decision" in out.getvalue()


def test_in_hot_seat_a_seat_cannot_undo_the_previous_seats_decision() -> None:
    """After the hand-over, the new seat types `undo` at once: refused (the last decision was not its own)."""
    out = io.StringIO()
    match = Match(bouts.game("swordplay"), 2, {}, None, 3)
    tried: list[int] = []

    def ask(prompt: str) -> str:
        if prompt.startswith("Pass the keyboard"):
            return ""
        seat = next(s for s in range(2) if prompt.startswith(str(match.game.seat_name(match.state, s))))
        decided = [s.seat for s in match.steps if s.seat >= 0]
        if not tried and decided and decided[-1] != seat:
            tried.append(seat)
            return "undo"
        return "quit" if tried else "1"

    Session(match, ["human", "human"], Console(file=out, width=160), ask).run()
    assert tried and "undo is not possible now" in out.getvalue()


def test_one_option_prompts_that_decide_nothing_are_applied_and_undo_passes_over_them() -> None:
    """Ending a turn with no Attack card in hand is applied for you and logged; `undo` then takes back the
    decision before it, not the automatic step (which would only come back)."""
    from bouts.games.swordplay.state import Phase
    from tests.swordplay.helpers import arrange, at, start

    state = start(2)
    arrange(state, 0, hand=["jump/1", "duck/1", "great_axe/1"])
    at(state, 0, Phase.READY)
    match = Match(bouts.game("swordplay"), 2, {}, None, 0)
    match.states[-1] = state
    out = io.StringIO()
    session = Session(match, ["human", "random"], Console(file=out, width=160), scripted([]))
    match.apply("pass", 0)  # Ready nothing: now only "end" is left
    assert session.auto_apply(0)
    assert "End your turn without attacking (the only choice)" in out.getvalue()
    assert [s.action for s in match.steps][-2:] == ["pass", "end"]


def test_undo_passes_over_automatic_steps() -> None:
    """Keep a full hand (nothing drawn), Ready nothing is automatic (no Item): `undo` at the Combat prompt
    goes back to the Discard decision in one go."""
    from bouts.games.swordplay.state import Phase
    from tests.swordplay.helpers import arrange, at, start

    state = start(2)
    arrange(state, 0, hand=["jump/1", "duck/1", "attack_high/1", "attack_low/1", "parry_high/1"])
    at(state, 0, Phase.DISCARD)
    match = Match(bouts.game("swordplay"), 2, {}, None, 0)
    match.states[-1] = state
    session = Session(match, ["human", "random"], Console(file=io.StringIO(), width=160), scripted([]))
    match.apply("keep", 0)
    assert session.auto_apply(0) and match.state.phase is Phase.COMBAT
    session.undo(0)
    assert match.state is state and not session.auto_steps
