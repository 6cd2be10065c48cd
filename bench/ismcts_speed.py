"""IS-MCTS speed per game: iterations/s and seconds per 1,000-iteration decision.

    .venv/bin/python bench/ismcts_speed.py [--game ID] [--iterations 1000] [--decisions 3]
        [--specs "ismcts;ismcts:rollout=random,prior=none,horizon=end"] [--profile]

Each spec is timed as given plus ``iterations=N``: by default the game's recommended search (``ismcts``)
and plain IS-MCTS (random rollouts to the end, no prior).

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
from bouts.agents import make_agent
from bouts.agents.ismcts import ISMCTSAgent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game")
    parser.add_argument("--variant")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--decisions", type=int, default=3)
    parser.add_argument("--specs", default="ismcts;ismcts:rollout=random,prior=none,horizon=end",
                        help="agent specs separated by ';'")
    parser.add_argument("--profile", action="store_true", help="profile with pyinstrument")
    args = parser.parse_args()
    with Profiling(args.profile):
        _report(args)


def _report(args: argparse.Namespace) -> None:
    print(f"{'game':<12} {'variant':<10} {'seats':>5} {'spec':<46} {'iterations/s':>12} "
          f"{'s per 1000-it decision':>22} {'CPU-s per 1000 it':>18}")
    for game_id in game_ids(args.game):
        game = bouts.game(game_id)
        name, seats, options = default_setup(game, args.variant)
        states = decision_states(game, seats, options, args.decisions)
        for spec in args.specs.split(";"):
            full = f"{spec}{',' if ':' in spec else ':'}iterations={args.iterations}"
            agent = make_agent(full, 1)
            assert isinstance(agent, ISMCTSAgent)
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
            print(f"{game_id:<12} {name:<10} {seats:>5} {spec:<46} {rate:>12.0f} {1000 / rate:>22.2f} "
                  f"{1000 / cpu_rate:>18.2f}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
