"""Accounts (a guest upgraded in place) and their server-side login sessions.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``accounts`` and ``auth_sessions``."""
    op.create_table(
        "accounts",
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(128), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("password_changed_at", sa.Double(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.player_id"],
            name="fk_accounts_player_id_players",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("player_id", name="pk_accounts"),
        sa.UniqueConstraint("name_key", name="uq_accounts_name_key"),
    )
    op.create_table(
        "auth_sessions",
        sa.Column("session_hash", sa.String(64), nullable=False),
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("last_seen_at", sa.Double(), nullable=False),
        sa.Column("agent", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["accounts.player_id"],
            name="fk_auth_sessions_player_id_accounts",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_hash", name="pk_auth_sessions"),
    )
    op.create_index("ix_auth_sessions_player_id", "auth_sessions", ["player_id"])


def downgrade() -> None:
    """Drop ``auth_sessions`` and ``accounts``."""
    op.drop_index("ix_auth_sessions_player_id", table_name="auth_sessions")
    op.drop_table("auth_sessions")
    op.drop_table("accounts")
