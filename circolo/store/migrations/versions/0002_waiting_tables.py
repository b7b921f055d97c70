"""Tables waiting in the lobby (created, not yet started), so they survive a restart.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``waiting_tables``."""
    op.create_table(
        "waiting_tables",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", name="pk_waiting_tables"),
    )


def downgrade() -> None:
    """Drop ``waiting_tables``."""
    op.drop_table("waiting_tables")
