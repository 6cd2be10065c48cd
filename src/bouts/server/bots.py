"""Bots on the server: agent decisions run off the event loop, in a worker pool.

Random agents are cheap and run on a thread; the others (heuristic, IS-MCTS) run
in worker processes, so a 1-second search never holds up the event loop or the
other matches. A bot is made afresh for each decision with a seed drawn from the
match's secret seed and the step, so a replayed match makes the same choices.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from bouts.agents import AgentSpecError, make_agent, parse_spec
from bouts.core.contract import Seat
from bouts.core.registry import get_game

LIMITS = {"iterations": 20_000.0, "seconds": 5.0}
"""The largest search budget a lobby may ask of a server bot."""


def check_spec(spec: str) -> str:
    """A valid agent spec within the server's budget, or an :class:`AgentSpecError`."""
    spec = spec.strip()
    kind, params = parse_spec(spec)
    for name, limit in LIMITS.items():
        if name in params:
            try:
                value = float(params[name])
            except ValueError:
                raise AgentSpecError(f"agent '{spec}': {name} must be a number") from None
            if not 0 < value <= limit:
                raise AgentSpecError(f"agent '{spec}': {name} must be above 0 and at most {limit:g} on this server")
    if kind == "ismcts" and "iterations" not in params and "seconds" not in params:
        pass  # the default budget (500 iterations) is fine
    make_agent(spec)  # every other parameter is checked by the agent itself
    return spec


def decide(game_id: str, state: Any, seat: Seat, spec: str, seed: int) -> str:
    """The text of the action the bot ``spec`` takes for ``seat`` (runs in a worker)."""
    game = get_game(game_id)
    agent = make_agent(spec, seed=seed)
    return str(agent.act(game, state, seat))


class BotPool:
    """Where bot decisions run: a thread for random agents, worker processes for the rest."""

    def __init__(self, processes: int = 1) -> None:
        self.threads: Executor = ThreadPoolExecutor(max_workers=4, thread_name_prefix="bots")
        self.processes: Executor | None = None
        if processes > 0:
            context = multiprocessing.get_context("spawn")
            self.processes = ProcessPoolExecutor(max_workers=processes, mp_context=context)

    async def decide(self, game_id: str, state: Any, seat: Seat, spec: str, seed: int) -> str:
        """Ask the pool for the bot's action text."""
        loop = asyncio.get_running_loop()
        kind = spec.partition(":")[0].strip()
        pool = self.threads if kind == "random" or self.processes is None else self.processes
        return await loop.run_in_executor(pool, decide, game_id, state, seat, spec, seed)

    def close(self) -> None:
        """Stop the workers."""
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self.processes is not None:
            self.processes.shutdown(wait=False, cancel_futures=True)
