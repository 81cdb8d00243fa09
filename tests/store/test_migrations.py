"""The Alembic migrations are the only way tables come to be, so they must build exactly the
tables the models describe, tear them down again, and do both through the real CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, MetaData, inspect

from app.store.engine import make_engine
from app.store.migrate import current, downgrade, upgrade
from app.store.models import Base
from support.databases import fresh_database
from support.server import REPO_ROOT

HEAD = "0001"
VERSION_TABLE = "alembic_version"


@pytest.fixture
def engine(backend: str, tmp_path: Path) -> Iterator[Engine]:
    with fresh_database(backend, tmp_path) as url:
        engine = make_engine(url)
        try:
            yield engine
        finally:
            engine.dispose()


def table_names(engine: Engine) -> set[str]:
    return set(inspect(engine).get_table_names())


def schema_drift(engine: Engine, metadata: MetaData) -> list[Any]:
    with engine.connect() as conn:
        context = MigrationContext.configure(
            conn, opts={"compare_type": True, "compare_server_default": True}
        )
        diffs: list[Any] = compare_metadata(context, metadata)
        return diffs


def test_upgrade_from_empty_creates_exactly_the_model_tables(engine: Engine) -> None:
    assert table_names(engine) == set()
    assert current(engine) is None

    upgrade(engine)

    assert current(engine) == HEAD
    assert table_names(engine) == set(Base.metadata.tables) | {VERSION_TABLE}
    inspector = inspect(engine)
    for name, table in Base.metadata.tables.items():
        columns = {c["name"]: c for c in inspector.get_columns(name)}
        assert set(columns) == {c.name for c in table.columns}, name
        for column in table.columns:
            assert columns[column.name]["nullable"] == column.nullable, f"{name}.{column.name}"
        primary = inspector.get_pk_constraint(name)["constrained_columns"]
        assert sorted(primary) == sorted(c.name for c in table.primary_key.columns), name
        foreign = {
            (tuple(fk["constrained_columns"]), fk["referred_table"])
            for fk in inspector.get_foreign_keys(name)
        }
        assert foreign == {
            (tuple(c.name for c in fk.columns), fk.referred_table.name)
            for fk in table.foreign_key_constraints
        }, name


def test_migrated_schema_matches_the_models_per_autogenerate(engine: Engine) -> None:
    upgrade(engine)

    assert schema_drift(engine, Base.metadata) == []


def test_autogenerate_comparison_notices_a_nullability_drift(engine: Engine) -> None:
    # Without this, an empty diff above could mean the comparison looks at nothing.
    upgrade(engine)
    drifted = MetaData()
    for table in Base.metadata.sorted_tables:
        table.to_metadata(drifted)
    drifted.tables["rooms"].c.host.nullable = False

    diffs = schema_drift(engine, drifted)

    assert len(diffs) == 1
    assert diffs[0][0][0] == "modify_nullable"


def test_downgrade_to_base_removes_every_table_and_upgrade_works_again(engine: Engine) -> None:
    upgrade(engine)
    downgrade(engine)

    assert table_names(engine) <= {VERSION_TABLE}
    assert current(engine) is None

    upgrade(engine)

    assert current(engine) == HEAD
    assert table_names(engine) == set(Base.metadata.tables) | {VERSION_TABLE}
    assert schema_drift(engine, Base.metadata) == []


def test_upgrade_twice_is_a_no_op(engine: Engine) -> None:
    # Every server start upgrades; a second run must not try to create the tables again.
    upgrade(engine)
    upgrade(engine)

    assert current(engine) == HEAD
    assert schema_drift(engine, Base.metadata) == []


def kortbord_migrate(url: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["DATABASE_URL"] = url
    env["KORTBORD_DATA_DIR"] = str(tmp_path / "unused-data")
    return subprocess.run(
        [sys.executable, "-m", "app", "migrate", *args],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_cli_upgrade_current_downgrade(backend: str, tmp_path: Path) -> None:
    with fresh_database(backend, tmp_path) as url:
        engine = make_engine(url)
        try:
            done = kortbord_migrate(url, tmp_path, "current")
            assert done.returncode == 0, done.stderr
            assert "schema revision: none" in done.stdout

            done = kortbord_migrate(url, tmp_path, "upgrade")
            assert done.returncode == 0, done.stderr
            assert f"schema revision: {HEAD}" in done.stdout
            assert table_names(engine) == set(Base.metadata.tables) | {VERSION_TABLE}
            assert schema_drift(engine, Base.metadata) == []

            done = kortbord_migrate(url, tmp_path, "current")
            assert done.returncode == 0, done.stderr
            assert f"schema revision: {HEAD}" in done.stdout

            done = kortbord_migrate(url, tmp_path, "downgrade")
            assert done.returncode == 0, done.stderr
            assert "schema revision: none" in done.stdout
            assert table_names(engine) <= {VERSION_TABLE}

            done = kortbord_migrate(url, tmp_path, "upgrade", HEAD)
            assert done.returncode == 0, done.stderr
            assert f"schema revision: {HEAD}" in done.stdout
            assert current(engine) == HEAD
        finally:
            engine.dispose()
