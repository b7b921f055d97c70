"""Random sequences of calls to every HTTP API route of the real server (the routes are
read off the app itself, so a new route is called too), by several players: accounts and
guests, some seated at live tables with bots or with each other, where cards are hidden.
Parameters are random but plausible: the players' own and each other's table ids and
names, the live and finished tables, junk. After every answer:

- no answer to one player holds another's e-mail, session or guest cookie (or its
  hash), nor any password hash;
- no answer holds the seed of a hand being played (the stock's order), and an answer
  that names a live table names none of the cards that player may not see there;
- every error answer is a JSON refusal with a ``code`` and a ``message``.

A seeded generator (the seed is in the failure message); ``make test`` makes 800
calls on each database (``CIRCOLO_ROUTE_CALLS``, ``CIRCOLO_ROUTE_SEED``), the run marked
slow (``make soak``) 6,000.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import random
import re
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from starlette.routing import Route

from circolo.server.app import create_app
from circolo.server.identity import COOKIE
from circolo.server.settings import Settings
from circolo.table import Table, TableConfig
from tests.conftest import (
    NOT_CARDS,
    POSTGRES,
    Client,
    ServerProcess,
    card_names,
    server_on,
)
from tests.hidden import hidden_codes
from tests.test_server_accounts import browser
from tests.test_server_games import FAST
from tests.test_server_history import finished, resign

pytestmark = pytest.mark.anyio
PASSWORD = "a long passphrase"
CALLS = int(os.environ.get("CIRCOLO_ROUTE_CALLS", "800"))
SOAK_CALLS = 6000
ENV = {
    **FAST,
    "CIRCOLO_FINISHED_LINGER": "0.5",
    "CIRCOLO_LOGINS_PER_ADDRESS": "100000",  # every player's address is 127.0.0.1
    "CIRCOLO_REGISTRATIONS_PER_ADDRESS": "100000",
    "CIRCOLO_LEADERBOARD_REQUESTS": "100000",
    "CIRCOLO_REPLAY_REQUESTS": "100000",
}
JUNK = ["", "x", "..", "%2e%2e", "t_" + "0" * 30, "💥", "<b>", "null", "-1", "9" * 80, "a b"]


def api_routes() -> list[tuple[str, tuple[str, ...]]]:
    """Every ``/api/`` route of the app, with its methods (HEAD aside)."""
    app = create_app(Settings(secret_key="k" * 40))
    return sorted(
        (route.path, tuple(sorted((route.methods or {"GET"}) - {"HEAD"})))
        for route in app.routes
        if isinstance(route, Route) and route.path.startswith("/api/")
    )


@dataclass
class Player:
    """One browser: its cookies, its account's e-mail (if any) and the tables it sits at."""

    label: str
    http: httpx.AsyncClient
    name: str = ""
    email: str | None = None
    client: Client | None = None
    seats: dict[str, int] = field(default_factory=dict)
    secrets: set[str] = field(default_factory=set)

    def remember(self) -> None:
        """Every cookie this browser ever held is one of its secrets (and its hash)."""
        for cookie in self.http.cookies.jar:
            value = cookie.value or ""
            self.secrets |= {value, hashlib.sha256(value.encode()).hexdigest()}
        if self.client is not None:
            self.secrets.add(self.client.token)


class Oracle:
    """What is hidden at the live tables now, read from the stored logs (replayed), in the
    server's SQLite file or PostgreSQL database."""

    LIVE = (
        "SELECT t.table_id, t.config, (SELECT max(seq) FROM table_events e"
        " WHERE e.table_id = t.table_id) FROM tables t WHERE t.status = 'live'"
    )
    LOG = "SELECT data FROM table_events WHERE table_id = {} ORDER BY seq"

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.db: sqlite3.Connection | None = None
        self.pg: Any = None
        self._kept: dict[str, tuple[int, Table | None]] = {}

    async def open(self) -> None:
        url = self.server.env.get("CIRCOLO_DATABASE_URL", "")
        if url.startswith("postgresql"):
            import asyncpg  # type: ignore[import-untyped]

            self.pg = await asyncpg.connect(
                POSTGRES.rsplit("/", 1)[0] + "/" + url.rsplit("/", 1)[1]
            )
        else:
            self.db = sqlite3.connect(self.server.data_dir / "circolo.sqlite3")

    async def _rows(self, sql: str, *args: Any) -> list[Any]:
        if self.pg is not None:
            return list(await self.pg.fetch(sql.format("$1"), *args))
        assert self.db is not None
        return self.db.execute(sql.format("?"), args).fetchall()

    async def live(self) -> dict[str, Table | None]:
        """Each live table's state (None: no hand dealt), replayed only when it moved."""
        out: dict[str, Table | None] = {}
        for table_id, config, seq in await self._rows(self.LIVE):
            kept = self._kept.get(table_id)
            if kept is None or kept[0] != (seq or 0):
                entries = [json.loads(data) for (data,) in await self._rows(self.LOG, table_id)]
                table = Table.replay(TableConfig.from_json(json.loads(config)), entries)
                kept = (seq or 0, table if table.hand is not None else None)
                self._kept[table_id] = kept
            out[table_id] = kept[1]
        return out

    async def close(self) -> None:
        if self.pg is not None:
            await self.pg.close()
        if self.db is not None:
            self.db.close()


def seeds(tables: dict[str, Table | None]) -> set[str]:
    """The seeds of the hands being played, as hex and as decimal (the deal route's)."""
    found: set[str] = set()
    for table in tables.values():
        if table is not None and table.seed is not None and not table.hand.is_over():  # type: ignore[union-attr]
            found |= {format(table.seed, "064x"), str(table.seed)}
    return found


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def route_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    env = dict(ENV)
    with server_on(request.param, tmp_path_factory.mktemp("routes"), env) as process:
        yield process


async def cast(server: ServerProcess) -> tuple[list[Player], list[str], list[str]]:
    """The players (two accounts at tables with bots, two guests at a table together, a
    guest and an account without tables), the live tables and a finished one."""
    same = {"origin": server.http, "sec-fetch-site": "same-origin"}
    players: list[Player] = []
    live: list[str] = []
    for n, (kind, game) in enumerate(
        [("account", "scopa"), ("account", "bisca"), ("guest", "scopa"), ("guest", None),
         ("guest", None), ("account", None)]
    ):  # fmt: skip
        client = await Client.connect(server.url)
        http = browser(server, **{COOKIE: client.token})
        player = Player(f"p{n}", http, name=client.welcome["player"]["name"], client=client)
        if kind == "account":
            player.name, player.email = f"Member {chr(65 + n)}{n}", f"member{n}@example.org"
            body = {"name": player.name, "password": PASSWORD, "email": player.email}
            answer = await http.post("/api/account/register", json=body, headers=same)
            assert answer.status_code == 200, answer.text
        if game is not None:
            seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
            created = await client.request({"type": "table.create", "game": game, "seats": seats})
            assert created["type"] == "table.created", created
            player.seats[created["table_id"]] = 0
            live.append(created["table_id"])
        players.append(player)
    host, guest = players[2], players[3]
    assert host.client is not None and guest.client is not None
    created = await host.client.request({"type": "table.create", "game": "scopa",
                                         "seats": [{"kind": "me"}, {"kind": "open"}]})  # fmt: skip
    together = created["table_id"]
    joined = await guest.client.request({"type": "table.join", "table_id": together})
    assert joined["type"] == "table.joined", joined
    host.seats[together], guest.seats[together] = 0, 1
    live.append(together)
    done = await resign(players[4].client)  # type: ignore[arg-type]
    await finished(server, done)
    for player in players:
        player.remember()
    return players, live, [done]


def plausible(
    rng: random.Random, players: list[Player], me: Player, tables: list[str]
) -> dict[str, list[Any]]:
    """Values a parameter or a field may take: the players' own and each other's."""
    other = rng.choice(players)
    ids = [p.client.player_id for p in players if p.client is not None]
    return {
        "table_id": [*tables, *JUNK],
        "player_id": [*ids, *JUNK],
        "id": [*ids, *tables, *JUNK],
        "game": ["scopa", "bisca", "burraco", "chess", *JUNK],
        "lang": ["it", "pt-BR", "en", "fr", *JUNK],
        "mode": ["1v1", "2v2", "3v3"],
        "period": ["all", "month", "week"],
        "limit": ["1", "20", "50", "51", "0", "-1", "x"],
        "offset": ["0", "10", "10001", "-5", "x"],
        "before": ["1e12", f"{time.time()},{rng.choice(tables)}", "nan", "x,", "0"],
        "invite": ["", "abc", "x" * 200],
        "seed": ["0", "1" * 78, "f" * 64, "x"],
        "players": ["2", "4", "99", "x"],
        "first": ["0", "1", "9"],
        "cut": ["", "17", "17,22", "x"],
        "choice": ["", "x"],
        "name": [me.name, other.name, f"New {rng.randrange(10**6)}", "Bot Esperto", "", 7],
        "password": [PASSWORD, "wrong but long", "short", 12345678],
        "email": [None, "", f"n{rng.randrange(10**6)}@example.org", "not an address"],
        "settings": [{"faces": "french"}, {"sound": False}, {"faces": "<x>"}, "x", {}],
    }


FORMS: dict[str, tuple[str, ...]] = {
    "register": ("name", "password", "email"),
    "login": ("name", "password"),
    "password": ("current", "password"),
    "settings": ("settings",),
    "delete": ("password",),
    "name": ("name",),
}


def body_for(path: str, rng: random.Random, values: dict[str, list[Any]], me: Player) -> Any:
    """A JSON body for a POST: the form's fields (some left out, one added now and
    then), or junk."""
    if rng.random() < 0.15:
        return rng.choice([b"{not json", b"[1]", b'"x"', b"{}", b'{"a": "' + b"x" * 5000 + b'"}'])
    fields = FORMS.get(path.rsplit("/", 1)[-1], ())
    body: dict[str, Any] = {}
    for name in fields:
        if rng.random() < 0.9:
            body[name] = rng.choice(values["password" if name == "current" else name])
    if path.endswith("/login") and body.get("name") != me.name:
        body["password"] = "wrong but long"  # never another's password: it would be them
    if path.endswith("/password"):
        body["password"] = PASSWORD  # a change to the same: the test still knows it
    if rng.random() < 0.05:
        body["unknown"] = 1
    return body


def check_answer(
    answer: httpx.Response,
    me: Player,
    players: list[Player],
    tables: dict[str, Table | None],
    hidden_seeds: set[str],
    said: str,
) -> None:
    text = answer.text
    if answer.status_code >= 400 and answer.request.url.path.startswith("/api/"):
        assert answer.headers.get("content-type", "").startswith("application/json"), said
        refusal = answer.json()
        assert isinstance(refusal, dict), said
        assert isinstance(refusal.get("code"), str) and refusal["code"], said
        assert isinstance(refusal.get("message"), str), said
    assert "$argon2" not in text, said
    for other in players:
        if other is me:
            continue
        if other.email is not None:
            assert other.email not in text, f"{other.label}'s e-mail: {said}"
        for secret in other.secrets - me.secrets:
            assert secret not in text, f"{other.label}'s cookie: {said}"
    for seed in hidden_seeds:
        assert seed not in text, f"the seed of a hand being played: {said}"
    if not text.startswith(("{", "[")):
        return
    words: set[str] | None = None
    for table_id, table in tables.items():
        if table is None or table_id not in text or table.hand is None:
            continue
        if words is None:
            words = set(card_names(answer.json(), NOT_CARDS))
        hidden = hidden_codes(table.hand, me.seats.get(table_id))
        assert not (words & hidden), f"hidden cards {sorted(words & hidden)}: {said}"


async def call(
    rng: random.Random,
    server: ServerProcess,
    players: list[Player],
    tables: list[str],
    route: tuple[str, tuple[str, ...]],
) -> tuple[Player, httpx.Response, str]:
    me = rng.choice(players)
    values = plausible(rng, players, me, tables)
    path, methods = route
    method = rng.choice(methods) if rng.random() > 0.05 else rng.choice(["PUT", "DELETE", "GET"])
    url = re.sub(r"\{(\w+)(:\w+)?\}", lambda m: str(rng.choice(values.get(m[1], JUNK))), path)
    query = {
        name: str(rng.choice(values[name]))
        for name in rng.sample(sorted(values), rng.randrange(4))
        if name not in ("name", "password", "email", "settings")
    }
    headers = {"origin": server.http, "sec-fetch-site": "same-origin",
               "content-type": "application/json"}  # fmt: skip
    if rng.random() < 0.08:
        headers[rng.choice(["origin", "sec-fetch-site", "content-type"])] = rng.choice(
            ["https://evil.example", "cross-site", "text/plain"]
        )
    content = None
    if method != "GET":
        body = body_for(path, rng, values, me)
        content = body if isinstance(body, bytes) else json.dumps(body).encode()
    answer = await me.http.request(method, url, params=query, headers=headers, content=content)
    said = f"{me.label} {method} {url} {query} {content!r:.200}"
    said += f" -> {answer.status_code} {answer.text[:300]}"
    if path.endswith("/delete") and answer.status_code == 200:
        me.email = None  # erased: its own e-mail is gone everywhere
    return me, answer, said


async def hang_up(client: Client) -> None:
    """Close a connection without waiting out the server's side: its frames were never
    read, so the close's answer waits behind them; then the connection is cut."""
    try:
        async with asyncio.timeout(1):
            await client.close()
    except TimeoutError:
        client.ws.transport.abort()
        await asyncio.sleep(0)


async def run_calls(server: ServerProcess, calls: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    players, live, done = await cast(server)
    routes = api_routes()
    oracle = Oracle(server)
    await oracle.open()
    called = {path: 0 for path, _ in routes}
    try:
        for n in range(calls):
            route = routes[n % len(routes)] if n < len(routes) else rng.choice(routes)
            tables = await oracle.live()
            me, answer, said = await call(rng, server, players, [*live, *done], route)
            after = await oracle.live()
            same = {t: table for t, table in after.items() if tables.get(t) is table}
            check_answer(answer, me, players, same, seeds(after),
                         f"seed {seed}, call {n}: {said}")  # fmt: skip
            me.remember()
            called[route[0]] += 1
    finally:
        await oracle.close()
        for player in players:
            await player.http.aclose()
        await asyncio.gather(*(hang_up(p.client) for p in players if p.client is not None))
    return called


async def test_random_calls_to_every_route_leak_nothing_and_refuse_in_json(
    route_server: ServerProcess,
) -> None:
    seed = int(os.environ.get("CIRCOLO_ROUTE_SEED", random.randrange(10**6)))
    called = await run_calls(route_server, CALLS, seed)
    assert all(called.values()), f"routes never called: {[p for p, n in called.items() if not n]}"
    assert "/api/account/export" in called and "/api/account/delete" in called


def test_every_api_route_is_enumerated() -> None:
    """The routes come from the app: the account's, history's and ratings' are among them."""
    paths = {path for path, _ in api_routes()}
    assert {"/api/account/export", "/api/account/delete", "/api/history",
            "/api/leaderboard", "/api/tables/{table_id}/replay"} <= paths  # fmt: skip


@pytest.mark.slow
async def test_many_random_calls_to_every_route(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    process = ServerProcess(tmp_path_factory.mktemp("routes-soak"), ENV)
    process.start()
    try:
        seed = random.randrange(10**6)
        started = time.monotonic()
        called = await run_calls(process, SOAK_CALLS, seed)
        print(f"{sum(called.values())} calls in {time.monotonic() - started:.1f} s, seed {seed}")
    finally:
        process.stop()


async def test_an_unknown_api_path_and_a_wrong_method_are_json_refusals(
    route_server: ServerProcess,
) -> None:
    async with httpx.AsyncClient(base_url=route_server.http) as http:
        missing = await http.get("/api/no/such/route")
        wrong = await http.delete("/api/account/export")
        page = await http.get("/no/such/page")
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")
    assert (wrong.status_code, wrong.json()["code"]) == (405, "method_not_allowed")
    assert "GET" in wrong.headers["allow"]
    assert page.status_code == 404 and page.text == "Not Found"  # pages stay plain
