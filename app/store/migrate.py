"""Apply Alembic migrations from code: the only way Kortbord's tables are created."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
MIGRATION_LOCK = 0x6B6F7274  # "kort": the advisory lock that serialises upgrades


def alembic_config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    _migrate(engine, lambda config: command.upgrade(config, revision))


def downgrade(engine: Engine, revision: str = "base") -> None:
    _migrate(engine, lambda config: command.downgrade(config, revision))


def _migrate(engine: Engine, run: Callable[[Config], None]) -> None:
    """Run migrations on one connection, in one transaction.

    SQLite alters a table by building a new one and dropping the old (Alembic's batch
    mode), and with foreign keys enforced, dropping ``rooms`` would delete every event,
    seat and match that refers to it. Enforcement is therefore off while migrations run,
    and the keys are checked once they are done: a migration that broke them fails."""
    config = alembic_config(engine)
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if sqlite:
            # takes effect only outside a transaction: commit the one SQLAlchemy began
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        try:
            with connection.begin():
                if engine.dialect.name == "postgresql":
                    # Instances started together all upgrade on start: one at a time, and
                    # each after the first finds nothing left to do.
                    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
                config.attributes["connection"] = connection
                run(config)
                if sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
                    if broken:
                        raise RuntimeError(f"the migration broke foreign keys: {broken[:5]}")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()


def current(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
