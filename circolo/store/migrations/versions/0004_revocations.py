"""Revoked guest tokens: for each guest, the time before which its tokens are void.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``revocations``."""
    op.create_table(
        "revocations",
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("tokens_valid_after", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("player_id", name="pk_revocations"),
    )
    op.create_index("ix_revocations_tokens_valid_after", "revocations", ["tokens_valid_after"])


def downgrade() -> None:
    """Drop ``revocations``."""
    op.drop_index("ix_revocations_tokens_valid_after", table_name="revocations")
    op.drop_table("revocations")
