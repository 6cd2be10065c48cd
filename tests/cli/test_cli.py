"""The `bouts` command: listing, rules, playing, saving, replaying and bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import bouts
from bouts.cli.session import Session
from bouts.core import Match

BOUTS = [sys.executable, "-m", "bouts.cli.main"]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([*BOUTS, *args], input=stdin, capture_output=True, text=True, timeout=120)


def test_list_and_rules() -> None:
    listed = run("list")
    assert listed.returncode == 0 and "swordplay" in listed.stdout and "Swordplay: Arena" in listed.stdout
    rules = run("rules", "swordplay")
    assert rules.returncode == 0
    for text in ("realistic_parries", "solo", "swordplay:reference@", "stand-in", "Attack - High"):
        assert text in rules.stdout


def test_play_json_plays_to_the_end() -> None:
    result = run("play", "swordplay", "--seats", "random,random,random", "--seed", "4", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "swordplay" and data["outcome"]["winners"] and data["decisions"] > 0
    again = run("play", "swordplay", "--seats", "random,random,random", "--seed", "4", "--json")
    assert json.loads(again.stdout) == data  # determinism


@pytest.mark.parametrize(("args", "message"), [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "swordplay", "--seats", "random", "--json"], "at least 2 seats"),
    (["play", "swordplay", "--seats", "random,robot", "--json"], "unknown agent 'robot'"),
    (["play", "swordplay", "--seats", "human,random", "--json"], "--json plays agents only"),
    (["play", "swordplay", "--options", "mode=duel", "--seats", "random,random", "--json"], "option 'mode'"),
    (["play", "swordplay", "--options", "{oops", "--json", "--seats", "random,random"], "not valid JSON"),
    (["play", "swordplay", "--content", "/no/such/dir", "--seats", "random,random", "--json"], "does not exist"),
    (["replay", "/no/such/file.json"], "cannot read"),
    (["rules", "swordplay", "--content", "/no/such/dir"], "does not exist"),
])
def test_bad_input_is_one_clear_line_and_exit_2(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_replay_of_a_broken_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "bouts-match/1", "game": "swordplay", "seats": 2, "actions": [[0, "fly"]]}')
    result = run("replay", str(bad))
    assert result.returncode == 2 and "action #1" in result.stderr and "Traceback" not in result.stderr


def test_interactive_game_save_and_replay(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    script = "help\nxyzzy\n99\n1\n1\nlog\n" + f"save {save}\n" + "1\n" * 3 + "quit\n"
    result = run("play", "swordplay", "--seats", "human,random", "--seed", "2", stdin=script)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Commands" in out and "not a legal action" in out and "choose a number from 1 to" in out
    assert "Your hand:" in out and "Saved to" in out and save.exists()
    data = json.loads(save.read_text())
    assert data["game"] == "swordplay" and data["actions"]
    replayed = run("replay", str(save), "--seat", "1")
    assert replayed.returncode == 0 and "replay:" in replayed.stdout


def test_json_play_can_save_a_replayable_match(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    result = run("play", "swordplay", "--seats", "heuristic,random", "--json", "--save", str(save))
    assert result.returncode == 0, result.stderr
    match = Match.loads(save.read_text())
    assert match.is_over and match.outcome() is not None
    assert json.loads(result.stdout)["outcome"] == match.outcome().to_json()  # type: ignore[union-attr]


class Spy:
    """Records which seats the terminal asks views and logs for."""

    def __init__(self, match: Match) -> None:
        self.seats: list[Any] = []
        view, log = match.view, match.log

        def spy_view(seat: Any) -> dict[str, Any]:
            self.seats.append(seat)
            return view(seat)

        def spy_log(seat: Any) -> Any:
            self.seats.append(seat)
            return log(seat)

        match.view = spy_view  # type: ignore[method-assign]
        match.log = spy_log  # type: ignore[method-assign]


def scripted(lines: list[str]) -> Any:
    queue = list(lines)

    def ask(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)
    return ask


def test_the_terminal_shows_only_the_human_seat_view_and_log() -> None:
    """Hidden information: against a bot, only the human's view and log are ever drawn."""
    match = Match(bouts.game("swordplay"), 2, {}, None, 7)
    spy = Spy(match)
    out = io.StringIO()
    session = Session(match, ["random", "human"], Console(file=out, width=120), scripted(["1"] * 400))
    session.run()
    assert spy.seats and set(spy.seats) == {1}


def test_hot_seat_hides_the_previous_hand_between_turns() -> None:
    match = Match(bouts.game("swordplay"), 2, {}, None, 3)
    spy = Spy(match)
    out = io.StringIO()
    prompts: list[str] = []
    answers = ["1"] * 300

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if not answers:
            raise EOFError
        return answers.pop(0)

    Session(match, ["human", "human"], Console(file=out, width=120), ask).run()
    handovers = [i for i, p in enumerate(prompts) if p.startswith("Pass the keyboard")]
    assert handovers, "hot-seat play must hand the keyboard over"
    assert set(spy.seats) <= {0, 1}
    # Between two different seats' prompts there is always a handover (the screen is cleared).
    last_seat = None
    for i, p in enumerate(prompts):
        if p.startswith("seat "):
            seat = int(p.split()[1].rstrip(">"))
            if last_seat is not None and seat != last_seat:
                assert prompts[i - 1].startswith("Pass the keyboard")
            last_seat = seat


def test_sao_hint_shows_the_exact_reroll_advice() -> None:
    """Issue 3: `hint` in the terminal game shows the advisor's top reroll choices."""
    result = run("play", "sao", "--seats", "human,heuristic", "--seed", "1", stdin="hint\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "expect" in result.stdout and "damage" in result.stdout and "Switch" in result.stdout


def test_fgo_duel_terminal_game_starts_with_party_building() -> None:
    result = run("play", "fgo_duel", "--seats", "human,random", "--seed", "1", stdin="1\n1\n1\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "Your hand" in result.stdout or "hand" in result.stdout
