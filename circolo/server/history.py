"""Match history and replays over HTTP: a guest's finished tables, and a finished table
step by step (every hand face up: once a match is over nothing is hidden any more).

``ROUTES`` go into the app's routes; each handler finds the running ``Server`` in
``request.app.state.server`` and the guest in ``request.state.guest`` (the cookie
middleware). A replay is the stored log handled again by the pure table, entry by entry.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import structlog
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo.engine import EngineError
from circolo.games import GAMES
from circolo.server.access import may_see_stored, seat_of
from circolo.server.http import client_address, http_error, too_many
from circolo.server.identity import Guest
from circolo.server.ratelimit import SlidingWindow
from circolo.server.settings import Settings
from circolo.store import TableLog, TableRecord, UnknownTable
from circolo.table import Presenter, SeatConfig, Table, TableConfig, TableError
from circolo.table.log import replaying

if TYPE_CHECKING:
    from circolo.server.app import Server

log = structlog.get_logger(__name__)

PAGE = 20
"""Rows of history when no ``limit`` is given."""
MAX_PAGE = 50
MODES = {"1v1": 2, "2v2": 4}
"""The ``mode`` filter: the seats of a table of each mode."""
ID_CHARS = 64
SHOWN = ("deal", "move", "hand_over", "match_over")
"""The spectators' happenings that make a replay step."""
NOISE = ("at", "bots")
"""Keys of a move message a replay step leaves out (the live table's bookkeeping)."""


def _server(request: Request) -> Server:
    server: Server = request.app.state.server
    assert server.store is not None
    return server


def _seats(seats: list[SeatConfig]) -> list[dict[str, Any]]:
    """The seats as the history shows them: a person's id is the address of their profile."""
    return [
        {"seat": n, "kind": s.kind, "name": s.name, "level": s.level, "player_id": s.player_id}
        for n, s in enumerate(seats)
    ]


def history_row(record: TableRecord, player_id: str) -> dict[str, Any]:
    """One finished table as the history page lists it, seen by ``player_id``."""
    config = record.config
    seats = [SeatConfig.from_json(seat) for seat in config.get("seats", [])]
    result = record.result or {}
    return {
        "table_id": record.table_id,
        "game": record.game,
        "options": {**config.get("options", {}), "players": len(seats)},
        "seats": _seats(seats),
        "my_seat": seat_of(seats, player_id),
        "created_at": record.created_at,
        "finished_at": record.finished_at,
        "result": {key: result.get(key) for key in ("winner", "reason", "totals", "hands")},
        "matches": [match.to_json() for match in record.matches],
    }


@dataclass(frozen=True)
class Query:
    """A history page asked for: where it starts, how long, and its filters."""

    before: float | None = None
    after_id: str | None = None
    limit: int = PAGE
    game: str | None = None
    players: int | None = None
    opponent: str | None = None
    opponent_name: str | None = None

    @property
    def filtered(self) -> bool:
        return any(f is not None for f in (self.game, self.players, self.opponent,
                                           self.opponent_name))  # fmt: skip


def _query(request: Request) -> Query | str:
    """The page asked for: ``before`` (a ``next_before`` cursor, ``<created_at>,<table_id>``,
    or a bare ``created_at``), ``limit``, and the filters ``game``, ``mode`` (1v1, 2v2),
    ``opponent`` (a player id) or ``opponent_name`` (exact); or what is wrong, in words."""
    params = request.query_params
    before: float | None = None
    after_id: str | None = None
    raw = params.get("before")
    if raw is not None:
        at, comma, table_id = raw.partition(",")
        try:
            before = float(at)
        except ValueError:
            return "before is a next_before cursor or a created_at time in seconds"
        if not math.isfinite(before) or (comma and not table_id):
            return "before is a next_before cursor or a created_at time in seconds"
        after_id = table_id or None
    limit = PAGE
    raw = params.get("limit")
    if raw is not None:
        if not raw.isdigit() or not 1 <= int(raw) <= MAX_PAGE:
            return f"limit is a whole number from 1 to {MAX_PAGE}"
        limit = int(raw)
    game = params.get("game")
    if game is not None and game not in GAMES:
        return f"game is one of {', '.join(GAMES)}"
    mode = params.get("mode")
    if mode is not None and mode not in MODES:
        return "mode is 1v1 or 2v2"
    opponent, name = params.get("opponent"), params.get("opponent_name")
    if opponent is not None and name is not None:
        return "opponent (an id) or opponent_name (a name), not both"
    for key, value in (("opponent", opponent), ("opponent_name", name)):
        if value is not None and not 0 < len(value) <= ID_CHARS:
            return f"{key} has 1 to {ID_CHARS} characters"
    players = None if mode is None else MODES[mode]
    return Query(before, after_id, limit, game, players, opponent, name)


async def history(request: Request) -> Response:
    """``GET /api/history?before=&limit=&game=&mode=&opponent=|opponent_name=``: the guest's
    finished tables, newest first, filtered by the query itself; ``next_before`` is the
    cursor of the next page (None on the last). A filtered page counts against the
    address's record requests."""
    query = _query(request)
    if isinstance(query, str):
        return http_error(400, "bad_query", query)
    guest: Guest = request.state.guest
    store = _server(request).store
    assert store is not None
    if query.filtered:
        server = _server(request)
        address, now = client_address(request), time.monotonic()
        if not server.records.allow(address, now):
            wait = server.records.retry_after(address, now)
            return too_many("profile and history requests", wait)
    if query.opponent is not None:
        if query.opponent == guest.id:
            return http_error(400, "bad_query", "opponent is another player, not you")
        if await store.player(query.opponent) is None:
            return http_error(404, "no_player", f"no player {query.opponent!r}")
    limit = query.limit
    records = await store.list_tables(
        status="finished", player_id=guest.id, before=query.before, after_id=query.after_id,
        limit=limit + 1, game=query.game, players=query.players, opponent=query.opponent,
        opponent_name=query.opponent_name,
    )  # fmt: skip
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
    return [list(table.hand.view(seat).core().hand) for seat in range(len(table.seats))]


def changes(old: Any, new: Any, path: list[str | int], out: list[list[Any]]) -> None:
    """What turns ``old`` into ``new``: ``[path, value]`` pairs, each setting the value at
    a path of object keys and list indexes (an empty path: the whole; the index after a
    list's last item adds one). Objects are followed key by key while they keep their
    keys, lists item by item while they do not shrink; anything else is given whole."""
    if old is new or old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() <= new.keys():
        for key, value in new.items():
            if key in old:
                changes(old[key], value, [*path, key], out)
            else:
                out.append([[*path, key], value])
        return
    if isinstance(old, list) and isinstance(new, list) and len(old) <= len(new):
        for index, value in enumerate(new):
            if index < len(old):
                changes(old[index], value, [*path, index], out)
            else:
                out.append([[*path, index], value])
        return
    out.append([path, new])


def replay_steps(config: TableConfig, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Handle the log again, entry by entry; a step for each move the spectators saw, and
    one (``event`` None) for an entry that deals or ends a hand or the match without a
    move. Each step says where it is (the match, a rematch being the next, and the hand of
    that match) and what changed on the screen since the step before (``changes``, see
    :func:`changes`) of ``{"state": the spectators' screen, "hands": every seat's cards}``;
    the first step's change is the whole. ``TableError`` ``log_mismatch`` if the log does
    not replay."""
    table = Table(config)
    spectators = Presenter(table, audiences=[None])  # a replay renders no seat's messages
    steps: list[dict[str, Any]] = []
    match = hand = 0
    screen: dict[str, Any] = {}
    shown_before: dict[str, Any] | None = None
    for step in replaying(table, entries):
        bodies = [body for audience, body in spectators.messages(step) if audience is None]
        for body in bodies:
            if body["type"] == "match_started":
                match, hand = body["match"], 0
            elif body["type"] == "deal":
                hand += 1
            elif body["type"] == "update":
                screen = {**screen, **body["state"]}
        shown = [body for body in bodies if body["type"] in SHOWN]
        if not shown:
            continue
        now = {"state": screen, "hands": _hands(table)}
        changed: list[list[Any]] = []
        changes(shown_before, now, [], changed)
        shown_before = now
        moves: list[dict[str, Any] | None] = [body for body in shown if body["type"] == "move"]
        if shown[0]["type"] == "deal" or not moves:
            moves = [None, *moves]
        for n, move in enumerate(moves):
            event = None if move is None else {k: v for k, v in move.items() if k not in NOISE}
            steps.append({"event": event, "match": match, "hand": hand,
                          "changes": changed if n == 0 else []})  # fmt: skip
    return steps


class _Bytes(OrderedDict[str, bytes]):
    """Finished tables' replay bodies, least recently used first, at most ``limit`` bytes."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        self.size = 0

    def get_body(self, key: str) -> bytes | None:
        body = self.get(key)
        if body is not None:
            self.move_to_end(key)
        return body

    def put(self, key: str, body: bytes) -> None:
        if len(body) > self.limit or key in self:
            return
        self[key] = body
        self.size += len(body)
        while self.size > self.limit:
            _, dropped = self.popitem(last=False)
            self.size -= len(dropped)


class Busy(Exception):
    """Too many replays are waiting for their turn."""


class Replays:
    """What bounds the replay route's cost: at most ``replay_requests`` per address per
    ``replay_window``; one replay computed at a time, ``replay_queue`` more waiting (a
    request for a table being computed waits for that one); finished tables' bodies kept
    (``replay_cache_bytes``): a finished table never changes."""

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = SlidingWindow(settings.replay_requests, settings.replay_window)
        self.queue = settings.replay_queue
        self.cache = _Bytes(settings.replay_cache_bytes)
        self.clock = clock
        self.computed = 0
        self._turn = asyncio.Lock()
        self._waiting = 0
        self._running: dict[str, asyncio.Future[bytes]] = {}

    def wait_for(self, address: str) -> float:
        """Seconds ``address`` must wait before its next replay (0: it may have it now)."""
        now = self.clock()
        if self.window.allow(address, now):
            return 0.0
        return self.window.retry_after(address, now)

    async def body(self, table_id: str, compute: Callable[[], Awaitable[bytes]]) -> bytes:
        """The table's replay: kept, being computed (for anyone: a request that goes away
        leaves it to the others and the cache), or computed in its turn; ``Busy`` when
        ``replay_queue`` already wait."""
        kept = self.cache.get_body(table_id)
        if kept is not None:
            return kept
        running = self._running.get(table_id)
        if running is None:
            if self._turn.locked() and self._waiting >= self.queue:
                raise Busy
            running = asyncio.get_running_loop().create_task(self._compute(table_id, compute))
            running.add_done_callback(_retrieved)  # its requests may all have gone
            self._running[table_id] = running
        return await asyncio.shield(running)

    async def _compute(self, table_id: str, compute: Callable[[], Awaitable[bytes]]) -> bytes:
        self._waiting += 1
        try:
            await self._turn.acquire()
        finally:
            self._waiting -= 1
        try:
            body = await compute()
        finally:
            self._turn.release()
            self._running.pop(table_id, None)
        self.computed += 1
        self.cache.put(table_id, body)
        return body


def _retrieved(task: asyncio.Task[bytes]) -> None:
    if not task.cancelled():
        task.exception()


async def replay(request: Request) -> Response:
    """``GET /api/tables/{table_id}/replay``: a finished table, step by step."""
    table_id = request.path_params["table_id"]
    server = _server(request)
    store = server.store
    assert store is not None
    replays = server.replays
    wait = replays.wait_for(client_address(request))
    if wait > 0:
        return too_many("replays", wait)
    guest: Guest = request.state.guest
    missing = http_error(404, "no_table", f"no table {table_id[:64]!r}")
    try:
        record = await store.table(table_id)
    except UnknownTable:
        return missing
    if not may_see_stored(record, guest.id, request.query_params.get("invite")):
        return missing  # the invite is stored with the table: it outlives restarts
    if record.status != "finished":
        return http_error(409, "table_live", "the table is still being played: no replay yet")

    async def compute() -> bytes:
        started = time.perf_counter()
        saved = await store.load(table_id)
        body = await asyncio.to_thread(_replay_body, saved)
        seconds = round(time.perf_counter() - started, 3)
        log.info("replay_computed", table=table_id, entries=len(saved.entries),
                 bytes=len(body), seconds=seconds)  # fmt: skip
        return body

    try:
        body = await replays.body(table_id, compute)
    except Busy:
        return http_error(
            429, "busy", "the server is replaying other tables: try again in 2 seconds",
            {"Retry-After": "2"},
        )  # fmt: skip
    except TableError as error:
        log.error("replay_failed", table=table_id, code=error.code, error=error.message)
        return http_error(
            422, "replay_unavailable",
            "this table's record cannot be replayed by this version of the server",
        )  # fmt: skip
    return Response(body, media_type="application/json")


def _replay_body(saved: TableLog) -> bytes:
    """The replay route's answer, encoded (run in a thread)."""
    record = saved.table
    try:
        config = TableConfig.from_json(record.config)
        steps = replay_steps(config, [e.data for e in saved.entries])
    except (EngineError, KeyError, TypeError, ValueError) as error:  # a config of other times
        raise TableError("log_mismatch", f"the table does not replay: {error}") from None
    answer = {
        "table_id": record.table_id,
        "config": _public_config(record.config),
        "result": record.result,
        "steps": steps,
    }
    return json.dumps(answer, separators=(",", ":"), ensure_ascii=False).encode()


ROUTES = [
    Route("/api/history", history, methods=["GET"]),
    Route("/api/tables/{table_id}/replay", replay, methods=["GET"]),
]
"""Add to ``create_app``'s routes: ``*history.ROUTES``."""
