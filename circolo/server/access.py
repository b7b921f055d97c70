"""Who sits where at a table, and who may see it: one rule for tables waiting in the lobby,
live with their owner, and stored (a finished table's replay).

A public table is seen by anyone. A private one is seen by those seated there and by those
who bring its invite code; to anyone else it is as if it did not exist.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from circolo.store import TableRecord
from circolo.table import SeatConfig


def seat_of(seats: Iterable[SeatConfig | None], player_id: str) -> int | None:
    """The seat ``player_id`` holds among ``seats`` (None for an open one), if any."""
    for i, seat in enumerate(seats):
        if seat is not None and seat.player_id == player_id:
            return i
    return None


def may_see(*, private: bool, seated: bool, invite: str | None, code: str | None) -> bool:
    """May someone see a table: public; or ``seated`` there; or whose ``invite`` is the
    table's ``code`` (compared in constant time)."""
    if not private or seated:
        return True
    if invite is None or code is None:
        return False
    return secrets.compare_digest(invite.encode(), code.encode())


def may_see_stored(record: TableRecord, player_id: str, invite: str | None) -> bool:
    """``may_see`` for a stored table: its players are the store's own list; its config
    says whether it is private (a private table stored before invite codes were kept
    with tables has no code)."""
    return may_see(
        private=bool(record.config.get("private")),
        seated=player_id in record.players,
        invite=invite,
        code=record.invite,
    )
