"""A private table's invite code kept with the table once it starts, so that its invite
links still work after a restart. Tables started before have none: their players alone
find them again, as before.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``tables.invite``."""
    op.add_column("tables", sa.Column("invite", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop ``tables.invite`` in place (SQLite 3.35+): a batch copy of ``tables`` would
    drop the table, and that would cascade to every log."""
    op.drop_column("tables", "invite")
