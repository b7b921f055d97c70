"""Alembic, run from code: the migration scripts live in ``migrations/`` inside the package."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection

SCRIPTS = Path(__file__).resolve().parent / "migrations"
LOCK_KEY = 0x43495243  # "CIRC": PostgreSQL advisory lock held while migrating


def config(connection: Connection | None = None) -> Config:
    """An Alembic config with no ini file: the script location is set here."""
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def upgrade(connection: Connection) -> None:
    """Bring the schema to the newest revision, inside the caller's transaction.

    On PostgreSQL an advisory lock makes processes starting together migrate one at a time.
    """
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({LOCK_KEY})")
    command.upgrade(config(connection), "head")


def current(connection: Connection) -> str | None:
    """The schema's revision, or None for an empty database."""
    return MigrationContext.configure(connection).get_current_revision()


def head() -> str | None:
    """The newest revision among the scripts."""
    return ScriptDirectory.from_config(config()).get_current_head()
