"""A client that stops reading while it asks for more is cut (4001) once its queue of
unsent frames is full (``QUEUE_LIMIT``), at once, though it never reads the close frame;
the server goes on serving everyone else, and the frames queued for it are let go."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from circolo.server.connection import QUEUE_LIMIT
from circolo.server.transport import CUT_AFTER
from tests.conftest import Client, ServerProcess

pytestmark = pytest.mark.anyio

ECHOED = "x" * 1000  # what each pong carries back: a kilobyte


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """No frame rate limit worth the name: only the queue stops this client."""
    process = ServerProcess(
        tmp_path_factory.mktemp("slow"),
        {"CIRCOLO_RATE": "100000", "CIRCOLO_BURST": "100000", "CIRCOLO_HEARTBEAT_TIMEOUT": "60"},
    )
    process.start()
    yield process
    process.stop()


async def cut_so_far(server: ServerProcess) -> float:
    async with httpx.AsyncClient(base_url=server.http) as http:
        body = (await http.get("/metrics")).text
    found = re.search(r'^circolo_refused_total\{limit="slow_reader"\} (\S+)', body, re.M)
    return float(found.group(1)) if found else 0.0


async def test_a_client_that_never_reads_is_cut_and_others_are_served(
    server: ServerProcess,
) -> None:
    # max_queue: the client library stops reading its socket after 16 unread frames.
    slow = await connect(server.url, max_size=None, max_queue=16, ping_interval=None)
    await slow.send(json.dumps({"type": "hello", "protocol": 1}))
    other = await Client.connect(server.url)
    ping = json.dumps({"type": "ping", "t": ECHOED})
    sent, stalled = 0, []
    started = time.monotonic()
    with pytest.raises(ConnectionClosed):
        while time.monotonic() - started < 60:  # the server must cut it long before
            await asyncio.wait_for(slow.send(ping), 10)  # blocked: the server stopped reading
            sent += 1
            if sent % 500 == 0:  # meanwhile the room answers another player at once
                asked = time.monotonic()
                assert (await other.request({"type": "ping", "t": sent}))["type"] == "pong"
                stalled.append(time.monotonic() - asked)
    assert await cut_so_far(server) == 1
    assert sent > QUEUE_LIMIT  # the queue cut it, not a frame limit
    assert time.monotonic() - started < 30 + CUT_AFTER
    assert max(stalled) < 1.0, stalled
    assert (await other.request({"type": "ping", "t": "after"}))["type"] == "pong"
    await other.close()
    await slow.close()
