"""A player's own data against a real server, on SQLite and PostgreSQL: the download holds
everything the room keeps about them and nothing private of anyone else; erasing an
account needs its password, ends every session and connection, and leaves its matches
in the others' history, the logs and the stored configs under an anonymous label, off
the leaderboards; bad input is refused with a code and changes nothing."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from circolo.server.accounts import SESSION_COOKIE
from circolo.server.identity import COOKIE
from tests.conftest import (
    Client,
    ServerProcess,
    TableClient,
    _query,
    server_on,
)
from tests.test_server_accounts import LIMITS, PASSWORD, account_of, browser, fresh_name, post
from tests.test_server_games import FAST, play_match
from tests.test_server_history import finished

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    env = {**FAST, **LIMITS, "CIRCOLO_FINISHED_LINGER": "0.5"}
    with server_on(request.param, tmp_path_factory.mktemp("privacy"), env) as process:
        yield process


async def registered(server: ServerProcess, email: str) -> tuple[Client, httpx.AsyncClient, str]:
    """A guest connected over a WebSocket who registers: its connection, its browser
    (logged in) and its name."""
    client = await Client.connect(server.url)
    name = fresh_name()
    home = browser(server, **{COOKIE: client.token})
    answer = await post(home, "register", {"name": name, "password": PASSWORD, "email": email})
    assert answer.status_code == 200, answer.text
    return client, home, name


@contextlib.asynccontextmanager
async def closing(*browsers: httpx.AsyncClient) -> AsyncIterator[None]:
    try:
        yield
    finally:
        for b in browsers:
            await b.aclose()


async def rated_match(one: Client, two: Client) -> str:
    """A single hand of Scopa between two people at a public table, played out: rated."""
    created = await one.request({"type": "table.create", "game": "scopa",
                                 "options": {"target": "single_hand"},
                                 "seats": [{"kind": "me"}, {"kind": "open"}]})  # fmt: skip
    table_id: str = created["table_id"]
    joined = await two.request({"type": "table.join", "table_id": table_id})
    assert joined["type"] == "table.joined", joined
    tables = [TableClient(one, table_id), TableClient(two, table_id)]
    await asyncio.gather(*(play_match(t, random.Random(i)) for i, t in enumerate(tables)))
    for t in tables:
        await t.client.until(lambda f: f["type"] == "ratings", 10)
    return table_id


async def exported(home: httpx.AsyncClient) -> tuple[httpx.Response, Any]:
    answer = await home.get("/api/account/export")
    return answer, answer.json()


def stored_text(server: ServerProcess, sql: str) -> str:
    """Every row of ``sql`` (over all tables: the ``{}`` is compared with ``1``) as text."""
    return json.dumps([list(map(str, row)) for row in _query(server, sql, "1")])


async def test_the_download_holds_my_data_and_nothing_private_of_others(
    server: ServerProcess,
) -> None:
    mine, home, name = await registered(server, "me@example.org")
    theirs, away, other = await registered(server, "them@example.org")
    table_id = await rated_match(mine, theirs)
    await finished(server, table_id)
    async with closing(home, away):
        assert (await home.get("/api/account/chips")).status_code == 200  # the welcome chips
        answer, data = await exported(home)
        assert answer.status_code == 200
        assert data["chips"]["balance"] == 1000
        assert [m["kind"] for m in data["chips"]["movements"]] == ["opening"]
        assert answer.headers["content-disposition"].startswith("attachment; filename=")
        assert answer.headers["cache-control"] == "no-store"
        assert data["player"]["id"] == mine.player_id and data["player"]["kind"] == "account"
        assert data["account"]["name"] == name and data["account"]["email"] == "me@example.org"
        assert [s["current"] for s in data["sessions"]] == [True]
        assert [m["table_id"] for m in data["matches"]] == [table_id]
        assert data["matches"][0]["my_seat"] == 0
        assert [(r["game"], r["mode"], r["matches"]) for r in data["ratings"]] == [
            ("scopa", "1v1", 1)
        ]
        assert [c["table_id"] for c in data["rating_changes"]] == [table_id]
        assert [c["kind"] for c in data["fair_play"]] == ["finished"]
        text = answer.text
        # the other player's name and public id are at the table (as the history shows
        # them, docs/records.md); nothing else of theirs
        assert other in text
        for secret in ("them@example.org", theirs.token,
                       home.cookies[SESSION_COOKIE], away.cookies[SESSION_COOKIE],
                       "password_hash", PASSWORD, "$argon2"):  # fmt: skip
            assert secret not in text, secret
    await mine.close()
    await theirs.close()


async def test_a_guest_downloads_its_own_history_without_an_account(
    server: ServerProcess,
) -> None:
    async with browser(server) as guest:
        answer, data = await exported(guest)
        assert answer.status_code == 200
        assert data["account"] is None and data["sessions"] == []
        assert data["player"]["kind"] == "guest" and data["matches"] == []
        assert data["chips"] == {"balance": 0, "movements": []}


async def test_downloads_are_limited_per_player(server: ServerProcess) -> None:
    async with browser(server) as guest:
        codes = [(await guest.get("/api/account/export")).status_code for _ in range(6)]
        assert codes == [200] * 5 + [429]
        refused = await guest.get("/api/account/export")
        assert refused.json()["code"] == "rate_limited" and int(refused.headers["retry-after"]) > 0


async def test_a_download_asked_for_by_another_site_is_refused(server: ServerProcess) -> None:
    async with browser(server) as guest:
        answer = await guest.get("/api/account/export", headers={"sec-fetch-site": "cross-site"})
        assert (answer.status_code, answer.json()["code"]) == (403, "cross_site")


async def test_an_erased_account_is_anonymous_everywhere_and_its_matches_stay(
    server: ServerProcess,
) -> None:
    mine, home, name = await registered(server, "gone@example.org")
    theirs, away, other = await registered(server, "stays@example.org")
    table_id = await rated_match(mine, theirs)
    await finished(server, table_id)
    async with closing(home, away):
        wrong = await post(home, "delete", {"password": "not the password"})
        assert (wrong.status_code, wrong.json()["code"]) == (403, "wrong_password")
        assert (await account_of(home))["name"] == name  # nothing changed
        board = (await away.get("/api/leaderboard?game=scopa&mode=1v1")).json()["rows"]
        assert name in [row["name"] for row in board]
        answer = await post(home, "delete", {"password": PASSWORD})
        assert answer.status_code == 200, answer.text
        assert answer.json()["account"] is None
        assert "max-age=0" in ";".join(answer.headers.get_list("set-cookie")).lower()
        assert await account_of(home) is None
        # its connection is closed, and it cannot come back
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await mine.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4003
        again = await post(away, "login", {"name": name, "password": PASSWORD})
        assert again.status_code == 401  # from another browser: wrong name or password
        sessions = _query(server, "SELECT count(*) FROM auth_sessions WHERE player_id = {}",
                          mine.player_id)  # fmt: skip
        assert sessions == [(0,)]
        assert _query(server, "SELECT count(*) FROM accounts WHERE player_id = {}",
                      mine.player_id) == [(0,)]  # fmt: skip
        # the other player's history keeps the match, with an anonymous label
        rows = (await away.get("/api/history")).json()["tables"]
        (row,) = [r for r in rows if r["table_id"] == table_id]
        seat = row["seats"][0]["name"]
        assert seat.startswith("Anon #") and name not in json.dumps(rows)
        assert row["seats"][1]["name"] == other
        replay = (await away.get(f"/api/tables/{table_id}/replay")).text
        assert name not in replay and seat in replay
        board = (await away.get("/api/leaderboard?game=scopa&mode=1v1")).json()["rows"]
        assert name not in json.dumps(board) and seat not in json.dumps(board)
        assert other in [r["name"] for r in board]
        # nowhere in the store: configs, results, players, ratings, e-mail, password
        for sql in ("SELECT config, result FROM tables WHERE '1' = {}",
                    "SELECT name FROM players WHERE '1' = {}",
                    "SELECT * FROM ratings WHERE '1' = {}",
                    "SELECT * FROM accounts WHERE '1' = {}"):  # fmt: skip
            text = stored_text(server, sql)
            assert name not in text and "gone@example.org" not in text, sql
        assert _query(server, "SELECT count(*) FROM rating_changes WHERE player_id = {}",
                      mine.player_id) == [(0,)]  # fmt: skip
        assert _query(server, "SELECT count(*) FROM conduct WHERE player_id = {}",
                      mine.player_id) == [(0,)]  # fmt: skip
        # the name is free again
        async with browser(server) as newcomer:
            fresh = await post(newcomer, "register", {"name": name, "password": PASSWORD})
            assert fresh.status_code == 200, fresh.text
            assert fresh.json()["player"]["id"] != mine.player_id
    await theirs.close()


async def test_deleting_needs_a_login_and_no_seat_at_a_table(server: ServerProcess) -> None:
    async with browser(server) as guest:
        answer = await post(guest, "delete", {"password": PASSWORD})
        assert (answer.status_code, answer.json()["code"]) == (401, "not_logged_in")
    client, home, name = await registered(server, "")
    created = await client.request({"type": "table.create", "game": "scopa",
                                    "options": {"target": "single_hand"},
                                    "seats": [{"kind": "me"}, {"kind": "open"}]})  # fmt: skip
    assert created["type"] == "table.created", created
    async with closing(home):
        answer = await post(home, "delete", {"password": PASSWORD})
        assert (answer.status_code, answer.json()["code"]) == (409, "at_table")
        assert (await account_of(home))["name"] == name
    await client.close()


@pytest.mark.parametrize(
    ("form", "body", "headers", "status", "code"),
    [
        (form, body, headers, status, code)
        for form in ("login", "logout", "logout-everywhere", "password", "settings", "delete")
        for body, headers, status, code in (
            (b"{not json", None, 400, "bad_request"),
            (b"[1, 2]", None, 400, "bad_request"),
            (b'"text"', None, 400, "bad_request"),
            (b'{"unknown": 1}', None, 400, "bad_request"),
            (b'{"x": "' + b"x" * 3000 + b'"}', None, 413, "too_large"),
            (b"password=x", {"content-type": "application/x-www-form-urlencoded"}, 415,
             "bad_request"),
            (b"{}", {"origin": "https://evil.example"}, 403, "cross_site"),
        )
    ],
)  # fmt: skip
async def test_every_account_form_refuses_bad_input_and_changes_nothing(
    server: ServerProcess,
    form: str,
    body: bytes,
    headers: dict[str, str] | None,
    status: int,
    code: str,
) -> None:
    async with browser(server) as home:
        name = fresh_name()
        await post(home, "register", {"name": name, "password": PASSWORD})
        answer = await post(home, form, body, headers)
        assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text
        assert answer.json()["message"]
        assert (await account_of(home))["name"] == name  # still logged in, still there
        assert (await post(home, "login", {"name": name, "password": PASSWORD})).is_success


@pytest.mark.parametrize(
    ("form", "body"),
    [
        ("password", {"current": PASSWORD}),
        ("password", {"current": 12345678, "password": "a new password"}),
        ("password", {"current": PASSWORD, "password": ["a new password"]}),
        ("settings", {"settings": "faces"}),
        ("settings", {"settings": {"faces": 1}}),
        ("delete", {}),
        ("delete", {"password": 12345678}),
        ("delete", {"password": None}),
        ("delete", {"password": PASSWORD, "also": True}),
        ("login", {"name": 1, "password": PASSWORD}),
    ],
)
async def test_a_missing_or_mistyped_field_is_refused_and_changes_nothing(
    server: ServerProcess, form: str, body: dict[str, Any]
) -> None:
    async with browser(server) as home:
        name = fresh_name()
        await post(home, "register", {"name": name, "password": PASSWORD})
        answer = await post(home, form, body)
        assert (answer.status_code, answer.json()["code"]) == (400, "bad_request"), answer.text
        assert (await account_of(home))["name"] == name
        assert (await account_of(home))["settings"] == {}
        async with browser(server) as other:
            assert (await post(other, "login", {"name": name, "password": PASSWORD})).is_success
