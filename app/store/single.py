"""SQLite serves one instance: a second server on the same database file is refused.

Several instances share a PostgreSQL database, each owning its rooms by lease. SQLite has
no leases, so two servers on one file would both believe they own every room; the first
to start holds a lock beside the file for as long as it runs, and a second one stops at
start with a message saying why.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from sqlalchemy.engine import make_url


class SecondInstance(RuntimeError):
    pass


class SingleInstance:
    """Holds the lock of one SQLite database file until :meth:`release`."""

    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + ".instance-lock")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd: int | None = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self._fd)
            self._fd = None
            raise SecondInstance(
                f"another Kortbord server is already serving {database}. An SQLite database "
                "serves one instance; to run several, give them a PostgreSQL database "
                "(DATABASE_URL) and see docs/hosting.md, 'Several instances'."
            ) from None

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor releases the lock
            self._fd = None


def hold_database(url: str) -> SingleInstance | None:
    """The lock of ``url``'s SQLite file; ``None`` for a database several instances may
    share, or one only this process can see."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return SingleInstance(Path(parsed.database).resolve())
