"""The tables of the database (SQLAlchemy 2 declarative models).

Times are epoch seconds as floats (``Double``), the same clock the table runtime is given,
so they survive a restart and compare without time zones. JSON columns hold what the table
runtime produces; the plain ``JSON`` type keeps the text as written (no JSONB reordering).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Double,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    UniqueConstraint,
    text,
)
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


class Account(Base):
    """A player who registered: a guest upgraded in place (same ``player_id``, so its
    history stays). ``name_key`` (names.key) makes names that look alike one name; the
    password is kept only as an argon2id hash, and the e-mail is for the player alone."""

    __tablename__ = "accounts"

    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.player_id", ondelete="CASCADE"), primary_key=True
    )
    name_key: Mapped[str] = mapped_column(String(128), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    created_at: Mapped[float] = mapped_column(Double)
    password_changed_at: Mapped[float] = mapped_column(Double)
    settings: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The player's preferences (language, card faces, sounds...), as the page keeps them."""
    suspended_at: Mapped[float | None] = mapped_column(Double, nullable=True)
    """Set by ``circolo admin suspend``: no login, no table, until ``suspended_until``
    (None: until ``circolo admin unsuspend``)."""
    suspended_until: Mapped[float | None] = mapped_column(Double, nullable=True)
    suspended_reason: Mapped[str | None] = mapped_column(String(200), nullable=True)


class AuthSession(Base):
    """A logged-in browser: only the SHA-256 of its random id is kept (a copy of the
    database logs nobody in), with when it began, was last seen, and a short description
    of the browser for the player's list of sessions."""

    __tablename__ = "auth_sessions"

    session_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.player_id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[float] = mapped_column(Double)
    last_seen_at: Mapped[float] = mapped_column(Double)
    agent: Mapped[str] = mapped_column(String(64))


class GameTable(Base):
    """A card table: its config (JSON), status ("live", "finished"), result, for a
    private table its invite code (a column of its own: replays show the config), and its
    epoch: raised by each process that takes the table over, checked by fenced writes."""

    __tablename__ = "tables"

    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="live")
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[float] = mapped_column(Double)
    finished_at: Mapped[float | None] = mapped_column(Double, nullable=True)
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)
    epoch: Mapped[int] = mapped_column(Integer, server_default=text("0"))

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
    epoch: Mapped[int] = mapped_column(Integer, server_default=text("0"))
    """The writer's epoch (``tables.epoch`` when it wrote; 0 in one process)."""


class WaitingTable(Base):
    """A table created in the lobby and not yet started (the server's own JSON of it):
    kept so that it survives a restart; removed once it starts or is abandoned."""

    __tablename__ = "waiting_tables"

    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Double)


class Rating(Base):
    """A player's rating in one game and mode (``circolo.ratings``); ``shown`` is the
    figure players see, kept as a column so the leaderboard is an index scan."""

    __tablename__ = "ratings"

    player_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mode: Mapped[str] = mapped_column(String(8), primary_key=True)
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    shown: Mapped[int] = mapped_column(Integer)
    matches: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Double)

    __table_args__ = (Index("ix_ratings_board", "game", "mode", "shown"),)


class RatingChange(Base):
    """One player's rating before and after one rated match: the rating's history, and
    what keeps a match from being rated twice."""

    __tablename__ = "rating_changes"

    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    match: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    player_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    mode: Mapped[str] = mapped_column(String(8))
    side: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    mu_before: Mapped[float] = mapped_column(Double)
    sigma_before: Mapped[float] = mapped_column(Double)
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    at: Mapped[float] = mapped_column(Double)

    __table_args__ = (Index("ix_rating_changes_player", "player_id", "game", "mode", "at"),)


class Conduct(Base):
    """How a person's match ended for fair play: "finished" or "abandoned"."""

    __tablename__ = "conduct"

    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    match: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    player_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    at: Mapped[float] = mapped_column(Double)

    __table_args__ = (Index("ix_conduct_player", "player_id", "at"),)


class MatchResultRow(Base):
    """How one match of a table ended (a table holds one per match: rematches too); what
    the records count. ``(table_id, match)`` is the key: a match is kept once."""

    __tablename__ = "match_results"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.table_id", ondelete="CASCADE"), primary_key=True
    )
    match: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    game: Mapped[str] = mapped_column(String(32))
    mode: Mapped[str] = mapped_column(String(8))
    private: Mapped[bool] = mapped_column(Boolean)
    finished_at: Mapped[float] = mapped_column(Double)
    reason: Mapped[str] = mapped_column(String(32))
    totals: Mapped[list[int]] = mapped_column(JSON)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)


class MatchSeat(Base):
    """Who sat at each seat of one match, on which side (``player_id`` null: a bot)."""

    __tablename__ = "match_seats"

    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    match: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    player_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    side: Mapped[int] = mapped_column(Integer)

    __table_args__ = (Index("ix_match_seats_player", "player_id"),)


class Mute(Base):
    """``player_id`` reads no chat line of ``muted_id`` (``name``: what it was called
    when muted, for the list). Guests and accounts alike: both are a ``player_id``."""

    __tablename__ = "mutes"

    player_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    muted_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    at: Mapped[float] = mapped_column(Double)


class Report(Base):
    """A seated player's report of a table (its log stays in ``table_events``, so the
    match is reviewed with it); one per player per table; ``closed_at`` once reviewed."""

    __tablename__ = "reports"

    report_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.table_id", ondelete="CASCADE"))
    reporter_id: Mapped[str] = mapped_column(String(64))
    reason: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(String(500))
    at: Mapped[float] = mapped_column(Double)
    closed_at: Mapped[float | None] = mapped_column(Double, nullable=True)

    __table_args__ = (
        UniqueConstraint("table_id", "reporter_id", name="uq_reports_table_reporter"),
        Index("ix_reports_open", "closed_at", "at"),
        Index("ix_reports_reporter", "reporter_id", "at"),
    )


class ChipTransaction(Base):
    """One movement of chips (``circolo.chips``): its kind, its idempotency key (unique:
    a retried movement is found, never made twice), what it is about, when."""

    __tablename__ = "chip_transactions"

    tx_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(128), unique=True)
    kind: Mapped[str] = mapped_column(String(16))
    reference: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[float] = mapped_column(Double)


class LedgerEntry(Base):
    """One line of a chip movement: ``amount`` into ``account`` (negative: out of it), and
    the account's balance after it. Append-only: the database refuses an UPDATE or a DELETE
    (triggers of migration 0008), and the store has no code that would try."""

    __tablename__ = "ledger_entries"

    entry_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tx_id: Mapped[int] = mapped_column(ForeignKey("chip_transactions.tx_id"), index=True)
    account: Mapped[str] = mapped_column(String(80))
    amount: Mapped[int] = mapped_column(BigInteger)
    balance: Mapped[int] = mapped_column(BigInteger)

    __table_args__ = (Index("ix_ledger_entries_account", "account", "entry_id"),)


class ChipBalance(Base):
    """An account's chips now, kept in the same transaction as its entries (their sum:
    ``circolo admin ledger-verify`` checks it)."""

    __tablename__ = "chip_balances"

    account: Mapped[str] = mapped_column(String(80), primary_key=True)
    balance: Mapped[int] = mapped_column(BigInteger)


class TournamentRow(Base):
    """A tournament: its published config (JSON), status ("registering", "drawing",
    "running", "finished", "cancelled") and ``summary``, what a listing shows (written
    by the server with each log entry, so a listing never replays a log)."""

    __tablename__ = "tournaments"

    tournament_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    summary: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Double)


class TournamentLogEntry(Base):
    """One entry of a tournament's log (``{"at", "command"}``); ``(tournament_id, seq)``
    is the primary key, hence unique."""

    __tablename__ = "tournament_log"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.tournament_id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[float] = mapped_column(Double)


class TournamentTable(Base):
    """The table a tournament's match is played at (``match``: ``round.slot.attempt``).
    No key to ``tables``: the link may be written before the table is."""

    __tablename__ = "tournament_tables"

    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.tournament_id", ondelete="CASCADE"), index=True
    )
    match: Mapped[str] = mapped_column(String(32))


class TournamentPlayer(Base):
    """Who took part in a tournament (for a player's list of tournaments)."""

    __tablename__ = "tournament_players"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.tournament_id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)


__all__ = [
    "Account",
    "AuthSession",
    "Base",
    "ChipBalance",
    "ChipTransaction",
    "Conduct",
    "GameTable",
    "LedgerEntry",
    "Mute",
    "Player",
    "Rating",
    "RatingChange",
    "Report",
    "Revocation",
    "TableEvent",
    "TablePlayer",
    "TournamentLogEntry",
    "TournamentPlayer",
    "TournamentRow",
    "TournamentTable",
    "WaitingTable",
]
