"""One WebSocket connection: the handshake, checked frames, heartbeats, and transport.

It never changes a table itself: seat actions go to the table's owner through the room.
Frames go out through one writer task, in order; a client that stops reading is closed.
Every frame, ``hello`` too, counts against the connection's rate limit before it is parsed;
a client that stays over it is closed (4429).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

import structlog
from starlette.websockets import WebSocket, WebSocketDisconnect

from circolo.engine import EngineError
from circolo.levels import LEVELS
from circolo.mailbox import Mailbox
from circolo.server import metrics
from circolo.server import protocol as p
from circolo.server.bus import Subscription, encode
from circolo.server.feeds import Delivery, Feed
from circolo.server.identity import Guest, Identities, clean_text, new_guest
from circolo.server.names import language
from circolo.server.owner import Frame, Outgoing
from circolo.server.ratelimit import FrameLimit, Quota, Verdict
from circolo.server.room import Room
from circolo.server.settings import Settings
from circolo.server.silence import Silence
from circolo.server.transport import FRAMES
from circolo.table import (
    Command,
    Continue,
    Play,
    Rematch,
    ReturnToTable,
    StartMatch,
    TableError,
    Vote,
)
from circolo.table.settings import SPEEDS

log = structlog.get_logger(__name__)

QUEUE_LIMIT = 4096
CLOSE_SILENT = 4000
CLOSE_SLOW = 4001
CLOSE_RESTART = 1012  # the server is shutting down: come back after retry_after
CLOSE_POLICY = 1008  # too many connections from one address, or for one player
CLOSE_RATE = 4429  # over the frame rate for longer than its grace
_OVER_RATE = metrics.REFUSED.labels("rate")  # bound once: a refused frame costs little


class Session:
    """Serves one connection until it closes."""

    def __init__(
        self,
        websocket: WebSocket,
        room: Room,
        identities: Identities,
        settings: Settings,
        guest: Guest | None,
        players: Quota | None = None,
    ) -> None:
        self.ws = websocket
        self.room = room
        self.identities = identities
        self.settings = settings
        self.guest = guest
        self.tables: dict[str, Feed] = {}
        self.lobby: Subscription | None = None
        self.mine: Subscription | None = None  # frames for this player: a next match
        self.limit = FrameLimit(settings.rate, settings.burst)
        self.players = players  # connections held by each player, checked at welcome
        self._held: str | None = None  # the player this connection counts for
        self._out: Mailbox[Outgoing | Delivery | None] = Mailbox()
        self._closing = False
        self._muting: str | None = None  # the player whose mute list this connection holds
        self.flooded = False  # closed for staying over the frame rate (its address cools down)
        self._silence = Silence()  # the hello deadline, then the heartbeat timeout

    # -- life --------------------------------------------------------------------------------

    async def run(self) -> None:
        await self.ws.accept()
        metrics.CONNECTIONS.inc()
        writer = asyncio.create_task(self._write())
        try:
            if await self._hello():
                await self._serve()
        except WebSocketDisconnect:
            pass
        finally:
            self._closing = True
            self._silence.close()
            self._cleanup()
            if self._held is not None and self.players is not None:
                self.players.give(self._held)
            if self._muting is not None:
                self.room.mutes.release(self._muting)
            self._out.put_nowait(None)
            await asyncio.gather(writer, return_exceptions=True)
            metrics.CONNECTIONS.dec()

    def _cleanup(self) -> None:
        if self.lobby is not None:
            self.lobby.close()
        if self.mine is not None:
            self.mine.close()
        for feed in self.tables.values():
            self.room.close_feed(feed)
        self.tables.clear()

    async def _write(self) -> None:
        """Send the queued frames in order. Under our protocol (``FRAMES``) the frames
        queued by the time the writer runs go out together: one write instead of one
        each. (Waiting a turn of the loop for a move's ack to join its events delays
        every frame by that turn: not measured to help.)"""
        write = self._frames().get("write")
        while True:
            frame = await self._out.get()
            texts: list[str] = []
            while frame is not None:
                text = self._text(frame)
                if text is not None:
                    texts.append(text)
                if write is None or self._out.empty():
                    break
                frame = self._out.get_nowait()
            if texts and (write is None or not write(texts)):
                try:
                    for text in texts:
                        await self.ws.send_text(text)
                except Exception:
                    return
            if frame is None:
                return

    def _frames(self) -> dict[str, Any]:
        """Our protocol's ``FRAMES`` extension (empty under another server)."""
        scope = getattr(self.ws, "scope", None) or {}  # a test's socket may have none
        return dict((scope.get("extensions") or {}).get(FRAMES) or {})

    def _text(self, frame: Outgoing | Delivery) -> str | None:
        """A queued frame's text; None if it may not be sent (or is not JSON)."""
        if isinstance(frame, Delivery):
            if not self.room.authorized(frame):
                metrics.DELIVERIES_REFUSED.inc()
                return None
            frame = frame.frame
        try:
            return frame if isinstance(frame, str) else encode(frame)
        except ValueError:  # NaN or Infinity: a bug to see, never invalid JSON sent
            log.exception("frame_not_json", frame=str(frame)[:200])
            return None

    def send(self, frame: Outgoing | Delivery) -> None:
        """Queue a frame (or its text, from the bus); a client this far behind is closed
        (it will resync)."""
        if self._closing:
            return
        if self._out.qsize() >= QUEUE_LIMIT:
            self._closing = True
            metrics.REFUSED.labels("slow_reader").inc()
            log.info("slow_reader_cut", player=self.guest.id if self.guest else None)
            cut = self._frames().get("cut")
            if cut is not None:  # it does not read: a close would wait for it forever
                cut(CLOSE_SLOW, "too slow: frames not read")
            else:
                asyncio.get_running_loop().create_task(self.close(CLOSE_SLOW))
            return
        self._out.put_nowait(frame)

    async def close(self, code: int, reason: str | None = None) -> None:
        self._closing = True
        with contextlib.suppress(Exception):
            await self.ws.close(code, reason)

    def error(self, error: p.ProtocolError, ref: str | None = None) -> None:
        metrics.ERRORS.labels(error.code).inc()
        self.send(p.error_frame(error, ref))

    async def _receive(self, timeout: float) -> str | bytes | None:
        """The next frame's text within the rate limit, or None when the client sent
        nothing for ``timeout`` seconds. A frame over the limit is refused: the first of a
        run is answered ``rate_limited`` (parsed only for its ``ref``), the others are
        dropped unparsed, and a client that keeps on is closed (``WebSocketDisconnect``)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            message = await self._silence.wait(self.ws.receive(), deadline)
            if message is None:
                return None
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(message.get("code", 1000))
            data: str | bytes | None = message.get("text")
            if data is None:
                data = message.get("bytes") or b""
            metrics.FRAMES.inc()
            verdict = self.limit.judge()
            if verdict is Verdict.SERVE:
                return data
            _OVER_RATE.inc()
            if verdict is Verdict.ANSWER:
                retry = round(self.limit.bucket.retry_after(), 3)
                slow = "too many frames: slow down"
                self.error(p.ProtocolError("rate_limited", slow, retry_after=retry), _ref(data))
            elif verdict is Verdict.CLOSE:
                metrics.REFUSED.labels("rate_close").inc()
                with contextlib.suppress(TimeoutError):  # the rate_limited answer first
                    async with asyncio.timeout(1.0):
                        await self.drained()
                self.flooded = True
                await self.close(CLOSE_RATE, "too many frames")
                raise WebSocketDisconnect(CLOSE_RATE)

    # -- handshake ---------------------------------------------------------------------------

    async def _hello(self) -> bool:
        deadline = time.monotonic() + self.settings.hello_timeout
        while True:
            raw = await self._receive(max(0.0, deadline - time.monotonic()))
            if raw is None:
                await self.close(CLOSE_SILENT)
                return False
            try:
                frame = p.parse(raw, self.settings.frame_bytes)
            except p.ProtocolError as error:
                self.error(error)
                continue
            if not isinstance(frame, p.Hello):
                self.error(p.ProtocolError("hello_first", "send hello first"), frame.id)
                continue
            if frame.protocol != p.PROTOCOL:
                self.error(
                    p.ProtocolError(
                        "protocol_version",
                        f"this server speaks protocol {p.PROTOCOL}, not {frame.protocol}",
                        expected=p.PROTOCOL,
                    ),
                    frame.id,
                )
                continue
            return await self._welcome(frame)

    async def _welcome(self, hello: p.Hello) -> bool:
        """Who this is: the token in ``hello``, else the cookie, else a new guest; closed
        when that player has too many connections already. A token (signed again now)
        goes only to a client without the cookie: a browser page has the HttpOnly cookie,
        and its script is never given the identity to keep."""
        from_token = self.identities.guest(hello.token)
        from_cookie = from_token is None and self.guest is not None
        if from_token is not None:
            self.guest = from_token
        if self.guest is None:
            self.guest = new_guest(language(self.ws.headers.get("accept-language", "")))
        if self.players is not None:
            if not self.players.take(self.guest.id):
                metrics.REFUSED.labels("player").inc()
                await self.close(CLOSE_POLICY, "too many connections for this player")
                return False
            self._held = self.guest.id
        self.mine = self.room.subscribe_player(self.guest.id, self.send)
        await self.room.mutes.hold(self.guest.id)  # before any table: no muted line slips
        self._muting = self.guest.id
        token = None if from_cookie else self.identities.token(self.guest)
        settings = self.settings
        self.send(
            p.frame(
                "welcome",
                ref=hello.id,
                protocol=p.PROTOCOL,
                server_time=time.time(),
                player=self.guest.to_json(),
                token=token,
                heartbeat={
                    "interval": settings.heartbeat_interval,
                    "timeout": settings.heartbeat_timeout,
                },
                limits={
                    "frame_bytes": settings.frame_bytes,
                    "rate": settings.rate,
                    "burst": settings.burst,
                    "chat_chars": settings.chat_chars,
                    "connections": settings.websockets_per_player,
                },
                tables=await self.room.tables_of(self.guest),
            )
        )
        return True

    # -- frames ------------------------------------------------------------------------------

    async def _serve(self) -> None:
        while not self._closing:
            raw = await self._receive(self.settings.heartbeat_timeout)
            if raw is None:
                await self.close(CLOSE_SILENT)
                return
            try:
                frame = p.parse(raw, self.settings.frame_bytes)
                await self._dispatch(frame)
            except p.ProtocolError as error:
                self.error(error, _ref(raw) if error.extra.get("ref") is None else None)
            except (TableError, EngineError) as error:
                self.error(
                    p.refusal(error.code, error.message, error.reason, error.params), _ref(raw)
                )
            except Exception:
                log.exception("frame_failed")
                self.error(
                    p.ProtocolError("internal", "the server failed: nothing changed"), _ref(raw)
                )

    async def _dispatch(self, frame: p.ClientFrame) -> None:
        guest = self.guest
        assert guest is not None
        room = self.room
        match frame:
            case p.Play():  # first: nearly every frame is a move
                await self._act(frame)
            case p.Ping():
                self.send(p.frame("pong", ref=frame.id, t=frame.t, server_time=time.time()))
            case p.Hello():
                raise p.ProtocolError("bad_frame", "hello is sent once")
            case p.LobbySubscribe():
                if self.lobby is None:
                    self.lobby = room.subscribe_lobby(self.send)
                self.send(
                    p.frame(
                        "lobby",
                        ref=frame.id,
                        games=room.games(),
                        speeds=list(SPEEDS),
                        bot_levels=list(LEVELS),
                        tables=room.listing(),
                    )
                )
            case p.LobbyUnsubscribe():
                if self.lobby is not None:
                    self.lobby.close()
                    self.lobby = None
                self.send(p.frame("ack", ref=frame.id))
            case p.TableCreate():
                self._may_open(None)
                await room.may_play(guest)
                table_id, seat, invite = await room.create(guest, frame)
                link = None
                if invite is not None:
                    link = room.invite_link(table_id, invite)
                created = p.frame(
                    "table.created", ref=frame.id, table_id=table_id, seat=seat, invite=link
                )
                await self._open(table_id, invite, None, watch=False, first=created)
            case p.TableJoin():
                self._may_open(frame.table_id)
                await room.may_play(guest)
                seat = await room.join(guest, frame.table_id, frame.seat, frame.invite, frame.rated)
                joined = p.frame("table.joined", ref=frame.id, table_id=frame.table_id, seat=seat)
                await self._open(frame.table_id, frame.invite, None, watch=False, first=joined)
            case p.TableWatch():
                await self._open(frame.table_id, frame.invite, None, watch=True, ref=frame.id)
            case p.TableOpen():
                await self._open(
                    frame.table_id, frame.invite, frame.since, watch=False, ref=frame.id
                )
            case p.TableClose():
                self._close_table(frame.table_id)
                self.send(p.frame("ack", ref=frame.id, table_id=frame.table_id))
            case p.TableLeave():
                opened = self.tables.get(frame.table_id)
                if opened is not None and opened.audience is None:
                    self._close_table(frame.table_id)
                else:  # every feed of the player's at this table closes, on every connection
                    await room.leave(guest, frame.table_id)
                self.send(p.frame("ack", ref=frame.id, table_id=frame.table_id))
            case p.PlayNow():
                self._may_open(None)
                await room.may_play(guest)
                wait = await room.tables.fairplay.delay(guest.id, room.clock())
                if wait is not None:
                    raise p.ProtocolError(
                        "play_now_delayed",
                        f"after {wait.abandoned} abandoned matches, Play now opens again at "
                        f"{wait.until:.0f} (epoch seconds)",
                        until=wait.until,
                        abandoned=wait.abandoned,
                    )
                table_id, seat, bots_at = await room.play_now(
                    guest, frame.game, frame.players, frame.level
                )
                kind = "play_now.waiting" if table_id in room.pending else "table.joined"
                seated = p.frame(kind, ref=frame.id, table_id=table_id, seat=seat, bots_at=bots_at)
                await self._open(table_id, None, None, watch=False, first=seated)
            case p.StartMatch() if frame.table_id in room.pending:  # Play now: bots now
                await room.start_with_bots(guest, frame.table_id)
                self.send(p.frame("ack", ref=frame.id, table_id=frame.table_id))
            case p.Chat():
                self._chat(frame)
            case p.NextMatch():
                await room.next_match(guest, frame.table_id, frame.accept)
                self.send(p.frame("ack", ref=frame.id, table_id=frame.table_id))
            case (
                p.Play()
                | p.StartMatch()
                | p.Continue()
                | p.Vote()
                | p.Rematch()
                | p.ReturnToTable()
            ):
                await self._act(frame)

    async def _act(self, frame: p.SeatAction) -> None:
        assert self.guest is not None
        seat = self.room.seat_at(self.guest, frame.table_id)

        def ack(seq: int) -> None:
            self.send(p.frame("ack", ref=frame.id, table_id=frame.table_id, seq=seq))

        await self.room.act(frame.table_id, _command(frame, seat), frame.id, ack)

    async def _open(
        self,
        table_id: str,
        invite: str | None,
        since: int | None,
        *,
        watch: bool,
        ref: str | None = None,
        first: Frame | None = None,
    ) -> None:
        """Open (or reopen) a table on this connection and send what it must see first
        (after ``first``, the answer to a create or join, once subscribed)."""
        guest = self.guest
        assert guest is not None
        self._may_open(table_id)
        feed = self.tables.get(table_id)
        if feed is not None and feed.audience == (
            None if watch else self.room.seat_of(guest, table_id)
        ):
            frames = await self.room.resync(guest, table_id, feed.audience, since)
        else:
            self._close_table(table_id)
            feed, frames = await self.room.open(
                guest, table_id, invite, since, self.send, self._revoked, watch=watch
            )
            self.tables[table_id] = feed
        if first is not None:
            self.send(first)
        elif not frames:
            self.send(p.frame("ack", ref=ref, table_id=table_id, seq=since))
        for i, frame in enumerate(frames):
            self.send(Delivery(feed, _with_ref(frame, ref) if ref and i == 0 else frame))

    def _may_open(self, table_id: str | None) -> None:
        """Each open table is a subscription the server holds: a connection has at most
        ``tables_per_connection`` (checked before a table is created or joined, too)."""
        if table_id not in self.tables and len(self.tables) >= self.settings.tables_per_connection:
            raise p.ProtocolError(
                "too_many_open",
                f"a connection has at most {self.settings.tables_per_connection} tables open:"
                " close one first",
            )

    def _close_table(self, table_id: str) -> None:
        feed = self.tables.pop(table_id, None)
        if feed is not None:
            self.room.close_feed(feed)

    def _revoked(self, feed: Feed, reason: str) -> None:
        """The room closed one of this connection's feeds (its player left the seat, or the
        table is gone): forget it, and say so."""
        if self.tables.get(feed.table_id) is feed:
            del self.tables[feed.table_id]
            self.send(p.frame("table.closed", table_id=feed.table_id, reason=reason))

    def _chat(self, frame: p.Chat) -> None:
        text = clean_text(frame.text).strip()
        if not text:
            raise p.ProtocolError("bad_frame", "text: a chat message is not empty")
        if len(text) > self.settings.chat_chars:
            raise p.ProtocolError(
                "chat_too_long", f"a chat message is at most {self.settings.chat_chars} characters"
            )
        assert self.guest is not None
        if not self.room.chat_allowed(self.guest.id):
            raise p.ProtocolError("chat_rate", "too many chat messages: wait a little")
        self.room.chat(self.guest, frame.table_id, text)
        self.send(p.frame("ack", ref=frame.id, table_id=frame.table_id))

    def notify_shutdown(self, retry_after: float) -> None:
        self.send(p.frame("shutdown", reason="restart", retry_after=retry_after))

    async def drained(self) -> None:
        while not self._out.empty() and not self._closing:
            await asyncio.sleep(0.01)


def _command(frame: p.SeatAction, seat: int) -> Command:
    """The table command a seat action frame asks for, from the sender's seat."""
    match frame:
        case p.Play():
            return Play(seat, frame.move, frame.ply)
        case p.StartMatch():
            return StartMatch(seat)
        case p.Continue():
            return Continue(seat)
        case p.Vote():
            return Vote(seat, frame.choice)
        case p.Rematch():
            return Rematch(seat, frame.accept)
    return ReturnToTable(seat)


def _with_ref(frame: Outgoing, ref: str) -> Outgoing:
    """The frame answering request ``ref`` (an encoded frame is a JSON object: its last
    character is its closing brace)."""
    if isinstance(frame, str):
        return f"{frame[:-1]},{encode({'ref': ref})[1:]}"
    return {**frame, "ref": ref}


def _ref(raw: str | bytes) -> str | None:
    """The request id of a frame that failed after parsing (for the error's ``ref``)."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    ref = data.get("id") if isinstance(data, dict) else None
    return ref if isinstance(ref, str) and len(ref) <= 64 else None
