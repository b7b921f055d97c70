"""Play now means now, and no ghost tables: against a real server over the protocol."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import Client, ServerProcess, needs

pytestmark = [pytest.mark.anyio, needs("scopa")]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The room's own defaults: Play now does not wait for people."""
    process = ServerProcess(tmp_path_factory.mktemp("playnow"), {"CIRCOLO_RATE": "100"})
    process.start()
    yield process
    process.stop()


@pytest.fixture(scope="module")
def waiting_room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A room that makes Play now wait 4 s for people, and drops (or calls off) a table
    nobody of it holds open after 6 s: longer than the wait, as the reviewer's room was."""
    process = ServerProcess(
        tmp_path_factory.mktemp("playnow-wait"),
        {"CIRCOLO_PLAY_NOW_WAIT": "4", "CIRCOLO_WAITING_GRACE": "6", "CIRCOLO_RATE": "100"},
    )
    process.start()
    yield process
    process.stop()


def listed(server: ServerProcess) -> dict[str, dict[str, Any]]:
    with urllib.request.urlopen(server.http + "/api/tables") as response:
        return {t["table_id"]: t for t in json.load(response)}


async def started(client: Client, table_id: str) -> list[dict[str, Any]]:
    """Once the match has started at ``table_id``: its seats, as the live table's
    snapshot shows them."""
    snapshot = await client.until(
        lambda f: f["type"] == "table.snapshot" and f["table_id"] == table_id
        and "state" in f["snapshot"]
    )  # fmt: skip
    await client.until(
        lambda f: f["type"] == "table.events" and f["table_id"] == table_id
        and any(e["type"] == "match_started" for e in f["events"])
    )  # fmt: skip
    seats: list[dict[str, Any]] = snapshot["snapshot"]["state"]["seats"]
    return seats


async def test_play_now_with_nobody_waiting_starts_at_once_with_bots_of_my_level(
    room: ServerProcess,
) -> None:
    client = await Client.connect(room.url)
    pressed = time.monotonic()
    seated = await client.request(
        {"type": "play_now", "game": "scopa", "players": 4, "level": "expert"}
    )
    assert seated["type"] == "table.joined" and "bots_at" not in seated, seated
    seats = await started(client, seated["table_id"])
    elapsed = time.monotonic() - pressed
    assert elapsed < 2, elapsed
    bots = [s for s in seats if s["bot"]]
    assert len(bots) == 3 and {s["level"] for s in bots} == {"expert"}
    entry = listed(room)[seated["table_id"]]
    assert entry["status"] == "playing" and entry["bots"] == 3
    assert entry["options"]["target"] == 11 and entry["options"]["players"] == 4
    assert entry["seats"][seated["seat"]]["name"] == client.welcome["player"]["name"]
    medium = await Client.connect(room.url)
    other = await medium.request({"type": "play_now", "game": "bisca", "players": 2})
    levels = {s.get("level") for s in listed(room)[other["table_id"]]["seats"]}
    assert "greedy" in levels  # the room's level when the frame names none
    await client.close()
    await medium.close()


async def test_a_bot_level_outside_the_three_is_refused(room: ServerProcess) -> None:
    client = await Client.connect(room.url)
    for level in ("grandmaster", 3, ""):
        answer = await client.request(
            {"type": "play_now", "game": "scopa", "players": 2, "level": level}
        )
        assert answer["type"] == "error" and answer["code"] == "bad_frame", answer
    await client.close()


async def test_play_now_seats_me_beside_a_person_waiting_but_not_at_a_deserted_table(
    room: ServerProcess,
) -> None:
    async def host() -> tuple[Client, str]:
        client = await Client.connect(room.url)
        created = await client.request(
            {"type": "table.create", "game": "bisca", "options": {"players": 2},
             "seats": [{"kind": "me"}, {"kind": "open"}]}
        )  # fmt: skip
        return client, created["table_id"]

    gone, deserted = await host()
    await gone.close()
    waiting, table_id = await host()
    guest = await Client.connect(room.url)
    seated = await guest.request({"type": "play_now", "game": "bisca", "players": 2})
    assert seated["type"] == "table.joined" and seated["table_id"] == table_id, seated
    await started(waiting, table_id)  # the match starts for the one who waited
    assert [s["name"] for s in listed(room)[table_id]["seats"]] == [
        waiting.welcome["player"]["name"],
        guest.welcome["player"]["name"],
    ]
    late = await Client.connect(room.url)
    alone = await late.request({"type": "play_now", "game": "bisca", "players": 2})
    assert alone["table_id"] != deserted, "seated at a table nobody holds open"
    for client in (waiting, guest, late):
        await client.close()


async def test_a_table_whose_only_person_left_is_no_longer_listed(room: ServerProcess) -> None:
    watcher = await Client.connect(room.url)
    await watcher.request({"type": "lobby.subscribe"})
    player = await Client.connect(room.url)
    seated = await player.request({"type": "play_now", "game": "scopa", "players": 2})
    table_id = seated["table_id"]
    await watcher.until(
        lambda f: f["type"] == "lobby.table" and f["table"]["table_id"] == table_id
        and f["table"]["status"] == "playing"
    )  # fmt: skip
    await player.request({"type": "table.leave", "table_id": table_id})
    removed = await watcher.until(
        lambda f: f["type"] == "lobby.removed" and f["table_id"] == table_id, timeout=5
    )
    assert removed and table_id not in listed(room)
    await player.close()
    await watcher.close()


async def test_a_play_now_table_whose_player_closed_the_page_never_starts(
    waiting_room: ServerProcess,
) -> None:
    """The reviewer's zombie: Play now, close the tab before the bots come. The bots do
    not come to a table nobody holds open: it goes after the grace, and never lives on
    as a started table waiting for its player."""
    watcher = await Client.connect(waiting_room.url)
    await watcher.request({"type": "lobby.subscribe"})
    player = await Client.connect(waiting_room.url)
    waiting = await player.request({"type": "play_now", "game": "scopa", "players": 2})
    assert waiting["type"] == "play_now.waiting" and waiting["bots_at"], waiting
    await player.close()
    removed = await watcher.until(
        lambda f: f["type"] == "lobby.removed" and f["table_id"] == waiting["table_id"],
        timeout=10,
    )
    assert removed and waiting["table_id"] not in listed(waiting_room)
    await watcher.close()


async def test_a_live_table_still_waiting_for_a_player_who_never_came_is_called_off(
    waiting_room: ServerProcess,
) -> None:
    """A host closes the page, a guest sits down from the list at once: the match waits
    for the host, and is called off after the grace instead of being listed forever."""
    watcher = await Client.connect(waiting_room.url)
    await watcher.request({"type": "lobby.subscribe"})
    host = await Client.connect(waiting_room.url)
    created = await host.request(
        {"type": "table.create", "game": "scopa", "seats": [{"kind": "me"}, {"kind": "open"}]}
    )
    table_id = created["table_id"]
    await host.close()
    guest = await Client.connect(waiting_room.url)
    joined = await guest.request({"type": "table.join", "table_id": table_id})
    assert joined["type"] == "table.joined", joined
    over = await guest.until(
        lambda f: f["type"] == "table.events"
        and any(e["type"] == "match_over" for e in f["events"]), timeout=10
    )  # fmt: skip
    result = next(e["result"] for e in over["events"] if e["type"] == "match_over")
    assert result["reason"] == "cancelled", result
    await watcher.until(lambda f: f["type"] == "lobby.removed" and f["table_id"] == table_id)
    assert table_id not in listed(waiting_room)
    await guest.close()
    await watcher.close()


async def test_start_now_with_bots_from_the_waiting_screen(waiting_room: ServerProcess) -> None:
    player = await Client.connect(waiting_room.url)
    waiting = await player.request(
        {"type": "play_now", "game": "bisca", "players": 4, "level": "random"}
    )
    assert waiting["type"] == "play_now.waiting", waiting
    table_id = waiting["table_id"]
    stranger = await Client.connect(waiting_room.url)
    refused = await stranger.request({"type": "start_match", "table_id": table_id})
    assert refused["type"] == "error" and refused["code"] == "not_seated", refused
    host = await Client.connect(waiting_room.url)
    created = await host.request({"type": "table.create", "game": "scopa", "seats": []})
    refused = await host.request({"type": "start_match", "table_id": created["table_id"]})
    assert refused["type"] == "error" and refused["code"] == "no_start_needed", refused
    ack = await player.request({"type": "start_match", "table_id": table_id})
    assert ack["type"] == "ack", ack
    seats = await started(player, table_id)
    assert [s["level"] for s in seats if s["bot"]] == ["random"] * 3
    for client in (player, stranger, host):
        await client.close()
