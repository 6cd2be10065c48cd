"""Grail War search settings against each other: IS-MCTS in one seat of a 4-player table, the heuristic in the others.

    .venv/bin/python bench/grail_war_search.py [--games 40] [--seats 4] [--iterations 200]
        [--specs "ismcts:horizon=40;ismcts:horizon=10"] [--jobs 1] [--seed 1]

Each spec plays the same games (the same seeds, the same seat for IS-MCTS, each seat in turn), so the settings
meet the same deals. Prints each spec's win rate with its 95 % Wilson interval against the fair share, the wall
seconds the games took, and each spec's difference from the first with a 95 % interval over the paired games
(normal approximation). Issue 27: a cheaper ``SEARCH`` must show no loss against the current one at equal
iterations.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _common import machine

from bouts.sim import SimConfig, run_batches
from bouts.sim.stats import Rate


def paired(first: list[int], other: list[int]) -> tuple[float, float, float]:
    """Mean difference ``other - first`` of paired 0/1 results and its 95 % normal interval."""
    diffs = [b - a for a, b in zip(first, other, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--specs", default="ismcts:horizon=40;ismcts:horizon=10")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from bouts import game
    options = dict(game("grail_war").variants()[args.variant].options)
    seats = args.seats
    per_seat = [args.games // seats + (1 if i < args.games % seats else 0) for i in range(seats)]
    print(f"grail_war ({args.variant}, {seats} seats): IS-MCTS ({args.iterations} iterations) in one seat, each seat "
          f"in turn, the heuristic in the others; {args.games} games per spec, the same seeds; fair share "
          f"{1 / seats:.1%}; {machine()}")
    specs = args.specs.split(";")
    results: list[list[int]] = [[] for _ in specs]
    wall = [0.0 for _ in specs]
    for seat in range(seats):  # the specs interleaved, seat by seat: a run cut short still compares them
        for index, spec in enumerate(specs):
            full = f"{spec}{',' if ':' in spec else ':'}iterations={args.iterations}"
            agents = tuple(full if s == seat else "heuristic" for s in range(seats))
            started = time.perf_counter()
            records = run_batches([(SimConfig("grail_war", agents, options, None, args.seed + seat), per_seat[seat])],
                                  jobs=args.jobs)[0]
            wall[index] += time.perf_counter() - started
            results[index].extend(int(seat in r.winners) for r in records)
        print(f" after IS-MCTS in seats 0-{seat}:")
        for index, spec in enumerate(specs):
            won = results[index]
            rate = Rate.of(sum(won), len(won))
            line = f"  {spec:<44} {rate.wins:>4}/{rate.games:<4} {rate}  {wall[index]:.0f} s"
            if index:
                mean, low, high = paired(results[0], won)
                line += f"  vs first: {mean:+.1%} [{low:+.1%}, {high:+.1%}]"
            print(line, flush=True)

if __name__ == "__main__":
    main()
