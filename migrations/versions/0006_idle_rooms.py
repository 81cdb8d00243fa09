"""Idle rooms: what a room unloaded from memory keeps beyond its log.

A room nobody has been at for a while leaves its instance's memory and is loaded again from
its log by its next visitor. The log holds everything a player acts on; what it does not
hold is when each player went away, which the stand-in and the host's role count from. That
goes here when the room is unloaded, and is cleared when the room is loaded again.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("idle_kept", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("idle_kept")
