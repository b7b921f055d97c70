"""The tables of the database (SQLAlchemy 2 declarative models).

Times are epoch seconds as floats (``Double``), the same clock the table runtime is given,
so they survive a restart and compare without time zones. JSON columns hold what the table
runtime produces; the plain ``JSON`` type keeps the text as written (no JSONB reordering).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Double, ForeignKey, Index, MetaData, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with constraint names fixed, so migrations can refer to them."""

    metadata = MetaData(naming_convention=NAMING)


class Player(Base):
    """A player identity: a guest now, an account later (upgraded in place)."""

    __tablename__ = "players"

    player_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16), default="guest")
    created_at: Mapped[float] = mapped_column(Double)
    last_seen_at: Mapped[float] = mapped_column(Double)


class Revocation(Base):
    """Every guest token of ``player_id`` signed before ``tokens_valid_after`` is void
    (``circolo revoke``): a stolen token stops working, on every process, after restarts."""

    __tablename__ = "revocations"

    player_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    tokens_valid_after: Mapped[float] = mapped_column(Double, index=True)


class GameTable(Base):
    """A card table: its config (JSON), status ("live", "finished"), result, and for a
    private table its invite code (a column of its own: replays show the config)."""

    __tablename__ = "tables"

    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="live")
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[float] = mapped_column(Double)
    finished_at: Mapped[float | None] = mapped_column(Double, nullable=True)
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)

    __table_args__ = (Index("ix_tables_status_created", "status", "created_at"),)


class TablePlayer(Base):
    """Who sat at a table (for a player's history); the seats themselves live in the config."""

    __tablename__ = "table_players"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.table_id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)


class TableEvent(Base):
    """One log entry of a table; ``(table_id, seq)`` is the primary key, hence unique."""

    __tablename__ = "table_events"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.table_id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[float] = mapped_column(Double)


class WaitingTable(Base):
    """A table created in the lobby and not yet started (the server's own JSON of it):
    kept so that it survives a restart; removed once it starts or is abandoned."""

    __tablename__ = "waiting_tables"

    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Double)


__all__ = ["Base", "GameTable", "Player", "Revocation", "TableEvent", "TablePlayer", "WaitingTable"]
