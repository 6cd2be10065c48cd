"""`bouts compare` memory: peak RSS of the main process and of the largest worker, at two sizes.

    .venv/bin/python bench/workbench_memory.py [--small 5000] [--large 50000] [--jobs 2]

Two variants of Swordplay (random agents), every game written to Parquet. Goal: the peak at the large size
within 1.2x of the peak at the small one (statistics are running sums; rows go to disk in fixed-size
files). Each size runs in a fresh process, the way a user runs it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time

INNER = """
import json, resource, sys
from bouts.cli.main import app
try:
    app(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"main_kib": own, "worker_kib": workers}), file=sys.stderr)
"""


def measure(n: int, jobs: int) -> tuple[float, float, float]:
    """(main peak MB, largest worker peak MB, seconds) of one `bouts compare` run."""
    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", INNER, "compare", "swordplay", "base",
                               "hero.mercenary.life += 1", "-n", str(n), "--jobs", str(jobs), "-q", "--out", out,
                               "--json"], capture_output=True, text=True, check=False)
        elapsed = time.perf_counter() - started
    if done.returncode not in (0, None):
        raise SystemExit(done.stderr)
    figures = json.loads(done.stderr.strip().splitlines()[-1])
    return figures["main_kib"] / 1024, figures["worker_kib"] / 1024, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=5_000)
    parser.add_argument("--large", type=int, default=50_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"{'games per variant':>18} {'main peak MB':>13} {'worker peak MB':>15} {'seconds':>8}")
    peaks = []
    for n in (args.small, args.large):
        main_mb, worker_mb, seconds = measure(n, args.jobs)
        peaks.append(main_mb)
        print(f"{n:>18} {main_mb:>13.1f} {worker_mb:>15.1f} {seconds:>8.1f}")
    ratio = peaks[1] / peaks[0]
    print(f"main peak at {args.large} / at {args.small}: {ratio:.2f}x (goal <= 1.2x): "
          f"{'met' if ratio <= 1.2 else 'missed'}")


if __name__ == "__main__":
    main()
