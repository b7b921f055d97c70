"""Match history and replays over HTTP: a guest's finished tables, and a finished table
step by step (every hand face up: once a match is over nothing is hidden any more).

``ROUTES`` go into the app's routes; each handler finds the running ``Server`` in
``request.app.state.server`` and the guest in ``request.state.guest`` (the cookie
middleware). A replay is the stored log handled again by the pure table, entry by entry.
"""

from __future__ import annotations

import asyncio
import math
from typing import TYPE_CHECKING, Any

import structlog
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo.server.identity import Guest
from circolo.store import TableRecord, UnknownTable
from circolo.table import Command, Table, TableConfig, TableError

if TYPE_CHECKING:
    from circolo.server.app import Server

log = structlog.get_logger(__name__)

PAGE = 20
"""Rows of history when no ``limit`` is given."""
MAX_PAGE = 50
SHOWN = ("deal", "move", "hand_over", "match_over")
"""The spectators' happenings that make a replay step."""


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"code": code, "message": message}, status_code=status)


def _server(request: Request) -> Server:
    server: Server = request.app.state.server
    assert server.store is not None
    return server


def _seat_of(config: dict[str, Any], player_id: str) -> int | None:
    for number, seat in enumerate(config.get("seats", [])):
        if seat.get("player_id") == player_id:
            return number
    return None


def _seats(config: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats as the history shows them (no player ids)."""
    return [
        {"seat": n, "kind": s["kind"], "name": s["name"], "level": s.get("level")}
        for n, s in enumerate(config.get("seats", []))
    ]


def history_row(record: TableRecord, player_id: str) -> dict[str, Any]:
    """One finished table as the history page lists it, seen by ``player_id``."""
    config = record.config
    result = record.result or {}
    return {
        "table_id": record.table_id,
        "game": record.game,
        "options": {**config.get("options", {}), "players": len(config.get("seats", []))},
        "seats": _seats(config),
        "my_seat": _seat_of(config, player_id),
        "created_at": record.created_at,
        "finished_at": record.finished_at,
        "result": {key: result.get(key) for key in ("winner", "reason", "totals", "hands")},
    }


def _query(request: Request) -> tuple[float | None, str | None, int] | str:
    """The page asked for: ``before`` (a ``next_before`` cursor, ``<created_at>,<table_id>``,
    or a bare ``created_at``) and ``limit``; or the message that says what is wrong."""
    before: float | None = None
    after_id: str | None = None
    raw = request.query_params.get("before")
    if raw is not None:
        at, comma, table_id = raw.partition(",")
        try:
            before = float(at)
        except ValueError:
            return "before is a next_before cursor or a created_at time in seconds"
        if not math.isfinite(before) or (comma and not table_id):
            return "before is a next_before cursor or a created_at time in seconds"
        after_id = table_id or None
    raw = request.query_params.get("limit")
    if raw is None:
        return before, after_id, PAGE
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_PAGE:
        return f"limit is a whole number from 1 to {MAX_PAGE}"
    return before, after_id, int(raw)


async def history(request: Request) -> Response:
    """``GET /api/history?before=&limit=``: the guest's finished tables, newest first;
    ``next_before`` is the cursor of the next page (None on the last)."""
    query = _query(request)
    if isinstance(query, str):
        return _error(400, "bad_query", query)
    before, after_id, limit = query
    guest: Guest = request.state.guest
    store = _server(request).store
    assert store is not None
    records = await store.list_tables(
        status="finished", player_id=guest.id, before=before, after_id=after_id, limit=limit + 1
    )
    rows = [history_row(record, guest.id) for record in records[:limit]]
    last = records[limit - 1] if len(records) > limit else None
    cursor = None if last is None else f"{last.created_at!r},{last.table_id}"
    return JSONResponse({"tables": rows, "next_before": cursor})


def _public_config(config: dict[str, Any]) -> dict[str, Any]:
    """The table's config without the players' ids."""
    seats = [{k: v for k, v in seat.items() if k != "player_id"} for seat in config["seats"]]
    return {**config, "seats": seats}


def _hands(table: Table) -> list[list[str]]:
    if table.hand is None:
        return [[] for _ in table.seats]
    return [list(table.hand.view(seat).to_json()["hand"]) for seat in range(len(table.seats))]


def replay_steps(config: TableConfig, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Handle the log again, entry by entry; a step for each move the spectators saw, and
    one (``event`` None) for an entry that deals or ends a hand or the match without a
    move. Each step holds the spectators' screen state, every seat's cards after its
    entry, and where it is: the match (a rematch is the next) and the hand of that match.
    ``TableError`` ``log_mismatch`` if the log does not replay."""
    table = Table.new(config)
    steps: list[dict[str, Any]] = []
    match = hand = 0
    for index, entry in enumerate(entries):
        try:
            step = table.handle(Command.from_json(entry["command"]), entry["at"])
        except (TableError, KeyError, TypeError) as error:
            raise TableError("log_mismatch", f"entry {index} does not replay: {error}") from None
        if [e.get("notes", []) for e in step.entries] != [entry.get("notes", [])]:
            raise TableError("log_mismatch", f"entry {index} replays differently")
        bodies = [body for audience, body in step.messages if audience is None]
        for body in bodies:
            if body["type"] == "match_started":
                match, hand = body["match"], 0
            elif body["type"] == "deal":
                hand += 1
        shown = [body for body in bodies if body["type"] in SHOWN]
        if not shown:
            continue
        at = {"state": table.snapshot_state(None), "hands": _hands(table), "match": match,
              "hand": hand}  # fmt: skip
        moves = [body for body in shown if body["type"] == "move"]
        if shown[0]["type"] == "deal" or not moves:
            steps.append({"event": None, **at})
        steps.extend({"event": move, **at} for move in moves)
    return steps


async def replay(request: Request) -> Response:
    """``GET /api/tables/{table_id}/replay``: a finished table, step by step."""
    table_id = request.path_params["table_id"]
    server = _server(request)
    assert server.store is not None
    guest: Guest = request.state.guest
    missing = _error(404, "no_table", f"no table {table_id[:64]!r}")
    try:
        saved = await server.store.load(table_id)
    except UnknownTable:
        return missing
    record = saved.table
    if not record.seen_by(guest.id, request.query_params.get("invite")):
        return missing  # the invite is stored with the table: it outlives restarts
    if record.status != "finished":
        return _error(409, "table_live", "the table is still being played: no replay yet")
    try:
        config = TableConfig.from_json(record.config)
        steps = await asyncio.to_thread(replay_steps, config, [e.data for e in saved.entries])
    except TableError as error:
        log.error("replay_failed", table=table_id, code=error.code, error=error.message)
        return _error(500, "internal", "this table's log could not be replayed")
    return JSONResponse(
        {
            "table_id": table_id,
            "config": _public_config(record.config),
            "result": record.result,
            "steps": steps,
        }
    )


ROUTES = [
    Route("/api/history", history, methods=["GET"]),
    Route("/api/tables/{table_id}/replay", replay, methods=["GET"]),
]
"""Add to ``create_app``'s routes: ``*history.ROUTES``."""
