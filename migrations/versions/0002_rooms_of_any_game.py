"""Rooms of any game: a room names its game and options, a deal row keeps the game's detail.

Until now every room was Bismarck and a scoresheet row had Bismarck's columns (forehand,
contract, trump; tricks per seat). A room now says which game it is for (existing rooms:
Bismarck) and which options differ from the defaults; a deal keeps its score per seat as a
typed column and everything else as the game's own detail, in JSON.

Downgrading is possible while every room is a Bismarck room; a database that holds rooms
of other games cannot be represented by the older schema, and the downgrade refuses.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_deals = sa.table(
    "deals",
    sa.column("id", sa.Integer),
    sa.column("forehand", sa.Integer),
    sa.column("contract", sa.String),
    sa.column("trump", sa.String),
    sa.column("detail", sa.JSON),
)
_deal_seats = sa.table(
    "deal_seats",
    sa.column("deal_id", sa.Integer),
    sa.column("seat", sa.Integer),
    sa.column("tricks", sa.Integer),
)
_matches = sa.table("matches", sa.column("id", sa.Integer), sa.column("players", sa.JSON))
_rooms = sa.table("rooms", sa.column("game", sa.String))


def _loaded(value: Any) -> Any:
    # A JSON column reads back decoded on either database; be lenient with text all the same.
    return json.loads(value) if isinstance(value, str) else value


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(
            sa.Column("game", sa.String(32), nullable=False, server_default="bismarck")
        )
        batch.add_column(sa.Column("options", sa.JSON, nullable=True))
    with op.batch_alter_table("rooms") as batch:
        # the default was for the rooms that existed; every new room names its game
        batch.alter_column("game", server_default=None)

    with op.batch_alter_table("deals") as batch:
        batch.add_column(sa.Column("detail", sa.JSON, nullable=True))
    bind = op.get_bind()
    sizes = {
        deal_id: len(_loaded(players))
        for deal_id, players in bind.execute(
            sa.text(
                "SELECT deals.id, matches.players FROM deals"
                " JOIN matches ON deals.match_id = matches.id"
            )
        )
    }
    tricks: dict[int, dict[int, int]] = {}
    for deal_id, seat, taken in bind.execute(
        sa.select(_deal_seats.c.deal_id, _deal_seats.c.seat, _deal_seats.c.tricks)
    ):
        tricks.setdefault(deal_id, {})[seat] = taken
    for deal_id, forehand, contract, trump in bind.execute(
        sa.select(_deals.c.id, _deals.c.forehand, _deals.c.contract, _deals.c.trump)
    ):
        taken_by = tricks.get(deal_id, {})
        detail = {
            "forehand": forehand,
            "contract": contract,
            "trump": trump,
            "tricks": [taken_by.get(seat) for seat in range(sizes[deal_id])],
        }
        bind.execute(sa.update(_deals).where(_deals.c.id == deal_id).values(detail=detail))
    with op.batch_alter_table("deals") as batch:
        batch.alter_column("detail", existing_type=sa.JSON, nullable=False)
        batch.drop_column("forehand")
        batch.drop_column("contract")
        batch.drop_column("trump")
    with op.batch_alter_table("deal_seats") as batch:
        batch.drop_column("tricks")


def downgrade() -> None:
    bind = op.get_bind()
    others = bind.execute(
        sa.select(sa.func.count()).select_from(_rooms).where(_rooms.c.game != "bismarck")
    ).scalar_one()
    if others:
        raise RuntimeError(
            f"{others} rooms are of games other than Bismarck; the schema before revision"
            " 0002 cannot hold them, so it is not downgraded"
        )
    with op.batch_alter_table("deal_seats") as batch:
        batch.add_column(sa.Column("tricks", sa.Integer, nullable=True))
    with op.batch_alter_table("deals") as batch:
        batch.add_column(sa.Column("forehand", sa.Integer, nullable=True))
        batch.add_column(sa.Column("contract", sa.String(8), nullable=True))
        batch.add_column(sa.Column("trump", sa.String(1), nullable=True))
    for deal_id, raw in bind.execute(sa.select(_deals.c.id, _deals.c.detail)).all():
        detail = _loaded(raw)
        bind.execute(
            sa.update(_deals)
            .where(_deals.c.id == deal_id)
            .values(forehand=detail["forehand"], contract=detail["contract"], trump=detail["trump"])
        )
        for seat, taken in enumerate(detail["tricks"]):
            if taken is not None:
                bind.execute(
                    sa.update(_deal_seats)
                    .where(_deal_seats.c.deal_id == deal_id, _deal_seats.c.seat == seat)
                    .values(tricks=taken)
                )
    with op.batch_alter_table("deal_seats") as batch:
        batch.alter_column("tricks", existing_type=sa.Integer, nullable=False)
    with op.batch_alter_table("deals") as batch:
        batch.alter_column("forehand", existing_type=sa.Integer, nullable=False)
        batch.alter_column("contract", existing_type=sa.String(8), nullable=False)
        batch.drop_column("detail")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("options")
        batch.drop_column("game")
