"""Plain values the store hands out, and the errors it raises."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from circolo.results import MatchResult

Json = dict[str, Any]
"""A JSON object as Python values (what ``json.loads`` gives)."""


class Entry(NamedTuple):
    """One line of a table's log: its sequence number, the JSON entry, when (epoch seconds)."""

    seq: int
    data: Json
    at: float


@dataclass(frozen=True)
class PlayerRecord:
    """A player: a guest for now (accounts upgrade a guest in place later)."""

    player_id: str
    name: str
    kind: str
    created_at: float
    last_seen_at: float


@dataclass(frozen=True)
class AccountRecord:
    """A registered player: its display name (the player's), the key names are compared
    by, the password's argon2id hash, the optional e-mail (the player's own use only)."""

    player_id: str
    name: str
    name_key: str
    password_hash: str
    email: str | None
    created_at: float
    password_changed_at: float
    settings: Json | None = None
    suspended_at: float | None = None
    suspended_until: float | None = None
    """None while suspended: until ``circolo admin unsuspend``."""
    suspended_reason: str | None = None

    def suspended(self, now: float) -> bool:
        """Is the account suspended at ``now``?"""
        return self.suspended_at is not None and (
            self.suspended_until is None or self.suspended_until > now
        )


@dataclass(frozen=True)
class MuteRecord:
    """A player whose chat lines one player does not read: as named when muted."""

    muted_id: str
    name: str
    at: float


@dataclass(frozen=True)
class ReportRecord:
    """A player's report of a table, with what reviewing it needs: the game, the
    reporter's name and the other players' names (``reported``)."""

    report_id: int
    table_id: str
    game: str
    reporter_id: str
    reporter: str
    reported: tuple[str, ...]
    reason: str
    text: str
    at: float
    closed_at: float | None


@dataclass(frozen=True)
class SessionRecord:
    """A logged-in browser: the hash of its id (never the id), its account, times, browser."""

    session_hash: str
    player_id: str
    created_at: float
    last_seen_at: float
    agent: str


@dataclass(frozen=True)
class TableRecord:
    """A table's row: its config, ``status`` ("live" or "finished"), result once finished,
    and a private table's ``invite`` code."""

    table_id: str
    game: str
    config: Json
    status: str
    result: Json | None
    created_at: float
    finished_at: float | None
    players: tuple[str, ...] = ()
    invite: str | None = None
    matches: tuple[MatchResult, ...] = ()
    """Each match ended at it, in order (read with the history's pages)."""


@dataclass(frozen=True)
class RatingRecord:
    """A player's rating in one game and mode, with their name (for leaderboards)."""

    player_id: str
    name: str
    game: str
    mode: str
    shown: int
    mu: float
    sigma: float
    matches: int
    wins: int
    updated_at: float


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating after one rated match (a point of their rating chart)."""

    table_id: str
    match: int
    at: float
    before: int
    shown: int
    won: bool


@dataclass(frozen=True, order=True)
class Tally:
    """How many of a player's matches (at finished tables) of one game and mode ("1v1",
    "2v2") ended ``outcome`` ("win", "loss" or "draw") for them; ``together``: the other
    player of a head-to-head was their partner there."""

    game: str
    mode: str
    outcome: str
    together: bool
    matches: int


@dataclass(frozen=True)
class TableLog:
    """A table with its whole log, in ``seq`` order: what a replay folds."""

    table: TableRecord
    entries: list[Entry] = field(default_factory=list)


TOURNAMENT_STATUSES = ("registering", "drawing", "running", "finished", "cancelled")
"""A stored tournament's ``status`` (the pure tournament's own, ``Tournament.status``)."""
TOURNAMENT_CLOSED = ("finished", "cancelled")
"""The statuses a tournament never leaves: :meth:`Store.open_tournaments` skips them."""


@dataclass(frozen=True)
class TournamentRecord:
    """A tournament's row: its published config (``TournamentConfig.to_json()``), its
    status, what a listing shows (``summary``, the server's), and its log in ``seq``
    order (only when loaded to be replayed; ``[]`` in listings)."""

    tournament_id: str
    name: str
    """May be "": the client then names it from the game and options."""
    config: Json
    status: str
    created_at: float
    summary: Json
    entries: list[Json]
    """Each ``{"at": float, "command": {...}}``, in order: what ``replay`` folds."""


class StoreError(Exception):
    """The store could not do what was asked (the database refused or is unreachable)."""


class DuplicateEntry(StoreError):
    """An appended ``seq`` already exists for that table: nothing of that append was stored."""


class UnknownTable(StoreError):
    """No table has that id."""


class Fenced(StoreError):
    """A write made with a table's epoch after another process claimed the table (a
    later epoch): the writer lost the table and must let go. Nothing of that write is
    stored."""


class TableExists(StoreError):
    """``create_table`` with an id already taken."""


class UnknownTournament(StoreError):
    """No tournament has that id."""


class TournamentExists(StoreError):
    """``create_tournament`` with an id already taken."""


class BadSeq(StoreError):
    """``append_tournament`` with a ``seq`` that is not the next one (taken, or a gap):
    nothing of that append was stored."""


class TableLinked(StoreError):
    """``link_tournament_table`` of a table linked to another match, or of a match that
    has another table: nothing was stored."""


class NameTaken(StoreError):
    """``create_account`` with a name (its key) another account holds."""


class AccountExists(StoreError):
    """``create_account`` for a player who has an account already."""


class ReportExists(StoreError):
    """``add_report`` by a player who reported that table already."""


@dataclass(frozen=True)
class LedgerLine:
    """One movement of one chip account, as its history shows it: the entry's id (a page's
    cursor), its movement's kind and reference, the amount, the balance after, when."""

    entry_id: int
    kind: str
    reference: str | None
    amount: int
    balance: int
    at: float


@dataclass(frozen=True)
class LedgerCheck:
    """What ``Store.verify_ledger`` found: counts, the sum of every entry (zero), and each
    problem: a stored balance that is not the sum of its entries ``(account, stored,
    summed)``, a movement whose entries do not sum to zero (its id), an account below zero
    that may not be ``(account, balance)``."""

    accounts: int
    transactions: int
    entries: int
    total: int
    mismatched: list[tuple[str, int, int]]
    unbalanced: list[int]
    negative: list[tuple[str, int]]

    @property
    def ok(self) -> bool:
        """Is the ledger whole?"""
        return self.total == 0 and not (self.mismatched or self.unbalanced or self.negative)
