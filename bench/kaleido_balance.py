"""Fate/kaleido grail balance and game length: the heuristic on every seat; win rate per master-servant pair
and per magic card, and turns per game.

    .venv/bin/python bench/kaleido_balance.py [--games 300] [--seats 2,3,5,7] [--seed 1] [--cards]

A pair "wins its fair share" at 1/seats; the goal is that every pair wins more than half and less than twice
that (95 % Wilson intervals). Game length: the median, quartiles and range of turns per game (the box says
60-120 minutes). With ``--cards``, for each magic card the win rate of the players who used it at least once
(normal or strategy use): a card that decides games would sit far above the fair share.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import bouts
from bouts.agents import make_agent
from bouts.core import CHANCE
from bouts.sim.stats import Rate


def play(seats: int, seed: int) -> tuple[list[str], tuple[int, ...], list[set[str]], int]:
    game = bouts.game("kaleido")
    state = game.setup(seats, None, None, seed)
    agents = [make_agent("heuristic", seed * 10 + s) for s in range(seats)]
    rng = random.Random(seed)
    used: list[set[str]] = [set() for _ in range(seats)]
    state = game.fork(state)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        action = game.sample_chance(state, rng) if seat == CHANCE else agents[seat].act(game, state, seat)
        game.advance(state, seat, action)
        for event in game.events(state):
            if event.kind in ("use", "counter") and event.is_public:
                used[event.data["seat"]].add(event.data["card"].partition("/")[0])
    outcome = game.outcome(state)
    assert outcome is not None
    pairs = game.content_choices(state)
    return [str(pairs[s]) for s in range(seats)], outcome.winners, used, state.turn


def quantile(values: list[int], q: float) -> float:
    """The ``q`` quantile of ``values`` (linear between neighbours)."""
    ordered = sorted(values)
    spot = q * (len(ordered) - 1)
    low = int(spot)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (spot - low)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seats", default="2,3,5,7")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cards", action="store_true", help="also the win rate of each magic card's users")
    args = parser.parse_args()
    for seats in (int(s) for s in args.seats.split(",")):
        wins: Counter[str] = Counter()
        games: Counter[str] = Counter()
        card_wins: Counter[str] = Counter()
        card_games: Counter[str] = Counter()
        draws = 0
        turns: list[int] = []
        for index in range(args.games):
            pairs, winners, used, turn = play(seats, args.seed * 100_000 + index)
            draws += not winners
            turns.append(turn)
            for seat, pair in enumerate(pairs):
                games[pair] += 1
                wins[pair] += seat in winners
                for card in used[seat]:
                    card_games[card] += 1
                    card_wins[card] += seat in winners
        fair = 1 / seats
        print(f"{seats} players, {args.games} games, heuristic on every seat (fair share {fair:.1%}, "
              f"bounds {fair / 2:.1%} - {2 * fair:.1%}); no winner: {draws}")
        print(f"  turns per game: median {quantile(turns, 0.5):g}, quartiles {quantile(turns, 0.25):g} - "
              f"{quantile(turns, 0.75):g}, range {min(turns)} - {max(turns)}")
        print(f"  {'pair':<36} {'wins':>5} {'games':>6} {'rate':>7} {'95% interval':>17}")
        for pair in sorted(games, key=lambda p: -wins[p] / games[p]):
            rate = Rate.of(wins[pair], games[pair])
            flag = "  OVER" if rate.rate > 2 * fair else "  UNDER" if rate.rate < fair / 2 else ""
            print(f"  {pair:<36} {rate.wins:>5} {rate.games:>6} {rate.rate:>7.1%} "
                  f"{f'{rate.low:.1%} - {rate.high:.1%}':>17}{flag}")
        if not args.cards:
            sys.stdout.flush()
            continue
        print(f"  {'magic card (used at least once)':<36} {'wins':>5} {'users':>6} {'rate':>7} {'95% interval':>17}")
        for card in sorted(card_games, key=lambda c: -card_wins[c] / card_games[c]):
            rate = Rate.of(card_wins[card], card_games[card])
            print(f"  {card:<36} {rate.wins:>5} {rate.games:>6} {rate.rate:>7.1%} "
                  f"{f'{rate.low:.1%} - {rate.high:.1%}':>17}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
