"""Rooms, their event logs, seats, matches and scoresheet rows.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("code", sa.String(32), primary_key=True),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("host", sa.Integer, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "room_events",
        sa.Column(
            "room_code",
            sa.String(32),
            sa.ForeignKey("rooms.code", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column(
            "room_code",
            sa.String(32),
            sa.ForeignKey("rooms.code", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("nickname", sa.String(64), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("bot", sa.String(16), nullable=True),
    )
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "room_code",
            sa.String(32),
            sa.ForeignKey("rooms.code", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("first_dealer", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("deals_played", sa.Integer, nullable=False),
        sa.Column("totals", sa.JSON, nullable=False),
        sa.Column("winners", sa.JSON, nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("room_code", "number"),
    )
    op.create_index("ix_matches_room_code", "matches", ["room_code"])
    op.create_table(
        "deals",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "match_id",
            sa.Integer,
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("forehand", sa.Integer, nullable=False),
        sa.Column("contract", sa.String(8), nullable=False),
        sa.Column("trump", sa.String(1), nullable=True),
        sa.UniqueConstraint("match_id", "number"),
    )
    op.create_index("ix_deals_match_id", "deals", ["match_id"])
    op.create_table(
        "deal_seats",
        sa.Column(
            "deal_id",
            sa.Integer,
            sa.ForeignKey("deals.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("tricks", sa.Integer, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("deal_seats")
    op.drop_index("ix_deals_match_id", table_name="deals")
    op.drop_table("deals")
    op.drop_index("ix_matches_room_code", table_name="matches")
    op.drop_table("matches")
    op.drop_table("seats")
    op.drop_table("room_events")
    op.drop_table("rooms")
