"""The server's sockets under uvicorn, guarded where uvicorn does not guard them itself.

- A request's headers must be complete ``header_timeout`` seconds after its connection
  opened (on a kept-alive connection: after the next request's first bytes); else the
  connection is cut. uvicorn's h11 protocol has no such deadline: a socket that sent half
  a request stayed open for good, and 20,000 of them used up every file descriptor.
- Open TCP connections are counted from their accept to their close, the upgraded
  WebSockets too: at most ``connections_max`` in all (lowered to fit the file limit), at
  most ``sockets_per_address`` from one peer address (not counted behind a trusted proxy,
  whose address every player shares). A connection over a cap is cut before any work.
- The open-file limit is raised to its hard limit at start; running out of file
  descriptors is logged (uvloop accepts and closes such connections without a word).
- Several text frames queued for one WebSocket go out in one write (``FRAMES``): the
  frames are the same, with one system call and no pass through the ASGI stack each.
- A client that does not read is cut (``FRAMES``' ``cut``): its close frame is written at
  once, and the connection dropped ``CUT_AFTER`` seconds later if it is still open. An
  ASGI close waits until the socket takes more, which a client that never reads never
  lets happen: its connection, and every frame queued for it, stayed.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import math
import os
import resource
import time
from typing import Any

import h11
import structlog
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

from circolo.server import metrics
from circolo.server.ratelimit import CoolDown, Quota, SlidingWindow

log = structlog.get_logger(__name__)

FRAMES = "circolo.frames"
"""The scope extension of our WebSocket protocol: its ``write(texts)`` writes the texts as
as many frames, in order, in one write to the socket, without a pass through the ASGI
stack; False, nothing written, when the socket cannot take them now (then they are sent
one by one, as usual). Its ``cut(code, reason)`` closes the connection now, whether or
not the client reads."""
CUT_AFTER = 5.0  # seconds a cut connection has to take its close frame
FILES_KEPT = 128  # file descriptors left for the store, the bots, the logs: not for sockets
TOLD_EVERY = 60.0  # seconds between two warnings of one kind (and one address)


class Sockets:
    """The open TCP connections: in all, and by peer address (None: not by address)."""

    def __init__(
        self, total: int, per_address: int | None, cooling: CoolDown | None = None
    ) -> None:
        self.total = total
        self.by_address = None if per_address is None else Quota(per_address)
        self.cooling = cooling  # addresses closed for flooding a moment ago: cut at once
        self.open = 0
        self._told = SlidingWindow(1, TOLD_EVERY)

    def admit(self, address: str) -> bool:
        """True (and counted until ``release``) if one more connection from ``address``
        fits; a refusal is counted, and logged once a minute."""
        if self.open >= self.total:
            self._refused("full", "", open=self.open, limit=self.total)
            return False
        if self.by_address is not None and self.cooling is not None and address in self.cooling:
            self._refused("cooling", address)
            return False
        if self.by_address is not None and not self.by_address.take(address):
            self._refused("sockets", address, limit=self.by_address.limit)
            return False
        self.open += 1
        return True

    def release(self, address: str) -> None:
        self.open -= 1
        if self.by_address is not None:
            self.by_address.give(address)

    def _refused(self, cap: str, address: str, **fields: Any) -> None:
        metrics.REFUSED.labels(cap).inc()
        if self._told.allow(f"{cap} {address}", time.monotonic()):
            event = {"full": "connections_full", "cooling": "address_cooling"}.get(
                cap, "sockets_per_address"
            )
            log.warning(event, address=address or None, **fields)


def protocols(
    sockets: Sockets, header_timeout: float
) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's HTTP (h11) and WebSocket (websockets, sans-I/O) protocols, each connection
    admitted by ``sockets`` and released when it closes; a request's headers complete within
    ``header_timeout`` seconds."""

    class WebSocket(WebSocketsSansIOProtocol):
        """A connection ``Http`` upgraded: it holds that connection's place. Its scope
        offers ``FRAMES``."""

        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)
            if scope is not None:
                scope["extensions"][FRAMES] = {"write": self.write_now, "cut": self.cut}

        def write_now(self, texts: list[str]) -> bool:
            """Write ``texts`` as text frames now if the connection is open and its socket
            not paused (False, nothing written, otherwise: ``send`` them then)."""
            if (
                self.disconnected
                or not self.writable.is_set()
                or not self.handshake_complete
                or self.close_sent
                or self.initial_response is not None
            ):
                return False
            try:
                for text in texts:
                    self.conn.send_text(text.encode())
            except InvalidState:
                return False
            self.transport.write(b"".join(self.conn.data_to_send()))
            return True

        def cut(self, code: int, reason: str) -> None:
            """Close as an ASGI close does, without waiting for the socket to take more:
            the application is told at once, and the connection dropped if it has not
            closed ``CUT_AFTER`` seconds later."""
            if self.close_sent or self.disconnected or self.transport.is_closing():
                return
            self.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
            with contextlib.suppress(InvalidState):
                self.conn.send_close(code, reason)
                self.transport.write(b"".join(self.conn.data_to_send()))
            self.close_sent = True
            if self.read_paused:
                self.read_paused = False
                self.transport.resume_reading()
            self.close_timer = self.loop.call_later(CUT_AFTER, self.transport.abort)

        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            sockets.release(self.client[0] if self.client else "")
            # The frame parser keeps the error that ended it (a frame over the size limit),
            # whose traceback holds the parser, which holds the error: a cycle that kept
            # the whole connection (about 16 KiB) until the next full collection.
            self.conn.parser_exc = None
            # The scope's FRAMES extension holds this connection's bound methods: another
            # cycle (the writer that took them keeps them until it ends).
            scope = getattr(self, "scope", None)
            if scope is not None:
                scope["extensions"].pop(FRAMES, None)

    class Http(H11Protocol):
        """h11 with a deadline for each request's headers, admitted by ``sockets``."""

        address = ""
        admitted = False
        upgraded = False
        deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.address = self.client[0] if self.client else ""
            self.admitted = sockets.admit(self.address)
            if not self.admitted:
                transport.abort()
                return
            self._await_headers()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._await_headers()

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            self.upgraded = True  # the WebSocket holds the place from now on
            self._await_headers()
            super().handle_websocket_upgrade(event)

        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None
            if self.admitted and not self.upgraded:
                sockets.release(self.address)

        def _await_headers(self) -> None:
            """The deadline runs while a request has begun (or the connection is new) and
            its headers are not all here; it stops once they are."""
            waiting = not self.upgraded and self.conn.their_state is h11.IDLE
            if waiting and self.deadline is None and not self.transport.is_closing():
                self.deadline = self.loop.call_later(header_timeout, self._too_slow)
            elif not waiting and self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _too_slow(self) -> None:
            self.deadline = None
            metrics.REFUSED.labels("header_timeout").inc()
            self.transport.abort()

    return Http, WebSocket


def raise_file_limit() -> tuple[int, int]:
    """Raise this process's soft limit of open files to the hard limit: (before, after)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 16)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            target = soft
        return soft, target
    return soft, soft


def socket_budget(files: int, wanted: int) -> int:
    """How many connections may be open at once: ``wanted``, or fewer to fit ``files``
    (the open-file limit) with ``FILES_KEPT`` left for everything else."""
    if files == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, files - FILES_KEPT))


def out_of_files() -> bool:
    """Is this process out of file descriptors (or the system out of open files)?"""
    try:
        fd = os.open(os.devnull, os.O_RDONLY)
    except OSError as error:
        return error.errno in (errno.EMFILE, errno.ENFILE)
    os.close(fd)
    return False


async def watch_files(sockets: Sockets, every: float = 1.0) -> None:
    """Warn, every ``every`` seconds at most once a minute, while the process is out of
    file descriptors: new connections fail then, and the event loop says nothing of it."""
    told = -math.inf
    while True:
        await asyncio.sleep(every)
        if not out_of_files():
            continue
        metrics.REFUSED.labels("files").inc()
        now = time.monotonic()
        if now - told >= TOLD_EVERY:
            told = now
            limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
            log.warning(
                "out_of_file_descriptors", file_limit=limit, connections=sockets.open,
                hint="new connections fail: raise the open-file limit (ulimit -n) "
                "or lower CIRCOLO_CONNECTIONS_MAX",
            )  # fmt: skip
