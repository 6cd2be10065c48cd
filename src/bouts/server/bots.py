"""Bots on the server: agent decisions run off the event loop, fairly shared between matches.

Random agents are cheap and run on a thread; the others (heuristic, IS-MCTS) run in worker
processes, so a 1-second search never holds up the event loop. The workers are shared fairly:
each match has at most one decision in flight (its room asks for one at a time), and when a worker
comes free it takes the waiting decision of the match that has had the least worker time so far
(its recent worker time, fading with a half-life of ten seconds, plus the budget of the decision it asks
for). So a
match's quick heuristic decision waits at most for the decisions already running, never behind
every other match's long search. A bot is made afresh for each decision with a seed drawn from the
match's secret seed and the step, so a replayed match makes the same choices.

Workers die with the server: each one asks the kernel for SIGKILL when its parent dies
(``PR_SET_PDEATHSIG``) and also watches its parent's pid.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bouts.agents import AgentSpecError, make_agent, parse_spec
from bouts.core.contract import Seat
from bouts.core.registry import get_game

LIMITS = {"iterations": 20_000.0, "seconds": 5.0}
"""The largest search budget a lobby may ask of a server bot."""


def check_spec(spec: str) -> str:
    """A valid agent spec within the server's budget, or an :class:`AgentSpecError`."""
    spec = spec.strip()
    _, params = parse_spec(spec)
    for name, limit in LIMITS.items():
        if name in params:
            try:
                value = float(params[name])
            except ValueError:
                raise AgentSpecError(f"agent '{spec}': {name} must be a number") from None
            if not 0 < value <= limit:
                raise AgentSpecError(f"agent '{spec}': {name} must be above 0 and at most {limit:g} on this server")
    make_agent(spec)  # every other parameter is checked by the agent itself
    return spec


def budget(spec: str) -> float:
    """The worker seconds a decision of agent ``spec`` is expected to take (its search budget)."""
    try:
        _, params = parse_spec(spec)
        if "seconds" in params:
            return float(params["seconds"])
        if "iterations" in params:
            return float(params["iterations"]) / 2000.0
    except (AgentSpecError, ValueError):
        pass
    return 0.25 if spec.startswith("ismcts") else 0.01


def decide(game_id: str, state: Any, seat: Seat, spec: str, seed: int) -> str:
    """The text of the action the bot ``spec`` takes for ``seat`` (runs in a worker)."""
    game = get_game(game_id)
    agent = make_agent(spec, seed=seed)
    return str(agent.act(game, state, seat))


def _die_with_parent(parent: int) -> None:
    """Worker initializer: exit when the server that started us is gone, however it died."""
    with contextlib.suppress(Exception):  # Linux: the kernel kills us when the parent thread exits
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(0)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


HALF_LIFE = 10.0
"""Seconds over which a match's recent worker time counts half as much (fair sharing of workers)."""


@dataclass
class _Job:
    order: int
    match_id: str
    args: tuple[Any, ...]
    future: asyncio.Future[str]


@dataclass
class _Usage:
    seconds: float = 0.0
    stamp: float = field(default_factory=time.monotonic)

    def now(self, at: float) -> float:
        """The worker time used, decayed to ``at``."""
        return float(self.seconds * 0.5 ** ((at - self.stamp) / HALF_LIFE))


class BotPool:
    """Where bot decisions run: a thread for random agents, worker processes (shared fairly) for the rest."""

    def __init__(self, processes: int = 1) -> None:
        self.threads: Executor = ThreadPoolExecutor(max_workers=4, thread_name_prefix="bots")
        self.processes: Executor | None = None
        self.slots = max(1, processes)
        if processes > 0:
            context = multiprocessing.get_context("spawn")
            self.processes = ProcessPoolExecutor(max_workers=processes, mp_context=context,
                                                 initializer=_die_with_parent, initargs=(os.getpid(),))
        self.waiting: list[_Job] = []
        self.running = 0
        self.used: dict[str, _Usage] = {}
        """Each match's recent worker time (decaying): the least-served match goes first."""
        self.order = 0

    async def decide(self, game_id: str, state: Any, seat: Seat, spec: str, seed: int,
                     match_id: str = "") -> str:
        """The bot's action text; heavy agents wait their fair turn for a worker."""
        loop = asyncio.get_running_loop()
        kind = spec.partition(":")[0].strip()
        if kind == "random" or self.processes is None:
            return await loop.run_in_executor(self.threads, decide, game_id, state, seat, spec, seed)
        future: asyncio.Future[str] = loop.create_future()
        self.order += 1
        self.waiting.append(_Job(self.order, match_id, (game_id, state, seat, spec, seed), future))
        self._dispatch()
        return await future

    def _priority(self, job: _Job, at: float) -> tuple[float, int]:
        """Least recent worker time first, counting what this decision will take (a quick one goes first)."""
        usage = self.used.get(job.match_id)
        return ((0.0 if usage is None else usage.now(at)) + budget(job.args[3]), job.order)

    def _dispatch(self) -> None:
        while self.running < self.slots and self.waiting:
            at = time.monotonic()
            job = min(self.waiting, key=lambda j: self._priority(j, at))
            self.waiting.remove(job)
            if job.future.cancelled():
                continue
            self.running += 1
            asyncio.get_running_loop().create_task(self._run(job))

    async def _run(self, job: _Job) -> None:
        loop = asyncio.get_running_loop()
        began = time.monotonic()
        try:
            assert self.processes is not None
            result = await loop.run_in_executor(self.processes, decide, *job.args)
        except BaseException as exc:
            if not job.future.done():
                job.future.set_exception(exc if isinstance(exc, Exception) else RuntimeError(repr(exc)))
        else:
            if not job.future.done():
                job.future.set_result(result)
        finally:
            self.running -= 1
            at = time.monotonic()
            usage = self.used.get(job.match_id) or _Usage(0.0, at)
            self.used[job.match_id] = _Usage(usage.now(at) + (at - began), at)
            for match_id, old in list(self.used.items()):  # forget matches whose usage has faded away
                if old.now(at) < 1e-3:
                    del self.used[match_id]
            self._dispatch()

    def close(self) -> None:
        """Stop the workers."""
        for job in self.waiting:
            job.future.cancel()
        self.waiting.clear()
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self.processes is not None:
            self.processes.shutdown(wait=False, cancel_futures=True)
