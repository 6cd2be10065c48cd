"""Strength shown by matches: IS-MCTS against random and heuristic play.

    .venv/bin/python bench/strength.py [--game ID] [--variant NAME] [--games 40]
        [--ismcts ismcts:iterations=200] [--opponents random,heuristic] [--team] [--jobs 2] [--seed 1]

Every registered game (e.g. ``--game kaleido``). Duel mode (default): in a 2-seat setup (a game for 3 or
more: IS-MCTS in one seat, each seat in turn, the opponent in the others, against a fair share of 1/seats),
IS-MCTS plays each opponent, half the games in each seat order;
prints IS-MCTS's win rate with its 95 % Wilson interval (goals: >= 90 % against random, >= 55 % against
heuristic). Team mode (``--team``, for cooperative variants): each agent fills every seat; prints the
team clear rate of each agent team.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _common import default_setup, game_ids

import bouts
from bouts.sim import SimConfig, run_batches, split_specs, summarize
from bouts.sim.stats import Rate


def duel(game_id: str, variant: str | None, ismcts: str, opponents: list[str], games: int, jobs: int,
         seed: int, max_steps: int) -> None:
    game = bouts.game(game_id)
    name, seats, options = default_setup(game, variant)
    if seats != 2:
        table(game_id, name, seats, options, ismcts, opponents, games, jobs, seed, max_steps)
        return
    half = games // 2
    batches = []
    for opponent in opponents:
        batches.append((SimConfig(game_id, (ismcts, opponent), options, None, seed, max_steps), half))
        batches.append((SimConfig(game_id, (opponent, ismcts), options, None, seed + 1, max_steps), games - half))
    started = time.perf_counter()
    results = run_batches(batches, jobs=jobs)
    elapsed = time.perf_counter() - started
    print(f"{game_id} ({name}, 2 seats, options {options}): {ismcts} against each opponent, "
          f"{games} games per opponent (half in each seat order), {elapsed:.0f} s")
    print(f"  {'opponent':<12} {'IS-MCTS wins':>12} {'losses':>6} {'no winner':>9} {'win rate':>9} "
          f"{'95% interval':>16} {'as seat 0':>9} {'as seat 1':>9}")
    for index, opponent in enumerate(opponents):
        first, second = results[2 * index], results[2 * index + 1]
        wins0 = sum(0 in r.winners for r in first)
        wins1 = sum(1 in r.winners for r in second)
        losses = sum(1 in r.winners for r in first) + sum(0 in r.winners for r in second)
        draws = sum(not r.winners for r in first + second)
        rate = Rate.of(wins0 + wins1, len(first) + len(second))
        print(f"  {opponent:<12} {rate.wins:>12} {losses:>6} {draws:>9} {rate.rate:>9.1%} "
              f"{f'{rate.low:.1%} - {rate.high:.1%}':>16} {wins0 / max(1, len(first)):>9.1%} "
              f"{wins1 / max(1, len(second)):>9.1%}")


def table(game_id: str, name: str, seats: int, options: dict[str, object], ismcts: str, opponents: list[str],
          games: int, jobs: int, seed: int, max_steps: int) -> None:
    """A game for 3 or more: IS-MCTS in one seat (each seat in turn), the opponent in every other seat;
    IS-MCTS's win rate against its fair share 1/seats."""
    per_seat = [games // seats + (1 if i < games % seats else 0) for i in range(seats)]
    batches = []
    for opponent in opponents:
        for seat in range(seats):
            agents = tuple(ismcts if s == seat else opponent for s in range(seats))
            batches.append((SimConfig(game_id, agents, options, None, seed + seat, max_steps), per_seat[seat]))
    started = time.perf_counter()
    results = run_batches(batches, jobs=jobs)
    elapsed = time.perf_counter() - started
    print(f"{game_id} ({name}, {seats} seats, options {options}): {ismcts} in one seat (each seat in turn) against "
          f"each opponent in the others, {games} games per opponent, {elapsed:.0f} s; fair share {1 / seats:.1%}")
    print(f"  {'opponent':<12} {'IS-MCTS wins':>12} {'games':>6} {'win rate':>9} {'95% interval':>16}")
    for index, opponent in enumerate(opponents):
        records = results[index * seats:(index + 1) * seats]
        wins = sum(seat in r.winners for seat, batch in enumerate(records) for r in batch)
        total = sum(len(batch) for batch in records)
        rate = Rate.of(wins, total)
        interval = f"{rate.low:.1%} - {rate.high:.1%}"
        print(f"  {opponent:<12} {rate.wins:>12} {total:>6} {rate.rate:>9.1%} {interval:>16}")


def team(game_id: str, variant: str | None, agents: list[str], games: int, jobs: int, seed: int,
         max_steps: int) -> None:
    game = bouts.game(game_id)
    name, seats, options = default_setup(game, variant)
    batches = [(SimConfig(game_id, (agent,) * seats, options, None, seed, max_steps), games) for agent in agents]
    started = time.perf_counter()
    results = run_batches(batches, jobs=jobs)
    print(f"{game_id} ({name}, {seats} seats, options {options}): team clear rate, {games} games per team, "
          f"{time.perf_counter() - started:.0f} s")
    for agent, records in zip(agents, results, strict=True):
        clear = summarize(records).team
        print(f"  {agent:<32} {clear.wins:>4}/{clear.games:<4} {clear.rate:>7.1%} "
              f"[{clear.low:.1%} - {clear.high:.1%}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game")
    parser.add_argument("--variant")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--ismcts", default="ismcts:iterations=200")
    parser.add_argument("--opponents", default="random,heuristic")
    parser.add_argument("--team", action="store_true", help="team clear rate of each agent (cooperative)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=5000, help="a game still going then has no winner")
    args = parser.parse_args()
    for game_id in game_ids(args.game):
        if args.team:
            team(game_id, args.variant, [args.ismcts, *split_specs(args.opponents)], args.games, args.jobs,
                 args.seed, args.max_steps)
        else:
            duel(game_id, args.variant, args.ismcts, split_specs(args.opponents), args.games, args.jobs, args.seed,
                 args.max_steps)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
