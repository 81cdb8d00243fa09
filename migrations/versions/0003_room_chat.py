"""A room's chat: its lines, kept with the room and apart from its event log.

A chat line is not part of any game: it changes no room version and no record, so it has a
table of its own rather than events in the log that rebuilds the room.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_lines",
        sa.Column(
            "room_code",
            sa.String(32),
            sa.ForeignKey("rooms.code", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("sent_at", sa.BigInteger, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("watcher", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=True),
        sa.Column("reaction", sa.String(32), nullable=True),
        sa.Column("audience", sa.String(16), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_lines")
