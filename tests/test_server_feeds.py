"""No feed outlives its seat (reviews/security.md, finding 1): a player who leaves a table
receives nothing more of it, and the next occupant's cards and disconnections are theirs
alone. On a real server; the property test over random sequences is in
test_server_feeds_properties.py."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest

from tests.conftest import Client, ServerProcess

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Play now waits long for people; disconnections are noticed at once."""
    process = ServerProcess(
        tmp_path_factory.mktemp("feeds"),
        {
            "CIRCOLO_PLAY_NOW_WAIT": "60",
            "CIRCOLO_RATE": "50",
            "CIRCOLO_BURST": "100",
            "CIRCOLO_TABLE": '{"disconnect_grace": 0.3}',
        },
    )
    process.start()
    yield process
    process.stop()


Connect = Callable[..., Awaitable[Client]]


@pytest.fixture
async def connect(room: ServerProcess) -> AsyncIterator[Connect]:
    """Connects clients to the room, and closes them all when the test ends."""
    opened: list[Client] = []

    async def make(**kwargs: Any) -> Client:
        opened.append(client := await Client.connect(room.url, **kwargs))
        return client

    yield make
    for client in opened:
        with contextlib.suppress(Exception):
            await client.close()


def of_table(client: Client, table_id: str, since: int) -> list[dict[str, Any]]:
    """The frames of ``table_id`` that ``client`` got after its first ``since`` frames."""
    return [f for f in client.frames[since:] if f.get("table_id") == table_id]


async def listen(*clients: Client, seconds: float = 1.0) -> None:
    """Read what comes for ``seconds`` (each frame is kept in ``frames``)."""

    async def read(client: Client) -> None:
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                while True:
                    client.pending.append(await client._read(seconds))

    await asyncio.gather(*(read(client) for client in clients))


async def test_a_player_who_left_a_waiting_seat_reads_nothing_of_the_next_occupant(
    connect: Connect,
) -> None:
    host, leaver, victim, fourth = [await connect() for _ in range(4)]
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}, {"kind": "bot"}]
    created = await host.request(
        {"type": "table.create", "game": "scopa", "options": {"players": 4}, "seats": seats}
    )
    table_id = created["table_id"]
    assert (await leaver.request({"type": "table.join", "table_id": table_id, "seat": 1}))[
        "seat"
    ] == 1
    left = await leaver.request({"type": "table.leave", "table_id": table_id})
    assert left["type"] == "ack", left
    closed = await leaver.until(lambda f: f["type"] == "table.closed")
    assert closed == {"type": "table.closed", "table_id": table_id, "reason": "left"}
    mark = len(leaver.frames)

    await victim.request({"type": "table.join", "table_id": table_id, "seat": 1})
    await fourth.request({"type": "table.join", "table_id": table_id, "seat": 2})
    live = await victim.until(  # the table started: its snapshot for the victim's seat
        lambda f: f["type"] == "table.snapshot" and "state" in f["snapshot"]
    )
    assert live["seat"] == 1 and live["table_id"] == table_id
    await listen(leaver, victim)
    assert of_table(leaver, table_id, mark) == []

    # the victim's disconnection is noticed: no stale connection of the leaver masks it
    await victim.close()
    away = await host.until(
        lambda f: any(
            e["type"] == "presence" and e["seat"] == 1 and e["state"] != "here"
            for e in f.get("events", [])
        ),
        timeout=10,
    )
    assert away["table_id"] == table_id


async def test_play_now_seat_left_and_taken_again_is_not_read_by_the_leaver(
    connect: Connect,
) -> None:
    puppet, leaver, victim = [await connect() for _ in range(3)]
    held = await puppet.request({"type": "play_now", "game": "scopa", "players": 4})
    table_id = held["table_id"]
    joined = await leaver.request({"type": "play_now", "game": "scopa", "players": 4})
    assert joined["table_id"] == table_id
    await leaver.request({"type": "table.leave", "table_id": table_id})
    await leaver.until(lambda f: f["type"] == "table.closed")
    mark = len(leaver.frames)
    taken = await victim.request({"type": "play_now", "game": "scopa", "players": 4})
    assert taken["table_id"] == table_id and taken["seat"] == joined["seat"]
    await listen(leaver, victim, puppet)
    assert of_table(leaver, table_id, mark) == []
    assert any(f.get("seat") == taken["seat"] for f in of_table(victim, table_id, 0))


async def test_every_connection_of_the_leaver_is_closed(connect: Connect) -> None:
    host, first = await connect(), await connect()
    second = await connect(token=first.token)
    created = await host.request(
        {"type": "table.create", "game": "bisca", "options": {"players": 4},
         "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}]}
    )  # fmt: skip
    table_id = created["table_id"]
    await first.request({"type": "table.join", "table_id": table_id, "seat": 2})
    opened = await second.request({"type": "table.open", "table_id": table_id})
    assert opened["seat"] == 2
    await first.request({"type": "table.leave", "table_id": table_id})
    closed = await second.until(lambda f: f["type"] == "table.closed", timeout=5)
    assert closed["reason"] == "left"
    mark = len(second.frames)
    newcomer = await connect()
    await newcomer.request({"type": "table.join", "table_id": table_id, "seat": 2})
    await asyncio.sleep(0.3)
    await listen(second)
    assert of_table(second, table_id, mark) == []
