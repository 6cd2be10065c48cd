"""The ``bouts sim`` and ``bouts tournament`` commands.

Bad input (unknown game, options, content or agent) prints one line to stderr and
exits with code 2; a game that fails during a run exits with code 1. Every word is in the current language
(``bouts --lang ja``): help texts are message ids (``N_``) translated when the command line is read.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from bouts.agents.base import AgentSpecError
from bouts.core.content import ContentError, os_problem
from bouts.core.contract import IllegalAction, OptionsError
from bouts.core.i18n import BOUTS, N_
from bouts.core.options import parse_option_text
from bouts.core.registry import UnknownGame
from bouts.sim.backends import BACKENDS, default_jobs, iter_batches
from bouts.sim.config import SimConfig, SimError, resolve_game, split_specs
from bouts.sim.report import RATE_HEADERS, GameWriter, atomic_text, check_out, flag_word, pairing_matrix, rate_interval
from bouts.sim.stats import CONFOUNDED, Rate, Summary, Tally, summarize
from bouts.sim.tournament import TournamentResult, run_tournament

_ = BOUTS.gettext
_n = BOUTS.ngettext
M_ = BOUTS.message

INPUT_ERRORS = (SimError, UnknownGame, OptionsError, ContentError, AgentSpecError, IllegalAction)
"""Errors that mean the command line asked for something that cannot be."""


def _fail(message: object, code: int = 2) -> SystemExit:
    """Print one line to stderr (``message`` in the current language: an error, a message or text); the exit
    to raise.

    ``SystemExit`` rather than ``typer.Exit``: click returns (and so may drop) a ``typer.Exit`` code when
    run with ``standalone_mode=False``, but lets ``SystemExit`` through.
    """
    Console(stderr=True, highlight=False, soft_wrap=True).print(_("error:") + f" {message}", markup=False)
    return SystemExit(code)


def _say(text: str) -> None:
    """One line to stderr (no markup)."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(text, markup=False)


@contextmanager
def _progress(total: int, label: str, quiet: bool) -> Iterator[Callable[[int], None] | None]:
    if quiet:
        yield None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=False) as bar:
        task = bar.add_task(label, total=total)
        yield lambda done: bar.advance(task, done)


def _checked_common(game: str, n: int, options: str | None, content: Path | None, jobs: int | None,
                    backend: str, address: str | None = None) -> tuple[dict[str, Any], str | None]:
    if address is not None and backend != "ray":
        raise SimError(M_("--address is the address of a Ray cluster: use it with --backend ray"))
    if n < 1:
        raise SimError(M_("-n must be at least 1, not {n}", n=n))
    if jobs is not None and jobs < 1:
        raise SimError(M_("--jobs must be at least 1, not {jobs}", jobs=jobs))
    if backend not in BACKENDS:
        raise SimError(M_("unknown backend '{backend}' (known: {known})", backend=backend, known=list(BACKENDS)))
    if content is not None and not content.is_dir():
        raise SimError(M_("--content {path}: no such directory", path=str(content)))
    resolve_game(game)
    return parse_option_text(options), None if content is None else str(content)


def _rate_row(rate: Rate) -> list[str]:
    return [str(rate.wins), str(rate.games), f"{rate.rate:.1%}", rate_interval(rate)]


def _columns(table: Table, *names: str) -> None:
    """Add columns whose headers are message ids, in the current language."""
    for name in names:
        table.add_column(_(name))


GameArg = Annotated[str, typer.Argument(help=N_("Game id (see `bouts list`)."))]
GamesOpt = Annotated[int, typer.Option("-n", "--games", help=N_("Games to play."))]
OptionsOpt = Annotated[str | None, typer.Option("--options", help=N_("Game options: key=value,... or JSON."))]
ContentOpt = Annotated[Path | None, typer.Option("--content", help=N_("Content pack directory."))]
SeedOpt = Annotated[int, typer.Option("--seed", help=N_("Batch seed; results depend only on it and the rest."))]
JobsOpt = Annotated[int | None, typer.Option("--jobs", "-j", help=N_("Worker processes (default: one per core)."))]
BackendOpt = Annotated[str, typer.Option("--backend", help=N_("local (process pool) or ray."))]
AddressOpt = Annotated[str | None, typer.Option("--address", help=N_("Ray cluster address (default: a local Ray)."))]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help=N_("No progress bar."))]


class Interrupts:
    """Ctrl-C and SIGTERM stop a run cleanly.

    With ``at_once`` (games played in this process) a signal raises :class:`KeyboardInterrupt`
    at once, except inside :meth:`shield` (writing one game), where it waits until the game is
    written. Otherwise it only sets :attr:`requested`, which the backend polls (``stop=``) at a
    point where stopping leaves no lock held in the pool.
    """

    def __init__(self, at_once: bool = True) -> None:
        self.requested = False
        self.shielded = not at_once
        self._previous: dict[int, Any] = {}

    def _handler(self, signum: int, frame: Any) -> None:
        self.requested = True
        if not self.shielded:
            raise KeyboardInterrupt

    def __enter__(self) -> Interrupts:
        if threading.current_thread() is threading.main_thread():  # signals reach the main thread only
            for number in (signal.SIGINT, signal.SIGTERM):
                self._previous[number] = signal.signal(number, self._handler)
        return self

    def __exit__(self, *exc: object) -> None:
        for number, previous in self._previous.items():
            signal.signal(number, previous)

    @contextmanager
    def shield(self) -> Iterator[None]:
        """Hold interrupts back while the body runs."""
        before, self.shielded = self.shielded, True
        try:
            yield
        finally:
            self.shielded = before
        if self.requested:
            raise KeyboardInterrupt


def sim(game: GameArg, n: GamesOpt = 100,
        seats: Annotated[str | None, typer.Option(
            "--seats", help=N_("Agent per seat, e.g. ismcts:iterations=200,heuristic or random*3."))] = None,
        options: OptionsOpt = None, content: ContentOpt = None, seed: SeedOpt = 0, jobs: JobsOpt = None,
        backend: BackendOpt = "local", address: AddressOpt = None,
        out: Annotated[Path | None, typer.Option(
            "--out", help=N_("Write games.jsonl, games.csv, summary.json, winrates.png, lengths.png, report.html "
                             "here (games.partial.* if interrupted)."))] = None,
        max_steps: Annotated[int, typer.Option("--max-steps", help=N_("Stop a game after this many steps."))]
        = 100_000,
        assign: Annotated[str, typer.Option(
            "--assign", help=N_("choose: the agents choose their hero/party; random: a design study that deals "
                                "each seat's content uniformly, so per-choice rates measure the content."))]
        = "choose",
        quiet: QuietOpt = False) -> None:
    """Play N games with the given agents; win rates (95% Wilson intervals), lengths, reports."""
    writer: GameWriter | None = None
    try:
        opts, pack = _checked_common(game, n, options, content, jobs, backend, address)
        if max_steps < 1:
            raise SimError(M_("--max-steps must be at least 1, not {steps}", steps=max_steps))
        if seats is None:
            info = resolve_game(game).info
            count = min(info.max_seats, max(2, info.min_seats))
            specs = ["random"] * count
        else:
            specs = split_specs(seats)
        config = SimConfig(game, tuple(specs), opts, pack, seed, max_steps, assign)
        config.check()
        if out is not None:
            writer = GameWriter(out, config)  # the folder is checked (and opened) before the first game
    except INPUT_ERRORS as exc:
        raise _fail(exc) from None
    started = time.perf_counter()
    tally = Tally()
    tally.chose_own = config.assign == "choose"
    interrupted = False
    in_process = backend == "local" and (jobs or default_jobs()) == 1
    interrupts = Interrupts(at_once=in_process)
    stream = iter_batches([(config, n)], backend=backend, jobs=jobs, address=address,
                          stop=lambda: interrupts.requested)
    try:
        with interrupts, _progress(n, f"{game}", quiet) as advance:
            try:
                for _batch, records in stream:
                    with interrupts.shield():
                        for record in records:
                            tally.add(record)
                            if writer is not None:
                                writer.write(record)
                        if advance is not None:
                            advance(len(records))
            finally:
                stream.close()  # stops and reaps every worker, also on an interrupt
    except KeyboardInterrupt:
        interrupted = True
    except SimError as exc:
        if writer is not None:
            writer.discard()
        raise _fail(exc, 1) from None
    except BaseException:
        if writer is not None:
            writer.discard()
        raise
    if interrupted:
        if writer is not None:
            paths = writer.finish_partial(n)
            _say(_("interrupted: {done} of {total} games finished; written (marked partial) to {path} and {other}",
                   done=tally.games, total=n, path=str(paths[0]), other=paths[1].name))
        else:
            _say(_("interrupted: {done} of {total} games finished", done=tally.games, total=n))
        if backend == "ray":  # Ray's own exit hooks take a second more; everything is written and closed
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(130)
        raise SystemExit(130)
    elapsed = time.perf_counter() - started
    summary = tally.summary()
    _print_summary(game, config, summary, backend, jobs, elapsed)
    if writer is not None:
        try:
            paths = writer.finish(summary)
        except OSError as exc:
            writer.discard()
            raise _fail(M_("cannot write the report to {folder}: {reason}", folder=str(out), reason=os_problem(exc)),
                        1) from None
        Console(highlight=False).print(_("Report: {path} (and {others})", path=str(paths[-1]),
                                         others=[p.name for p in paths[:-1]]), markup=False)


def _print_summary(game: str, config: SimConfig, summary: Summary, backend: str, jobs: int | None,
                   elapsed: float) -> None:
    n = summary.games
    console = Console(highlight=False)
    facts = {"game": game, "games": _n("{count} game", "{count} games", n), "seed": config.seed, "backend": backend,
             "jobs": _n("{count} job", "{count} jobs", jobs or default_jobs()), "seconds": f"{elapsed:.1f}",
             "speed": f"{n / max(elapsed, 1e-9):.1f}"}
    if config.assign == "random":
        line = _("{game}: {games}, content dealt at random (design study), seed {seed}, {backend} backend, {jobs}, "
                 "{seconds} s ({speed} games/s)", **facts)
    else:
        line = _("{game}: {games}, seed {seed}, {backend} backend, {jobs}, {seconds} s ({speed} games/s)", **facts)
    console.print(f"[bold]{escape(game)}[/bold]" + escape(line[len(game):]) if line.startswith(game) else escape(line))
    table = Table(title=_("Win rate per seat (95% Wilson interval)"))
    _columns(table, N_("seat"), N_("agent"), *RATE_HEADERS)
    for index, (agent, rate) in enumerate(summary.seats):
        table.add_row(str(index), escape(agent), *_rate_row(rate))
    console.print(table)
    if len(summary.agents) < len(summary.seats):
        table = Table(title=_("Win rate per agent"))
        _columns(table, N_("agent"), N_("wins"), N_("seat-games"), N_("win rate"), N_("95% interval"))
        for agent, rate in summary.agents:
            table.add_row(escape(agent), *_rate_row(rate))
        console.print(table)
    if summary.content:
        _print_content(console, summary)
    if resolve_game(game).info.cooperative:
        console.print(escape(_("All seats won together (team clear): {rate}", rate=str(summary.team))))
    console.print(escape(_("No winner: {none}; stopped by the step limit: {stopped}", none=summary.no_winner,
                           stopped=summary.unfinished)))
    if summary.unfinished:
        console.print("[yellow]" + escape(_n(
            "{count} game reached the step limit ({steps} steps) without an end: the game may be unable to end "
            "(check the content pack), or raise --max-steps",
            "{count} games reached the step limit ({steps} steps) without an end: the game may be unable to end "
            "(check the content pack), or raise --max-steps", summary.unfinished, steps=config.max_steps))
            + "[/]")
    length = summary.length
    console.print(escape(_("Game length (steps): mean {mean}, median {median}, min {least}, max {most}",
                           mean=format(length.mean, ".1f"), median=format(length.median, "g"), least=length.least,
                           most=length.most)))
    per_seat = [_("seat {seat} {mean}", seat=i, mean=format(d.mean, ".1f")) for i, d in enumerate(summary.decisions)]
    console.print(escape(_("Decisions per game: {seats}", seats=per_seat)))


def _print_content(console: Console, summary: Summary) -> None:
    flags = dict(summary.flags)
    table = Table(title=_("Win rate per content choice"))
    _columns(table, N_("choice"), N_("wins"), N_("seat-games"), N_("win rate"), N_("95% interval"), N_("flag"))
    for choice, rate in summary.content:
        table.add_row(escape(choice), *_rate_row(rate), escape(flag_word(flags.get(choice, ""))))
    console.print(table)
    if len({a for _c, a, _r in summary.content_by_agent}) > 1:
        table = Table(title=_("Win rate per content choice and agent"))
        _columns(table, N_("choice"), N_("agent"), N_("wins"), N_("seat-games"), N_("win rate"), N_("95% interval"))
        for choice, agent, rate in summary.content_by_agent:
            table.add_row(escape(choice), escape(agent), *_rate_row(rate))
        console.print(table)
    if summary.confounded:
        console.print("[yellow]" + escape(_("Content rates are confounded:")) + "[/] " + escape(_(CONFOUNDED)))
    matrix = pairing_matrix(summary, limit=12)
    if matrix:
        names, cells = matrix
        table = Table(title=_("Pairings: win rate of the row's choice against the column's (games)"))
        table.add_column("")
        for name in names:
            table.add_column(escape(name))
        for name, row in zip(names, cells, strict=True):
            table.add_row(escape(name), *row)
        console.print(table)


def tournament(game: GameArg,
               agents: Annotated[str, typer.Option("--agents", help=N_("Agents, e.g. random,heuristic,ismcts."))],
               n: Annotated[int, typer.Option("-n", "--games", help=N_("Games per seating."))] = 20,
               seats: Annotated[int | None, typer.Option(
                   "--seats", help=N_("Seats per game (default: 2, or the game's fewest)."))] = None,
               options: OptionsOpt = None, content: ContentOpt = None, seed: SeedOpt = 0, jobs: JobsOpt = None,
               backend: BackendOpt = "local", address: AddressOpt = None,
               out: Annotated[Path | None, typer.Option(
                   "--out", help=N_("Write tournament.json and matrix.csv here."))] = None,
               quiet: QuietOpt = False) -> None:
    """Every pair of agents in every seat order: a win-rate matrix and a ranking."""
    try:
        opts, pack = _checked_common(game, n, options, content, jobs, backend, address)
        info = resolve_game(game).info
        count = seats if seats is not None else min(info.max_seats, max(2, info.min_seats))
        if not info.min_seats <= count <= info.max_seats:
            raise SimError(M_("{game} takes {low} to {high} seats, not {seats}", game=info.id, low=info.min_seats,
                              high=info.max_seats, seats=count))
        specs = split_specs(agents)
        from bouts.sim.tournament import tournament_configs

        configs = tournament_configs(game, specs, count, opts, pack, seed)
        for spec in specs:
            SimConfig(game, tuple([spec] * count), opts, pack, seed).check()
        if out is not None:
            check_out(out)
    except INPUT_ERRORS as exc:
        raise _fail(exc) from None
    try:
        interrupts = Interrupts(at_once=backend == "local" and (jobs or default_jobs()) == 1)
        with interrupts, _progress(n * len(configs), _("{game} tournament", game=game), quiet) as advance:
            result = run_tournament(game, specs, n, seats=count, options=opts, content=pack, seed=seed,
                                    backend=backend, jobs=jobs, address=address, progress=advance,
                                    stop=lambda: interrupts.requested)
    except KeyboardInterrupt:
        _say(_("interrupted: the tournament stopped before its end; nothing was written"))
        raise SystemExit(130) from None
    except SimError as exc:
        raise _fail(exc, 1) from None
    _print_tournament(result, n)
    if out is not None:
        try:
            _write_tournament(out, result)
        except OSError as exc:
            raise _fail(M_("cannot write to {folder}: {reason}", folder=str(out), reason=os_problem(exc)), 1) from None
        Console(highlight=False).print(_("Wrote {first} and {second}", first=str(out / "tournament.json"),
                                         second=str(out / "matrix.csv")), markup=False)


def _print_tournament(result: TournamentResult, n: int) -> None:
    console = Console(highlight=False)
    table = Table(title=_("Win rate of row against column ({games} games per seating)", games=n))
    table.add_column("")
    for agent in result.agents:
        table.add_column(escape(agent))
    for a in result.agents:
        row = result.matrix[a]
        table.add_row(escape(a), *("-" if a == b else f"{row[b].rate:.0%} [{row[b].low:.0%}, {row[b].high:.0%}]"
                                   for b in result.agents))
    console.print(table)
    ranking = Table(title=_("Ranking (mean win rate over opponents)"))
    _columns(ranking, N_("rank"), N_("agent"), N_("mean win rate"), N_("wins"), N_("games"), N_("95% interval"))
    for place, (agent, mean, rate) in enumerate(result.ranking, 1):
        ranking.add_row(str(place), escape(agent), f"{mean:.1%}", str(rate.wins), str(rate.games),
                        rate_interval(rate))
    console.print(ranking)


def _write_tournament(out: Path, result: TournamentResult) -> None:
    out.mkdir(parents=True, exist_ok=True)
    data = result.to_json()
    data["seatings"] = [{"config": c.to_json(), "summary": summarize(r).to_json()}
                        for c, r in result.games]
    text = io.StringIO()
    writer = csv.writer(text)
    writer.writerow(["agent", *result.agents])
    for a in result.agents:
        writer.writerow([a, *("" if a == b else f"{result.matrix[a][b].rate:.4f}" for b in result.agents)])
    # written under temporary names, then renamed: the folder never holds half of one run
    atomic_text(out / "tournament.json", json.dumps(data, indent=1) + "\n")
    atomic_text(out / "matrix.csv", text.getvalue())


def register(app: typer.Typer) -> None:
    """Add ``sim`` and ``tournament`` to the ``bouts`` command."""
    app.command("sim", help=N_("Play N games with the given agents; win rates (95% Wilson intervals), lengths, "
                               "reports."))(sim)
    app.command("tournament", help=N_("Every pair of agents in every seat order: a win-rate matrix and a "
                                      "ranking."))(tournament)
