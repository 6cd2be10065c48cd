"""Playing a design: every variant's games, interleaved, streamed into statistics and Parquet files.

The games of all variants are cut into chunks and played chunk by chunk, each chunk in every variant
before the next (so a comparison's plot fills in evenly and twin games finish close together). Games a
run's folder has already are read back, not played again. Memory stays flat: the statistics are
running sums, the twins wait in a buffer of a few chunks, and rows go to disk in fixed-size files.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager

from bouts.sim.backends import Progress, Stop, Task, chunk_size, default_jobs, iter_play
from bouts.sim.paired import Accumulator, GameOutcome
from bouts.sim.store import RunStore
from bouts.sim.variants import Design

Update = Callable[[Accumulator], None]
"""Called with the running statistics after every chunk (a live plot redraws from them)."""
Shield = Callable[[], AbstractContextManager[None]]
"""A context that holds interrupts back while a chunk is counted and written (see ``Interrupts.shield``)."""


def tasks_for(design: Design, starts: dict[int, int], n: int, jobs: int) -> Iterator[Task]:
    """Chunks of the games each variant lacks (from ``starts[v]`` up to ``n``), every variant per chunk."""
    missing = sum(max(0, n - start) for start in starts.values())
    if not missing:
        return
    size = chunk_size(missing, jobs)
    configs = {v: design.config(v) for v in starts}
    for low in range(min(starts.values()), n, size):
        high = min(n, low + size)
        for variant, start in starts.items():
            first = max(low, start)
            if first < high:
                yield variant, configs[variant], tuple(range(first, high))


def play_design(design: Design, n: int, accumulator: Accumulator, *, store: RunStore | None = None,
                variants: Sequence[int] | None = None, backend: str = "local", jobs: int | None = None,
                address: str | None = None, stop: Stop | None = None, progress: Progress | None = None,
                update: Update | None = None, shield: Shield | None = None) -> int:
    """Bring ``variants`` (default: all) of ``design`` to ``n`` games each, counting games 0..n-1 into
    ``accumulator`` (those ``store`` has are read back, the rest played and written to it).

    Returns how many games it played. An interrupt (:class:`KeyboardInterrupt`) or a failing game still
    writes every game that finished before it passes on.
    """
    chosen = list(range(len(design.variants))) if variants is None else list(variants)
    have = store.counts() if store is not None else {}
    starts = {v: min(have.get(v, 0), n) for v in chosen}
    guard = shield or contextlib.nullcontext
    if store is not None and max(starts.values(), default=0) > 0:
        wanted = set(chosen)
        for index, variant, outcome in store.outcomes(max(starts.values())):
            if variant in wanted and index < starts[variant]:
                accumulator.add(variant, index, outcome)
    if update is not None:
        update(accumulator)
    workers = default_jobs() if jobs is None else jobs
    stream = iter_play(tasks_for(design, starts, n, max(1, workers)), backend=backend, jobs=jobs,
                       address=address, stop=stop)
    done = dict(starts)
    played = 0
    try:
        for variant, records in stream:
            with guard():
                if store is not None:
                    store.add(variant, records)
                for record in records:
                    accumulator.add(variant, record.index, GameOutcome.of(record))
                if records:
                    done[variant] = records[-1].index + 1
                played += len(records)
                if store is not None:
                    store.flush(min(done.values()))
                if progress is not None:
                    progress(len(records))
                if update is not None:
                    update(accumulator)
    finally:
        stream.close()
        if store is not None:
            with guard():
                store.flush()
    return played
