"""Server load: concurrent matches over WebSockets on loopback, several `bouts serve` processes over PostgreSQL.

Starts --processes `bouts serve` processes on 127.0.0.1 over one PostgreSQL database
(BOUTS_BENCH_POSTGRES or BOUTS_TEST_POSTGRES; without one, a single process over SQLite), creates
--matches matches spread over them (Swordplay, SAO and FGO Duel in turn, every seat a socket client
that picks a random legal action after a think time of about --think seconds), and connects each
match's seats to different processes (seat i of match m to process (m + i) mod P: the owner of a
match forwards and publishes through PostgreSQL). It prints the action round trip (an `act` sent to
the state frame that acknowledges it, its `ack`, which comes after the database commit and, across
processes, the owner's answer), actions per second, and the CPU the server processes (and PostgreSQL)
spent per action: all measured from the moment every seat has connected and had its first frame (the
steady state; how long connecting took is printed first).

Around the load it times an anchor in this process: a fixed piece of the server's own work (the
same 300 steps of a seeded Swordplay, FGO Duel and SAO match, each step applied and every seat's
view taken), in wall and CPU milliseconds, with the load average, so a reader can judge how
busy the shared machine was and compare CPU per action across machines.

Then (--churn N) it creates and finishes N more matches (each created over HTTP, opened by its
seat's socket, conceded) and prints each server's memory before and after: rooms leave memory when
their match ends, so memory stays flat however many matches come and go.

    python bench/server_load.py [--matches 1000] [--think 1] [--processes 4] [--limit 180] [--churn 10000]
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
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.live import LiveServer
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

refused: list[str] = []
"""Why a concession of the churn was refused, if one was."""
dropped: list[str] = []
"""Why each seat whose socket the server closed before its match ended was closed (close code and reason)."""
silent: list[str] = []
"""Seats that heard nothing for a minute before their match ended (an overloaded machine, or a partner gone)."""

GAMES = [("swordplay", 2), ("fgo_duel", 2), ("sao", 2)]
COMPRESSION: str | None = "deflate"
"""What the clients offer: permessage-deflate, as browsers do (``--compression none``: plain frames)."""
DATABASE: str | None = None
"""The bench's PostgreSQL database (its backends' CPU is counted)."""


class Phase:
    """Whether every seat has connected: round trips and CPU are measured from then on (the steady state)."""

    def __init__(self, seats: int, limit: float) -> None:
        self.waiting = seats
        self.all_in = asyncio.Event()
        self.limit = limit
        self.deadline = time.monotonic() + 3600.0
        """When the load stops: ``limit`` seconds after every seat connected (an hour at most before)."""

    def connected(self) -> None:
        self.waiting -= 1
        if self.waiting <= 0 and not self.all_in.is_set():
            self.all_in.set()
            self.deadline = time.monotonic() + self.limit


class Frame(msgspec.Struct):
    """The fields of a server message the client needs (the rest is skipped unparsed)."""

    type: str
    step: int = 0
    ack: int | None = None
    over: bool = False
    legal: list[dict[str, str]] = []


decoder = msgspec.json.Decoder(Frame)


def cpu_seconds(pid: int | None = None) -> float:
    """User + system CPU time of a process (this one by default), seconds."""
    if pid is None:
        times = os.times()
        return times.user + times.system
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_cpu(database: str | None = None) -> float:
    """CPU seconds of the PostgreSQL backends serving ``database`` (all PostgreSQL processes when ``None``;
    0 when they cannot be read). Other users' backends on a shared machine are left out."""
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            title = Path(f"/proc/{entry}/cmdline").read_bytes().decode(errors="replace") if database else ""
        except OSError:
            continue
        if "(postgres)" in stat and (database is None or f" {database} " in title):
            fields = stat.rpartition(")")[2].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def memory(pid: int) -> tuple[float, float]:
    """Resident and peak resident memory of a process, MiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


async def seat(server: LiveServer, match_id: str, token: str, rng: random.Random, times: list[float],
               deadline: float, think: float, phase: Phase) -> int:
    """Play one seat to the end; the number of actions acknowledged."""
    state = {"first": True}
    try:
        return await play(server, match_id, token, rng, times, deadline, think, phase, state)
    finally:
        if state["first"]:  # never connected: do not hold up the start of the measurement
            phase.connected()


async def play(server: LiveServer, match_id: str, token: str, rng: random.Random, times: list[float],
               deadline: float, think: float, phase: Phase, state: dict[str, bool]) -> int:
    """The body of :func:`seat`."""
    acked = 0
    sent_at = 0.0
    acting_on = -1
    pending: asyncio.Task[None] | None = None
    async with connect(f"ws://127.0.0.1:{server.port}/ws/{match_id}", max_size=2**24, open_timeout=120,
                       ping_interval=None, compression=COMPRESSION) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))

        async def act(step: int, choice: str, delay: float) -> None:
            nonlocal sent_at
            await asyncio.sleep(delay)
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": choice, "step": step}))

        while time.monotonic() < phase.deadline:
            wait = min(60.0, phase.deadline - time.monotonic())
            try:
                raw = await asyncio.wait_for(ws.recv(decode=False), timeout=max(wait, 0.01))
                frame = decoder.decode(raw)
            except TimeoutError:
                if wait >= 60.0:
                    silent.append(match_id)
                    break
                continue  # the load's time is up
            except ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd is not None else None
                reason = exc.rcvd.reason if exc.rcvd is not None else "no close frame"
                dropped.append(f"{code} {reason}".strip())
                break
            if frame.type == "state" and frame.ack is not None and sent_at:  # my action, taken
                if phase.all_in.is_set():
                    times.append(time.perf_counter() - sent_at)
                sent_at = 0.0
                acked += 1
            if frame.type == "state":
                if state["first"]:
                    state["first"] = False
                    phase.connected()
                if frame.over:
                    break
                if frame.legal and frame.step != acting_on:
                    if pending is not None and not pending.done():
                        pending.cancel()  # the table changed while thinking: decide again on the new one
                    acting_on = frame.step
                    choice = rng.choice(frame.legal)["text"]
                    pending = asyncio.create_task(act(frame.step, choice, rng.uniform(0.5, 1.5) * think))
            elif frame.type == "error" and state["first"]:  # refused at the door (hello not read in time)
                dropped.append(f"hello refused: {msgspec.json.decode(raw).get('message')}")
                break
            elif frame.type == "error":  # refused (the table changed first): look again
                sent_at, acting_on = 0.0, -1
                try:
                    await ws.send(json.dumps({"type": "sync"}))
                except ConnectionClosed as exc:
                    dropped.append(f"{exc.rcvd.code if exc.rcvd else None} closed")
                    break
        if pending is not None:
            pending.cancel()
    return acked


async def create_all(servers: list[LiveServer], matches: int) -> list[tuple[int, dict[str, Any]]]:
    import httpx

    made: list[tuple[int, dict[str, Any]]] = []
    async with httpx.AsyncClient(timeout=120) as client:
        async def one(number: int) -> None:
            game, seats = GAMES[number % len(GAMES)]
            server = servers[number % len(servers)]
            answer = await client.post(f"{server.base}/api/matches",
                                       json={"game": game, "seats": [{"kind": "reserved"}] * seats})
            answer.raise_for_status()
            made.append((number, answer.json()))

        for start in range(0, matches, 50):
            await asyncio.gather(*(one(n) for n in range(start, min(matches, start + 50))))
    made.sort(key=lambda pair: pair[0])
    return made


async def lag_monitor(lags: list[float]) -> None:
    """How late this process's event loop wakes a 0.5 s sleep: how far behind the clients fall (a pong the
    server's keepalive waits for is answered only when they get to it)."""
    while True:
        began = time.perf_counter()
        await asyncio.sleep(0.5)
        lags.append(time.perf_counter() - began - 0.5)


async def run(servers: list[LiveServer], matches: int, limit: float, think: float) -> dict[str, Any]:
    lags: list[float] = []
    monitor = asyncio.ensure_future(lag_monitor(lags))
    made = await create_all(servers, matches)
    times: list[float] = []
    phase = Phase(sum(len(m["seats"]) for _, m in made), limit)
    began = time.perf_counter()
    deadline = 0.0  # the phase keeps the real one
    tasks = [asyncio.ensure_future(seat(servers[(number + entry["seat"]) % len(servers)], m["id"], entry["token"],
                                        random.Random(f"{m['id']}{entry['seat']}"), times, deadline, think, phase))
             for number, m in made for entry in m["seats"]]
    await phase.all_in.wait()  # every seat has its first frame: the steady state starts
    start = time.perf_counter()
    cpu = {s.pid: cpu_seconds(s.pid) for s in servers}
    pg = postgres_cpu(DATABASE)
    client_cpu = cpu_seconds()
    counts = await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    monitor.cancel()
    return {"times": times, "elapsed": elapsed, "actions": sum(counts), "connect": start - began,
            "cpu": sum(cpu_seconds(s.pid) - cpu[s.pid] for s in servers), "pg_cpu": postgres_cpu(DATABASE) - pg,
            "client_cpu": cpu_seconds() - client_cpu, "client_lag": max(lags, default=0.0)}


async def churn(servers: list[LiveServer], count: int) -> float:
    """Create and finish ``count`` matches (each opened by its seat and conceded); seconds taken."""
    import httpx

    began = time.perf_counter()
    async with httpx.AsyncClient(timeout=120) as client:
        async def one(number: int) -> None:
            try:
                await finish_one(number)
            except (OSError, TimeoutError, ConnectionClosed, httpx.HTTPError) as exc:
                refused.append(f"{type(exc).__name__}: {exc}")

        async def finish_one(number: int) -> None:
            server = servers[number % len(servers)]
            answer = await client.post(f"{server.base}/api/matches",
                                       json={"game": "sao", "seats": [{"kind": "reserved"}]})
            answer.raise_for_status()
            made = answer.json()
            player = servers[(number + 1) % len(servers)]
            async with connect(f"ws://127.0.0.1:{player.port}/ws/{made['id']}", max_size=2**24,
                               ping_interval=None) as ws:
                await ws.send(json.dumps({"type": "hello", "token": made["seats"][0]["token"]}))
                await ws.send(json.dumps({"type": "concede"}))
                while True:
                    raw = await asyncio.wait_for(ws.recv(decode=False), 120)
                    answer = decoder.decode(raw)
                    if answer.type == "state" and answer.ack is not None:
                        break
                    if answer.type == "error":
                        refused.append(json.loads(raw)["message"])
                        break

        for start in range(0, count, 40):
            await asyncio.gather(*(one(n) for n in range(start, min(count, start + 40))))
            done = min(count, start + 40)
            if done % 1000 == 0 or done == count:  # memory along the way (a long churn can be read as it goes)
                print(f"    {done} created and finished ({time.perf_counter() - began:.0f} s): server memory "
                      f"{', '.join(f'{memory(s.pid)[0]:.0f}' for s in servers)} MiB", flush=True)
    return time.perf_counter() - began


def anchor() -> tuple[float, float]:
    """Wall and CPU milliseconds of a fixed piece of server work (seeded steps applied, every view taken)."""
    from bouts.core import CHANCE, Match
    from bouts.core.registry import get_game

    wall, cpu = time.perf_counter(), time.process_time()
    for game_id, seats in GAMES:
        rng = random.Random(7)
        match = Match(get_game(game_id), seats, None, None, 7)
        for _ in range(100):
            acting = match.to_act()
            if not acting:
                break
            if acting[0] == CHANCE:
                match.advance()
                continue
            match.apply(rng.choice(match.legal_actions(acting[0])), acting[0])
            for seat in range(seats):
                match.view(seat)
    return (time.perf_counter() - wall) * 1e3, (time.process_time() - cpu) * 1e3


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else (values[0] if values else 0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--limit", type=float, default=180.0, help="seconds of load once every seat has connected")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a client waits before acting (on average; 0: act at once)")
    parser.add_argument("--churn", type=int, default=10_000, help="matches to create and finish afterwards")
    parser.add_argument("--compression", choices=["deflate", "none"], default="deflate",
                        help="whether the clients offer permessage-deflate (browsers do)")
    args = parser.parse_args()
    global COMPRESSION
    COMPRESSION = None if args.compression == "none" else "deflate"
    postgres = os.environ.get("BOUTS_BENCH_POSTGRES") or os.environ.get("BOUTS_TEST_POSTGRES")
    anchor()  # warm up (imports, content)
    before = anchor()
    load_before = os.getloadavg()[0]
    engine: Any = None
    schema = ""
    with tempfile.TemporaryDirectory() as folder:
        if postgres:
            import sqlalchemy

            from bouts.server.store import normalize_url

            global DATABASE
            engine = sqlalchemy.create_engine(normalize_url(postgres))
            DATABASE = engine.url.database
            schema = f"bouts_bench_{os.getpid()}"
            with engine.begin() as conn:  # a schema of this run's own, made afresh (dropped at the end)
                conn.execute(sqlalchemy.text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
                conn.execute(sqlalchemy.text(f"CREATE SCHEMA {schema}"))
            postgres += ("&" if "?" in postgres else "?") + f"options=-csearch_path%3D{schema}"
            servers = [LiveServer(postgres, message_rate=1e6).start()]  # migrates first
            servers += [LiveServer(postgres, message_rate=1e6).start() for _ in range(args.processes - 1)]
            label = f"{len(servers)} processes over PostgreSQL"
        else:
            servers = [LiveServer(str(Path(folder) / "bench.sqlite"), message_rate=1e6).start()]
            label = "1 process over SQLite (set BOUTS_BENCH_POSTGRES for several processes)"
        try:
            started = [memory(s.pid)[0] for s in servers]
            print(f"  server memory at start: {', '.join(f'{m:.0f}' for m in started)} MiB", flush=True)
            if args.matches:  # --matches 0: only the churn
                result = asyncio.run(run(servers, args.matches, args.limit, args.think))
                report(args, label, result, [memory(s.pid)[0] for s in servers])
                anchor_after = anchor()
                print(f"  anchor (fixed server work in the bench process): {before[0]:.0f} ms wall / "
                      f"{before[1]:.0f} ms CPU before the load (load average {load_before:.1f}), "
                      f"{anchor_after[0]:.0f} / {anchor_after[1]:.0f} ms after", flush=True)
            if args.churn:
                before_churn = [memory(s.pid)[0] for s in servers]
                churned = asyncio.run(churn(servers, args.churn))
                time.sleep(2)
                after = [memory(s.pid) for s in servers]
                total = sum(m[0] for m in after)
                print(f"  creating and finishing {args.churn} more matches ({churned:.0f} s, "
                      f"{len(refused)} refused{': ' + refused[0] if refused else ''}): server memory (RSS, MiB) "
                      f"at start {', '.join(f'{m:.0f}' for m in started)}; before the {args.churn} "
                      f"{', '.join(f'{m:.0f}' for m in before_churn)}; after them "
                      f"{', '.join(f'{m[0]:.0f}' for m in after)} (total {total:.0f}); "
                      f"peak {', '.join(f'{m[1]:.0f}' for m in after)}", flush=True)
        finally:
            for server in servers:
                server.stop()
            if engine is not None:
                with engine.begin() as conn:
                    conn.execute(sqlalchemy.text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
                engine.dispose()


def report(args: argparse.Namespace, label: str, result: dict[str, Any], after_load: list[float]) -> None:
    spread = ", each match's seats on different processes"
    times, actions = result["times"], max(1, len(result["times"]))
    print(f"{args.matches} concurrent matches ({', '.join(g for g, _ in GAMES)} in turn) on {label}"
          f"{spread if not label.startswith('1 ') else ''}, random socket clients thinking {args.think:g} s "
          f"(compression: {args.compression}); "
          f"{os.cpu_count()} CPUs shared by clients, servers and PostgreSQL, load average "
          f"{os.getloadavg()[0]:.1f}")
    print(f"  every seat connected and had its first frame after {result['connect']:.1f} s; from then on:")
    print(f"  {len(times)} actions in {result['elapsed']:.1f} s ({len(times) / result['elapsed']:.0f} actions/s): "
          f"round trip p50 {quantile(times, 50) * 1e3:.1f} ms, p99 {quantile(times, 99) * 1e3:.1f} ms")
    print(f"  CPU per action: servers {result['cpu'] / actions * 1e3:.2f} ms, PostgreSQL backends of the database "
          f"{result['pg_cpu'] / actions * 1e3:.2f} ms, bench clients {result['client_cpu'] / actions * 1e3:.2f} ms")
    causes = Counter(dropped)
    print(f"  seats the server closed before their match ended: {len(dropped)}"
          f"{' (' + ', '.join(f'{n}: {c}' for c, n in causes.most_common()) + ')' if dropped else ''}; "
          f"seats that heard nothing for 60 s: {len(silent)}; the clients' event loop fell up to "
          f"{result['client_lag']:.1f} s behind")
    print(f"  server memory after the load: {', '.join(f'{m:.0f}' for m in after_load)} MiB", flush=True)


if __name__ == "__main__":
    main()
