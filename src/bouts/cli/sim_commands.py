"""The ``bouts sim`` and ``bouts tournament`` commands.

Bad input (unknown game, options, content or agent) prints one line to stderr and
exits with code 2; a game that fails during a run exits with code 1.
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
from bouts.core.content import ContentError
from bouts.core.contract import IllegalAction, OptionsError
from bouts.core.options import parse_option_text
from bouts.core.registry import UnknownGame
from bouts.sim.backends import BACKENDS, default_jobs, iter_batches
from bouts.sim.config import SimConfig, SimError, resolve_game, split_specs
from bouts.sim.report import GameWriter, atomic_text, check_out, pairing_matrix
from bouts.sim.stats import CONFOUNDED, Rate, Summary, Tally, summarize
from bouts.sim.tournament import TournamentResult, run_tournament

INPUT_ERRORS = (SimError, UnknownGame, OptionsError, ContentError, AgentSpecError, IllegalAction)
"""Errors that mean the command line asked for something that cannot be."""


def _fail(message: str, code: int = 2) -> SystemExit:
    """Print one line to stderr; the exit to raise.

    ``SystemExit`` rather than ``typer.Exit``: click returns (and so may drop) a ``typer.Exit`` code when
    run with ``standalone_mode=False``, but lets ``SystemExit`` through.
    """
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {message}", markup=False)
    return SystemExit(code)


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
        raise SimError("--address is the address of a Ray cluster: use it with --backend ray")
    if n < 1:
        raise SimError(f"-n must be at least 1, not {n}")
    if jobs is not None and jobs < 1:
        raise SimError(f"--jobs must be at least 1, not {jobs}")
    if backend not in BACKENDS:
        raise SimError(f"unknown backend '{backend}' (known: {', '.join(BACKENDS)})")
    if content is not None and not content.is_dir():
        raise SimError(f"--content {content}: no such directory")
    resolve_game(game)
    return parse_option_text(options), None if content is None else str(content)


def _rate_row(rate: Rate) -> list[str]:
    return [str(rate.wins), str(rate.games), f"{rate.rate:.1%}", f"{rate.low:.1%} - {rate.high:.1%}"]


GameArg = Annotated[str, typer.Argument(help="Game id (see `bouts list`).")]
GamesOpt = Annotated[int, typer.Option("-n", "--games", help="Games to play.")]
OptionsOpt = Annotated[str | None, typer.Option("--options", help="Game options: key=value,... or JSON.")]
ContentOpt = Annotated[Path | None, typer.Option("--content", help="Content pack directory.")]
SeedOpt = Annotated[int, typer.Option("--seed", help="Batch seed; results depend only on it and the rest.")]
JobsOpt = Annotated[int | None, typer.Option("--jobs", "-j", help="Worker processes (default: one per core).")]
BackendOpt = Annotated[str, typer.Option("--backend", help="local (process pool) or ray.")]
AddressOpt = Annotated[str | None, typer.Option("--address", help="Ray cluster address (default: a local Ray).")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]


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
            "--seats", help="Agent per seat, e.g. ismcts:iterations=200,heuristic or random*3.")] = None,
        options: OptionsOpt = None, content: ContentOpt = None, seed: SeedOpt = 0, jobs: JobsOpt = None,
        backend: BackendOpt = "local", address: AddressOpt = None,
        out: Annotated[Path | None, typer.Option(
            "--out", help="Write games.jsonl, games.csv, summary.json, winrates.png, lengths.png, report.html "
                          "here (games.partial.* if interrupted).")] = None,
        max_steps: Annotated[int, typer.Option("--max-steps", help="Stop a game after this many steps.")] = 100_000,
        assign: Annotated[str, typer.Option(
            "--assign", help="choose: the agents choose their hero/party; random: a design study that deals "
                             "each seat's content uniformly, so per-choice rates measure the content.")] = "choose",
        quiet: QuietOpt = False) -> None:
    """Play N games with the given agents; win rates (95% Wilson intervals), lengths, reports."""
    writer: GameWriter | None = None
    try:
        opts, pack = _checked_common(game, n, options, content, jobs, backend, address)
        if max_steps < 1:
            raise SimError(f"--max-steps must be at least 1, not {max_steps}")
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
        raise _fail(str(exc)) from None
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
                for _, records in stream:
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
        raise _fail(str(exc), 1) from None
    except BaseException:
        if writer is not None:
            writer.discard()
        raise
    if interrupted:
        line = f"interrupted: {tally.games} of {n} games finished"
        if writer is not None:
            paths = writer.finish_partial(n)
            line += f"; written (marked partial) to {paths[0]} and {paths[1].name}"
        Console(stderr=True, highlight=False, soft_wrap=True).print(line, markup=False)
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
            raise _fail(f"cannot write the report to {out}: {exc}", 1) from None
        Console(highlight=False).print(f"Report: {paths[-1]} (and {', '.join(p.name for p in paths[:-1])})")


def _print_summary(game: str, config: SimConfig, summary: Summary, backend: str, jobs: int | None,
                   elapsed: float) -> None:
    n = summary.games
    console = Console(highlight=False)
    study = ", content dealt at random (design study)" if config.assign == "random" else ""
    console.print(f"[bold]{game}[/bold]: {n} games{study}, seed {config.seed}, {backend} backend, "
                  f"{jobs or default_jobs()} job(s), {elapsed:.1f} s ({n / max(elapsed, 1e-9):.1f} games/s)")
    table = Table(title="Win rate per seat (95% Wilson interval)")
    for column in ("seat", "agent", "wins", "games", "win rate", "95% interval"):
        table.add_column(column)
    for index, (agent, rate) in enumerate(summary.seats):
        table.add_row(str(index), escape(agent), *_rate_row(rate))
    console.print(table)
    if len(summary.agents) < len(summary.seats):
        table = Table(title="Win rate per agent")
        for column in ("agent", "wins", "seat-games", "win rate", "95% interval"):
            table.add_column(column)
        for agent, rate in summary.agents:
            table.add_row(escape(agent), *_rate_row(rate))
        console.print(table)
    if summary.content:
        _print_content(console, summary)
    if resolve_game(game).info.cooperative:
        console.print(f"All seats won together (team clear): {summary.team}")
    console.print(f"No winner: {summary.no_winner}; stopped by the step limit: {summary.unfinished}")
    if summary.unfinished:
        console.print(f"[yellow]{summary.unfinished} game(s) reached the step limit ({config.max_steps} steps) "
                      "without an end: the game may be unable to end (check the content pack), "
                      "or raise --max-steps[/]")
    length = summary.length
    console.print(f"Game length (steps): mean {length.mean:.1f}, median {length.median:g}, "
                  f"min {length.least}, max {length.most}")
    console.print("Decisions per game: " + ", ".join(
        f"seat {i} {d.mean:.1f}" for i, d in enumerate(summary.decisions)))


def _print_content(console: Console, summary: Summary) -> None:
    flags = dict(summary.flags)
    table = Table(title="Win rate per content choice")
    for column in ("choice", "wins", "seat-games", "win rate", "95% interval", "flag"):
        table.add_column(column)
    for choice, rate in summary.content:
        table.add_row(escape(choice), *_rate_row(rate), flags.get(choice, ""))
    console.print(table)
    if len({a for _, a, _ in summary.content_by_agent}) > 1:
        table = Table(title="Win rate per content choice and agent")
        for column in ("choice", "agent", "wins", "seat-games", "win rate", "95% interval"):
            table.add_column(column)
        for choice, agent, rate in summary.content_by_agent:
            table.add_row(escape(choice), escape(agent), *_rate_row(rate))
        console.print(table)
    if summary.confounded:
        console.print(f"[yellow]Content rates are confounded:[/] {escape(CONFOUNDED)}.")
    matrix = pairing_matrix(summary, limit=12)
    if matrix:
        names, cells = matrix
        table = Table(title="Pairings: win rate of the row's choice against the column's (games)")
        table.add_column("")
        for name in names:
            table.add_column(escape(name))
        for name, row in zip(names, cells, strict=True):
            table.add_row(escape(name), *row)
        console.print(table)


def tournament(game: GameArg,
               agents: Annotated[str, typer.Option("--agents", help="Agents, e.g. random,heuristic,ismcts.")],
               n: Annotated[int, typer.Option("-n", "--games", help="Games per seating.")] = 20,
               seats: Annotated[int | None, typer.Option(
                   "--seats", help="Seats per game (default: 2, or the game's fewest).")] = None,
               options: OptionsOpt = None, content: ContentOpt = None, seed: SeedOpt = 0, jobs: JobsOpt = None,
               backend: BackendOpt = "local", address: AddressOpt = None,
               out: Annotated[Path | None, typer.Option(
                   "--out", help="Write tournament.json and matrix.csv here.")] = None,
               quiet: QuietOpt = False) -> None:
    """Every pair of agents in every seat order: a win-rate matrix and a ranking."""
    try:
        opts, pack = _checked_common(game, n, options, content, jobs, backend, address)
        info = resolve_game(game).info
        count = seats if seats is not None else min(info.max_seats, max(2, info.min_seats))
        if not info.min_seats <= count <= info.max_seats:
            raise SimError(f"{info.id} takes {info.min_seats} to {info.max_seats} seats, not {count}")
        specs = split_specs(agents)
        from bouts.sim.tournament import tournament_configs

        configs = tournament_configs(game, specs, count, opts, pack, seed)
        for spec in specs:
            SimConfig(game, tuple([spec] * count), opts, pack, seed).check()
        if out is not None:
            check_out(out)
    except INPUT_ERRORS as exc:
        raise _fail(str(exc)) from None
    try:
        interrupts = Interrupts(at_once=backend == "local" and (jobs or default_jobs()) == 1)
        with interrupts, _progress(n * len(configs), f"{game} tournament", quiet) as advance:
            result = run_tournament(game, specs, n, seats=count, options=opts, content=pack, seed=seed,
                                    backend=backend, jobs=jobs, address=address, progress=advance,
                                    stop=lambda: interrupts.requested)
    except KeyboardInterrupt:
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            "interrupted: the tournament stopped before its end; nothing was written", markup=False)
        raise SystemExit(130) from None
    except SimError as exc:
        raise _fail(str(exc), 1) from None
    _print_tournament(result, n)
    if out is not None:
        try:
            _write_tournament(out, result)
        except OSError as exc:
            raise _fail(f"cannot write to {out}: {exc}", 1) from None
        Console(highlight=False).print(f"Wrote {out / 'tournament.json'} and {out / 'matrix.csv'}")


def _print_tournament(result: TournamentResult, n: int) -> None:
    console = Console(highlight=False)
    table = Table(title=f"Win rate of row against column ({n} games per seating)")
    table.add_column("")
    for agent in result.agents:
        table.add_column(agent)
    for a in result.agents:
        row = result.matrix[a]
        table.add_row(a, *("-" if a == b else f"{row[b].rate:.0%} [{row[b].low:.0%}, {row[b].high:.0%}]"
                           for b in result.agents))
    console.print(table)
    ranking = Table(title="Ranking (mean win rate over opponents)")
    for column in ("rank", "agent", "mean win rate", "wins", "games", "95% interval"):
        ranking.add_column(column)
    for place, (agent, mean, rate) in enumerate(result.ranking, 1):
        ranking.add_row(str(place), agent, f"{mean:.1%}", str(rate.wins), str(rate.games),
                        f"{rate.low:.1%} - {rate.high:.1%}")
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
    app.command("sim")(sim)
    app.command("tournament")(tournament)
