"""Records against a real server, on SQLite and on PostgreSQL: the history's filters (game,
mode, opponent by id or by name, together, paged, refused in words), the head-to-head's
counts (against and as partners), and the public profile (what it shows, and what it must
never show: another player's e-mail, sessions, settings, a table still being played).

The finished tables are written into the database before the server starts (exact seats
and results, draws and private tables included), and more are played over the wire."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest

from circolo.ratings import RatedMatch
from circolo.server.accounts import SESSION_COOKIE
from circolo.server.identity import COOKIE, Guest, Identities
from circolo.store import MatchResult, Store, sqlite_url
from tests.conftest import Client, ServerProcess, postgres_database, run_sync
from tests.test_server_accounts import post
from tests.test_server_games import FAST
from tests.test_server_history import finished, new_table, resign

pytestmark = pytest.mark.anyio
SECRET = "records-test-secret-key-" + "x" * 16
A, B, C = "g_anna000001", "g_bruno00002", "g_carla00003"
NAMES = {A: "Anna Rossi", B: "Bruno Neri", C: "Carla Blu"}
EMAIL = "bruno.neri@example.org"
SINCE = 1_761_000_000.0  # October 2025: when the seeded players first came


def seat(who: str) -> dict[str, Any]:
    if who == "bot":
        return {"kind": "bot", "name": "Bot", "level": "greedy"}
    return {"kind": "human", "name": NAMES[who], "player_id": who}


@dataclass(frozen=True)
class Seeded:
    table_id: str
    game: str
    seats: tuple[str, ...]
    winner: int | None
    private: bool = False


SEEDED = [  # oldest first; the bot tables between make an unfiltered page differ
    Seeded("t01", "scopa", (A, B), 0),
    Seeded("t02", "scopa", (A, B), 1),
    Seeded("b01", "bisca", (A, "bot"), 0),
    Seeded("t03", "scopa", (B, A), None),
    Seeded("t04", "bisca", (A, C), 0),
    Seeded("b02", "scopa", (A, "bot"), 1),
    Seeded("t05", "burraco", (A, B, C, "bot"), 0),  # B against, C partner
    Seeded("t06", "burraco", (A, C, B, "bot"), 1),  # B partner, C against
    Seeded("b03", "burraco", (A, "bot", "bot", "bot"), 0),
    Seeded("t08", "scopa", (A, B), 0, private=True),
    Seeded("t09", "scopa", (B, C), 0),
]


async def seed(url: str) -> None:
    store = await Store.open(url)
    try:
        for pid, name in NAMES.items():
            await store.ensure_guest(pid, name, at=SINCE)
        for n, table in enumerate(SEEDED):
            at = SINCE + 86400 + 3600 * n
            config = {"game": table.game, "seats": [seat(s) for s in table.seats],
                      "options": {}, "speed": "standard", "tournament": False,
                      "private": table.private, "settings": {}}  # fmt: skip
            people = [s for s in table.seats if s != "bot"]
            await store.create_table(table.table_id, config, at, players=people)
            totals = {0: [11, 7], 1: [7, 11], None: [9, 9]}[table.winner]
            result = {"winner": table.winner, "reason": "score", "totals": totals, "hands": []}
            await store.finish_table(table.table_id, result, at=at + 5)
            seats = tuple((None if s == "bot" else s, n % 2) for n, s in enumerate(table.seats))
            mode = f"{len(seats) // 2}v{len(seats) // 2}"
            match = MatchResult(table.table_id, 1, table.game, mode, table.private, at + 5,
                                "score", tuple(totals), table.winner, seats)  # fmt: skip
            await store.record_matches([match])  # as the server keeps it at the match's end
        rated = RatedMatch("t01", 1, "scopa", "1v1", ((A,), (B,)), 0, SINCE + 86400)
        await store.record_rating(rated)
    finally:
        await store.close()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    with contextlib.ExitStack() as stack:
        data = tmp_path_factory.mktemp("records")
        env = {**FAST, "CIRCOLO_FINISHED_LINGER": "0.5", "CIRCOLO_SECRET_KEY": SECRET,
               "CIRCOLO_RECORD_REQUESTS": "10000"}  # fmt: skip
        if request.param == "postgresql":
            env["CIRCOLO_DATABASE_URL"] = stack.enter_context(postgres_database())
        url = env.get("CIRCOLO_DATABASE_URL") or sqlite_url(data / "circolo.sqlite3")
        run_sync(seed(url))
        process = ServerProcess(data, env)
        process.start()
        stack.callback(process.stop)
        yield process


def token(pid: str) -> str:
    return Identities(SECRET).token(Guest(pid, NAMES[pid], named=True))


async def get(server: ServerProcess, path: str, who: str | None = None, **query: Any) -> Any:
    cookies = {COOKIE: token(who)} if who else None
    async with httpx.AsyncClient(base_url=server.http, cookies=cookies) as http:
        answer = await http.get(path + (f"?{urlencode(query)}" if query else ""))
    return answer.status_code, answer.json()


async def ids(server: ServerProcess, who: str, **query: Any) -> list[str]:
    """Every table of ``who``'s history with these filters, paged two at a time."""
    out: list[str] = []
    cursor = None
    while True:
        page = {**query, "limit": 2, **({"before": cursor} if cursor else {})}
        status, body = await get(server, "/api/history", who, **page)
        assert status == 200, body
        out += [row["table_id"] for row in body["tables"]]
        cursor = body["next_before"]
        if cursor is None:
            return out
        assert len(body["tables"]) == 2  # a page of a filtered history is full while any remain


def newest_first(*table_ids: str) -> list[str]:
    order = [t.table_id for t in SEEDED]
    return sorted(table_ids, key=order.index, reverse=True)


async def test_each_history_filter_alone_and_together_pages_through_the_matches(
    server: ServerProcess,
) -> None:
    every = [t.table_id for t in SEEDED if A in t.seats]
    assert await ids(server, A) == newest_first(*every)
    assert await ids(server, A, game="scopa") == newest_first("t01", "t02", "t03", "b02", "t08")
    assert await ids(server, A, mode="2v2") == newest_first("t05", "t06", "b03")
    assert await ids(server, A, mode="1v1", game="burraco") == []
    against_b = newest_first("t01", "t02", "t03", "t05", "t06", "t08")
    assert await ids(server, A, opponent=B) == against_b
    assert await ids(server, A, opponent_name=NAMES[B]) == against_b
    assert await ids(server, A, opponent=B, game="scopa") == newest_first(
        "t01", "t02", "t03", "t08"
    )
    assert await ids(server, A, opponent=B, mode="2v2") == newest_first("t05", "t06")
    assert await ids(server, A, opponent_name=NAMES[C], mode="1v1") == ["t04"]
    assert await ids(server, A, opponent_name=NAMES[A]) == []  # my own seat is nobody else
    assert await ids(server, A, opponent_name="bruno neri") == []  # exact, as written
    assert await ids(server, C, opponent=B) == newest_first("t05", "t06", "t09")
    _, body = await get(server, "/api/history", A, opponent=B, limit=50)
    row = body["tables"][0]
    assert row["table_id"] == "t08" and row["my_seat"] == 0
    assert [s["player_id"] for s in row["seats"]] == [A, B]  # each name links its profile


@pytest.mark.parametrize(
    ("query", "code", "said"),
    [
        ({"game": "chess"}, "bad_query", "game"),
        ({"mode": "3v3"}, "bad_query", "mode"),
        ({"mode": "2"}, "bad_query", "mode"),
        ({"opponent": ""}, "bad_query", "opponent"),
        ({"opponent": "g" * 65}, "bad_query", "opponent"),
        ({"opponent_name": "x" * 65}, "bad_query", "opponent_name"),
        ({"opponent": B, "opponent_name": NAMES[B]}, "bad_query", "not both"),
        ({"opponent": A}, "bad_query", "not you"),
        ({"opponent": "g_nobody"}, "no_player", "g_nobody"),
        ({"game": "scopa", "limit": "0"}, "bad_query", "limit"),
    ],
)
async def test_a_bad_history_filter_is_refused_in_words(
    server: ServerProcess, query: dict[str, str], code: str, said: str
) -> None:
    status, body = await get(server, "/api/history", A, **query)
    assert status == (404 if code == "no_player" else 400), body
    assert body["code"] == code and said in body["message"]


def row(game: str, mode: str, wins: int, losses: int, draws: int) -> dict[str, Any]:
    return {"game": game, "mode": mode, "matches": wins + losses + draws, "wins": wins,
            "losses": losses, "draws": draws}  # fmt: skip


async def test_head_to_head_counts_against_and_as_partners_from_my_side(
    server: ServerProcess,
) -> None:
    status, body = await get(server, "/api/head-to-head", A, opponent=B)
    assert status == 200, body
    assert body["opponent"]["id"] == B and body["opponent"]["name"] == NAMES[B]
    assert body["against"] == [row("burraco", "2v2", 1, 0, 0), row("scopa", "1v1", 2, 1, 1)]
    assert body["together"] == [row("burraco", "2v2", 0, 1, 0)]
    status, seen_by_b = await get(server, "/api/head-to-head", B, opponent=A)
    assert seen_by_b["against"] == [row("burraco", "2v2", 0, 1, 0), row("scopa", "1v1", 1, 2, 1)]
    assert seen_by_b["together"] == [row("burraco", "2v2", 0, 1, 0)]
    status, body = await get(server, "/api/head-to-head", A, opponent=C)
    assert body["against"] == [row("bisca", "1v1", 1, 0, 0), row("burraco", "2v2", 0, 1, 0)]
    assert body["together"] == [row("burraco", "2v2", 1, 0, 0)]
    _, seen_by_c = await get(server, "/api/head-to-head", C, opponent=A)  # C at seat 2, then 1
    assert seen_by_c["against"] == [row("bisca", "1v1", 0, 1, 0), row("burraco", "2v2", 1, 0, 0)]
    assert seen_by_c["together"] == [row("burraco", "2v2", 1, 0, 0)]
    for query, status_code, code in (
        ({}, 400, "bad_query"), ({"opponent": A}, 400, "bad_query"),
        ({"opponent": "g_nobody"}, 404, "no_player"), ({"opponent": "x" * 65}, 400, "bad_query"),
    ):  # fmt: skip
        status, body = await get(server, "/api/head-to-head", A, **query)
        assert (status, body["code"]) == (status_code, code) and body["message"]


async def test_a_profile_shows_public_finished_matches_and_nothing_private(
    server: ServerProcess,
) -> None:
    async with httpx.AsyncClient(base_url=server.http, cookies={COOKIE: token(B)}) as home:
        answer = await post(home, "register", {"name": NAMES[B], "password": "a long passphrase",
                                               "email": EMAIL})  # fmt: skip
        assert answer.status_code == 200, answer.text
        session = home.cookies[SESSION_COOKIE]
    anna = await Client.connect(server.url, token=token(A))
    table_id = await resign(anna)  # finished over the wire: Anna against a bot
    await finished(server, table_id)
    live, _ = await new_table(anna, options={"target": 11})  # still being played
    while live.view is None:
        await live.pump()

    status, body = await get(server, f"/api/players/{B}", C)
    assert status == 200, body
    assert body["player"] == {"id": B, "name": NAMES[B], "kind": "account", "since": SINCE}
    assert body["me"] is False
    assert body["records"] == [
        {**row("burraco", "2v2", 0, 2, 0), "rating": None},
        {**row("scopa", "1v1", 2, 1, 1), "rating": body["records"][1]["rating"]},
    ]  # t08 is private: not counted
    assert isinstance(body["records"][1]["rating"], int) and body["records"][1]["rating"] < 1000
    assert [r["table_id"] for r in body["recent"]] == ["t09", "t06", "t05", "t03", "t02", "t01"]
    assert body["recent"][0]["my_seat"] == 0  # seen from the profile's player
    text = json.dumps(body)
    for secret in (EMAIL, "email", "password", "argon2", session, "settings", "session",
                   "conduct", "sigma", '"mu"', live.table_id):  # fmt: skip
        assert secret not in text, secret

    status, mine = await get(server, f"/api/players/{A}", A)
    assert mine["me"] is True and mine["player"]["kind"] == "guest"
    recent = [r["table_id"] for r in mine["recent"]]
    assert recent[0] == table_id and live.table_id not in recent and "t08" not in recent
    assert len(recent) == 10  # the last ten
    scopa = next(r for r in mine["records"] if r["game"] == "scopa")
    assert scopa["matches"] == 5 and scopa["rating"] is not None  # t01 t02 t03 b02 and today's
    assert live.table_id not in json.dumps(mine)
    await anna.close()

    for path, status_code, code in (
        ("/api/players/g_nobody", 404, "no_player"), (f"/api/players/{'x' * 65}", 400, "bad_query"),
    ):  # fmt: skip
        status, body = await get(server, path)
        assert (status, body["code"]) == (status_code, code) and body["message"]


async def test_profiles_and_filtered_pages_are_limited_per_address(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    process = ServerProcess(
        tmp_path_factory.mktemp("recordlimit"), {"CIRCOLO_RECORD_REQUESTS": "3"}
    )
    process.start()
    try:
        paths = [f"/api/players/{A}", "/api/history?game=scopa", f"/api/head-to-head?opponent={B}"]
        async with httpx.AsyncClient(base_url=process.http) as http:
            answers = [await http.get(path) for path in paths]
            assert [a.status_code for a in answers] == [404, 200, 404]  # nobody here yet
            assert (await http.get("/api/history")).status_code == 200  # unfiltered: not counted
            refused = await http.get(f"/api/players/{A}")
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        assert 0 < int(refused.headers["Retry-After"]) <= 60
    finally:
        process.stop()
