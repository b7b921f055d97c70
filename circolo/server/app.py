"""The Starlette application: HTTP routes, the WebSocket endpoint and the room's life cycle.

``create_app(settings)`` opens the store (migrations), starts the bot pool and brings back
every live table on startup; on shutdown it lets owners finish their commits, then closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import structlog
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from circolo.games import GAMES
from circolo.server import (
    accountroutes,
    chiproutes,
    metrics,
    muteroutes,
    naming,
    privacy,
    records,
    reports,
    rules,
    tournamentroutes,
    words,
)
from circolo.server.accounts import SESSION_COOKIE, Accounts, Login
from circolo.server.botpool import BotPool
from circolo.server.bus import Bus, open_bus
from circolo.server.cluster import Cluster
from circolo.server.clusterroom import ClusterRoom
from circolo.server.connection import CLOSE_POLICY, CLOSE_RATE, CLOSE_RESTART, Session
from circolo.server.deals import ROUTES as DEAL_ROUTES
from circolo.server.deals import DealRate
from circolo.server.headers import SecurityHeaders, origin_allowed
from circolo.server.history import ROUTES as HISTORY_ROUTES
from circolo.server.history import Replays
from circolo.server.http import routing_refusal
from circolo.server.identity import COOKIE, Guest, Identities, cookie_header, new_guest
from circolo.server.lease import Leases
from circolo.server.names import language
from circolo.server.ratelimit import CoolDown, Quota, SlidingWindow
from circolo.server.ratings import ROUTES as RATING_ROUTES
from circolo.server.room import Room
from circolo.server.settings import Settings
from circolo.store import Store, StoreError
from circolo.table import TableSettings

log = structlog.get_logger(__name__)

WEB = Path(__file__).resolve().parent.parent / "web"
REVOCATIONS_EVERY = 10.0
"""Seconds between two reads of the revoked tokens (``circolo revoke`` from elsewhere)."""
CLOSE_REVOKED = 4003


class Server:
    """What the app holds while it runs: the store, the room, the open sessions."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.identities = Identities(settings.secret_key, settings.token_days * 24 * 3600)
        self.sessions: set[Session] = set()
        self.addresses = Quota(settings.websockets_per_address)  # open WebSockets by address
        self.players = Quota(settings.websockets_per_player)  # and by player
        self.cooling = CoolDown(settings.rate_cooldown)  # addresses closed for flooding
        self._told = SlidingWindow(1, 60.0)  # a refused address is logged once a minute
        self.room: Room | None = None
        self.store: Store | None = None
        self.bots = BotPool(settings.bot_workers, settings.bot_margin, settings.bot_wait)
        self.bus: Bus | None = None
        self._redis: Any = None  # the leases' client, several processes
        self.closing = False
        self._revocations: asyncio.Task[None] | None = None
        self.replays = Replays(settings)
        self.deals = DealRate(settings)
        self.records = SlidingWindow(settings.record_requests, settings.record_window)
        self.renames = naming.Renames()
        self.accounts: Accounts | None = None
        self.logins: dict[Session, tuple[str, str]] = {}  # a logged-in connection's login
        self.mute_limits = muteroutes.MuteLimits()
        self.report_limits = reports.ReportLimits(
            settings.reports_per_player, settings.reports_per_address
        )
        self.tournament_rate = tournamentroutes.TournamentRate(
            settings.tournament_requests, settings.tournament_window
        )
        self.chip_limits = chiproutes.ChipLimits(
            settings.chips_per_player, settings.chips_per_address
        )

    async def start(self) -> None:
        started = time.perf_counter()
        self.store = await Store.open(self.settings.url, on_commit=metrics.committed)
        self.bus = await open_bus(self.settings.redis_url, self.settings.redis_prefix)
        self.accounts = Accounts(
            self.store,
            logins_per_name=self.settings.logins_per_name,
            logins_per_address=self.settings.logins_per_address,
            registrations_per_address=self.settings.registrations_per_address,
        )
        await self.read_revocations()
        self._revocations = asyncio.create_task(self._watch_revocations())
        self.bots.start()
        self.room = await self._room(self.store, self.bus)
        tables = await self.room.recover()
        log.info(
            "room_ready", url=self.settings.base_url, tables=tables, bots=self.bots.size,
            bus=type(self.bus).__name__,
            seconds=round(time.perf_counter() - started, 3),
        )  # fmt: skip

    async def _room(self, store: Store, bus: Bus) -> Room:
        """One process's room, or, over PostgreSQL and Redis, a part of a room of several
        (each table owned by one of them, by lease)."""
        if not self.settings.cluster:
            return Room(self.settings, store, bus, self.bots)
        from redis.asyncio import Redis

        self._redis = Redis.from_url(self.settings.redis_url, socket_connect_timeout=5)
        process_id = Cluster.new_process_id()
        leases = Leases(
            self._redis, process_id, self.settings.lease_ttl, self.settings.redis_prefix
        )
        life = Leases(  # a process is dead for the others after four leases' time
            self._redis, process_id, 4 * self.settings.lease_ttl, self.settings.redis_prefix
        )
        cluster = Cluster(store, bus, leases, life, process_id, self.settings.lease_ttl)
        log.info("cluster_process", process=process_id)
        return ClusterRoom(self.settings, store, bus, self.bots, cluster)

    async def notify_shutdown(self) -> None:
        """Tell every connection the server restarts, and give the frames time to leave."""
        self.closing = True
        if self.room is not None:
            self.room.closing = True
        for session in tuple(self.sessions):
            session.notify_shutdown(2.0)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(1.0):
                await asyncio.gather(*(s.drained() for s in tuple(self.sessions)))

    async def read_revocations(self) -> None:
        """The guests revoked within a token's lifetime (older tokens expired anyway); the
        connections of a revoked token are closed."""
        assert self.store is not None
        since = time.time() - self.identities.max_age
        self.identities.revoked = await self.store.revocations(since)
        for session in tuple(self.sessions):
            if session.guest is not None and self.identities.void(session.guest):
                log.info("revoked_connection_closed", player=session.guest.id)
                await session.close(CLOSE_REVOKED)

    async def _watch_revocations(self) -> None:
        while True:
            await asyncio.sleep(REVOCATIONS_EVERY)
            try:
                await self.read_revocations()
            except Exception:
                log.exception("revocations_unread")

    async def stop(self) -> None:
        self.closing = True
        if self._revocations is not None:
            self._revocations.cancel()
        if self.room is not None:
            self.room.closing = True
            await self.room.stop()
        if self.bus is not None:
            await self.bus.close()
        if self._redis is not None:
            await self._redis.aclose()
        if self.store is not None:
            await self.store.close()
        self.bots.close()
        log.info("room_stopped")

    def guest(self, cookies: dict[str, str]) -> Guest | None:
        return self.identities.guest(cookies.get(COOKIE))

    async def login(self, cookies: dict[str, str]) -> Login | None:
        """The account a session cookie stands for, or None (a guest)."""
        session_id = cookies.get(SESSION_COOKIE)
        if not session_id or self.accounts is None:
            return None
        try:
            return await self.accounts.who(session_id)
        except StoreError:  # the store is away: a guest for this request, not a 500
            log.warning("session_unread")
            return None

    async def upgraded(self, guest: Guest, name: str) -> None:
        """``guest`` is now an account named ``name``: its guest tokens are void (a copy
        left in a browser is no way into the account), its open connections carry on as
        the account."""
        assert self.store is not None
        now = time.time()
        await self.store.revoke(guest.id, now)
        self.identities.revoked[guest.id] = now
        for session in self.sessions:
            if session.guest is not None and session.guest.id == guest.id:
                session.guest = Guest(guest.id, name, named=True, since=now)

    def close_logins(self, player_id: str, keep: str | None) -> None:
        """Close the connections logged in as ``player_id`` by a session other than
        ``keep`` (their session ended: a reconnection is a guest's)."""
        for session, (player, session_hash) in tuple(self.logins.items()):
            if player == player_id and session_hash != keep:
                log.info("logged_out_connection_closed", player=player_id)
                asyncio.get_running_loop().create_task(session.close(CLOSE_REVOKED))

    async def admit(self, ws: WebSocket) -> str | None:
        """The address a new WebSocket counts for (``give`` it back when it closes), or None
        when that address has too many open: then it is closed 1008, with the reason."""
        address = ws.client.host if ws.client else ""
        if address in self.cooling:  # behind a proxy, the transport cannot tell (see Sockets)
            metrics.REFUSED.labels("cooling").inc()
            await ws.close(CLOSE_RATE)
            return None
        if not self.addresses.take(address):
            metrics.REFUSED.labels("address").inc()
            if self._told.allow(address, time.monotonic()):
                log.warning(
                    "websockets_per_address", address=address,
                    limit=self.addresses.limit, proxied=bool(self.settings.trusted_proxies),
                )  # fmt: skip
            await ws.accept()
            await ws.close(CLOSE_POLICY, "too many connections from this address")
            return None
        return address


def create_app(settings: Settings) -> Starlette:
    """The whole server as one ASGI app."""
    server = Server(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    def room() -> Room:
        assert server.room is not None
        return server.room

    async def index(request: Request) -> Response:
        return HTMLResponse((WEB / "index.html").read_text())

    async def favicon(request: Request) -> Response:
        """The room's icon where a browser looks without being told (the pages link the SVG)."""
        icon = WEB / "favicon.svg"
        if not icon.is_file():
            return Response("Not Found", status_code=404, media_type="text/plain")
        return Response(
            icon.read_bytes(),
            media_type="image/svg+xml",
            headers={"cache-control": "max-age=86400"},
        )

    async def rules_page(request: Request) -> Response:
        """A game's rules page: the client, opened at that game's rules."""
        if request.path_params["game"] not in GAMES:
            return Response("Not Found", status_code=404, media_type="text/plain")
        return await index(request)

    async def me(request: Request) -> Response:
        guest: Guest = request.state.guest
        return JSONResponse(guest.to_json())

    async def games(request: Request) -> Response:
        return JSONResponse(room().games())

    async def tables(request: Request) -> Response:
        return JSONResponse(room().listing())

    async def healthz(request: Request) -> Response:
        ok = server.store is not None and not server.closing and await server.store.healthy()
        return JSONResponse({"ok": ok}, status_code=200 if ok else 503)

    metrics_from = [ipaddress.ip_network(n, strict=False) for n in settings.metrics_from]

    async def metrics_page(request: Request) -> Response:
        try:
            address = ipaddress.ip_address(request.client.host if request.client else "")
        except ValueError:
            address = None
        if address is None or not any(address in network for network in metrics_from):
            return Response("Not Found", status_code=404, media_type="text/plain")
        return Response(metrics.render(), media_type="text/plain; version=0.0.4")

    async def websocket(ws: WebSocket) -> None:
        if not origin_allowed(settings, ws.scope):
            log.info("websocket_origin_refused", origin=ws.headers.get("origin", "")[:200])
            await ws.close(1008)  # before accepting: the browser sees HTTP 403
            return
        if server.closing:
            await ws.close(CLOSE_RESTART)
            return
        address = await server.admit(ws)
        if address is None:
            return
        login = await server.login(ws.cookies)
        guest = login.guest() if login is not None else server.guest(ws.cookies)
        session = Session(ws, room(), server.identities, settings, guest, server.players)
        server.sessions.add(session)
        if login is not None:
            server.logins[session] = (login.account.player_id, login.session_hash)
        try:
            await session.run()
        finally:
            server.sessions.discard(session)
            server.logins.pop(session, None)
            server.addresses.give(address)
            if session.flooded:
                server.cooling.start(address)

    routes: list[Any] = [
        Route("/", index),
        Route("/t/{table_id}", index),
        Route("/rules", index),
        Route("/help", index),
        Route("/rules/{game}", rules_page),
        Route("/api/me", me),
        Route("/api/games", games),
        Route("/api/tables", tables),
        *HISTORY_ROUTES,
        *RATING_ROUTES,
        *records.ROUTES,
        *DEAL_ROUTES,
        *naming.ROUTES,
        *accountroutes.ROUTES,
        *muteroutes.ROUTES,
        *reports.ROUTES,
        *privacy.ROUTES,
        *tournamentroutes.ROUTES,
        *chiproutes.ROUTES,
        Route("/healthz", healthz),
        Route("/favicon.ico", favicon),
        Route("/metrics", metrics_page),
        WebSocketRoute("/ws", websocket),
        *words.routes,
        *rules.routes(TableSettings.from_json(settings.table or None)),
    ]
    if WEB.is_dir():
        routes.append(Mount("/web", StaticFiles(directory=WEB), name="web"))
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: routing_refusal},
        lifespan=lifespan,
        middleware=[
            Middleware(SecurityHeaders, settings=settings),
            Middleware(GuestCookie, server=server),
        ],
    )
    app.state.server = server
    return app


class GuestCookie:
    """Every HTTP request has a player (``request.state.guest``): the account its session
    cookie stands for (``request.state.login``), else the guest of its guest cookie. A
    new guest (named in the language the browser asks for) gets its cookie, and a token
    older than a day is signed again, as is one a route changed (it sets
    ``request.state.sign``). While logged in, the guest cookie keeps the browser's own
    guest (``request.state.cookie_guest``), never the account. Plain ASGI, no
    BaseHTTPMiddleware."""

    def __init__(self, app: ASGIApp, server: Server) -> None:
        self.app = app
        self.server = server

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        identities = self.server.identities
        request = Request(scope)
        known = self.server.guest(request.cookies)
        guest = known or new_guest(language(request.headers.get("accept-language", "")))
        static = scope["path"].startswith("/web/")  # files: nobody's, no lookup
        login = None if static else await self.server.login(request.cookies)
        state = scope.setdefault("state", {})
        state["cookie_guest"] = guest
        state["login"] = login
        state["guest"] = login.guest() if login is not None else guest
        sign = known is None or identities.stale(known)

        async def sending(message: Message) -> None:
            if (sign or state.get("sign")) and message["type"] == "http.response.start":
                secure = self.server.settings.base_url.startswith("https:")
                signed = state["guest"] if state.get("login") is None else state["cookie_guest"]
                token = identities.token(signed)
                value = cookie_header(token, identities.max_age, secure)
                MutableHeaders(scope=message).append("set-cookie", value)
            await send(message)

        await self.app(scope, receive, sending)
