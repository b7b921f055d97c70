"""Fair play against a real server, on SQLite and on PostgreSQL: a muted player's chat
never reaches the muter's socket (after a reconnection too) while the others read it;
reports are kept once per player and table, limited, and bad input changes nothing;
``circolo admin`` lists and closes reports, suspends an account (its sessions end, its
connections close, its login is refused with until when) and lifts the suspension."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from circolo.server.accounts import SESSION_COOKIE
from circolo.server.identity import COOKIE
from tests.conftest import Client, ServerProcess, server_on
from tests.test_server_accounts import PASSWORD, browser, fresh_name
from tests.test_server_accounts import post as account_post
from tests.test_server_games import FAST
from tests.test_server_history import finished, resign

pytestmark = pytest.mark.anyio
REPORTS_PER_PLAYER = 3


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    env = {
        **FAST,
        "CIRCOLO_FINISHED_LINGER": "0.5",
        "CIRCOLO_LOGINS_PER_ADDRESS": "1000",
        "CIRCOLO_REGISTRATIONS_PER_ADDRESS": "1000",
        "CIRCOLO_REPORTS_PER_PLAYER": str(REPORTS_PER_PLAYER),
    }
    with server_on(request.param, tmp_path_factory.mktemp("conduct"), env) as process:
        yield process


async def post(
    server: ServerProcess, path: str, body: Any, token: str, headers: dict[str, str] | None = None
) -> httpx.Response:
    """A POST from the room's own page, as the guest of ``token``."""
    async with httpx.AsyncClient(base_url=server.http, cookies={COOKIE: token}) as http:
        sent = {
            "origin": server.http.rstrip("/"),
            "sec-fetch-site": "same-origin",
            "content-type": "application/json",
            **(headers or {}),
        }
        content = body if isinstance(body, bytes) else json.dumps(body).encode()
        return await http.post(path, content=content, headers=sent)


async def get(server: ServerProcess, path: str, token: str) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http, cookies={COOKIE: token}) as http:
        return await http.get(path)


def admin(
    server: ServerProcess, *args: str, check: bool = True
) -> subprocess.CompletedProcess[str]:
    """``circolo admin ...`` on the server's own database, as its operator runs it."""
    return subprocess.run(
        [sys.executable, "-c", "from circolo.cli import main; main()", "admin", *args,
         "--data-dir", str(server.data_dir)],
        env=server.env, check=check, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


async def two_at_a_table(server: ServerProcess) -> tuple[Client, Client, str]:
    """Two guests at a Scopa table (seats 0 and 1), its match under way."""
    host = await Client.connect(server.url)
    created = await host.request(
        {"type": "table.create", "game": "scopa", "seats": [{"kind": "me"}, {"kind": "open"}]}
    )
    assert created["type"] == "table.created", created
    other = await Client.connect(server.url)
    joined = await other.request({"type": "table.join", "table_id": created["table_id"]})
    assert joined["type"] == "table.joined" and joined["seat"] == 1, joined
    return host, other, created["table_id"]


async def say(client: Client, table_id: str, text: str) -> None:
    ack = await client.request({"type": "chat", "table_id": table_id, "text": text})
    assert ack["type"] == "ack", ack


async def lines_until(client: Client, table_id: str, last: str) -> list[str]:
    """The chat lines ``client`` reads up to (and with) ``last``."""
    seen: list[str] = []
    while not seen or seen[-1] != last:
        frame = await client.until(lambda f: f["type"] == "chat" and f["table_id"] == table_id)
        seen.append(frame["text"])
    return seen


async def test_a_muted_players_chat_never_reaches_the_muter(server: ServerProcess) -> None:
    host, other, table_id = await two_at_a_table(server)
    watcher = await Client.connect(server.url)
    await watcher.request({"type": "table.watch", "table_id": table_id})
    await say(other, table_id, "before")
    assert await lines_until(host, table_id, "before") == ["before"]
    muted = await post(server, "/api/mutes", {"table_id": table_id, "seat": 1}, host.token)
    assert muted.status_code == 200, muted.text
    (entry,) = muted.json()["mutes"]
    assert entry["seat"] == 1 and entry["name"] == other.welcome["player"]["name"]
    assert other.player_id not in muted.text  # the page never learns players' ids
    await say(other, table_id, "rude words")
    await say(host, table_id, "marker")
    assert await lines_until(host, table_id, "marker") == ["marker"]  # not "rude words"
    assert await lines_until(watcher, table_id, "marker") == ["before", "rude words", "marker"]
    assert (await lines_until(other, table_id, "marker"))[-2:] == ["rude words", "marker"]
    # the list is the store's: a new connection (a reload) of the muter reads none either
    await host.close()
    again = await Client.connect(server.url, token=host.token)
    opened = await again.request({"type": "table.open", "table_id": table_id})
    assert opened["type"] == "table.snapshot", opened
    await say(other, table_id, "still rude")
    await say(again, table_id, "marker 2")
    assert await lines_until(again, table_id, "marker 2") == ["marker 2"]
    listed = await get(server, f"/api/mutes?table_id={table_id}", host.token)
    assert [m["seat"] for m in listed.json()["mutes"]] == [1]
    gone = await post(server, "/api/mutes/remove", {"ref": entry["ref"]}, host.token)
    assert gone.status_code == 200 and gone.json()["mutes"] == []
    await say(other, table_id, "sorry")
    assert await lines_until(again, table_id, "sorry") == ["sorry"]
    for client in (again, other, watcher):
        await client.close()


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"table_id": "TABLE", "seat": 0}, 400, "mute_self"),
        ({"table_id": "TABLE", "seat": 7}, 400, "mute_nobody"),
        ({"table_id": "TABLE", "seat": 8}, 400, "bad_request"),
        ({"table_id": "TABLE", "seat": "1"}, 400, "bad_request"),
        ({"table_id": "TABLE", "seat": True}, 400, "bad_request"),
        ({"table_id": "TABLE"}, 400, "bad_request"),
        ({"table_id": "TABLE", "seat": 1, "player_id": "x"}, 400, "bad_request"),
        ({"table_id": "t_nope", "seat": 1}, 404, "no_table"),
        ({"table_id": "x" * 65, "seat": 1}, 400, "bad_request"),
        ([1], 400, "bad_request"),
        (b"{not json", 400, "bad_request"),
        (b'{"table_id": "' + b"x" * 3000 + b'"}', 413, "too_large"),
    ],
)
async def test_bad_mutes_are_refused_with_a_code_and_change_nothing(
    server: ServerProcess, body: Any, status: int, code: str
) -> None:
    host, other, table_id = await two_at_a_table(server)
    if isinstance(body, dict):
        body = {k: table_id if v == "TABLE" else v for k, v in body.items()}
    answer = await post(server, "/api/mutes", body, host.token)
    assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text
    assert (await get(server, "/api/mutes", host.token)).json()["mutes"] == []
    bad_ref = await post(server, "/api/mutes/remove", {"ref": "0" * 20}, host.token)
    assert (bad_ref.status_code, bad_ref.json()["code"]) == (404, "not_muted")
    await host.close()
    await other.close()


async def test_a_mute_from_another_site_is_refused(server: ServerProcess) -> None:
    host, other, table_id = await two_at_a_table(server)
    body = {"table_id": table_id, "seat": 1}
    elsewhere = {"origin": "https://evil.example", "sec-fetch-site": "cross-site"}
    answer = await post(server, "/api/mutes", body, host.token, elsewhere)
    assert (answer.status_code, answer.json()["code"]) == (403, "cross_site")
    plain = await post(server, "/api/mutes", body, host.token, {"content-type": "text/plain"})
    assert plain.status_code == 415
    assert (await get(server, "/api/mutes", host.token)).json()["mutes"] == []
    await host.close()
    await other.close()


async def test_a_player_reports_a_match_once_and_an_outsider_cannot(
    server: ServerProcess,
) -> None:
    client = await Client.connect(server.url)
    table_id = await resign(client)
    await finished(server, table_id)
    stranger = await Client.connect(server.url)
    body = {"table_id": table_id, "reason": "stalling", "text": " too\u202e   slow\u200b "}
    refused = await post(server, "/api/reports", body, stranger.token)
    assert (refused.status_code, refused.json()["code"]) == (403, "not_seated")
    answer = await post(server, "/api/reports", body, client.token)
    assert answer.status_code == 200 and answer.json() == {"ok": True}, answer.text
    again = await post(server, "/api/reports", {**body, "reason": "other"}, client.token)
    assert (again.status_code, again.json()["code"]) == (409, "already_reported")
    listed = await asyncio.to_thread(admin, server, "reports")
    block = listed.stdout.split(f"table {table_id}")[1].split("replay:")[0]
    assert client.welcome["player"]["name"] in block
    assert "reason: stalling: too slow" in block  # cleaned as chat is, kept once
    assert f"replay: /api/tables/{table_id}/replay" in listed.stdout
    number = listed.stdout.split(f"table {table_id}")[0].rsplit("#", 1)[1].split()[0]
    closed = await asyncio.to_thread(admin, server, "close", number)
    assert f"closed report #{number}" in closed.stdout
    assert f"table {table_id}" not in (await asyncio.to_thread(admin, server, "reports")).stdout
    assert (
        f"table {table_id}"
        in (await asyncio.to_thread(admin, server, "reports", "--closed")).stdout
    )
    twice = await asyncio.to_thread(admin, server, "close", number, check=False)
    assert twice.returncode != 0 and "no open report" in twice.stderr
    await client.close()
    await stranger.close()


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"table_id": "TABLE", "reason": "rude"}, 400, "report_reason"),
        ({"table_id": "TABLE", "reason": None}, 400, "report_reason"),
        ({"table_id": "TABLE", "reason": "abuse", "text": "x" * 301}, 400, "report_too_long"),
        ({"table_id": "TABLE", "reason": "abuse", "text": 5}, 400, "bad_request"),
        ({"table_id": "TABLE", "reason": "abuse", "at": 1}, 400, "bad_request"),
        ({"reason": "abuse"}, 400, "bad_request"),
        ({"table_id": "t_nope", "reason": "abuse"}, 404, "no_table"),
    ],
)
async def test_bad_reports_are_refused_with_a_code_and_nothing_is_kept(
    server: ServerProcess, body: dict[str, Any], status: int, code: str
) -> None:
    client = await Client.connect(server.url)
    table_id = await resign(client)
    body = {k: table_id if v == "TABLE" else v for k, v in body.items()}
    answer = await post(server, "/api/reports", body, client.token)
    assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text
    fine = await post(
        server, "/api/reports", {"table_id": table_id, "reason": "other"}, client.token
    )
    assert fine.status_code == 200, fine.text  # the refusal kept nothing: this is the first
    await client.close()


async def test_reports_are_limited_per_player(server: ServerProcess) -> None:
    client = await Client.connect(server.url)
    answers = []
    for _ in range(REPORTS_PER_PLAYER + 1):
        table_id = await resign(client)
        answers.append(
            await post(
                server, "/api/reports", {"table_id": table_id, "reason": "other"}, client.token
            )
        )
    assert [a.status_code for a in answers] == [200] * REPORTS_PER_PLAYER + [429]
    assert answers[-1].json()["code"] == "rate_limited" and "retry-after" in answers[-1].headers
    await client.close()


async def test_a_suspended_account_is_signed_out_and_refused_until_lifted(
    server: ServerProcess,
) -> None:
    name = fresh_name()
    async with browser(server) as home:
        registered = await account_post(home, "register", {"name": name, "password": PASSWORD})
        assert registered.status_code == 200, registered.text
        session = home.cookies[SESSION_COOKIE]
        cookie = {"cookie": f"{SESSION_COOKIE}={session}"}
        live = await Client.connect(server.url, additional_headers=cookie)
        assert live.welcome["player"]["name"] == name
        done = await asyncio.to_thread(admin, server, "suspend", name.lower(), "--until", "7d",
                                       "--reason", "insults")  # fmt: skip
        assert f"suspended {name} until " in done.stdout
        started = time.monotonic()
        with pytest.raises(ConnectionClosed) as closed:  # read within 10 s, on every process
            while True:
                answer = await live.request({"type": "table.create", "game": "scopa"})
                assert answer.get("code") == "account_suspended", answer  # never a table
                await asyncio.sleep(0.5)
                assert time.monotonic() - started < 20, "the suspended connection stayed open"
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4003
        assert (await home.get("/api/account")).json()["account"] is None  # the session ended
    async with browser(server) as elsewhere:
        refused = await account_post(elsewhere, "login", {"name": name, "password": PASSWORD})
        assert (refused.status_code, refused.json()["code"]) == (403, "account_suspended")
        assert refused.json()["until"] > time.time() + 6 * 86400
        wrong = await account_post(elsewhere, "login", {"name": name, "password": "not it at all"})
        assert wrong.json()["code"] == "login_failed"  # the suspension is told only to its owner
        lifted = await asyncio.to_thread(admin, server, "unsuspend", name)
        assert f"lifted the suspension of {name}" in lifted.stdout
        back = await account_post(elsewhere, "login", {"name": name, "password": PASSWORD})
        assert back.status_code == 200, back.text
    unknown = await asyncio.to_thread(admin, server, "suspend", "Nobody Here 0", check=False)
    assert unknown.returncode != 0 and "no account named" in unknown.stderr
    past = await asyncio.to_thread(
        admin, server, "suspend", name, "--until", "2001-01-01", check=False
    )
    assert past.returncode != 0 and "past" in past.stderr
