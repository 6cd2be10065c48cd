"""The ``bouts`` command: list, rules, play, replay (and sim, tournament)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

import bouts
from bouts.agents import AgentSpecError, make_agent
from bouts.agents.base import split_seats
from bouts.cli.session import DEFAULT_MAX_STEPS, HUMAN, Session, dumps, play_to_end
from bouts.core import ContentError, Match, MatchFileError, OptionsError, parse_option_text
from bouts.core.contract import Game
from bouts.core.registry import UnknownGame

app = typer.Typer(
    name="bouts",
    help="Tabletop battle games played exactly by their rulebooks.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)
errors = Console(stderr=True, highlight=False, soft_wrap=True)


class UsageError(ValueError):
    """Bad command-line input."""


GameArg = Annotated[str, typer.Argument(help="Game id (see `bouts list`).")]
SeedOpt = Annotated[int | None, typer.Option(
    "--seed", help="Seed for dice, shuffles and agents (default: a fresh secret one, shown when the game ends).")]
ContentOpt = Annotated[str | None, typer.Option("--content", help="Directory of your own content pack.")]
OptionsOpt = Annotated[str | None, typer.Option(
    "--options", help="Game options: name=value,name=value or a JSON object (see `bouts rules GAME`).")]


def _game(game_id: str) -> Game[Any, Any]:
    return bouts.game(game_id)


@app.command("list")
def list_games() -> None:
    """List the games bouts plays."""
    table = Table(title="Games")
    for column in ("id", "name", "seats", "kind", "variants"):
        table.add_column(column)
    for game_id in bouts.games():
        info = _game(game_id).info
        kind = ", ".join(k for k, on in (("chance", info.chance), ("hidden information", info.hidden_information),
                                         ("sealed choices", info.simultaneous),
                                         ("co-op", info.cooperative)) if on)
        table.add_row(escape(game_id), escape(info.name), f"{info.min_seats}-{info.max_seats}", kind,
                      escape(", ".join(_game(game_id).variants())))
    console.print(table)


@app.command()
def rules(game_id: GameArg, content: ContentOpt = None) -> None:
    """Show a game's summary, options, variants and the content in use."""
    game = _game(game_id)
    pack = game.load_content(content)
    info = game.info
    console.print(Panel(escape(info.summary or info.name), title=f"[bold]{escape(info.name)}[/] ({info.id}, "
                        f"{info.min_seats}-{info.max_seats} seats)", expand=False))
    options = Table(title="Options (--options name=value,...)")
    options.add_column("option")
    options.add_column("meaning")
    for name, text in game.options_help().items():
        options.add_row(escape(name), escape(text))
    console.print(options)
    variants = Table(title="Variants")
    for column in ("variant", "seats", "options", "description"):
        variants.add_column(column)
    for name, variant in game.variants().items():
        variants.add_row(escape(name), ",".join(map(str, variant.seats)), escape(json.dumps(dict(variant.options))),
                         escape(variant.description))
    console.print(variants)
    console.print(f"[bold]Content in use:[/] {escape(pack.id)}" + (f" from {escape(pack.path)}" if pack.path else
                                                                     " (reference pack)"))
    for section, entries in pack.sections.items():
        stand_ins = sum(1 for e in entries if e.stand_in)
        console.print(f"  [bold]{escape(section)}[/]: {len(entries)} entries ({stand_ins} stand-ins)")
        for entry in entries:
            mark = " [yellow](stand-in)[/]" if entry.stand_in else ""
            console.print(f"    {escape(entry.name)} [dim]{escape(entry.id)}[/]{mark}" +
                          (f" — {escape(entry.text)}" if entry.text else ""))


def _seat_specs(game: Game[Any, Any], seats: str | None, variant_seats: int | None) -> list[str]:
    if seats is None:
        count = max(game.info.min_seats, 2) if variant_seats is None else variant_seats
        return [HUMAN] + ["random"] * (count - 1)
    specs = split_seats(seats)
    for spec in specs:
        if spec != HUMAN:
            make_agent(spec)  # validates the spec now, with a clear message
    return specs


@app.command()
def play(
    game_id: GameArg,
    seats: Annotated[str | None, typer.Option(
        "--seats", help="Comma-separated seats: human, random, heuristic, ismcts:iterations=500 ...")] = None,
    seed: SeedOpt = None,
    content: ContentOpt = None,
    options: OptionsOpt = None,
    json_out: Annotated[bool, typer.Option("--json", help="Play agents to the end; print the outcome as JSON.")]
    = False,
    save: Annotated[Path | None, typer.Option("--save", help="Save the finished (or quit) match here.")] = None,
    max_steps: Annotated[int, typer.Option(
        "--max-steps", help="Stop the game after this many steps (chance steps included).")] = DEFAULT_MAX_STEPS,
) -> None:
    """Play a game in the terminal (or, with --json, agents only, for scripts)."""
    if max_steps < 1:
        raise UsageError(f"--max-steps must be at least 1, not {max_steps}")
    game = _game(game_id)
    opts = parse_option_text(options)
    specs = _seat_specs(game, seats, None)
    if json_out and HUMAN in specs:
        raise UsageError("--json plays agents only: give agent seats, e.g. --seats random,random")
    match = Match(game, len(specs), opts, content, seed)
    if json_out or HUMAN not in specs:
        result = play_to_end(match, specs, max_steps)
        if save:
            save.write_text(match.dumps())
        if json_out:
            print(dumps(result))
        else:
            Session(match, specs, console, console.input, max_steps=max_steps).run()
        return
    session = Session(match, specs, console, console.input, max_steps=max_steps)
    console.print(f"[bold]{escape(game.info.name)}[/] — type [cyan]help[/] for commands.")
    finished = session.run()
    target = save
    if not finished and target is None and sys.stdin.isatty():
        answer = console.input("Save this match? Enter a file name (or nothing): ").strip()
        target = Path(answer) if answer else None
    if target is not None:
        try:
            target.write_text(match.dumps(session.last_human), encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot save to {target}: {exc.strerror or exc}") from None
        console.print(f"Saved to {escape(str(target))}.")


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A match saved by `bouts play` (save FILE or --save).")],
    seat: Annotated[int | None, typer.Option("--seat", help="Show it as this seat sees it (default: spectator).")]
    = None,
    step: Annotated[bool, typer.Option("--step", help="Wait for Enter after each action.")] = False,
    to: Annotated[int | None, typer.Option("--to", help="Stop after this many actions.")] = None,
) -> None:
    """Step through a saved match, showing what a seat (or a spectator) could see."""
    try:
        text = file.read_text()
    except OSError as exc:
        raise UsageError(f"cannot read {file}: {exc.strerror or exc}") from None
    match = Match.loads(text)
    if seat is not None and not 0 <= seat < match.seats:
        raise UsageError(f"--seat must be from 0 to {match.seats - 1}")
    if not match.is_over:
        # An unfinished match may go on: show only what the seat that saved it saw.
        saved_by = _saved_by(text)
        if saved_by is None:
            raise UsageError(f"{file} is an unfinished match saved by no seat: it can only be replayed "
                             "once the game is over")
        if seat is not None and seat != saved_by:
            raise UsageError(f"{file} is an unfinished match saved by seat {saved_by}: it can only be "
                             f"replayed as seat {saved_by} saw it")
        seat = saved_by
    game = match.game
    steps = match.steps[:to] if to is not None else match.steps
    shown_seed = f", seed {match.seed}" if match.is_over else ""
    console.print(f"[bold]{escape(game.info.name)}[/] replay: {len(match.steps)} actions{shown_seed}")
    forced = match.forced_steps()
    if forced:  # the seed vouches for every other chance step; nothing vouches for these
        numbers = ", ".join(map(str, forced))
        console.print(f"[bold yellow]Warning:[/] {'steps' if len(forced) > 1 else 'step'} {numbers} "
                      f"{'were' if len(forced) > 1 else 'was'} forced, not drawn from the seed "
                      "(set by a test, a tool or whoever wrote the file; the seed does not vouch for them)")
    for number, entry in enumerate(steps, start=1):
        who = "chance" if entry.seat < 0 else game.seat_name(match.states[number - 1], entry.seat)
        shown = entry.action if entry.seat == seat or not game.info.hidden_information else _public_action(entry)
        console.print(f"[cyan]{number:>4}[/] {escape(who)}: {escape(shown)}")
        for event in entry.events:
            if event.is_visible_to(seat):
                console.print(f"       [dim]•[/] {escape(event.text)}")
        if step and sys.stdin.isatty():
            console.input("")
    console.print(Panel(game.render(game.view(match.states[len(steps)], seat)), expand=False))
    outcome = game.outcome(match.states[len(steps)])
    if outcome is not None:
        console.print(f"[bold green]Result:[/] {escape(outcome.reason)}")


def _saved_by(text: str) -> int | None:
    """The seat that saved a match file, if it says (the file was read already)."""
    saved_by = json.loads(text).get("saved_by")
    return saved_by if isinstance(saved_by, int) and not isinstance(saved_by, bool) else None


def _public_action(entry: Any) -> str:
    """An action as others saw it: its events tell what was revealed; the choice itself may be secret."""
    public = [e.text for e in entry.events if e.is_public]
    return public[0] if public else "(a decision)"


def _register_extras() -> None:
    """Add the simulation commands (``sim``, ``tournament``) and ``serve`` when their modules are present."""
    import importlib
    import importlib.util

    for name in ("bouts.cli.sim_commands", "bouts.cli.workbench_commands", "bouts.cli.serve_command"):
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name).register(app)


_register_extras()

def run() -> None:
    """Console entry point: user errors become one clear line and exit code 2, never a traceback."""
    try:
        code = app(standalone_mode=False)  # returns the exit code of a command that raised typer.Exit
        sys.exit(code if isinstance(code, int) else 0)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        errors.print("aborted")
        sys.exit(130)
    except KeyboardInterrupt:
        errors.print("interrupted")
        sys.exit(130)
    except (UsageError, UnknownGame, OptionsError, ContentError, MatchFileError, AgentSpecError) as exc:
        errors.print(f"[red]error:[/] {escape(str(exc))}")
        sys.exit(2)
    except Exception as exc:  # command-line usage errors and anything unexpected
        show, code = getattr(exc, "show", None), getattr(exc, "exit_code", None)
        if callable(show) and isinstance(code, int):  # a usage error from the argument parser
            show()
            sys.exit(code)
        if os.environ.get("BOUTS_DEBUG"):
            raise
        errors.print(f"[red]error:[/] {escape(type(exc).__name__)}: {escape(str(exc))} "
                     "(set BOUTS_DEBUG=1 for details)")
        sys.exit(1)


if __name__ == "__main__":
    run()
