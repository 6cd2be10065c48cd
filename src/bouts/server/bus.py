"""How server processes share matches: who owns a match's writes, and how the others hear of changes.

With SQLite (the single-process default) :class:`LocalBus` says this process owns every match and
there is nobody to tell. With PostgreSQL, :class:`PostgresBus` lets any number of ``bouts serve``
processes share one database:

- a process owns a match's writes while it holds the PostgreSQL session advisory lock
  ``hashtextextended('bouts-match:' || id, 0)`` on its control connection; when the process dies,
  PostgreSQL drops its session and the lock with it, and the next process that tries takes it over;
- every write of a match's history is committed together with a ``NOTIFY`` on the channel
  ``bouts_<schema>`` (so a notification is seen only once its write is), and the other processes
  that have the match loaded apply it to their copy and send their own connections fresh frames;
- a process that does not own a match forwards its clients' ``act``, ``undo`` and ``concede`` to
  the owner as a ``request`` notification; the owner answers with a ``reply`` addressed to the
  process (each process also holds the advisory lock ``bouts-node:<node>`` while it lives, so the
  others can tell a dead process from a slow one).

Every message is a JSON object; ``m`` is the match id, ``op`` says what it is, ``from`` the sending
process. PostgreSQL is the only broker: no process talks to another directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import secrets
import sys
from collections.abc import Callable, Iterable
from typing import Any

Handler = Callable[[dict[str, Any]], None]

MAX_PAYLOAD = 7800
"""PostgreSQL refuses notification payloads of 8000 bytes or more."""


class LocalBus:
    """One process over SQLite: it owns every match; there is no one else to tell."""

    multi = False

    def __init__(self) -> None:
        self.node = secrets.token_hex(6)

    async def start(self, handler: Handler) -> None:
        """Nothing to connect."""

    async def stop(self) -> None:
        """Nothing to close."""

    async def acquire(self, match_id: str) -> bool:
        """This process owns every match."""
        return True

    async def acquire_many(self, match_ids: Iterable[str]) -> list[str]:
        """All of them."""
        return list(match_ids)

    async def release(self, match_id: str) -> None:
        """Nothing held."""

    def notice(self, message: dict[str, Any]) -> tuple[str, str] | None:
        """No notification to commit with a write."""
        return None

    async def publish(self, message: dict[str, Any]) -> None:
        """Nobody else to tell."""

    async def request(self, message: dict[str, Any], timeout: float) -> dict[str, Any] | None:
        """Never needed: this process owns every match."""
        return None

    async def reply(self, to: str, number: int, answer: dict[str, Any]) -> None:
        """Never needed."""

    async def alive(self, nodes: Iterable[str]) -> set[str]:
        """Only this process exists."""
        return {n for n in nodes if n == self.node}


def libpq_url(sqlalchemy_url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as a libpq connection URL."""
    from sqlalchemy.engine import make_url

    return make_url(sqlalchemy_url).set(drivername="postgresql").render_as_string(hide_password=False)


class PostgresBus(LocalBus):
    """Processes over one PostgreSQL: advisory locks for ownership, LISTEN/NOTIFY for changes."""

    multi = True

    def __init__(self, sqlalchemy_url: str) -> None:
        super().__init__()
        self.url = libpq_url(sqlalchemy_url)
        self.channel = "bouts"
        self.handler: Handler | None = None
        self.control: Any = None
        self.listener: Any = None
        self.listen_task: asyncio.Task[None] | None = None
        self.owned: set[str] = set()
        self.pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.sequence = 0
        self.stopping = False

    async def _connect(self) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(self.url, autocommit=True)

    async def start(self, handler: Handler) -> None:
        """Connect, take this process's node lock, start listening."""
        self.handler = handler
        self.control = await self._connect()
        cursor = await self.control.execute("SELECT current_schema()")
        row = await cursor.fetchone()
        schema = re.sub(r"[^a-z0-9_]", "_", str(row[0] if row else "public").lower())
        self.channel = f"bouts_{schema}"[:63]
        await self.control.execute("SELECT pg_advisory_lock(hashtextextended(%s, 0))", (f"bouts-node:{self.node}",))
        self.listener = await self._connect()
        await self.listener.execute(f'LISTEN "{self.channel}"')
        self.listen_task = asyncio.get_running_loop().create_task(self._listen())

    async def stop(self) -> None:
        """Release every lock (by closing the session) and stop listening."""
        self.stopping = True
        if self.listen_task is not None:
            self.listen_task.cancel()
            with contextlib.suppress(BaseException):
                await self.listen_task
        for conn in (self.listener, self.control):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()
        self.owned.clear()

    async def _listen(self) -> None:
        while not self.stopping:
            try:
                async for note in self.listener.notifies():
                    self._dispatch(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                print(f"bouts serve: lost the PostgreSQL listener ({exc!r}); reconnecting", file=sys.stderr)
            if self.stopping:
                return
            await asyncio.sleep(0.5)
            try:
                self.listener = await self._connect()
                await self.listener.execute(f'LISTEN "{self.channel}"')
            except Exception:
                continue
            if self.handler is not None:  # notifications may have been missed: everyone looks again
                self.handler({"op": "resync", "from": self.node})

    def _dispatch(self, payload: str) -> None:
        try:
            message = json.loads(payload)
        except ValueError:
            return
        if not isinstance(message, dict):
            return
        if message.get("op") == "reply":
            if message.get("to") == self.node:
                future = self.pending.get(int(message.get("req", -1)))
                if future is not None and not future.done():
                    future.set_result(message)
            return
        if self.handler is not None:
            self.handler(message)

    async def _control(self, query: str, params: tuple[Any, ...]) -> list[Any]:
        """Run a query on the control connection (reconnecting once: the locks it held are then gone)."""
        for attempt in range(2):
            try:
                cursor = await self.control.execute(query, params)
                return list(await cursor.fetchall()) if cursor.description else []
            except asyncio.CancelledError:
                raise
            except Exception:
                if attempt:
                    raise
                with contextlib.suppress(Exception):
                    await self.control.close()
                self.control = await self._connect()
                await self.control.execute("SELECT pg_advisory_lock(hashtextextended(%s, 0))",
                                           (f"bouts-node:{self.node}",))
                lost, self.owned = self.owned, set()
                if lost and self.handler is not None:
                    self.handler({"op": "locks_lost", "from": self.node, "matches": sorted(lost)})
        return []

    async def acquire(self, match_id: str) -> bool:
        """Try to own ``match_id``'s writes (True when this process holds its lock)."""
        return bool(await self.acquire_many([match_id]))

    async def acquire_many(self, match_ids: Iterable[str]) -> list[str]:
        """Try to own several matches at once; those this process now holds."""
        wanted = [m for m in match_ids if m not in self.owned]
        held = [m for m in match_ids if m in self.owned]
        if wanted:
            rows = await self._control(
                "SELECT k FROM unnest(%s::text[]) AS k "
                "WHERE pg_try_advisory_lock(hashtextextended('bouts-match:' || k, 0))", (wanted,))
            got = [str(r[0]) for r in rows]
            self.owned.update(got)
            held.extend(got)
        return held

    async def release(self, match_id: str) -> None:
        """Give up owning ``match_id``; the others hear so and one of them may take it."""
        if match_id not in self.owned:
            return
        self.owned.discard(match_id)
        with contextlib.suppress(Exception):
            await self._control("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (f"bouts-match:{match_id}",))
            await self.publish({"op": "released", "m": match_id})

    def notice(self, message: dict[str, Any]) -> tuple[str, str] | None:
        """``message`` as a notification to commit with a write (too long: followers reload instead)."""
        payload = json.dumps({**message, "from": self.node}, separators=(",", ":"))
        if len(payload.encode()) > MAX_PAYLOAD:
            payload = json.dumps({"op": "reload", "m": message.get("m"), "v": message.get("v"), "from": self.node})
        return self.channel, payload

    async def publish(self, message: dict[str, Any]) -> None:
        """Tell every process now (not tied to a write)."""
        notice = self.notice(message)
        if notice is not None:
            await self._control("SELECT pg_notify(%s, %s)", notice)

    async def request(self, message: dict[str, Any], timeout: float) -> dict[str, Any] | None:
        """Ask the owner of ``message["m"]`` to do something; its reply, or ``None`` if none came in time."""
        self.sequence += 1
        number = self.sequence
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[number] = future
        try:
            await self.publish({**message, "op": "request", "req": number})
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            return None
        finally:
            self.pending.pop(number, None)

    async def reply(self, to: str, number: int, answer: dict[str, Any]) -> None:
        """Answer another process's request."""
        await self.publish({**answer, "op": "reply", "to": to, "req": number})

    async def alive(self, nodes: Iterable[str]) -> set[str]:
        """Which of these processes still hold their node lock (are alive)."""
        names = sorted(set(nodes))
        if not names:
            return set()
        rows = await self._control(
            "SELECT n FROM unnest(%s::text[]) AS n WHERE EXISTS (SELECT 1 FROM pg_locks l "
            "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1 AND "
            "((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended('bouts-node:' || n, 0))", (names,))
        return {str(r[0]) for r in rows}
