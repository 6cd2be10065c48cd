"""A game at the terminal: humans at the keyboard, agents in the other seats.

Every word printed here comes from the ``bouts`` message catalog (or the game's own) in the language the
player chose (``bouts --lang``); every game string is escaped (no markup, no terminal control characters).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bouts.agents import Agent, make_agent
from bouts.core import CHANCE, IllegalAction, Match, Seat
from bouts.core.events import Event
from bouts.core.i18n import BOUTS, N_, tr
from bouts.core.text import escape_markup as esc

_ = BOUTS.gettext

HUMAN = "human"
DEFAULT_MAX_STEPS = 100_000
"""Steps after which a game is stopped: a game that cannot end (a broken pack) never hangs the terminal."""


def step_limit_reason(steps: int) -> str:
    """Why a game that reached the step limit stopped (in the current language)."""
    return _("stopped after {steps} steps (the step limit) without an end: the game may be unable to end "
             "(check the content pack), or raise --max-steps", steps=steps)


MENU_LINES = 18
"""The most actions one menu page lists; ``more`` shows the next page."""

SCREEN_ROWS = 50
"""The rows a decision's screen (news, table, menu, prompt) must fit when the console is no real terminal."""

MIN_NEWS_ROWS = 3
"""The rows news keeps even when the table and menu fill the screen."""

NEWS_SEPARATOR = " · "
"""Between the events of one seat on a news line, when news is grouped to fit."""

NEWS_BULLET = "  • "
"""Between groups packed side by side on a news line."""

CLEAR_SCROLLBACK = "\x1b[3J"
"""Erases the terminal's scrollback (xterm ``ED 3``), so a hand-over leaves nothing to scroll back to."""

COMMANDS = (
    ("N", N_("take action number N from the list")),
    (N_("Enter"), N_("take the hinted action (marked ★ in the list)")),
    (N_("text"), N_("type an action's text form (shown in brackets); any legal action, listed or not")),
    ("more", N_("list more of the legal actions (long menus list the best few first)")),
    ("hint", N_("advice for this decision, with its reason")),
    ("log", N_("everything you have seen happen so far, numbered")),
    ("why [N]", N_("the rules behind log line N (default: what just happened)")),
    ("undo", N_("take back your last decision (only while nothing has happened since it)")),
    ("save FILE", N_("save the match (replay it with: bouts replay FILE)")),
    ("view", N_("draw the table again (view NAME: one of the game's public zones, e.g. view discard)")),
    ("help", N_("this help")),
    ("quit", N_("leave the game")),
)
"""The terminal's commands (what to type, what it does)."""


def help_text() -> str:
    """The commands as Rich markup, in the current language."""
    lines = ["[bold]" + esc(_("Commands")) + "[/]"]
    for command, meaning in COMMANDS:
        typed = _(command) if command in ("Enter", "text") else command
        pad = " " * max(12 - cell_len(typed), 0)  # by display width: markup escapes and wide characters
        lines.append(f"  [cyan]{esc(typed)}[/]{pad} {esc(_(meaning))}")
    return "\n".join(lines)


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
    wait_at_end: bool | None = None
    """Whether the last screen waits for the player (``log``, ``save``, ``rematch`` or Enter to leave); by
    default when a human plays at a real terminal."""
    rematch: bool = False
    """Set when the player asked for a rematch at the end."""
    recommended: Any = None
    """The hinted action of the current decision (Enter takes it)."""

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

    def seat_label(self, seat: Seat) -> str:
        """A seat as the table names it, in the current language."""
        return tr(self.match.game.seat_name(self.match.state, seat))

    # -- output ------------------------------------------------------------------
    def event_line(self, event: Event, number: int | None = None) -> str:
        """One log line (Rich markup), with its number and the rules it applied when asked for."""
        prefix = f"[dim]{number:>4}[/] " if number is not None else "  [dim]•[/] "
        line = prefix + esc(event.render())
        if event.clauses:
            line += f" [dim]({esc(', '.join(event.clauses))})[/]"
        return line

    def show_news(self, seat: Seat | None, limit: int | None = -1) -> None:
        """Print every log event ``seat`` has not seen yet, sized to what the screen has left.

        ``limit`` is the rows news may take: by default what the table and the menu of ``seat``'s decision
        leave of the screen; ``None`` for no limit (the end of the game). One line per event when they fit;
        otherwise the events of one seat in a row share a line (the seat named once), then those lines are
        packed side by side; only when even that cannot fit do the oldest give way to "type log".
        """
        log = self.match.log(seat)
        news = log[self.shown.get(seat, 0):]
        self.shown[seat] = len(log)
        if not news:
            return
        if limit == -1:
            limit = self.news_rows(seat)
        for line in self.news_lines(news, limit):
            self.console.print(self.hung(line))

    def screen_rows(self) -> int:
        """The rows of the screen: the terminal's, or :data:`SCREEN_ROWS` when printing elsewhere."""
        return self.console.height if self.console.is_terminal else SCREEN_ROWS

    def rows(self, renderable: Any) -> int:
        """How many screen rows ``renderable`` (markup text or a Rich renderable) takes at the console's width."""
        if isinstance(renderable, str):
            renderable = self.hung(renderable)
        options = self.console.options.update(height=None)
        return len(self.console.render_lines(renderable, options, pad=False, new_lines=False))

    def hung(self, line: str) -> Text:
        """A news line (markup) as printed: wrapped with a hanging indent under its text, not at the margin."""
        return hanging(Text.from_markup(line), self.console.width, self.console)

    def news_rows(self, seat: Seat | None) -> int | None:
        """What the table, the menu and the prompt of ``seat``'s decision leave of the screen for news."""
        match = self.match
        if seat is None or seat not in match.to_act():
            return None
        used = self.rows(self.table_panel(seat)) + sum(self.rows(r) for r in self.menu_page(seat)[0]) + 2
        return max(MIN_NEWS_ROWS, self.screen_rows() - used)

    def news_lines(self, news: Sequence[Event], limit: int | None) -> list[str]:
        """The news as printed lines (Rich markup) within ``limit`` rows: see :meth:`show_news`."""
        full = [self.event_line(event) for event in news]
        if limit is None or self.total_rows(full) <= limit:
            return full
        sizes = group_sizes(news)
        groups = [text for text, _count in sizes]
        lines = ["  [dim]•[/] " + esc(text) for text in groups]
        if self.total_rows(lines) > limit:
            lines = self.packed(groups)
        if self.total_rows(lines) <= limit:
            return lines
        start = len(groups) - 1  # the first of the newest groups that fit below the "type log" line
        kept = self.packed(groups[start:])
        while start > 0:
            trial = self.packed(groups[start - 1:])
            if self.total_rows(trial) + 1 > limit:
                break
            start -= 1
            kept = trial
        hidden = sum(count for _text, count in sizes[:start])
        return ["  [dim]" + esc(_("… {count} earlier events: type log", count=hidden)) + "[/]", *kept]

    def total_rows(self, lines: Sequence[str]) -> int:
        """Rows of ``lines`` printed one after another."""
        return sum(self.rows(line) for line in lines)

    def packed(self, texts: Sequence[str]) -> list[str]:
        """News texts side by side, as many to a line as the width holds, a bullet between them (a text never
        splits)."""
        width = self.console.width - 4
        rows: list[list[str]] = []
        used = 0
        for text in texts:
            size = cell_len(text)
            if rows and used + cell_len(NEWS_BULLET) + size <= width:
                rows[-1].append(text)
                used += cell_len(NEWS_BULLET) + size
            else:
                rows.append([text])
                used = size
        return ["  [dim]•[/] " + NEWS_BULLET.replace("•", "[dim]•[/]").join(esc(t) for t in row) for row in rows]

    def show_log(self, seat: Seat | None) -> None:
        """Every event ``seat`` has seen, numbered (``why N`` explains line N)."""
        for number, event in enumerate(self.match.log(seat), start=1):
            self.console.print(self.event_line(event, number))

    def explain_rules(self, seat: Seat | None, which: str) -> None:
        """``why [N]``: the rules behind log line N (default: the lines of the last step ``seat`` saw)."""
        log = self.match.log(seat)
        if which.strip():
            try:
                number = int(which)
            except ValueError:
                number = 0
            if not 1 <= number <= len(log):
                self.console.print("[red]" + esc(_("choose a log line from 1 to {count} (type log to see them)",
                                                   count=len(log))) + "[/]")
                return
            chosen = [(number, log[number - 1])]
        else:
            chosen = [(n, e) for n, e in enumerate(log, start=1) if e.clauses][-3:]
        table = self.match.game.clauses()
        if not chosen:
            self.console.print("  " + esc(_("No rule has been applied yet.")))
            return
        for number, event in chosen:
            self.console.print(self.event_line(event, number))
            if not event.clauses:
                self.console.print("       " + esc(_("(a decision, not the effect of a rule)")))
            for clause in event.clauses:
                summary = tr(table.get(clause)) or _("(see the rulebook checklist)")
                self.console.print(f"       [cyan]{esc(clause)}[/] {esc(summary)}")

    def table_panel(self, seat: Seat | None) -> Panel:
        """The table as ``seat`` sees it, in its frame; a line too long for the screen goes on indented under
        its own start, never back at the frame."""
        table = Text.from_markup(self.match.game.render(self.match.view(seat)))
        return Panel(hanging(table, self.console.width - 4, self.console), expand=False)

    def draw(self, seat: Seat | None) -> None:
        """Draw the table as ``seat`` sees it."""
        self.console.print(self.table_panel(seat))

    def ordered_actions(self, seat: Seat) -> list[Any]:
        """The legal actions in menu order: the game's featured ones first, then the rest."""
        game, state = self.match.game, self.match.state
        legal = game.legal_actions(state, seat)
        featured = list(game.featured_actions(state, seat))
        seen = {str(a) for a in featured}
        return featured + [a for a in legal if str(a) not in seen]

    def menu_page(self, seat: Seat, start: int = 0) -> tuple[list[Any], list[Any], int]:
        """One page of the menu from position ``start``: what to print, every action in menu order, and where
        the page ends."""
        game, state = self.match.game, self.match.state
        ordered = self.ordered_actions(seat)
        featured = len(game.featured_actions(state, seat))
        end = min(len(ordered), start + MENU_LINES, featured if start == 0 and featured else len(ordered))
        hinted = str(self.recommended) if self.recommended is not None else None
        table = Table(show_header=False, box=None, padding=(0, 1))
        for number in range(start + 1, end + 1):
            action = ordered[number - 1]
            mark = "[yellow]★[/]" if str(action) == hinted else " "
            table.add_row(f"{mark}[cyan]{number}[/]", esc(game.describe(state, seat, action)),
                          f"[dim]\\[{esc(str(action))}][/]")
        printed: list[Any] = [table]
        if end < len(ordered):
            printed.append("  [dim]" + esc(_("{count} more: type more to list them, or type any action's "
                                              "text form", count=len(ordered) - end)) + "[/]")
        return printed, ordered, end

    def menu(self, seat: Seat, start: int = 0) -> list[Any]:
        """Print one page of numbered legal actions (from position ``start``); returns all, in menu order.

        The first page lists the game's featured actions (at most :data:`MENU_LINES`);
        ``more`` pages through the rest. Numbers stay the same across pages. The hinted action is marked.
        """
        printed, ordered, end = self.menu_page(seat, start)
        for renderable in printed:
            self.console.print(renderable)
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
                stopped = esc(step_limit_reason(len(match.steps)))
                self.console.print("[bold red]" + esc(_("Stopped:")) + f"[/] {stopped}")
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
        self.game_over()
        return True

    def game_over(self) -> None:
        """The last screen: every event not yet shown, the table, who won and why, the seed; then (at a
        terminal) wait for the player, who may read the log, save, ask for a rematch, or leave."""
        match = self.match
        observer = self.observer()
        self.show_news(observer, limit=None)
        self.draw(observer)
        outcome = match.outcome()
        if outcome is not None:
            standings = Table(title=_("How the game ended"), title_justify="left", show_header=True)
            standings.add_column(_("seat"))
            standings.add_column(_("player"))
            standings.add_column(_("result"))
            for seat in range(match.seats):
                won = seat in outcome.winners
                result = _("won") if won else _("lost")
                if outcome.scores is not None:  # one message: Japanese puts no space before its full-width bracket
                    result = _("{result} (score {score})", result=result, score=format(outcome.scores[seat], "g"))
                result = "[bold green]" + esc(result) + "[/]" if won else esc(result)
                who = _("{name} (you)", name=self.seat_label(seat)) if seat in self.humans else self.seat_label(seat)
                standings.add_row(str(seat + 1), esc(who), result)
            self.console.print(standings)
            reason = outcome.reason_text()
            names = [self.seat_label(seat) for seat in outcome.winners]
            if names and not any(name in reason for name in names):  # whose Medusa: the winner by seat
                text = _("Game over: {names} won: {reason}", names=names, reason=reason)
            else:
                text = _("Game over: {reason}", reason=reason)
            head, found, tail = text.partition(reason)  # the label in bold
            self.console.print("[bold green]" + esc(head) + "[/]" + esc(found) + esc(tail))
        self.console.print("[dim]" + esc(_("Seed: {seed} (bouts play … --seed {seed} plays these dice again)",
                                            seed=match.revealed_seed())) + "[/]")
        wait = self.wait_at_end
        if wait is None:
            wait = bool(self.humans) and self.console.is_terminal
        while wait:
            try:
                line = self.ask(_("Type log, why N, save FILE or rematch; press Enter to leave: ")).strip()
            except (EOFError, StopIteration, KeyboardInterrupt):
                return
            command, _sep, rest = line.partition(" ")
            if not line or command in ("quit", "exit"):
                return
            if command == "log":
                self.show_log(observer)
            elif command == "why":
                self.explain_rules(observer, rest)
            elif command == "save":
                self.save(rest.strip(), observer)
            elif command == "rematch":
                self.rematch = True
                return
            else:
                self.console.print("[red]" + esc(_("unknown command '{command}'", command=command)) + "[/]")

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
            self.ask(_("Pass the keyboard to {player} and press Enter", player=self.seat_label(seat)))
            self.clear_screen()
        self.last_human = seat

    def auto_apply(self, seat: Seat) -> bool:
        """Apply ``seat``'s only legal action without asking, when the game calls it trivial.

        The line saying so comes after the events that led to it, so the log reads in order.
        """
        match = self.match
        legal = match.legal_actions(seat)
        if len(legal) != 1 or not match.game.is_trivial(match.state, seat, legal[0]):
            return False
        text = match.game.describe(match.state, seat, legal[0])
        if seat == self.observer() or not self.hot_seat:
            self.show_news(seat)
        match.apply(legal[0], seat)
        self.auto_steps.add(len(match.steps) - 1)
        if seat == self.observer() or not self.hot_seat:
            self.console.print("  [dim]• " + esc(_("{player}: {action} (the only choice)", player=self.seat_label(seat),
                                                    action=text)) + "[/]")
        return True

    def idle_pass(self, seat: Seat) -> bool:
        """Answer for ``seat`` without asking where the game says nothing it could do would change anything now
        (:meth:`~bouts.core.Game.idle_answer`), only when nobody else watches this screen; undo passes over it."""
        match = self.match
        if self.hot_seat:
            return False
        answer = match.game.idle_answer(match.state, seat)
        if answer is None or str(answer) not in {str(a) for a in match.legal_actions(seat)}:
            return False
        match.apply(answer, seat)
        self.auto_steps.add(len(match.steps) - 1)
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
            known = ", ".join(zones) or _("none in this game")
            self.console.print("[red]" + esc(_("no view named '{zone}'", zone=zone)) + "[/] "
                               + esc(_("(known: {known})", known=known)))
            return
        self.console.print(game.render_zone(self.match.view(seat), zone))

    def show_help(self, seat: Seat) -> None:
        """The commands, and this game's own examples (or the current decision's text forms) and views."""
        game, state = self.match.game, self.match.state
        self.console.print(help_text())
        examples = game.help_examples() or [
            (str(a), game.describe(state, seat, a)) for a in self.ordered_actions(seat)[:3]]
        examples += [(f"view {zone}", meaning) for zone, meaning in game.zones().items()
                     if f"view {zone}" not in {text for text, _meaning in examples}]
        if examples:
            table = Table(title=_("Examples ({game})", game=game.info.name), title_justify="left",
                          show_header=False, box=None, padding=(0, 1))
            for text, meaning in examples:
                table.add_row(f"  [cyan]{esc(text)}[/]", f"[dim]{esc(tr(meaning))}[/]")
            self.console.print(table)

    def recommend(self, seat: Seat) -> Any:
        """The hinted action at ``seat``'s decision (Enter takes it), or ``None``."""
        found = self.match.game.recommend(self.match.state, seat)
        if found is None or str(found[0]) not in {str(a) for a in self.match.legal_actions(seat)}:
            return None
        return found[0]

    def human_turn(self, seat: Seat) -> bool:
        """Ask ``seat`` for one decision; False when the player quits."""
        match = self.match
        if self.idle_pass(seat):
            return True
        self.handover(seat)
        if self.auto_apply(seat):
            return True
        self.show_news(seat)
        self.draw(seat)
        name = self.seat_label(seat)
        self.recommended = self.recommend(seat)
        legal = self.menu(seat)
        prompt = (_("{player} (Enter: ★)> ", player=name) if self.recommended is not None
                  else _("{player}> ", player=name))
        while True:
            try:
                line = self.ask(prompt).strip()
            except (EOFError, StopIteration):
                return False
            if not line:
                if self.recommended is None:
                    continue
                line = str(self.recommended)
                self.console.print("  [dim]→ " + esc(match.game.describe(match.state, seat, self.recommended)) + "[/]")
            command, _sep, rest = line.partition(" ")
            if command in ("quit", "exit"):
                return False
            if command in ("help", "?"):
                self.show_help(seat)
                continue
            if command == "more":
                if self.paged:
                    self.menu(seat, self.paged)
                else:
                    self.console.print("  [dim]" + esc(_("every legal action is listed; type view to list them "
                                                          "again")) + "[/]")
                continue
            if command == "view":
                if rest.strip():
                    self.view_zone(seat, rest.strip())
                    continue
                self.draw(seat)
                self.menu(seat)
                continue
            if command == "log":
                self.show_log(seat)
                continue
            if command == "why":
                self.explain_rules(seat, rest)
                continue
            if command == "hint":
                hints = match.game.advice(match.state, seat)
                self.console.print("\n".join(f"  {esc(h)}" for h in hints) or "  " + esc(_("No advice for this "
                                                                                          "decision.")))
                continue
            if command == "save":
                self.save(rest.strip(), seat)
                continue
            if command == "undo":
                try:
                    self.undo(seat)
                except IllegalAction as exc:
                    self.console.print(f"[red]{esc(str(exc))}[/]")
                    continue
                self.shown[seat] = len(match.log(seat))
                self.console.print("[yellow]" + esc(_("Undone.")) + "[/]")
                return True
            try:
                if line.isdigit():
                    number = int(line)
                    if not 1 <= number <= len(legal):
                        raise IllegalAction(_("choose a number from 1 to {count}", count=len(legal)))
                    match.apply(legal[number - 1], seat)
                else:
                    match.apply(line, seat)
            except IllegalAction as exc:
                self.console.print(f"[red]{esc(str(exc))}[/] " + esc(_("(type help for commands)")))
                continue
            return True

    def save(self, path: str, seat: Seat | None = None) -> None:
        """Write the match to ``path`` (saved by ``seat``: an unfinished match replays only as that seat saw it)."""
        if not path:
            self.console.print("[red]" + esc(_("save needs a file name, e.g. save game.json")) + "[/]")
            return
        try:
            Path(path).write_text(self.match.dumps(seat), encoding="utf-8")
        except OSError as exc:
            self.console.print("[red]" + esc(_("could not save to {path}: {reason}", path=path,
                                               reason=exc.strerror or str(exc))) + "[/]")
            return
        self.console.print(esc(_("Saved to {path}.", path=path)))


HANG = 4
"""How much further than its line's own start the rest of a wrapped table line is indented."""


def hanging(text: Text, width: int, console: Console) -> Text:
    """``text`` with every line longer than ``width`` cells wrapped at spaces, the rest indented by
    :data:`HANG` beyond the line's own indentation (a hanging indent), so a wrapped line reads as one."""
    out = Text()
    for number, line in enumerate(text.split("\n", allow_blank=True)):
        if number:
            out.append("\n")
        if line.cell_len <= width:
            out.append_text(line)
            continue
        plain = line.plain
        hang = min(len(plain) - len(plain.lstrip(" ")) + HANG, width // 2)
        rest = line
        row_width = width
        while True:
            first = rest.wrap(console, row_width)[0]
            cut = len(first.plain.rstrip())
            if cut >= len(rest.plain) or cut == 0:
                out.append_text(rest)
                break
            out.append_text(rest[:cut])
            rest = rest[cut:]
            rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")):]
            if not rest.plain:
                break
            out.append("\n" + " " * hang)
            row_width = width - hang
    return out


def group_sizes(news: Sequence[Event]) -> list[tuple[str, int]]:
    """The news in groups: a run of events about one seat (their ``seat``) is one group, its texts joined with
    the seat named once when they all begin with the same name; every other event is a group of its own.
    Each group as its text and how many events it holds."""
    runs: list[list[Event]] = []
    for event in news:
        seat = event.data.get("seat")
        same = isinstance(seat, int) and runs and runs[-1][-1].data.get("seat") == seat
        if same:
            runs[-1].append(event)
        else:
            runs.append([event])
    return [(_joined([event.render() for event in run]), len(run)) for run in runs]


def _joined(texts: Sequence[str]) -> str:
    """``P2 (Rin): draws 2 cards · uses Gandr``: texts with a common subject (up to a space or colon in each)
    named once; otherwise the texts side by side."""
    if len(texts) < 2:
        return texts[0] if texts else ""
    first = texts[0]
    size = min(len(t) for t in texts)
    subject = first[:next((i for i in range(size) if any(t[i] != first[i] for t in texts)), size)]
    while subject and not all(len(t) > len(subject) and t[len(subject)] in " :" for t in texts):
        cut = max(subject.rfind(" "), subject.rfind(":"))
        subject = subject[:cut] if cut > 0 else ""
    if len(subject.strip()) < 2:
        return NEWS_SEPARATOR.join(texts)
    rests = [t[len(subject):].lstrip(" :") for t in texts]
    if not all(rests):
        return NEWS_SEPARATOR.join(texts)
    return subject.rstrip(" :") + ": " + NEWS_SEPARATOR.join(rests)


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
