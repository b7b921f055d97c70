"""Each table's epoch: raised by every process that takes the table over, so the store
can refuse the writes of an owner that lost it (fencing, for several processes); and each
log entry's, the epoch of the process that wrote it (one writer at a time shows in the
log: along a table's entries the epochs only increase).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``tables.epoch`` and ``table_events.epoch`` (0 for the rows already there)."""
    for name in ("tables", "table_events"):
        op.add_column(
            name, sa.Column("epoch", sa.Integer(), nullable=False, server_default=sa.text("0"))
        )


def downgrade() -> None:
    """Drop both in place (SQLite 3.35+): a batch copy of ``tables`` would
    drop the table, and that would cascade to every log."""
    op.drop_column("table_events", "epoch")
    op.drop_column("tables", "epoch")
