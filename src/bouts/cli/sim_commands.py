"""The ``bouts sim`` and ``bouts tournament`` commands.

Bad input (unknown game, options, content or agent) prints one line to stderr and
exits with code 2; a game that fails during a run exits with code 1.
"""

from __future__ import annotations

import csv
import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

import bouts
from bouts.agents.base import AgentSpecError
from bouts.core.content import ContentError
from bouts.core.contract import IllegalAction, OptionsError
from bouts.core.options import parse_option_text
from bouts.core.registry import UnknownGame
from bouts.sim.backends import BACKENDS, default_jobs, run_batches
from bouts.sim.config import SimConfig, SimError, resolve_game, split_specs
from bouts.sim.report import write_report
from bouts.sim.stats import Rate, summarize
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
                    backend: str) -> tuple[dict[str, Any], str | None]:
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


def sim(game: GameArg, n: GamesOpt = 100,
        seats: Annotated[str | None, typer.Option(
            "--seats", help="Agent per seat, e.g. ismcts:iterations=200,heuristic or random*3.")] = None,
        options: OptionsOpt = None, content: ContentOpt = None, seed: SeedOpt = 0, jobs: JobsOpt = None,
        backend: BackendOpt = "local", address: AddressOpt = None,
        out: Annotated[Path | None, typer.Option(
            "--out", help="Write games.json, games.csv, winrates.png, lengths.png, report.html here.")] = None,
        max_steps: Annotated[int, typer.Option("--max-steps", help="Stop a game after this many steps.")] = 100_000,
        quiet: QuietOpt = False) -> None:
    """Play N games with the given agents; win rates (95% Wilson intervals), lengths, reports."""
    try:
        opts, pack = _checked_common(game, n, options, content, jobs, backend)
        if seats is None:
            info = resolve_game(game).info
            count = min(info.max_seats, max(2, info.min_seats))
            specs = ["random"] * count
        else:
            specs = split_specs(seats)
        config = SimConfig(game, tuple(specs), opts, pack, seed, max_steps)
        config.check()
    except INPUT_ERRORS as exc:
        raise _fail(str(exc)) from None
    started = time.perf_counter()
    try:
        with _progress(n, f"{game}", quiet) as advance:
            records = run_batches([(config, n)], backend=backend, jobs=jobs, address=address,
                                  progress=advance)[0]
    except SimError as exc:
        raise _fail(str(exc), 1) from None
    elapsed = time.perf_counter() - started
    summary = summarize(records)
    console = Console(highlight=False)
    console.print(f"[bold]{game}[/bold]: {n} games, seed {seed}, {backend} backend, "
                  f"{jobs or default_jobs()} job(s), {elapsed:.1f} s ({n / elapsed:.1f} games/s)")
    table = Table(title="Win rate per seat (95% Wilson interval)")
    for column in ("seat", "agent", "wins", "games", "win rate", "95% interval"):
        table.add_column(column)
    for index, (agent, rate) in enumerate(summary.seats):
        table.add_row(str(index), agent, *_rate_row(rate))
    console.print(table)
    if len(summary.agents) < len(summary.seats):
        table = Table(title="Win rate per agent")
        for column in ("agent", "wins", "seat-games", "win rate", "95% interval"):
            table.add_column(column)
        for agent, rate in summary.agents:
            table.add_row(agent, *_rate_row(rate))
        console.print(table)
    if summary.content:
        table = Table(title="Win rate per content choice")
        for column in ("choice", "wins", "seat-games", "win rate", "95% interval"):
            table.add_column(column)
        for choice, rate in summary.content:
            table.add_row(choice, *_rate_row(rate))
        console.print(table)
    if bouts.game(game).info.cooperative:
        console.print(f"All seats won together (team clear): {summary.team}")
    console.print(f"No winner: {summary.no_winner}; stopped by the step limit: {summary.unfinished}")
    length = summary.length
    console.print(f"Game length (steps): mean {length.mean:.1f}, median {length.median:g}, "
                  f"min {length.least}, max {length.most}")
    console.print("Decisions per game: " + ", ".join(
        f"seat {i} {d.mean:.1f}" for i, d in enumerate(summary.decisions)))
    if out is not None:
        try:
            paths = write_report(out, config, records, summary)
        except OSError as exc:
            raise _fail(f"cannot write the report to {out}: {exc}", 1) from None
        console.print(f"Report: {paths[-1]} (and {', '.join(p.name for p in paths[:-1])})")


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
        opts, pack = _checked_common(game, n, options, content, jobs, backend)
        info = resolve_game(game).info
        count = seats if seats is not None else min(info.max_seats, max(2, info.min_seats))
        if not info.min_seats <= count <= info.max_seats:
            raise SimError(f"{info.id} takes {info.min_seats} to {info.max_seats} seats, not {count}")
        specs = split_specs(agents)
        from bouts.sim.tournament import tournament_configs

        configs = tournament_configs(game, specs, count, opts, pack, seed)
        for spec in specs:
            SimConfig(game, tuple([spec] * count), opts, pack, seed).check()
    except INPUT_ERRORS as exc:
        raise _fail(str(exc)) from None
    try:
        with _progress(n * len(configs), f"{game} tournament", quiet) as advance:
            result = run_tournament(game, specs, n, seats=count, options=opts, content=pack, seed=seed,
                                    backend=backend, jobs=jobs, address=address, progress=advance)
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
    data["seatings"] = [{"config": c.to_json(), "summary": summarize(list(r)).to_json()}
                        for c, r in result.games]
    (out / "tournament.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    with (out / "matrix.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["agent", *result.agents])
        for a in result.agents:
            writer.writerow([a, *("" if a == b else f"{result.matrix[a][b].rate:.4f}" for b in result.agents)])


def register(app: typer.Typer) -> None:
    """Add ``sim`` and ``tournament`` to the ``bouts`` command."""
    app.command("sim")(sim)
    app.command("tournament")(tournament)
