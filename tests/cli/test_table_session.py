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
