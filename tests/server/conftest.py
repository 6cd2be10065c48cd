"""Shared fixtures for the server tests: an app over a temporary SQLite file, a PostgreSQL schema."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from bouts.server.app import create_app


def postgres_base() -> str | None:
    """The PostgreSQL URL .ci/run sets; under CI its absence is a failure, elsewhere a skip."""
    url = os.environ.get("BOUTS_TEST_POSTGRES")
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail("BOUTS_TEST_POSTGRES is not set: .ci/run must start PostgreSQL for the server tests")
        pytest.skip("set BOUTS_TEST_POSTGRES=postgresql://user:pass@host/db to run the PostgreSQL tests")
    return url


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL whose connections use a fresh schema of their own (dropped afterwards)."""
    import sqlalchemy

    from bouts.server.store import normalize_url

    base = postgres_base()
    assert base is not None
    schema = f"t_{secrets.token_hex(6)}"
    engine = sqlalchemy.create_engine(normalize_url(base))
    with engine.begin() as conn:
        conn.execute(sqlalchemy.text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in base else "?"
    try:
        yield f"{base}{sep}options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as conn:
            conn.execute(sqlalchemy.text(f"DROP SCHEMA {schema} CASCADE"))
        engine.dispose()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A test client over a fresh SQLite database, bots on threads."""
    with TestClient(create_app(str(tmp_path / "bouts.sqlite"), 0, message_rate=100_000)) as test_client:
        yield test_client


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """Create a match; its JSON answer."""
    response = client.post("/api/matches", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def until(ws: Any, kind: str) -> dict[str, Any]:
    """Read frames until one of type ``kind``."""
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == kind:
            return frame


def kind(message: dict[str, Any]) -> str:
    """A message's type, ``ack`` for a state frame that acknowledges the reader's own action."""
    return "ack" if message["type"] == "state" and "ack" in message else str(message["type"])


def until_ack(ws: Any) -> dict[str, Any]:
    """Read frames until the state frame that acknowledges the reader's own action."""
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if kind(frame) == "ack":
            return frame


def until_your_turn(ws: Any) -> dict[str, Any]:
    """Read frames until the state frame that says it has just become the reader's turn."""
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == "state" and frame.get("your_turn") is True:
            return frame


def latest_state(ws: Any, first: dict[str, Any]) -> dict[str, Any]:
    """Ask for a fresh full frame (``sync``) and return it."""
    ws.send_json({"type": "sync"})
    return until(ws, "state")


def bearer(token: str) -> dict[str, str]:
    """The header that carries a token to the HTTP API."""
    return {"authorization": f"Bearer {token}"}
