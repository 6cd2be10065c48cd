"""Seats in a table of their own (atomic claims), chat, match versions, rematch links, bot turns.

Revision ID: 0002
Revises: 0001
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Move each match's seats out of its JSON columns into rows; add chat and the version counter."""
    op.create_table(
        "seats",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("agent", sa.String(200), nullable=True),
        sa.Column("token_digest", sa.String(64), nullable=True),
        sa.Column("claimed", sa.Boolean, nullable=False),
        sa.Column("resigned", sa.Boolean, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_match", "chat", ["match_id", "id"])
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("version", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("updated", sa.Float, nullable=True))
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
        batch.add_column(sa.Column("bot_turn", sa.Boolean, nullable=False, server_default=sa.false()))
    bind = op.get_bind()
    rows = bind.execute(sa.text("SELECT id, seat_kinds, token_digests, claimed, created, finished FROM matches")).all()
    seats = sa.table("seats", *(sa.column(c) for c in
                                ("match_id", "seat", "kind", "agent", "token_digest", "claimed", "resigned")))
    for row in rows:
        kinds, digests, claimed = json.loads(row.seat_kinds), json.loads(row.token_digests), json.loads(row.claimed)
        has_bot = any(k["kind"] == "bot" for k in kinds)
        bind.execute(sa.insert(seats), [
            {"match_id": row.id, "seat": n, "kind": k["kind"], "agent": k.get("agent"), "token_digest": digests[n],
             "claimed": bool(claimed[n]) or k["kind"] == "reserved", "resigned": False}
            for n, k in enumerate(kinds)])
        bind.execute(sa.text("UPDATE matches SET updated = :created, bot_turn = :bot WHERE id = :id"),
                     {"created": row.created, "bot": has_bot and not row.finished, "id": row.id})
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("seat_kinds")
        batch.drop_column("token_digests")
        batch.drop_column("claimed")


def downgrade() -> None:
    """Not supported: seats and chat would be lost."""
    raise NotImplementedError("downgrading below 0002 would lose seats and chat")
