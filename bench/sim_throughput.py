"""`bouts sim` throughput: random games per second with 1 and 2 worker processes (and Ray if asked).

    .venv/bin/python bench/sim_throughput.py [--game ID] [--games 10000] [--ray]

Goals (issue 5): 100,000 random SAO games in at most 60 s on 2 cores; 2 workers at least 1.8x one.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _common import default_setup, game_ids

import bouts
from bouts.sim import SimConfig, simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game")
    parser.add_argument("--variant")
    parser.add_argument("--games", type=int, default=10000,
                        help="games per run; short runs understate the speed-up (pool start-up)")
    parser.add_argument("--ray", action="store_true", help="also time the Ray backend (2 CPUs)")
    args = parser.parse_args()
    print(f"{'game':<12} {'variant':<18} {'seats':>5} {'backend':<8} {'jobs':>4} {'games/s':>9} "
          f"{'speed-up':>8} {'100k games':>10}")
    for game_id in game_ids(args.game):
        game = bouts.game(game_id)
        name, seats, options = default_setup(game, args.variant)
        config = SimConfig(game_id, ("random",) * seats, options, None, seed=1)
        runs = [("local", 1), ("local", 2)] + ([("ray", 2)] if args.ray else [])
        base = None
        for backend, jobs in runs:
            started = time.perf_counter()
            simulate(config, args.games, jobs=jobs, backend=backend)
            rate = args.games / (time.perf_counter() - started)
            base = base or rate
            print(f"{game_id:<12} {name:<18} {seats:>5} {backend:<8} {jobs:>4} {rate:>9.1f} {rate / base:>7.2f}x "
                  f"{100_000 / rate:>9.0f}s")


if __name__ == "__main__":
    main()
