"""Your next match against a person: two people who pressed Play now for the same game
and mode, each against bots at once, are offered to meet at their next match."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import Client, ServerProcess, needs
from tests.test_server_playnow import started

pytestmark = [pytest.mark.anyio, needs("scopa")]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("nextmatch"), {"CIRCOLO_RATE": "100"})
    process.start()
    yield process
    process.stop()


async def solo(room: ServerProcess, game: str) -> tuple[Client, str]:
    """A person playing a Play now match against bots."""
    client = await Client.connect(room.url)
    seated = await client.request({"type": "play_now", "game": game, "players": 2})
    await started(client, seated["table_id"])
    return client, seated["table_id"]


async def offered(client: Client, table_id: str) -> dict[str, Any]:
    return await client.until(
        lambda f: f["type"] == "next_match.offer" and f["table_id"] == table_id
    )


async def resign(client: Client, table_id: str) -> None:
    """End one's match fast: leave it (the bots win by abandonment)."""
    answer = await client.request({"type": "table.leave", "table_id": table_id})
    assert answer["type"] == "ack", answer


async def test_two_people_playing_bots_meet_at_their_next_match(room: ServerProcess) -> None:
    first, first_table = await solo(room, "scopa")
    second, second_table = await solo(room, "scopa")
    other = await Client.connect(room.url)  # another game: not paired
    elsewhere = await other.request({"type": "play_now", "game": "bisca", "players": 2})
    names = [c.welcome["player"]["name"] for c in (first, second)]
    assert (await offered(first, first_table))["with"] == names[1]
    assert (await offered(second, second_table))["with"] == names[0]
    early = await first.request({"type": "next_match", "table_id": first_table, "accept": True})
    assert early["type"] == "error" and early["code"] == "not_over", early
    for client, table_id in ((first, first_table), (second, second_table)):
        await resign(client, table_id)
    ack = await first.request({"type": "next_match", "table_id": first_table, "accept": True})
    assert ack["type"] == "ack", ack
    assert (await offered(first, first_table))["accepted"] is True
    ack = await second.request({"type": "next_match", "table_id": second_table, "accept": True})
    assert ack["type"] == "ack", ack
    ready = [await c.until(lambda f: f["type"] == "next_match.ready") for c in (first, second)]
    assert ready[0]["next"] == ready[1]["next"] and [r["seat"] for r in ready] == [0, 1]
    for client in (first, second):  # the match starts once both are there
        await client.send({"type": "table.open", "table_id": ready[0]["next"]})
    seats = await started(first, ready[0]["next"])
    assert [s["name"] for s in seats] == names and not any(s["bot"] for s in seats)
    refused = await other.request(
        {"type": "next_match", "table_id": elsewhere["table_id"], "accept": True}
    )
    assert refused["type"] == "error" and refused["code"] == "no_offer", refused
    for client in (first, second, other):
        await client.close()


async def test_a_declined_next_match_is_off_for_both(room: ServerProcess) -> None:
    first, first_table = await solo(room, "bisca")
    second, second_table = await solo(room, "bisca")
    await offered(first, first_table)
    await offered(second, second_table)
    await resign(second, second_table)
    ack = await first.request({"type": "next_match", "table_id": first_table, "accept": False})
    assert ack["type"] == "ack", ack
    off = await second.until(lambda f: f["type"] == "next_match.off")
    assert off["table_id"] == second_table
    late = await second.request({"type": "next_match", "table_id": second_table, "accept": True})
    assert late["type"] == "error" and late["code"] == "no_offer", late
    for client in (first, second):
        await client.close()


async def test_going_back_to_the_lobby_from_the_match_end_declines(room: ServerProcess) -> None:
    first, first_table = await solo(room, "scopa")
    second, second_table = await solo(room, "scopa")
    await offered(second, second_table)
    await resign(first, first_table)
    await first.request({"type": "table.leave", "table_id": first_table})
    await resign(second, second_table)
    await second.request({"type": "table.leave", "table_id": second_table})
    await second.until(lambda f: f["type"] == "next_match.off")
    for client in (first, second):
        await client.close()
