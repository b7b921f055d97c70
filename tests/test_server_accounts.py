"""Accounts against a real server, on SQLite and on PostgreSQL: a guest who played
registers and keeps its id and history, logs in from another browser, logs out (here and
everywhere); the cookie's flags; a new session id at every login; cross-site posts, bad
input and too many attempts are refused with a code and change nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from circolo.server.accounts import SESSION_COOKIE
from circolo.server.identity import COOKIE
from circolo.server.names import key
from circolo.store import Store, sqlite_url
from tests.conftest import Client, ServerProcess, server_on
from tests.test_server_games import FAST
from tests.test_server_history import finished, resign

pytestmark = pytest.mark.anyio
PASSWORD = "a long passphrase"
LOGINS_PER_NAME = 4
LIMITS = {
    "CIRCOLO_LOGINS_PER_NAME": str(LOGINS_PER_NAME),
    "CIRCOLO_LOGINS_PER_ADDRESS": "1000",  # every test's client is 127.0.0.1
    "CIRCOLO_REGISTRATIONS_PER_ADDRESS": "1000",
}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    env = {**FAST, **LIMITS, "CIRCOLO_FINISHED_LINGER": "0.5"}
    with server_on(request.param, tmp_path_factory.mktemp("accounts"), env) as process:
        yield process


def browser(server: ServerProcess, **cookies: str) -> httpx.AsyncClient:
    """An HTTP client that keeps its cookies, as a browser does (those given are set for
    the server's host, so the server's own replace them)."""
    jar = httpx.Cookies()
    for name, value in cookies.items():
        jar.set(name, value, domain="127.0.0.1", path="/")
    return httpx.AsyncClient(base_url=server.http, cookies=jar)


async def post(
    http: httpx.AsyncClient,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
) -> httpx.Response:
    """A POST as the room's own page sends it (unless ``headers`` say otherwise)."""
    sent = {
        "origin": str(http.base_url).rstrip("/"),
        "sec-fetch-site": "same-origin",
        "content-type": "application/json",
        **(headers or {}),
    }
    content = body if isinstance(body, bytes) else json.dumps(body or {}).encode()
    return await http.post(f"/api/account/{path}", content=content, headers=sent)


def set_cookie(answer: httpx.Response, name: str) -> str:
    """The ``Set-Cookie`` header of ``name``, whole."""
    found = [v for v in answer.headers.get_list("set-cookie") if v.startswith(f"{name}=")]
    assert len(found) == 1, answer.headers
    return found[0]


async def account_of(http: httpx.AsyncClient) -> Any:
    return (await http.get("/api/account")).json()["account"]


URLENCODED = {"content-type": "application/x-www-form-urlencoded"}
PLAIN = {"content-type": "text/plain"}
unique = iter(range(1, 10_000))


def fresh_name() -> str:
    return f"Player {chr(65 + next(unique) % 26)}{next(unique)}"


async def test_a_guest_who_played_registers_in_place_and_finds_its_history_elsewhere(
    server: ServerProcess,
) -> None:
    client = await Client.connect(server.url)
    table_id = await resign(client)
    await finished(server, table_id)
    name = fresh_name()
    async with browser(server, **{COOKIE: client.token}) as home:
        answer = await post(home, "register", {"name": name, "password": PASSWORD})
        assert answer.status_code == 200, answer.text
        assert answer.json()["player"]["id"] == client.player_id
        assert answer.json()["account"]["name"] == name
        me = (await home.get("/api/me")).json()
        assert me == {"id": client.player_id, "name": name, "named": True}
        # the guest cookie now holds a fresh guest, for after a logout
        assert home.cookies.get(COOKIE) != client.token
    await client.close()
    async with browser(server, **{COOKIE: client.token}) as thief:  # the old guest token
        assert (await thief.get("/api/me")).json()["id"] != client.player_id
    async with browser(server) as other:  # another device
        answer = await post(other, "login", {"name": name.upper(), "password": PASSWORD})
        assert answer.status_code == 200, answer.text
        assert (await other.get("/api/me")).json()["id"] == client.player_id
        rows = (await other.get("/api/history")).json()["tables"]
        assert table_id in [row["table_id"] for row in rows]
        session = other.cookies[SESSION_COOKIE]
    cookie = f"{SESSION_COOKIE}={session}"
    again = await Client.connect(server.url, additional_headers={"cookie": cookie})
    assert again.welcome["player"]["id"] == client.player_id and again.welcome.get("token") is None
    await again.close()


async def test_the_session_cookie_is_httponly_lax_and_new_at_every_login(
    server: ServerProcess,
) -> None:
    name = fresh_name()
    async with browser(server) as home:
        answer = await post(home, "register", {"name": name, "password": PASSWORD})
        header = set_cookie(answer, SESSION_COOKIE)
        flags = [part.strip().lower() for part in header.split(";")[1:]]
        assert {"httponly", "path=/", "samesite=lax"} <= set(flags)
        assert "secure" not in flags  # plain http here
        first = home.cookies[SESSION_COOKIE]
    planted = "planted-by-someone-else-" + "x" * 20
    async with browser(server, **{SESSION_COOKIE: planted}) as other:
        answer = await post(other, "login", {"name": name, "password": PASSWORD})
        assert answer.status_code == 200, answer.text
        second = other.cookies[SESSION_COOKIE]
        assert len({first, second, planted}) == 3
    async with browser(server, **{SESSION_COOKIE: planted}) as attacker:
        assert await account_of(attacker) is None


async def test_logout_here_and_everywhere(server: ServerProcess) -> None:
    name = fresh_name()
    async with browser(server) as one, browser(server) as two, browser(server) as three:
        await post(one, "register", {"name": name, "password": PASSWORD})
        for b in (two, three):
            assert (await post(b, "login", {"name": name, "password": PASSWORD})).is_success
        listed = (await one.get("/api/account/sessions")).json()["sessions"]
        assert len(listed) == 3 and sum(s["current"] for s in listed) == 1
        assert not any(one.cookies[SESSION_COOKIE] in str(s) for s in listed)
        assert (await post(one, "logout-everywhere")).json() == {"ok": True}
        assert await account_of(two) is None and await account_of(three) is None
        assert (await account_of(one))["name"] == name
        answer = await post(one, "logout")
        assert "max-age=0" in set_cookie(answer, SESSION_COOKIE).lower()
        assert await account_of(one) is None
        assert (await one.get("/api/account/sessions")).status_code == 401


async def test_unknown_name_and_wrong_password_get_the_same_answer(server: ServerProcess) -> None:
    name = fresh_name()
    async with browser(server) as home:
        await post(home, "register", {"name": name, "password": PASSWORD})
    async with browser(server) as other:
        wrong = await post(other, "login", {"name": name, "password": "not it at all"})
        unknown = await post(other, "login", {"name": fresh_name(), "password": "not it at all"})
    assert wrong.status_code == unknown.status_code == 401
    assert (
        wrong.json()
        == unknown.json()
        == {
            "code": "login_failed",
            "message": "wrong name or password",
        }
    )


async def test_too_many_logins_for_a_name_are_refused_with_a_wait(server: ServerProcess) -> None:
    name = fresh_name()
    async with browser(server) as home:
        await post(home, "register", {"name": name, "password": PASSWORD})
    async with browser(server) as other:
        for _ in range(LOGINS_PER_NAME):
            assert (
                await post(other, "login", {"name": name, "password": "guess!!!"})
            ).status_code == 401
        answer = await post(other, "login", {"name": name, "password": PASSWORD})
        assert answer.status_code == 429 and answer.json()["code"] == "rate_limited"
        assert int(answer.headers["retry-after"]) > 0 and SESSION_COOKIE not in other.cookies


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "https://evil.example"},
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},
        {"origin": "null"},
    ],
)
async def test_a_cross_site_post_is_refused_and_changes_nothing(
    server: ServerProcess, headers: dict[str, str]
) -> None:
    name = fresh_name()
    async with browser(server) as home:
        answer = await post(home, "register", {"name": name, "password": PASSWORD}, headers)
        assert answer.status_code == 403 and answer.json()["code"] == "cross_site"
        assert SESSION_COOKIE not in home.cookies
        assert (await post(home, "login", {"name": name, "password": PASSWORD})).status_code == 401


async def test_a_post_without_origin_is_refused(server: ServerProcess) -> None:
    async with browser(server) as home:
        answer = await home.post(
            "/api/account/login", json={"name": "Someone", "password": PASSWORD}
        )
        assert answer.status_code == 403 and answer.json()["code"] == "cross_site"


@pytest.mark.parametrize(
    ("body", "headers", "status", "code"),
    [
        (b"{not json", None, 400, "bad_request"),
        (b'["a", "b"]', None, 400, "bad_request"),
        (b'{"name": "Someone"}', None, 400, "bad_request"),  # no password
        (b'{"name": "Someone", "password": 12345678}', None, 400, "bad_request"),
        (b'{"name": ["x"], "password": "long enough"}', None, 400, "name_length"),
        (b'{"name": "Someone", "password": "long enough", "x": 1}', None, 400, "bad_request"),
        (b'{"name": "Someone", "password": "' + b"x" * 3000 + b'"}', None, 413, "too_large"),
        (b"name=Someone&password=long+enough", URLENCODED, 415, "bad_request"),
        (b'{"name": "Someone", "password": "long enough"}', PLAIN, 415, "bad_request"),
    ],
)  # fmt: skip
async def test_bad_input_is_refused_with_a_code_and_no_account(
    server: ServerProcess,
    body: bytes,
    headers: dict[str, str] | None,
    status: int,
    code: str,
) -> None:
    async with browser(server) as home:
        answer = await post(home, "register", body, headers)
        assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text
        assert SESSION_COOKIE not in home.cookies and await account_of(home) is None
        good = await post(home, "register", {"name": fresh_name(), "password": PASSWORD})
        assert good.status_code == 200  # nothing half-done stands in the way


async def test_the_password_changes_with_the_current_one_and_ends_other_sessions(
    server: ServerProcess,
) -> None:
    name = fresh_name()
    async with browser(server) as one, browser(server) as two:
        await post(one, "register", {"name": name, "password": PASSWORD})
        await post(two, "login", {"name": name, "password": PASSWORD})
        wrong = await post(one, "password", {"current": "not the one", "password": "brand new one"})
        assert wrong.status_code == 403 and wrong.json()["code"] == "wrong_password"
        assert await account_of(two) is not None
        changed = await post(one, "password", {"current": PASSWORD, "password": "brand new one"})
        assert changed.status_code == 200
        assert await account_of(two) is None and await account_of(one) is not None
        renamed = await one.post(
            "/api/me/name", json={"name": "Sneaky"},
            headers={"origin": server.http, "sec-fetch-site": "same-origin"},
        )  # fmt: skip
        assert renamed.status_code == 403 and renamed.json()["code"] == "account_name"


async def test_behind_https_the_session_cookie_is_secure(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    public = "https://cards.example.org"
    process = ServerProcess(tmp_path_factory.mktemp("https"), {"CIRCOLO_PUBLIC_URL": public})
    process.start()
    try:
        async with browser(process) as home:
            answer = await post(
                home, "register", {"name": "Secure One", "password": PASSWORD}, {"origin": public}
            )
            assert answer.status_code == 200, answer.text
            flags = {p.strip().lower() for p in set_cookie(answer, SESSION_COOKIE).split(";")}
            assert {"secure", "httponly", "samesite=lax"} <= flags
    finally:
        process.stop()


async def test_an_accounts_settings_follow_it_to_another_browser(server: ServerProcess) -> None:
    """Every setting per account, card faces per game: a game's faces change that game's."""
    name = fresh_name()
    faces = {"faces": {"scopa": "french"}}
    async with browser(server) as one, browser(server) as two:
        assert (await post(one, "settings", {"settings": faces})).status_code == 401
        await post(one, "register", {"name": name, "password": PASSWORD})
        saved = await post(one, "settings", {"settings": {**faces, "motion": False}})
        assert saved.json() == {"settings": {**faces, "motion": False}}
        both = await post(one, "settings", {"settings": {"faces": {"bisca": "auto"},
                                                         "confirm": False}})  # fmt: skip
        kept = {"faces": {"scopa": "french", "bisca": "auto"}, "motion": False, "confirm": False}
        assert both.json() == {"settings": kept}
        for refused in ({"faces": "<script>"}, {"faces": {"burraco": "italian"}},
                        {"faces": {"chess": "auto"}}, {"confirm": "yes"}):  # fmt: skip
            bad = await post(one, "settings", {"settings": refused})
            assert (bad.status_code, bad.json()["code"]) == (400, "bad_request"), refused
            assert bad.json()["message"]
        await post(two, "login", {"name": name, "password": PASSWORD})
        assert (await account_of(two))["settings"] == kept  # the refused changed nothing


async def test_an_accounts_one_faces_saved_before_is_read_per_game(server: ServerProcess) -> None:
    """Accounts saved one ``faces`` for every game: read as each game's, where its deck has
    them (Burraco has no Italian deck: the table's own); a page open from before may send
    the one ``faces`` still."""
    name = fresh_name()
    async with browser(server) as one:
        await post(one, "register", {"name": name, "password": PASSWORD})
        url = server.env.get("CIRCOLO_DATABASE_URL") or sqlite_url(
            server.data_dir / "circolo.sqlite3"
        )
        db = await Store.open(url)
        try:
            account = await db.account_named(key(name))
            assert account is not None
            await db.set_settings(account.player_id, {"faces": "italian", "sound": False})
        finally:
            await db.close()
        per_game = {"scopa": "italian", "bisca": "italian", "burraco": "auto"}
        assert (await account_of(one))["settings"] == {"faces": per_game, "sound": False}
        saved = await post(one, "settings", {"settings": {"faces": {"burraco": "french"}}})
        assert saved.json()["settings"]["faces"] == {**per_game, "burraco": "french"}
        old_page = await post(one, "settings", {"settings": {"faces": "french"}})
        assert old_page.json()["settings"]["faces"] == dict.fromkeys(per_game, "french")


async def test_logging_out_everywhere_closes_the_other_browsers_connections(
    server: ServerProcess,
) -> None:
    name = fresh_name()
    async with browser(server) as one, browser(server) as two:
        await post(one, "register", {"name": name, "password": PASSWORD})
        await post(two, "login", {"name": name, "password": PASSWORD})
        cookie = {"cookie": f"{SESSION_COOKIE}={two.cookies[SESSION_COOKIE]}"}
        mine = {"cookie": f"{SESSION_COOKIE}={one.cookies[SESSION_COOKIE]}"}
        other = await Client.connect(server.url, additional_headers=cookie)
        here = await Client.connect(server.url, additional_headers=mine)
        assert other.welcome["player"]["name"] == name
        await post(one, "logout-everywhere")
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await other.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4003
        pong = await here.request({"type": "ping", "t": "still here"})
        assert pong["type"] == "pong"  # this browser's connection stays
        await here.close()


async def test_a_guest_cannot_take_an_accounts_name(server: ServerProcess) -> None:
    name = fresh_name()
    async with browser(server) as one, browser(server) as guest:
        await post(one, "register", {"name": name, "password": PASSWORD})
        await post(one, "logout")  # not present any more: the account still holds it
        same = {"origin": server.http, "sec-fetch-site": "same-origin"}
        taken = await guest.post("/api/me/name", json={"name": name.lower()}, headers=same)
        assert taken.status_code == 400 and taken.json()["code"] == "name_taken"
        free = await guest.post("/api/me/name", json={"name": fresh_name()}, headers=same)
        assert free.status_code == 200
