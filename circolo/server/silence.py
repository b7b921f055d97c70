"""How long a client has said nothing: the hello deadline and the heartbeat timeout.

A connection waits for its next frame until a deadline. An ``asyncio.timeout`` around each
wait made and cancelled a timer at every frame; here a frame only moves the deadline, and
one timer, set again when it fires early, wakes the waiting task once the deadline passes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


class Silence:
    """Waits for a connection's frames on the current task, each until a deadline (on the
    loop's clock): ``None`` once it has passed with nothing heard."""

    def __init__(self) -> None:
        self._task: asyncio.Task[object] | None = None  # the waiting one (the first to wait)
        self._deadline = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._waiting = False
        self._expired = False

    async def wait(self, receiving: Awaitable[T], deadline: float) -> T | None:
        """``receiving``'s result, or None if ``deadline`` passes first (``receiving`` is
        then cancelled, as ``asyncio.timeout_at`` would)."""
        task = self._task
        if task is None:
            task = self._task = asyncio.current_task()
            assert task is not None
        self._deadline = deadline
        if self._timer is None or self._timer.when() > deadline:
            self._set(deadline)
        cancelling = task.cancelling()
        self._waiting = True
        try:
            return await receiving
        except asyncio.CancelledError:
            if self._expired:
                self._expired = False
                if task.uncancel() <= cancelling:
                    return None
            raise
        finally:
            self._waiting = False

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _set(self, when: float) -> None:
        self.close()
        self._timer = asyncio.get_running_loop().call_at(when, self._due)

    def _due(self) -> None:
        self._timer = None
        if not self._waiting or self._task is None:  # the next wait sets it again
            return
        if asyncio.get_running_loop().time() < self._deadline:  # a frame came since it was set
            self._set(self._deadline)
            return
        self._expired = True
        self._task.cancel()
