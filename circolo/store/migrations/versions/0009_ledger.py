"""The chip ledger: movements, their entries (append-only) and each account's balance.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None

APPEND_ONLY = ("ledger_entries", "chip_transactions")
"""Tables the database itself refuses to change or delete rows of."""


def upgrade() -> None:
    """Add ``chip_transactions``, ``ledger_entries``, ``chip_balances``; forbid UPDATE and
    DELETE on the first two."""
    op.create_table(
        "chip_transactions",
        sa.Column("tx_id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("key", sa.String(128), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("reference", sa.String(64), nullable=True),
        sa.Column("at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("tx_id", name="pk_chip_transactions"),
        sa.UniqueConstraint("key", name="uq_chip_transactions_key"),
    )
    op.create_table(
        "ledger_entries",
        sa.Column("entry_id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("tx_id", sa.Integer(), nullable=False),
        sa.Column("account", sa.String(80), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("balance", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tx_id"], ["chip_transactions.tx_id"], name="fk_ledger_entries_tx_id_chip_transactions"
        ),
        sa.PrimaryKeyConstraint("entry_id", name="pk_ledger_entries"),
    )
    op.create_index("ix_ledger_entries_tx_id", "ledger_entries", ["tx_id"])
    op.create_index("ix_ledger_entries_account", "ledger_entries", ["account", "entry_id"])
    op.create_table(
        "chip_balances",
        sa.Column("account", sa.String(80), nullable=False),
        sa.Column("balance", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("account", name="pk_chip_balances"),
    )
    if op.get_context().dialect.name == "postgresql":
        op.execute(
            "CREATE FUNCTION circolo_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ "
            "BEGIN RAISE EXCEPTION 'the chip ledger is append-only: % on %', TG_OP, "
            "TG_TABLE_NAME; END $$"
        )
        for table in APPEND_ONLY:
            op.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION circolo_append_only()"
            )
    else:
        for table in APPEND_ONLY:
            for what in ("UPDATE", "DELETE"):
                op.execute(
                    f"CREATE TRIGGER {table}_no_{what.lower()} BEFORE {what} ON {table} "
                    f"BEGIN SELECT RAISE(ABORT, 'the chip ledger is append-only'); END"
                )


def downgrade() -> None:
    """Drop the ledger's tables (their triggers go with them) and the trigger function."""
    op.drop_table("chip_balances")
    op.drop_index("ix_ledger_entries_account", table_name="ledger_entries")
    op.drop_index("ix_ledger_entries_tx_id", table_name="ledger_entries")
    op.drop_table("ledger_entries")
    op.drop_table("chip_transactions")
    if op.get_context().dialect.name == "postgresql":
        op.execute("DROP FUNCTION circolo_append_only()")
