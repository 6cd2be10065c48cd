"""The ``bouts`` command: list, rules, play, replay (and sim, tournament, serve).

``bouts --lang ja …`` (or ``BOUTS_LANG=ja``, or a Japanese locale) speaks Japanese; every word comes from the
message catalogs, help texts included (they are translated when the command line is read).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.panel import Panel
from rich.table import Table

import bouts
from bouts.agents import AgentSpecError, make_agent
from bouts.agents.base import split_seats
from bouts.cli.session import DEFAULT_MAX_STEPS, HUMAN, Session, dumps, play_to_end
from bouts.core import ContentError, Match, MatchFileError, OptionsError, parse_option_text
from bouts.core.contract import Game
from bouts.core.i18n import BOUTS, LANGS, N_, LanguageError, check_lang, lang_from_env, set_lang, tr
from bouts.core.registry import UnknownGame
from bouts.core.text import escape_markup as esc

_ = BOUTS.gettext

app = typer.Typer(
    name="bouts",
    help=N_("Tabletop battle games played exactly by their rulebooks."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)
errors = Console(stderr=True, highlight=False, soft_wrap=True)


class UsageError(ValueError):
    """Bad command-line input."""


GameArg = Annotated[str, typer.Argument(help=N_("Game id (see `bouts list`)."))]
SeedOpt = Annotated[int | None, typer.Option(
    "--seed", help=N_("Seed for dice, shuffles and agents (default: a fresh secret one, shown when the game "
                      "ends)."))]
ContentOpt = Annotated[str | None, typer.Option("--content", help=N_("Directory of your own content pack."))]
OptionsOpt = Annotated[str | None, typer.Option(
    "--options", help=N_("Game options: name=value,name=value or a JSON object (see `bouts rules GAME`)."))]


@app.callback()
def main(
    lang: Annotated[str | None, typer.Option(
        "--lang", help=N_("Language of everything printed: en or ja (default: BOUTS_LANG, else your locale)."))]
    = None,
) -> None:
    """Tabletop battle games played exactly by their rulebooks."""
    set_lang(check_lang(lang) if lang else lang_from_env())


def _game(game_id: str) -> Game[Any, Any]:
    return bouts.game(game_id)


@app.command("list", help=N_("List the games bouts plays."))
def list_games() -> None:
    """List the games bouts plays."""
    table = Table(title=_("Games"))
    for column in (N_("id"), N_("name"), N_("seats"), N_("kind"), N_("variants")):
        table.add_column(_(column))
    for game_id in bouts.games():
        info = _game(game_id).info
        kinds = ((N_("chance"), info.chance), (N_("hidden information"), info.hidden_information),
                 (N_("sealed choices"), info.simultaneous), (N_("co-op"), info.cooperative))
        kind = _("{items}", items=[_(k) for k, on in kinds if on])
        table.add_row(esc(game_id), esc(tr(info.name)), f"{info.min_seats}-{info.max_seats}", esc(kind),
                      esc(", ".join(_game(game_id).variants())))
    console.print(table)


@app.command(help=N_("Show a game's summary, options, variants and the content in use."))
def rules(game_id: GameArg, content: ContentOpt = None) -> None:
    """Show a game's summary, options, variants and the content in use."""
    game = _game(game_id)
    pack = game.load_content(content)
    info = game.info
    console.print(Panel(esc(tr(info.summary) or tr(info.name)),
                        title=f"[bold]{esc(tr(info.name))}[/] " + esc(_("({id}, {low}-{high} seats)", id=info.id,
                                                                          low=info.min_seats, high=info.max_seats)),
                        expand=False))
    options = Table(title=_("Options (--options name=value,...)"))
    options.add_column(_("option"))
    options.add_column(_("meaning"))
    for name, text in game.options_help().items():
        options.add_row(esc(name), esc(text))
    console.print(options)
    variants = Table(title=_("Variants"))
    for column in (N_("variant"), N_("seats"), N_("options"), N_("description")):
        variants.add_column(_(column))
    for name, variant in game.variants().items():
        variants.add_row(esc(name), ",".join(map(str, variant.seats)), esc(json.dumps(dict(variant.options))),
                         esc(tr(variant.description)))
    console.print(variants)
    where = _("from {path}", path=pack.path) if pack.path else _("(reference pack)")
    console.print("[bold]" + esc(_("Content in use:")) + f"[/] {esc(pack.id)} {esc(where)}")
    for section, entries in pack.sections.items():
        stand_ins = sum(1 for e in entries if e.stand_in)
        console.print(f"  [bold]{esc(section)}[/]: " + esc(_("{count} entries ({stand_ins} stand-ins)",
                                                               count=len(entries), stand_ins=stand_ins)))
        for entry in entries:
            mark = " [yellow]" + esc(_("(stand-in)")) + "[/]" if entry.stand_in else ""
            console.print(f"    {esc(tr(entry.name))} [dim]{esc(entry.id)}[/]{mark}" +
                          (f" — {esc(tr(entry.text))}" if tr(entry.text) else ""))


def _seat_specs(game: Game[Any, Any], seats: str | None, variant_seats: int | None) -> list[str]:
    if seats is None:
        count = max(game.info.min_seats, 2) if variant_seats is None else variant_seats
        return [HUMAN] + ["random"] * (count - 1)
    specs = split_seats(seats)
    for spec in specs:
        if spec != HUMAN:
            make_agent(spec)  # validates the spec now, with a clear message
    return specs


@app.command(help=N_("Play a game in the terminal (or, with --json, agents only, for scripts)."))
def play(
    game_id: GameArg,
    seats: Annotated[str | None, typer.Option(
        "--seats", help=N_("Comma-separated seats: human, random, heuristic, ismcts:iterations=500 ..."))] = None,
    seed: SeedOpt = None,
    content: ContentOpt = None,
    options: OptionsOpt = None,
    json_out: Annotated[bool, typer.Option("--json", help=N_("Play agents to the end; print the outcome as "
                                                             "JSON."))] = False,
    save: Annotated[Path | None, typer.Option("--save", help=N_("Save the finished (or quit) match here."))] = None,
    max_steps: Annotated[int, typer.Option(
        "--max-steps", help=N_("Stop the game after this many steps (chance steps included)."))]
    = DEFAULT_MAX_STEPS,
) -> None:
    """Play a game in the terminal (or, with --json, agents only, for scripts)."""
    if max_steps < 1:
        raise UsageError(_("--max-steps must be at least 1, not {steps}", steps=max_steps))
    game = _game(game_id)
    opts = parse_option_text(options)
    specs = _seat_specs(game, seats, None)
    if json_out and HUMAN in specs:
        raise UsageError(_("--json plays agents only: give agent seats, e.g. --seats random,random"))
    while True:
        match = Match(game, len(specs), opts, content, seed)
        if json_out or HUMAN not in specs:
            result = play_to_end(match, specs, max_steps)
            if save:
                _write(save, match.dumps())
            if json_out:
                print(dumps(result))
            else:
                Session(match, specs, console, console.input, max_steps=max_steps).run()
            return
        session = Session(match, specs, console, console.input, max_steps=max_steps)
        console.print(f"[bold]{esc(tr(game.info.name))}[/] — " + esc(_("type help for commands; Enter takes the "
                                                                      "hinted action (★).")))
        finished = session.run()
        target = save
        if not finished and target is None and sys.stdin.isatty():
            answer = console.input(_("Save this match? Enter a file name (or nothing): ")).strip()
            target = Path(answer) if answer else None
        if target is not None:
            _write(target, match.dumps(session.last_human))
            console.print(esc(_("Saved to {path}.", path=str(target))))
        if not session.rematch:
            return
        seed = None  # a rematch: same seats and options, fresh secret dice


def _write(target: Path, text: str) -> None:
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(_("cannot save to {path}: {reason}", path=str(target),
                           reason=exc.strerror or str(exc))) from None


@app.command(help=N_("Step through a saved match, showing what a seat (or a spectator) could see."))
def replay(
    file: Annotated[Path, typer.Argument(help=N_("A match saved by `bouts play` (save FILE or --save)."))],
    seat: Annotated[int | None, typer.Option("--seat", help=N_("Show it as this seat sees it, counted from 1 "
                                                               "(default: spectator)."))] = None,
    step: Annotated[bool, typer.Option("--step", help=N_("Wait for Enter after each action."))] = False,
    to: Annotated[int | None, typer.Option("--to", help=N_("Stop after this many actions."))] = None,
) -> None:
    """Step through a saved match, showing what a seat (or a spectator) could see."""
    try:
        raw = file.read_bytes()
    except OSError as exc:
        raise UsageError(_("cannot read {path}: {reason}", path=str(file), reason=exc.strerror or str(exc))) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(_("{path} is not a bouts match file: not UTF-8 text (byte {byte})", path=str(file),
                           byte=exc.start)) from None
    match = Match.loads(text)
    index = None if seat is None else seat - 1
    if index is not None and not 0 <= index < match.seats:
        raise UsageError(_("--seat must be from 1 to {seats}", seats=match.seats))
    if not match.is_over:
        # An unfinished match may go on: show only what the seat that saved it saw.
        saved_by = _saved_by(text, match.seats)
        if saved_by is None:
            raise UsageError(_("{path} is an unfinished match saved by no seat: it can only be replayed once the "
                               "game is over", path=str(file)))
        if index is not None and index != saved_by:
            raise UsageError(_("{path} is an unfinished match saved by seat {seat}: it can only be replayed as "
                               "seat {seat} saw it", path=str(file), seat=saved_by + 1))
        index = saved_by
    game = match.game
    steps = match.steps[:to] if to is not None else match.steps
    title = (_("{game} replay: {count} actions, seed {seed}", game=game.info.name, count=len(match.steps),
               seed=match.seed) if match.is_over
             else _("{game} replay: {count} actions", game=game.info.name, count=len(match.steps)))
    console.print(f"[bold]{esc(title)}[/]")
    forced = match.forced_steps()
    if forced:  # the seed vouches for every other chance step; nothing vouches for these
        console.print("[bold yellow]" + esc(_("Warning:")) + "[/] " + esc(BOUTS.ngettext(
            "step {steps} was forced, not drawn from the seed (set by a test, a tool or whoever wrote the file; "
            "the seed does not vouch for it)",
            "steps {steps} were forced, not drawn from the seed (set by a test, a tool or whoever wrote the file; "
            "the seed does not vouch for them)", len(forced), steps=", ".join(map(str, forced)))))
    for number, entry in enumerate(steps, start=1):
        who = _("chance") if entry.seat < 0 else tr(game.seat_name(match.states[number - 1], entry.seat))
        shown = entry.action if entry.seat == index or not game.info.hidden_information else _public_action(entry)
        console.print(f"[cyan]{number:>4}[/] {esc(who)}: {esc(shown)}")
        for event in entry.events:
            if event.is_visible_to(index):
                console.print(f"       [dim]•[/] {esc(event.render())}")
        if step and sys.stdin.isatty():
            console.input("")
    console.print(Panel(game.render(game.view(match.states[len(steps)], index)), expand=False))
    outcome = game.outcome(match.states[len(steps)])
    if outcome is not None:
        console.print("[bold green]" + esc(_("Result:")) + f"[/] {esc(outcome.reason_text())}")


def _saved_by(text: str, seats: int) -> int | None:
    """The seat that saved a match file, if it says (the file was read already); a seat the match does not
    have is refused."""
    saved_by = json.loads(text).get("saved_by")
    if saved_by is None:
        return None
    if isinstance(saved_by, bool) or not isinstance(saved_by, int) or not 0 <= saved_by < seats:
        raise MatchFileError(_("'saved_by' must be a seat of the match (0 to {last}), not {value}",
                               last=seats - 1, value=json.dumps(saved_by)[:40]))
    return saved_by


def _public_action(entry: Any) -> str:
    """An action as others saw it: its events tell what was revealed; the choice itself may be secret."""
    public = [e.render() for e in entry.events if e.is_public]
    return public[0] if public else _("(a decision)")


def _register_extras() -> None:
    """Add the simulation commands (``sim``, ``tournament``) and ``serve`` when their modules are present."""
    import importlib
    import importlib.util

    for name in ("bouts.cli.sim_commands", "bouts.cli.workbench_commands", "bouts.cli.serve_command"):
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name).register(app)


_register_extras()


def translate_help(command: Any) -> None:
    """Translate every help text of ``command`` and its subcommands into the current language (help texts
    are catalog message ids, marked with ``N_``)."""
    if command.help:
        command.help = _(command.help)
    if command.short_help:
        command.short_help = _(command.short_help)
    for param in command.params:
        help_text = getattr(param, "help", None)
        if help_text:
            param.help = _(help_text)
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub)


def _argv_lang(argv: list[str]) -> str | None:
    """The ``--lang`` the command line asks for, read before the commands are built (for their help texts)."""
    for position, arg in enumerate(argv):
        if arg == "--lang" and position + 1 < len(argv):
            return argv[position + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def run() -> None:
    """Console entry point: user errors become one clear line and exit code 2, never a traceback."""
    try:
        wanted = _argv_lang(sys.argv[1:])
        set_lang(check_lang(wanted) if wanted else lang_from_env())
    except LanguageError as exc:
        errors.print(f"[red]error:[/] {esc(str(exc))} (--lang {'|'.join(LANGS)})")
        sys.exit(2)
    command = typer.main.get_command(app)
    translate_help(command)
    try:
        code = command.main(standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        errors.print(esc(_("aborted")))
        sys.exit(130)
    except KeyboardInterrupt:
        errors.print(esc(_("interrupted")))
        sys.exit(130)
    except (UsageError, UnknownGame, OptionsError, ContentError, MatchFileError, AgentSpecError,
            LanguageError) as exc:
        errors.print("[red]" + esc(_("error:")) + f"[/] {esc(str(exc))}")
        sys.exit(2)
    except Exception as exc:  # command-line usage errors and anything unexpected
        show, code = getattr(exc, "show", None), getattr(exc, "exit_code", None)
        if callable(show) and isinstance(code, int):  # a usage error from the argument parser
            show()
            sys.exit(code)
        if os.environ.get("BOUTS_DEBUG"):
            raise
        errors.print("[red]" + esc(_("error:")) + "[/] " + esc(_("{kind}: {message} (set BOUTS_DEBUG=1 for details)",
                                                            kind=type(exc).__name__, message=str(exc))))
        sys.exit(1)


if __name__ == "__main__":
    run()
