"""Deal reviews: the strong player's finished review of a deal, kept with its room.

A review is no part of a room's log: it changes no version and no record, and any instance
may make one for any room, so it has a table of its own. It is written once, when it is
done, keyed by the room, the match and the deal; a second review of the same deal (two
instances that made one at once) leaves the first in place.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-14
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "deal_reviews",
        sa.Column(
            "room_code",
            sa.String(32),
            sa.ForeignKey("rooms.code", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("match_number", sa.Integer, primary_key=True),
        sa.Column("deal_number", sa.Integer, primary_key=True),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("deal_reviews")
