"""Database engines for the embedded SQLite default and for PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

IDLE_IN_TRANSACTION_MS = 5000


def make_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    # A transaction left open by an instance that froze (paused, cut off) would hold its
    # rooms' rows locked, and no other instance could take them over: PostgreSQL ends such
    # a session once it has idled that long inside a transaction. Kortbord's own transactions
    # send their statements back to back and never idle.
    options = f"-c idle_in_transaction_session_timeout={IDLE_IN_TRANSACTION_MS}"
    return create_engine(
        url, pool_pre_ping=True, pool_size=5, max_overflow=5, connect_args={"options": options}
    )


def _sqlite_pragmas(connection: Any, _record: object) -> None:
    cursor = connection.cursor()
    # WAL lets readers load rooms while the writer commits; synchronous=FULL makes each
    # commit survive not just a killed process but a lost machine.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
