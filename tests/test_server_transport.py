"""The transport against hostile clients, on a real server: the frame rate before and after
``hello``, caps on connections (by address, by player), a deadline for HTTP headers, frames
over the limit in bytes, and memory under oversized frames.

An attacker comes from another loopback address (127.0.0.2 and up), the victim from
127.0.0.1, so that the caps by address tell them apart as they would two hosts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidMessage, InvalidStatus

from tests.conftest import Client, ServerProcess

pytestmark = pytest.mark.anyio

RATE, BURST = 20, 40
SOCKETS_PER_ADDRESS = 20
HEADER_TIMEOUT = 2.0


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with its caps low enough to reach in a test."""
    process = ServerProcess(
        tmp_path_factory.mktemp("guarded"),
        {
            "CIRCOLO_RATE": str(RATE),
            "CIRCOLO_BURST": str(BURST),
            "CIRCOLO_WEBSOCKETS_PER_ADDRESS": "4",
            "CIRCOLO_WEBSOCKETS_PER_PLAYER": "2",
            "CIRCOLO_SOCKETS_PER_ADDRESS": str(SOCKETS_PER_ADDRESS),
            "CIRCOLO_HEADER_TIMEOUT": str(HEADER_TIMEOUT),
        },
    )
    process.start()
    yield process
    process.stop()


def source(address: str) -> dict[str, Any]:
    """``Client.connect`` arguments for a connection from ``address``."""
    return {"local_addr": (address, 0)}


async def answers_until_closed(client: Client, timeout: float = 5) -> list[dict[str, Any]]:
    """Every frame the server sends until it closes the connection (or ``timeout``)."""
    found: list[dict[str, Any]] = []
    with contextlib.suppress(ConnectionClosed, TimeoutError):
        async with asyncio.timeout(timeout):
            while True:
                found.append(json.loads(await client.ws.recv()))
    return found


async def flood(client: Client, count: int) -> None:
    """Send ``count`` pings as fast as the socket takes them (until it closes)."""
    with contextlib.suppress(ConnectionClosed):
        for i in range(count):
            await client.ws.send(json.dumps({"type": "ping", "id": f"f{i}", "t": i}))


def codes(frames: list[dict[str, Any]], code: str) -> list[dict[str, Any]]:
    return [f for f in frames if f.get("code") == code]


async def test_a_flood_before_hello_is_answered_once_then_closed(guarded: ServerProcess) -> None:
    """Frames before ``hello`` count against the limit too: a flood gets its burst of
    answers, one ``rate_limited`` that names the refused frame, and a close (4429)."""
    client = await Client.connect(guarded.url, hello=False, **source("127.0.0.20"))
    sender = asyncio.create_task(flood(client, 3000))
    answers = await answers_until_closed(client)
    await sender
    await client.close()
    assert client.ws.close_code == 4429, (client.ws.close_code, len(answers))
    assert len(codes(answers, "hello_first")) <= BURST + 10, len(answers)
    (limited,) = codes(answers, "rate_limited")
    assert limited["ref"].startswith("f") and limited["retry_after"] > 0
    # its address cools down: reconnecting in a loop costs the server an accept, no more
    with pytest.raises((OSError, ConnectionClosed, InvalidMessage, InvalidStatus)):
        again = await Client.connect(guarded.url, **source("127.0.0.20"))
        await again.request({"type": "ping", "t": 1}, timeout=2)
    await victim_is_served(guarded)


async def test_a_flood_after_hello_is_answered_once_then_closed(guarded: ServerProcess) -> None:
    client = await Client.connect(guarded.url, **source("127.0.0.21"))
    assert client.welcome["limits"]["connections"] == 2
    sender = asyncio.create_task(flood(client, 3000))
    answers = await answers_until_closed(client)
    await sender
    await client.close()
    assert client.ws.close_code == 4429, (client.ws.close_code, len(answers))
    assert len([a for a in answers if a["type"] == "pong"]) <= BURST + 10
    (limited,) = codes(answers, "rate_limited")
    assert limited["ref"].startswith("f")
    await victim_is_served(guarded)


async def test_a_short_overshoot_gets_one_answer_and_the_connection_stays(
    guarded: ServerProcess,
) -> None:
    """A client a few frames over its burst is told once (with the frame's ``ref``), the
    others are dropped unanswered, and after a pause it is served as before."""
    client = await Client.connect(guarded.url)
    assert client._beat is not None
    client._beat.cancel()
    await flood(client, BURST + 5)
    answers: list[dict[str, Any]] = []
    with contextlib.suppress(TimeoutError):
        while True:
            answers.append(await client.recv(timeout=0.5))
    (limited,) = codes(answers, "rate_limited")
    assert limited["ref"].startswith("f") and limited["retry_after"] > 0
    assert len(answers) < BURST + 5  # the other refused frames were not answered
    await asyncio.sleep(1.5)
    pong = await client.request({"type": "ping", "t": "after"})
    assert pong["type"] == "pong"
    await client.close()


async def victim_is_served(server: ServerProcess) -> None:
    """A new player from 127.0.0.1 is welcomed and answered; /healthz answers."""
    victim = await Client.connect(server.url)
    pong = await victim.request({"type": "ping", "t": "victim"})
    assert pong["type"] == "pong"
    await victim.close()
    with urllib.request.urlopen(server.http + "/healthz", timeout=5) as response:
        assert json.load(response) == {"ok": True}


async def closed_with(client: Client) -> tuple[int | None, str | None]:
    """The close code and reason the server ended this connection with."""
    await answers_until_closed(client)
    await client.close()
    return client.ws.close_code, client.ws.close_reason


async def test_websockets_are_capped_by_address(guarded: ServerProcess) -> None:
    """The fifth WebSocket from one address (the cap is 4) is closed 1008 with the reason,
    before any hello; once one closes, there is room again; other addresses are not held."""
    here = source("127.0.0.3")
    held = [await Client.connect(guarded.url, **here) for _ in range(4)]
    refused = await Client.connect(guarded.url, hello=False, **here)
    assert await closed_with(refused) == (1008, "too many connections from this address")
    await victim_is_served(guarded)
    await held.pop().close()
    await asyncio.sleep(0.3)
    held.append(await Client.connect(guarded.url, **here))
    for client in held:
        await client.close()


async def test_websockets_are_capped_by_player(guarded: ServerProcess) -> None:
    """A player's third connection (the cap is 2) is closed 1008 at its hello, with the
    reason; other players are welcome."""
    first = await Client.connect(guarded.url, **source("127.0.0.4"))
    second = await Client.connect(guarded.url, token=first.token, **source("127.0.0.4"))
    third = await Client.connect(guarded.url, hello=False, **source("127.0.0.5"))
    await third.send({"type": "hello", "protocol": 1, "token": first.token})
    assert await closed_with(third) == (1008, "too many connections for this player")
    await second.close()
    await asyncio.sleep(0.3)
    again = await Client.connect(guarded.url, token=first.token, **source("127.0.0.5"))
    assert again.player_id == first.player_id
    for client in (first, again):
        await client.close()


def half_open(port: int, address: str) -> socket.socket:
    """A socket from ``address`` that sent the start of a request and nothing more."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.settimeout(5)
    with contextlib.suppress(OSError):  # cut already: counted as closed below
        sock.connect(("127.0.0.1", port))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    sock.setblocking(False)
    return sock


def is_open(sock: socket.socket) -> bool:
    """Is the server's end open (whatever it sent before is read and dropped)?"""
    try:
        while sock.recv(65536):
            pass
    except BlockingIOError:
        return True
    except OSError:
        pass
    return False


async def test_half_open_sockets_are_capped_and_cut_after_the_header_timeout(
    guarded: ServerProcess,
) -> None:
    """200 sockets from one host that send half a request: at most the per-address cap are
    kept, /healthz and a new WebSocket from another address still work, and the ones kept
    are cut once the header timeout has passed. So is a kept-alive connection that starts
    a second request and stops halfway."""
    kept_alive = socket.create_connection(("127.0.0.1", guarded.port))
    kept_alive.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    assert b"200 OK" in kept_alive.recv(4096)
    kept_alive.sendall(b"GET /healthz HTTP/1.1\r\n")
    kept_alive.setblocking(False)
    sockets = [half_open(guarded.port, "127.0.0.2") for _ in range(200)]
    try:
        await asyncio.sleep(0.5)
        still = sum(is_open(s) for s in sockets)
        assert still <= SOCKETS_PER_ADDRESS, still
        await victim_is_served(guarded)
        await asyncio.sleep(HEADER_TIMEOUT + 1.5)
        assert sum(is_open(s) for s in sockets) == 0
        assert not is_open(kept_alive)
        assert any("sockets_per_address" in line for line in guarded.output)
        await victim_is_served(guarded)
    finally:
        for sock in [*sockets, kept_alive]:
            sock.close()


async def test_frames_over_the_limit_in_bytes_close_the_connection(
    guarded: ServerProcess,
) -> None:
    """The transport counts bytes: a frame over 8 KiB, or one of 5,000 two-byte characters
    (10 KB), is refused with 1009 before it is read; a frame of exactly 8 KiB is answered,
    and the server goes on serving."""
    exact = await Client.connect(guarded.url)
    padding = 8192 - len(json.dumps({"type": "ping", "t": ""}))
    pong = await exact.request({"type": "ping", "t": "x" * (padding - len(', "id": "r2"'))})
    assert pong["type"] == "pong"
    await exact.close()
    for text in ("x" * 8193, "é" * 5000):
        client = await Client.connect(guarded.url)
        await client.send({"type": "chat", "table_id": "t_x", "text": text})
        code, _ = await closed_with(client)
        assert code == 1009, (len(text), code)
    await victim_is_served(guarded)


def rss_mib(server: ServerProcess) -> float:
    assert server.process is not None
    with open(f"/proc/{server.process.pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


async def oversize_attacker(server: ServerProcess, address: str, until: float) -> int:
    """Finding 5's pattern from one address: twenty 1 MiB frames and one 2 MiB frame on a
    connection, again and again; returns how many connections it made."""
    made = 0
    while time.monotonic() < until:
        made += 1
        with contextlib.suppress(ConnectionClosed, OSError, TimeoutError):
            client = await Client.connect(server.url, hello=False, **source(address))
            try:
                for size in [1 << 20] * 20 + [2 << 20]:
                    await client.ws.send("x" * size)
                await answers_until_closed(client, timeout=2)
            finally:
                await client.close()
        await asyncio.sleep(0.01)
    return made


async def test_oversized_frames_do_not_grow_memory(guarded: ServerProcess) -> None:
    """On four connections at once, megabyte frames for four seconds leave the server's
    memory where it was (it grew by about 16 MiB a second when they were read in full).
    A first second of the same warms the allocator: the socket reads' buffers it keeps
    for reuse are not growth."""
    await victim_is_served(guarded)
    addresses = [f"127.0.0.{n}" for n in range(10, 14)]
    until = time.monotonic() + 1
    await asyncio.gather(*(oversize_attacker(guarded, a, until) for a in addresses))
    await asyncio.sleep(0.5)
    before = rss_mib(guarded)
    until = time.monotonic() + 4
    made = await asyncio.gather(*(oversize_attacker(guarded, a, until) for a in addresses))
    await asyncio.sleep(0.5)
    after = rss_mib(guarded)
    assert sum(made) >= 8, made
    assert after - before < 16, (before, after, made)
    await victim_is_served(guarded)
