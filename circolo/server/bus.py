"""The bus: table and lobby events from their owner to every connection that listens.

A topic is a string (``table:<id>``, ``lobby``); a message is one frame's JSON text,
serialized once by its publisher (``encode``) and sent as it is to every connection. The
in-process bus is the default; the Redis bus (pub/sub on the same topics; the setting
``CIRCOLO_REDIS_URL``) replaces it for several processes, and publishing never waits for
a slow subscriber.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections import defaultdict
from collections.abc import Callable
from typing import Any, Protocol

import structlog

from circolo.jsontext import dumps

log = structlog.get_logger(__name__)

Message = str
Handler = Callable[[Message], None]


encode = dumps
"""A frame as the compact JSON text that goes on the bus and the wire (``jsontext``)."""


class Subscription(Protocol):
    def close(self) -> None: ...


class Bus(Protocol):
    """Publish to a topic; subscribe a handler (called on the event loop, must not block)."""

    async def publish(self, topic: str, message: Message) -> None: ...

    def publish_now(self, topic: str, message: Message) -> None:
        """Hand the message to this process's handlers at once (and on, without waiting)."""
        ...

    def subscribe(self, topic: str, handler: Handler) -> Subscription: ...

    def subscribers(self, topic: str) -> int:
        """How many handlers of this process listen to ``topic``."""
        ...

    async def close(self) -> None: ...


class _LocalSubscription:
    def __init__(self, bus: LocalBus, topic: str, handler: Handler) -> None:
        self._bus = bus
        self.topic = topic
        self.handler = handler

    def close(self) -> None:
        """Unsubscribed, and the handler let go: it is often a connection's bound method,
        and that connection holds this subscription (a cycle, freed only by a collection)."""
        self._bus._drop(self)
        self.handler = _ignore


def _ignore(message: Message) -> None:
    """A closed subscription's handler: a publish that took it before it closed is dropped."""


class LocalBus:
    """One process: handlers are called in publish order, synchronously, on the loop."""

    def __init__(self) -> None:
        self._topics: defaultdict[str, list[_LocalSubscription]] = defaultdict(list)

    async def publish(self, topic: str, message: Message) -> None:
        self.publish_now(topic, message)

    def publish_now(self, topic: str, message: Message) -> None:
        for subscription in tuple(self._topics.get(topic, ())):
            subscription.handler(message)

    def subscribe(self, topic: str, handler: Handler) -> Subscription:
        subscription = _LocalSubscription(self, topic, handler)
        self._topics[topic].append(subscription)
        return subscription

    def _drop(self, subscription: _LocalSubscription) -> None:
        handlers = self._topics.get(subscription.topic)
        if handlers and subscription in handlers:
            handlers.remove(subscription)
            if not handlers:
                del self._topics[subscription.topic]

    def subscribers(self, topic: str) -> int:
        return len(self._topics.get(topic, ()))

    async def close(self) -> None:
        self._topics.clear()
        await asyncio.sleep(0)


class RedisBus:
    """Several processes: Redis pub/sub, each message on the channel ``prefix + topic``.

    Handlers of this process are called at once, in publish order (as ``LocalBus``), and the
    message goes to Redis by one sender task, in order, after a header line (the origin
    process and the topic); every process listens to the whole prefix from the start (one
    pattern subscription, so subscribing never races a publish)
    and hands the messages of other processes to its handlers.
    """

    def __init__(self, client: Any, prefix: str = "circolo:") -> None:
        self._client = client
        self._prefix = prefix
        self._origin = secrets.token_hex(8)
        self._local = LocalBus()
        self._outbox: asyncio.Queue[tuple[str, str] | None] = asyncio.Queue()
        self._pubsub: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self.sent = 0
        self.received = 0

    @classmethod
    async def open(cls, url: str, prefix: str = "circolo:") -> RedisBus:
        """Connect (a clear ``ConnectionError`` when Redis is unreachable) and listen."""
        from redis.asyncio import Redis

        client = Redis.from_url(url, socket_connect_timeout=5)
        bus = cls(client, prefix)
        await client.ping()
        bus._pubsub = client.pubsub(ignore_subscribe_messages=True)
        await bus._pubsub.psubscribe(_glob(prefix) + "*")
        bus._tasks = [asyncio.create_task(bus._send()), asyncio.create_task(bus._listen())]
        return bus

    async def publish(self, topic: str, message: Message) -> None:
        self.publish_now(topic, message)

    def publish_now(self, topic: str, message: Message) -> None:
        self._local.publish_now(topic, message)
        self._outbox.put_nowait((topic, f"{self._origin} {topic}\n{message}"))

    def subscribe(self, topic: str, handler: Handler) -> Subscription:
        return self._local.subscribe(topic, handler)

    def subscribers(self, topic: str) -> int:
        return self._local.subscribers(topic)

    async def _send(self) -> None:
        while (item := await self._outbox.get()) is not None:
            topic, data = item
            try:
                await self._client.publish(self._prefix + topic, data)
                self.sent += 1
            except Exception:
                log.warning("redis_publish_failed", topic=topic)

    async def _listen(self) -> None:
        while True:
            try:
                async for item in self._pubsub.listen():
                    if item.get("type") != "pmessage":
                        continue
                    data = item["data"]
                    header, _, message = (
                        data.decode() if isinstance(data, bytes) else data
                    ).partition("\n")
                    origin, _, topic = header.partition(" ")
                    if origin == self._origin:
                        continue
                    self.received += 1
                    self._local.publish_now(topic, message)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("redis_listen_failed")
                await asyncio.sleep(0.5)

    async def close(self) -> None:
        """Send what is queued, then stop listening and disconnect."""
        self._outbox.put_nowait(None)
        if self._tasks:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(5):
                    await self._tasks[0]
            self._tasks[1].cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._pubsub is not None:
            await self._pubsub.aclose()
        await self._client.aclose()
        await self._local.close()


def _glob(text: str) -> str:
    """``text`` with Redis glob characters escaped."""
    return "".join("\\" + ch if ch in "*?[]\\" else ch for ch in text)


async def open_bus(redis_url: str, prefix: str = "circolo:") -> LocalBus | RedisBus:
    """The bus the settings ask for: Redis when a URL is set, else in-process."""
    if redis_url:
        return await RedisBus.open(redis_url, prefix)
    return LocalBus()
