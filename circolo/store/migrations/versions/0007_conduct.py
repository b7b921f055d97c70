"""Chat mutes, players' reports of tables, and accounts' suspensions (fair play).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``mutes``, ``reports`` and the accounts' suspension columns."""
    op.create_table(
        "mutes",
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("muted_id", sa.String(64), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("player_id", "muted_id", name="pk_mutes"),
    )
    op.create_table(
        "reports",
        sa.Column("report_id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("reporter_id", sa.String(64), nullable=False),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("at", sa.Double(), nullable=False),
        sa.Column("closed_at", sa.Double(), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.table_id"],
            name="fk_reports_table_id_tables",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("report_id", name="pk_reports"),
        sa.UniqueConstraint("table_id", "reporter_id", name="uq_reports_table_reporter"),
    )
    op.create_index("ix_reports_open", "reports", ["closed_at", "at"])
    op.create_index("ix_reports_reporter", "reports", ["reporter_id", "at"])
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("suspended_at", sa.Double(), nullable=True))
        batch.add_column(sa.Column("suspended_until", sa.Double(), nullable=True))
        batch.add_column(sa.Column("suspended_reason", sa.String(200), nullable=True))


def downgrade() -> None:
    """Drop the suspension columns, ``reports`` and ``mutes``."""
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("suspended_reason")
        batch.drop_column("suspended_until")
        batch.drop_column("suspended_at")
    op.drop_index("ix_reports_reporter", table_name="reports")
    op.drop_index("ix_reports_open", table_name="reports")
    op.drop_table("reports")
    op.drop_table("mutes")
