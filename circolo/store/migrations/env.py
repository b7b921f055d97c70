"""Alembic environment: always online, on the connection the store hands over."""

from __future__ import annotations

from alembic import context

from circolo.store.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("circolo migrations run from circolo.store.migrate, with a connection")
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
