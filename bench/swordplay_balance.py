"""Swordplay balance: does seat order or hero choice decide the game? Prints win rates with 95% intervals.

Usage: python bench/swordplay_balance.py [GAMES]
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Any

import bouts
from bouts.agents import make_agent
from bouts.core import CHANCE

GAME = bouts.game("swordplay")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(seed: int, specs: list[str], options: dict[str, Any]) -> Any:
    rng = random.Random(seed)
    agents = [make_agent(s, seed * 31 + i) for i, s in enumerate(specs)]
    state = GAME.setup(len(specs), {"turn_limit": 400, **options})
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        action = GAME.sample_chance(state, rng) if seat == CHANCE else agents[seat].act(GAME, state, seat)
        state = GAME.apply(state, seat, action)
    return GAME.outcome(state), state


def line(label: str, wins: int, n: int) -> str:
    low, high = wilson(wins, n)
    return f"  {label:<44} {wins:>5}/{n:<5} {wins / n:6.1%}  [{low:.1%}, {high:.1%}]"


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    start = time.perf_counter()
    print(f"Swordplay balance, {n} games per row (turn limit 400 as a draw)")
    for agent in ("random", "heuristic"):
        print(f"Seat order, {agent} vs {agent}: first player to act vs second")
        first_wins = second_wins = draws = 0
        for seed in range(n):
            outcome, _ = play(seed, [agent, agent], {})
            opener = _first_player(seed, [agent, agent])
            if not outcome.winners:
                draws += 1
            elif outcome.winners[0] == opener:
                first_wins += 1
            else:
                second_wins += 1
        print(line("first player wins", first_wins, n))
        print(line("second player wins", second_wins, n))
        print(f"  draws (turn limit): {draws}")
    print("Hero choice, heuristic vs heuristic, each hero in each seat")
    wins = {"gladiator": 0, "mercenary": 0}
    games = 0
    for seed in range(n):
        heroes = ["gladiator", "mercenary"] if seed % 2 == 0 else ["mercenary", "gladiator"]
        outcome, _ = play(seed, ["heuristic", "heuristic"], {"heroes": heroes})
        games += 1
        for w in outcome.winners:
            wins[heroes[w]] += 1
    for hero, count in wins.items():
        print(line(f"{hero} wins", count, games))
    print("Solo and co-op against the Monster (heuristic Heroes)")
    for hero in ("gladiator", "mercenary"):
        cleared = sum(bool(play(seed, ["heuristic"], {"mode": "solo", "heroes": [hero]})[0].winners)
                      for seed in range(n))
        print(line(f"solo as {hero}: Hero wins", cleared, n))
    for mode, seats in (("solo", 1), ("coop", 2), ("coop", 3)):
        cleared = sum(bool(play(seed, ["heuristic"] * seats, {"mode": mode})[0].winners) for seed in range(n))
        print(line(f"{mode} with {seats} hero(es): Heroes win", cleared, n))
    print(f"({time.perf_counter() - start:.1f} s)")


def _first_player(seed: int, specs: list[str]) -> int:
    """Replay the set-up of ``seed`` to see who won the first-player roll."""
    rng = random.Random(seed)
    agents = [make_agent(s, seed * 31 + i) for i, s in enumerate(specs)]
    state = GAME.setup(len(specs), {"turn_limit": 400})
    while state.phase.value in ("choose_hero", "first_roll"):
        seat = GAME.to_act(state)[0]
        action = GAME.sample_chance(state, rng) if seat == CHANCE else agents[seat].act(GAME, state, seat)
        state = GAME.apply(state, seat, action)
    return int(state.turn)


if __name__ == "__main__":
    main()
