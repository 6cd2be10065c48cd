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
  the owner as a ``request`` notification: on the owner's own channel ``bouts_<schema>_<node>``
  once this process has heard from the owner (every change carries its writer's node), on the
  shared channel before that. The change the owner commits for a request carries the request's
  number and the asking process (``req``, ``to``), so it is the answer too: a success costs one
  notification, not a change and a reply. A refusal comes back as a ``reply`` on the asking
  process's channel (each process also holds the advisory lock ``bouts-node:<node>`` while it
  lives, so the others can tell a dead process from a slow one).

Every message is a JSON object; ``m`` (first) is the match id, ``op`` says what it is, ``node`` the
sending process. A process drops a notification about a match it does not have loaded from the
first bytes of its text, without decoding it. PostgreSQL is the only broker: no process talks to
another directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import re
import secrets
import sys
from collections.abc import Callable, Iterable
from typing import Any

Handler = Callable[[dict[str, Any]], None]
Interest = Callable[[str], bool]

CHANGES = frozenset({"append", "truncate", "resign", "reload"})
"""The notifications a match's owner commits with its writes (they name the owner: its ``node``)."""


class Answering:
    """The forwarded request the current task is serving: the first change it commits answers it."""

    def __init__(self, to: str, number: int) -> None:
        self.to, self.number, self.answered = to, number, False


answering: contextvars.ContextVar[Answering | None] = contextvars.ContextVar("answering", default=None)
"""Set by the owner while it serves another process's request (see :meth:`PostgresBus.notice`)."""

MAX_PAYLOAD = 7800
"""PostgreSQL refuses notification payloads of 8000 bytes or more."""


class LocalBus:
    """One process over SQLite: it owns every match; there is no one else to tell."""

    multi = False

    def __init__(self) -> None:
        self.node = secrets.token_hex(6)

    async def start(self, handler: Handler, interested: Interest | None = None) -> None:
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

    def forget(self, match_id: str) -> None:
        """This process no longer has ``match_id`` loaded."""


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
        self.own_channel = "bouts"
        self.handler: Handler | None = None
        self.interested: Interest = lambda _match: True
        self.owners: dict[str, str] = {}
        """The process last heard to own each match loaded here (where requests go)."""
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

    async def start(self, handler: Handler, interested: Interest | None = None) -> None:
        """Connect, take this process's node lock, start listening.

        ``interested(match_id)``: whether this process has the match loaded (other matches'
        notifications are dropped unread).
        """
        self.handler = handler
        if interested is not None:
            self.interested = interested
        self.control = await self._connect()
        cursor = await self.control.execute("SELECT current_schema()")
        row = await cursor.fetchone()
        schema = re.sub(r"[^a-z0-9_]", "_", str(row[0] if row else "public").lower())
        self.channel = f"bouts_{schema}"[:50]
        self.own_channel = self._node_channel(self.node)
        await self.control.execute("SELECT pg_advisory_lock(hashtextextended(%s, 0))", (f"bouts-node:{self.node}",))
        self.listener = await self._connect()
        await self._subscribe()
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
                    self._dispatch(note.payload, note.channel == self.own_channel)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                print(f"bouts serve: lost the PostgreSQL listener ({exc!r}); reconnecting", file=sys.stderr)
            if self.stopping:
                return
            await asyncio.sleep(0.5)
            try:
                self.listener = await self._connect()
                await self._subscribe()
            except Exception:
                continue
            if self.handler is not None:  # notifications may have been missed: everyone looks again
                self.handler({"op": "resync", "node": self.node})

    def _node_channel(self, node: str) -> str:
        return f"{self.channel}_{node}"

    async def _subscribe(self) -> None:
        await self.listener.execute(f'LISTEN "{self.channel}"')
        await self.listener.execute(f'LISTEN "{self.own_channel}"')

    def _dispatch(self, payload: str, direct: bool = False) -> None:
        """Handle one notification (``direct``: it came on this process's own channel)."""
        if not direct and payload.startswith('{"m":"'):  # one match's news: dropped unread unless loaded here
            end = payload.find('"', 6)
            if end > 0 and not self.interested(payload[6:end]):
                return
        try:
            message = json.loads(payload)
        except ValueError:
            return
        if not isinstance(message, dict):
            return
        op, match_id = message.get("op"), message.get("m")
        if op in CHANGES and isinstance(match_id, str) and isinstance(message.get("node"), str):
            self.owners[match_id] = message["node"]  # who wrote it owns it: ask it next time
        if op == "reply" or (message.get("to") == self.node and "req" in message):
            if message.get("to") == self.node:
                if message.get("error") == "not_owner" and isinstance(match_id, str):
                    self.owners.pop(match_id, None)
                future = self.pending.get(int(message.get("req", -1)))
                if future is not None and not future.done():
                    future.set_result(message)
            if op == "reply":
                return
        elif op == "released" and isinstance(match_id, str):
            self.owners.pop(match_id, None)
        if direct:
            message["direct"] = True
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
                    self.handler({"op": "locks_lost", "node": self.node, "matches": sorted(lost)})
        return []

    async def acquire(self, match_id: str) -> bool:
        """Try to own ``match_id``'s writes (True when this process holds its lock).

        While another process is known to own the match (it wrote last and has not let go or failed
        to answer), the answer is no without asking PostgreSQL: a forwarded action costs no lock
        attempt. A dead owner shows as an unanswered request, which drops what was known.
        """
        if match_id not in self.owned and self.owners.get(match_id, self.node) != self.node:
            return False
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

    def notice(self, message: dict[str, Any], channel: str | None = None) -> tuple[str, str] | None:
        """``message`` as a notification to commit with a write (too long: followers reload instead).

        The first change committed while serving another process's request (see :data:`answering`)
        names that request: it is the answer.
        """
        serving = answering.get()
        extra: dict[str, Any] = {"node": self.node}
        if serving is not None and not serving.answered and message.get("op") in CHANGES:
            serving.answered = True
            extra.update(to=serving.to, req=serving.number)
        payload = json.dumps({"m": message.get("m"), **message, **extra}, separators=(",", ":"))
        if len(payload.encode()) > MAX_PAYLOAD:
            payload = json.dumps({"m": message.get("m"), "op": "reload", "v": message.get("v"), **extra},
                                 separators=(",", ":"))
        return channel or self.channel, payload

    async def publish(self, message: dict[str, Any], to: str | None = None) -> None:
        """Tell every process now (not tied to a write); ``to``: only that process."""
        notice = self.notice(message, None if to is None else self._node_channel(to))
        if notice is not None:
            await self._control("SELECT pg_notify(%s, %s)", notice)

    def forget(self, match_id: str) -> None:
        """This process no longer has ``match_id`` loaded: forget who owns it."""
        self.owners.pop(match_id, None)

    async def request(self, message: dict[str, Any], timeout: float) -> dict[str, Any] | None:
        """Ask the owner of ``message["m"]`` to do something; its reply, or ``None`` if none came in time."""
        self.sequence += 1
        number = self.sequence
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[number] = future
        match_id = str(message.get("m"))
        try:
            await self.publish({**message, "op": "request", "req": number}, self.owners.get(match_id))
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            self.owners.pop(match_id, None)  # ask everyone next time
            return None
        finally:
            self.pending.pop(number, None)

    async def reply(self, to: str, number: int, answer: dict[str, Any]) -> None:
        """Answer another process's request (on that process's own channel)."""
        await self.publish({**answer, "op": "reply", "to": to, "req": number}, to)

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
