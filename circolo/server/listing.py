"""One table as the lobby lists it, waiting or playing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from circolo.table import SeatConfig


def listing(
    *,
    table_id: str,
    game: str,
    options: dict[str, Any],
    speed: str,
    private: bool,
    rated: bool,
    status: str,
    seats: Sequence[SeatConfig | None],
    created_at: float,
) -> dict[str, Any]:
    """One table as the lobby shows it (``spectators`` are not counted: always 0);
    ``rated``: its matches are rated (a private table waiting: its host offers it rated)."""
    shown: list[dict[str, Any]] = []
    for i, seat in enumerate(seats):
        if seat is None:
            shown.append({"seat": i, "kind": "open"})
        elif seat.is_bot:
            shown.append({"seat": i, "kind": "bot", "name": seat.name, "level": seat.level})
        else:
            shown.append({"seat": i, "kind": "human", "name": seat.name})
    return {
        "table_id": table_id,
        "game": game,
        "options": {**options, "players": len(seats)},
        "speed": speed,
        "status": status,
        "private": private,
        "rated": rated,
        "seats": shown,
        "free": sum(1 for s in shown if s["kind"] == "open"),
        "bots": sum(1 for s in shown if s["kind"] == "bot"),
        "spectators": 0,
        "created_at": created_at,
    }
