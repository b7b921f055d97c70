"""``GET /api/account/chips``: an account's chips and their movements (docs/chips.md).

Chips are for accounts only: a guest is a cookie anyone can throw away and make again, so
grants to guests would be a tap of free chips. The first look at one's chips gives the
opening grant; the first look of a UTC day with fewer chips than the floor tops them up.
Both are movements with idempotency keys, so two pages asking at once grant once. Reading
costs a few queries and writes only when a grant is due; each account and each address is
limited (sliding windows).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo import chips
from circolo.chips import Posted
from circolo.server.http import client_address, http_error, too_many
from circolo.server.ratelimit import SlidingWindow
from circolo.store import Store
from circolo.store.records import LedgerLine

if TYPE_CHECKING:
    from circolo.server.accounts import Login
    from circolo.server.app import Server

WINDOW = 60.0
PAGE = 20
"""Movements in one page by default; at most :data:`MAX_PAGE`."""
MAX_PAGE = 50
MAX_CURSOR = 2**62


class ChipLimits:
    """The sliding windows of one server's chip requests (per account, per address)."""

    def __init__(self, per_player: int, per_address: int) -> None:
        self.players = SlidingWindow(per_player, WINDOW)
        self.addresses = SlidingWindow(per_address, WINDOW)

    def wait(self, player_id: str, address: str, now: float) -> float:
        """Seconds before this request may be made (0: now, and it is counted)."""
        for window, key in ((self.players, player_id), (self.addresses, address)):
            wait = window.retry_after(key, now)
            if wait > 0:
                return wait
        self.players.allow(player_id, now)
        self.addresses.allow(address, now)
        return 0.0


def _number(raw: str | None, name: str, low: int, high: int) -> int | None:
    if raw is None:
        return None
    if not raw.isascii() or not raw.isdigit() or len(raw) > 19 or not low <= int(raw) <= high:
        raise ValueError(f"{name}: a whole number from {low} to {high}")
    return int(raw)


def line_json(line: LedgerLine) -> dict[str, Any]:
    """A movement as the page shows it."""
    return {
        "id": line.entry_id, "kind": line.kind, "amount": line.amount,
        "balance": line.balance, "at": line.at, "reference": line.reference,
    }  # fmt: skip


async def grant_due(store: Store, player_id: str, now: float) -> Posted | None:
    """The opening grant if never given, else today's top-up if due (None: nothing): what
    looking at one's chips gives, and entering a tournament with a fee."""
    opening = chips.opening_grant(player_id, at=now)
    if not await store.chips_posted(opening.key):
        return await store.post_chips(opening)  # a replay if another page was first
    balance = await store.chip_balance(chips.player_account(player_id))
    due = chips.daily_grant(player_id, balance, at=now)
    if due is None or await store.chips_posted(due.key):
        return None
    return await store.claim_daily_chips(player_id, now)


def _granted(posted: Posted) -> dict[str, Any]:
    """What a grant gave the player: its kind and the chips."""
    tx = posted.transaction
    return {"kind": tx.kind, "amount": max(e.amount for e in tx.entries)}


async def account_chips(request: Request) -> Response:
    """``GET /api/account/chips?before=&limit=``: the logged-in account's balance, what
    this look granted, and a page of its movements, the newest first."""
    if request.headers.get("sec-fetch-site") in ("cross-site", "same-site"):
        return http_error(403, "cross_site", "ask for this from the room's page")
    login: Login | None = request.state.login
    if login is None:
        return http_error(401, "not_logged_in", "chips are for accounts: log in or register")
    server: Server = request.app.state.server
    store = server.store
    assert store is not None
    player_id = login.account.player_id
    extra = set(request.query_params) - {"before", "limit"}
    try:
        if extra:
            raise ValueError(f"unknown parameter {sorted(extra)[0][:32]!r}")
        before = _number(request.query_params.get("before"), "before", 1, MAX_CURSOR)
        limit = _number(request.query_params.get("limit"), "limit", 1, MAX_PAGE) or PAGE
    except ValueError as error:
        return http_error(400, "bad_request", str(error))
    wait = server.chip_limits.wait(player_id, client_address(request), time.monotonic())
    if wait > 0:
        return too_many("requests for chips", wait)
    now = time.time()
    granted = await grant_due(store, player_id, now) if before is None else None
    account = chips.player_account(player_id)
    balance = await store.chip_balance(account)
    lines = await store.chip_history(account, before=before, limit=limit + 1)
    return JSONResponse(
        {
            "balance": balance,
            "floor": chips.DAILY_FLOOR,
            "granted": None if granted is None or granted.replayed else _granted(granted),
            "movements": [line_json(line) for line in lines[:limit]],
            "next": lines[limit - 1].entry_id if len(lines) > limit else None,
        },
        headers={"cache-control": "no-store"},
    )


ROUTES = [Route("/api/account/chips", account_chips, methods=["GET"])]
"""Add to ``create_app``'s routes: ``*chiproutes.ROUTES``."""
