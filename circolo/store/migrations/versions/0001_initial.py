"""Players, tables, who sat where, and the table event log.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create the first schema."""
    op.create_table(
        "players",
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("last_seen_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("player_id", name="pk_players"),
    )
    op.create_table(
        "tables",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("finished_at", sa.Double(), nullable=True),
        sa.PrimaryKeyConstraint("table_id", name="pk_tables"),
    )
    op.create_index("ix_tables_status_created", "tables", ["status", "created_at"])
    op.create_table(
        "table_players",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.table_id"],
            name="fk_table_players_table_id_tables",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "player_id", name="pk_table_players"),
    )
    op.create_index("ix_table_players_player_id", "table_players", ["player_id"])
    op.create_table(
        "table_events",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("at", sa.Double(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.table_id"],
            name="fk_table_events_table_id_tables",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "seq", name="pk_table_events"),
    )


def downgrade() -> None:
    """Drop everything."""
    op.drop_table("table_events")
    op.drop_index("ix_table_players_player_id", table_name="table_players")
    op.drop_table("table_players")
    op.drop_index("ix_tables_status_created", table_name="tables")
    op.drop_table("tables")
    op.drop_table("players")
