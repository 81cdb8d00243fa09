"""Room leases: which server instance owns each room, under which epoch, until when.

Several instances may serve one PostgreSQL database. Each room is owned by one of them at a
time: the owner renews its lease with the database's clock, and every append it makes checks
owner and epoch beside the version, so an instance that lost a room can never write to it
again. A room nobody owns (a new one, or one released) has no owner.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("owner_epoch", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("lease_until")
        batch.drop_column("owner_epoch")
        batch.drop_column("owner")
