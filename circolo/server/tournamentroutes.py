"""The tournaments' JSON routes (docs/tournaments.md): the listing, one tournament's page
(bracket, split, commitments, what the asking player may do), and entering, leaving and
filling a practice tournament with bots. Every route is limited per address; the forms
are the room's own JSON forms (``forms.read_form``)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo.chips import ChipsError
from circolo.levels import LEVELS
from circolo.server.forms import FormProblem, read_form
from circolo.server.http import client_address, http_error, too_many
from circolo.server.identity import Guest
from circolo.server.ratelimit import SlidingWindow
from circolo.store import StoreError
from circolo.tournaments import TournamentError

if TYPE_CHECKING:
    from circolo.server.app import Server
    from circolo.server.room import Room

STATUS = {"not_found": 404, "needs_account": 401, "chips_insufficient": 402}
"""HTTP statuses of refusals other than 409 (the tournament's state does not allow it)."""

ACTIONS = ("register", "unregister", "bots")


class TournamentRate:
    """At most ``tournament_requests`` requests per address per ``tournament_window``."""

    def __init__(self, requests: int, window: float) -> None:
        self.window = SlidingWindow(requests, window)

    def wait(self, address: str) -> float:
        now = time.monotonic()
        return 0.0 if self.window.allow(address, now) else self.window.retry_after(address, now)


def _room(request: Request) -> Room:
    server: Server = request.app.state.server
    assert server.room is not None
    return server.room


def _limited(request: Request) -> Response | None:
    server: Server = request.app.state.server
    wait = server.tournament_rate.wait(client_address(request))
    return too_many("tournament requests", wait) if wait > 0 else None


async def listing(request: Request) -> Response:
    """``GET /api/tournaments``: the open ones, then the newest ended."""
    if (refused := _limited(request)) is not None:
        return refused
    guest: Guest = request.state.guest
    try:
        shown = await _room(request).tournament("listing", player_id=guest.id)
    except TournamentError as error:  # busy: the tournaments move to another process
        return http_error(503, error.code, error.message)
    return JSONResponse({"tournaments": shown}, headers={"cache-control": "no-store"})


async def _detail(request: Request, tournament_id: str) -> Response:
    guest: Guest = request.state.guest
    account = request.state.login is not None
    try:
        page = await _room(request).tournament(
            "page", tournament_id=tournament_id[:64], player_id=guest.id, account=account
        )
    except TournamentError as error:  # busy: the tournaments move to another process
        return http_error(503, error.code, error.message)
    if page is None:
        return http_error(404, "not_found", "no such tournament")
    return Response(page, media_type="application/json", headers={"cache-control": "no-store"})


async def detail(request: Request) -> Response:
    """``GET /api/tournaments/{id}``: its page as JSON."""
    if (refused := _limited(request)) is not None:
        return refused
    return await _detail(request, request.path_params["tournament_id"])


async def round_deals(request: Request) -> Response:
    """``GET /api/tournaments/{id}/rounds/{n}?offset=``: how each table of an ended round
    played the same deals (docs/tournaments.md, "Duplicate deals")."""
    if (refused := _limited(request)) is not None:
        return refused
    raw = request.query_params.get("offset", "0")
    if not raw.isascii() or not raw.isdigit() or len(raw) > 4:
        return http_error(400, "bad_request", "offset is a whole number")
    try:
        shown = await _room(request).tournament(
            "rounds",
            tournament_id=request.path_params["tournament_id"][:64],
            round_no=request.path_params["round"],
            offset=int(raw),
        )
    except TournamentError as error:
        return http_error(409, error.code, error.message)
    if shown is None:
        return http_error(404, "not_found", "no such tournament")
    return JSONResponse(shown)


async def act(request: Request) -> Response:
    """``POST /api/tournaments/{id}/register|unregister|bots``: the page again, or a
    refusal with a ``code``."""
    if (refused := _limited(request)) is not None:
        return refused
    room = _room(request)
    tournament_id = request.path_params["tournament_id"][:64]
    action = request.path_params["action"]
    if action not in ACTIONS:
        return http_error(404, "not_found", "a tournament takes register, unregister or bots")
    guest: Guest = request.state.guest
    try:
        data = await read_form(request, set(), frozenset({"level", "code"}))
        if action == "register":
            code = data.get("code")
            if code is not None and (not isinstance(code, str) or not 0 < len(code) <= 16):
                raise FormProblem(400, "bad_request", "code is a partner's code")
            await room.tournament(
                "register", tournament_id=tournament_id, player_id=guest.id, name=guest.name,
                account=request.state.login is not None, code=code,
            )  # fmt: skip
        elif action == "unregister":
            await room.tournament("unregister", tournament_id=tournament_id, player_id=guest.id)
        else:
            level = data.get("level", "greedy")
            if level not in LEVELS:
                raise FormProblem(400, "bad_request", f"level is one of {', '.join(LEVELS)}")
            await room.tournament(
                "bots", tournament_id=tournament_id, player_id=guest.id, level=str(level)
            )
    except FormProblem as problem:
        return problem.response()
    except TournamentError as error:
        return http_error(STATUS.get(error.code, 409), error.code, error.message)
    except ChipsError as error:
        return JSONResponse(error.answer(), status_code=402)
    except StoreError:
        return http_error(503, "busy", "not stored: try again")
    return await _detail(request, tournament_id)


ROUTES = [
    Route("/api/tournaments", listing, methods=["GET"]),
    Route("/api/tournaments/{tournament_id}", detail, methods=["GET"]),
    Route("/api/tournaments/{tournament_id}/rounds/{round:int}", round_deals, methods=["GET"]),
    Route(
        "/api/tournaments/{tournament_id}/{action:str}",
        act,
        methods=["POST"],
    ),
]
"""Add to ``create_app``'s routes: ``*tournamentroutes.ROUTES``."""
