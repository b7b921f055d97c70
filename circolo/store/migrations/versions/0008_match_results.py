"""Each match's result (a table holds one per match: rematches too), for the records. The
matches of tables stored before are filled in from their logs by ``circolo admin
record-matches`` (a migration does not replay logs: the store never imports the table).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``match_results`` and ``match_seats``."""
    op.create_table(
        "match_results",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("match", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("private", sa.Boolean(), nullable=False),
        sa.Column("finished_at", sa.Double(), nullable=False),
        sa.Column("reason", sa.String(32), nullable=False),
        sa.Column("totals", sa.JSON(), nullable=False),
        sa.Column("winner", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.table_id"],
            name="fk_match_results_table_id_tables",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "match", name="pk_match_results"),
    )
    op.create_table(
        "match_seats",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("match", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("player_id", sa.String(64), nullable=True),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "match", "seat", name="pk_match_seats"),
    )
    op.create_index("ix_match_seats_player", "match_seats", ["player_id"])


def downgrade() -> None:
    """Drop ``match_seats`` and ``match_results``."""
    op.drop_index("ix_match_seats_player", table_name="match_seats")
    op.drop_table("match_seats")
    op.drop_table("match_results")
