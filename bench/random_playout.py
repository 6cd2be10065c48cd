"""Random-playout speed per game, single process: games/s and actions/s (chance steps included).

    .venv/bin/python bench/random_playout.py [--game ID] [--seconds 5] [--checked] [--profile]

Plays on the simulator's fast path (``fork`` once, ``advance`` in place); ``--checked`` goes through
``apply`` instead (a legality check and a fresh state every step), as an interactive match does.

Also prints actions per CPU-second, which stays meaningful when other work shares the cores.
``--profile`` runs pyinstrument over the playouts and prints where the time goes.
Goal (issue 5): at least 200,000 random-playout actions/s per game.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _common import Profiling, default_setup, game_ids, random_playout

import bouts


def measure(game_id: str, seconds: float, variant: str | None, checked: bool) -> dict[str, float]:
    game = bouts.game(game_id)
    name, seats, options = default_setup(game, variant)
    content = game.load_content()
    rng = random.Random(1)
    games = steps = decisions = 0
    started = time.perf_counter()
    cpu_started = time.process_time()
    while time.perf_counter() - started < seconds:
        state = game.setup(seats, options, content, games)
        _, n, d = random_playout(game, state, rng, checked)
        games += 1
        steps += n
        decisions += d
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    return {"variant": name, "seats": seats, "games": games, "games_s": games / elapsed,
            "actions_s": steps / elapsed, "decisions_s": decisions / elapsed, "steps_per_game": steps / games,
            "cpu_actions_s": steps / cpu, "cpu_share": cpu / elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game")
    parser.add_argument("--variant")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--checked", action="store_true", help="play through apply (checked, copying)")
    parser.add_argument("--profile", action="store_true", help="profile with pyinstrument")
    args = parser.parse_args()
    with Profiling(args.profile):
        _report(args)


def _report(args: argparse.Namespace) -> None:
    print(f"{'game':<12} {'variant':<18} {'seats':>5} {'games/s':>9} {'actions/s':>10} {'decisions/s':>11} "
          f"{'steps/game':>10} {'actions/CPU-s':>13} {'CPU share':>9}")
    for game_id in game_ids(args.game):
        r = measure(game_id, args.seconds, args.variant, args.checked)
        print(f"{game_id:<12} {r['variant']:<18} {r['seats']:>5} {r['games_s']:>9.1f} {r['actions_s']:>10.0f} "
              f"{r['decisions_s']:>11.0f} {r['steps_per_game']:>10.1f} {r['cpu_actions_s']:>13.0f} "
              f"{r['cpu_share']:>9.0%}")


if __name__ == "__main__":
    main()
