"""Requests between the room's processes, over the bus.

Each process listens on the topic ``rpc:<its id>``. A request names an operation and its
JSON arguments; the answer comes back on the asker's topic: a JSON value, or the error a
local call would have raised (a table's, the protocol's, a tournament's or the chips'), so
a player is answered the same whichever process owns the table. Requests and
answers ride the bus in order with the table's frames: an answer is never ahead of the
frames published before it.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Awaitable, Callable
from typing import Any

import structlog

from circolo.chips import ChipsError
from circolo.server.bus import Bus, Subscription, encode
from circolo.server.protocol import ProtocolError
from circolo.table import TableError
from circolo.tournaments import TournamentError

log = structlog.get_logger(__name__)

Handler = Callable[[str, dict[str, Any]], Awaitable[Any]]
"""An operation's handler: (the asking process, arguments) -> a JSON value."""


class Unreachable(Exception):
    """The other process did not answer in time (it died, or Redis is away)."""


def rpc_topic(process_id: str) -> str:
    return f"rpc:{process_id}"


EVERYONE = rpc_topic("all")
"""Where a message to every process goes (no answer is awaited)."""


class Peers:
    """Ask another process to do something, and answer what others ask of this one."""

    def __init__(self, bus: Bus, process_id: str, timeout: float = 5.0) -> None:
        self.bus = bus
        self.process_id = process_id
        self.timeout = timeout
        self._handlers: dict[str, Handler] = {}
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._ids = itertools.count(1)
        self._tasks: set[asyncio.Task[None]] = set()
        self._subscriptions: list[Subscription] = [
            bus.subscribe(rpc_topic(process_id), self._receive),
            bus.subscribe(EVERYONE, self._receive),
        ]

    def serve(self, op: str, handler: Handler) -> None:
        self._handlers[op] = handler

    async def call(self, process_id: str, op: str, **args: Any) -> Any:
        """``op`` done by ``process_id``: its answer, or its error raised here."""
        if process_id == self.process_id:
            return await self._handlers[op](process_id, args)
        request = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[request] = future
        message = {"id": request, "from": self.process_id, "op": op, "args": args}
        self.bus.publish_now(rpc_topic(process_id), encode(message))
        try:
            async with asyncio.timeout(self.timeout):
                return await future
        except TimeoutError:
            raise Unreachable(f"process {process_id} did not answer {op}") from None
        finally:
            self._waiting.pop(request, None)

    def tell(self, process_id: str, op: str, **args: Any) -> None:
        """``op`` sent to ``process_id`` with no answer awaited (it may be lost)."""
        message = {"from": self.process_id, "op": op, "args": args}
        self.bus.publish_now(rpc_topic(process_id), encode(message))

    def broadcast(self, op: str, **args: Any) -> None:
        """``op`` sent to every process, this one too (no answer awaited)."""
        self.bus.publish_now(EVERYONE, encode({"from": self.process_id, "op": op, "args": args}))

    def close(self) -> None:
        for subscription in self._subscriptions:
            subscription.close()
        for task in self._tasks:
            task.cancel()
        for future in self._waiting.values():
            future.cancel()

    def _receive(self, text: str) -> None:
        try:
            message = json.loads(text)
        except ValueError:
            log.warning("peer_message_unreadable")
            return
        if "reply" in message:
            future = self._waiting.get(message["reply"])
            if future is not None and not future.done():
                if "error" in message:
                    future.set_exception(_error(message["error"]))
                else:
                    future.set_result(message.get("ok"))
            return
        task = asyncio.create_task(self._answer(message))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _answer(self, message: dict[str, Any]) -> None:
        asker, request = message.get("from"), message.get("id")
        handler = self._handlers.get(message.get("op", ""))
        reply: dict[str, Any] = {"reply": request}
        try:
            if handler is None:
                # another version of the room, in a rolling restart: the player tries again
                raise ProtocolError("busy", "the room is being updated: try again")
            reply["ok"] = await handler(str(asker), message.get("args") or {})
        except TableError as error:
            reply["error"] = {
                "kind": "table", "code": error.code, "message": error.message,
                "reason": error.reason, "params": dict(error.params or {}),
            }  # fmt: skip
        except TournamentError as error:
            reply["error"] = {"kind": "tournament", "code": error.code, "message": error.message}
        except ChipsError as error:
            reply["error"] = {"kind": "chips", "answer": error.answer()}
        except ProtocolError as error:
            reply["error"] = {
                "kind": "protocol", "code": error.code, "message": error.message,
                "extra": error.extra,
            }  # fmt: skip
        except Exception as error:
            log.exception("peer_request_failed", op=message.get("op"))
            reply["error"] = {"kind": "protocol", "code": "busy", "message": str(error)[:200]}
        if request is not None and asker:
            self.bus.publish_now(rpc_topic(str(asker)), encode(reply))


class RemoteChipsError(ChipsError):
    """A chip movement another process refused: answered as it answered it."""

    def __init__(self, answer: dict[str, Any]) -> None:
        super().__init__(str(answer.get("message")))
        self.code = str(answer.get("code"))
        self._answer = answer

    def answer(self) -> dict[str, object]:
        return dict(self._answer)


def _error(data: dict[str, Any]) -> Exception:
    code, message = str(data.get("code")), str(data.get("message"))
    if data.get("kind") == "tournament":
        return TournamentError(code, message)
    if data.get("kind") == "chips":
        return RemoteChipsError(dict(data.get("answer") or {}))
    if data.get("kind") == "table":
        return TableError(code, message, data.get("reason"), data.get("params") or None)
    return ProtocolError(code, message, **(data.get("extra") or {}))
