"""Server load: concurrent matches played over WebSockets on loopback by random-bot clients.

Starts two `bouts serve` processes on 127.0.0.1, one over a SQLite file and one over PostgreSQL
(BOUTS_BENCH_POSTGRES or BOUTS_TEST_POSTGRES; without one, every match runs on SQLite), creates
N matches split between them (Swordplay, SAO and FGO Duel in turn, every seat a socket client that
picks a random legal action as soon as its frame says it is to act), and prints the action round
trip (an `act` sent to its `ack`, which comes after the database commit), actions per second and
each server's memory. Bounded: every match ends, and the whole run stops after --limit seconds.

    python bench/server_load.py [--matches 200] [--limit 180]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.live import LiveServer
from websockets.asyncio.client import connect

GAMES = [("swordplay", 2), ("fgo_duel", 2), ("sao", 2)]


def cpu_seconds(pid: int | None = None) -> float:
    """User + system CPU time of a process (this one by default), seconds."""
    if pid is None:
        times = os.times()
        return times.user + times.system
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory(pid: int) -> tuple[float, float]:
    """Resident and peak resident memory of a process, MiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


async def seat(server: LiveServer, match_id: str, token: str, rng: random.Random, times: list[float],
               deadline: float, think: float) -> int:
    """Play one seat to the end; the number of actions acknowledged."""
    sent: dict[int, float] = {}
    pending: set[asyncio.Task[None]] = set()
    acked = 0
    async with connect(f"ws://127.0.0.1:{server.port}/ws/{match_id}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while time.monotonic() < deadline:
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
            except TimeoutError:
                break
            if frame["type"] == "state":
                if frame["over"]:
                    break
                if frame["legal"] and frame["step"] not in sent:
                    sent[frame["step"]] = 0.0
                    choice = rng.choice(frame["legal"])["text"]
                    delay = rng.uniform(0.5, 1.5) * think
                    pending.add(asyncio.create_task(act(ws, sent, frame["step"], choice, delay)))
            elif frame["type"] == "ack":
                step = max((s for s in sent if s < frame["step"] and sent[s] > 0), default=None)
                if step is not None:
                    times.append(time.perf_counter() - sent[step])
                    acked += 1
        for task in pending:
            task.cancel()
    return acked


async def act(ws: Any, sent: dict[int, float], step: int, choice: str, delay: float) -> None:
    """Think (without holding up the reading of frames), then send the action and note when."""
    if delay:
        await asyncio.sleep(delay)
    sent[step] = time.perf_counter()
    await ws.send(json.dumps({"type": "act", "action": choice, "step": step}))


async def run(servers: list[LiveServer], matches: int, limit: float, think: float = 0.0) -> dict[str, Any]:
    made = []
    for number in range(matches):
        server = servers[number % len(servers)]
        game, seats = GAMES[number % len(GAMES)]
        made.append((server, server.post("/api/matches", {"game": game, "seats": [{"kind": "reserved"}] * seats})))
    times: dict[int, list[float]] = {id(s): [] for s in servers}
    deadline = time.monotonic() + limit
    start = time.perf_counter()
    cpu = {id(s): cpu_seconds(s.process.pid) for s in servers if s.process}
    client_cpu = cpu_seconds()
    tasks = [seat(server, m["id"], entry["token"], random.Random(f"{m['id']}{entry['seat']}"), times[id(server)],
                  deadline, think)
             for server, m in made for entry in m["seats"]]
    counts = await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    cpu = {key: cpu_seconds(s.process.pid) - cpu[key] for s in servers if s.process for key in [id(s)]}
    return {"times": times, "elapsed": elapsed, "actions": sum(counts), "cpu": cpu,
            "client_cpu": cpu_seconds() - client_cpu}


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else (values[0] if values else 0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--limit", type=float, default=180.0, help="stop after this many seconds")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a client waits before acting (on average; 0: act at once)")
    args = parser.parse_args()
    postgres = os.environ.get("BOUTS_BENCH_POSTGRES") or os.environ.get("BOUTS_TEST_POSTGRES")
    with tempfile.TemporaryDirectory() as folder:
        servers = [LiveServer(str(Path(folder) / "bench.sqlite"), message_rate=10_000).start()]
        labels = {id(servers[0]): "sqlite"}
        if postgres:
            import sqlalchemy

            from bouts.server.store import normalize_url

            engine = sqlalchemy.create_engine(normalize_url(postgres))
            with engine.begin() as conn:
                conn.execute(sqlalchemy.text("DROP TABLE IF EXISTS actions, matches, alembic_version"))
            engine.dispose()
            servers.append(LiveServer(postgres, message_rate=10_000).start())
            labels[id(servers[1])] = "postgresql"
        else:
            print("no PostgreSQL URL (BOUTS_BENCH_POSTGRES): every match on SQLite")
        try:
            result = asyncio.run(run(servers, args.matches, args.limit, args.think))
            mem = {labels[id(s)]: memory(s.process.pid) for s in servers if s.process}
        finally:
            for server in servers:
                server.stop()
    every = [t for ts in result["times"].values() for t in ts]
    print(f"{args.matches} concurrent matches ({', '.join(g for g, _ in GAMES)} in turn), random-bot socket "
          f"clients (think {args.think:g} s), {os.cpu_count()} CPUs shared by clients and servers, "
          f"load average {os.getloadavg()[0]:.1f}")
    for server in servers:
        ts, label = result["times"][id(server)], labels[id(server)]
        print(f"  {label:>10}: {len(ts):6d} actions  round trip p50 {quantile(ts, 50) * 1e3:6.1f} ms  "
              f"p99 {quantile(ts, 99) * 1e3:6.1f} ms  server RSS {mem[label][0]:.0f} MiB (peak {mem[label][1]:.0f})  "
              f"server CPU {result['cpu'][id(server)] / max(1, len(ts)) * 1e3:.2f} ms per action")
    print(f"  {'all':>10}: {len(every):6d} actions  round trip p50 {quantile(every, 50) * 1e3:6.1f} ms  "
          f"p99 {quantile(every, 99) * 1e3:6.1f} ms  {len(every) / result['elapsed']:.0f} actions/s "
          f"over {result['elapsed']:.1f} s; client CPU {result['client_cpu'] / max(1, len(every)) * 1e3:.2f} ms "
          "per action")


if __name__ == "__main__":
    main()
