"""Reports of comparisons and sweeps: a JSON summary, PNG plots (matplotlib) and an HTML page."""

from __future__ import annotations

import html
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bouts.sim import wording as say
from bouts.sim.paired import Accumulator, Difference, StatKey
from bouts.sim.report import _atomic, _pyplot, atomic_text
from bouts.sim.sweep import Sweep, point_table, stat_keys
from bouts.sim.variants import Design

STYLE = ("body{font-family:sans-serif;max-width:70em;margin:2em auto;padding:0 1em}table{border-collapse:collapse;"
         "margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .6em;text-align:right}td:first-child,"
         "th:first-child{text-align:left}tr.real td{background:#e9f4e4;font-weight:bold}img{max-width:100%}"
         ".note{color:#555}")
COLOURS = {"higher": "#2a7f3a", "lower": "#b03a2e", "unclear": "#777777", "identical": "#bbbbbb", "few": "#bbbbbb"}
"""Colour of a difference in plots, by verdict."""


# -- comparisons ------------------------------------------------------------------------------------

def compare_summary(design: Design, accumulator: Accumulator, confidence: float,
                    params: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """A comparison's statistics, differences and conclusions, JSON-ready."""
    names = [v.name for v in design.variants]
    params = params if params is not None else [design.params(v) for v in range(len(design.variants))]
    keys = accumulator.statistics()
    variants = []
    for number, variant in enumerate(design.variants):
        stats = []
        for key in keys:
            estimate = accumulator.estimate(number, key, confidence)
            if estimate is not None:
                stats.append({**estimate.to_json(), "label": say.stat_label(key)})
        variants.append({"name": variant.name, "changes": [str(c) for c in variant.patch.changes],
                         "params": dict(params[number]), "games": accumulator.games[number], "stats": stats})
    differences = accumulator.differences(confidence)
    paired_games = accumulator.complete if accumulator.paired else min(accumulator.games, default=0)
    return {
        "kind": "compare", "game": design.game, "seats": list(design.seats), "seed": design.seed,
        "assign": design.assign, "options": dict(design.options), "content": design.content,
        "confidence": confidence, "paired": design.paired, "games": paired_games,
        "columns": design.columns(), "variants": variants,
        "differences": [{**d.to_json(), "label": say.stat_label(d.key), "variant_name": names[d.variant],
                         "verdict_text": say.verdict_text(d)} for d in differences],
        "conclusions": say.conclusions(differences, names, confidence, paired_games),
        "confounded": design.assign == "choose" and any(k[0] == "content" for k in keys),
    }


def plot_compare(path: Path, design: Design, accumulator: Accumulator, confidence: float) -> None:
    """Rates per variant with intervals, the differences from the baseline (a forest plot, one group per
    variant), and game lengths."""
    plt = _pyplot()
    keys = accumulator.statistics()
    rates = [k for k in keys if say.is_rate(k)]
    lengths = [k for k in keys if not say.is_rate(k)]
    differences = [d for d in accumulator.differences(confidence) if say.is_rate(d.key)]
    count = len(design.variants)
    rows = len(differences) + count
    figure, axes = plt.subplots(1, 3, figsize=(17, max(4.5, 0.3 * max(rows, len(rates) * count) + 2.5)),
                                gridspec_kw={"width_ratios": [3, 3.2, 1.6]}, layout="constrained")
    width = 0.8 / max(1, count)
    for number, variant in enumerate(design.variants):
        values, low, high = [], [], []
        for key in rates:
            estimate = accumulator.estimate(number, key, confidence)
            values.append(estimate.value if estimate else math.nan)
            low.append(estimate.value - estimate.low if estimate else 0.0)
            high.append(estimate.high - estimate.value if estimate else 0.0)
        positions = [i + (number - (count - 1) / 2) * width for i in range(len(rates))]
        axes[0].barh(positions, values, height=width, xerr=[low, high], capsize=2,
                     label=_wrap(variant.name, 60))
    axes[0].set_yticks(range(len(rates)), [say.stat_label(k) for k in rates], fontsize=8)
    axes[0].invert_yaxis()
    axes[0].set_xlim(0, 1)
    axes[0].set_xlabel(say.PLOT_RATE)
    axes[0].set_title(say.PLOT_RATES_TITLE)
    axes[0].legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=1, frameon=False)
    _forest(axes[1], differences, design, confidence)
    for number in range(count):
        for key in lengths:
            estimate = accumulator.estimate(number, key, confidence)
            if estimate is not None:
                axes[2].errorbar([estimate.value], [number], xerr=[[estimate.value - estimate.low],
                                                                    [estimate.high - estimate.value]],
                                 fmt="o", capsize=3, color="#4878a8")
    axes[2].set_yticks(range(count), [_wrap(v.name, 22) for v in design.variants], fontsize=7)
    axes[2].set_ylim(count - 0.5, -0.5)
    axes[2].set_xlabel(say.PLOT_LENGTH)
    axes[2].set_title(say.PLOT_LENGTH_TITLE)
    figure.savefig(path, dpi=90)
    plt.close(figure)


def _forest(axis: Any, differences: Sequence[Difference], design: Design, confidence: float) -> None:
    """One group of rows per variant (its name in bold), one row per statistic."""
    labels: list[str] = []
    row = 0
    for variant in range(1, len(design.variants)):
        mine = [d for d in differences if d.variant == variant]
        if not mine:
            continue
        axis.text(0.01, row, _short(design.variants[variant].name, 70), transform=axis.get_yaxis_transform(),
                  ha="left", va="center", fontsize=8, fontweight="bold")
        labels.append("")
        row += 1
        for d in mine:
            colour = COLOURS[d.verdict]
            axis.errorbar([100 * d.diff], [row], xerr=[[100 * (d.diff - d.low)], [100 * (d.high - d.diff)]],
                          fmt="o", capsize=3, color=colour)
            labels.append(say.stat_label(d.key))
            row += 1
    axis.axvline(0, color="#333333", linewidth=0.8)
    axis.set_yticks(range(len(labels)), labels, fontsize=7)
    axis.set_ylim(len(labels) - 0.5, -0.5)
    axis.set_xlabel(say.PLOT_DIFF)
    axis.set_title(say.PLOT_DIFF_TITLE.format(confidence=confidence))


def _wrap(text: str, width: int) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width)) or text


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]], classes: Sequence[str] = ()) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = []
    for number, row in enumerate(rows):
        attribute = f' class="{classes[number]}"' if number < len(classes) and classes[number] else ""
        body.append(f"<tr{attribute}>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _page(title: str, parts: Sequence[str]) -> str:
    return (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
            f"<style>{STYLE}</style></head><body>{''.join(parts)}</body></html>\n")


def compare_html(summary: Mapping[str, Any], folder: str) -> str:
    """The comparison's page: conclusions, tables and the plot."""
    confidence = summary["confidence"]
    title = say.TITLES["compare"].format(game=summary["game"])
    names = [v["name"] for v in summary["variants"]]
    parts = [f"<h1>{html.escape(title)}</h1>",
             f"<p>{html.escape(say.setup_line(summary))}</p>",
             f"<h2>{html.escape(say.TITLES['conclusion'])}</h2><ul>"
             + "".join(f"<li>{html.escape(line)}</li>" for line in summary["conclusions"]) + "</ul>"]
    if summary["confounded"]:
        parts.append(f"<p class=\"note\">{html.escape(say.CONFOUNDED_NOTE)}</p>")
    columns = summary["columns"]
    if columns:
        parts.append(_table([say.HEADERS["variant"], *columns],
                            [[v["name"], *(json.dumps(v["params"].get(c), ensure_ascii=False) for c in columns)]
                             for v in summary["variants"]]))
    keys: list[tuple[str, str]] = []
    for variant in summary["variants"]:
        keys += [(s["kind"], s["name"]) for s in variant["stats"] if (s["kind"], s["name"]) not in keys]
    rows = []
    for key in keys:
        row: list[object] = [say.stat_label(key)]
        for variant in summary["variants"]:
            stat = next((s for s in variant["stats"] if (s["kind"], s["name"]) == key), None)
            row.append("" if stat is None else
                       say.show_estimate(key, stat["value"], stat["low"], stat["high"]))
        rows.append(row)
    games = summary["games"]
    parts += [f"<h2>{html.escape(say.TITLES['variants'].format(games=games, confidence=confidence))}</h2>",
              _table([say.HEADERS["statistic"], *names], rows)]
    pairing = say.PAIRED if summary["paired"] else say.UNPAIRED
    diff_rows, classes = [], []
    for d in summary["differences"]:
        key = (d["kind"], d["name"])
        diff_rows.append([d["variant_name"], d["label"], say.show_value(key, d["base"]),
                          say.show_value(key, d["value"]), say.show_difference(key, d["diff"]),
                          say.show_interval(key, d["low"], d["high"], True), say.show_p(d["p_adjusted"]),
                          d["verdict_text"]])
        classes.append("real" if d["real"] else "")
    parts += [f"<h2>{html.escape(say.TITLES['differences'].format(pairing=pairing))}</h2>",
              _table([say.HEADERS["variant"], say.HEADERS["statistic"], names[0] if names else "",
                      say.HEADERS["value"], say.HEADERS["difference"],
                      say.HEADERS["diff_interval"].format(confidence=confidence), say.HEADERS["p"],
                      say.HEADERS["verdict"]], diff_rows, classes),
              f"<h2>{html.escape(say.TITLES['plots'])}</h2><img src=\"compare.png\" alt=\"comparison plot\">",
              f"<h2>{html.escape(say.TITLES['files'])}</h2><p>{html.escape(say.FILES_NOTE.format(folder=folder))}; "
              "<a href=\"summary.json\">summary.json</a>, <a href=\"run.json\">run.json</a>.</p>"]
    return _page(title, parts)


def write_compare_report(folder: Path, design: Design, accumulator: Accumulator, confidence: float,
                         params: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """Write ``summary.json``, ``compare.png`` and ``report.html`` into a run folder; the summary."""
    summary = compare_summary(design, accumulator, confidence, params)
    atomic_text(folder / "summary.json", json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
    _atomic(folder / "compare.png", lambda p: plot_compare(p, design, accumulator, confidence))
    atomic_text(folder / "report.html", compare_html(summary, str(folder)))
    return summary


# -- sweeps -----------------------------------------------------------------------------------------

def sweep_summary(sweep: Sweep, accumulator: Accumulator, confidence: float, statuses: Mapping[int, str],
                  played: Sequence[int], found: int | None) -> dict[str, Any]:
    """A sweep's points, target statuses and the point that met the target, JSON-ready."""
    design = sweep.design
    return {"kind": "sweep", "game": design.game, "seats": list(design.seats), "seed": design.seed,
            "assign": design.assign, "options": dict(design.options), "content": design.content,
            "confidence": confidence, **sweep.to_json(), "played": list(played),
            "found": None if found is None else {"variant": found, "name": design.variants[found].name,
                                                 "values": list(sweep.point(found))},
            "points": point_table(sweep, accumulator, confidence, statuses)}


def plot_sweep(path: Path, sweep: Sweep, accumulator: Accumulator, confidence: float, selector: Any,
               statuses: Mapping[int, str]) -> None:
    """One field: each statistic against the value with its interval band. Two fields: a heat map per
    statistic."""
    plt = _pyplot()
    keys = stat_keys(selector, accumulator)[:12]
    played = [v for v in range(len(sweep.design.variants)) if accumulator.games[v]]
    games = min((accumulator.games[v] for v in played), default=0)
    if len(sweep.axes) == 1:
        axis_info = sweep.axes[0]
        figure, axis = plt.subplots(figsize=(8, 5))
        numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in axis_info.values)
        for key in keys:
            xs, ys, lows, highs = [], [], [], []
            for variant in played:
                estimate = accumulator.estimate(variant, key, confidence)
                if estimate is None:
                    continue
                value = sweep.point(variant)[0]
                xs.append(value if numeric else axis_info.values.index(value))
                ys.append(estimate.value)
                lows.append(estimate.low)
                highs.append(estimate.high)
            order = sorted(range(len(xs)), key=lambda i: xs[i])
            xs, ys = [xs[i] for i in order], [ys[i] for i in order]
            lows, highs = [lows[i] for i in order], [highs[i] for i in order]
            line = axis.plot(xs, ys, marker="o", label=say.stat_label(key))[0]
            axis.fill_between(xs, lows, highs, alpha=0.2, color=line.get_color())
        base = sweep.bases[0]
        if base is not None and numeric and isinstance(base, int | float):
            axis.axvline(base, color="#333333", linestyle=":", label=say.BASE_VALUE)
        _target_lines(axis, sweep, accumulator, played)
        for variant in played:
            if statuses.get(variant) == "met":
                value = sweep.point(variant)[0]
                axis.axvspan((value if numeric else axis_info.values.index(value)) - 0.1 * axis_info.step,
                             (value if numeric else axis_info.values.index(value)) + 0.1 * axis_info.step,
                             color="#2a7f3a", alpha=0.15)
        if not numeric:
            axis.set_xticks(range(len(axis_info.values)), [str(v) for v in axis_info.values])
        elif len(axis_info.values) <= 20:
            axis.set_xticks(list(axis_info.values), [str(v) for v in axis_info.values])
        axis.set_xlabel(axis_info.path)
        if all(say.is_rate(k) for k in keys):  # the data's range (with the target's lines), within 0..1
            low, high = axis.get_ylim()
            axis.set_ylim(max(0.0, low - 0.02), min(1.0, high + 0.02))
        axis.set_ylabel(", ".join(sorted({say.stat_label(k) if not say.is_rate(k) else say.PLOT_RATE
                                          for k in keys})))
        axis.set_title(say.PLOT_SWEEP_TITLE.format(stat=_short(", ".join(say.stat_label(k) for k in keys), 60),
                                                   field=axis_info.path, games=games, confidence=confidence),
                       fontsize=9)
        axis.legend(fontsize=7)
        figure.tight_layout()
        figure.savefig(path, dpi=90)
        plt.close(figure)
        return
    first, second = sweep.axes
    columns = min(3, max(1, len(keys)))
    rows = math.ceil(max(1, len(keys)) / columns)
    figure, axes = plt.subplots(rows, columns, figsize=(5.5 * columns, 4.5 * rows), squeeze=False)
    for number, key in enumerate(keys or [("seat", "0")]):
        axis = axes[number // columns][number % columns]
        grid = [[math.nan] * len(first.values) for _ in second.values]
        for variant in played:
            estimate = accumulator.estimate(variant, key, confidence)
            if estimate is not None:
                a, b = sweep.point(variant)
                grid[second.values.index(b)][first.values.index(a)] = estimate.value
        image = axis.imshow(grid, origin="lower", aspect="auto", cmap="viridis",
                            vmin=0 if say.is_rate(key) else None, vmax=1 if say.is_rate(key) else None)
        for y, row in enumerate(grid):
            for x, value in enumerate(row):
                if not math.isnan(value):
                    axis.text(x, y, say.show_value(key, value), ha="center", va="center", fontsize=7,
                              color="white" if (value < 0.5 if say.is_rate(key) else False) else "black")
        axis.set_xticks(range(len(first.values)), [str(v) for v in first.values], fontsize=7)
        axis.set_yticks(range(len(second.values)), [str(v) for v in second.values], fontsize=7)
        axis.set_xlabel(first.path)
        axis.set_ylabel(second.path)
        axis.set_title(say.PLOT_HEAT_TITLE.format(stat=say.stat_label(key), games=games), fontsize=9)
        figure.colorbar(image, ax=axis)
    for number in range(len(keys), rows * columns):
        axes[number // columns][number % columns].axis("off")
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    plt.close(figure)


def _target_lines(axis: Any, sweep: Sweep, accumulator: Accumulator, played: Sequence[int]) -> None:
    target = sweep.target
    if target is None or not played:
        return
    bands = [target.bands(accumulator, v) for v in played]
    lows = [low for band in bands for low, _ in band.values() if math.isfinite(low)]
    highs = [high for band in bands for _, high in band.values() if math.isfinite(high)]
    if lows:
        axis.axhline(sum(lows) / len(lows), color="#2a7f3a", linestyle="--", linewidth=0.8, label=say.TARGET_BAND)
    if highs:
        axis.axhline(sum(highs) / len(highs), color="#2a7f3a", linestyle="--", linewidth=0.8,
                     label=None if lows else say.TARGET_BAND)


def sweep_html(summary: Mapping[str, Any], folder: str) -> str:
    """The sweep's page: what it found, the points and the plot."""
    confidence = summary["confidence"]
    title = say.TITLES["sweep"].format(game=summary["game"])
    parts = [f"<h1>{html.escape(title)}</h1>",
             f"<p>{html.escape(say.setup_line(summary))}</p><p>{html.escape(say.axes_line(summary))}</p>"]
    lines = sweep_lines(summary)
    if lines:
        parts.append("<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>")
    keys: list[tuple[str, str]] = []
    for point in summary["points"]:
        keys += [(s["kind"], s["name"]) for s in point["stats"] if (s["kind"], s["name"]) not in keys]
    rows, classes = [], []
    for point in summary["points"]:
        row: list[object] = [point["name"], point["games"]]
        for key in keys:
            stat = next((s for s in point["stats"] if (s["kind"], s["name"]) == key), None)
            row.append("" if stat is None else
                       say.show_estimate(key, stat["value"], stat["low"], stat["high"]))
        if summary["target"]:
            row.append(say.TARGET_STATUS[point["target"]])
        rows.append(row)
        classes.append("real" if point["target"] == "met" else "")
    headers = [say.HEADERS["variant"], say.HEADERS["games"], *(say.stat_label(k) for k in keys)]
    if summary["target"]:
        headers.append(say.HEADERS["target"])
    parts += [f"<h2>{html.escape(say.TITLES['points'].format(confidence=confidence))}</h2>",
              _table(headers, rows, classes),
              f"<h2>{html.escape(say.TITLES['plots'])}</h2><img src=\"sweep.png\" alt=\"sweep plot\">",
              f"<h2>{html.escape(say.TITLES['files'])}</h2><p>{html.escape(say.FILES_NOTE.format(folder=folder))}; "
              "<a href=\"summary.json\">summary.json</a>, <a href=\"run.json\">run.json</a>.</p>"]
    return _page(title, parts)


def sweep_lines(summary: Mapping[str, Any]) -> list[str]:
    """Plain sentences about a sweep's target."""
    target = summary.get("target")
    if not target:
        return []
    found = summary.get("found")
    lines = [say.SWEEP_ORDER.format(bases=", ".join(f"{a['path']}={b}" for a, b in
                                                    zip(summary["axes"], summary["bases"], strict=True)),
                                    target=target)]
    if found is not None:
        games = next((p["games"] for p in summary["points"] if p["variant"] == found["variant"]), 0)
        lines.append(say.SWEEP_STOPPED.format(target=target, point=found["name"], games=games))
    else:
        lines.append(say.SWEEP_NOT_MET.format(target=target, confidence=summary["confidence"]))
    return lines


def write_sweep_report(folder: Path, sweep: Sweep, accumulator: Accumulator, confidence: float, selector: Any,
                       statuses: Mapping[int, str], played: Sequence[int], found: int | None) -> dict[str, Any]:
    """Write ``summary.json``, ``sweep.png`` and ``report.html`` into a run folder; the summary."""
    summary = sweep_summary(sweep, accumulator, confidence, statuses, played, found)
    atomic_text(folder / "summary.json", json.dumps(summary, indent=1, ensure_ascii=False, default=str) + "\n")
    _atomic(folder / "sweep.png", lambda p: plot_sweep(p, sweep, accumulator, confidence, selector, statuses))
    atomic_text(folder / "report.html", sweep_html(summary, str(folder)))
    return summary


def key_of(data: Mapping[str, Any]) -> StatKey:
    """The statistic a summary's entry describes."""
    return (str(data["kind"]), str(data["name"]))
