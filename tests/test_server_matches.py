"""Each match of a table counts in the records, on SQLite and on PostgreSQL: two players
play a match and its rematch at one table over the wire, and the profile, the head-to-head
and the history count two matches with the right winners; a match that ended before the
server was killed is kept at recovery (its result, each person's conduct and the ratings),
and once only."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from circolo.server.identity import COOKIE, Guest, Identities
from circolo.store import sqlite_url
from tests.conftest import Client, ServerProcess, TableClient, _query, postgres_database
from tests.test_server_games import FAST
from tests.test_server_history import finished

pytestmark = pytest.mark.anyio
SECRET = "matches-test-secret-key-" + "x" * 16
A, B = "g_anna000001", "g_bruno00002"
NAMES = {A: "Anna Rossi", B: "Bruno Neri"}
ENV = {
    **FAST,
    "CIRCOLO_TABLE": '{"trick_display": 0.05, "hand_result_pause": 0.2, "rematch_window": 20,'
    ' "vote_window": 1}',
    "CIRCOLO_FINISHED_LINGER": "0.5",
    "CIRCOLO_SECRET_KEY": SECRET,
    "CIRCOLO_RECORD_REQUESTS": "10000",
}


@pytest.fixture(params=["sqlite", "postgresql"])
def env(request: pytest.FixtureRequest) -> Iterator[dict[str, str]]:
    with contextlib.ExitStack() as stack:
        extra = {}
        if request.param == "postgresql":
            extra["CIRCOLO_DATABASE_URL"] = stack.enter_context(postgres_database())
        yield {**ENV, **extra}


def token(pid: str) -> str:
    return Identities(SECRET).token(Guest(pid, NAMES[pid], named=True))


async def get(server: ServerProcess, path: str, who: str, **query: Any) -> Any:
    async with httpx.AsyncClient(base_url=server.http, cookies={COOKIE: token(who)}) as http:
        answer = await http.get(path, params=query)
    assert answer.status_code == 200, answer.text
    return answer.json()


async def sit(server: ServerProcess) -> list[TableClient]:
    """Anna's one-hand Scopa with Bruno at it: both seats' clients."""
    anna = await Client.connect(server.url, token=token(A))
    created = await anna.request({"type": "table.create", "game": "scopa",
                                  "options": {"target": "single_hand"},
                                  "seats": [{"kind": "me"}, {"kind": "open"}]})  # fmt: skip
    assert created["type"] == "table.created", created
    bruno = await Client.connect(server.url, token=token(B))
    joined = await bruno.request({"type": "table.join", "table_id": created["table_id"]})
    assert joined["type"] == "table.joined", joined
    return [TableClient(anna, created["table_id"]), TableClient(bruno, created["table_id"])]


async def act(table: TableClient, rng: random.Random, matches: int) -> None:
    """This seat's next step; a rematch is accepted until ``matches`` were played."""
    state, seat = table.state, table.seat
    phase = state.get("phase") or {}
    if table.status == "rematch" and seat not in (state.get("rematch") or {}).get("accepted", []):
        again = (state.get("result") or {}).get("match", matches) < matches
        await table.client.send({"type": "rematch", "table_id": table.table_id, "accept": again})
    elif phase.get("name") == "result" and seat not in phase.get("continued", []):
        await table.client.send({"type": "continue", "table_id": table.table_id})
    elif table.view is not None and table.view["to_move"] == seat and table.status == "playing":
        hand = state["hand"]
        move = rng.choice(hand["legal"])["id"]
        await table.client.send(
            {"type": "play", "table_id": table.table_id, "move": move, "ply": hand["ply"]}
        )


async def play(table: TableClient, rng: random.Random, matches: int, until: str) -> None:
    """Play this seat until its table is at ``until`` ("finished", or "playing" a match
    after ``matches - 1`` ended)."""
    deadline = asyncio.get_running_loop().time() + 120
    while not reached(table, matches, until):
        assert asyncio.get_running_loop().time() < deadline, table.state
        await act(table, rng, matches)
        with contextlib.suppress(TimeoutError):
            await table.pump(timeout=0.3)


def reached(table: TableClient, matches: int, until: str) -> bool:
    return table.status == until and (until == "finished" or len(winners(table)) == matches - 1)


def winners(table: TableClient) -> list[int | None]:
    """Each match's winning side, as the table told it."""
    return [
        event["result"]["winner"]
        for frame in table.frames
        if frame["type"] == "table.events"
        for event in frame["events"]
        if event["type"] == "match_over"
    ]


def kept(server: ServerProcess, table_id: str) -> list[tuple[int, int | None]]:
    """Each match the store kept for this table: (match, winner)."""
    sql = "SELECT match, winner FROM match_results WHERE table_id = {} ORDER BY match"
    return [(int(m), w) for m, w in _query(server, sql, table_id)]


def counted(won: list[int | None], side: int) -> dict[str, int]:
    return {
        "matches": len(won),
        "wins": sum(w == side for w in won),
        "losses": sum(w is not None and w != side for w in won),
        "draws": sum(w is None for w in won),
    }


async def test_a_match_and_its_rematch_count_as_two_matches(
    env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    server = ServerProcess(tmp_path_factory.mktemp("matches"), env).start()
    try:
        tables = await sit(server)
        await asyncio.gather(
            *(play(t, random.Random(n), 2, "finished") for n, t in enumerate(tables))
        )
        table_id = tables[0].table_id
        won = winners(tables[0])
        assert len(won) == 2 and winners(tables[1]) == won
        await finished(server, table_id)
        for _ in range(50):  # kept on a task of its own, just after the match's end
            if len(kept(server, table_id)) == 2:
                break
            await asyncio.sleep(0.1)
        assert kept(server, table_id) == [(1, won[0]), (2, won[1])]

        profile = await get(server, f"/api/players/{A}", B)
        (scopa,) = profile["records"]
        assert {k: scopa[k] for k in ("game", "mode")} == {"game": "scopa", "mode": "1v1"}
        assert {k: scopa[k] for k in ("matches", "wins", "losses", "draws")} == counted(won, 0)
        head = await get(server, "/api/head-to-head", B, opponent=A)
        assert head["against"] == [{"game": "scopa", "mode": "1v1", **counted(won, 1)}]
        assert head["together"] == []
        history = await get(server, "/api/history", A)
        (row,) = history["tables"]
        assert [(m["match"], m["winner"]) for m in row["matches"]] == [(1, won[0]), (2, won[1])]
        assert all(len(m["totals"]) == 2 for m in row["matches"])
        for t in tables:
            await t.client.close()
    finally:
        server.stop()


def outcomes(server: ServerProcess, table_id: str) -> tuple[Any, ...]:
    """What the store kept of this table's matches: results, conduct, rating changes."""
    return tuple(
        _query(server, f"SELECT count(*) FROM {name} WHERE table_id = {{}}", table_id)[0][0]
        for name in ("match_results", "conduct", "rating_changes")
    )


async def test_a_match_that_ended_before_a_crash_is_kept_at_recovery_once(
    env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    data = tmp_path_factory.mktemp("crash")
    if "CIRCOLO_DATABASE_URL" not in env:
        env = {**env, "CIRCOLO_DATABASE_URL": sqlite_url(data / "circolo.sqlite3")}
    server = ServerProcess(data, env).start()
    tables = await sit(server)
    await asyncio.gather(*(play(t, random.Random(n), 2, "playing") for n, t in enumerate(tables)))
    table_id = tables[0].table_id
    (first,) = winners(tables[0])
    for _ in range(50):  # kept on a task of its own, just after the match's end
        if kept(server, table_id):
            break
        await asyncio.sleep(0.1)
    for _ in range(50):  # ratings and conduct follow on the same task
        if outcomes(server, table_id) == (1, 2, 2):
            break
        await asyncio.sleep(0.1)
    assert kept(server, table_id) == [(1, first)] and outcomes(server, table_id) == (1, 2, 2)
    server.kill()  # the rematch is being played
    for name in ("match_results", "conduct", "rating_changes"):  # lost writes
        _query(server, f"DELETE FROM {name} WHERE table_id = {{}}", table_id)
    _query(server, "DELETE FROM ratings WHERE player_id = {}", A)
    _query(server, "DELETE FROM ratings WHERE player_id = {}", B)
    for _ in range(2):  # the second restart finds it kept already: still once
        server = ServerProcess(data, env).start()
        try:
            assert kept(server, table_id) == [(1, first)]
            assert outcomes(server, table_id) == (1, 2, 2), "rated and its conduct kept, once"
            assert _query(server, "SELECT count(*) FROM ratings WHERE player_id = {}", A) == [(1,)]
            assert _query(server, "SELECT status FROM tables WHERE table_id = {}", table_id) == [
                ("live",)
            ]
        finally:
            server.kill()
    assert _query(server, "SELECT count(*) FROM match_seats WHERE table_id = {}", table_id) == [
        (2,)
    ]
