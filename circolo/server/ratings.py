"""Ratings in the room: each match of people rated when it ends and told to its table,
the leaderboards, and a player's own ratings with their history (for the chart).

The rated matches are read off the stored log (``circolo.table.outcomes``), so a match is
rated from exactly what is stored, once (the store refuses to rate it twice).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import structlog
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo.games import GAMES
from circolo.ratings import Change, RatedMatch
from circolo.server.bus import encode
from circolo.server.http import client_address, http_error, too_many
from circolo.server.identity import Guest
from circolo.server.owner import topic
from circolo.server.ratelimit import SlidingWindow
from circolo.store import Store
from circolo.table.outcomes import MatchEnd, rated_matches

if TYPE_CHECKING:
    from circolo.server.app import Server
    from circolo.server.bus import Bus
    from circolo.server.owner import Owner

log = structlog.get_logger(__name__)

PAGE = 20
MAX_PAGE = 50
MAX_OFFSET = 10_000
"""How deep a leaderboard pages (each page is an index scan from the top)."""
MODES = ("1v1", "2v2")
PERIODS = ("all", "month")


class Ratings:
    """Rates the matches of people as they end, and tells each table its changes."""

    def __init__(self, store: Store, bus: Bus, boards: SlidingWindow) -> None:
        self.store = store
        self.bus = bus
        self.boards = boards  # leaderboard pages per address: each may cost a deep scan

    async def record(
        self,
        table_id: str,
        config: dict[str, Any],
        ends: Sequence[MatchEnd],
        owner: Owner | None = None,
    ) -> None:
        """Rate the table's matches not rated yet, of the ``ends`` of its matches (its
        stored log's); a live table (``owner``) is told."""
        for match in rated_matches(table_id, config, ends):
            changes = await self.store.record_rating(match)
            if changes and owner is not None:
                self._tell(owner, match, changes)

    def _tell(self, owner: Owner, match: RatedMatch, changes: list[Change]) -> None:
        seats = {seat.player_id: n for n, seat in enumerate(owner.config.seats)}
        frame = {
            "type": "ratings",
            "table_id": owner.table_id,
            "match": match.match,
            "game": match.game,
            "mode": match.mode,
            "changes": [
                {"seat": seats[c.player_id], "before": c.before.shown, "after": c.after.shown}
                for c in changes
            ],
        }
        log.info("match_rated", table=owner.table_id, match=match.match)
        owner.rated = frame  # who opens the table later is told too
        for audience in owner.audiences():
            self.bus.publish_now(topic(owner.table_id, audience), encode(frame))


def _store(request: Request) -> Store:
    server: Server = request.app.state.server
    assert server.store is not None
    return server.store


def month_start(now: float) -> float:
    """The first instant of ``now``'s month (UTC): this month's leaderboard starts there."""
    day = datetime.datetime.fromtimestamp(now, datetime.UTC)
    return day.replace(day=1, hour=0, minute=0, second=0, microsecond=0).timestamp()


def _whole(raw: str | None, default: int, top: int) -> int | None:
    if raw is None:
        return default
    return int(raw) if raw.isdigit() and int(raw) <= top else None


async def leaderboard(request: Request) -> Response:
    """``GET /api/leaderboard?game=&mode=&period=all|month&offset=&limit=``: the best
    rated players, best first, with their rank; ``next_offset`` pages on (None: the end)."""
    query = request.query_params
    game, mode, period = query.get("game"), query.get("mode", "1v1"), query.get("period", "all")
    if game not in GAMES:
        return http_error(400, "bad_query", f"game is one of {', '.join(GAMES)}")
    if mode not in MODES or period not in PERIODS:
        return http_error(400, "bad_query", "mode is 1v1 or 2v2, and period is all or month")
    offset = _whole(query.get("offset"), 0, MAX_OFFSET)
    limit = _whole(query.get("limit"), PAGE, MAX_PAGE)
    if offset is None or not limit:
        return http_error(400, "bad_query", f"offset is 0 to {MAX_OFFSET}, limit 1 to {MAX_PAGE}")
    server: Server = request.app.state.server
    assert server.room is not None
    now, address = server.room.clock(), client_address(request)
    boards = server.room.tables.ratings.boards
    if not boards.allow(address, now):
        return too_many("leaderboard pages", boards.retry_after(address, now))
    since = month_start(now) if period == "month" else None
    rows = await _store(request).leaderboard(
        game, mode, since=since, offset=offset, limit=limit + 1
    )
    me: Guest = request.state.guest
    board = [
        {
            "rank": offset + n + 1,
            "name": row.name,
            "player_id": row.player_id,  # the address of their profile
            "rating": row.shown,
            "matches": row.matches,
            "wins": row.wins,
            "me": row.player_id == me.id,
        }
        for n, row in enumerate(rows[:limit])
    ]
    more = offset + limit if len(rows) > limit and offset + limit <= MAX_OFFSET else None
    return JSONResponse(
        {"game": game, "mode": mode, "period": period, "rows": board, "next_offset": more}
    )


async def my_ratings(request: Request) -> Response:
    """``GET /api/me/ratings``: my rating in each game and mode I was rated in, with the
    history of its last rated matches."""
    me: Guest = request.state.guest
    store = _store(request)
    out: list[dict[str, Any]] = []
    for rating in await store.ratings(me.id):
        history = await store.rating_history(me.id, rating.game, rating.mode)
        out.append(
            {
                "game": rating.game,
                "mode": rating.mode,
                "rating": rating.shown,
                "matches": rating.matches,
                "wins": rating.wins,
                "history": [
                    {"at": p.at, "before": p.before, "rating": p.shown, "won": p.won}
                    for p in history
                ],
            }
        )
    return JSONResponse({"ratings": out})


ROUTES = [
    Route("/api/leaderboard", leaderboard, methods=["GET"]),
    Route("/api/me/ratings", my_ratings, methods=["GET"]),
]
"""Add to ``create_app``'s routes: ``*ratings.ROUTES``."""
