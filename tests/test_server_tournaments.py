"""Tournaments against a real server, on SQLite and PostgreSQL (docs/tournaments.md): the
standing sit-and-gos; entering and leaving; a round's tables opened with the start-match
deadline and the round's duplicate deals; the absent player losing and the result going
back to the tournament; fees, refunds and prizes in the ledger; a kill -9 in the middle of
a round, after which the tournament goes on where it was and no chip is made or lost."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner

from circolo import chips
from circolo.admin_cli import admin
from circolo.store import Store, sqlite_url
from circolo.tournaments.deals import hand_seed, round_commitment
from tests.conftest import (
    Client,
    ServerProcess,
    TableClient,
    server_on,
    server_store,
)
from tests.test_server_accounts import LIMITS, PASSWORD, browser, fresh_name, post
from tests.test_server_games import FAST, play_match

pytestmark = pytest.mark.anyio

DEADLINE = 6  # seconds: short, yet long enough for a loaded machine to press in time
STANDING = [
    {"game": "scopa", "seats": 2, "options": {"target": "single_hand"}, "practice": True,
     "start_deadline": DEADLINE},
    {"game": "scopa", "seats": 2, "options": {"target": 11}, "fee": 100, "rake_bp": 1000,
     "start_deadline": DEADLINE},
    {"game": "scopa", "seats": 4, "options": {"target": "single_hand"}, "practice": True},
    {"game": "scopa", "team": 2, "seats": 2, "options": {"target": "single_hand"},
     "practice": True, "start_deadline": DEADLINE},
]  # fmt: skip


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    env = {
        **FAST,
        **LIMITS,
        "CIRCOLO_TOURNAMENTS": json.dumps(STANDING),
        "CIRCOLO_TOURNAMENT_LOOK": "1",
    }
    with server_on(request.param, tmp_path_factory.mktemp("tournaments"), env) as process:
        yield process


async def _open(http: httpx.AsyncClient, **wanted: Any) -> dict[str, Any]:
    """The standing sit-and-go open for registration that matches ``wanted``."""
    listing = (await http.get("/api/tournaments")).json()["tournaments"]
    for summary in listing:
        if summary["status"] == "registering" and all(summary[k] == v for k, v in wanted.items()):
            return dict(summary)
    raise AssertionError(f"no open tournament with {wanted}: {listing}")


async def _player(server: ServerProcess) -> tuple[Client, httpx.AsyncClient]:
    """A guest connected over a WebSocket, and an HTTP client with the same guest."""
    client = await Client.connect(server.url)
    return client, browser(server, circolo_guest=client.token)


async def act(http: httpx.AsyncClient, tournament_id: str, action: str,
              body: dict[str, Any] | None = None) -> httpx.Response:  # fmt: skip
    """A POST as the room's own page sends it."""
    headers = {"origin": str(http.base_url).rstrip("/"), "sec-fetch-site": "same-origin",
               "content-type": "application/json"}  # fmt: skip
    return await http.post(f"/api/tournaments/{tournament_id}/{action}",
                           content=json.dumps(body or {}).encode(), headers=headers)  # fmt: skip


async def _notice(client: Client, what: str, timeout: float = 20) -> dict[str, Any]:
    return await client.until(
        lambda f: f.get("type") == "tournament.notice" and f["what"] == what, timeout
    )


async def test_the_room_keeps_a_sit_and_go_of_each_standing_kind_open(
    server: ServerProcess,
) -> None:
    async with browser(server) as http:
        listing = (await http.get("/api/tournaments")).json()["tournaments"]
        practice = await _open(http, practice=True, seats=2, team=1)
        fee = await _open(http, fee=100)
        detail = (await http.get(f"/api/tournaments/{practice['id']}")).json()
        missing = await http.get("/api/tournaments/tn_nothing")
        wrong = await act(http, practice["id"], "steal")
    assert len([s for s in listing if s["status"] == "registering"]) >= 2
    assert practice["capacity"] == 2 and fee["pool"] == 0
    assert detail["split"] == [{"place": 1, "bp": 10000}]  # under 8 entries: all to the winner
    assert detail["me"]["can_register"] and detail["me"]["entry"] is None
    assert detail["start_deadline"] == DEADLINE
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    assert wrong.status_code == 404


async def test_two_enter_a_table_opens_and_the_one_who_never_presses_start_loses(
    server: ServerProcess,
) -> None:
    """Both told their round started, with the table; one presses "start match", the other
    does not: at the deadline the absent one loses, the tournament has its champion, a new
    sit-and-go of the kind is open, and the round's secret is revealed: every hand's seed
    follows from it and matches the table's commitments."""
    (one, one_http), (two, two_http) = await _player(server), await _player(server)
    async with one_http, two_http:
        sit = await _open(one_http, practice=True, seats=2, team=1)
        first = await act(one_http, sit["id"], "register")
        assert first.status_code == 200, first.text
        assert first.json()["me"]["entry"] and first.json()["me"]["can_unregister"]
        twice = await act(one_http, sit["id"], "register")
        assert twice.status_code == 409
        assert (await act(two_http, sit["id"], "register")).status_code == 200
        started = await _notice(one, "round_started")
        await _notice(two, "round_started")
        table_id = started["data"]["table_id"]
        assert started["data"]["opponent"] == two.welcome["player"]["name"]
        seat = TableClient(one, table_id)
        opened = await one.request({"type": "table.open", "table_id": table_id})
        assert opened.get("type") != "error", opened
        seat.apply(opened) if opened["type"] == "table.snapshot" else await seat.pump()
        assert seat.state["table"]["tournament"] is True
        assert seat.state["start"]["deadline"] > 0
        await one.send({"type": "start_match", "table_id": table_id, "id": "s1"})
        won = await _notice(one, "won", timeout=DEADLINE + 20)
        out = await _notice(two, "eliminated", timeout=5)
        assert won["data"] == {} or won["what"] == "won"
        assert out["data"]["round"] == 1
        detail = (await one_http.get(f"/api/tournaments/{sit['id']}")).json()
        assert detail["status"] == "finished"
        assert detail["champion"] == [one.welcome["player"]["name"]]
        (match,) = detail["bracket"][0]
        assert match["how"] == "start_deadline" and match["table_id"] == table_id
        (shown,) = detail["commitments"]
        secret = int(shown["secret"], 16)
        assert round_commitment(secret) == shown["commitment"]
        again = await _open(one_http, practice=True, seats=2, team=1)
        assert again["id"] != sit["id"]
        for http, who, place in ((one_http, one, 1), (two_http, two, 2)):
            profile = (await http.get(f"/api/players/{who.player_id}")).json()
            assert [(t["id"], t["place"]) for t in profile["tournaments"]] == [(sit["id"], place)]
        listed = (await one_http.get("/api/tournaments")).json()["tournaments"]
        ended = next(t for t in listed if t["id"] == sit["id"])
        assert ended["mine"] and ended["status"] == "finished" and ended["places"] is None
    db = await server_store(server)
    try:
        log = await db.load(table_id)
    finally:
        await db.close()
    dealt = [
        int(e.data["command"]["seed"], 16) if isinstance(e.data["command"]["seed"], str)
        else e.data["command"]["seed"]
        for e in log.entries if e.data["command"]["type"] == "supply_seed"
    ]  # fmt: skip
    assert dealt == [hand_seed(secret, 0)]  # the round's first deal, revealed after it
    await one.close()
    await two.close()


async def _chips(server: ServerProcess, *accounts: str) -> list[int]:
    db = await server_store(server)
    try:
        check = await db.verify_ledger()
        assert check.ok and check.total == 0, check
        return [await db.chip_balance(a) for a in accounts]
    finally:
        await db.close()


async def test_a_fee_is_taken_refunded_and_paid_back_as_prizes_and_the_ledger_sums_to_zero(
    server: ServerProcess,
) -> None:
    """A guest may not enter a tournament with a fee; an account pays it (after its opening
    grant), gets it back on leaving, pays again; two entries and both absent at the start:
    both lose the final, and they share the pool, the fees less the 10 % rake."""
    async with browser(server) as guest, browser(server) as a, browser(server) as b:
        sit = await _open(guest, fee=100)
        refused = await act(guest, sit["id"], "register")
        assert refused.status_code == 401 and refused.json()["code"] == "needs_account"
        ids = []
        for http in (a, b):
            answer = await post(http, "register", {"name": fresh_name(), "password": PASSWORD})
            ids.append(answer.json()["player"]["id"])
        entered = await act(a, sit["id"], "register")
        assert entered.status_code == 200 and entered.json()["pool"] == 100
        accounts = [chips.player_account(p) for p in ids]
        assert await _chips(server, accounts[0]) == [chips.OPENING_GRANT - 100]
        assert (await act(a, sit["id"], "unregister")).status_code == 200
        assert await _chips(server, accounts[0]) == [chips.OPENING_GRANT]
        assert (await act(a, sit["id"], "register")).status_code == 200
        assert (await act(b, sit["id"], "register")).status_code == 200
        escrow = chips.escrow_account(sit["id"])
        assert await _chips(server, *accounts, escrow) == [900, 900, 180]  # raked at the draw
        for _ in range(60):
            detail = (await a.get(f"/api/tournaments/{sit['id']}")).json()
            if detail["status"] == "finished":
                break
            await asyncio.sleep(0.5)
        assert detail["status"] == "finished" and detail["champion"] is None
        assert detail["bracket"][0][0]["how"] == "both_lost"
        assert sorted(p["amount"] for p in detail["payouts"]) == [90, 90]
        balances = await _chips(server, *accounts, escrow, chips.RAKE)
        assert balances[:3] == [990, 990, 0] and balances[3] >= 20


async def test_a_kill_9_in_the_middle_of_a_round_resumes_the_tournament_and_keeps_every_chip(
    server: ServerProcess,
) -> None:
    """The round's table is open and waiting for its players when the server is killed;
    after the restart the tournament is still running with the same table, its start
    deadline passes, the final is decided, the prizes are paid once, and the ledger still
    sums to zero with every fee accounted for."""
    names = [fresh_name(), fresh_name()]
    ids = []
    async with browser(server) as a, browser(server) as b:
        sit = await _open(a, fee=100)
        for http, name in zip((a, b), names, strict=True):
            answer = await post(http, "register", {"name": name, "password": PASSWORD})
            ids.append(answer.json()["player"]["id"])
            assert (await act(http, sit["id"], "register")).status_code == 200
        before = (await a.get(f"/api/tournaments/{sit['id']}")).json()
    assert before["status"] == "running"
    table_id = before["bracket"][0][0]["table_id"]
    accounts = [chips.player_account(p) for p in ids]
    held = await _chips(server, *accounts)
    server.kill()
    server.start()
    async with browser(server) as look:
        after = (await look.get(f"/api/tournaments/{sit['id']}")).json()
        assert after["status"] == "running" and after["bracket"][0][0]["table_id"] == table_id
        assert after["commitments"] == before["commitments"]
        for _ in range(80):
            detail = (await look.get(f"/api/tournaments/{sit['id']}")).json()
            if detail["status"] == "finished":
                break
            await asyncio.sleep(0.5)
    assert detail["status"] == "finished", detail
    assert sorted(p["amount"] for p in detail["payouts"]) == [90, 90]
    assert await _chips(server, *accounts, chips.escrow_account(sit["id"])) == [
        held[0] + 90,
        held[1] + 90,
        0,
    ]


async def test_a_scheduled_tournament_short_of_entries_is_cancelled_at_its_start_and_refunded(
    server: ServerProcess,
) -> None:
    """The operator schedules one (``circolo admin tournament``); the running room lists it
    within seconds; one account enters; at the start time, with fewer than 2 entries, it
    is cancelled and the fee comes back."""
    starts = datetime.fromtimestamp(time.time() + 8, UTC).strftime("%Y-%m-%dT%H:%M:%S")
    env = {"CIRCOLO_DATA_DIR": str(server.data_dir)}
    if "CIRCOLO_DATABASE_URL" in server.env:
        env["CIRCOLO_DATABASE_URL"] = server.env["CIRCOLO_DATABASE_URL"]
    command = ["tournament", "scopa", "--start", starts, "--fee", "50", "--name", "Coppa"]
    made = await asyncio.to_thread(CliRunner().invoke, admin, command, env=env)  # its own loop
    assert made.exit_code == 0, made.output
    tournament_id = made.output.split()[1]
    async with browser(server) as http:
        player = await post(http, "register", {"name": fresh_name(), "password": PASSWORD})
        account = chips.player_account(player.json()["player"]["id"])
        for _ in range(40):
            listed = (await http.get("/api/tournaments")).json()["tournaments"]
            if any(t["id"] == tournament_id for t in listed):
                break
            await asyncio.sleep(0.5)
        shown = next(t for t in listed if t["id"] == tournament_id)
        assert shown["name"] == "Coppa" and shown["kind"] == "scheduled"
        assert (await act(http, tournament_id, "register")).status_code == 200
        assert await _chips(server, account) == [chips.OPENING_GRANT - 50]
        for _ in range(80):
            detail = (await http.get(f"/api/tournaments/{tournament_id}")).json()
            if detail["status"] == "cancelled":
                break
            await asyncio.sleep(0.5)
    assert detail["status"] == "cancelled"
    assert await _chips(server, account) == [chips.OPENING_GRANT]


async def _play_my_matches(client: Client, http: httpx.AsyncClient, tournament_id: str) -> None:
    """Press start at each table the tournament gives this player, and play random legal
    moves there until the tournament is over or this player is out."""
    rng = random.Random(client.player_id)
    while True:
        notice = await client.until(
            lambda f: f.get("type") == "tournament.notice"
            and f["what"] in ("round_started", "eliminated", "won"), 120
        )  # fmt: skip
        if notice["what"] != "round_started":
            return
        table = TableClient(client, notice["data"]["table_id"])
        table.apply(await client.request({"type": "table.open", "table_id": table.table_id}))
        await client.send({"type": "start_match", "table_id": table.table_id})
        await play_match(table, rng)


async def test_every_table_of_a_round_is_dealt_the_same_hands_and_the_round_compares_them(
    server: ServerProcess,
) -> None:
    """Four people in a practice sit-and-go of single-hand Scopa: the two tables of the
    first round are dealt the same first hand (the round's first deal, from its secret);
    the round's comparison is refused while it runs and shows both tables after it."""
    players = [await _player(server) for _ in range(4)]
    sit = await _open(players[0][1], practice=True, seats=4)
    for _client, http in players:
        assert (await act(http, sit["id"], "register")).status_code == 200
    early = await players[0][1].get(f"/api/tournaments/{sit['id']}/rounds/1")
    assert early.status_code == 409 and early.json()["code"] == "round_not_over"
    await asyncio.gather(*(_play_my_matches(c, h, sit["id"]) for c, h in players))
    http = players[0][1]
    detail = (await http.get(f"/api/tournaments/{sit['id']}")).json()
    assert detail["status"] == "finished" and len(detail["bracket"]) == 2
    first = (await http.get(f"/api/tournaments/{sit['id']}/rounds/1")).json()
    assert first["total"] == 2 and first["next"] is None
    secret = int(first["secret"], 16)
    assert round_commitment(secret) == detail["commitments"][0]["commitment"]
    db = await server_store(server)
    try:
        for match in first["matches"]:
            assert match["hands"] and match["hands"][0]["deal"] == 0
            log = await db.load(match["table_id"])
            seeds = [e.data["command"]["seed"] for e in log.entries
                     if e.data["command"]["type"] == "supply_seed"]  # fmt: skip
            dealt = [int(x, 16) if isinstance(x, str) else x for x in seeds]
            assert dealt[0] == hand_seed(secret, 0)  # the same first hand at both tables
    finally:
        await db.close()
    for client, h in players:
        await h.aclose()
        await client.close()


async def test_the_operator_sets_the_start_deadline_and_takes_up_to_1024_entries(
    tmp_path: Path,
) -> None:
    """``--start-deadline`` (10 to 3600 s) and ``--max-entries`` (2 to 1024) are kept in
    the tournament's config; values outside are refused before anything is stored."""
    env = {"CIRCOLO_DATA_DIR": str(tmp_path)}
    command = ["tournament", "scopa", "--start", "2h", "--practice"]
    wanted = ["--max-entries", "1024", "--start-deadline", "10"]
    made = await asyncio.to_thread(CliRunner().invoke, admin, command + wanted, env=env)
    assert made.exit_code == 0, made.output
    db = await Store.open(sqlite_url(tmp_path / "circolo.sqlite3"))
    try:
        record = await db.load_tournament(made.output.split()[1])
    finally:
        await db.close()
    assert record.config["start_deadline"] == 10 and record.config["max_entries"] == 1024
    for bad in (["--start-deadline", "9"], ["--start-deadline", "3601"],
                ["--max-entries", "1025"]):  # fmt: skip
        refused = CliRunner().invoke(admin, command + bad, env=env)
        assert refused.exit_code == 2 and "Invalid value" in refused.output, refused.output


async def test_a_pair_enters_with_the_code_the_first_partner_sends_and_sits_opposite(
    server: ServerProcess,
) -> None:
    """2 v 2: the first partner is given a code (nothing entered yet), the partner enters
    the pair with it; a code is the tournament's and not its own sender's; two pairs make
    the tournament, and its table seats partners opposite."""
    players = [await _player(server) for _ in range(4)]
    (a, a_http), (b, b_http), (c, c_http), (d, d_http) = players
    sit = await _open(a_http, practice=True, team=2)
    asked = (await act(a_http, sit["id"], "register")).json()
    code = asked["me"]["pair_code"]
    assert code and asked["me"]["entry"] is None and asked["entries"] == 0
    again = (await act(a_http, sit["id"], "register")).json()
    assert again["me"]["pair_code"] == code  # asked twice: the same code
    own = await act(a_http, sit["id"], "register", {"code": code})
    assert own.status_code == 409 and own.json()["code"] == "no_partner"
    wrong = await act(b_http, sit["id"], "register", {"code": "nothing"})
    assert wrong.status_code == 409 and wrong.json()["code"] == "no_partner"
    paired = (await act(b_http, sit["id"], "register", {"code": code})).json()
    assert paired["me"]["entry"] and paired["entries"] == 1
    (entered,) = paired["entries_list"]
    assert [p["id"] for p in entered["players"]] == [a.player_id, b.player_id]
    other = (await act(c_http, sit["id"], "register")).json()["me"]["pair_code"]
    assert (await act(d_http, sit["id"], "register", {"code": other})).status_code == 200
    started = await _notice(a, "round_started")
    await asyncio.gather(*(_notice(p, "round_started") for p in (b, c, d)))
    assert started["data"]["opponent"] == " & ".join(
        [c.welcome["player"]["name"], d.welcome["player"]["name"]]
    )
    seat = TableClient(a, started["data"]["table_id"])
    seat.apply(await a.request({"type": "table.open", "table_id": seat.table_id}))
    names = [s["name"] for s in seat.state["seats"]]
    mine = names.index(a.welcome["player"]["name"])
    assert names[(mine + 2) % 4] == b.welcome["player"]["name"], names
    for client, http in players:
        await http.aclose()
        await client.close()


async def test_floods_huge_forms_and_bad_input_are_refused_with_a_code_and_change_nothing(
    tmp_path: Path,
) -> None:
    """One address asking too often is told to wait (429, Retry-After); a form too large,
    from another site, with unknown fields, a bad level or a partner's code too long is
    refused with a code; an unknown action or round is a 404 or a 409; and the tournament
    still has no entry."""
    env = {**FAST, "CIRCOLO_TOURNAMENTS": json.dumps(STANDING[:1]),
           "CIRCOLO_TOURNAMENT_REQUESTS": "12"}  # fmt: skip
    with server_on("sqlite", tmp_path, env) as server:
        async with browser(server) as http:
            sit = await _open(http)
            tid = sit["id"]
            url = f"/api/tournaments/{tid}/register"
            same = {"origin": server.http, "sec-fetch-site": "same-origin",
                    "content-type": "application/json"}  # fmt: skip
            huge = await http.post(url, content=b'{"code": "' + b"x" * 100_000 + b'"}',
                                   headers=same)  # fmt: skip
            assert huge.status_code == 413 and huge.json()["code"] == "too_large"
            foreign = await http.post(url, content=b"{}", headers={**same, "origin": "http://evil"})
            assert foreign.status_code == 403 and foreign.json()["code"] == "cross_site"
            extra = await act(http, tid, "register", {"seat": 3})
            assert extra.status_code == 400 and extra.json()["code"] == "bad_request"
            long_code = await act(http, tid, "register", {"code": "x" * 17})
            assert long_code.status_code == 400
            level = await act(http, tid, "bots", {"level": "cheater"})
            assert level.status_code == 400
            assert (await act(http, tid, "steal")).status_code == 404
            assert (await http.get(f"/api/tournaments/{tid}/rounds/9")).status_code == 409
            answers = [(await http.get("/api/tournaments")).status_code for _ in range(12)]
            assert 429 in answers, answers
            limited = await http.get(f"/api/tournaments/{tid}")
            assert limited.status_code == 429 and int(limited.headers["retry-after"]) > 0
        async with browser(server) as other:  # the same address: still waiting
            assert (await other.get("/api/tournaments")).status_code == 429
        db = await server_store(server)
        try:
            assert (await db.load_tournament(tid)).entries == []
        finally:
            await db.close()
