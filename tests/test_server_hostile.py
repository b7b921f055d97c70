"""A real server against hostile clients and pages: the WebSocket's Origin, the headers of
every answer, who may read /metrics, guest tokens that expire and can be revoked, what the
lobby says of private tables, chat text, and the spectators' cap."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from circolo.server.identity import COOKIE
from tests.conftest import Client, ServerProcess, needs

pytestmark = pytest.mark.anyio

TOKEN_SECONDS = 6


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Guest tokens last 6 s; one other site is allowed; at most 2 spectators a table."""
    process = ServerProcess(
        tmp_path_factory.mktemp("hostile"),
        {
            "CIRCOLO_ALLOWED_ORIGINS": "https://friends.example, http://localhost:9",
            "CIRCOLO_TOKEN_DAYS": str(TOKEN_SECONDS / 86400),
            "CIRCOLO_SPECTATORS": "2",
            "CIRCOLO_RATE": "50",
            "CIRCOLO_BURST": "100",
        },
    )
    process.start()
    yield process
    process.stop()


async def get(
    server: ServerProcess,
    path: str,
    cookies: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http, cookies=cookies) as http:
        return await http.get(path, headers=headers)


# -- Origin ---------------------------------------------------------------------------------


async def test_websocket_refuses_pages_of_other_sites(server: ServerProcess) -> None:
    me = await get(server, "/api/me")
    cookie = f"{COOKIE}={me.cookies[COOKIE]}"
    for origin in ("http://evil.example", "null", "http://127.0.0.1.evil.example",
                   f"https://127.0.0.1:{server.port}.evil.example", "file://"):  # fmt: skip
        with pytest.raises(InvalidStatus) as refused:
            await Client.connect(server.url, origin=origin, additional_headers={"Cookie": cookie})
        assert refused.value.response.status_code == 403, origin
    for origin in (f"http://127.0.0.1:{server.port}", "https://friends.example", None):
        client = await Client.connect(
            server.url, origin=origin, additional_headers={"Cookie": cookie}
        )
        assert client.welcome["player"]["id"] == me.json()["id"], origin
        await client.close()


# -- headers --------------------------------------------------------------------------------


async def test_every_answer_carries_the_security_headers(server: ServerProcess) -> None:
    for path in ("/", "/t/t_nope", "/api/me", "/api/tables", "/web/js/net.js", "/healthz",
                 "/no/such/page", "/metrics"):  # fmt: skip
        response = await get(server, path)
        headers = response.headers
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["x-frame-options"] == "DENY", path
        assert headers["referrer-policy"] == "no-referrer", path
        csp = dict(d.strip().split(" ", 1) for d in headers["content-security-policy"].split(";"))
        assert csp["default-src"] == "'self'", path
        assert csp["script-src"] == "'self'" and csp["style-src"] == "'self'", path
        assert csp["frame-ancestors"] == "'none'" and csp["object-src"] == "'none'", path
        assert csp["base-uri"] == "'none'" and csp["form-action"] == "'self'", path
        assert f"ws://127.0.0.1:{server.port}" in csp["connect-src"].split(), path
        assert "unsafe" not in headers["content-security-policy"], path


# -- metrics --------------------------------------------------------------------------------


async def test_metrics_answer_only_nearby_clients(server: ServerProcess) -> None:
    nearby = await get(server, "/metrics")
    assert nearby.status_code == 200 and "circolo_connections" in nearby.text
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.2")  # not on the list
    async with httpx.AsyncClient(base_url=server.http, transport=transport) as http:
        far = await http.get("/metrics")
    assert far.status_code == 404 and "circolo" not in far.text
    # no proxy is trusted unless CIRCOLO_TRUSTED_PROXIES says so: the header changes nothing
    claimed = await get(server, "/metrics", headers={"X-Forwarded-For": "203.0.113.9"})
    assert claimed.status_code == 200


def test_metrics_from_is_a_list_of_networks() -> None:
    from circolo.server.settings import SettingsError, load_settings

    settings = load_settings(metrics_from="10.0.0.0/8, ::1", secret_key="k")
    assert settings.metrics_from == ("10.0.0.0/8", "::1")
    with pytest.raises(SettingsError, match="CIRCOLO_METRICS_FROM"):
        load_settings(metrics_from="everyone", secret_key="k")
    with pytest.raises(SettingsError, match="CIRCOLO_ALLOWED_ORIGINS"):
        load_settings(allowed_origins="evil.example", secret_key="k")


# -- tokens ---------------------------------------------------------------------------------


async def test_the_token_goes_to_scripts_not_to_cookie_pages(server: ServerProcess) -> None:
    me = await get(server, "/api/me")
    page = await Client.connect(
        server.url, additional_headers={"Cookie": f"{COOKIE}={me.cookies[COOKIE]}"}
    )
    assert page.welcome["player"]["id"] == me.json()["id"]
    assert "token" not in page.welcome
    script = await Client.connect(server.url)  # no cookie, no token: a new guest and its token
    again = await Client.connect(server.url, token=script.token)
    assert again.welcome["player"] == script.welcome["player"] and again.token
    for client in (page, script, again):
        await client.close()


async def test_a_token_expires_unless_used(server: ServerProcess) -> None:
    first = await Client.connect(server.url)
    old, player = first.token, first.player_id
    await first.close()
    await asyncio.sleep(TOKEN_SECONDS / 2)
    used = await Client.connect(server.url, token=old)  # used: signed again
    assert used.player_id == player
    fresh = used.token
    await used.close()
    await asyncio.sleep(TOKEN_SECONDS / 2 + 1.5)
    late = await Client.connect(server.url, token=old)
    assert late.player_id != player  # the unused token is too old
    kept = await Client.connect(server.url, token=fresh)
    assert kept.player_id == player
    cookie = await get(server, "/api/me", cookies={COOKIE: old})
    assert cookie.json()["id"] != player
    for client in (late, kept):
        await client.close()


async def test_a_cookie_in_use_is_signed_again(server: ServerProcess) -> None:
    me = await get(server, "/api/me")
    token = me.cookies[COOKIE]
    assert "Max-Age=6;" in me.headers["set-cookie"]
    soon = await get(server, "/api/me", cookies={COOKIE: token})
    assert "set-cookie" not in soon.headers  # young: not signed again at every request
    await asyncio.sleep(TOKEN_SECONDS / 2 + 1)
    later = await get(server, "/api/me", cookies={COOKIE: token})
    assert later.json() == me.json() and later.cookies[COOKIE] != token


def revoke(server: ServerProcess, player_id: str) -> None:
    subprocess.run(
        [sys.executable, "-c", "from circolo.cli import main; main()", "revoke", player_id,
         "--data-dir", str(server.data_dir)],
        env=server.env, check=True, capture_output=True, timeout=120,
    )  # fmt: skip


@pytest.fixture(scope="module")
def long_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("revoke"))
    process.start()
    yield process
    process.stop()


async def test_circolo_revoke_signs_a_guest_out_everywhere(long_server: ServerProcess) -> None:
    server = long_server
    victim = await Client.connect(server.url)
    token, player = victim.token, victim.player_id
    other = await Client.connect(server.url)
    await asyncio.sleep(1.1)  # a token signed again in the same second is the same token
    await asyncio.to_thread(revoke, server, player)
    renewed = await Client.connect(server.url, token=token)  # before the server reads it
    assert renewed.player_id == player and renewed.token != token
    started = time.monotonic()
    with pytest.raises(ConnectionClosed) as closed:  # the server reads revocations every 10 s
        while True:
            await victim.request({"type": "ping", "t": 1}, timeout=15)
            await asyncio.sleep(0.5)
            assert time.monotonic() - started < 20, "the revoked connection stayed open"
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4003
    assert (await other.request({"type": "ping", "t": 2}))["type"] == "pong"
    await other.close()
    for old in (token, renewed.token):  # a renewal keeps the first signing's time
        stolen = await Client.connect(server.url, token=old)
        assert stolen.player_id != player
        await stolen.close()
    assert (await get(server, "/api/me", cookies={COOKIE: token})).json()["id"] != player
    await asyncio.to_thread(server.terminate)
    await asyncio.to_thread(server.start)
    after = await Client.connect(server.url, token=token)  # still void after a restart
    assert after.player_id != player
    await after.close()


# -- lobby, chat, spectators ----------------------------------------------------------------


@needs("scopa")
async def test_the_lobby_never_names_a_private_table(server: ServerProcess) -> None:
    watcher = await Client.connect(server.url)
    await watcher.request({"type": "lobby.subscribe"})
    host = await Client.connect(server.url)
    private = []
    for seats in ([{"kind": "me"}, {"kind": "bot", "level": "random"}], [{"kind": "me"}]):
        created = await host.request(
            {"type": "table.create", "game": "scopa", "private": True, "seats": seats}
        )
        assert created["type"] == "table.created", created
        private.append(created["table_id"])
    await host.request({"type": "table.leave", "table_id": private[1]})  # dropped
    public = await host.request(
        {"type": "table.create", "game": "scopa", "seats": [{"kind": "me"}, {"kind": "open"}]}
    )
    await host.request({"type": "table.leave", "table_id": public["table_id"]})
    await watcher.until(
        lambda f: f["type"] == "lobby.removed" and f["table_id"] == public["table_id"]
    )
    said = [f for f in watcher.frames + watcher.pending if f.get("type", "").startswith("lobby.")]
    assert not [f for f in said if str(f).count(private[0]) or str(f).count(private[1])]
    await watcher.close()
    await host.close()


@needs("scopa")
async def test_chat_and_names_lose_direction_and_invisible_characters(
    server: ServerProcess,
) -> None:
    host = await Client.connect(server.url)
    created = await host.request({"type": "table.create", "game": "scopa"})
    table_id = created["table_id"]
    other = await Client.connect(server.url)
    await other.request({"type": "table.join", "table_id": table_id})
    text = "pay\u202eme\u202c \u2066x\u2069\u200b\u200d\ufeff\u2028\u2029y" + "z" + "\u0301" * 30
    ack = await host.request({"type": "chat", "table_id": table_id, "text": text})
    assert ack["type"] == "ack"
    said = await other.until(lambda f: f["type"] == "chat")
    assert said["text"] == "payme xy" + "z\u0301\u0301"
    only = await host.request({"type": "chat", "table_id": table_id, "text": "\u202e\u200b"})
    assert only["code"] == "bad_frame"
    await host.close()
    await other.close()


@needs("scopa")
async def test_spectators_beyond_the_cap_are_refused(server: ServerProcess) -> None:
    host = await Client.connect(server.url)
    created = await host.request(
        {"type": "table.create", "game": "scopa", "seats": [{"kind": "me"}, {"kind": "open"}]}
    )
    table_id = created["table_id"]
    watchers = [await Client.connect(server.url) for _ in range(4)]
    for watcher in watchers[:2]:
        seen = await watcher.request({"type": "table.watch", "table_id": table_id})
        assert seen["type"] == "table.snapshot" and seen["seat"] is None
    refused = await watchers[2].request({"type": "table.watch", "table_id": table_id})
    assert refused["type"] == "error" and refused["code"] == "too_many_spectators"
    opened = await watchers[3].request({"type": "table.open", "table_id": table_id})
    assert opened["code"] == "not_seated" and opened["free"] == [1]  # a stranger's open: sit?
    mine = await host.request({"type": "table.open", "table_id": table_id})  # seated: let in
    assert mine["type"] == "table.snapshot" and mine["seat"] == 0
    await watchers[0].request({"type": "table.close", "table_id": table_id})
    seen = await watchers[2].request({"type": "table.watch", "table_id": table_id})
    assert seen["type"] == "table.snapshot"
    for client in (host, *watchers):
        with contextlib.suppress(Exception):
            await client.close()


def test_the_refusal_has_words_in_every_language() -> None:
    for lang in ("en", "it", "pt-BR"):
        path = Path(__file__).parents[1] / "circolo" / "locales" / lang / "errors.ftl"
        assert "error-too_many_spectators = " in path.read_text()
