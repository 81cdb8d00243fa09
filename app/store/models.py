"""SQLAlchemy models. Tables are created by the migrations in migrations/ only."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class Room(Base):
    __tablename__ = "rooms"

    code: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, object] | None] = mapped_column(JSON)
    """The options that differ from the game's defaults; ``None`` when none do."""
    size: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    host: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    owner: Mapped[str | None] = mapped_column(String(64))
    """The server instance that owns the room, if one does (several instances share a
    PostgreSQL database; see app/store/leases.py)."""
    owner_epoch: Mapped[int] = mapped_column(Integer, server_default="0")
    """Counts the times the room was taken: an append names the epoch it was made under."""
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """Until when the owner's lease runs, by the database's clock."""
    idle_kept: Mapped[str | None] = mapped_column(Text)
    """What a room unloaded while idle keeps beyond its log (JSON: when each player went
    away), until it is loaded again; ``None`` for a room in memory or never unloaded."""


class RoomEvent(Base):
    """The append-only log: a room is the replay of its events in ``seq`` order."""

    __tablename__ = "room_events"

    room_code: Mapped[str] = mapped_column(
        String(32), ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    data: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Seat(Base):
    __tablename__ = "seats"

    room_code: Mapped[str] = mapped_column(
        String(32), ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    nickname: Mapped[str] = mapped_column(String(64))
    secret_hash: Mapped[str] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(16))


class Match(Base):
    __tablename__ = "matches"
    __table_args__ = (UniqueConstraint("room_code", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_code: Mapped[str] = mapped_column(
        String(32), ForeignKey("rooms.code", ondelete="CASCADE"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)
    players: Mapped[list[str]] = mapped_column(JSON)
    first_dealer: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    deals_played: Mapped[int] = mapped_column(Integer)
    totals: Mapped[list[int]] = mapped_column(JSON)
    winners: Mapped[list[int] | None] = mapped_column(JSON)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Deal(Base):
    """A scoresheet row: one finished deal of a match."""

    __tablename__ = "deals"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("matches.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)
    dealer: Mapped[int] = mapped_column(Integer)
    detail: Mapped[dict[str, object]] = mapped_column(JSON)
    """The game's own account of the deal (Bismarck: forehand, contract, trump, tricks)."""


class DealSeat(Base):
    """The score of one seat in one deal; no row for a seat that took no part."""

    __tablename__ = "deal_seats"

    deal_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("deals.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    score: Mapped[int] = mapped_column(Integer)


class ChatLine(Base):
    """A room's chat, kept with the room but apart from its log: no line is part of the
    game, its version or its records."""

    __tablename__ = "chat_lines"

    room_code: Mapped[str] = mapped_column(
        String(32), ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    sent_at: Mapped[int] = mapped_column(BigInteger)
    """Milliseconds since the epoch, as the clients are told."""
    seat: Mapped[int | None] = mapped_column(Integer)
    watcher: Mapped[int | None] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str | None] = mapped_column(Text)
    reaction: Mapped[str | None] = mapped_column(String(32))
    audience: Mapped[str] = mapped_column(String(16))


class DealReview(Base):
    """The strong player's finished review of a deal (``app/tables/review.py``): kept with
    the room, apart from its log, written once."""

    __tablename__ = "deal_reviews"

    room_code: Mapped[str] = mapped_column(
        String(32), ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True
    )
    match_number: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal_number: Mapped[int] = mapped_column(Integer, primary_key=True)
    body: Mapped[str] = mapped_column(Text)
    """The review as the API gives it, JSON."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
