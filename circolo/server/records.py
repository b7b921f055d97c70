"""A player's records over HTTP: the public profile (name, since when, per game and mode
the matches played, won, lost and drawn with the rating), and the head-to-head between the
viewer and another player. Both count every match of finished tables (a rematch is one
more match), from the result kept at each match's end (``match_results``), in one grouped
query of the store (``Store.tally``); the tables themselves are the filtered history
(``/api/history?opponent=``), each row with its matches.

A profile shows what the tables already show anyone: names, results of public finished
tables, the shown rating. Never an e-mail, a session, settings, fair-play counts, or
anything of a table still being played. Each route is limited per address
(``CIRCOLO_RECORD_REQUESTS`` per ``CIRCOLO_RECORD_WINDOW``).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo.server.history import history_row
from circolo.server.http import client_address, http_error, too_many
from circolo.server.identity import Guest
from circolo.store import PlayerRecord, Store, Tally

if TYPE_CHECKING:
    from circolo.server.app import Server

RECENT = 10
"""Finished public tables a profile lists."""
ID_CHARS = 64


def allowed(request: Request) -> Response | None:
    """None when this address may ask for one more record now; else the 429 to answer."""
    server: Server = request.app.state.server
    address, now = client_address(request), time.monotonic()
    if server.records.allow(address, now):
        return None
    return too_many("profile and history requests", server.records.retry_after(address, now))


def _store(request: Request) -> Store:
    server: Server = request.app.state.server
    assert server.store is not None
    return server.store


def player_json(player: PlayerRecord) -> dict[str, Any]:
    """What anyone may know of a player: id (the profile's address), name, kind, since."""
    return {
        "id": player.player_id,
        "name": player.name,
        "kind": "account" if player.kind == "account" else "guest",
        "since": player.created_at,
    }


def counts(tallies: list[Tally]) -> list[dict[str, Any]]:
    """Tallies folded to one row per game and mode: matches, wins, losses, draws."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for tally in tallies:
        row = rows.setdefault(
            (tally.game, tally.mode),
            {"game": tally.game, "mode": tally.mode, "matches": 0, "wins": 0, "losses": 0,
             "draws": 0},
        )  # fmt: skip
        row["matches"] += tally.matches
        row[{"win": "wins", "loss": "losses"}.get(tally.outcome, "draws")] += tally.matches
    return [rows[key] for key in sorted(rows)]


async def known_player(request: Request, player_id: str) -> PlayerRecord | Response:
    """The player with this id, or the refusal that says why not (400 or 404)."""
    if not 0 < len(player_id) <= ID_CHARS:
        return http_error(400, "bad_query", f"a player id has 1 to {ID_CHARS} characters")
    found = await _store(request).player(player_id)
    if found is None:
        return http_error(404, "no_player", f"no player {player_id[:ID_CHARS]!r}")
    return found


async def profile(request: Request) -> Response:
    """``GET /api/players/{player_id}``: a player's public profile."""
    refused = allowed(request)
    if refused is not None:
        return refused
    player = await known_player(request, request.path_params["player_id"])
    if isinstance(player, Response):
        return player
    store = _store(request)
    pid = player.player_id
    records = counts(await store.tally(pid, public=True))
    ratings = {(r.game, r.mode): r.shown for r in await store.ratings(pid)}
    for row in records:
        row["rating"] = ratings.pop((row["game"], row["mode"]), None)
    recent = await store.list_tables(status="finished", player_id=pid, public=True, limit=RECENT)
    me: Guest = request.state.guest
    return JSONResponse(
        {
            "player": player_json(player),
            "me": me.id == pid,
            "records": records,
            "recent": [history_row(record, pid) for record in recent],
            "tournaments": [
                tournament_row(t.tournament_id, t.summary, pid)
                for t in await store.player_tournaments(pid, RECENT)
            ],
        }
    )


def tournament_row(tournament_id: str, summary: dict[str, Any], player_id: str) -> dict[str, Any]:
    """A tournament on a profile: what it was, and where the player finished (None while
    it runs) with the chips won."""
    mine: dict[str, Any] = next(
        (p for p in summary.get("places") or [] if p.get("player_id") == player_id), {}
    )
    return {
        "id": tournament_id, "name": summary.get("name", ""), "game": summary.get("game"),
        "options": summary.get("options", {}), "team": summary.get("team", 1),
        "status": summary.get("status"), "entries": summary.get("entries"),
        "created_at": summary.get("created_at"), "place": mine.get("place"),
        "prize": mine.get("prize", 0),
    }  # fmt: skip


async def head_to_head(request: Request) -> Response:
    """``GET /api/head-to-head?opponent=<player id>``: the viewer's matches with that
    player (at finished tables), counted per game and mode: against them, and as their
    partner."""
    refused = allowed(request)
    if refused is not None:
        return refused
    me: Guest = request.state.guest
    wanted = request.query_params.get("opponent")
    if wanted is None:
        return http_error(400, "bad_query", "opponent is the other player's id")
    if wanted == me.id:
        return http_error(400, "bad_query", "opponent is another player, not you")
    opponent = await known_player(request, wanted)
    if isinstance(opponent, Response):
        return opponent
    tallies = await _store(request).tally(me.id, opponent=opponent.player_id)
    return JSONResponse(
        {
            "opponent": player_json(opponent),
            "against": counts([t for t in tallies if not t.together]),
            "together": counts([t for t in tallies if t.together]),
        }
    )


ROUTES = [
    Route("/api/players/{player_id}", profile, methods=["GET"]),
    Route("/api/head-to-head", head_to_head, methods=["GET"]),
]
"""Add to ``create_app``'s routes: ``*records.ROUTES``."""
