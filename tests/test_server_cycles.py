"""What the room leaves to the cycle collector: nothing, on its own paths.

The server makes no automatic collection and a full one pauses every table (300-500 ms at
1,000 tables: ``garbage.py``), so a connection that comes, plays and goes must be freed by
reference counting alone. Here the real server (uvicorn with the room's own protocols)
runs in this process, so that what a collection would find is seen.
"""

from __future__ import annotations

import asyncio
import gc
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import uvicorn

from circolo.server import transport
from circolo.server.app import create_app
from circolo.server.settings import load_settings
from tests.conftest import Client

SERVER_SIDE = ("circolo", "uvicorn", "starlette", "websockets.server")


@pytest.fixture
async def room_url(tmp_path: Path) -> AsyncIterator[str]:
    settings = load_settings(data_dir=tmp_path)
    app = create_app(settings)
    http, ws = transport.protocols(transport.Sockets(100, None, None), 5.0)
    config = uvicorn.Config(
        app, http=http, ws=ws, ws_per_message_deflate=False, log_config=None,
        access_log=False, lifespan="on", loop="asyncio",
    )  # fmt: skip
    server = uvicorn.Server(config)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    serving = asyncio.create_task(server.serve([listener]))
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        yield f"ws://127.0.0.1:{listener.getsockname()[1]}/ws"
    finally:
        server.should_exit = True
        await serving


@pytest.mark.anyio
async def test_a_player_who_comes_plays_and_goes_leaves_no_cycle(room_url: str) -> None:
    gc.collect()
    gc.disable()
    try:
        for _ in range(3):
            client = await Client.connect(room_url)
            await client.request({"type": "lobby.subscribe"})
            created = await client.request({
                "type": "table.create", "game": "scopa", "private": True,
                "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}],
            })  # fmt: skip
            assert created["type"] == "table.created", created
            await client.until(lambda f: f.get("type") == "table.snapshot")
            await client.close()
        await asyncio.sleep(0.3)  # the server's side of each connection ends
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        left = [
            type(o).__qualname__ for o in gc.garbage if type(o).__module__.startswith(SERVER_SIDE)
        ]
        assert left == []
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
