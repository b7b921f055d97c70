"""A player's own data: ``GET /api/account/export`` downloads all the room keeps about
them in one JSON file, and ``POST /api/account/delete`` erases an account (docs/accounts.md,
"Your data").

The download holds only the asking player's rows: their account (with the e-mail, theirs),
their sessions (never an id), their finished tables as the history lists them (other
seats by name only), their ratings, rating changes and fair-play records. Each list has a
cap, and downloads are limited per player and per address: one costs a few queries.

Erasing keeps the matches, for the others who played them: the player becomes an
anonymous label (``Anon #1A2B3C``: the ``#`` is no letter a name may have, so nobody can
take it) in the stored seats and in ``players``; the account, its sessions, e-mail,
password hash, ratings, rating changes and fair-play records are deleted, and the
player's open connections are closed. The name is free again.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import structlog
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo import chips
from circolo.server.accountroutes import _account_json, _form, _problem, session_cookie
from circolo.server.accounts import AccountProblem, Login
from circolo.server.chiproutes import line_json
from circolo.server.history import history_row
from circolo.server.http import client_address, too_many
from circolo.server.identity import Guest
from circolo.server.ratelimit import SlidingWindow
from circolo.store.records import RatingRecord

if TYPE_CHECKING:
    from circolo.server.app import Server

log = structlog.get_logger(__name__)

ROWS = 5000
"""Most matches, rating changes and fair-play records in one download (newest first)."""
EXPORTS_PER_PLAYER = 5
EXPORTS_PER_ADDRESS = 20
EXPORT_WINDOW = 3600.0
"""Downloads allowed per player and per address in this many seconds."""
FORMAT = "circolo-export/1"
CLOSE_ERASED = 4003
"""The close code of an erased account's connections (the revoked one: not back as it)."""


def anonymous_label() -> str:
    """What an erased player is called from now on: never a name one can choose."""
    return f"Anon #{secrets.token_hex(3).upper()}"


class Exports:
    """The download's limits: per player and per address (sliding windows)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.players = SlidingWindow(EXPORTS_PER_PLAYER, EXPORT_WINDOW)
        self.addresses = SlidingWindow(EXPORTS_PER_ADDRESS, EXPORT_WINDOW)
        self.clock = clock

    def wait(self, player_id: str, address: str) -> float:
        """Seconds before this download may be made (0: now, and it is counted)."""
        now = self.clock()
        for window, key in ((self.players, player_id), (self.addresses, address)):
            wait = window.retry_after(key, now)
            if wait > 0:
                return wait
        self.players.allow(player_id, now)
        self.addresses.allow(address, now)
        return 0.0


def _exports(request: Request) -> Exports:
    """The app's download limits (made at its first download)."""
    state = request.app.state
    if not hasattr(state, "exports"):
        state.exports = Exports()
    exports: Exports = state.exports
    return exports


def _server(request: Request) -> Server:
    server: Server = request.app.state.server
    assert server.store is not None and server.accounts is not None
    return server


async def export(request: Request) -> Response:
    """``GET /api/account/export``: everything the room keeps about this player, as one
    JSON file to save (a guest's too: its history, ratings and fair play)."""
    if request.headers.get("sec-fetch-site") in ("cross-site", "same-site"):
        return _problem(AccountProblem(403, "cross_site", "ask for this from the room's page"))
    server = _server(request)
    store = server.store
    assert store is not None and server.accounts is not None
    guest: Guest = request.state.guest
    login: Login | None = request.state.login
    wait = _exports(request).wait(guest.id, client_address(request))
    if wait > 0:
        return too_many("downloads", wait)
    player = await store.player(guest.id)
    records = await store.list_tables(status="finished", player_id=guest.id, limit=ROWS + 1)
    changes = await store.rating_changes(guest.id, ROWS + 1)
    conduct = await store.conduct_rows(guest.id, ROWS + 1)
    chip_account = chips.player_account(guest.id)
    movements = await store.chip_history(chip_account, limit=ROWS + 1)
    sessions = [] if login is None else await server.accounts.sessions(guest.id)
    account: dict[str, Any] | None = None
    if login is not None:
        found = await store.account(guest.id)
        if found is not None:
            account = {
                "name": found.name,
                "email": found.email,
                "created_at": found.created_at,
                "password_changed_at": found.password_changed_at,
                "settings": found.settings or {},
            }
    now = time.time()
    body = {
        "format": FORMAT,
        "exported_at": now,
        "player": {
            "id": guest.id,
            "name": guest.name,
            "kind": "account" if login is not None else "guest",
            "first_seen_at": player.created_at if player else None,
            "last_seen_at": player.last_seen_at if player else None,
        },
        "account": account,
        "sessions": [
            {
                "created_at": s.created_at,
                "last_seen_at": s.last_seen_at,
                "agent": s.agent,
                "current": login is not None and s.session_hash == login.session_hash,
            }
            for s in sessions
        ],
        "matches": [history_row(record, guest.id) for record in records[:ROWS]],
        "ratings": [_rating(r) for r in await store.ratings(guest.id)],
        "rating_changes": changes[:ROWS],
        "fair_play": conduct[:ROWS],
        "chips": {
            "balance": await store.chip_balance(chip_account),
            "movements": [line_json(line) for line in movements[:ROWS]],
        },
        "chat": None,
        "truncated": {
            "matches": len(records) > ROWS,
            "rating_changes": len(changes) > ROWS,
            "fair_play": len(conduct) > ROWS,
            "chips": len(movements) > ROWS,
        },
        "notes": {
            "chat": "chat messages are not stored: they reach the table and are gone",
            "limit": f"each list holds the newest {ROWS} rows at most",
        },
    }
    day = time.strftime("%Y-%m-%d", time.gmtime(now))
    log.info("data_exported", player=guest.id, matches=min(len(records), ROWS))
    return JSONResponse(
        body,
        headers={
            "content-disposition": f'attachment; filename="circolo-data-{day}.json"',
            "cache-control": "no-store",
        },
    )


def _rating(r: RatingRecord) -> dict[str, Any]:
    return {
        "game": r.game,
        "mode": r.mode,
        "rating": r.shown,
        "mu": r.mu,
        "sigma": r.sigma,
        "matches": r.matches,
        "wins": r.wins,
        "updated_at": r.updated_at,
    }


async def delete(request: Request) -> Response:
    """``POST /api/account/delete`` ``{password}``: the account is erased (see the module);
    the page is the browser's own guest again."""
    server = _server(request)
    accounts = server.accounts
    store = server.store
    assert accounts is not None and store is not None and server.room is not None
    try:
        data = await _form(request, "delete")
        login: Login | None = request.state.login
        if login is None:
            raise AccountProblem(401, "not_logged_in", "log in first")
        player_id = login.account.player_id
        await accounts.confirm_password(login, data["password"])
        if any(pid == player_id for pid, _ in server.room.seated_names()):  # checked last
            raise AccountProblem(409, "at_table", "leave your tables first")
    except AccountProblem as problem:
        return _problem(problem)
    now = time.time()
    label = anonymous_label()
    touched = await store.forget_player(player_id, label, now)
    server.identities.revoked[player_id] = now
    for table_id in touched:  # a replay kept in memory holds the old name
        if table_id in server.replays.cache:
            server.replays.cache.size -= len(server.replays.cache.pop(table_id))
    for session in tuple(server.sessions):
        if session.guest is not None and session.guest.id == player_id:
            asyncio.get_running_loop().create_task(session.close(CLOSE_ERASED))
    log.info("account_erased", player=player_id, tables=len(touched))
    request.state.login = None
    request.state.guest = request.state.cookie_guest
    response = JSONResponse(_account_json(None, request.state.guest))
    secure = server.settings.base_url.startswith("https:")
    response.headers.append("set-cookie", session_cookie("", secure))
    return response


ROUTES = [
    Route("/api/account/export", export, methods=["GET"]),
    Route("/api/account/delete", delete, methods=["POST"]),
]
"""Add to ``create_app``'s routes: ``*privacy.ROUTES``."""
