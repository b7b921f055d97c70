"""The Starlette application: HTTP routes, the WebSocket endpoint and the room's life cycle.

``create_app(settings)`` opens the store (migrations), starts the bot pool and brings back
every live table on startup; on shutdown it lets owners finish their commits, then closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import structlog
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from circolo.server import metrics, words
from circolo.server.botpool import BotPool
from circolo.server.bus import Bus, open_bus
from circolo.server.connection import Session
from circolo.server.history import ROUTES as HISTORY_ROUTES
from circolo.server.history import Replays
from circolo.server.identity import COOKIE, Guest, Identities, cookie_args, new_guest
from circolo.server.page import MINIMAL_PAGE
from circolo.server.room import Room
from circolo.server.settings import Settings
from circolo.store import Store

log = structlog.get_logger(__name__)

WEB = Path(__file__).resolve().parent.parent / "web"


class Server:
    """What the app holds while it runs: the store, the room, the open sessions."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.identities = Identities(settings.secret_key)
        self.sessions: set[Session] = set()
        self.room: Room | None = None
        self.store: Store | None = None
        self.bots = BotPool(settings.bot_workers, settings.bot_margin, settings.bot_wait)
        self.bus: Bus | None = None
        self.closing = False
        self.replays = Replays(settings)

    async def start(self) -> None:
        started = time.perf_counter()
        self.store = await Store.open(self.settings.url)
        self.bus = await open_bus(self.settings.redis_url, self.settings.redis_prefix)
        self.bots.start()
        self.room = Room(self.settings, self.store, self.bus, self.bots)
        tables = await self.room.recover()
        log.info(
            "room_ready", url=self.settings.base_url, tables=tables, bots=self.bots.size,
            bus=type(self.bus).__name__,
            seconds=round(time.perf_counter() - started, 3),
        )  # fmt: skip

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

    async def stop(self) -> None:
        self.closing = True
        if self.room is not None:
            self.room.closing = True
            await self.room.stop()
        if self.bus is not None:
            await self.bus.close()
        if self.store is not None:
            await self.store.close()
        self.bots.close()
        log.info("room_stopped")

    def guest(self, cookies: dict[str, str]) -> Guest | None:
        return self.identities.guest(cookies.get(COOKIE))


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
        page = WEB / "index.html"
        if page.is_file():
            return HTMLResponse(page.read_text())
        return HTMLResponse(MINIMAL_PAGE)

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

    async def metrics_page(request: Request) -> Response:
        return Response(metrics.render(), media_type="text/plain; version=0.0.4")

    async def websocket(ws: WebSocket) -> None:
        if server.closing:
            await ws.close(1012)
            return
        session = Session(ws, room(), server.identities, settings, server.guest(ws.cookies))
        server.sessions.add(session)
        try:
            await session.run()
        finally:
            server.sessions.discard(session)

    routes: list[Any] = [
        Route("/", index),
        Route("/t/{table_id}", index),
        Route("/api/me", me),
        Route("/api/games", games),
        Route("/api/tables", tables),
        *HISTORY_ROUTES,
        Route("/healthz", healthz),
        Route("/metrics", metrics_page),
        WebSocketRoute("/ws", websocket),
        *words.routes,
    ]
    if WEB.is_dir():
        routes.append(Mount("/web", StaticFiles(directory=WEB), name="web"))
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(GuestCookie, server=server)],
    )
    app.state.server = server
    return app


class GuestCookie(BaseHTTPMiddleware):
    """Every HTTP request has a guest (``request.state.guest``); a new one gets its cookie."""

    def __init__(self, app: Any, server: Server) -> None:
        super().__init__(app)
        self.server = server

    async def dispatch(
        self, request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        guest = self.server.guest(request.cookies)
        fresh = guest is None
        request.state.guest = guest or new_guest()
        response = await call_next(request)
        if fresh:
            token = self.server.identities.token(request.state.guest)
            secure = self.server.settings.base_url.startswith("https:")
            response.set_cookie(**cookie_args(token, secure))  # type: ignore[arg-type]
        return response
