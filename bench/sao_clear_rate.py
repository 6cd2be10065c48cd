"""Clear rate of the SAO heuristic team on the reference pack.

Usage: python bench/sao_clear_rate.py [--games N] [--seats 1,2,3,4] [--difficulty normal] [--seed S]

Plays N games per seat count with the heuristic bot in every seat (chance from a seeded RNG) and prints
the clear rate, where the losses happened, mean turns and time per game.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from bouts.core.contract import CHANCE
from bouts.games.sao import GAME
from bouts.games.sao.strategy import choose

SECTION_NAMES = ("lower", "middle", "upper", "final")


def play(seats: int, seed: int, difficulty: str) -> tuple[bool, str, int]:
    rng = random.Random(seed)
    state = GAME.setup(seats, {"difficulty": difficulty}, None, seed)
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        action = GAME.sample_chance(state, rng) if seat == CHANCE else choose(GAME, state, seat, rng)
        state = GAME.apply(state, seat, action)
    where = f"{SECTION_NAMES[state.section]} step {state.step + 1}"
    return state.result == "won", where, state.turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seats", default="1,2,3,4")
    parser.add_argument("--difficulty", default="normal")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    total_won = total = 0
    for seats in (int(x) for x in args.seats.split(",")):
        start = time.perf_counter()
        won, losses, turns = 0, Counter[str](), []
        for i in range(args.games):
            ok, where, n = play(seats, args.seed + i, args.difficulty)
            won += ok
            turns.append(n)
            if not ok:
                losses[where] += 1
        elapsed = time.perf_counter() - start
        total_won, total = total_won + won, total + args.games
        print(f"{seats} seat(s), {args.difficulty}: cleared {won}/{args.games} = {won / args.games:.0%}; "
              f"mean turns {sum(turns) / len(turns):.1f}; {elapsed / args.games:.1f} s/game; "
              f"losses at: {dict(losses.most_common())}", flush=True)
    print(f"overall: {total_won}/{total} = {total_won / total:.0%}")


if __name__ == "__main__":
    main()
