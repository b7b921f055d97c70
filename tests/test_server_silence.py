"""A connection is closed (4000) when its client says nothing: no ``hello`` within
``hello_timeout``, or no frame for ``heartbeat_timeout`` (docs/protocol.md, "Heartbeat");
any frame counts as a sign of life. ``Silence`` keeps those deadlines with one timer for
each silence, not one for each frame."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from circolo.server.connection import CLOSE_SILENT
from circolo.server.silence import Silence
from tests.conftest import ServerProcess, server_on

pytestmark = pytest.mark.anyio

TIMEOUT = 1.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    timeouts = {"CIRCOLO_HELLO_TIMEOUT": str(TIMEOUT), "CIRCOLO_HEARTBEAT_TIMEOUT": str(TIMEOUT)}
    with server_on("sqlite", tmp_path_factory.mktemp("silence"), timeouts) as process:
        yield process


async def closed_after(ws: ClientConnection, within: float) -> tuple[int | None, float]:
    """The close code the server sent, and the seconds it took to come."""
    started = time.monotonic()
    with pytest.raises(ConnectionClosed) as closed:
        async with asyncio.timeout(within):
            while True:
                await ws.recv()
    rcvd = closed.value.rcvd
    return (rcvd.code if rcvd is not None else None), time.monotonic() - started


async def test_a_connection_without_hello_is_closed_after_the_hello_timeout(
    server: ServerProcess,
) -> None:
    async with connect(server.url, ping_interval=None) as ws:
        code, took = await closed_after(ws, 10)
    assert code == CLOSE_SILENT
    assert TIMEOUT * 0.9 <= took <= TIMEOUT + 2


async def test_a_silent_client_is_closed_and_one_that_pings_is_not(server: ServerProcess) -> None:
    async with (
        connect(server.url, ping_interval=None) as silent,
        connect(server.url, ping_interval=None) as alive,
    ):
        for ws in (silent, alive):
            await ws.send(json.dumps({"type": "hello", "protocol": 1}))
            assert json.loads(await ws.recv())["type"] == "welcome"
        started = time.monotonic()
        while time.monotonic() - started < TIMEOUT * 3:  # each ping moves its deadline
            await alive.send(json.dumps({"type": "ping", "t": 1}))
            assert json.loads(await asyncio.wait_for(alive.recv(), 5))["type"] == "pong"
            await asyncio.sleep(TIMEOUT / 4)
        code, _ = await closed_after(silent, 1)  # long since closed
        assert code == CLOSE_SILENT
        await alive.send(json.dumps({"type": "ping", "t": 2}))
        assert json.loads(await asyncio.wait_for(alive.recv(), 5))["type"] == "pong"
        code, took = await closed_after(alive, 10)  # now silent too
        assert code == CLOSE_SILENT
        assert took >= TIMEOUT * 0.9


async def test_silence_gives_what_comes_before_the_deadline() -> None:
    loop = asyncio.get_running_loop()
    silence = Silence()
    assert await silence.wait(asyncio.sleep(0.01, "frame"), loop.time() + 1) == "frame"
    silence.close()


async def test_silence_gives_none_once_the_deadline_passes_and_cancels_the_wait() -> None:
    loop = asyncio.get_running_loop()
    silence = Silence()
    receiving = asyncio.ensure_future(asyncio.sleep(10))
    started = loop.time()
    assert await silence.wait(receiving, started + 0.05) is None
    assert 0.05 <= loop.time() - started < 1
    assert receiving.cancelled()
    # and waits again afterwards as before
    assert await silence.wait(asyncio.sleep(0.01, "next"), loop.time() + 1) == "next"
    silence.close()


async def test_frames_move_the_deadline_without_a_new_timer_each() -> None:
    loop = asyncio.get_running_loop()
    silence = Silence()
    set_at: list[float] = []  # Silence's own timers (not those of the sleeps below)
    call_at = loop.call_at

    def counted(when: float, callback: Any, *args: Any, **kwargs: Any) -> asyncio.TimerHandle:
        if getattr(callback, "__self__", None) is silence:
            set_at.append(when)
        return call_at(when, callback, *args, **kwargs)

    loop.call_at = counted  # type: ignore[method-assign]
    try:
        for _ in range(100):  # a hundred frames, each within the timeout of the last
            assert await silence.wait(asyncio.sleep(0, "frame"), loop.time() + 5) == "frame"
        assert len(set_at) == 1
        # a deadline earlier than the timer's (the hello's, then a shorter one) sets it anew
        started = loop.time()
        assert await silence.wait(asyncio.sleep(10), started + 0.1) is None
        assert 0.1 <= loop.time() - started < 5
        assert len(set_at) == 2
        # a timer that fires before the deadline a later frame moved sets itself again
        assert await silence.wait(asyncio.sleep(0, "frame"), loop.time() + 0.1) == "frame"
        started = loop.time()
        assert await silence.wait(asyncio.sleep(10), started + 0.3) is None
        assert loop.time() - started >= 0.3
        assert len(set_at) == 4
    finally:
        loop.call_at = call_at  # type: ignore[method-assign]
        silence.close()


async def test_a_cancellation_from_outside_is_not_taken_for_silence() -> None:
    loop = asyncio.get_running_loop()
    silence = Silence()

    async def waiting() -> object:
        return await silence.wait(asyncio.sleep(10), loop.time() + 60)

    task = asyncio.create_task(waiting())
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    silence.close()


async def test_a_cancellation_that_comes_with_the_deadline_still_cancels() -> None:
    loop = asyncio.get_running_loop()
    silence = Silence()

    async def waiting() -> object:
        return await silence.wait(asyncio.sleep(10), loop.time())

    task = asyncio.create_task(waiting())
    await asyncio.sleep(0)  # it waits
    silence._due()  # the deadline passes: the wait is cancelled ...
    task.cancel()  # ... and, before it has woken, the server stops
    with pytest.raises(asyncio.CancelledError):
        await task
    silence.close()
