"""Every sentence the designer's workbench shows (terminal, HTML report, plots), in one place.

The words are message ids of the ``bouts`` catalog (English and Japanese): tables of ids marked with ``N_``
and small functions that translate them into the current language (:func:`bouts.core.i18n.use_lang`) when a
report is made. Numbers keep one format in both languages (``50.8%``, ``+2.0``).

>>> from bouts.core.i18n import use_lang
>>> with use_lang("ja"):
...     stat_label(("seat", "1")), verdict_word("higher")
('席1の勝率', '高い（有意）')
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bouts.core.i18n import BOUTS, N_, tr
from bouts.sim.paired import PROPORTIONS, Difference, StatKey

_ = BOUTS.gettext

STAT_LABELS = {
    "seat": N_("seat {name} win rate"),
    "content": N_("{name} win rate"),
    "length": N_("game length (steps)"),
    "team": N_("team clear rate"),
    "no_winner": N_("games with no winner"),
    "unfinished": N_("games stopped by the step limit"),
}
"""The name of each statistic."""

VERDICTS = {
    "higher": N_("higher — real"),
    "lower": N_("lower — real"),
    "unclear": N_("no clear difference"),
    "identical": N_("identical games"),
    "few": N_("too few games to tell"),
}
"""What each verdict says in a table."""

TARGET_STATUS = {"met": N_("met"), "missed": N_("missed"), "unclear": N_("unclear"), None: N_("not played")}
"""What a sweep point's target status says."""

HEADERS = {
    "statistic": N_("statistic"),
    "variant": N_("variant"),
    "value": N_("value"),
    "interval": N_("{confidence:.0%} interval"),
    "difference": N_("difference from baseline"),
    "diff_interval": N_("{confidence:.0%} interval of the difference"),
    "p": N_("p (Holm)"),
    "verdict": N_("verdict"),
    "games": N_("games"),
    "target": N_("target"),
    "fair": N_("fair share"),
}
"""Column headers."""

TITLES = {
    "compare": N_("bouts compare: {game}"),
    "sweep": N_("bouts sweep: {game}"),
    "variants": N_("Each variant ({games} games each, {confidence:.0%} intervals)"),
    "differences": N_("Against the baseline ({pairing})"),
    "points": N_("Each point of the grid ({confidence:.0%} intervals)"),
    "conclusion": N_("What is real"),
    "plots": N_("Plots"),
    "files": N_("Every game"),
}
"""Titles of tables and report sections."""

PAIRED = N_("twin games: the same seeds and seats in every variant, a paired test")
UNPAIRED = N_("independent seeds per variant (unpaired), a two-sample test")
FILES_NOTE = N_("one row per game and seat in {folder}/games/*.parquet, with the variant's parameters as columns; "
                "query them with bouts results {folder} \"select …\"")
CONFOUNDED_NOTE = N_("The agents chose their own content: a change that alters which content they choose alters "
                     "the per-content rates for that reason too. Deal the content with --assign random to measure "
                     "the content itself.")
HOLM_NOTE = N_("A verdict is 'real' when the difference's p-value, corrected (Holm) for the {tests} differences "
               "in this report, is below {alpha:.3g}; an interval that only just excludes zero may still read "
               "'no clear difference'.")
NOTHING_REAL = N_("No difference is clear at {confidence:.0%} confidence over {games} games per variant.")
REAL_LINE = N_("{variant}: {label} {base} → {value}, {diff} ({low} to {high}): real.")
SAVED = N_("Games: {folder} ({files} Parquet files); report: {report}")
ALREADY = N_("{have} of the {wanted} games per variant were already in {folder}; played {played} more.")
INTERRUPTED = N_("interrupted: {played} games played this time were kept in {folder}; run the same command to "
                 "go on")
INTERRUPTED_NOTHING = N_("interrupted: no game finished")
PLAYING = N_("{game}: {variants} variants, {games} games each")
SWEEP_STOPPED = N_("Target {target} met at {point} ({games} games): the smallest change that meets it.")
SWEEP_NOT_MET = N_("No point of the grid met the target {target} with {confidence:.0%} confidence.")
SWEEP_ORDER = N_("Points played nearest the pack's value first ({bases}); the sweep stops at the first that meets "
                 "{target}.")
SETUP = N_("Seats: {seats}. Seed {seed}. Content: {assign}. Options: {options}. Content pack: {content}.")
ASSIGNED = {"choose": N_("chosen by the agents"), "random": N_("dealt at random (a design study)")}
REFERENCE_PACK = N_("the reference pack")
DEFAULTS = N_("defaults")
AXES = N_("Varied: {axes}; the pack's values: {bases}.")
BASE_VALUE = N_("pack value")
TARGET_BAND = N_("target band")
NO_ROWS = N_("(no rows)")
MORE_ROWS = N_("… more rows (first {limit} shown; --limit to change)")
RESULTS_HELP = N_("Columns of the games view (one row per game and seat). Try:\n"
                  "  bouts results {folder} \"select variant, avg(won::int) as win_rate from games "
                  "where seat = 0 group by variant\"\n"
                  "  bouts results {folder} \"select variant, c as content, avg(won::int) from games, "
                  "unnest(content) t(c) group by all order by all\"")
PLOT_RATE = N_("rate")
PLOT_DIFF = N_("difference from baseline (percentage points)")
PLOT_LENGTH = N_("game length (steps)")
PLOT_RATES_TITLE = N_("rates per variant")
PLOT_DIFF_TITLE = N_("difference from the baseline, {confidence:.0%} interval")
PLOT_LENGTH_TITLE = N_("game length")
PLOT_SWEEP_TITLE = N_("{stat} against {field} ({games} games per point, {confidence:.0%} bands)")
PLOT_HEAT_TITLE = N_("{stat} ({games} games per point)")
BASELINE = N_("baseline")
"""What reports call the unchanged set-up (its variant's name, ``baseline``, is an id kept in the run)."""


def say(msgid: str, /, **args: Any) -> str:
    """A message id of this module in the current language, formatted with ``args``."""
    return _(msgid, **args)


def title(key: str, /, **args: Any) -> str:
    """The title ``key`` of :data:`TITLES`, in the current language."""
    return _(TITLES[key], **args)


def header(key: str, /, **args: Any) -> str:
    """The column header ``key`` of :data:`HEADERS`, in the current language."""
    return _(HEADERS[key], **args)


def target_status(status: str | None) -> str:
    """What a sweep point's target status says, in the current language."""
    return _(TARGET_STATUS[status])


def pairing(paired: bool) -> str:
    """How the variants' games relate (twin games or independent seeds)."""
    return _(PAIRED if paired else UNPAIRED)


def variant_name(name: str, changes: Sequence[Any] | None = None) -> str:
    """A variant's name as reports show it: the unchanged set-up's reads *baseline* in the current language.

    >>> variant_name("baseline", []), variant_name("hero.mercenary.life = 8")
    ('baseline', 'hero.mercenary.life = 8')
    """
    if name == "baseline" and not changes:
        return _(BASELINE)
    return name


def setup_line(summary: Mapping[str, Any]) -> str:
    """One sentence: the set-up a report's variants share."""
    options = [f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in summary["options"].items()]
    assign = summary["assign"]
    return _(SETUP, seats=list(summary["seats"]), seed=summary["seed"],
             assign=_(ASSIGNED[assign]) if assign in ASSIGNED else assign,
             options=options or _(DEFAULTS), content=summary["content"] or _(REFERENCE_PACK))


def axes_line(summary: Mapping[str, Any]) -> str:
    """One sentence: what a sweep varies."""
    axes = "; ".join(f"{a['path']} = {tr([str(v) for v in a['values']])}" for a in summary["axes"])
    return _(AXES, axes=axes, bases=[str(b) for b in summary["bases"]])


def stat_label(key: StatKey) -> str:
    """The name of a statistic.

    >>> stat_label(("seat", "1")), stat_label(("content", "mercenary")), stat_label(("length", ""))
    ('seat 1 win rate', 'mercenary win rate', 'game length (steps)')
    """
    return _(STAT_LABELS[key[0]], name=key[1])


def is_rate(key: StatKey) -> bool:
    """Whether a statistic is a rate (shown as a percentage)."""
    return key[0] in PROPORTIONS


def show_value(key: StatKey, value: float) -> str:
    """A statistic's value as a report prints it."""
    return f"{value:.1%}" if is_rate(key) else f"{value:.1f}"


def show_difference(key: StatKey, value: float) -> str:
    """A difference as a report prints it: percentage points for rates, steps for lengths."""
    if is_rate(key):
        return _("{value:+.1f} points", value=100 * value)
    return f"{value:+.1f}"


def show_bound(key: StatKey, value: float) -> str:
    """One end of a difference's interval: signed, in points for rates."""
    return f"{100 * value:+.1f}" if is_rate(key) else f"{value:+.1f}"


def show_interval(key: StatKey, low: float, high: float, difference: bool = False) -> str:
    """An interval as a report prints it (``—`` for an empty one, of identical games)."""
    if difference and low == high == 0:
        return "—"
    if difference:
        return _("{low} to {high}", low=show_bound(key, low), high=show_bound(key, high))
    return _("{low} to {high}", low=show_value(key, low), high=show_value(key, high))


def show_estimate(key: StatKey, value: float, low: float, high: float) -> str:
    """A value with its interval, compactly: ``50.8% [46.8, 54.8]`` or ``119.7 [116.0, 123.3]``."""
    if is_rate(key):
        return f"{value:.1%} [{100 * low:.1f}, {100 * high:.1f}]"
    return f"{value:.1f} [{low:.1f}, {high:.1f}]"


def show_p(p: float) -> str:
    """A p-value as a report prints it."""
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def verdict_word(verdict: str) -> str:
    """What a verdict (``higher``, ``lower``, ``unclear``, ``identical``, ``few``) says, in the current
    language."""
    return _(VERDICTS[verdict])


def verdict_text(difference: Difference) -> str:
    """What a difference's verdict says."""
    return verdict_word(difference.verdict)


def conclusions(differences: Sequence[Difference], names: Sequence[str], confidence: float, games: int) -> list[str]:
    """Plain sentences: which differences are real, or that none is (the real ones first, one per difference,
    in order)."""
    lines = []
    for d in differences:
        if d.is_real:
            lines.append(_(REAL_LINE, variant=names[d.variant], label=stat_label(d.key),
                           base=show_value(d.key, d.base), value=show_value(d.key, d.value),
                           diff=show_difference(d.key, d.diff), low=show_bound(d.key, d.low),
                           high=show_bound(d.key, d.high)))
    if not lines:
        lines.append(_(NOTHING_REAL, confidence=confidence, games=games))
    tests = sum(1 for d in differences if d.verdict in ("higher", "lower", "unclear"))
    if tests > 1:
        lines.append(_(HOLM_NOTE, tests=tests, alpha=1 - confidence))
    return lines
