"""Storage: matches, their seats, actions and chat, event-sourced, in SQLite or PostgreSQL.

A match row holds what it was set up with (game, seat count, options, seed, content, the
spectator token's digest) and a ``version`` bumped by every change of its action list; the
seats table holds each seat's kind, bot agent, token digest and whether it is claimed or resigned;
the actions table holds the history, one row per action; the chat table the match's chat.
An action is committed here before the server acknowledges it, and any process can rebuild a
match by replaying its rows. Every write that changes a match's history is conditional on the
version the writer last saw (``UPDATE ... WHERE version = :seen``), so two processes can never both
extend the same history: the loser gets :class:`Conflict` and reloads. Claiming a seat is a
conditional update too: exactly one claimant wins. The schema is made and upgraded by Alembic
(``bouts/server/migrations``).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    exists,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine

metadata = MetaData()

matches_table = Table(
    "matches", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("seats", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("content_id", String(128), nullable=False),
    Column("spectator_digest", String(64), nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("outcome", Text, nullable=True),
    Column("created", Float, nullable=False),
    Column("rematch_of", String(32), nullable=True),
    Column("version", Integer, nullable=False, default=0),
    Column("updated", Float, nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("bot_turn", Boolean, nullable=False, default=False),
    Index("ix_matches_finished", "finished"),
)

seats_table = Table(
    "seats", metadata,
    Column("match_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("agent", String(200), nullable=True),
    Column("token_digest", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False, default=False),
    Column("resigned", Boolean, nullable=False, default=False),
)

actions_table = Table(
    "actions", metadata,
    Column("match_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
)

chat_table = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_chat_match", "match_id", "id"),
)


class Conflict(Exception):
    """Another writer changed the match first (its version moved on): reload and look again."""


@dataclass
class MatchRecord:
    """A stored match: its set-up, its seats and its actions."""

    id: str
    game: str
    seats: int
    options: dict[str, Any]
    seed: int
    content_id: str
    seat_kinds: list[dict[str, Any]]
    """Per seat: ``{"kind": "open" | "reserved" | "bot", "agent": spec}``."""
    token_digests: list[str | None]
    """Per seat: the SHA-256 of its token (``None`` for a bot, or a rematch seat not yet taken)."""
    spectator_digest: str
    claimed: list[bool]
    """Per seat: whether a person has taken it (from the lobby, by its link, or by a rematch)."""
    finished: bool = False
    outcome: dict[str, Any] | None = None
    created: float = field(default_factory=time.time)
    rematch_of: str | None = None
    actions: list[tuple[int, str]] = field(default_factory=list)
    """``(seat, action text)`` in order."""
    resigned: list[bool] = field(default_factory=list)
    """Per seat: whether it conceded."""
    version: int = 0
    """Bumped by every change of the action list (and by the end): the fencing token of writes."""
    rematch: str | None = None
    """The id of the rematch, once one was made."""

    def __post_init__(self) -> None:
        if not self.resigned:
            self.resigned = [False] * self.seats


def normalize_url(url: str) -> str:
    """A database URL SQLAlchemy understands: a plain path is a SQLite file; postgres means psycopg 3."""
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # a commit survives the process being killed
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


Notice = tuple[str, str]
"""A PostgreSQL notification sent in the same transaction as a write: ``(channel, payload)``."""


class Store:
    """The database behind the server (all methods are blocking: call them off the event loop)."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False}
        else:
            kwargs["pool_size"] = 8
            # no ping before every checkout (a round trip per write): a connection found dead fails
            # its write (the client is told to retry) and SQLAlchemy then drops the whole pool
            kwargs["pool_recycle"] = 1800
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)

    def migrate(self) -> None:
        """Create or upgrade the schema with Alembic (one process at a time on PostgreSQL)."""
        from bouts.server.migrations import upgrade

        upgrade(self.engine)

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    @staticmethod
    def _notify(conn: Connection, notice: Notice | None) -> None:
        if notice is not None:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": notice[0], "payload": notice[1]})

    # -- writes -----------------------------------------------------------------------
    def create(self, record: MatchRecord) -> None:
        """Store a new match and its seats."""
        with self.engine.begin() as conn:
            conn.execute(insert(matches_table).values(
                id=record.id, game=record.game, seats=record.seats, options=json.dumps(record.options),
                seed=record.seed, content_id=record.content_id, spectator_digest=record.spectator_digest,
                finished=False, outcome=None, created=record.created, updated=record.created,
                rematch_of=record.rematch_of, version=0, rematch=None, bot_turn=False))
            conn.execute(insert(seats_table), [
                {"match_id": record.id, "seat": n, "kind": k["kind"], "agent": k.get("agent"),
                 "token_digest": record.token_digests[n], "claimed": record.claimed[n], "resigned": False}
                for n, k in enumerate(record.seat_kinds)])

    def _bump(self, conn: Connection, match_id: str, version: int, **values: Any) -> None:
        """Move a match from ``version`` to ``version + 1`` (with ``values``), or raise :class:`Conflict`."""
        done = conn.execute(update(matches_table)
                            .where(matches_table.c.id == match_id, matches_table.c.version == version)
                            .values(version=version + 1, updated=time.time(), **values))
        if done.rowcount != 1:
            raise Conflict(f"match {match_id} moved on from version {version}")

    def append(self, match_id: str, version: int, first_index: int, steps: Sequence[tuple[int, str]],
               outcome: dict[str, Any] | None = None, finished: bool = False, bot_turn: bool = False,
               notice: Notice | None = None) -> None:
        """Commit actions ``first_index...`` of a match seen at ``version`` (and its end, if it ended)."""
        with self.engine.begin() as conn:
            values: dict[str, Any] = {"bot_turn": bot_turn}
            if finished:
                values.update(finished=True, outcome=json.dumps(outcome))
            self._bump(conn, match_id, version, **values)
            if steps:
                conn.execute(insert(actions_table), [
                    {"match_id": match_id, "idx": first_index + n, "seat": seat, "action": action}
                    for n, (seat, action) in enumerate(steps)])
            self._notify(conn, notice)

    def truncate(self, match_id: str, version: int, length: int, bot_turn: bool = False,
                 notice: Notice | None = None) -> None:
        """Drop every action from index ``length`` on (an undo)."""
        with self.engine.begin() as conn:
            self._bump(conn, match_id, version, bot_turn=bot_turn)
            conn.execute(delete(actions_table).where(actions_table.c.match_id == match_id,
                                                     actions_table.c.idx >= length))
            self._notify(conn, notice)

    def resign(self, match_id: str, version: int, seat: int, outcome: dict[str, Any] | None,
               zombie_agent: str | None, bot_turn: bool, notice: Notice | None = None) -> None:
        """Record that ``seat`` conceded: the match ends with ``outcome``, or a bot (``zombie_agent``) takes over."""
        with self.engine.begin() as conn:
            values: dict[str, Any] = {"bot_turn": bot_turn}
            if outcome is not None:
                values.update(finished=True, outcome=json.dumps(outcome))
            self._bump(conn, match_id, version, **values)
            seat_values: dict[str, Any] = {"resigned": True}
            if zombie_agent is not None:
                seat_values.update(kind="bot", agent=zombie_agent)
            conn.execute(update(seats_table).where(seats_table.c.match_id == match_id, seats_table.c.seat == seat)
                         .values(**seat_values))
            self._notify(conn, notice)

    def claim(self, match_id: str, seat: int, digest: str | None, new_digest: str) -> bool:
        """Take a seat nobody has taken: atomically, exactly one caller gets True.

        ``digest``: the token digest the seat must still have (an invite link), or ``None`` for any
        (a lobby join or a rematch hands out ``new_digest``).
        """
        conditions = [seats_table.c.match_id == match_id, seats_table.c.seat == seat,
                      seats_table.c.claimed.is_(False), seats_table.c.kind != "bot"]
        if digest is not None:
            conditions.append(seats_table.c.token_digest == digest)
        with self.engine.begin() as conn:
            done = conn.execute(update(seats_table).where(*conditions)
                                .values(claimed=True, token_digest=new_digest))
            if done.rowcount == 1:
                conn.execute(update(matches_table).where(matches_table.c.id == match_id)
                             .values(updated=time.time()))
            return done.rowcount == 1

    def set_rematch(self, match_id: str, rematch_id: str) -> str | None:
        """Record ``rematch_id`` as the match's rematch unless one is already recorded; the recorded one."""
        with self.engine.begin() as conn:
            conn.execute(update(matches_table)
                         .where(matches_table.c.id == match_id, matches_table.c.rematch.is_(None))
                         .values(rematch=rematch_id))
            found = conn.execute(select(matches_table.c.rematch).where(matches_table.c.id == match_id)).scalar()
            return None if found is None else str(found)

    def delete(self, match_id: str) -> None:
        """Forget a match entirely (a rematch that lost a race, an expired match)."""
        with self.engine.begin() as conn:
            for table in (actions_table, seats_table, chat_table):
                conn.execute(delete(table).where(table.c.match_id == match_id))
            conn.execute(delete(matches_table).where(matches_table.c.id == match_id))

    def expire(self, before: float, limit: int = 500) -> list[str]:
        """Delete unfinished matches that nobody joined and that have not changed since ``before``."""
        taken = exists().where(seats_table.c.match_id == matches_table.c.id, seats_table.c.claimed.is_(True))
        with self.engine.begin() as conn:
            ids = [str(r) for r in conn.execute(
                select(matches_table.c.id).where(matches_table.c.finished.is_(False), ~taken,
                                                 func.coalesce(matches_table.c.updated,
                                                               matches_table.c.created) < before)
                .limit(limit)).scalars()]
            for table in (actions_table, seats_table, chat_table):
                conn.execute(delete(table).where(table.c.match_id.in_(ids)))
            conn.execute(delete(matches_table).where(matches_table.c.id.in_(ids), matches_table.c.finished.is_(False)))
        return ids

    def add_chat(self, match_id: str, seat: int, message: str, at: float, notice: Notice | None = None) -> int:
        """Store one chat line; its id."""
        with self.engine.begin() as conn:
            new_id = conn.execute(insert(chat_table).values(match_id=match_id, seat=seat, text=message, at=at)
                                  .returning(chat_table.c.id)).scalar_one()
            self._notify(conn, notice)
            return int(new_id)

    # -- reads ---------------------------------------------------------------------------
    def _record(self, conn: Connection, row: Any, with_actions: bool = True) -> MatchRecord:
        seats = conn.execute(select(seats_table).where(seats_table.c.match_id == row.id)
                             .order_by(seats_table.c.seat)).all()
        return MatchRecord(
            id=row.id, game=row.game, seats=row.seats, options=json.loads(row.options), seed=int(row.seed),
            content_id=row.content_id,
            seat_kinds=[{"kind": s.kind, **({"agent": s.agent} if s.kind == "bot" else {})} for s in seats],
            token_digests=[s.token_digest for s in seats], spectator_digest=row.spectator_digest,
            claimed=[bool(s.claimed) for s in seats], resigned=[bool(s.resigned) for s in seats],
            finished=bool(row.finished), outcome=json.loads(row.outcome) if row.outcome else None,
            created=row.created, rematch_of=row.rematch_of, rematch=row.rematch, version=int(row.version),
            actions=self._actions(conn, row.id) if with_actions else [])

    def load(self, match_id: str) -> MatchRecord | None:
        """One match with its seats and actions, or ``None`` (read in one transaction: a consistent picture)."""
        with self.engine.begin() as conn:
            row = conn.execute(select(matches_table).where(matches_table.c.id == match_id)).first()
            if row is None:
                return None
            return self._record(conn, row)

    @staticmethod
    def _actions(conn: Connection, match_id: str, first: int = 0) -> list[tuple[int, str]]:
        rows = conn.execute(select(actions_table.c.seat, actions_table.c.action)
                            .where(actions_table.c.match_id == match_id, actions_table.c.idx >= first)
                            .order_by(actions_table.c.idx))
        return [(int(r.seat), str(r.action)) for r in rows]

    def bot_turns(self, exclude: Sequence[str] = (), limit: int = 200) -> list[str]:
        """Unfinished matches whose last commit left a bot to act (to carry on after a restart)."""
        with self.engine.connect() as conn:
            query = select(matches_table.c.id).where(matches_table.c.finished.is_(False),
                                                     matches_table.c.bot_turn.is_(True))
            if exclude:
                query = query.where(matches_table.c.id.not_in(list(exclude)))
            return [str(r) for r in conn.execute(query.limit(limit)).scalars()]

    def open_matches(self, limit: int = 100) -> list[dict[str, Any]]:
        """Unfinished matches with a free open seat, newest first, as the lobby lists them."""
        free = exists().where(seats_table.c.match_id == matches_table.c.id, seats_table.c.kind == "open",
                              seats_table.c.claimed.is_(False))
        with self.engine.connect() as conn:
            rows = conn.execute(select(matches_table.c.id, matches_table.c.game, matches_table.c.options,
                                       matches_table.c.created)
                                .where(matches_table.c.finished.is_(False), free)
                                .order_by(matches_table.c.created.desc()).limit(limit)).all()
            seats: dict[str, list[dict[str, Any]]] = {r.id: [] for r in rows}
            if rows:
                for s in conn.execute(select(seats_table).where(seats_table.c.match_id.in_(list(seats)))
                                      .order_by(seats_table.c.match_id, seats_table.c.seat)):
                    seats[s.match_id].append({"seat": s.seat, "kind": s.kind, "agent": s.agent,
                                              "free": s.kind == "open" and not s.claimed})
        return [{"id": r.id, "game": r.game, "seats": seats[r.id], "options": json.loads(r.options),
                 "created": r.created} for r in rows]

    def chat(self, match_id: str, limit: int = 100) -> list[dict[str, Any]]:
        """The last ``limit`` chat lines of a match, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(chat_table).where(chat_table.c.match_id == match_id)
                                .order_by(chat_table.c.id.desc()).limit(limit)).all()
        return [{"id": r.id, "seat": r.seat, "text": r.text, "at": r.at} for r in reversed(rows)]

    def action_count(self, match_id: str) -> int:
        """How many actions of a match are stored."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(actions_table)
                                    .where(actions_table.c.match_id == match_id)).scalar_one())

    def async_writer(self, connections: int = 4) -> AsyncWriter | None:
        """The asynchronous path for the hot write (PostgreSQL only; SQLite writes stay on its thread)."""
        return None if self.is_sqlite else AsyncWriter(self.url, connections)

    def unfinished_count(self) -> int:
        """How many matches are stored and not over."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(matches_table)
                                    .where(matches_table.c.finished.is_(False))).scalar_one())



APPEND_SQL = """
WITH bumped AS (
    UPDATE matches SET version = version + 1, updated = %(now)s, bot_turn = %(bot_turn)s,
        finished = finished OR %(finished)s,
        outcome = CASE WHEN %(finished)s THEN %(outcome)s ELSE outcome END
    WHERE id = %(id)s AND version = %(version)s
    RETURNING id
), added AS (
    INSERT INTO actions (match_id, idx, seat, action)
    SELECT bumped.id, %(first)s + step.n - 1, step.seat, step.action
    FROM bumped, unnest(%(seats)s::integer[], %(actions)s::text[]) WITH ORDINALITY AS step(seat, action, n)
)
SELECT {notify} FROM bumped
"""
"""One action commit as one statement (one round trip, its own transaction): bump the version if it is
still the one seen, add the actions, send the notification; no row back means another writer won."""


class AsyncWriter:
    """:meth:`Store.append` for PostgreSQL on the event loop: one statement per commit, no thread hop.

    A handful of autocommit connections are handed out in turn; one that fails is closed and
    replaced at its next use, and the write is reported failed (nothing was acknowledged).
    """

    def __init__(self, sqlalchemy_url: str, connections: int = 4) -> None:
        from sqlalchemy.engine import make_url

        self.url = make_url(sqlalchemy_url).set(drivername="postgresql").render_as_string(hide_password=False)
        self.size = connections
        self.slots: Any = None
        self.idle: list[Any] = []

    async def append(self, match_id: str, version: int, first_index: int, steps: Sequence[tuple[int, str]],
                     outcome: dict[str, Any] | None = None, finished: bool = False, bot_turn: bool = False,
                     notice: Notice | None = None) -> None:
        """Commit actions ``first_index...`` of a match seen at ``version``; :class:`Conflict` if it moved on."""
        import asyncio

        import psycopg

        if self.slots is None:
            self.slots = asyncio.Semaphore(self.size)
        async with self.slots:  # a slot is given back however the write ends
            conn = self.idle.pop() if self.idle else await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, prepare_threshold=0)
            try:
                query = APPEND_SQL.format(notify="pg_notify(%(channel)s, %(payload)s)" if notice else "1")
                cursor = await conn.execute(query, {
                    "now": time.time(), "bot_turn": bot_turn, "finished": finished,
                    "outcome": json.dumps(outcome) if finished else None, "id": match_id, "version": version,
                    "first": first_index, "seats": [seat for seat, _ in steps], "actions": [a for _, a in steps],
                    "channel": notice[0] if notice else None, "payload": notice[1] if notice else None})
                written = await cursor.fetchall()
            except BaseException:
                with contextlib.suppress(Exception):
                    await conn.close()
                raise
            self.idle.append(conn)
        if len(written) != 1:
            raise Conflict(f"match {match_id} moved on from version {version}")

    async def close(self) -> None:
        """Close the idle connections."""
        while self.idle:
            conn = self.idle.pop()
            with contextlib.suppress(Exception):
                await conn.close()
