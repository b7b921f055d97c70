"""A guest's own name over HTTP: ``POST /api/me/name`` chooses or changes it, and
``GET /api/names/suggestion?lang=`` offers one in the player's language.

The name is signed into the guest's token, and a page holds that token only as an
HttpOnly cookie: hence a route that answers with the new cookie, rather than a WebSocket
frame. It changes state on the strength of a cookie, so it takes only what a page of the
room itself can send: a JSON body (another site's form cannot send one without asking
first) from the room's own origin (``Origin``, and ``Sec-Fetch-Site`` when the browser
sends it), at most ``CHANGES`` attempts per ``WINDOW`` for a player and ``PER_ADDRESS`` for an
address. A name is unique among the players present: connected to this server now, or
seated at a table that waits or plays. Seats at waiting tables take the new name; a match
under way keeps the one it started with (its log, and the players at it, know that one).
"""

from __future__ import annotations

import dataclasses
import json
import math
import time
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import structlog
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo.server import names
from circolo.server.headers import room_hosts
from circolo.server.identity import Guest
from circolo.server.names import NameProblem
from circolo.server.ratelimit import SlidingWindow

if TYPE_CHECKING:
    from circolo.server.app import Server

log = structlog.get_logger(__name__)

CHANGES = 20
PER_ADDRESS = 60
WINDOW = 600.0
"""Seconds over which the attempts of a player (``CHANGES``: refused names count, a
person may try a few before one is free) and of an address (``PER_ADDRESS``) are counted."""
BODY_BYTES = 1024


class Renames:
    """The name changes of the players of one server: limits and the change itself."""

    def __init__(self) -> None:
        self.players = SlidingWindow(CHANGES, WINDOW)
        self.addresses = SlidingWindow(PER_ADDRESS, WINDOW)

    def wait(self, player_id: str, address: str) -> float:
        """Seconds before this player, from this address, may change their name (0: now;
        a change allowed is counted)."""
        now = time.monotonic()
        for window, key in ((self.players, player_id), (self.addresses, address)):
            if not window.allow(key, now):
                return max(window.retry_after(key, now), 0.001)
        return 0.0


def taken(server: Server, name: str, player_id: str) -> bool:
    """Is ``name`` (or one that looks the same) another present player's?"""
    wanted = names.key(name)
    present = [(s.guest.id, s.guest.name) for s in server.sessions if s.guest is not None]
    if server.room is not None:
        present += server.room.seated_names()
    return any(other != player_id and names.key(held) == wanted for other, held in present)


async def rename(server: Server, guest: Guest, raw: object) -> Guest:
    """``guest`` under the name ``raw`` (checked, unique), stored and in effect on their
    open connections and waiting seats; ``NameProblem`` when refused."""
    name = names.check_name(raw)
    if taken(server, name, guest.id):
        raise NameProblem("name_taken", "another player present has this name")
    assert server.store is not None
    if await server.store.account_named(names.key(name)) is not None:  # no impersonation
        raise NameProblem("name_taken", "an account has this name")
    renamed = dataclasses.replace(guest, name=name, named=True)
    for session in server.sessions:
        if session.guest is not None and session.guest.id == guest.id:
            session.guest = dataclasses.replace(session.guest, name=name, named=True)
    assert server.store is not None and server.room is not None
    await server.store.name_player(guest.id, name)
    await server.room.rename(renamed)
    log.info("guest_named", player=guest.id)
    return renamed


def _error(status: int, code: str, message: str, **extra: float) -> JSONResponse:
    headers = {"retry-after": str(math.ceil(extra["retry_after"]))} if extra else None
    body = {"code": code, "message": message, **extra}
    return JSONResponse(body, status_code=status, headers=headers)


def _same_origin(request: Request) -> bool:
    """Sent by a page of the room itself: its ``Origin`` is the room's, and the browser
    does not say it came from elsewhere."""
    site = request.headers.get("sec-fetch-site")
    origin = request.headers.get("origin")
    if site not in (None, "same-origin") or origin is None:
        return False
    parts = urlsplit(origin.strip().lower())
    if parts.scheme not in ("http", "https") or parts.path or parts.query:
        return False
    server: Server = request.app.state.server
    return parts.netloc in room_hosts(server.settings, request.scope)


async def _body(request: Request, limit: int = BODY_BYTES) -> bytes | None:
    """The request's body, or None when it is longer than ``limit`` bytes."""
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            return None
    return bytes(data)


async def choose(request: Request) -> Response:
    """``POST /api/me/name`` with ``{"name": ...}``: the player as now named, with the
    cookie that carries the name; or a refusal with its ``code``."""
    server: Server = request.app.state.server
    if not _same_origin(request):
        return _error(403, "cross_site", "send this from the room's own page")
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        return _error(415, "bad_request", 'send JSON: {"name": ...}')
    if getattr(request.state, "login", None) is not None:
        return _error(403, "account_name", "an account keeps the name it registered")
    guest: Guest = request.state.guest
    wait = server.renames.wait(guest.id, request.client.host if request.client else "")
    if wait > 0:
        return _error(429, "rate_limited", "too many name changes: wait", retry_after=wait)
    body = await _body(request)
    try:
        data = json.loads(body) if body is not None else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or "name" not in data:
        return _error(400, "bad_request", 'send JSON: {"name": ...}')
    try:
        renamed = await rename(server, guest, data["name"])
    except NameProblem as problem:
        return _error(400, problem.code, problem.message)
    request.state.guest = renamed
    request.state.sign = True  # the cookie middleware signs the renamed guest
    return JSONResponse(renamed.to_json())


async def suggestion(request: Request) -> Response:
    """``GET /api/names/suggestion?lang=``: a name free now, in that language."""
    server: Server = request.app.state.server
    guest: Guest = request.state.guest
    lang = names.language(request.query_params.get("lang", "")[:16])

    def unusable(name: str) -> bool:
        return taken(server, name, guest.id) or names.impersonates(name)

    return JSONResponse({"name": names.suggestion(lang, unusable), "lang": lang})


ROUTES = [
    Route("/api/me/name", choose, methods=["POST"]),
    Route("/api/names/suggestion", suggestion, methods=["GET"]),
]
"""Add to ``create_app``'s routes: ``*naming.ROUTES``."""
