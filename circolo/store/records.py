"""Plain values the store hands out, and the errors it raises."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

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

    def seen_by(self, player_id: str, invite: str | None) -> bool:
        """May ``player_id`` see this table: a public one, or a private one where they sat
        or whose invite they bring."""
        if not self.config.get("private"):
            return True
        seated = any(s.get("player_id") == player_id for s in self.config.get("seats", []))
        return seated or (invite is not None and invite == self.invite)


@dataclass(frozen=True)
class TableLog:
    """A table with its whole log, in ``seq`` order: what a replay folds."""

    table: TableRecord
    entries: list[Entry] = field(default_factory=list)


class StoreError(Exception):
    """The store could not do what was asked (the database refused or is unreachable)."""


class DuplicateEntry(StoreError):
    """An appended ``seq`` already exists for that table: nothing of that append was stored."""


class UnknownTable(StoreError):
    """No table has that id."""


class TableExists(StoreError):
    """``create_table`` with an id already taken."""
