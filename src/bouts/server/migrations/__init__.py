"""Alembic migrations of the server's schema; :func:`upgrade` brings a database to the newest."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import Engine

HERE = Path(__file__).parent


def upgrade(engine: Engine) -> None:
    """Run every pending migration on ``engine``'s database."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(HERE))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":  # several servers starting at once migrate one at a time
            connection.execute(text("SELECT pg_advisory_xact_lock(hashtextextended('bouts-migrate', 0))"))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
