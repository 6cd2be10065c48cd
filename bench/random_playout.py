"""Random-playout speed per game, single process: games/s and actions/s (chance steps included).

    .venv/bin/python bench/random_playout.py [--game ID] [--seconds 5] [--checked] [--profile]

Plays on the simulator's fast path (``fork`` once, ``advance`` in place); ``--checked`` goes through
``apply`` instead (a legality check and a fresh state every step), as an interactive match does.

Also prints actions per CPU-second, which stays meaningful when other work shares the cores.
``--profile`` runs pyinstrument over the playouts and prints where the time goes.
``--floor`` also runs the same loop over a null game (every call returns at once, no rule work): the
most actions/s this loop reaches on this machine, so the rest of each game's time is its rules.
Goal (issue 5): at least 200,000 random-playout actions/s per game. Every registered game is measured
(swordplay, sao, fgo_duel, kaleido); ``--game ID`` picks one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

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


class NullGame:
    """The contract calls the playout loop makes, doing no rule work: the loop's own ceiling."""

    def __init__(self, length: int = 100) -> None:
        self.length = length
        self.options = (0, 1, 2)

    def fork(self, state: list[int]) -> list[int]:
        return list(state)

    def to_act(self, state: list[int]) -> tuple[int, ...]:
        return (0,) if state[0] < self.length else ()

    def legal_actions(self, state: list[int], seat: int) -> tuple[int, ...]:
        return self.options

    def advance(self, state: list[int], seat: int, action: int) -> None:
        state[0] += 1


def floor(seconds: float) -> float:
    """Actions/s of :func:`random_playout` over :class:`NullGame`."""
    game: Any = NullGame()
    rng = random.Random(1)
    steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        steps += random_playout(game, [0], rng)[1]
    return steps / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game")
    parser.add_argument("--variant")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--checked", action="store_true", help="play through apply (checked, copying)")
    parser.add_argument("--profile", action="store_true", help="profile with pyinstrument")
    parser.add_argument("--floor", action="store_true", help="also time the loop over a null game")
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
    if args.floor:
        print(f"{'(null game)':<12} {'':<18} {'':>5} {'':>9} {floor(args.seconds):>10.0f}   "
              "the loop alone: the ceiling for any game on this machine")


if __name__ == "__main__":
    main()
