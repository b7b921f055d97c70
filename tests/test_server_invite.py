"""Invite links and coming back, over the real protocol: opening a table where one holds
no seat answers ``not_seated`` with its free seats (and how it looks), so the friend with
the link sits down and the match starts; a started table says so; a stranger without the
code hears ``private_table``; a table's snapshot gives back its recent move log."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import Client, ServerProcess, TableClient, needs

pytestmark = [pytest.mark.anyio, needs("scopa")]


async def create(host: Client, seats: list[dict[str, Any]], **extra: Any) -> tuple[str, str]:
    """A private table; its id and invite code."""
    frame = {"type": "table.create", "game": "scopa", "private": True, "seats": seats, **extra}
    created = await host.request(frame)
    assert created["type"] == "table.created", created
    return created["table_id"], created["invite"].rsplit("invite=", 1)[1]


async def test_the_friend_with_the_link_is_told_the_free_seat_and_sits(
    server: ServerProcess,
) -> None:
    host = await Client.connect(server.url)
    table_id, code = await create(host, [{"kind": "me"}, {"kind": "open"}], speed="untimed")
    friend = await Client.connect(server.url)
    asked = await friend.request({"type": "table.open", "table_id": table_id, "invite": code})
    assert asked["type"] == "error" and asked["code"] == "not_seated", asked
    assert asked["table_id"] == table_id and asked["free"] == [1]
    seats = asked["table"]["seats"]
    assert seats[0]["name"] == host.welcome["player"]["name"] and seats[1]["kind"] == "open"
    assert asked["table"]["speed"] == "untimed" and asked["table"]["private"] is True
    assert not any(f.get("type") == "table.snapshot" for f in friend.frames)  # not a spectator
    joined = await friend.request({"type": "table.join", "table_id": table_id, "invite": code})
    assert joined["type"] == "table.joined" and joined["seat"] == 1, joined
    table = TableClient(friend, table_id)
    while table.status != "playing":  # full: the match starts
        await table.pump()
    assert table.seat == 1
    reopened = await friend.request({"type": "table.open", "table_id": table_id, "invite": code})
    assert reopened["type"] == "table.snapshot" and reopened["seat"] == 1, reopened

    late = await Client.connect(server.url)
    started = await late.request({"type": "table.open", "table_id": table_id, "invite": code})
    assert started["code"] == "not_seated" and started["free"] == [], started
    assert started["table"]["status"] == "playing"
    refused = await late.request({"type": "table.join", "table_id": table_id, "invite": code})
    assert refused["code"] == "table_full", refused
    watched = await late.request({"type": "table.watch", "table_id": table_id, "invite": code})
    assert watched["type"] == "table.snapshot" and watched["seat"] is None, watched
    for client in (host, friend, late):
        await client.close()


async def test_a_stranger_without_the_code_hears_it_is_private(server: ServerProcess) -> None:
    host = await Client.connect(server.url)
    table_id, code = await create(host, [{"kind": "me"}, {"kind": "open"}])
    stranger = await Client.connect(server.url)
    for invite in (None, "", code[:-1], code + "x", "x" * 64):
        for kind in ("table.open", "table.join", "table.watch"):
            frame = {"type": kind, "table_id": table_id, "invite": invite}
            refused = await stranger.request(frame)
            assert refused["type"] == "error" and refused["code"] == "private_table", refused
            assert "seats" not in str(refused)  # nothing of the table is told
    unknown = await stranger.request({"type": "table.open", "table_id": "t_nothing"})
    assert unknown["code"] == "no_table"
    await host.close()
    await stranger.close()


async def test_two_friends_choose_their_seats_at_a_2v2_with_a_bot(server: ServerProcess) -> None:
    host = await Client.connect(server.url)
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}, {"kind": "open"}]
    table_id, code = await create(host, seats, options={"players": 4})
    first, second = await Client.connect(server.url), await Client.connect(server.url)
    asked = await first.request({"type": "table.open", "table_id": table_id, "invite": code})
    assert asked["free"] == [2, 3], asked
    assert [s["kind"] for s in asked["table"]["seats"]] == ["human", "bot", "open", "open"]
    chosen = {"type": "table.join", "table_id": table_id, "invite": code, "seat": 3}
    joined = await first.request(chosen)
    assert joined["type"] == "table.joined" and joined["seat"] == 3, joined
    taken = await second.request(chosen)  # the seat was just taken: say so
    assert taken["code"] == "seat_taken", taken
    asked = await second.request({"type": "table.open", "table_id": table_id, "invite": code})
    assert asked["free"] == [2] and asked["table"]["seats"][3]["kind"] == "human", asked
    joined = await second.request(
        {"type": "table.join", "table_id": table_id, "invite": code, "seat": 2}
    )
    assert joined["seat"] == 2, joined
    table = TableClient(second, table_id)
    while table.status != "playing":
        await table.pump()
    names = [s["name"] for s in table.state["seats"]]
    assert names[2] == second.welcome["player"]["name"]  # partner of the host, opposite
    for client in (host, first, second):
        await client.close()


async def test_a_waiting_table_gives_its_seats_the_invite_link(server: ServerProcess) -> None:
    host = await Client.connect(server.url)
    table_id, code = await create(host, [{"kind": "me"}, {"kind": "open"}])
    mine = await host.request({"type": "table.open", "table_id": table_id})
    assert mine["snapshot"]["invite"].endswith(f"/t/{table_id}?invite={code}"), mine
    watcher = await Client.connect(server.url)
    watched = await watcher.request({"type": "table.watch", "table_id": table_id, "invite": code})
    assert watched["type"] == "table.snapshot" and "invite" not in watched["snapshot"], watched
    public = await host.request(
        {"type": "table.create", "game": "scopa", "seats": [{"kind": "me"}, {"kind": "open"}]}
    )
    opened = await host.request({"type": "table.open", "table_id": public["table_id"]})
    assert "invite" not in opened["snapshot"]
    for client in (host, watcher):
        await client.close()


async def test_the_snapshot_gives_back_the_move_log(server: ServerProcess) -> None:
    """A player who comes back (a new connection, a snapshot) gets the moves it missed,
    as its own seat saw them."""
    host = await Client.connect(server.url)
    created = await host.request(
        {"type": "table.create", "game": "scopa", "speed": "untimed", "private": True,
         "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}]}
    )  # fmt: skip
    table_id = created["table_id"]
    table = TableClient(host, table_id)
    moves: list[tuple[int, str]] = []
    while len(moves) < 6:
        frame = await table.pump()
        events = frame.get("events", []) if frame["type"] == "table.events" else []
        moves += [(e["seat"], e["move"]) for e in events if e["type"] == "move"]
        view, phase = table.view, table.state["phase"] or {}
        if view is not None and view["to_move"] == table.seat and phase.get("name") == "play":
            hand = table.state["hand"]
            move = hand["legal"][0]["id"]
            frame = {"type": "play", "table_id": table_id, "move": move, "ply": hand["ply"]}
            await host.send(frame)
    back = await Client.connect(server.url, token=host.token)
    snap = await back.request({"type": "table.open", "table_id": table_id})
    assert snap["type"] == "table.snapshot" and snap["seat"] == 0, snap
    told = [(e["seat"], e["move"]) for e in snap["log"] if e["type"] == "move"]
    assert told[: len(moves)] == moves, (told, moves)
    assert snap["log"][0]["type"] in ("match_started", "deal")
    for client in (host, back):
        await client.close()
