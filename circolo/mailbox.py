"""A queue with one reader: what a table's owner, a connection's writer and the store's
writer wait on.

``asyncio.Queue`` serves many readers and writers, bounded or not, and counts finished
items: four deques and an event, about 2 KiB, of which a table and its connection held
two, and a little more time at every put and get. A mailbox is one deque and, while its
reader waits, one future.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class Mailbox(Generic[T]):
    """Unbounded; ``get`` is awaited by one task at a time (the owner's, a writer's)."""

    __slots__ = ("_items", "_loop", "_waiter")

    def __init__(self) -> None:
        self._items: deque[T] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None  # its reader's, kept: see ``get``

    def put_nowait(self, item: T) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> T:
        """The oldest item, once there is one (cancelling the wait loses nothing). The loop
        is asked for once: on Python 3.11, ``asyncio.get_running_loop`` is a system call
        (``getpid``) each time."""
        while not self._items:
            if self._loop is None:
                self._loop = asyncio.get_running_loop()
            waiter = self._waiter = self._loop.create_future()
            try:
                await waiter
            finally:
                self._waiter = None
        return self._items.popleft()

    def get_nowait(self) -> T:
        """The oldest item (``IndexError`` when empty: see ``empty``)."""
        return self._items.popleft()

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items)
