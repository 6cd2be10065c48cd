"""Matches and their actions.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the two tables."""
    op.create_table(
        "matches",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("content_id", sa.String(128), nullable=False),
        sa.Column("seat_kinds", sa.Text, nullable=False),
        sa.Column("token_digests", sa.Text, nullable=False),
        sa.Column("spectator_digest", sa.String(64), nullable=False),
        sa.Column("claimed", sa.Text, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("outcome", sa.Text, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("rematch_of", sa.String(32), nullable=True),
    )
    op.create_index("ix_matches_finished", "matches", ["finished"])
    op.create_table(
        "actions",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("actions")
    op.drop_index("ix_matches_finished", "matches")
    op.drop_table("matches")
