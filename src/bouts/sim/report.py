"""Reports of a batch: every game as JSON lines and CSV, PNG plots, and an HTML page that shows them.

Games are written as they finish (:class:`GameWriter`), to temporary names in the output
folder; only a finished batch renames them into place with its plots and page, so a
folder never mixes two runs. An interrupted batch keeps what it played as
``games.partial.jsonl``/``games.partial.csv`` and touches nothing else.

Every word of the page and the plots is in the current language (the ``bouts`` catalog); Japanese plots
are drawn with a CJK font (Debian's ``fonts-ipafont-gothic``), or in English when the machine has none.
The data files (JSON lines, CSV) hold ids and numbers, the same in every language.
"""

from __future__ import annotations

import csv
import html
import json
import logging
import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from bouts.core.content import os_problem
from bouts.core.i18n import BOUTS, N_, current_lang, use_lang
from bouts.sim.config import SimConfig, SimError
from bouts.sim.play import GameRecord
from bouts.sim.stats import CONFOUNDED, FLAGS, Rate, Summary

_ = BOUTS.gettext
M_ = BOUTS.message

FILES = ("games.jsonl", "games.csv", "summary.json", "winrates.png", "lengths.png", "report.html")
"""The files a finished batch writes."""
PARTIAL = ("games.partial.jsonl", "games.partial.csv")
"""The files an interrupted batch writes (and nothing else)."""
FORMAT = "bouts-sim/2"


def check_out(out: Path | str) -> Path:
    """The output folder, made if missing; a clear :class:`SimError` before any game if it cannot be used."""
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise SimError(M_("--out {folder}: is a file, not a folder", folder=str(folder)))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SimError(M_("--out {folder}: cannot make the folder: {reason}", folder=str(folder),
                          reason=os_problem(exc))) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise SimError(M_("--out {folder}: the folder is not writable", folder=str(folder)))
    return folder


def _replace(temporary: Path, final: Path) -> None:
    os.replace(temporary, final)


class GameWriter:
    """Streams games to ``games.jsonl`` and ``games.csv`` (under temporary names until the batch ends)."""

    def __init__(self, out: Path | str, config: SimConfig) -> None:
        self.folder = check_out(out)
        self.config = config
        self.count = 0
        tag = f".tmp-{os.getpid()}"
        self._jsonl_path = self.folder / f".games.jsonl{tag}"
        self._csv_path = self.folder / f".games.csv{tag}"
        try:
            self._jsonl: TextIO = self._jsonl_path.open("w", encoding="utf-8")
            self._csv: TextIO = self._csv_path.open("w", newline="", encoding="utf-8")
        except OSError as exc:
            self.discard()
            raise SimError(M_("--out {folder}: cannot write there: {reason}", folder=str(self.folder),
                              reason=os_problem(exc))) from None
        self._jsonl.write(json.dumps({"format": FORMAT, "config": config.to_json()}) + "\n")
        self._rows = csv.writer(self._csv)
        self._rows.writerow(csv_header(len(config.seats)))

    def write(self, record: GameRecord) -> None:
        """Append one game."""
        self._jsonl.write(json.dumps(record.to_json()) + "\n")
        self._rows.writerow(csv_row(record))
        self.count += 1

    def _close(self) -> None:
        for handle in (getattr(self, "_jsonl", None), getattr(self, "_csv", None)):
            if handle is not None and not handle.closed:
                handle.close()

    def finish(self, summary: Summary, title: str | None = None) -> list[Path]:
        """The batch is complete: move the games into place and write the summary, plots and page."""
        self._close()
        paths = [self.folder / name for name in FILES]
        _replace(self._jsonl_path, paths[0])
        _replace(self._csv_path, paths[1])
        atomic_text(paths[2], json.dumps({"format": FORMAT, "config": self.config.to_json(),
                                           "summary": summary.to_json()}, indent=1) + "\n")
        _atomic(paths[3], lambda p: plot_winrates(p, summary))
        _atomic(paths[4], lambda p: plot_lengths(p, summary))
        atomic_text(paths[5], report_html(self.config, summary, title or _("bouts sim: {game}", game=self.config.game)))
        for stale in PARTIAL:
            (self.folder / stale).unlink(missing_ok=True)
        return paths

    def finish_partial(self, requested: int) -> list[Path]:
        """The batch was interrupted: keep the games played so far, marked partial; touch nothing else."""
        note = {"partial": True, "games": self.count, "requested": requested,
                "note": f"interrupted: {self.count} of {requested} games finished"}
        self._jsonl.write(json.dumps(note) + "\n")
        self._close()
        paths = [self.folder / name for name in PARTIAL]
        _replace(self._jsonl_path, paths[0])
        _replace(self._csv_path, paths[1])
        return paths

    def discard(self) -> None:
        """Remove the temporary files (the batch failed)."""
        self._close()
        for path in (self._jsonl_path, self._csv_path):
            path.unlink(missing_ok=True)


def _atomic(path: Path, write: Any) -> None:
    temporary = path.with_name(f".{path.name}.tmp-{os.getpid()}{path.suffix}")
    try:
        write(temporary)
        _replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def atomic_text(path: Path, text: str) -> None:
    """Write ``text`` to a temporary name beside ``path``, then rename it into place."""
    _atomic(path, lambda p: p.write_text(text, encoding="utf-8"))


def write_report(out: Path | str, config: SimConfig, records: Iterable[GameRecord], summary: Summary,
                 title: str | None = None) -> list[Path]:
    """Write :data:`FILES` into directory ``out`` (made if missing); their paths."""
    writer = GameWriter(out, config)
    try:
        for record in records:
            writer.write(record)
        return writer.finish(summary, title)
    except BaseException:
        writer.discard()
        raise


def read_games(path: Path | str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Read a ``games.jsonl`` file back: its header and its games (a partial file's last line is dropped)."""
    header: dict[str, Any] = {}
    games: list[dict[str, Any]] = []
    with Path(path).open(encoding="utf-8") as handle:
        for number, line in enumerate(handle):
            data = json.loads(line)
            if number == 0:
                header = data
            elif not data.get("partial"):
                games.append(data)
    return header, games


def csv_header(seats: int) -> list[str]:
    """The columns of ``games.csv``; per seat ``agent_i``, ``won_i``, ``return_i``, ``decisions_i``,
    ``content_i`` (the seat's content choices joined by ``|``)."""
    header = ["index", "seed", "finished", "winners", "reason", "length", "chance_steps"]
    for s in range(seats):
        header += [f"agent_{s}", f"won_{s}", f"return_{s}", f"decisions_{s}", f"content_{s}"]
    return header


def csv_row(r: GameRecord) -> list[Any]:
    """One game as a row of ``games.csv``."""
    row: list[Any] = [r.index, r.seed, int(r.finished), " ".join(map(str, r.winners)), r.reason,
                      r.length, r.chance_steps]
    for s in range(len(r.agents)):
        row += [r.agents[s], int(s in r.winners), r.returns[s], r.decisions[s], "|".join(r.content[s])]
    return row


CJK_FONTS = ("IPAPGothic", "IPAGothic", "Noto Sans CJK JP", "TakaoGothic", "VL Gothic")
"""Fonts that draw Japanese, best first (``.ci/run`` installs Debian's ``fonts-ipafont-gothic``: IPAPGothic and
IPAGothic)."""
LATIN_FONTS = ["DejaVu Sans"]
"""matplotlib's own font, for the glyphs a CJK font lacks."""
_log = logging.getLogger(__name__)
_warned: set[str] = set()


def plot_fonts(lang: str | None = None) -> list[str] | None:
    """The font families plots in ``lang`` (default: the current language) are drawn with, or ``None`` when
    this machine has no font for that language's script."""
    lang = lang or current_lang()
    if lang != "ja":
        return list(LATIN_FONTS)
    from matplotlib import font_manager

    installed = {font.name for font in font_manager.fontManager.ttflist}
    for family in CJK_FONTS:
        if family in installed:
            return [family, *LATIN_FONTS]
    return None


@contextmanager
def plotting() -> Iterator[Any]:
    """``matplotlib.pyplot`` (headless), set up to draw the current language: in Japanese with a CJK font by name;
    without one, the plot falls back to English words (said once on stderr) rather than empty boxes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    lang = current_lang()
    fonts = plot_fonts(lang)
    if fonts is None:
        if lang not in _warned:
            _warned.add(lang)
            _log.warning(_("no font for Japanese text was found (install fonts-ipafont-gothic): plots are drawn "
                           "in English"))
        lang, fonts = "en", list(LATIN_FONTS)
    fonts_log = logging.getLogger("matplotlib.font_manager")
    level = fonts_log.level
    fonts_log.setLevel(logging.ERROR)  # a CJK font has no bold face: matplotlib's notice of using the regular one
    try:
        with use_lang(lang), plt.rc_context({"font.family": fonts}):
            yield plt
    finally:
        fonts_log.setLevel(level)


def _bars(axis: Any, labels: Sequence[str], rates: Sequence[Rate], title: str) -> None:
    values = [r.rate for r in rates]
    errors = [[r.rate - r.low for r in rates], [r.high - r.rate for r in rates]]
    axis.bar(range(len(values)), values, yerr=errors, capsize=4, color="#4878a8")
    axis.set_xticks(range(len(values)), labels, rotation=30 if len(labels) > 4 else 0, ha="right"
                    if len(labels) > 4 else "center", fontsize=8)
    axis.set_ylim(0, 1)
    axis.set_ylabel(_("win rate (95% Wilson interval)"))
    axis.set_title(title)


def plot_winrates(path: Path, summary: Summary) -> None:
    """Win rate per seat (and per content choice, when the game reports choices) with intervals."""
    with plotting() as plt:
        panels = 2 if summary.content else 1
        figure, axes = plt.subplots(1, panels, figsize=(6 * panels, 4), squeeze=False)
        _bars(axes[0][0], [_("seat {seat}", seat=i) + f"\n{a}" for i, (a, _r) in enumerate(summary.seats)],
              [r for _a, r in summary.seats], _("win rate per seat ({games} games)", games=summary.games))
        if summary.content:
            _bars(axes[0][1], [c for c, _r in summary.content], [r for _c, r in summary.content],
                  _("win rate per content choice"))
        figure.tight_layout()
        figure.savefig(path, dpi=90)
        plt.close(figure)


def plot_lengths(path: Path, summary: Summary) -> None:
    """Histogram of game lengths in steps."""
    with plotting() as plt:
        figure, axis = plt.subplots(figsize=(6, 4))
        values = [v for v, _c in summary.lengths] or [0]
        weights = [c for _v, c in summary.lengths] or [0]
        axis.hist(values, weights=weights, bins=min(40, max(1, len(values))), color="#6a9a58")
        axis.set_xlabel(_("steps per game (chance steps included)"))
        axis.set_ylabel(_("games"))
        axis.set_title(_("game length ({games} games)", games=summary.games))
        figure.tight_layout()
        figure.savefig(path, dpi=90)
        plt.close(figure)


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _tag(tag: str, text: str) -> str:
    """``text`` escaped, in an HTML element."""
    return f"<{tag}>{html.escape(text)}</{tag}>"


def _image(source: str, alt: str) -> str:
    return f"<img src=\"{html.escape(source)}\" alt=\"{html.escape(alt)}\">"


def rate_interval(rate: Rate) -> str:
    """A rate's 95 % interval as tables print it."""
    return _("{low} to {high}", low=format(rate.low, ".1%"), high=format(rate.high, ".1%"))


def _rate_cells(rate: Rate) -> list[object]:
    return [rate.wins, rate.games, f"{rate.rate:.1%}", rate_interval(rate)]


def flag_word(flag: str) -> str:
    """What a content choice's flag (``strong``, ``weak``) says, in the current language."""
    return _(FLAGS[flag]) if flag in FLAGS else flag


RATE_HEADERS = (N_("wins"), N_("games"), N_("win rate"), N_("95% interval"))
"""The columns of a win rate, after what it is the rate of."""


def report_html(config: SimConfig, summary: Summary, title: str) -> str:
    """A page with the tables and both plots, in the current language."""
    rate_headers = [_(h) for h in RATE_HEADERS]
    options = [f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in config.options.items()]
    parts = [
        f"<h1>{html.escape(title)}</h1>",
        "<p>" + html.escape(_("{games} games of {game}, seed {seed}, options {options}, content {content}; "
                              "{unfinished} stopped by the step limit, {no_winner} with no winner.",
                              games=summary.games, game=config.game, seed=config.seed,
                              options=options or _("defaults"), content=config.content or _("the reference pack"),
                              unfinished=summary.unfinished, no_winner=summary.no_winner))
        + "</p>",
        _tag("h2", _("Win rate per seat")),
        _table([_("seat"), _("agent"), *rate_headers],
               [[i, a, *_rate_cells(r)] for i, (a, r) in enumerate(summary.seats)]),
        _tag("h2", _("Win rate per agent")),
        _table([_("agent"), *rate_headers], [[a, *_rate_cells(r)] for a, r in summary.agents]),
    ]
    if summary.content:
        parts += [_tag("h2", _("Win rate per content choice"))]
        if summary.confounded:
            parts += ["<p>" + _tag("strong", _("Confounded:")) + " " + html.escape(_(CONFOUNDED)) + "</p>"]
        flags = dict(summary.flags)
        parts += [_table([_("choice"), *rate_headers, _("flag")],
                         [[c, *_rate_cells(r), flag_word(flags.get(c, ""))] for c, r in summary.content]),
                  _tag("h2", _("Win rate per content choice and agent")),
                  _table([_("choice"), _("agent"), *rate_headers],
                         [[c, a, *_rate_cells(r)] for c, a, r in summary.content_by_agent])]
        matrix = pairing_matrix(summary)
        if matrix:
            names, cells = matrix
            pairings = _("Pairings: win rate of the row's choice against the column's")
            parts += [f"<h2>{html.escape(pairings)}</h2>",
                      _table(["", *names], [[a, *row] for a, row in zip(names, cells, strict=True)])]
    parts += [
        _tag("p", _("All seats won together (team clear): {rate}", rate=str(summary.team))),
        _tag("h2", _("Game length and decisions")),
        _table(["", _("mean"), _("median"), _("min"), _("max")],
               [[_("steps"), f"{summary.length.mean:.1f}", summary.length.median, summary.length.least,
                 summary.length.most]]
               + [[_("decisions, seat {seat}", seat=i), f"{d.mean:.1f}", d.median, d.least, d.most]
                  for i, d in enumerate(summary.decisions)]),
        _tag("h2", _("Plots")),
        _image("winrates.png", _("win rates with 95% intervals")),
        _image("lengths.png", _("histogram of game lengths")),
        "<p>" + html.escape(_("Every game:")) + " <a href=\"games.jsonl\">games.jsonl</a> "
        "<a href=\"games.csv\">games.csv</a> <a href=\"summary.json\">summary.json</a></p>",
    ]
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse;"
             "margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .6em;text-align:right}"
             "img{max-width:100%}")
    return (f"<!DOCTYPE html><html lang=\"{current_lang()}\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>{style}</style></head><body>{''.join(parts)}</body></html>\n")


def pairing_matrix(summary: Summary, limit: int = 40) -> tuple[list[str], list[list[str]]] | None:
    """The pairings as a square table of percentages (``None`` with no pairings or too many choices)."""
    names = sorted({a for a, _, _ in summary.pairings} | {b for _, b, _ in summary.pairings})
    if not names or len(names) > limit:
        return None
    rates = {(a, b): r for a, b, r in summary.pairings}
    cells = [[f"{rates[(a, b)].rate:.0%} ({rates[(a, b)].games})" if (a, b) in rates else "" for b in names]
             for a in names]
    return names, cells
