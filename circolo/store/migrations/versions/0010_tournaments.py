"""Tournaments: each one's row, its log, the tables of its matches, and who took part.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None


def _to_tournament(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["tournament_id"],
        ["tournaments.tournament_id"],
        name=f"fk_{table}_tournament_id_tournaments",
        ondelete="CASCADE",
    )


def upgrade() -> None:
    """Add ``tournaments``, ``tournament_log``, ``tournament_tables``, ``tournament_players``."""
    op.create_table(
        "tournaments",
        sa.Column("tournament_id", sa.String(64), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("summary", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", name="pk_tournaments"),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_log",
        sa.Column("tournament_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("entry", sa.JSON(), nullable=False),
        sa.Column("at", sa.Double(), nullable=False),
        _to_tournament("tournament_log"),
        sa.PrimaryKeyConstraint("tournament_id", "seq", name="pk_tournament_log"),
    )
    op.create_table(
        "tournament_tables",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("tournament_id", sa.String(64), nullable=False),
        sa.Column("match", sa.String(32), nullable=False),
        _to_tournament("tournament_tables"),
        sa.PrimaryKeyConstraint("table_id", name="pk_tournament_tables"),
    )
    op.create_index("ix_tournament_tables_tournament_id", "tournament_tables", ["tournament_id"])
    op.create_table(
        "tournament_players",
        sa.Column("tournament_id", sa.String(64), nullable=False),
        sa.Column("player_id", sa.String(64), nullable=False),
        _to_tournament("tournament_players"),
        sa.PrimaryKeyConstraint("tournament_id", "player_id", name="pk_tournament_players"),
    )
    op.create_index("ix_tournament_players_player_id", "tournament_players", ["player_id"])


def downgrade() -> None:
    """Drop the four tournament tables."""
    op.drop_index("ix_tournament_players_player_id", table_name="tournament_players")
    op.drop_table("tournament_players")
    op.drop_index("ix_tournament_tables_tournament_id", table_name="tournament_tables")
    op.drop_table("tournament_tables")
    op.drop_table("tournament_log")
    op.drop_index("ix_tournaments_status", table_name="tournaments")
    op.drop_table("tournaments")
