"""Where the games of a batch are played: this process, a local process pool, or Ray.

Every backend plays the same games with the same seeds, so it returns the same
records; only the speed differs.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bouts.sim.config import SimConfig, SimError
from bouts.sim.play import GameRecord, play_chunk

Progress = Callable[[int], None]
"""Called with the number of games just finished."""

Task = tuple[int, SimConfig, tuple[int, ...]]
"""(batch number, config, game indices) — what one worker call plays."""

BACKENDS = ("local", "ray")


def default_jobs() -> int:
    """Worker processes to use by default: one per core."""
    return os.cpu_count() or 1


def make_tasks(batches: Sequence[tuple[SimConfig, int]], jobs: int) -> list[Task]:
    """Cut each batch of ``n`` games into chunks, small enough to spread over ``jobs`` workers."""
    total = sum(n for _, n in batches)
    size = max(1, min(250, total // max(1, jobs * 16)))
    tasks: list[Task] = []
    for number, (config, n) in enumerate(batches):
        for start in range(0, n, size):
            tasks.append((number, config, tuple(range(start, min(n, start + size)))))
    return tasks


def _play_task(task: Task) -> tuple[int, list[GameRecord]]:
    number, config, indices = task
    return number, play_chunk(config, indices)


def run_batches(batches: Sequence[tuple[SimConfig, int]], *, backend: str = "local", jobs: int | None = None,
                address: str | None = None, progress: Progress | None = None) -> list[list[GameRecord]]:
    """Play every batch ``(config, n)``; each batch's records come back in game order."""
    if backend not in BACKENDS:
        raise SimError(f"unknown backend '{backend}' (known: {', '.join(BACKENDS)})")
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise SimError(f"--jobs must be at least 1, not {jobs}")
    tasks = make_tasks(batches, jobs)
    results: list[list[GameRecord]] = [[] for _ in batches]
    if backend == "ray":
        finished = _run_ray(tasks, jobs, address, progress)
    elif jobs == 1:
        finished = []
        for task in tasks:
            finished.append(_play_task(task))
            if progress is not None:
                progress(len(task[2]))
    else:
        finished = _run_pool(tasks, jobs, progress)
    for number, records in finished:
        results[number].extend(records)
    for records in results:
        records.sort(key=lambda r: r.index)
    return results


def _run_pool(tasks: list[Task], jobs: int, progress: Progress | None) -> list[tuple[int, list[GameRecord]]]:
    # fork: workers start at once with everything imported, and scripts need no __main__ guard.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    gc.freeze()  # forked workers then leave the inherited objects' pages alone (no copy-on-write by the GC)
    finished: list[tuple[int, list[GameRecord]]] = []
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        pending: set[Future[tuple[int, list[GameRecord]]]] = {pool.submit(_play_task, t) for t in tasks}
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    try:
                        number, records = future.result()
                    except BrokenProcessPool as exc:
                        raise SimError(f"a worker process died: {exc}") from None
                    finished.append((number, records))
                    if progress is not None:
                        progress(len(records))
        finally:
            gc.unfreeze()
    return finished


def ray_module() -> Any:
    """The ``ray`` module, or a clear error if the optional extra is not installed."""
    try:
        import ray
    except ImportError:
        raise SimError("the Ray backend needs Ray: pip install 'bouts[ray]'") from None
    return ray


def _run_ray(tasks: list[Task], jobs: int, address: str | None,
             progress: Progress | None) -> list[tuple[int, list[GameRecord]]]:
    ray = ray_module()
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                  "configure_logging": False}
        if address:
            kwargs["address"] = address
        else:
            kwargs["num_cpus"] = jobs
        try:
            ray.init(**kwargs)
        except Exception as exc:
            raise SimError(f"cannot start Ray{f' at {address}' if address else ''}: {exc}") from None
        started = True
    try:
        remote = ray.remote(num_cpus=1)(_play_task)
        pending = [remote.remote(task) for task in tasks]
        finished: list[tuple[int, list[GameRecord]]] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                try:
                    number, records = ray.get(ref)
                except ray.exceptions.RayTaskError as exc:
                    cause = exc.as_instanceof_cause()
                    raise SimError(str(cause).splitlines()[-1] if str(cause) else repr(cause)) from None
                finished.append((number, records))
                if progress is not None:
                    progress(len(records))
        return finished
    finally:
        if started:
            ray.shutdown()
