"""Databases for tests: a fresh SQLite file, or a fresh PostgreSQL database per use.

PostgreSQL comes from ``KORTBORD_TEST_DATABASE_URL`` (CI sets it) or the local default
server. Without one, PostgreSQL tests skip on a developer's machine and fail in CI, where
a missing database would otherwise pass silently.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
BACKENDS = ("sqlite", "postgresql")


def postgres_base_url() -> str:
    return os.environ.get("KORTBORD_TEST_DATABASE_URL") or DEFAULT_POSTGRES


def require_postgres() -> str:
    url = postgres_base_url()
    try:
        engine = create_engine(url, isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.execute(text("select 1"))
        engine.dispose()
    except Exception as error:
        message = f"PostgreSQL is not reachable at {url}: {error}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return url


@contextmanager
def fresh_postgres() -> Iterator[str]:
    """A new, empty database on the test server, dropped afterwards."""
    base = require_postgres()
    name = f"kortbord_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@contextmanager
def fresh_database(backend: str, directory: Path) -> Iterator[str]:
    if backend == "sqlite":
        yield f"sqlite:///{directory / 'kortbord.db'}"
    else:
        with fresh_postgres() as url:
            yield url
