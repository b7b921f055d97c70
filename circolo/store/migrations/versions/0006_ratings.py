"""Ratings per player, game and mode, each rated match's change (their history), and
each person's conduct in each match (fair play).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``ratings``, ``rating_changes`` and ``conduct``."""
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("shown", sa.Integer(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("player_id", "game", "mode", name="pk_ratings"),
    )
    op.create_index("ix_ratings_board", "ratings", ["game", "mode", "shown"])
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("match", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("mu_before", sa.Double(), nullable=False),
        sa.Column("sigma_before", sa.Double(), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "match", "player_id", name="pk_rating_changes"),
    )
    op.create_index(
        "ix_rating_changes_player", "rating_changes", ["player_id", "game", "mode", "at"]
    )
    op.create_table(
        "conduct",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("match", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "match", "player_id", name="pk_conduct"),
    )
    op.create_index("ix_conduct_player", "conduct", ["player_id", "at"])


def downgrade() -> None:
    """Drop ``conduct``, ``rating_changes`` and ``ratings``."""
    op.drop_index("ix_conduct_player", table_name="conduct")
    op.drop_table("conduct")
    op.drop_index("ix_rating_changes_player", table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_board", table_name="ratings")
    op.drop_table("ratings")
