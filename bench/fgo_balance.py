"""FGO Duel balance: first-player win rates for random and heuristic bots on both maps.

Usage: .venv/bin/python bench/fgo_balance.py [GAMES] [--advanced]
Prints, per map and bot, the first player's (先攻) win rate with a 95 % Wilson interval, draws and
mean turns. The target of the reference content is 45-55 % for every row.

Measured 2026-11-22, 1000 games per row (reference pack, gated master areas):

    map      rules    bot       first wins  95% CI       turns  wins by A/B/C
    fuyuki   basic    random       50.1%    47.0-53.2%    62.8  363/217/420
    fuyuki   basic    heuristic    48.2%    45.1-51.3%    20.2   56/944/0
    orleans  basic    random       47.5%    44.4-50.6%    75.9  188/220/592
    orleans  basic    heuristic    49.6%    46.5-52.7%    20.6   49/951/0
    fuyuki   advanced random       51.0%    47.9-54.1%    61.1  311/197/492
    fuyuki   advanced heuristic    48.0%    44.9-51.1%    19.3   52/948/0
    orleans  advanced random       48.8%    45.7-51.9%    71.3  168/192/640
    orleans  advanced heuristic    49.1%    46.0-52.2%    19.5   51/949/0

With every back-row area touching the master area (the first design) the heuristic's first player won
55-63 % (200 games per row): the game was a race to the master area.
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Any

from bouts.agents.base import make_agent
from bouts.core import CHANCE
from bouts.games.fgo_duel import GAME


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(options: dict[str, Any], spec: str, seed: int) -> tuple[int | None, int, int, str]:
    """One game between two copies of ``spec``; returns (winner, first player, turns, reason)."""
    agents = [make_agent(spec, seed * 2 + s) for s in (0, 1)]
    rng = random.Random(seed)
    state = GAME.setup(2, options, None, seed)
    while GAME.to_act(state):
        acting = GAME.to_act(state)
        seat = rng.choice(acting)
        action = GAME.sample_chance(state, rng) if seat == CHANCE else agents[seat].act(GAME, state, seat)
        state = GAME.apply(state, seat, action)
    outcome = GAME.outcome(state)
    assert outcome is not None
    winner = outcome.winners[0] if outcome.winners else None
    return winner, state.first, state.turns, outcome.reason


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 400
    advanced_only = "--advanced" in sys.argv
    rules = [True] if advanced_only else [False, True]
    print(f"{'map':8} {'rules':8} {'bot':9} {'games':>5} {'first wins':>10} {'95% CI':>13} {'draws':>5} "
          f"{'turns':>6} {'A/B/C':>11} {'secs':>5}")
    for advanced in rules:
        for game_map in ("fuyuki", "orleans"):
            for spec in ("random", "heuristic"):
                started = time.time()
                first_wins = draws = turns = 0
                reasons = {"A": 0, "B": 0, "C": 0}
                for seed in range(games):
                    winner, first, n, reason = play({"map": game_map, "advanced": advanced}, spec, seed)
                    turns += n
                    if winner is None:
                        draws += 1
                    elif winner == first:
                        first_wins += 1
                    key = "A" if "destroyed" in reason else ("B" if "master area" in reason else "C")
                    reasons[key] += winner is not None
                low, high = wilson(first_wins, games)
                print(f"{game_map:8} {'advanced' if advanced else 'basic':8} {spec:9} {games:5} "
                      f"{first_wins / games:10.1%} {low:6.1%}-{high:5.1%} {draws:5} {turns / games:6.1f} "
                      f"{reasons['A']:3}/{reasons['B']:3}/{reasons['C']:3} {time.time() - started:5.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
