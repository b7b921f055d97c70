"""A guest's own name against a real server: ``POST /api/me/name`` changes it (a new cookie
carries it), only from the room's own page, within limits; a name another present player
holds is refused; a waiting seat takes the new name; the name survives a reconnection and
a restart, and the store keeps it for the account the guest may become."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest

from circolo.server import names
from circolo.server.identity import COOKIE
from tests.conftest import Client, ServerProcess

pytestmark = pytest.mark.anyio


async def name(
    server: ServerProcess, token: str, body: Any, headers: dict[str, str] | None = None
) -> httpx.Response:
    """POST /api/me/name as the room's page sends it (unless ``headers`` say otherwise)."""
    sent = {"origin": server.http, "sec-fetch-site": "same-origin", **(headers or {})}
    content = body if isinstance(body, bytes) else None
    async with httpx.AsyncClient(base_url=server.http, cookies={COOKIE: token}) as http:
        if content is None:
            return await http.post("/api/me/name", json=body, headers=sent)
        return await http.post("/api/me/name", content=content, headers=sent)


def cookie_of(answer: httpx.Response) -> str:
    token = answer.cookies.get(COOKIE)
    assert token, answer.headers
    return token


def stored_name(server: ServerProcess, player_id: str) -> str | None:
    with sqlite3.connect(Path(server.data_dir) / "circolo.sqlite3") as db:
        row = db.execute("SELECT name FROM players WHERE player_id = ?", (player_id,)).fetchone()
    return None if row is None else str(row[0])


async def test_a_chosen_name_is_signed_in_a_new_cookie_and_stored(server: ServerProcess) -> None:
    client = await Client.connect(server.url)
    assert client.welcome["player"]["named"] is False
    answer = await name(server, client.token, {"name": "  Zé   Carioca "})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"id": client.player_id, "name": "Zé Carioca", "named": True}
    set_cookie = answer.headers.get_list("set-cookie")
    assert len(set_cookie) == 1 and "HttpOnly" in set_cookie[0]
    again = await Client.connect(server.url, token=cookie_of(answer))
    assert again.welcome["player"] == answer.json()
    assert stored_name(server, client.player_id) == "Zé Carioca"
    for c in (client, again):
        await c.close()


async def test_a_name_present_is_taken_until_its_player_leaves(server: ServerProcess) -> None:
    marco = await Client.connect(server.url)
    assert (await name(server, marco.token, {"name": "Marco Polo"})).status_code == 200
    other = await Client.connect(server.url)
    for taken in ("Marco Polo", "MARCO POLO", "marco  polo", "Mаrco Pоlo", "Márco Pólo"):
        answer = await name(server, other.token, {"name": taken})
        assert answer.status_code == 400 and answer.json()["code"] == "name_taken", taken
        assert COOKIE not in answer.cookies
    # the player's own name, written otherwise, is theirs to take
    assert (await name(server, marco.token, {"name": "MARCO polo"})).status_code == 200
    await marco.close()
    await other.close()
    for _ in range(50):  # the connection is gone: the name is free
        answer = await name(server, other.token, {"name": "Marco Polo"})
        if answer.status_code == 200:
            break
        await asyncio.sleep(0.1)
    assert answer.status_code == 200, answer.text


async def test_a_waiting_seat_takes_the_new_name_and_holds_it(server: ServerProcess) -> None:
    host = await Client.connect(server.url)
    created = await host.request(
        {"type": "table.create", "game": "scopa", "options": {"players": 2}, "private": False,
         "seats": [{"kind": "me"}]}
    )  # fmt: skip
    assert created["type"] == "table.created", created
    renamed = await name(server, host.token, {"name": "Giulia"})
    assert renamed.status_code == 200
    async with httpx.AsyncClient(base_url=server.http) as http:
        tables = (await http.get("/api/tables")).json()
    table = next(t for t in tables if t["table_id"] == created["table_id"])
    assert table["seats"][0]["name"] == "Giulia"
    other = await Client.connect(server.url)
    refused = await name(server, other.token, {"name": "giulia"})
    assert refused.json()["code"] == "name_taken"
    await host.close()  # seated at a waiting table: still present
    refused = await name(server, other.token, {"name": "Giulia"})
    assert refused.json()["code"] == "name_taken"
    await other.close()


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"name": "Bot"}, "name_reserved"),
        ({"name": "Rоbô"}, "name_reserved"),
        ({"name": "Circolo"}, "name_reserved"),
        ({"name": "A"}, "name_length"),
        ({"name": "x" * 21}, "name_length"),
        ({"name": "Ma\u202erco"}, "name_invisible"),
        ({"name": "Marco!"}, "name_characters"),
        ({"name": 42}, "name_length"),
        ({"nome": "Marco"}, "bad_request"),
        (["Marco"], "bad_request"),
        (b"{not json", "bad_request"),
        (b'{"name": "' + b"x" * 2000 + b'"}', "bad_request"),
    ],
)
async def test_invalid_names_are_refused_with_their_code(
    server: ServerProcess, body: Any, code: str
) -> None:
    client = await Client.connect(server.url)
    headers = {"content-type": "application/json"} if isinstance(body, bytes) else None
    answer = await name(server, client.token, body, headers)
    assert answer.status_code == 400 and answer.json()["code"] == code, answer.text
    assert COOKIE not in answer.cookies
    await client.close()


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "https://evil.example"},
        {"origin": "null"},
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},
    ],
)
async def test_only_the_rooms_own_page_may_change_a_name(
    server: ServerProcess, headers: dict[str, str]
) -> None:
    client = await Client.connect(server.url)
    answer = await name(server, client.token, {"name": "Lucia"}, headers)
    assert answer.status_code == 403 and answer.json()["code"] == "cross_site"
    await client.close()


async def test_no_origin_or_a_form_is_refused(server: ServerProcess) -> None:
    client = await Client.connect(server.url)
    cookies = {COOKIE: client.token}
    async with httpx.AsyncClient(base_url=server.http, cookies=cookies) as http:
        bare = await http.post("/api/me/name", json={"name": "Lucia"})
        form = await http.post(
            "/api/me/name", data={"name": "Lucia"}, headers={"origin": server.http}
        )
    assert bare.status_code == 403
    assert form.status_code == 415 and form.json()["code"] == "bad_request"
    await client.close()


async def test_name_changes_are_limited_per_player(server: ServerProcess) -> None:
    client = await Client.connect(server.url)
    answers = [await name(server, client.token, {"name": f"Nome {n}"}) for n in range(21)]
    assert [a.status_code for a in answers] == [200] * 20 + [429]
    assert answers[-1].json()["code"] == "rate_limited"
    assert int(answers[-1].headers["retry-after"]) > 0
    await client.close()


async def test_suggestions_and_new_guests_speak_the_players_language(
    server: ServerProcess,
) -> None:
    async with httpx.AsyncClient(base_url=server.http) as http:
        offered = (await http.get("/api/names/suggestion?lang=pt-BR")).json()
    async with httpx.AsyncClient(base_url=server.http) as http:
        fresh = (await http.get("/api/me", headers={"accept-language": "pt-BR,pt;q=0.9"})).json()
    assert offered["lang"] == "pt-BR" and len(offered["name"].split()) == 2
    assert offered["name"].split()[0] in names._ANIMALS["pt-BR"]
    assert fresh["name"].split()[0] in names._ANIMALS["pt-BR"] and fresh["named"] is False


async def test_the_name_survives_a_restart(tmp_path: Path) -> None:
    process = ServerProcess(tmp_path)
    process.start()
    try:
        client = await Client.connect(process.url)
        answer = await name(process, client.token, {"name": "Tucano Alegre"})
        await client.close()
        process.terminate()
        process.start()
        again = await Client.connect(process.url, token=cookie_of(answer))
        assert again.welcome["player"]["name"] == "Tucano Alegre"
        assert again.welcome["player"]["named"] is True
        assert stored_name(process, again.player_id) == "Tucano Alegre"
        await again.close()
    finally:
        process.stop()
