"""The designer's workbench on the command line: ``bouts compare``, ``bouts sweep`` and ``bouts results``.

Bad input (an unknown game, field, option, agent or statistic; a patch the schema refuses) prints one
line to stderr and exits with code 2; a game that fails during a run exits with code 1; an interrupt keeps
every finished game and exits with code 130.
"""

from __future__ import annotations

import csv
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from bouts.cli.sim_commands import (
    INPUT_ERRORS,
    AddressOpt,
    BackendOpt,
    ContentOpt,
    Interrupts,
    JobsOpt,
    OptionsOpt,
    QuietOpt,
    SeedOpt,
    _checked_common,
    _fail,
    _progress,
)
from bouts.core.patch import PatchError
from bouts.sim import wording as say
from bouts.sim.backends import default_jobs
from bouts.sim.config import DEFAULT_MAX_STEPS, SimError, split_specs
from bouts.sim.paired import DEFAULT_CONFIDENCE
from bouts.sim.store import RunStore, query, read_manifest
from bouts.sim.sweep import Sweep, Target, parse_stat, parse_vary
from bouts.sim.variants import Design, default_seats, variant_of
from bouts.sim.workbench import Outcome, Running, check_confidence, default_folder
from bouts.sim.workbench import compare as run_compare
from bouts.sim.workbench import sweep as run_sweep
from bouts.sim.workbench_report import key_of, sweep_lines

ERRORS = (*INPUT_ERRORS, PatchError)
"""Errors that mean the command line asked for something that cannot be."""

GameArg = Annotated[str, typer.Argument(help="Game id (see `bouts list`).")]
SeatsOpt = Annotated[str | None, typer.Option(
    "--seats", help="Agent per seat (the same in every variant), e.g. heuristic*3 or random,random.")]
AssignOpt = Annotated[str, typer.Option(
    "--assign", help="choose: the agents choose their content; random: deal it uniformly (the same deal in "
                     "every variant), so per-content rates measure the content.")]
MaxStepsOpt = Annotated[int, typer.Option("--max-steps", help="Stop a game after this many steps.")]
ConfidenceOpt = Annotated[float, typer.Option("--confidence", help="Confidence of intervals and verdicts.")]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", help="Run folder (default: bouts-runs/GAME-KIND-HASH). The same set-up again adds games, "
                  "never repeats them.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the summary as JSON instead of tables.")]


def _design(game: str, seats: str | None, options: str | None, content: Path | None, seed: int, assign: str,
            max_steps: int, n: int, jobs: int | None, backend: str, address: str | None, paired: bool = True,
            kind: str = "compare") -> Design:
    opts, pack = _checked_common(game, n, options, content, jobs, backend, address)
    if max_steps < 1:
        raise SimError(f"--max-steps must be at least 1, not {max_steps}")
    specs = tuple(split_specs(seats)) if seats is not None else default_seats(game)
    return Design(game, specs, (), opts, pack, seed, assign, max_steps, paired, kind)


def _running(backend: str, jobs: int | None, address: str | None, interrupts: Interrupts,
             advance: Any, played: list[int]) -> Running:
    def progress(games: int) -> None:
        played[0] += games
        if advance is not None:
            advance(games)

    return Running(backend, jobs, address, stop=lambda: interrupts.requested, progress=progress,
                   shield=interrupts.shield)


def _interrupted(folder: Path, played: int) -> SystemExit:
    console = Console(stderr=True, highlight=False, soft_wrap=True)
    if played:
        console.print(say.INTERRUPTED.format(played=played, folder=folder), markup=False)
    else:
        console.print(say.INTERRUPTED_NOTHING, markup=False)
    sys.stdout.flush()
    sys.stderr.flush()
    return SystemExit(130)


def compare(game: GameArg,
            variants: Annotated[list[str], typer.Argument(
                help="Variants: 'base' (the game unchanged), a patch file (*.toml) or changes such as "
                     "'hero.mercenary.base_damage += 2; options.realistic_parries = true'. The first is the "
                     "baseline; with one variant, the baseline is the unchanged game.")],
            n: Annotated[int, typer.Option("-n", "--games", help="Games per variant.")] = 1000,
            seats: SeatsOpt = None, options: OptionsOpt = None, content: ContentOpt = None, seed: SeedOpt = 0,
            assign: AssignOpt = "choose", max_steps: MaxStepsOpt = DEFAULT_MAX_STEPS,
            confidence: ConfidenceOpt = DEFAULT_CONFIDENCE,
            unpaired: Annotated[bool, typer.Option(
                "--unpaired", help="Give each variant its own seeds (to see what twin games save).")] = False,
            out: OutOpt = None, jobs: JobsOpt = None, backend: BackendOpt = "local", address: AddressOpt = None,
            quiet: QuietOpt = False, json_out: JsonOpt = False) -> None:
    """Play variants with the same seeds and seats; rates, lengths and differences with a paired test."""
    try:
        check_confidence(confidence)
        base = _design(game, seats, options, content, seed, assign, max_steps, n, jobs, backend, address,
                       not unpaired)
        chosen = [variant_of(v) for v in variants]
        if len(chosen) == 1 and chosen[0].patch.changes:
            chosen.insert(0, variant_of("base"))
        design = base.with_variants(chosen)
        design.check()
        folder = out if out is not None else default_folder(design)
        have = RunStore(folder, design).open()  # a folder holding another run is refused before any game
    except ERRORS as exc:
        raise _fail(str(exc)) from None
    outcome = _play(lambda running: run_compare(design, n, folder, confidence, running), design, n, folder,
                    backend, jobs, address, quiet, have)
    if json_out:
        print(json.dumps(outcome.summary, indent=1, ensure_ascii=False))
        return
    _print_compare(outcome, n, folder)


def _play(call: Any, design: Design, n: int, folder: Path, backend: str, jobs: int | None, address: str | None,
          quiet: bool, have: dict[int, int]) -> Outcome:
    in_process = backend == "local" and (jobs or default_jobs()) == 1
    interrupts = Interrupts(at_once=in_process)
    label = say.PLAYING.format(game=design.game, variants=len(design.variants), games=n)
    played = [0]
    try:
        missing = sum(max(0, n - have.get(v, 0)) for v in range(len(design.variants)))
        with interrupts, _progress(missing, label, quiet) as advance:
            result: Outcome = call(_running(backend, jobs, address, interrupts, advance, played))
            return result
    except KeyboardInterrupt:
        raise _interrupted(folder, played[0]) from None
    except SimError as exc:  # the input was checked before: a game failed, or the folder could not be written
        raise _fail(str(exc), 1) from None
    except ERRORS as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"cannot write to {folder}: {exc.strerror or exc}", 1) from None
    finally:
        if backend == "ray" and interrupts.requested:  # Ray's exit hooks take a while; everything is written
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(130)


def _print_compare(outcome: Outcome, n: int, folder: Path) -> None:
    summary = outcome.summary
    console = Console(highlight=False)
    confidence = summary["confidence"]
    names = [v["name"] for v in summary["variants"]]
    table = Table(title=say.TITLES["variants"].format(games=summary["games"], confidence=confidence))
    table.add_column(say.HEADERS["statistic"])
    for name in names:
        table.add_column(escape(name))
    keys: list[tuple[str, str]] = []
    for variant in summary["variants"]:
        keys += [key_of(s) for s in variant["stats"] if key_of(s) not in keys]
    for key in keys:
        cells = []
        for variant in summary["variants"]:
            stat = next((s for s in variant["stats"] if key_of(s) == key), None)
            cells.append("" if stat is None else
                         say.show_estimate(key, stat["value"], stat["low"], stat["high"]))
        table.add_row(escape(say.stat_label(key)), *cells)
    console.print(table)
    pairing = say.PAIRED if summary["paired"] else say.UNPAIRED
    table = Table(title=say.TITLES["differences"].format(pairing=pairing))
    for header in (say.HEADERS["variant"], say.HEADERS["statistic"], say.HEADERS["difference"],
                   say.HEADERS["diff_interval"].format(confidence=confidence), say.HEADERS["p"],
                   say.HEADERS["verdict"]):
        table.add_column(header)
    for d in summary["differences"]:
        key = key_of(d)
        style = "bold green" if d["real"] else ("dim" if d["verdict"] in ("identical", "few") else "")
        table.add_row(escape(d["variant_name"]), escape(d["label"]), say.show_difference(key, d["diff"]),
                      say.show_interval(key, d["low"], d["high"], True), say.show_p(d["p_adjusted"]),
                      escape(d["verdict_text"]), style=style)
    console.print(table)
    console.print(f"[bold]{escape(say.TITLES['conclusion'])}[/bold]")
    for line in summary["conclusions"]:
        console.print(f"  {escape(line)}")
    if summary["confounded"]:
        console.print(f"[yellow]{escape(say.CONFOUNDED_NOTE)}[/]")
    _print_saved(console, outcome, n, folder)


def _print_saved(console: Console, outcome: Outcome, n: int, folder: Path) -> None:
    if outcome.had:
        console.print(escape(say.ALREADY.format(have=outcome.had, wanted=n, folder=folder, played=outcome.played)))
    console.print(escape(say.SAVED.format(folder=folder, files=outcome.files, report=folder / "report.html")))


def sweep(game: GameArg,
          vary: Annotated[list[str], typer.Option(
              "--vary", help="FIELD=LOW..HIGH[:STEP] or FIELD=A,B,C, e.g. hero.mercenary.life=5..10 "
                             "(once or twice).")],
          n: Annotated[int, typer.Option("-n", "--games", help="Games per point of the grid.")] = 500,
          stat: Annotated[str, typer.Option(
              "--stat", help="What to draw: auto, seats, content, seatN, content:ID, length, team, no_winner.")]
          = "auto",
          target: Annotated[str | None, typer.Option(
              "--target", help="Stop at the smallest change that meets it: fair:K (every content choice "
                               "within K times its fair share and above 1/K of it), STAT<=X, STAT>=X, "
                               "STAT=LOW..HIGH.")] = None,
          seats: SeatsOpt = None, options: OptionsOpt = None, content: ContentOpt = None, seed: SeedOpt = 0,
          assign: AssignOpt = "choose", max_steps: MaxStepsOpt = DEFAULT_MAX_STEPS,
          confidence: ConfidenceOpt = DEFAULT_CONFIDENCE, out: OutOpt = None, jobs: JobsOpt = None,
          backend: BackendOpt = "local", address: AddressOpt = None, quiet: QuietOpt = False,
          json_out: JsonOpt = False) -> None:
    """Play a grid of values of one or two fields; the response with interval bands (or a heat map)."""
    try:
        check_confidence(confidence)
        base = _design(game, seats, options, content, seed, assign, max_steps, n, jobs, backend, address,
                       kind="sweep")
        axes = [parse_vary(v) for v in vary]
        selector = parse_stat(stat)
        grid = Sweep.of(base, axes, Target.parse(target) if target else None)
        grid.design.check()
        folder = out if out is not None else default_folder(grid.design)
        have = RunStore(folder, grid.design).open()
    except ERRORS as exc:
        raise _fail(str(exc)) from None
    outcome = _play(lambda running: run_sweep(grid, n, folder, confidence, selector, running), grid.design, n,
                    folder, backend, jobs, address, quiet, have)
    if json_out:
        print(json.dumps(outcome.summary, indent=1, ensure_ascii=False, default=str))
        return
    _print_sweep(outcome, n, folder)


def _print_sweep(outcome: Outcome, n: int, folder: Path) -> None:
    summary = outcome.summary
    console = Console(highlight=False)
    confidence = summary["confidence"]
    keys: list[tuple[str, str]] = []
    for point in summary["points"]:
        keys += [key_of(s) for s in point["stats"] if key_of(s) not in keys]
    table = Table(title=say.TITLES["points"].format(confidence=confidence))
    table.add_column(say.HEADERS["variant"])
    table.add_column(say.HEADERS["games"])
    for key in keys:
        table.add_column(escape(say.stat_label(key)))
    if summary["target"]:
        table.add_column(say.HEADERS["target"])
    for point in summary["points"]:
        cells = [escape(point["name"]), str(point["games"])]
        for key in keys:
            stat = next((s for s in point["stats"] if key_of(s) == key), None)
            cells.append("" if stat is None else
                         say.show_estimate(key, stat["value"], stat["low"], stat["high"]))
        if summary["target"]:
            cells.append(say.TARGET_STATUS[point["target"]])
        table.add_row(*cells, style="bold green" if point["target"] == "met" else "")
    console.print(table)
    for line in sweep_lines(summary):
        console.print(escape(line))
    _print_saved(console, outcome, n, folder)


def results(folder: Annotated[Path, typer.Argument(help="A run folder (or a folder of runs).")],
            sql: Annotated[str | None, typer.Argument(
                help="A DuckDB query over the view 'games' (one row per game and seat).")] = None,
            limit: Annotated[int, typer.Option("--limit", help="Rows to print at most.")] = 50,
            csv_out: Annotated[bool, typer.Option("--csv", help="Print CSV (every row) instead of a table.")]
            = False) -> None:
    """Query a run's games with SQL (DuckDB over its Parquet files)."""
    try:
        if limit < 1:
            raise SimError(f"--limit must be at least 1, not {limit}")
        text = sql if sql is not None else "describe games"
        names, rows, more = query(folder, text, None if csv_out else limit)
    except ERRORS as exc:
        raise _fail(str(exc)) from None
    if csv_out:
        writer = csv.writer(sys.stdout)
        writer.writerow(names)
        writer.writerows(rows)
        return
    console = Console(highlight=False)
    if sql is None:
        try:
            manifest = read_manifest(folder)
            console.print(escape(json.dumps({k: manifest["design"][k] for k in ("kind", "game", "seats", "seed")},
                                            ensure_ascii=False)))
        except SimError:
            pass
    table = Table()
    for name in names:
        table.add_column(escape(str(name)))
    for row in rows:
        table.add_row(*(escape(_cell(v)) for v in row))
    console.print(table if names else say.NO_ROWS)
    if more:
        console.print(escape(say.MORE_ROWS.format(limit=limit)))
    if sql is None:
        console.print(escape(say.RESULTS_HELP.format(folder=folder)))


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def register(app: typer.Typer) -> None:
    """Add ``compare``, ``sweep`` and ``results`` to the ``bouts`` command."""
    app.command("compare")(compare)
    app.command("sweep")(sweep)
    app.command("results")(results)
