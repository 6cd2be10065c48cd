"""Schemathesis: property-based requests generated from the server's own /openapi.json; never a 5xx.

Every operation of the HTTP API gets generated bodies, paths and headers, valid by the schema and
deliberately invalid (wrong types, missing fields, huge numbers, odd Unicode), sent to a real server
process over a real database; every answer must be below 500, and the server must log no traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from tests.server.live import LiveServer

schemathesis = pytest.importorskip("schemathesis")

EXAMPLES = 150
"""Generated requests per operation."""


def test_no_generated_request_gets_a_server_error(tmp_path: Path) -> None:
    server = LiveServer(str(tmp_path / "bouts.sqlite"), message_rate=1_000_000).start()
    statuses: dict[str, set[int]] = {}
    try:
        schema = schemathesis.openapi.from_url(f"{server.base}/openapi.json")
        operations = [result.ok() for result in schema.get_all_operations()]
        assert len(operations) >= 5
        from schemathesis.generation.modes import GenerationMode

        for operation in operations:
            checker(operation, server, statuses.setdefault(operation.label, set()), GenerationMode)()
    finally:
        server.stop()
    print(statuses)
    assert "Traceback" not in server.stderr(), server.stderr()[-3000:]
    assert all(code < 500 for codes in statuses.values() for code in codes)


def checker(operation: Any, server: LiveServer, seen: set[int], mode: Any) -> Any:
    """A hypothesis test of one operation: generated requests (valid and invalid), none answered with a 5xx."""

    @given(case=operation.as_strategy(mode.POSITIVE) | operation.as_strategy(mode.NEGATIVE))
    @settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    def check(case: Any) -> None:
        response = case.call(base_url=server.base, timeout=30)
        seen.add(response.status_code)
        assert response.status_code < 500, f"{case!r} -> {response.status_code} {response.text[:300]}"

    return check
