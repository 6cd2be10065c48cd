"""RL adapter speed beside PettingZoo's own classic environments, in one run.

    .venv/bin/python bench/adapters.py [--game ID] [--seconds 3] [--rounds 3] [--no-gym] [--no-spiel]

Every subject plays random games with the same masked random policy (``rng.choice(np.flatnonzero(mask))``)
and counts **decisions per CPU-second** of this process:

- the anchors, PettingZoo's own ``connect_four_v3`` and ``tictactoe_v3`` (``pettingzoo.classic``, as
  ``env()`` gives them, with PettingZoo's wrappers), through the AEC loop ``agent_iter``/``last``/``step``;
- every bouts game through the same AEC loop (``bouts.rl.env``; first variant, 2 seats where allowed),
  and FGO Duel also with its two-level index (``index="two_level"``: each battle card is one decision);
- the same games through Gymnasium (``BoutsGym``, the learning seat's steps; random opponents' work is
  included in the time, not in the count) and OpenSpiel (``pyspiel.load_game("bouts_<id>")``, decisions;
  chance draws are in the time, not in the count), beside the raw loop (``fork``/``advance``, the same
  random decisions with no adapter), so each adapter's overhead shows.

The subjects take turns, ``--rounds`` rounds of ``seconds / rounds`` CPU-seconds each (a shared machine:
CPU time, interleaved). Ratios are against ``connect_four_v3`` measured in the same run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from _common import default_setup, game_ids, machine, spiel_playout

import bouts
from bouts.core import CHANCE

Chunk = Callable[[float], int]


class Subject:
    def __init__(self, name: str, chunk: Chunk) -> None:
        self.name = name
        self.chunk = chunk
        self.count = 0
        self.cpu = 0.0

    def run(self, budget: float) -> None:
        started = time.process_time()
        self.count += self.chunk(budget)
        self.cpu += time.process_time() - started

    @property
    def rate(self) -> float:
        return self.count / self.cpu if self.cpu else 0.0


def aec_chunk(make: Callable[[], Any]) -> Chunk:
    """Decisions of random masked play through PettingZoo's AEC loop."""
    env = make()
    rng = np.random.default_rng(0)
    seeds = iter(range(10**9))

    def chunk(budget: float) -> int:
        decisions = 0
        until = time.process_time() + budget
        while time.process_time() < until:
            env.reset(seed=next(seeds))
            for _ in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                else:
                    env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                    decisions += 1
        return decisions

    return chunk


def raw_chunk(game_id: str) -> Chunk:
    """Decisions of random play on the fast path (``fork``/``advance``), no adapter."""
    game = bouts.game(game_id)
    _, seats, options = default_setup(game)
    rng = random.Random(0)
    seeds = iter(range(10**9))

    def chunk(budget: float) -> int:
        decisions = 0
        until = time.process_time() + budget
        while time.process_time() < until:
            state = game.fork(game.setup(seats, options, None, next(seeds)))
            while acting := game.to_act(state):
                seat = acting[0]
                if seat == CHANCE:
                    game.advance(state, seat, game.sample_chance(state, rng))
                else:
                    game.advance(state, seat, rng.choice(game.legal_actions(state, seat)))
                    decisions += 1
        return decisions

    return chunk


def gym_chunk(game_id: str) -> Chunk:
    """The learning seat's steps through Gymnasium (random opponents)."""
    from bouts.rl.gym import BoutsGym

    game = bouts.game(game_id)
    _, seats, options = default_setup(game)
    env = BoutsGym(game_id, seats=seats, options=options, opponents="random")
    rng = np.random.default_rng(0)
    seeds = iter(range(10**9))

    def chunk(budget: float) -> int:
        steps = 0
        until = time.process_time() + budget
        while time.process_time() < until:
            observation, _ = env.reset(seed=next(seeds))
            done = False
            while not done:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                observation, _, terminated, truncated, _ = env.step(action)
                done = terminated or truncated
                steps += 1
        return steps

    return chunk


def spiel_chunk(game_id: str) -> Chunk:
    """Decisions through OpenSpiel (``apply_action`` on a state, chance draws sampled)."""
    import pyspiel

    from bouts.rl import openspiel

    openspiel.register([game_id])
    game = bouts.game(game_id)
    _, seats, _ = default_setup(game)
    spiel_game = pyspiel.load_game(f"bouts_{game_id}", {"players": seats})
    rng = random.Random(0)

    def chunk(budget: float) -> int:
        decisions = 0
        until = time.process_time() + budget
        while time.process_time() < until:
            decisions += spiel_playout(spiel_game.new_initial_state(), rng)
        return decisions

    return chunk


def bouts_aec(game_id: str, index: str = "flat") -> Callable[[], Any]:
    import bouts.rl

    game = bouts.game(game_id)
    _, seats, options = default_setup(game)
    return lambda: bouts.rl.env(game_id, seats=seats, options=options, index=index)


def subjects(args: argparse.Namespace) -> Iterator[tuple[str, str, Subject]]:
    from pettingzoo.classic import connect_four_v3, tictactoe_v3

    yield "anchor", "connect_four_v3", Subject("connect_four_v3", aec_chunk(connect_four_v3.env))
    yield "anchor", "tictactoe_v3", Subject("tictactoe_v3", aec_chunk(tictactoe_v3.env))
    for game_id in game_ids(args.game):
        yield game_id, "raw", Subject(game_id, raw_chunk(game_id))
        yield game_id, "aec", Subject(game_id, aec_chunk(bouts_aec(game_id)))
        if game_id == "fgo_duel":  # the optional two-level index: battle cards one at a time
            yield game_id, "aec2", Subject(game_id, aec_chunk(bouts_aec(game_id, "two_level")))
        if not args.no_gym:
            yield game_id, "gym", Subject(game_id, gym_chunk(game_id))
        if not args.no_spiel:
            yield game_id, "spiel", Subject(game_id, spiel_chunk(game_id))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU-seconds per subject, over all rounds")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-gym", action="store_true")
    parser.add_argument("--no-spiel", action="store_true")
    args = parser.parse_args()
    table = list(subjects(args))
    budget = args.seconds / args.rounds
    for _ in range(args.rounds):
        for _, _, subject in table:
            subject.run(budget)
    found = {(row, column): subject for row, column, subject in table}
    anchor = found["anchor", "connect_four_v3"].rate
    print(f"decisions per CPU-second, random masked play; {args.rounds} interleaved rounds, {args.seconds:g} CPU-s "
          f"per subject; {machine()}")
    for name in ("connect_four_v3", "tictactoe_v3"):
        rate = found["anchor", name].rate
        print(f"  PettingZoo {name:<16} {rate:>9,.0f}  {rate / anchor:>5.2f}x connect_four_v3")
    print(f"  {'game':<10} {'raw loop':>9} {'PettingZoo AEC':>15} {'x c4':>6} {'Gymnasium':>10} {'x c4':>6} "
          f"{'OpenSpiel':>10} {'x raw':>6}")
    for game_id in game_ids(args.game):
        raw = found[game_id, "raw"].rate
        aec = found[game_id, "aec"].rate
        line = f"  {game_id:<10} {raw:>9,.0f} {aec:>15,.0f} {aec / anchor:>6.2f}"
        gym = found.get((game_id, "gym"))
        line += f" {gym.rate:>10,.0f} {gym.rate / anchor:>6.2f}" if gym else f" {'-':>10} {'':>6}"
        spiel = found.get((game_id, "spiel"))
        line += f" {spiel.rate:>10,.0f} {spiel.rate / raw:>6.2f}" if spiel else ""
        print(line)
        two_level = found.get((game_id, "aec2"))
        if two_level:
            print(f"  {'  2-level':<10} {'':>9} {two_level.rate:>15,.0f} {two_level.rate / anchor:>6.2f}"
                  "   (index='two_level': a decision per battle card)")


if __name__ == "__main__":
    main()
