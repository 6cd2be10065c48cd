"""Reports of a batch: every game as JSON and CSV, PNG plots, and an HTML page that shows them."""

from __future__ import annotations

import csv
import html
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bouts.sim.config import SimConfig
from bouts.sim.play import GameRecord
from bouts.sim.stats import Rate, Summary

FILES = ("games.json", "games.csv", "winrates.png", "lengths.png", "report.html")
"""The files :func:`write_report` writes."""


def write_report(out: Path | str, config: SimConfig, records: Sequence[GameRecord], summary: Summary,
                 title: str | None = None) -> list[Path]:
    """Write :data:`FILES` into directory ``out`` (made if missing); their paths."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in FILES]
    write_json(paths[0], config, records, summary)
    write_csv(paths[1], records)
    plot_winrates(paths[2], summary)
    plot_lengths(paths[3], records)
    write_html(paths[4], config, summary, title or f"bouts sim: {config.game}")
    return paths


def write_json(path: Path, config: SimConfig, records: Sequence[GameRecord], summary: Summary) -> None:
    """The config, the summary and every game."""
    data = {"format": "bouts-sim/1", "config": config.to_json(), "summary": summary.to_json(),
            "games": [r.to_json() for r in records]}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def write_csv(path: Path, records: Sequence[GameRecord]) -> None:
    """One row per game; per-seat columns ``agent_i``, ``won_i``, ``decisions_i``, ``content_i``
    (the seat's content choices joined by ``|``)."""
    seats = len(records[0].agents) if records else 0
    header = ["index", "seed", "finished", "winners", "reason", "length", "chance_steps"]
    for s in range(seats):
        header += [f"agent_{s}", f"won_{s}", f"return_{s}", f"decisions_{s}", f"content_{s}"]
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        for r in records:
            row: list[Any] = [r.index, r.seed, int(r.finished), " ".join(map(str, r.winners)), r.reason,
                              r.length, r.chance_steps]
            for s in range(seats):
                row += [r.agents[s], int(s in r.winners), r.returns[s], r.decisions[s], "|".join(r.content[s])]
            writer.writerow(row)


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _bars(axis: Any, labels: Sequence[str], rates: Sequence[Rate], title: str) -> None:
    values = [r.rate for r in rates]
    errors = [[r.rate - r.low for r in rates], [r.high - r.rate for r in rates]]
    axis.bar(range(len(values)), values, yerr=errors, capsize=4, color="#4878a8")
    axis.set_xticks(range(len(values)), labels, rotation=30 if len(labels) > 4 else 0, ha="right"
                    if len(labels) > 4 else "center", fontsize=8)
    axis.set_ylim(0, 1)
    axis.set_ylabel("win rate (95% Wilson interval)")
    axis.set_title(title)


def plot_winrates(path: Path, summary: Summary) -> None:
    """Win rate per seat (and per content choice, when the game reports choices) with intervals."""
    plt = _pyplot()
    panels = 2 if summary.content else 1
    figure, axes = plt.subplots(1, panels, figsize=(6 * panels, 4), squeeze=False)
    _bars(axes[0][0], [f"seat {i}\n{a}" for i, (a, _) in enumerate(summary.seats)],
          [r for _, r in summary.seats], f"win rate per seat ({summary.games} games)")
    if summary.content:
        _bars(axes[0][1], [c for c, _ in summary.content], [r for _, r in summary.content],
              "win rate per content choice")
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    plt.close(figure)


def plot_lengths(path: Path, records: Sequence[GameRecord]) -> None:
    """Histogram of game lengths in steps."""
    plt = _pyplot()
    figure, axis = plt.subplots(figsize=(6, 4))
    lengths = [r.length for r in records]
    axis.hist(lengths, bins=min(40, max(1, len(set(lengths)))), color="#6a9a58")
    axis.set_xlabel("steps per game (chance steps included)")
    axis.set_ylabel("games")
    axis.set_title(f"game length ({len(records)} games)")
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    plt.close(figure)


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _rate_cells(rate: Rate) -> list[object]:
    return [rate.wins, rate.games, f"{rate.rate:.1%}", f"{rate.low:.1%} to {rate.high:.1%}"]


def write_html(path: Path, config: SimConfig, summary: Summary, title: str) -> None:
    """A page with the tables and both plots."""
    rate_headers = ["wins", "games", "win rate", "95% interval"]
    parts = [
        f"<h1>{html.escape(title)}</h1>",
        "<p>" + html.escape(f"{summary.games} games of {config.game}, seed {config.seed}, options "
                            f"{json.dumps(dict(config.options))}, content {config.content or 'reference'}; "
                            f"{summary.unfinished} stopped by the step limit, "
                            f"{summary.no_winner} with no winner.")
        + "</p>",
        "<h2>Win rate per seat</h2>",
        _table(["seat", "agent", *rate_headers],
               [[i, a, *_rate_cells(r)] for i, (a, r) in enumerate(summary.seats)]),
        "<h2>Win rate per agent</h2>",
        _table(["agent", *rate_headers], [[a, *_rate_cells(r)] for a, r in summary.agents]),
    ]
    if summary.content:
        parts += ["<h2>Win rate per content choice</h2>",
                  _table(["choice", *rate_headers], [[c, *_rate_cells(r)] for c, r in summary.content])]
    parts += [
        f"<p>All seats won together (team clear): {html.escape(str(summary.team))}</p>",
        "<h2>Game length and decisions</h2>",
        _table(["", "mean", "median", "min", "max"],
               [["steps", f"{summary.length.mean:.1f}", summary.length.median, summary.length.least,
                 summary.length.most]]
               + [[f"decisions, seat {i}", f"{d.mean:.1f}", d.median, d.least, d.most]
                  for i, d in enumerate(summary.decisions)]),
        '<h2>Plots</h2><img src="winrates.png" alt="win rates with 95% intervals">',
        '<img src="lengths.png" alt="histogram of game lengths">',
        '<p>Every game: <a href="games.json">games.json</a>, <a href="games.csv">games.csv</a>.</p>',
    ]
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse;"
             "margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .6em;text-align:right}"
             "img{max-width:100%}")
    page = (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(title)}"
            f"</title><style>{style}</style></head><body>{''.join(parts)}</body></html>\n")
    path.write_text(page, encoding="utf-8")
