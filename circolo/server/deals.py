"""``GET /api/deal``: the deal a revealed seed gives, dealt by the engines' own code, so the
verify page need not restate the shuffle in JavaScript (docs/verify.md).

Every parameter is checked before anything is dealt; a deal costs well under a
millisecond, and each address may ask ``deal_requests`` times per ``deal_window``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo.deal import MAX_CUTS, DealError, deal_of
from circolo.server.ratelimit import SlidingWindow
from circolo.server.settings import Settings

if TYPE_CHECKING:
    from circolo.server.app import Server

PARAMETERS = frozenset({"game", "seed", "players", "first", "cut", "choice"})
MAX_VALUE = 100
"""Characters a parameter may have (a seed: 78 decimal digits at most)."""


class DealRate:
    """At most ``deal_requests`` deals per address per ``deal_window`` seconds."""

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = SlidingWindow(settings.deal_requests, settings.deal_window)
        self.clock = clock

    def wait_for(self, address: str) -> float:
        """Seconds ``address`` must wait before its next deal (0: it may have it now)."""
        now = self.clock()
        return 0.0 if self.window.allow(address, now) else self.window.retry_after(address, now)


def _error(status: int, code: str, message: str, retry: int | None = None) -> JSONResponse:
    headers = None if retry is None else {"Retry-After": str(retry)}
    body: dict[str, object] = {"code": code, "message": message}
    if retry is not None:
        body["retry_after"] = retry
    return JSONResponse(body, status_code=status, headers=headers)


def _number(text: str | None, name: str, default: int) -> int:
    if text is None:
        return default
    if not text.isascii() or not text.isdigit() or len(text) > 2:
        raise DealError("bad_deal", f"{name} is a small whole number")
    return int(text)


def _cuts(text: str | None) -> list[int]:
    """``cut=17`` or, after void deals, ``cut=17,22``."""
    if not text:
        return []
    parts = text.split(",")
    if len(parts) > MAX_CUTS:
        raise DealError("bad_deal", f"at most {MAX_CUTS} cuts")
    return [_number(part, "a cut", 0) for part in parts]


async def deal(request: Request) -> Response:
    """``GET /api/deal?game=&seed=&players=&first=&cut=&choice=``: the deal as JSON
    (``circolo.deal.Deal``); 400 ``bad_seed`` or ``bad_deal`` with what is wrong; 429
    ``rate_limited`` with ``Retry-After``."""
    server: Server = request.app.state.server
    address = request.client.host if request.client is not None else "unknown"
    wait = server.deals.wait_for(address)
    if wait > 0:
        seconds = math.ceil(wait)
        return _error(429, "rate_limited", f"too many deals: wait {seconds} seconds", seconds)
    query = request.query_params
    unknown = sorted(set(query) - PARAMETERS)
    if unknown:
        return _error(400, "bad_deal", f"unknown parameter {unknown[0][:20]!r}")
    if any(len(value) > MAX_VALUE for value in query.values()):
        return _error(400, "bad_deal", f"a parameter has at most {MAX_VALUE} characters")
    try:
        answer = deal_of(
            query.get("game", ""),
            query.get("seed", ""),
            players=_number(query.get("players"), "players", 2),
            first=_number(query.get("first"), "first", 0),
            cuts=_cuts(query.get("cut")),
            choice=query.get("choice"),
        )
    except DealError as error:
        return _error(400, error.code, error.message)
    return JSONResponse(answer.to_json(), headers={"Cache-Control": "public, max-age=86400"})


ROUTES = [Route("/api/deal", deal, methods=["GET"])]
"""Add to ``create_app``'s routes: ``*deals.ROUTES``."""
