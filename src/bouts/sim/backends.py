"""Where the games of a batch are played: this process, a local process pool, or Ray.

Every backend plays the same games with the same seeds, so it returns the same
records; only the speed differs. :func:`iter_batches` streams the results chunk by
chunk, in game order, keeping only a few chunks in flight: memory stays flat
however many games a batch has, and an interrupt (Ctrl-C, SIGTERM) stops every
worker at once.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import signal
import socket
import threading
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bouts.core.i18n import BOUTS
from bouts.sim.config import SimConfig, SimError, reason
from bouts.sim.play import GameRecord, play_chunk

M_ = BOUTS.message

Progress = Callable[[int], None]
"""Called with the number of games just finished."""
Stop = Callable[[], bool]
"""Asked while waiting for workers: True when the run must stop now (an interrupt was requested)."""

Task = tuple[int, SimConfig, tuple[int, ...]]
"""(batch number, config, game indices) — what one worker call plays."""

BACKENDS = ("local", "ray")

IN_FLIGHT = 4
"""Chunks in flight per worker: enough to keep every worker busy, few enough to keep memory flat."""

RAY_CONNECT_SECONDS = 20.0
"""How long connecting to a Ray cluster may take before it counts as unreachable."""


def default_jobs() -> int:
    """Worker processes to use by default: one per core."""
    return os.cpu_count() or 1


def chunk_size(total: int, jobs: int) -> int:
    """Games per task: small enough to spread ``total`` games over ``jobs`` workers, at most 250."""
    return max(1, min(250, total // max(1, jobs * 16)))


def iter_tasks(batches: Sequence[tuple[SimConfig, int]], jobs: int) -> Iterator[Task]:
    """Cut each batch of ``n`` games into chunks, lazily (no list of ``n`` indices is ever built)."""
    size = chunk_size(sum(n for _, n in batches), jobs)
    for number, (config, n) in enumerate(batches):
        for start in range(0, n, size):
            yield number, config, tuple(range(start, min(n, start + size)))


def make_tasks(batches: Sequence[tuple[SimConfig, int]], jobs: int) -> list[Task]:
    """Every task of :func:`iter_tasks`, as a list (for small batches and tests)."""
    return list(iter_tasks(batches, jobs))


def _play_task(task: Task) -> tuple[int, list[GameRecord]]:
    number, config, indices = task
    return number, play_chunk(config, indices)


def _check_backend(backend: str, jobs: int | None, address: str | None) -> int:
    if backend not in BACKENDS:
        raise SimError(M_("unknown backend '{backend}' (known: {known})", backend=backend, known=list(BACKENDS)))
    if address is not None and backend != "ray":
        raise SimError(M_("--address is the address of a Ray cluster: use it with --backend ray"))
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise SimError(M_("--jobs must be at least 1, not {jobs}", jobs=jobs))
    return jobs


def iter_batches(batches: Sequence[tuple[SimConfig, int]], *, backend: str = "local", jobs: int | None = None,
                 address: str | None = None, stop: Stop | None = None
                 ) -> Generator[tuple[int, list[GameRecord]], None, None]:
    """Play every batch ``(config, n)``; yields ``(batch number, records)`` per chunk, in game order.

    Close the iterator (or let an exception pass through it) to stop: workers are
    terminated at once, none is left behind. While it waits for workers it asks
    ``stop()`` every 0.2 s and raises :class:`KeyboardInterrupt` when it says yes
    (a signal handler should set a flag rather than raise in the middle of the pool's code).
    """
    jobs = _check_backend(backend, jobs, address)
    yield from iter_play(iter_tasks(batches, jobs), backend=backend, jobs=jobs, address=address, stop=stop)


def iter_play(tasks: Iterable[Task], *, backend: str = "local", jobs: int | None = None,
              address: str | None = None, stop: Stop | None = None
              ) -> Generator[tuple[int, list[GameRecord]], None, None]:
    """Play ``tasks`` (built by the caller, in any order it likes); yields ``(batch number, records)`` per
    task, in task order. Otherwise as :func:`iter_batches` (same backends, interrupts and clean-up)."""
    jobs = _check_backend(backend, jobs, address)
    tasks = iter(tasks)
    stop = stop or (lambda: False)
    if backend == "ray":
        yield from _run_ray(tasks, jobs, address, stop)
    elif jobs == 1:
        for task in tasks:
            if stop():
                raise KeyboardInterrupt
            yield _play_task(task)
    else:
        yield from _run_pool(tasks, jobs, stop)


def run_batches(batches: Sequence[tuple[SimConfig, int]], *, backend: str = "local", jobs: int | None = None,
                address: str | None = None, progress: Progress | None = None,
                stop: Stop | None = None) -> list[list[GameRecord]]:
    """Play every batch ``(config, n)``; each batch's records come back in game order (kept in memory)."""
    results: list[list[GameRecord]] = [[] for _ in batches]
    stream = iter_batches(batches, backend=backend, jobs=jobs, address=address, stop=stop)
    try:
        for number, records in stream:
            results[number].extend(records)
            if progress is not None:
                progress(len(records))
    finally:
        stream.close()
    return results


def _worker_signals() -> None:
    """A pool worker leaves Ctrl-C to its parent, and dies at once on SIGTERM (the parent's terminate)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _run_pool(tasks: Iterator[Task], jobs: int, stop: Stop) -> Iterator[tuple[int, list[GameRecord]]]:
    # fork: workers start at once with everything imported, and scripts need no __main__ guard.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_worker_signals)
    clean = False
    gc.freeze()  # forked workers then leave the inherited objects' pages alone (no copy-on-write by the GC)
    try:
        pending: dict[Future[tuple[int, list[GameRecord]]], int] = {}
        finished: dict[int, tuple[int, list[GameRecord]]] = {}
        submitted = yielded = 0
        exhausted = False
        while True:
            while not exhausted and submitted - yielded < jobs * IN_FLIGHT:
                task = next(tasks, None)
                if task is None:
                    exhausted = True
                    break
                pending[pool.submit(_play_task, task)] = submitted
                submitted += 1
            if yielded == submitted:
                break
            while yielded not in finished:
                if stop():
                    raise KeyboardInterrupt
                done, _ = wait(list(pending), timeout=0.2, return_when=FIRST_COMPLETED)
                for future in done:
                    key = pending.pop(future)
                    try:
                        finished[key] = future.result()
                    except BrokenProcessPool as exc:
                        raise SimError(M_("a worker process died: {problem}", problem=str(exc))) from None
            yield finished.pop(yielded)
            yielded += 1
        clean = True
    finally:
        gc.unfreeze()
        if clean:
            pool.shutdown(wait=True)
        else:
            _terminate(pool)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now: cancel what waits, kill the workers (mid-game included), reap them."""
    processes = list(getattr(pool, "_processes", {}).values())  # the executor offers no public kill
    calls = getattr(pool, "_call_queue", None)
    manager = getattr(pool, "_executor_manager_thread", None)  # shutdown() forgets it
    if calls is not None:  # its feeder thread may be stuck writing to killed workers: never wait for it at exit
        calls.cancel_join_thread()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(1)
        if process.is_alive():
            process.kill()
            process.join(1)
    if manager is not None:  # it closes its wake-up pipe as it ends; at exit, Python 3.11 writes to that pipe
        manager.join(5)  # unless it is closed, and raced the closing (a traceback on stderr after an interrupt)


def ray_module() -> Any:
    """The ``ray`` module, or a clear error if the optional extra is not installed."""
    try:
        import ray
    except ImportError:
        raise SimError(M_("the Ray backend needs Ray: pip install 'bouts[ray]'")) from None
    return ray


def _probe(address: str) -> None:
    """Fail at once, in one line, if a ``host:port`` Ray address does not answer."""
    target = address.removeprefix("ray://")
    host, colon, port = target.rpartition(":")
    if not colon or not port.isdigit():
        if address == "auto":
            return
        raise SimError(M_("--address '{address}': expected host:port (or ray://host:port, or auto)", address=address))
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=5):
            pass
    except OSError as exc:
        raise SimError(M_("cannot reach the Ray cluster at {address}: {reason}", address=address,
                          reason=exc.strerror or str(exc))) from None


def _ray_init(ray: Any, kwargs: dict[str, Any], address: str | None) -> None:
    """``ray.init``; for a cluster, with a time limit: an unreachable cluster is one line, not a hang."""
    if not address:  # a local Ray must start from the main thread
        handlers = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
        try:
            ray.init(**kwargs)
        except Exception as exc:
            raise SimError(M_("cannot start Ray: {problem}", problem=_first_line(exc))) from None
        finally:  # Ray installs its own handlers; the caller's (stop cleanly, keep the games) come first
            if threading.current_thread() is threading.main_thread():
                for number, handler in handlers.items():
                    if handler is not None:
                        signal.signal(number, handler)
        return
    failure: list[BaseException] = []

    def connect() -> None:
        try:
            ray.init(**kwargs)
        except BaseException as exc:  # reported to the caller below
            failure.append(exc)

    thread = threading.Thread(target=connect, daemon=True)
    thread.start()
    thread.join(RAY_CONNECT_SECONDS)
    if thread.is_alive():
        raise SimError(M_("cannot reach the Ray cluster at {address}: no answer after {seconds:.0f} s",
                          address=address, seconds=RAY_CONNECT_SECONDS))
    if failure:
        raise SimError(M_("cannot reach the Ray cluster at {address}: {reason}", address=address,
                          reason=_first_line(failure[0])))


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _run_ray(tasks: Iterator[Task], jobs: int, address: str | None,
             stop: Stop) -> Iterator[tuple[int, list[GameRecord]]]:
    ray = ray_module()
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                  "configure_logging": False}
        if address:
            _probe(address)
            kwargs["address"] = address
        else:
            kwargs["num_cpus"] = jobs
        _ray_init(ray, kwargs, address)
        started = True
    pending: dict[Any, int] = {}
    try:
        remote = ray.remote(num_cpus=1)(_play_task)
        finished: dict[int, tuple[int, list[GameRecord]]] = {}
        submitted = yielded = 0
        exhausted = False
        while True:
            while not exhausted and submitted - yielded < jobs * IN_FLIGHT:
                task = next(tasks, None)
                if task is None:
                    exhausted = True
                    break
                pending[remote.remote(task)] = submitted
                submitted += 1
            if yielded == submitted:
                break
            while yielded not in finished:
                if stop():
                    raise KeyboardInterrupt
                done, _ = ray.wait(list(pending), num_returns=1, timeout=0.2)
                for ref in done:
                    key = pending.pop(ref)
                    try:
                        finished[key] = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:
                        original = getattr(exc, "cause", None)
                        if isinstance(original, SimError):  # a game that failed: its own message
                            raise SimError(reason(original)) from None
                        cause = exc.as_instanceof_cause()
                        raise SimError(str(cause).splitlines()[-1] if str(cause) else repr(cause)) from None
            yield finished.pop(yielded)
            yielded += 1
    finally:
        if started:
            ray.shutdown()  # stops this Ray and every worker it started
        else:  # a cluster we joined: stop our own tasks there
            for ref in pending:
                with contextlib.suppress(Exception):
                    ray.cancel(ref, force=True)
