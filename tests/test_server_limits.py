"""What one player may ask of a real server: options within their ranges, a few tables
waiting for players, a few live tables with bots."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import Client, ServerProcess

pytestmark = pytest.mark.anyio
WAITING = 2
WITH_BOTS = 2


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(
        tmp_path_factory.mktemp("limits"),
        {"CIRCOLO_WAITING_TABLES_PER_PLAYER": str(WAITING),
         "CIRCOLO_BOT_TABLES_PER_PLAYER": str(WITH_BOTS), "CIRCOLO_RATE": "200",
         "CIRCOLO_BURST": "400", "CIRCOLO_PLAY_NOW_WAIT": "60"},
    )  # fmt: skip
    process.start()
    yield process
    process.stop()


def waiting(game: str = "scopa", **options: Any) -> dict[str, Any]:
    return {"type": "table.create", "game": game, "options": options,
            "seats": [{"kind": "me"}]}  # fmt: skip


def with_bot() -> dict[str, Any]:
    """A private untimed table against a bot: it starts at once and waits for our move."""
    return {"type": "table.create", "game": "scopa", "private": True, "speed": "untimed",
            "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}]}  # fmt: skip


@pytest.mark.parametrize(
    ("game", "options", "words"),
    [
        ("bisca", {"target": 10**18}, "target must be a whole number from 1 to 12"),
        ("bisca", {"target": None}, "target must be a whole number"),
        ("burraco", {"target": 10**18}, "target must be a whole number from 1 to 6000"),
        ("burraco", {"hands": 10**6}, "hands must be a whole number from 1 to 12"),
    ],
)
async def test_an_option_out_of_its_range_is_refused(
    server: ServerProcess, game: str, options: dict[str, Any], words: str
) -> None:
    client = await Client.connect(server.url)
    answer = await client.request(waiting(game, **options))
    assert answer["type"] == "error" and answer["code"] == "bad_option", answer
    assert words in answer["message"]
    await client.close()


async def test_a_player_has_a_few_tables_waiting_at_most(server: ServerProcess) -> None:
    host, guest, other = [await Client.connect(server.url) for _ in range(3)]
    created = [await host.request(waiting()) for _ in range(WAITING)]
    assert all(c["type"] == "table.created" for c in created), created
    for ask in (waiting(), {"type": "play_now", "game": "bisca", "players": 2}):
        refused = await host.request(ask)
        assert refused["type"] == "error" and refused["code"] == "too_many_tables", refused
        assert f"already have {WAITING} tables waiting for players" in refused["message"]
    # a table the player sits at counts as theirs: the guest, seated at one, may make one more
    joined = await guest.request({"type": "table.join", "table_id": created[0]["table_id"]})
    assert joined["type"] == "table.joined", joined
    assert (await other.request(waiting()))["type"] == "table.created"
    left = await host.request({"type": "table.leave", "table_id": created[1]["table_id"]})
    assert left["type"] == "ack", left
    assert (await host.request(waiting()))["type"] == "table.created"
    for client in (host, guest, other):
        await client.close()


async def test_a_player_has_a_few_live_tables_with_bots_at_most(server: ServerProcess) -> None:
    player = await Client.connect(server.url)
    started = [await player.request(with_bot()) for _ in range(WITH_BOTS)]
    assert all(s["type"] == "table.created" for s in started), started
    refused = await player.request(with_bot())
    assert refused["type"] == "error" and refused["code"] == "too_many_bot_tables", refused
    assert f"already play {WITH_BOTS} tables with bots" in refused["message"]
    table_id = started[0]["table_id"]
    left = await player.request({"type": "table.leave", "table_id": table_id})
    assert left["type"] == "ack", left  # resigned: the match is over, a rematch on offer
    assert (await player.request(with_bot()))["code"] == "too_many_bot_tables"
    declined = await player.request({"type": "rematch", "table_id": table_id, "accept": False})
    assert declined["type"] == "ack", declined  # the table is done
    again = await player.request(with_bot())
    assert again["type"] == "table.created", again
    await player.close()


async def test_tables_that_will_seat_bots_count_too(server: ServerProcess) -> None:
    """Play now's tables get bots once they wait long enough, and a table with a bot seat
    starts with its last player: both count before they start."""
    player, host = await Client.connect(server.url), await Client.connect(server.url)
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "bot"}, {"kind": "bot"}]
    hosted = []
    for _ in range(WITH_BOTS):
        created = await host.request(
            {"type": "table.create", "game": "scopa", "options": {"players": 4}, "seats": seats}
        )
        hosted.append(created["table_id"])
    for table_id in hosted[: WITH_BOTS - 1]:
        joined = await player.request({"type": "table.join", "table_id": table_id})
        assert joined["type"] == "table.joined", joined
    now = await player.request({"type": "play_now", "game": "bisca", "players": 4})
    assert now["type"] == "play_now.waiting", now  # bots come later: it counts already
    refused = await player.request({"type": "table.join", "table_id": hosted[-1]})
    assert refused["type"] == "error" and refused["code"] == "too_many_bot_tables", refused
    await player.close()
    await host.close()


async def test_a_connection_has_a_few_tables_open_at_most(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Each open table is a subscription held by the server: one connection watching every
    table of the room would hold them all."""
    process = ServerProcess(
        tmp_path_factory.mktemp("open"), {"CIRCOLO_TABLES_PER_CONNECTION": "2"}
    ).start()
    try:
        hosts = [await Client.connect(process.url) for _ in range(3)]
        tables = [(await host.request(waiting()))["table_id"] for host in hosts]
        watcher = await Client.connect(process.url)
        for table_id in tables[:2]:
            watched = await watcher.request({"type": "table.watch", "table_id": table_id})
            assert watched["type"] == "table.snapshot", watched
        refused = await watcher.request({"type": "table.watch", "table_id": tables[2]})
        assert refused["type"] == "error" and refused["code"] == "too_many_open", refused
        created = await watcher.request(waiting())  # refused before the table is made
        assert created["type"] == "error" and created["code"] == "too_many_open", created
        await watcher.request({"type": "table.close", "table_id": tables[0]})
        again = await watcher.request({"type": "table.watch", "table_id": tables[2]})
        assert again["type"] == "table.snapshot", again
        for client in [*hosts, watcher]:
            await client.close()
    finally:
        process.stop()
