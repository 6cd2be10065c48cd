"""Every sentence the designer's workbench shows (terminal, HTML report, plots), in one place.

The words live here, as constants and small functions, so they can move into the message catalogs
(English and Japanese) without a hunt through the code.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bouts.sim.paired import PROPORTIONS, Difference, StatKey

STAT_LABELS = {
    "seat": "seat {name} win rate",
    "content": "{name} win rate",
    "length": "game length (steps)",
    "team": "team clear rate",
    "no_winner": "games with no winner",
    "unfinished": "games stopped by the step limit",
}
"""The name of each statistic."""

VERDICTS = {
    "higher": "higher — real",
    "lower": "lower — real",
    "unclear": "no clear difference",
    "identical": "identical games",
    "few": "too few games to tell",
}
"""What each verdict says in a table."""

TARGET_STATUS = {"met": "met", "missed": "missed", "unclear": "unclear", None: "not played"}
"""What a sweep point's target status says."""

HEADERS = {
    "statistic": "statistic",
    "variant": "variant",
    "value": "value",
    "interval": "{confidence:.0%} interval",
    "difference": "difference from baseline",
    "diff_interval": "{confidence:.0%} interval of the difference",
    "p": "p (Holm)",
    "verdict": "verdict",
    "games": "games",
    "target": "target",
    "fair": "fair share",
}
"""Column headers."""

TITLES = {
    "compare": "bouts compare: {game}",
    "sweep": "bouts sweep: {game}",
    "variants": "Each variant ({games} games each, {confidence:.0%} intervals)",
    "differences": "Against the baseline ({pairing})",
    "points": "Each point of the grid ({confidence:.0%} intervals)",
    "conclusion": "What is real",
    "plots": "Plots",
    "files": "Every game",
}
"""Titles of tables and report sections."""

PAIRED = "twin games: the same seeds and seats in every variant, a paired test"
UNPAIRED = "independent seeds per variant (unpaired), a two-sample test"
FILES_NOTE = ("one row per game and seat in {folder}/games/*.parquet, with the variant's parameters as columns; "
              "query them with bouts results {folder} \"select …\"")
CONFOUNDED_NOTE = ("The agents chose their own content: a change that alters which content they choose alters "
                   "the per-content rates for that reason too. Deal the content with --assign random to measure "
                   "the content itself.")
HOLM_NOTE = ("A verdict is 'real' when the difference's p-value, corrected (Holm) for the {tests} differences "
             "in this report, is below {alpha:.3g}; an interval that only just excludes zero may still read "
             "'no clear difference'.")
NOTHING_REAL = "No difference is clear at {confidence:.0%} confidence over {games} games per variant."
REAL_LINE = "{variant}: {label} {base} → {value}, {diff} ({low} to {high}): real."
SAVED = "Games: {folder} ({files} Parquet files); report: {report}"
ALREADY = "{have} of the {wanted} games per variant were already in {folder}; played {played} more."
INTERRUPTED = "interrupted: {played} games played this time were kept in {folder}; run the same command to go on"
INTERRUPTED_NOTHING = "interrupted: no game finished"
PLAYING = "{game}: {variants} variants, {games} games each"
SWEEP_STOPPED = "Target {target} met at {point} ({games} games): the smallest change that meets it."
SWEEP_NOT_MET = "No point of the grid met the target {target} with {confidence:.0%} confidence."
SWEEP_ORDER = ("Points played nearest the pack's value first ({bases}); the sweep stops at the first that meets "
               "{target}.")
SETUP = "Seats: {seats}. Seed {seed}. Content: {assign}. Options: {options}. Content pack: {content}."
ASSIGNED = {"choose": "chosen by the agents", "random": "dealt at random (a design study)"}
REFERENCE_PACK = "the reference pack"
AXES = "Varied: {axes}; the pack's values: {bases}."
BASE_VALUE = "pack value"
TARGET_BAND = "target band"
NO_ROWS = "(no rows)"
MORE_ROWS = "… more rows (first {limit} shown; --limit to change)"
RESULTS_HELP = ("Columns of the games view (one row per game and seat). Try:\n"
                "  bouts results {folder} \"select variant, avg(won::int) as win_rate from games "
                "where seat = 0 group by variant\"\n"
                "  bouts results {folder} \"select variant, c as content, avg(won::int) from games, unnest(content) "
                "t(c) group by all order by all\"")
PLOT_RATE = "rate"
PLOT_DIFF = "difference from baseline (percentage points)"
PLOT_LENGTH = "game length (steps)"
PLOT_RATES_TITLE = "rates per variant"
PLOT_DIFF_TITLE = "difference from the baseline, {confidence:.0%} interval"
PLOT_LENGTH_TITLE = "game length"
PLOT_SWEEP_TITLE = "{stat} against {field} ({games} games per point, {confidence:.0%} bands)"
PLOT_HEAT_TITLE = "{stat} ({games} games per point)"


def setup_line(summary: Mapping[str, Any]) -> str:
    """One sentence: the set-up a report's variants share."""
    options = ", ".join(f"{k}={json.dumps(v)}" for k, v in summary["options"].items()) or "defaults"
    return SETUP.format(seats=", ".join(summary["seats"]), seed=summary["seed"],
                        assign=ASSIGNED.get(summary["assign"], summary["assign"]), options=options,
                        content=summary["content"] or REFERENCE_PACK)


def axes_line(summary: Mapping[str, Any]) -> str:
    """One sentence: what a sweep varies."""
    axes = "; ".join(f"{a['path']} = {', '.join(map(str, a['values']))}" for a in summary["axes"])
    return AXES.format(axes=axes, bases=", ".join(map(str, summary["bases"])))


def stat_label(key: StatKey) -> str:
    """The name of a statistic.

    >>> stat_label(("seat", "1")), stat_label(("content", "mercenary")), stat_label(("length", ""))
    ('seat 1 win rate', 'mercenary win rate', 'game length (steps)')
    """
    return STAT_LABELS[key[0]].format(name=key[1])


def is_rate(key: StatKey) -> bool:
    """Whether a statistic is a rate (shown as a percentage)."""
    return key[0] in PROPORTIONS


def show_value(key: StatKey, value: float) -> str:
    """A statistic's value as a report prints it."""
    return f"{value:.1%}" if is_rate(key) else f"{value:.1f}"


def show_difference(key: StatKey, value: float) -> str:
    """A difference as a report prints it: percentage points for rates, steps for lengths."""
    if is_rate(key):
        return f"{100 * value:+.1f} points"
    return f"{value:+.1f}"


def show_bound(key: StatKey, value: float) -> str:
    """One end of a difference's interval: signed, in points for rates."""
    return f"{100 * value:+.1f}" if is_rate(key) else f"{value:+.1f}"


def show_interval(key: StatKey, low: float, high: float, difference: bool = False) -> str:
    """An interval as a report prints it (``—`` for an empty one, of identical games)."""
    if difference and low == high == 0:
        return "—"
    if difference:
        return f"{show_bound(key, low)} to {show_bound(key, high)}"
    return f"{show_value(key, low)} to {show_value(key, high)}"


def show_estimate(key: StatKey, value: float, low: float, high: float) -> str:
    """A value with its interval, compactly: ``50.8% [46.8, 54.8]`` or ``119.7 [116.0, 123.3]``."""
    if is_rate(key):
        return f"{value:.1%} [{100 * low:.1f}, {100 * high:.1f}]"
    return f"{value:.1f} [{low:.1f}, {high:.1f}]"


def show_p(p: float) -> str:
    """A p-value as a report prints it."""
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def verdict_text(difference: Difference) -> str:
    """What a difference's verdict says."""
    return VERDICTS[difference.verdict]


def conclusions(differences: Sequence[Difference], names: Sequence[str], confidence: float, games: int) -> list[str]:
    """Plain sentences: which differences are real, or that none is."""
    lines = []
    for d in differences:
        if d.is_real:
            lines.append(REAL_LINE.format(
                variant=names[d.variant], label=stat_label(d.key), base=show_value(d.key, d.base),
                value=show_value(d.key, d.value), diff=show_difference(d.key, d.diff),
                low=show_bound(d.key, d.low), high=show_bound(d.key, d.high)))
    if not lines:
        lines.append(NOTHING_REAL.format(confidence=confidence, games=games))
    tests = sum(1 for d in differences if d.verdict in ("higher", "lower", "unclear"))
    if tests > 1:
        lines.append(HOLM_NOTE.format(tests=tests, alpha=1 - confidence))
    return lines
