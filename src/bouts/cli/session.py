"""A game at the terminal: humans at the keyboard, agents in the other seats."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from bouts.agents import Agent, make_agent
from bouts.core import CHANCE, IllegalAction, Match, Seat

HUMAN = "human"
DEFAULT_MAX_STEPS = 100_000
"""Steps after which a game is stopped: a game that cannot end (a broken pack) never hangs the terminal."""


def step_limit_reason(steps: int) -> str:
    """Why a game that reached the step limit stopped."""
    return (f"stopped after {steps} steps (the step limit) without an end: the game may be unable to end "
            "(check the content pack), or raise --max-steps")

MENU_LINES = 18
"""The most actions one menu page lists; ``more`` shows the next page."""

NEWS_LINES = 12
"""The most new log lines shown before a decision, so the table and menu stay on one 50-line screen."""

CLEAR_SCROLLBACK = "\x1b[3J"
"""Erases the terminal's scrollback (xterm ``ED 3``), so a hand-over leaves nothing to scroll back to."""

HELP = """[bold]Commands[/]
  [cyan]N[/]            take action number N from the list
  [cyan]text[/]         type an action's text form (shown in brackets); any legal action, listed or not
  [cyan]more[/]         list more of the legal actions (long menus list the best few first)
  [cyan]hint[/]         advice for this decision, with its reason
  [cyan]log[/]          everything you have seen happen so far
  [cyan]undo[/]         take back your last decision (only while nothing has happened since it)
  [cyan]save FILE[/]    save the match (replay it with [dim]bouts replay FILE[/])
  [cyan]view[/]         draw the table again (with [dim]view NAME[/], a game's own view, e.g. view discard)
  [cyan]help[/]         this help
  [cyan]quit[/]         leave the game"""


@dataclass
class Session:
    """Drives a :class:`Match` with a mix of human and agent seats."""

    match: Match
    seats: Sequence[str]
    """Per seat: ``human`` or an agent spec."""
    console: Console
    ask: Callable[[str], str]
    """Reads a line from the human at the keyboard."""
    agents: dict[Seat, Agent] = field(default_factory=dict)
    shown: dict[Seat | None, int] = field(default_factory=dict)
    """How many log events each seat has already been shown."""
    last_human: Seat | None = None
    paged: int = 0
    """Where the next ``more`` page of the current menu starts (0: nothing more to list)."""
    auto_steps: set[int] = field(default_factory=set)
    """History indexes of one-option decisions applied without asking (undo passes over them)."""
    max_steps: int = DEFAULT_MAX_STEPS
    """Steps after which the game is stopped."""

    def __post_init__(self) -> None:
        for seat, spec in enumerate(self.seats):
            if spec != HUMAN:
                self.agents[seat] = make_agent(spec, seed=self.match.seed * 101 + seat)

    @property
    def humans(self) -> list[Seat]:
        """Seats played at the keyboard."""
        return [s for s, spec in enumerate(self.seats) if spec == HUMAN]

    @property
    def hot_seat(self) -> bool:
        """Several people share this terminal: hide each hand between turns."""
        return len(self.humans) > 1

    def observer(self) -> Seat | None:
        """Whose eyes the screen shows: the one human, or (hot-seat) the last human to act."""
        if len(self.humans) == 1:
            return self.humans[0]
        return self.last_human

    # -- output ------------------------------------------------------------------
    def show_news(self, seat: Seat | None) -> None:
        """Print the log events ``seat`` has not seen yet (the last :data:`NEWS_LINES`; ``log`` has them all)."""
        log = self.match.log(seat)
        start = self.shown.get(seat, 0)
        news = log[start:]
        if len(news) > NEWS_LINES:
            self.console.print(f"  [dim]… {len(news) - NEWS_LINES + 1} earlier events: type[/] [cyan]log[/]")
            news = news[len(news) - NEWS_LINES + 1:]
        for event in news:
            self.console.print(f"  [dim]•[/] {escape(event.text)}")
        self.shown[seat] = len(log)

    def draw(self, seat: Seat | None) -> None:
        """Draw the table as ``seat`` sees it."""
        game = self.match.game
        self.console.print(Panel(game.render(self.match.view(seat)), expand=False))

    def ordered_actions(self, seat: Seat) -> list[Any]:
        """The legal actions in menu order: the game's featured ones first, then the rest."""
        game, state = self.match.game, self.match.state
        legal = game.legal_actions(state, seat)
        featured = list(game.featured_actions(state, seat))
        seen = {str(a) for a in featured}
        return featured + [a for a in legal if str(a) not in seen]

    def menu(self, seat: Seat, start: int = 0) -> list[Any]:
        """Print one page of numbered legal actions (from position ``start``); returns all, in menu order.

        The first page lists the game's featured actions (at most :data:`MENU_LINES`);
        ``more`` pages through the rest. Numbers stay the same across pages.
        """
        game, state = self.match.game, self.match.state
        ordered = self.ordered_actions(seat)
        featured = len(game.featured_actions(state, seat))
        end = min(len(ordered), start + MENU_LINES, featured if start == 0 and featured else len(ordered))
        table = Table(show_header=False, box=None, padding=(0, 1))
        for number in range(start + 1, end + 1):
            action = ordered[number - 1]
            table.add_row(f"[cyan]{number}[/]", escape(game.describe(state, seat, action)),
                          f"[dim]\\[{escape(str(action))}][/]")
        self.console.print(table)
        if end < len(ordered):
            self.console.print(f"  [dim]{len(ordered) - end} more: type[/] [cyan]more[/] [dim]to list them, "
                               "or type any action's text form[/]")
        self.paged = end if end < len(ordered) else 0
        return ordered

    # -- the loop ------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game ends (True) or a human quits (False)."""
        match = self.match
        while True:
            _advance(match, self.max_steps)
            acting = match.to_act()
            if not acting:
                break
            if len(match.steps) >= self.max_steps:
                self.console.print(f"[bold red]Stopped:[/] {escape(step_limit_reason(len(match.steps)))}")
                return True
            humans = [s for s in acting if self.seats[s] == HUMAN]
            bots = [s for s in acting if s not in humans]
            for seat in bots:
                action = self.agents[seat].act(match.game, match.state, seat)
                match.apply(action, seat)
            if bots:
                continue
            if not self.human_turn(humans[0]):
                return False
        observer = self.observer()
        self.show_news(observer)
        self.draw(observer)
        outcome = match.outcome()
        if outcome is not None:
            names = ", ".join(match.game.seat_name(match.state, s) for s in outcome.winners) or "nobody"
            self.console.print(f"[bold green]Game over:[/] {escape(outcome.reason)}. Winners: {escape(names)}")
            self.console.print(f"[dim]Seed: {match.revealed_seed()}[/]")
        return True

    def clear_screen(self) -> None:
        """Clear the screen and the terminal's scrollback (hot-seat: the last hand cannot be scrolled back to)."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write(CLEAR_SCROLLBACK)
            self.console.file.flush()

    def handover(self, seat: Seat) -> None:
        """Hot-seat: clear the screen and scrollback, and wait for the next player before showing a hand."""
        if self.hot_seat and self.last_human is not None and self.last_human != seat:
            self.clear_screen()
            self.ask(f"Pass the keyboard to {self.match.game.seat_name(self.match.state, seat)} and press Enter")
            self.clear_screen()
        self.last_human = seat

    def auto_apply(self, seat: Seat) -> bool:
        """Apply ``seat``'s only legal action without asking, when the game calls it trivial."""
        match = self.match
        legal = match.legal_actions(seat)
        if len(legal) != 1 or not match.game.is_trivial(match.state, seat, legal[0]):
            return False
        text = match.game.describe(match.state, seat, legal[0])
        match.apply(legal[0], seat)
        self.auto_steps.add(len(match.steps) - 1)
        if seat == self.observer() or not self.hot_seat:
            self.console.print(f"  [dim]• {escape(match.game.seat_name(match.state, seat))}: "
                               f"{escape(text)} (the only choice)[/]")
        return True

    def undo(self, seat: Seat) -> None:
        """Take back ``seat``'s last real decision, passing over one-option steps applied for it."""
        match = self.match
        kept = len(match.steps)
        while match.steps and len(match.steps) - 1 in self.auto_steps and match.can_undo(seat):
            self.auto_steps.discard(len(match.steps) - 1)
            match.undo(seat)
        if not match.can_undo(seat) and len(match.steps) < kept:
            # Only automatic steps could go: they come back by themselves, so refuse as a whole.
            raise IllegalAction(match.undo_refusal(seat))
        match.undo(seat)

    def view_zone(self, seat: Seat, zone: str) -> None:
        """Show one of the game's public zones by name (``view discard``)."""
        game = self.match.game
        zones = game.zones()
        if zone not in zones:
            known = ", ".join(zones) or "none in this game"
            self.console.print(f"[red]no view named '{escape(zone)}'[/] (known: {escape(known)})")
            return
        self.console.print(game.render_zone(self.match.view(seat), zone))

    def show_help(self, seat: Seat) -> None:
        """The commands, and this game's own examples (or the current decision's text forms) and views."""
        game, state = self.match.game, self.match.state
        self.console.print(HELP)
        examples = game.help_examples() or [
            (str(a), game.describe(state, seat, a)) for a in self.ordered_actions(seat)[:3]]
        examples += [(f"view {zone}", meaning) for zone, meaning in game.zones().items()
                     if f"view {zone}" not in {text for text, _ in examples}]
        if examples:
            table = Table(title=f"Examples ({escape(game.info.name)})", title_justify="left", show_header=False,
                          box=None, padding=(0, 1))
            for text, meaning in examples:
                table.add_row(f"  [cyan]{escape(text)}[/]", f"[dim]{escape(meaning)}[/]")
            self.console.print(table)

    def human_turn(self, seat: Seat) -> bool:
        """Ask ``seat`` for one decision; False when the player quits."""
        match = self.match
        self.handover(seat)
        if self.auto_apply(seat):
            return True
        self.show_news(seat)
        self.draw(seat)
        name = match.game.seat_name(match.state, seat)
        legal = self.menu(seat)
        while True:
            try:
                line = self.ask(f"{name}> ").strip()
            except EOFError:
                return False
            if not line:
                continue
            command, _, rest = line.partition(" ")
            if command in ("quit", "exit"):
                return False
            if command in ("help", "?"):
                self.show_help(seat)
                continue
            if command == "more":
                if self.paged:
                    self.menu(seat, self.paged)
                else:
                    self.console.print("  [dim]every legal action is listed; type[/] [cyan]view[/] "
                                       "[dim]to list them again[/]")
                continue
            if command == "view":
                if rest.strip():
                    self.view_zone(seat, rest.strip())
                    continue
                self.draw(seat)
                self.menu(seat)
                continue
            if command == "log":
                for event in match.log(seat):
                    self.console.print(f"  [dim]•[/] {escape(event.text)}")
                continue
            if command == "hint":
                hints = match.game.advice(match.state, seat)
                self.console.print("\n".join(f"  {escape(h)}" for h in hints) or "  No advice for this decision.")
                continue
            if command == "save":
                self.save(rest.strip(), seat)
                continue
            if command == "undo":
                try:
                    self.undo(seat)
                except IllegalAction as exc:
                    self.console.print(f"[red]{escape(str(exc))}[/]")
                    continue
                self.shown[seat] = len(match.log(seat))
                self.console.print("[yellow]Undone.[/]")
                return True
            try:
                if line.isdigit():
                    number = int(line)
                    if not 1 <= number <= len(legal):
                        raise IllegalAction(f"choose a number from 1 to {len(legal)}")
                    match.apply(legal[number - 1], seat)
                else:
                    match.apply(line, seat)
            except IllegalAction as exc:
                self.console.print(f"[red]{escape(str(exc))}[/] (type [cyan]help[/] for commands)")
                continue
            return True

    def save(self, path: str, seat: Seat | None = None) -> None:
        """Write the match to ``path`` (saved by ``seat``: an unfinished match replays only as that seat saw it)."""
        if not path:
            self.console.print("[red]save needs a file name, e.g. save game.json[/]")
            return
        try:
            Path(path).write_text(self.match.dumps(seat), encoding="utf-8")
        except OSError as exc:
            self.console.print(f"[red]could not save to {escape(path)}: {escape(exc.strerror or str(exc))}[/]")
            return
        self.console.print(f"Saved to {escape(path)}.")


def _advance(match: Match, max_steps: int) -> None:
    """Resolve chance steps until a seat must decide, the game ends or the step limit is reached."""
    while len(match.steps) < max_steps and match.step_chance():
        pass


def play_to_end(match: Match, seats: Sequence[str], max_steps: int = DEFAULT_MAX_STEPS) -> dict[str, Any]:
    """Play a match among agents to the end (or the step limit); the result as JSON-ready data."""
    agents = {s: make_agent(spec, seed=match.seed * 101 + s) for s, spec in enumerate(seats)}
    decisions = 0
    stopped = None
    while True:
        _advance(match, max_steps)
        acting = match.to_act()
        if not acting:
            break
        if len(match.steps) >= max_steps:
            stopped = step_limit_reason(len(match.steps))
            break
        for seat in acting:
            if seat != CHANCE:
                match.apply(agents[seat].act(match.game, match.state, seat), seat)
                decisions += 1
    outcome = match.outcome()
    return {
        "game": match.game.info.id,
        "seed": match.seed,
        "seats": list(seats),
        "options": match.options,
        "content": match.content.id,
        "outcome": None if outcome is None else outcome.to_json(),
        "finished": outcome is not None,
        "stopped": stopped,
        "steps": len(match.steps),
        "decisions": decisions,
    }


def dumps(data: Any) -> str:
    """JSON for scripts."""
    return json.dumps(data, ensure_ascii=False)
