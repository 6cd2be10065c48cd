"""The workbench's statistics, measured: false positives of a change with no effect, and what twin games save.

    .venv/bin/python bench/workbench_stats.py [--seeds 200] [--games 300] [--pairing-seeds 20] [--jobs 2]

1. False positives. The reference Swordplay pack plus three typical Heroes, two random seats, Heroes dealt at
   random (a design study). The null change moves Dodge to the end of the pack: every shuffled deck is then in
   another order (every game changes) but the odds are the same. Over many seeds, it counts the comparisons
   that call some difference real (Holm-corrected, the report's verdict) and the intervals that exclude zero
   (per statistic, uncorrected), at 95 % confidence. A literal no-op (a field += 0) is counted too.
2. Twin games. The width of the interval of the squire's win-rate difference for a planted change, from twin
   games (the same seeds) and from independent seeds of the same size; the ratio of the means.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sim.workbench_packs import MOVE_DODGE, study, typical_pack

from bouts.sim.paired import z_of
from bouts.sim.workbench import Running, compare


def false_positives(pack: Path, change: str, seeds: int, games: int, jobs: int) -> tuple[int, int, int, int, int]:
    """(seeds with a real difference, intervals excluding zero, tests, seeds where every game was the same,
    seeds)."""
    reports = excluding = tests = identical = 0
    for seed in range(seeds):
        outcome = compare(study(pack, "base", change, seed=10_000 + seed), games, running=Running(jobs=jobs))
        differences = outcome.summary["differences"]
        reports += any(d["real"] for d in differences)
        identical += all(d["verdict"] == "identical" for d in differences)
        tested = [d for d in differences if d["verdict"] in ("higher", "lower", "unclear")]
        tests += len(tested)
        excluding += sum(d["low"] > 0 or d["high"] < 0 for d in tested)
    return reports, excluding, tests, identical, seeds


def widths(pack: Path, change: str, seeds: int, games: int, jobs: int
           ) -> tuple[list[float], list[float], tuple[int, int]]:
    """Interval widths of the squire's difference (twin games, independent seeds), and how many comparisons
    of each kind called the squire's difference real."""
    paired: list[float] = []
    alone: list[float] = []
    real = [0, 0]
    for seed in range(seeds):
        for kind, (design, into) in enumerate(((study(pack, "base", change, seed=seed), paired),
                                               (study(pack, "base", change, seed=seed, paired=False), alone))):
            found = next(d for d in compare(design, games, running=Running(jobs=jobs)).summary["differences"]
                         if d["name"] == "squire")
            into.append(found["high"] - found["low"])
            real[kind] += found["real"]
    return paired, alone, (real[0], real[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--pairing-seeds", type=int, default=20)
    parser.add_argument("--pairing-only", action="store_true", help="Skip the false-positive measurement.")
    parser.add_argument("--small-only", action="store_true", help="Of the pairing measurement, the small change.")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as root:
        pack = typical_pack(Path(root))
        started = time.perf_counter()
        nulls = (("null change (Dodge moved)", MOVE_DODGE, args.seeds),
                 ("literal no-op (life += 0)", "hero.squire.life += 0", max(10, args.seeds // 10)))
        for label, change, seeds in () if args.pairing_only else nulls:
            reports, excluding, tests, identical, total = false_positives(pack, change, seeds, args.games, args.jobs)
            print(f"{label}: {total} seeds x {args.games} games per variant, 95% confidence:")
            print(f"  comparisons calling some difference real (Holm): {reports}/{total} = {reports / total:.1%}")
            if tests:
                print(f"  intervals excluding zero (per statistic, uncorrected): {excluding}/{tests} = "
                      f"{excluding / tests:.1%}")
            print(f"  comparisons where every twin game was the same: {identical}/{total}")
        changes = (("planted: squire base_damage += 2", "hero.squire.base_damage += 2"),
                   ("small: squire life += 1", "hero.squire.life += 1"))
        for label, change in changes[1:] if args.small_only else changes:
            paired, alone, real = widths(pack, change, args.pairing_seeds, args.games, args.jobs)
            ratio = statistics.fmean(paired) / statistics.fmean(alone)
            print(f"{label}: mean interval width, twin games {statistics.fmean(paired):.4f}, independent seeds "
                  f"{statistics.fmean(alone):.4f} ({args.pairing_seeds} seeds x {args.games} games per variant): "
                  f"ratio {ratio:.3f} (games needed for the same width: x{ratio ** 2:.2f}); the squire's "
                  f"difference called real in {real[0]}/{args.pairing_seeds} with twin games, "
                  f"{real[1]}/{args.pairing_seeds} with independent seeds")
        print(f"z at 95%: {z_of(0.95):.4f}; {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
