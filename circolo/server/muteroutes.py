"""The mute list's HTTP routes: read it, mute the player in a seat, unmute (docs/fairplay.md).

A page names whom to mute by table and seat (it never learns players' ids) and unmutes
by the ``ref`` the list gives. Changes are limited per player and per address.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo.server.forms import FormProblem, int_field, read_form, text_field
from circolo.server.http import client_address, too_many
from circolo.server.identity import Guest
from circolo.server.mutes import MAX_MUTES
from circolo.server.ratelimit import SlidingWindow
from circolo.store import StoreError

if TYPE_CHECKING:
    from circolo.server.app import Server

CHANGES = 60
CHANGES_WINDOW = 600.0
"""Mutes and unmutes a player (and an address) may make in ``CHANGES_WINDOW`` seconds."""
READS = 120
READS_WINDOW = 60.0


class MuteLimits:
    """The sliding windows of one server's mute routes."""

    def __init__(self) -> None:
        self.players = SlidingWindow(CHANGES, CHANGES_WINDOW)
        self.addresses = SlidingWindow(CHANGES, CHANGES_WINDOW)
        self.reads = SlidingWindow(READS, READS_WINDOW)


def _server(request: Request) -> Server:
    server: Server = request.app.state.server
    return server


def _limited(windows: list[tuple[SlidingWindow, str]]) -> Response | None:
    now = time.monotonic()
    waits = [w.retry_after(key, now) for w, key in windows]
    if any(waits):
        return too_many("changes", max(waits))
    for window, key in windows:
        window.allow(key, now)
    return None


async def _answer(server: Server, guest: Guest, table_id: str | None) -> dict[str, Any]:
    """The player's mutes, the latest first; with ``table_id``, each one's seat there."""
    assert server.room is not None
    seen = table_id is not None and server.room.may_see(guest, table_id)
    seats = server.room.seats_of_table(table_id) if table_id and seen else None
    where = {
        seat.player_id: i
        for i, seat in enumerate(seats or ())
        if seat is not None and seat.player_id is not None
    }
    mutes = server.room.mutes
    return {
        "mutes": [
            {
                "ref": mutes.ref(guest.id, m.muted_id),
                "name": m.name,
                "at": m.at,
                "seat": where.get(m.muted_id),
            }
            for m in await mutes.listing(guest.id)
        ],
        "limit": MAX_MUTES,
    }


async def listing(request: Request) -> Response:
    """``GET /api/mutes?table_id=``: whom this player muted (with their seats there)."""
    server = _server(request)
    refused = _limited([(server.mute_limits.reads, client_address(request))])
    if refused is not None:
        return refused
    table_id = request.query_params.get("table_id") or None
    if table_id is not None and len(table_id) > 64:
        return FormProblem(400, "bad_request", "table_id: at most 64 characters").response()
    try:
        return JSONResponse(await _answer(server, request.state.guest, table_id))
    except StoreError:
        return FormProblem(503, "busy", "the list could not be read: try again").response()


async def mute(request: Request) -> Response:
    """``POST /api/mutes`` ``{table_id, seat}``: mute the person in that seat."""
    server = _server(request)
    guest: Guest = request.state.guest
    assert server.room is not None
    try:
        data = await read_form(request, {"table_id", "seat"})
        table_id = text_field(data, "table_id", 64)
        seat = int_field(data, "seat", 0, 7)
        refused = _limited(
            [
                (server.mute_limits.players, guest.id),
                (server.mute_limits.addresses, client_address(request)),
            ]
        )
        if refused is not None:
            return refused
        seats = server.room.seats_of_table(table_id)
        if seats is None or not server.room.may_see(guest, table_id):
            raise FormProblem(404, "no_table", "no such table open")
        found = seats[seat] if seat < len(seats) else None
        if found is None or found.player_id is None:
            raise FormProblem(400, "mute_nobody", "no player in that seat")
        if found.player_id == guest.id:
            raise FormProblem(400, "mute_self", "you cannot mute yourself")
        if not await server.room.mutes.mute(guest.id, found.player_id, found.name, time.time()):
            raise FormProblem(409, "too_many_mutes", f"at most {MAX_MUTES} players muted")
        return JSONResponse(await _answer(server, guest, table_id))
    except FormProblem as problem:
        return problem.response()
    except StoreError:
        return FormProblem(503, "busy", "not stored: try again").response()


async def unmute(request: Request) -> Response:
    """``POST /api/mutes/remove`` ``{ref, table_id?}``: read that player's chat again."""
    server = _server(request)
    guest: Guest = request.state.guest
    assert server.room is not None
    try:
        data = await read_form(request, {"ref"}, frozenset({"table_id"}))
        ref = text_field(data, "ref", 64)
        table_id = text_field(data, "table_id", 64) if "table_id" in data else None
        refused = _limited(
            [
                (server.mute_limits.players, guest.id),
                (server.mute_limits.addresses, client_address(request)),
            ]
        )
        if refused is not None:
            return refused
        if not await server.room.mutes.unmute(guest.id, ref):
            raise FormProblem(404, "not_muted", "that player is not muted")
        return JSONResponse(await _answer(server, guest, table_id))
    except FormProblem as problem:
        return problem.response()
    except StoreError:
        return FormProblem(503, "busy", "not stored: try again").response()


ROUTES = [
    Route("/api/mutes", listing, methods=["GET"]),
    Route("/api/mutes", mute, methods=["POST"]),
    Route("/api/mutes/remove", unmute, methods=["POST"]),
]
