"""Helpers shared by the benchmark scripts (not a test; prints figures)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import bouts
import bouts.core.stepping
from bouts.core import CHANCE, Game


def default_setup(game: Game[Any, Any], variant: str | None = None) -> tuple[str, int, dict[str, Any]]:
    """A variant name, a seat count (2 when the variant allows it, else its fewest) and its options."""
    variants = game.variants()
    name = variant or next(iter(variants))
    if name not in variants:
        raise SystemExit(f"{game.info.id} has no variant '{name}' (known: {', '.join(variants)})")
    chosen = variants[name]
    seats = 2 if 2 in chosen.seats else min(chosen.seats)
    return name, seats, dict(chosen.options)


def game_ids(wanted: str | None) -> list[str]:
    """The games to measure: one, or every registered game."""
    if wanted:
        bouts.game(wanted)
        return [wanted]
    return list(bouts.games())


quiet: Callable[[Any], Any] | None = getattr(bouts.core.stepping, "quiet", None)
"""``bouts.core.stepping.quiet``; ``None`` in an older build measured beside this one (it has no quiet fast path)."""


def random_playout(game: Game[Any, Any], state: Any, rng: random.Random,
                   checked: bool = False, events: bool = False) -> tuple[Any, int, int]:
    """Play uniformly at random to the end; (final state, steps, decisions).

    By default on the simulator's fast path (one ``fork``, then ``advance`` in place, :func:`quiet`: no events, as
    the simulator and a search's rollouts play); with ``events`` on the same path making every step's events (as a
    search's tree does); with ``checked`` through ``apply`` (legality check and a fresh state and events every step).
    """
    steps = decisions = 0
    if not checked:
        state = game.fork(state)
        if not events and quiet is not None:
            quiet(state)
    while True:
        acting = game.to_act(state)
        if not acting:
            return state, steps, decisions
        seat = acting[0]
        if seat == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = rng.choice(game.legal_actions(state, seat))
            decisions += 1
        if checked:
            state = game.apply(state, seat, action)
        else:
            game.advance(state, seat, action)
        steps += 1


def spiel_playout(state: Any, rng: random.Random) -> int:
    """Play an OpenSpiel state uniformly at random to the end, in place; the decisions taken (chance steps not
    counted). The bouts OpenSpiel adapter's benchmarks all play through this one loop, so their figures compare."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def decision_states(game: Game[Any, Any], seats: int, options: dict[str, Any], count: int,
                    seed: int = 0) -> list[tuple[Any, int]]:
    """``count`` mid-game states where the seat to act has a real choice (from random playouts)."""
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    game_seed = seed
    while len(found) < count:
        state = game.setup(seats, options, None, game_seed)
        game_seed += 1
        step = 0
        while game.to_act(state) and len(found) < count:
            seat = game.to_act(state)[0]
            if seat != CHANCE and len(game.legal_actions(state, seat)) > 1 and step > 10 and rng.random() < 0.1:
                found.append((state, seat))
                break
            action = game.sample_chance(state, rng) if seat == CHANCE else rng.choice(game.legal_actions(state, seat))
            state = game.apply(state, seat, action)
            step += 1
    return found


def machine() -> str:
    """The machine a benchmark ran on: host, vCPUs, CPU model, Python."""
    import os
    import platform
    from pathlib import Path

    model = platform.machine()
    info = Path("/proc/cpuinfo")
    if info.exists():
        names = [line.split(":", 1)[1].strip() for line in info.read_text().splitlines()
                 if line.startswith("model name")]
        model = names[0] if names else model
    return f"{platform.node()}, {os.cpu_count()} vCPU {model}, Python {platform.python_version()}"


class Profiling:
    """``--profile``: pyinstrument over a block, printing where the time went."""

    def __init__(self, enabled: bool) -> None:
        self.profiler = None
        if enabled:
            from pyinstrument import Profiler

            self.profiler = Profiler()

    def __enter__(self) -> Profiling:
        if self.profiler is not None:
            self.profiler.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.profiler is not None:
            self.profiler.stop()
            print(self.profiler.output_text(unicode=False, color=False, show_all=False))
