"""The designer's workbench: compare variants, sweep a field, keep every game in Parquet.

:func:`compare` and :func:`sweep` are what ``bouts compare``, ``bouts sweep`` and the designer page call.
With a folder, the games land there as Parquet (``bouts results`` queries them) with a report; a later call
with the same design and more games adds only the games the folder lacks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bouts.sim.backends import Progress, Stop
from bouts.sim.config import SimError
from bouts.sim.paired import DEFAULT_CONFIDENCE, Accumulator
from bouts.sim.runner import Shield, Update, play_design
from bouts.sim.store import RunStore
from bouts.sim.sweep import Sweep
from bouts.sim.variants import Design
from bouts.sim.workbench_report import compare_summary, sweep_summary, write_compare_report, write_sweep_report

RUNS = Path("bouts-runs")
"""Where runs go when no folder is given: ``bouts-runs/<game>-<kind>-<hash of the design>``."""


def default_folder(design: Design) -> Path:
    """The folder a design's games go to by default (the same design, the same folder: it can be extended)."""
    game = design.game.replace(":", "_").replace("/", "_").replace(".", "_")
    return RUNS / f"{game}-{design.kind}-{design.digest()}"


def check_confidence(confidence: float) -> float:
    """``confidence`` if it is a usable level (between 0.5 and 0.9999), else a :class:`SimError`."""
    if not 0.5 <= confidence <= 0.9999:
        raise SimError(f"--confidence must be between 0.5 and 0.9999, not {confidence}")
    return confidence


@dataclass
class Outcome:
    """What a comparison or sweep did."""

    summary: dict[str, Any]
    """The JSON summary (also in the folder's ``summary.json``)."""
    accumulator: Accumulator
    played: int
    """Games played by this call."""
    had: int
    """Games per variant the folder had already."""
    folder: Path | None
    files: int = 0
    """Parquet files in the folder."""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Running:
    """How to play: backend, workers, and the caller's hooks (progress, live statistics, interrupts)."""

    backend: str = "local"
    jobs: int | None = None
    address: str | None = None
    stop: Stop | None = None
    progress: Progress | None = None
    update: Update | None = None
    shield: Shield | None = None


def _open(design: Design, folder: Path | None) -> tuple[RunStore | None, int]:
    if folder is None:
        return None, 0
    store = RunStore(folder, design)
    counts = store.open()
    return store, min((counts.get(v, 0) for v in range(len(design.variants))), default=0)


def compare(design: Design, n: int, folder: Path | None = None, confidence: float = DEFAULT_CONFIDENCE,
            running: Running | None = None) -> Outcome:
    """Play every variant of ``design`` to ``n`` games (same seeds: twin games) and compare each with the
    first. With ``folder``: games in Parquet there, plus ``summary.json``, ``compare.png``, ``report.html``."""
    check_confidence(confidence)
    if n < 1:
        raise SimError(f"-n must be at least 1, not {n}")
    design.check()
    running = running or Running()
    store, had = _open(design, folder)
    accumulator = Accumulator(len(design.variants), paired=design.paired)
    played = play_design(design, n, accumulator, store=store, backend=running.backend, jobs=running.jobs,
                         address=running.address, stop=running.stop, progress=running.progress,
                         update=running.update, shield=running.shield)
    params = store.params if store is not None else None
    if folder is not None:
        summary = write_compare_report(Path(folder), design, accumulator, confidence, params)
    else:
        summary = compare_summary(design, accumulator, confidence, params)
    return Outcome(summary, accumulator, played, min(had, n), folder,
                   len(store.files()) if store is not None else 0)


def sweep(grid: Sweep, n: int, folder: Path | None = None, confidence: float = DEFAULT_CONFIDENCE,
          selector: Any = "auto", running: Running | None = None,
          on_point: Callable[[int, str], None] | None = None) -> Outcome:
    """Play the grid's points to ``n`` games each; with a target, nearest the pack's values first, stopping at
    the first point that meets it. With ``folder``: games in Parquet there, plus ``summary.json``,
    ``sweep.png``, ``report.html``."""
    check_confidence(confidence)
    if n < 1:
        raise SimError(f"-n must be at least 1, not {n}")
    design = grid.design
    design.check()
    running = running or Running()
    store, had = _open(design, folder)
    accumulator = Accumulator(len(design.variants), paired=False)
    statuses: dict[int, str] = {}
    order: list[int] = []
    found: int | None = None
    played = 0

    def play(variants: list[int] | None) -> int:
        return play_design(design, n, accumulator, store=store, variants=variants, backend=running.backend,
                           jobs=running.jobs, address=running.address, stop=running.stop,
                           progress=running.progress, update=running.update, shield=running.shield)

    if grid.target is None:
        played = play(None)
        order = list(range(len(design.variants)))
    else:
        for variant in grid.order():
            played += play([variant])
            order.append(variant)
            statuses[variant] = grid.target.status(accumulator, variant, confidence)
            if on_point is not None:
                on_point(variant, statuses[variant])
            if statuses[variant] == "met":
                found = variant
                break
    if folder is not None:
        summary = write_sweep_report(Path(folder), grid, accumulator, confidence, selector, statuses, order, found)
    else:
        summary = sweep_summary(grid, accumulator, confidence, statuses, order, found)
    outcome = Outcome(summary, accumulator, played, min(had, n), folder,
                      len(store.files()) if store is not None else 0)
    outcome.extra = {"statuses": statuses, "found": found, "order": order}
    return outcome


SNAPSHOT_SECONDS = 0.5
"""Least time between two live snapshots of a running comparison."""


def compare_live(design_json: Mapping[str, Any], n: int, confidence: float, queue: Any) -> None:
    """Play a comparison in this process and put its progress on ``queue`` (a ``multiprocessing`` queue):
    ``{"state": "running", "played": ..., "summary": ...}`` at most every :data:`SNAPSHOT_SECONDS`, then one
    ``"done"`` (or ``"failed"`` with an ``"error"``). What the designer page runs in a child process."""
    import time

    try:
        design = Design.from_json(design_json)
        design.check()
        accumulator = Accumulator(len(design.variants), paired=design.paired)
        params = [design.params(v) for v in range(len(design.variants))]
        total = n * len(design.variants)
        last = [0.0]

        def update(running: Accumulator) -> None:
            now = time.monotonic()
            if now - last[0] >= SNAPSHOT_SECONDS:
                last[0] = now
                queue.put({"state": "running", "played": sum(running.games), "total": total,
                           "summary": compare_summary(design, running, confidence, params)})

        play_design(design, n, accumulator, jobs=1, update=update)
        queue.put({"state": "done", "played": sum(accumulator.games), "total": total,
                   "summary": compare_summary(design, accumulator, confidence, params)})
    except Exception as exc:  # reported to the page; the process ends either way
        queue.put({"state": "failed", "error": f"{type(exc).__name__}: {exc}" if not isinstance(exc, ValueError)
                   else str(exc)})
