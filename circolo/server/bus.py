"""The bus: table and lobby events from their owner to every connection that listens.

A topic is a string (``table:<id>``, ``lobby``); a message is a JSON-ready dict. The
in-process bus is the default; a Redis bus (pub/sub on the same topics, messages as JSON)
can replace it for several processes, so nothing here passes Python objects by reference
that a subscriber may mutate, and publishing never waits for a slow subscriber.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable
from typing import Any, Protocol

Message = dict[str, Any]
Handler = Callable[[Message], None]


class Subscription(Protocol):
    def close(self) -> None: ...


class Bus(Protocol):
    """Publish to a topic; subscribe a handler (called on the event loop, must not block)."""

    async def publish(self, topic: str, message: Message) -> None: ...

    def subscribe(self, topic: str, handler: Handler) -> Subscription: ...

    async def close(self) -> None: ...


class _LocalSubscription:
    def __init__(self, bus: LocalBus, topic: str, handler: Handler) -> None:
        self._bus = bus
        self.topic = topic
        self.handler = handler

    def close(self) -> None:
        self._bus._drop(self)


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
