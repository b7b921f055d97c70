"""The store on a real SQLite file and on the real PostgreSQL (a fresh database per test)."""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import signal
import sys
import textwrap
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import anyio
import asyncpg  # type: ignore[import-untyped]
import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, create_engine, event, func, insert, inspect, make_url, select
from sqlalchemy.exc import OperationalError

from circolo.results import MatchResult
from circolo.store import (
    DuplicateEntry,
    Entry,
    Store,
    StoreError,
    TableExists,
    UnknownTable,
    migrate,
    sqlite_url,
)
from circolo.store import store as store_module
from circolo.store.models import Base, GameTable, TableEvent

POSTGRES = os.environ.get("CIRCOLO_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def _admin() -> Any:
    try:
        return await asyncpg.connect(POSTGRES, timeout=5)
    except (OSError, asyncpg.PostgresError) as error:
        pytest.skip(f"PostgreSQL at {POSTGRES} is unreachable ({error}); store tests skip it")


@pytest.fixture(params=["sqlite", "postgresql"])
async def url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A URL to an empty database: a new SQLite file, or a new PostgreSQL database dropped after."""
    if request.param == "sqlite":
        yield sqlite_url(tmp_path / "data" / "circolo.db")
        return
    admin = await _admin()
    name = f"circolo_test_{uuid.uuid4().hex[:12]}"
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        base = POSTGRES.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)
        yield f"{base}/{name}"
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


@pytest.fixture
async def store(url: str) -> AsyncIterator[Store]:
    opened = await Store.open(url)
    try:
        yield opened
    finally:
        await opened.close()


def _schema(conn: Connection) -> tuple[str | None, set[str], list[Any]]:
    diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    return migrate.current(conn), set(inspect(conn).get_table_names()), diff


@pytest.mark.anyio
async def test_migrations_from_empty_match_the_models(url: str) -> None:
    store = await Store.open(url)
    try:
        async with store._engine.connect() as conn:
            revision, tables, diff = await conn.run_sync(_schema)
    finally:
        await store.close()
    assert revision == migrate.head() == "0011"
    assert {"players", "tables", "table_players", "table_events", "waiting_tables",
            "revocations", "ratings", "rating_changes", "conduct", "accounts",
            "auth_sessions", "mutes", "reports", "chip_transactions", "ledger_entries",
            "tournaments", "tournament_log", "tournament_tables", "tournament_players",
            "chip_balances"} <= tables  # fmt: skip
    assert diff == []  # the migration scripts build exactly the models
    again = await Store.open(url)  # opening a migrated database is a no-op
    assert await again.healthy()
    await again.close()


def _migrate(revision: str, down: bool = False) -> Callable[[Connection], None]:
    """Bring the schema up (or down) to ``revision``, on a connection's own transaction."""
    return lambda conn: (command.downgrade if down else command.upgrade)(
        migrate.config(conn), revision
    )


def _columns(conn: Connection) -> set[str]:
    return {column["name"] for column in inspect(conn).get_columns("tables")}


@pytest.mark.anyio
async def test_migration_0003_keeps_the_tables_and_their_logs(url: str) -> None:
    """A database at 0002 with a live table and its log: opening the store adds
    ``tables.invite`` (the table kept, with none), new tables keep theirs, and the
    downgrade drops the column in place, the logs kept."""
    engine = store_module._engine(make_url(url), "FULL")  # foreign keys on, as the store has
    async with engine.begin() as conn:
        await conn.run_sync(_migrate("0002"))
        await conn.execute(
            insert(GameTable).values(
                table_id="old", game="scopa", config={"private": True}, status="live",
                created_at=1.0,
            )
        )  # fmt: skip
        await conn.execute(insert(TableEvent).values(table_id="old", seq=1, data={}, at=1.0))
    store = await Store.open(url)
    try:
        await store.create_table("new", {"game": "scopa"}, created_at=2.0, invite="k3y9Zp1x")
        live = await store.live_tables()
        assert [(log.table.table_id, log.table.invite) for log in live] == [
            ("old", None),
            ("new", "k3y9Zp1x"),
        ]
        assert [e.seq for e in live[0].entries] == [1]
        assert (await store.load("new")).table.invite == "k3y9Zp1x"
        assert [t.invite for t in await store.list_tables()] == ["k3y9Zp1x", None]
    finally:
        await store.close()
    async with engine.begin() as conn:
        await conn.run_sync(_migrate("0002", down=True))
        assert "invite" not in await conn.run_sync(_columns)
        assert await conn.run_sync(migrate.current) == "0002"
        count = await conn.scalar(select(func.count()).select_from(TableEvent))
        assert count == 1
    await engine.dispose()


@pytest.mark.anyio
async def test_waiting_tables_saved_replaced_and_dropped(url: str) -> None:
    store = await Store.open(url)
    await store.save_waiting("w2", {"table_id": "w2", "seats": [None, None]}, 2.0)
    await store.save_waiting("w1", {"table_id": "w1", "seats": [None]}, 1.0)
    await store.save_waiting("w2", {"table_id": "w2", "seats": ["p1", None]}, 2.0)
    await store.drop_waiting("w1")
    await store.drop_waiting("absent")
    await store.close()
    again = await Store.open(url)  # they survive reopening
    assert await again.waiting_tables() == [{"table_id": "w2", "seats": ["p1", None]}]
    await again.close()


@pytest.mark.anyio
async def test_a_table_stored_as_it_starts_makes_its_guests_and_waits_no_more(
    store: Store,
) -> None:
    """A table starts in one commit: its new players made guests (a known one keeps its
    name), the table and its players stored, and its row in the waiting tables gone."""
    await store.ensure_guest("p1", "Gentle Otter", at=1.0)
    await store.save_waiting("t1", {"table_id": "t1", "seats": ["p1", None]}, 1.0)
    await store.save_waiting("t2", {"table_id": "t2", "seats": [None, None]}, 1.0)
    guests = {"p1": "Other Name", "p2": "Brave Heron"}
    await store.create_table("t1", {"game": "scopa"}, 5.0, list(guests), guests=guests)
    known, new = await store.player("p1"), await store.player("p2")
    assert known is not None and new is not None
    assert (known.name, known.created_at, known.last_seen_at) == ("Gentle Otter", 1.0, 5.0)
    assert (new.name, new.kind, new.created_at) == ("Brave Heron", "guest", 5.0)
    assert (await store.table("t1")).players == ("p1", "p2")
    assert [w["table_id"] for w in await store.waiting_tables()] == ["t2"]
    with pytest.raises(TableExists):  # nothing of a refused creation is kept
        await store.create_table("t1", {"game": "scopa"}, 6.0, ["p3"], guests={"p3": "Ivy"})
    assert await store.player("p3") is None


@pytest.mark.anyio
async def test_revocations_kept_and_moved_forward(url: str) -> None:
    store = await Store.open(url)
    await store.revoke("g_a", at=100.0)
    await store.revoke("g_b", at=50.0)
    await store.revoke("g_a", at=200.0)  # revoked again: later
    assert await store.revocations(since=0.0) == {"g_a": 200.0, "g_b": 50.0}
    assert await store.revocations(since=60.0) == {"g_a": 200.0}
    await store.close()
    again = await Store.open(url)
    assert await again.revocations(since=0.0) == {"g_a": 200.0, "g_b": 50.0}
    await again.close()


@pytest.mark.anyio
async def test_append_load_round_trip(store: Store) -> None:
    config = {"game": "scopa", "seats": [{"player": "p1"}, {"bot": "greedy"}], "target": 11}
    await store.create_table("t1", config, created_at=100.5, players=["p1"])
    first = [
        Entry(1, {"type": "sat", "seat": 0, "name": "Zoë ♠"}, 100.5),
        Entry(2, {"type": "play", "move": "7D", "captures": [["7C"]], "x": None}, 101.25),
    ]
    await store.append("t1", first)
    await store.append("t1", [(3, {"type": "tick", "n": 1.5, "ok": True}, 102.0)])
    log = await store.load("t1")
    assert log.entries == [*first, Entry(3, {"type": "tick", "n": 1.5, "ok": True}, 102.0)]
    assert log.table.config == config
    assert (log.table.game, log.table.status, log.table.result) == ("scopa", "live", None)
    assert log.table.players == ("p1",)
    assert await store.last_seq("t1") == 3
    await store.append("t1", [])  # nothing to do
    many = [Entry(seq, {"n": seq}, 103.0) for seq in range(4, 404)]  # over one INSERT's rows
    await store.append("t1", many)
    assert (await store.load("t1")).entries[3:] == many
    assert await store.table("t1") == log.table  # the row alone, without the log
    with pytest.raises(UnknownTable):
        await store.load("nope")
    with pytest.raises(UnknownTable):
        await store.table("nope")


@pytest.mark.anyio
async def test_json_columns_keep_what_orjson_refuses_and_read_older_text(
    store: Store, url: str
) -> None:
    """The JSON columns are written and read by ``jsontext`` (orjson): a number over 64 bits
    and a lone surrogate are still written (by the standard library), and text written
    before by the standard library, NaN included, is still read."""
    odd = {"seed": (1 << 256) - 1, "name": "\ud800 x", "keys": {1: "one"}}
    await store.create_table("t1", {"game": "scopa", "odd": odd}, created_at=1.0)
    await store.append("t1", [Entry(1, odd, 2.0)])
    log = await store.load("t1")
    assert log.entries[0].data == {**odd, "keys": {"1": "one"}}
    assert log.table.config["odd"]["seed"] == (1 << 256) - 1
    if make_url(url).get_backend_name() == "sqlite":  # the text as an older version wrote it
        engine = create_engine(make_url(url).set(drivername="sqlite+pysqlite"))
        with engine.begin() as conn:
            conn.execute(
                insert(TableEvent).values(table_id="t1", seq=2, data={"t": float("nan")}, at=3.0)
            )
        engine.dispose()
        assert math.isnan((await store.load("t1")).entries[1].data["t"])


@pytest.mark.anyio
async def test_seq_uniqueness_refuses_a_duplicate(store: Store) -> None:
    await store.create_table("t1", {"game": "bisca"}, created_at=1.0)
    await store.append("t1", [Entry(1, {"n": 1}, 1.0), Entry(2, {"n": 2}, 2.0)])
    with pytest.raises(DuplicateEntry):
        await store.append("t1", [Entry(3, {"n": 3}, 3.0), Entry(2, {"again": True}, 3.0)])
    with pytest.raises(DuplicateEntry):
        await store.append("t1", [Entry(4, {}, 4.0), Entry(4, {}, 4.0)])
    log = await store.load("t1")
    assert [e.seq for e in log.entries] == [1, 2]  # a refused append stores nothing of it
    assert log.entries[1].data == {"n": 2}
    with pytest.raises(UnknownTable):
        await store.append("ghost", [Entry(1, {}, 1.0)])
    with pytest.raises(TableExists):
        await store.create_table("t1", {"game": "bisca"}, created_at=2.0)
    await store.append("t1", [Entry(3, {"n": 3}, 3.0)])  # the table goes on
    assert await store.last_seq("t1") == 3


@pytest.mark.anyio
async def test_group_commit_under_concurrency(store: Store) -> None:
    tables, moves = 100, 10
    for t in range(tables):
        await store.create_table(f"t{t}", {"game": "scopa"}, created_at=float(t))
    commits_before = store.stats.commits

    async def play(t: int) -> None:
        for seq in range(1, moves + 1):
            await store.append(f"t{t}", [Entry(seq, {"t": t, "seq": seq}, float(seq))])

    async with anyio.create_task_group() as group:
        for t in range(tables):
            group.start_soon(play, t)
    commits = store.stats.commits - commits_before
    assert commits < tables * moves / 5, commits  # gathered: far fewer commits than appends
    for log in await store.live_tables():
        t = int(log.table.table_id[1:])
        assert log.entries == [Entry(s, {"t": t, "seq": s}, float(s)) for s in range(1, moves + 1)]


@pytest.mark.anyio
async def test_a_duplicate_in_a_batch_fails_only_its_caller(store: Store) -> None:
    for t in range(20):
        await store.create_table(f"t{t}", {"game": "scopa"}, created_at=1.0)
    await store.append("t7", [Entry(1, {}, 1.0)])
    outcome: dict[int, str] = {}

    async def one(t: int) -> None:
        try:
            await store.append(f"t{t}", [Entry(1, {"t": t}, 2.0)])
            outcome[t] = "ok"
        except DuplicateEntry:
            outcome[t] = "duplicate"

    async with anyio.create_task_group() as group:
        for t in range(20):
            group.start_soon(one, t)
    assert outcome == {t: "duplicate" if t == 7 else "ok" for t in range(20)}
    assert (await store.load("t3")).entries == [Entry(1, {"t": 3}, 2.0)]


@pytest.mark.anyio
async def test_a_batch_retried_for_a_duplicate_still_finishes_its_tables(store: Store) -> None:
    await store.create_table("t1", {"game": "scopa"}, created_at=1.0)
    await store.create_table("t2", {"game": "scopa"}, created_at=1.0)
    await store.append("t1", [Entry(1, {}, 1.0)])
    results = await asyncio.gather(
        store.finish_table("t2", {"winner": 0}, at=2.0),
        store.append("t1", [Entry(1, {}, 1.0)]),
        store.ensure_guest("p1", "Ada", at=2.0),
        return_exceptions=True,
    )
    assert results[0] is None and isinstance(results[1], DuplicateEntry)
    assert store.stats.failures == 2  # the batch of three, then the duplicate on its own
    assert (await store.load("t2")).table.status == "finished"
    assert [log.table.table_id for log in await store.live_tables()] == ["t1"]


def test_sqlite_in_memory_is_refused() -> None:
    with pytest.raises(StoreError, match="file"):
        asyncio.run(Store.open("sqlite+aiosqlite://"))


@pytest.mark.anyio
async def test_a_failed_commit_raises_to_every_waiter(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    for t in range(10):
        await store.create_table(f"t{t}", {"game": "scopa"}, created_at=1.0)
    real_run, real_alone = store_module._run, store_module._insert_alone

    def broken(conn: Any, batch: Any) -> None:
        real_run(conn, batch)
        raise OperationalError("COMMIT", {}, Exception("disk I/O error"))

    def broken_alone(conn: Any, rows: Any) -> None:  # SQLite: appends alone, autocommit
        raise OperationalError("INSERT", {}, Exception("disk I/O error"))

    monkeypatch.setattr(store_module, "_run", broken)
    monkeypatch.setattr(store_module, "_insert_alone", broken_alone)
    failures: list[BaseException] = []

    async def one(t: int) -> None:
        try:
            await store.append(f"t{t}", [Entry(1, {}, 1.0)])
        except StoreError as error:
            failures.append(error)

    async with anyio.create_task_group() as group:
        for t in range(10):
            group.start_soon(one, t)
    assert len(failures) == 10
    assert not any(isinstance(f, DuplicateEntry) for f in failures)
    monkeypatch.setattr(store_module, "_run", real_run)
    monkeypatch.setattr(store_module, "_insert_alone", real_alone)
    assert all(not log.entries for log in await store.live_tables())  # rolled back
    await store.append("t0", [Entry(1, {}, 1.0)])  # and the writer carries on
    assert await store.last_seq("t0") == 1


@pytest.mark.anyio
async def test_a_cancelled_caller_does_not_stop_the_writer(store: Store) -> None:
    await store.create_table("t1", {"game": "scopa"}, created_at=1.0)
    with anyio.move_on_after(0):
        await store.append("t1", [Entry(1, {}, 1.0)])
    await store.append("t1", [Entry(2, {}, 1.0)])
    assert await store.last_seq("t1") == 2


@pytest.mark.anyio
async def test_live_tables_after_reopening(url: str) -> None:
    store = await Store.open(url)
    for t in range(3):
        await store.create_table(f"t{t}", {"game": "burraco", "n": t}, created_at=10.0 + t)
        await store.append(f"t{t}", [Entry(s, {"s": s}, 20.0 + s) for s in range(1, 6)])
    await store.finish_table("t1", {"winner": [0, 2]}, at=30.0)
    await store.close()
    with pytest.raises(StoreError):
        await store.append("t0", [Entry(6, {}, 1.0)])

    reopened = await Store.open(url)
    try:
        live = await reopened.live_tables()
        assert [log.table.table_id for log in live] == ["t0", "t2"]
        assert [log.table.config["n"] for log in live] == [0, 2]
        assert all([e.seq for e in log.entries] == [1, 2, 3, 4, 5] for log in live)
        finished = (await reopened.load("t1")).table
        assert (finished.status, finished.result, finished.finished_at) == (
            "finished",
            {"winner": [0, 2]},
            30.0,
        )
    finally:
        await reopened.close()


KILLED = """
import asyncio, os, signal, sys
from circolo.store import Entry, Store

async def main():
    store = await Store.open(sys.argv[1])
    await store.create_table("k", {"game": "scopa"}, created_at=1.0)
    seq = 0
    async def table(name):
        nonlocal seq
        while True:
            seq += 1
            mine = seq
            await store.append("k", [Entry(mine, {"by": name}, 1.0)])
            print(mine, flush=True)  # told only after the commit
    tasks = [asyncio.create_task(table(n)) for n in range(8)]
    await asyncio.sleep(float(sys.argv[2]))
    os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(main())
"""


@pytest.mark.anyio
async def test_kill_9_loses_no_acknowledged_append(url: str, tmp_path: Path) -> None:
    script = tmp_path / "killed.py"
    script.write_text(textwrap.dedent(KILLED))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = await anyio.run_process([sys.executable, str(script), url, "0.5"], env=env, check=False)
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()
    told = {int(line) for line in done.stdout.split()}
    assert len(told) > 20
    store = await Store.open(url)
    try:
        stored = {e.seq for e in (await store.load("k")).entries}
        assert told <= stored
        assert [log.table.table_id for log in await store.live_tables()] == ["k"]
    finally:
        await store.close()


@pytest.mark.anyio
async def test_players_and_lobby_listing(store: Store) -> None:
    guest = await store.ensure_guest("p1", "Gentle Otter", at=5.0)
    assert (guest.name, guest.kind, guest.created_at, guest.last_seen_at) == (
        "Gentle Otter",
        "guest",
        5.0,
        5.0,
    )
    again = await store.ensure_guest("p1", "Other Name", at=9.0)
    assert (again.name, again.created_at, again.last_seen_at) == ("Gentle Otter", 5.0, 9.0)
    assert await store.player("nobody") is None
    for t in range(6):
        game = "scopa" if t % 2 else "bisca"
        await store.create_table(f"t{t}", {"game": game}, created_at=float(t), players=["p1"])
    await store.create_table("solo", {"game": "scopa"}, created_at=10.0, players=["p2"])
    await store.add_players("t0", ["p2", "p1"])
    await store.finish_table("t3", {"winner": 1}, at=20.0)
    with pytest.raises(UnknownTable):
        await store.finish_table("ghost", {}, at=1.0)
    ids = [t.table_id for t in await store.list_tables()]
    assert ids == ["solo", "t5", "t4", "t3", "t2", "t1", "t0"]
    assert [t.table_id for t in await store.list_tables(game="scopa", status="live")] == [
        "solo",
        "t5",
        "t1",
    ]
    mine = await store.list_tables(player_id="p2")
    assert [(t.table_id, t.players) for t in mine] == [("solo", ("p2",)), ("t0", ("p1", "p2"))]
    page = await store.list_tables(before=4.0, limit=2)
    assert [t.table_id for t in page] == ["t3", "t2"]
    assert page[0].result == {"winner": 1}
    for name in ("same-c", "same-a", "same-b"):  # created at one instant
        await store.create_table(name, {"game": "scopa"}, created_at=30.0)
    seen: list[str] = []
    cursor: tuple[float | None, str | None] = (None, None)
    while len(seen) < 5:
        (row,) = await store.list_tables(before=cursor[0], after_id=cursor[1], limit=1)
        seen.append(row.table_id)
        cursor = (row.created_at, row.table_id)
    assert seen == ["same-a", "same-b", "same-c", "solo", "t5"]  # none skipped by paging


@pytest.mark.anyio
async def test_healthy(url: str) -> None:
    store = await Store.open(url)
    assert await store.healthy()
    await store.close()
    assert not await store.healthy()
    await store.close()  # twice is fine


@pytest.mark.anyio
async def test_open_fails_clearly_on_an_unreachable_database() -> None:
    with pytest.raises((OSError, OperationalError)):
        await Store.open("postgresql+asyncpg://postgres@127.0.0.1:1/none")


@pytest.mark.anyio
@pytest.mark.parametrize("url", ["postgresql"], indirect=True)
async def test_the_writer_reconnects_after_the_database_drops_it(url: str) -> None:
    store = await Store.open(url)
    try:
        await store.create_table("t1", {"game": "scopa"}, created_at=1.0)
        admin = await _admin()
        name = url.rsplit("/", 1)[1]
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = $1 AND pid <> pg_backend_pid()",
            name,
        )
        await admin.close()
        with contextlib.suppress(StoreError):  # the writer's connection is gone: it may fail
            await store.append("t1", [Entry(1, {}, 1.0)])
        await store.append("t1", [Entry(2, {}, 1.0)])  # then it carries on
        assert await store.healthy()
        assert (await store.last_seq("t1")) == 2
    finally:
        await store.close()


@pytest.mark.anyio
async def test_the_statements_every_match_makes_are_compiled_once(store: Store) -> None:
    """A table's creation, its match's result and conduct, its end, its log read back: at
    1,000 tables about 30 matches end a second, and a statement built with its values was
    compiled at each (0.67 ms of CPU to keep a match's result)."""
    hits: list[str] = []

    def seen(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        hits.append(args[-2]._get_cache_stats())  # the execution context's

    engines = [store._engine.sync_engine, store._thread_engine]  # the writer's, under SQLite
    for engine in engines:
        if engine is not None:
            event.listen(engine, "before_cursor_execute", seen)

    async def one_match(table_id: str) -> None:
        await store.create_table(
            table_id, {"game": "scopa"}, 1.0, players=["p0"], guests={"p0": "Ada"}
        )
        await store.record_matches([MatchResult(
            table_id, 1, "scopa", "casual", False, 2.0, "score", (11, 3), 0,
            (("p0", 0), (None, 1)),
        )])  # fmt: skip
        await store.record_conduct(table_id, 1, {"p0": "played"}, 2.0)
        await store.finish_table(table_id, {"winner": 0}, at=3.0)
        assert (await store.load(table_id)).table.status == "finished"  # read at a match's end

    try:
        await one_match("t1")
        hits.clear()
        await one_match("t2")
    finally:
        for engine in engines:
            if engine is not None:
                event.remove(engine, "before_cursor_execute", seen)
    compiled = [hit for hit in hits if hit.startswith(("generated", "no key", "caching"))]
    assert hits and not compiled, hits
    table = await store.table("t2")
    assert (table.status, table.result, table.players) == ("finished", {"winner": 0}, ("p0",))
