"""Storage: matches and their actions, event-sourced, in SQLite or PostgreSQL.

A match row holds what it was set up with (game, seats, options, seed, content,
seat kinds, token digests); the actions table holds its history, one row per
action. An action is committed here before the server acknowledges it, and a
restart rebuilds every unfinished match by replaying its rows. The schema is
made and upgraded by Alembic (``bouts/server/migrations``).
"""

from __future__ import annotations

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
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine

metadata = MetaData()

matches_table = Table(
    "matches", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("seats", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("content_id", String(128), nullable=False),
    Column("seat_kinds", Text, nullable=False),
    Column("token_digests", Text, nullable=False),
    Column("spectator_digest", String(64), nullable=False),
    Column("claimed", Text, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("outcome", Text, nullable=True),
    Column("created", Float, nullable=False),
    Column("rematch_of", String(32), nullable=True),
)

actions_table = Table(
    "actions", metadata,
    Column("match_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
)


@dataclass
class MatchRecord:
    """A stored match: its set-up and its actions."""

    id: str
    game: str
    seats: int
    options: dict[str, Any]
    seed: int
    content_id: str
    seat_kinds: list[dict[str, Any]]
    """Per seat: ``{"kind": "open" | "reserved" | "bot", "agent": spec}``."""
    token_digests: list[str | None]
    """Per seat: the SHA-256 of its token (``None`` for a bot)."""
    spectator_digest: str
    claimed: list[bool]
    """Per seat: whether an open seat was handed out from the lobby."""
    finished: bool = False
    outcome: dict[str, Any] | None = None
    created: float = field(default_factory=time.time)
    rematch_of: str | None = None
    actions: list[tuple[int, str]] = field(default_factory=list)
    """``(seat, action text)`` in order."""


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
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)

    def migrate(self) -> None:
        """Create or upgrade the schema with Alembic."""
        from bouts.server.migrations import upgrade

        upgrade(self.engine)

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    # -- writes -----------------------------------------------------------------------
    def create(self, record: MatchRecord) -> None:
        """Store a new match."""
        with self.engine.begin() as conn:
            conn.execute(insert(matches_table).values(
                id=record.id, game=record.game, seats=record.seats, options=json.dumps(record.options),
                seed=record.seed, content_id=record.content_id, seat_kinds=json.dumps(record.seat_kinds),
                token_digests=json.dumps(record.token_digests), spectator_digest=record.spectator_digest,
                claimed=json.dumps(record.claimed), finished=False, outcome=None, created=record.created,
                rematch_of=record.rematch_of))

    def append(self, match_id: str, first_index: int, steps: Sequence[tuple[int, str]],
               outcome: dict[str, Any] | None = None, finished: bool = False) -> None:
        """Commit actions ``first_index...`` of a match (and its end, if it ended) in one transaction."""
        with self.engine.begin() as conn:
            if steps:
                conn.execute(insert(actions_table), [
                    {"match_id": match_id, "idx": first_index + n, "seat": seat, "action": action}
                    for n, (seat, action) in enumerate(steps)])
            if finished:
                conn.execute(update(matches_table).where(matches_table.c.id == match_id)
                             .values(finished=True, outcome=json.dumps(outcome)))

    def truncate(self, match_id: str, length: int) -> None:
        """Drop every action from index ``length`` on (an undo)."""
        with self.engine.begin() as conn:
            conn.execute(delete(actions_table).where(actions_table.c.match_id == match_id,
                                                     actions_table.c.idx >= length))

    def set_claimed(self, match_id: str, claimed: list[bool], token_digests: list[str | None]) -> None:
        """Record which open seats have been handed out, and the seats' token digests."""
        with self.engine.begin() as conn:
            conn.execute(update(matches_table).where(matches_table.c.id == match_id)
                         .values(claimed=json.dumps(claimed), token_digests=json.dumps(token_digests)))

    # -- reads ---------------------------------------------------------------------------
    def _record(self, row: Any, actions: list[tuple[int, str]]) -> MatchRecord:
        return MatchRecord(
            id=row.id, game=row.game, seats=row.seats, options=json.loads(row.options), seed=int(row.seed),
            content_id=row.content_id, seat_kinds=json.loads(row.seat_kinds),
            token_digests=json.loads(row.token_digests), spectator_digest=row.spectator_digest,
            claimed=json.loads(row.claimed), finished=bool(row.finished),
            outcome=json.loads(row.outcome) if row.outcome else None, created=row.created,
            rematch_of=row.rematch_of, actions=actions)

    def load(self, match_id: str) -> MatchRecord | None:
        """One match with its actions, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(matches_table).where(matches_table.c.id == match_id)).first()
            if row is None:
                return None
            return self._record(row, self._actions(conn, match_id))

    @staticmethod
    def _actions(conn: Any, match_id: str) -> list[tuple[int, str]]:
        rows = conn.execute(select(actions_table.c.seat, actions_table.c.action)
                            .where(actions_table.c.match_id == match_id).order_by(actions_table.c.idx))
        return [(int(r.seat), str(r.action)) for r in rows]

    def unfinished(self) -> list[MatchRecord]:
        """Every match that has not ended, with its actions (for a restart)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(matches_table).where(matches_table.c.finished.is_(False))
                                .order_by(matches_table.c.created)).all()
            return [self._record(row, self._actions(conn, row.id)) for row in rows]

    def action_count(self, match_id: str) -> int:
        """How many actions of a match are stored."""
        with self.engine.connect() as conn:
            return len(self._actions(conn, match_id))
