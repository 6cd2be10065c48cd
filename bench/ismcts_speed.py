"""IS-MCTS speed per game: iterations/s and seconds per 1,000-iteration decision.

    .venv/bin/python bench/ismcts_speed.py [--game ID] [--iterations 1000] [--decisions 3]
        [--rollout random|heuristic] [--profile]

Goal (issue 5): at most 0.5 s per 1,000-iteration decision in 2-seat setups.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _common import Profiling, decision_states, default_setup, game_ids

import bouts
from bouts.agents.ismcts import ISMCTSAgent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game")
    parser.add_argument("--variant")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--decisions", type=int, default=3)
    parser.add_argument("--rollout", default="random", choices=("random", "heuristic"))
    parser.add_argument("--profile", action="store_true", help="profile with pyinstrument")
    args = parser.parse_args()
    with Profiling(args.profile):
        _report(args)


def _report(args: argparse.Namespace) -> None:
    print(f"{'game':<12} {'variant':<18} {'seats':>5} {'iterations/s':>12} {'s per 1000-it decision':>22} "
          f"{'CPU-s per 1000 it':>18}")
    for game_id in game_ids(args.game):
        game = bouts.game(game_id)
        name, seats, options = default_setup(game, args.variant)
        states = decision_states(game, seats, options, args.decisions)
        agent = ISMCTSAgent(1, iterations=args.iterations, rollout=args.rollout)
        total_time = total_cpu = 0.0
        total_iterations = 0
        for state, seat in states:
            started, cpu_started = time.perf_counter(), time.process_time()
            agent.search(game, state, seat)
            total_time += time.perf_counter() - started
            total_cpu += time.process_time() - cpu_started
            total_iterations += agent.last_iterations
        rate = total_iterations / total_time
        cpu_rate = total_iterations / total_cpu
        print(f"{game_id:<12} {name:<18} {seats:>5} {rate:>12.0f} {1000 / rate:>22.2f} {1000 / cpu_rate:>18.2f}")


if __name__ == "__main__":
    main()
