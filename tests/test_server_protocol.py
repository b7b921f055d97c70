"""The wire protocol against a real server: handshake, bad frames, limits, lobby, chat."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Iterator

import pytest

from tests.conftest import Client, ServerProcess, needs

pytestmark = pytest.mark.anyio


async def test_hello_and_welcome(server: ServerProcess) -> None:
    client = await Client.connect(server.url)
    welcome = client.welcome
    assert welcome["protocol"] == 1
    assert welcome["player"]["id"].startswith("g_")
    assert welcome["player"]["name"]
    assert welcome["heartbeat"]["interval"] > 0
    again = await Client.connect(server.url, token=client.token)
    assert again.welcome["player"] == welcome["player"]
    await client.close()
    await again.close()


async def test_frames_before_hello_and_wrong_version(server: ServerProcess) -> None:
    client = await Client.connect(server.url, hello=False)
    error = await client.request({"type": "ping", "t": 1})
    assert error["code"] == "hello_first"
    error = await client.request({"type": "hello", "protocol": 99})
    assert error["code"] == "protocol_version" and error["expected"] == 1
    welcome = await client.request({"type": "hello", "protocol": 1})
    assert welcome["type"] == "welcome"
    await client.close()


async def test_forged_token_gets_a_new_guest(server: ServerProcess) -> None:
    client = await Client.connect(server.url, token="WyJnX3giLCJ4Il0.forged")
    assert client.welcome["player"]["id"].startswith("g_")
    await client.close()


BAD_FRAMES: list[tuple[str | bytes, str]] = [
    ("{", "bad_json"),
    ("[1, 2]", "bad_json"),
    ('"text"', "bad_json"),
    ("null", "bad_json"),
    (b"\xff\xfe", "bad_json"),
    ('{"type": "fly"}', "unknown_type"),
    ('{"no": "type"}', "unknown_type"),
    ('{"type": 5}', "unknown_type"),
    ('{"type": "play", "table_id": "t_x", "ply": 0}', "bad_frame"),
    ('{"type": "play", "table_id": "t_x", "move": 7, "ply": 0}', "bad_frame"),
    ('{"type": "play", "table_id": "t_x", "move": "1D", "ply": 0, "extra": 1}', "bad_frame"),
    ('{"type": "play", "table_id": "t_x", "move": "1D"}', "bad_frame"),
    ('{"type": "play", "table_id": "t_x", "move": "1D", "ply": -1}', "bad_frame"),
    ('{"type": "move", "table_id": "t_x", "move": "1D", "ply": 0}', "unknown_type"),
    ('{"type": "return", "table_id": "t_x"}', "unknown_type"),
    ('{"type": "ping", "id": 5}', "bad_frame"),
    ('{"type": "table.resync", "table_id": "t_x", "since": -1}', "bad_frame"),
    ('{"type": "rematch", "table_id": "t_x", "accept": "yes"}', "bad_frame"),
    ('{"type": "hello", "protocol": 1}', "bad_frame"),
    ('{"type": "play", "table_id": "t_nope", "move": "1D", "ply": 0}', "no_table"),
    ('{"type": "table.watch", "table_id": "t_nope"}', "no_table"),
    ('{"type": "chat", "table_id": "t_nope", "text": "hi"}', "not_seated"),
    ("[" * 3000 + "]" * 3000, "bad_json"),
    ('{"type": "ping", "t": NaN}', "bad_frame"),
    ('{"type": "ping", "t": -Infinity}', "bad_frame"),
    ('{"type": "ping", "t": 1e999}', "bad_frame"),
    ('{"type": "play", "table_id": "t_x", "move": "1D", "ply": 0, "n": [Infinity]}', "bad_frame"),
]


async def test_bad_frames_are_answered_and_the_connection_stays(server: ServerProcess) -> None:
    client = await Client.connect(server.url)
    for raw, code in BAD_FRAMES:
        await client.send(raw)
        answer = await client.recv()
        assert answer["type"] == "error" and answer["code"] == code, (raw[:60], answer)
        assert answer["message"]
    pong = await client.request({"type": "ping", "t": 3})
    assert pong["type"] == "pong" and pong["t"] == 3
    await client.close()


async def test_errors_carry_the_request_id(server: ServerProcess) -> None:
    client = await Client.connect(server.url)
    error = await client.request({"type": "play", "table_id": "t_nope", "move": "x", "ply": 0})
    assert error["type"] == "error" and error["code"] == "no_table"
    error = await client.request({"type": "play", "table_id": "t_nope", "ply": 0})
    assert error["code"] == "bad_frame" and "move" in error["message"]
    await client.close()


def _not_json(name: str) -> float:
    raise AssertionError(f"{name} is not JSON")


async def test_no_frame_carries_nan_or_infinity(server: ServerProcess) -> None:
    """A number that is not finite is refused with the frame's ``ref``, never echoed (a
    browser's JSON.parse refuses NaN): every answer is strict JSON."""
    client = await Client.connect(server.url)
    for value in ("NaN", "Infinity", "-Infinity", "1e999"):
        await client.send(f'{{"type": "ping", "id": "n{value}", "t": {value}}}')
        answer = json.loads(await client.ws.recv(), parse_constant=_not_json)
        assert answer["code"] == "bad_frame" and answer["ref"] == f"n{value}", answer
    await client.close()


@needs("scopa")
async def test_lobby_lists_games_and_waiting_tables(server: ServerProcess) -> None:
    watcher = await Client.connect(server.url)
    lobby = await watcher.request({"type": "lobby.subscribe"})
    assert lobby["type"] == "lobby"
    assert {g["game"] for g in lobby["games"]} >= {"scopa"}
    host = await Client.connect(server.url)
    created = await host.request(
        {"type": "table.create", "game": "scopa", "seats": [{"kind": "me"}, {"kind": "open"}]}
    )
    assert created["type"] == "table.created" and created["seat"] == 0
    table_id = created["table_id"]
    update = await watcher.until(lambda f: f["type"] == "lobby.table")
    assert update["table"]["table_id"] == table_id and update["table"]["free"] == 1
    snapshot = await host.until(lambda f: f["type"] == "table.snapshot")
    assert snapshot["snapshot"]["status"] == "waiting"
    with urllib.request.urlopen(server.http + "/api/tables") as response:
        listed = json.load(response)
    assert table_id in [t["table_id"] for t in listed]
    await host.request({"type": "table.leave", "table_id": table_id})
    gone = await watcher.until(lambda f: f["type"] == "lobby.removed")
    assert gone["table_id"] == table_id
    await watcher.close()
    await host.close()


@needs("scopa")
async def test_private_tables_need_their_invite(server: ServerProcess) -> None:
    watcher = await Client.connect(server.url)
    await watcher.request({"type": "lobby.subscribe"})
    host = await Client.connect(server.url)
    created = await host.request(
        {
            "type": "table.create",
            "game": "scopa",
            "private": True,
            "speed": "relaxed",
            "seats": [{"kind": "me"}],
        }
    )
    assert created["type"] == "table.created", created
    table_id = created["table_id"]
    assert "invite=" in created["invite"]
    invite = created["invite"].split("invite=")[1]
    guest = await Client.connect(server.url)
    refused = await guest.request({"type": "table.join", "table_id": table_id})
    assert refused["code"] == "private_table"
    watch = await guest.request({"type": "table.watch", "table_id": table_id, "invite": "nope"})
    assert watch["code"] == "private_table"
    lobby = await watcher.request({"type": "lobby.subscribe"})
    assert table_id not in [t["table_id"] for t in lobby["tables"]]
    chat = await guest.request({"type": "chat", "table_id": table_id, "text": "hello"})
    assert chat["code"] == "chat_players_only"
    joined = await guest.request({"type": "table.join", "table_id": table_id, "invite": invite})
    assert joined["type"] == "table.joined" and joined["seat"] == 1
    for client in (watcher, host, guest):
        await client.close()


async def test_bad_table_options_name_the_option(server: ServerProcess) -> None:
    client = await Client.connect(server.url)
    error = await client.request({"type": "table.create", "game": "chess"})
    assert error["code"] == "bad_option" and "chess" in error["message"]
    error = await client.request(
        {"type": "table.create", "game": "scopa", "options": {"colour": "red"}}
    )
    assert error["type"] == "error" and "colour" in error["message"]
    error = await client.request({"type": "table.create", "game": "scopa", "speed": "untimed"})
    assert error["type"] == "error" and "private" in error["message"]
    await client.close()


@needs("scopa")
async def test_chat_is_text_with_limits(server: ServerProcess) -> None:
    host = await Client.connect(server.url)
    created = await host.request({"type": "table.create", "game": "scopa"})
    assert created["type"] == "table.created", created
    table_id = created["table_id"]
    other = await Client.connect(server.url)
    await other.request({"type": "table.join", "table_id": table_id})
    markup = "<b>ciao</b>\x07"
    ack = await host.request({"type": "chat", "table_id": table_id, "text": markup})
    assert ack["type"] == "ack"
    said = await other.until(lambda f: f["type"] == "chat")
    assert said["text"] == "<b>ciao</b>" and said["seat"] == 0
    too_long = await host.request({"type": "chat", "table_id": table_id, "text": "x" * 301})
    assert too_long["code"] == "chat_too_long"
    empty = await host.request({"type": "chat", "table_id": table_id, "text": "  "})
    assert empty["code"] == "bad_frame"
    codes = []
    for i in range(6):
        answer = await host.request({"type": "chat", "table_id": table_id, "text": f"m{i}"})
        codes.append(answer.get("code", answer["type"]))
    assert "chat_rate" in codes
    await host.close()
    await other.close()


async def test_http_endpoints(server: ServerProcess) -> None:
    with urllib.request.urlopen(server.http + "/healthz") as response:
        assert json.load(response) == {"ok": True}
    with urllib.request.urlopen(server.http + "/api/me") as response:
        cookie = response.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie
        assert json.load(response)["name"]
    with urllib.request.urlopen(server.http + "/metrics") as response:
        text = response.read().decode()
    assert "circolo_connections" in text and "circolo_move_latency_seconds" in text
    with urllib.request.urlopen(server.http + "/") as response:
        assert b"<html" in response.read()


async def test_cookie_identity_on_the_websocket(server: ServerProcess) -> None:
    with urllib.request.urlopen(server.http + "/api/me") as response:
        cookie = response.headers["set-cookie"].split(";")[0]
        me = json.load(response)
    client = await Client.connect(server.url, additional_headers={"Cookie": cookie})
    assert client.welcome["player"] == me
    await client.close()


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose waiting tables go when nobody of theirs has them open for 2 s."""
    process = ServerProcess(tmp_path_factory.mktemp("waiting"), {"CIRCOLO_WAITING_GRACE": "2"})
    process.start()
    yield process
    process.stop()


@needs("scopa")
async def test_a_waiting_table_its_players_closed_leaves_the_lobby(
    quick_server: ServerProcess,
) -> None:
    """No empty chairs in the lobby: a waiting table whose seated players all closed it
    goes after ``waiting_grace``; one who comes back within it keeps it."""
    watcher = await Client.connect(quick_server.url)
    await watcher.request({"type": "lobby.subscribe"})
    tables = []
    for _ in range(2):
        host = await Client.connect(quick_server.url)
        created = await host.request(
            {"type": "table.create", "game": "scopa", "seats": [{"kind": "me"}, {"kind": "open"}]}
        )
        tables.append((host, created["table_id"]))
    (deserter, gone), (returner, kept) = tables
    await deserter.close()
    await returner.close()
    back = await Client.connect(quick_server.url, token=returner.token)  # a reload
    reopened = await back.request({"type": "table.open", "table_id": kept})
    assert reopened["type"] == "table.snapshot", reopened
    removed = await watcher.until(lambda f: f["type"] == "lobby.removed", timeout=10)
    assert removed["table_id"] == gone
    await asyncio.sleep(2.5)  # past the grace: the one that came back is still there
    with urllib.request.urlopen(quick_server.http + "/api/tables") as response:
        listed = [t["table_id"] for t in json.load(response)]
    assert kept in listed and gone not in listed
    joiner = await Client.connect(quick_server.url)
    late = await joiner.request({"type": "table.join", "table_id": gone})
    assert late["type"] == "error" and late["code"] == "no_table", late
    for client in (watcher, back, joiner):
        await client.close()
