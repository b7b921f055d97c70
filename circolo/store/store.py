"""The store: an async facade over SQLAlchemy 2, with group commit for table logs.

Every write (appends, new tables, guests, results) goes through one writer task. While a
transaction is being committed, new writes queue up; the next transaction takes them all,
appends from many tables becoming one multi-row INSERT, one COMMIT and one fsync. Each
caller awaits its own write: when ``append`` returns, the entries are durable. A failed
commit raises :class:`StoreError` to every waiter in it, except for integrity conflicts
(a duplicate ``seq``, an unknown table): then each write of the batch is retried on its
own, so only the faulty one fails.

SQLite durability. In WAL mode, ``synchronous=NORMAL`` fsyncs only at checkpoints: a
killed *process* loses nothing (the WAL is in the OS page cache), but a power cut or an OS
crash can lose the last commits, which players were already told about. So the default is
``FULL``: every commit fsyncs the WAL. Group commit is what makes that affordable, since
one fsync covers every append that arrived while the previous one was running.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from sqlalchemy import Engine, Row, create_engine, delete, event, func, insert, select, text, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from circolo.store import migrate
from circolo.store.models import (
    GameTable,
    Player,
    Revocation,
    TableEvent,
    TablePlayer,
    WaitingTable,
)
from circolo.store.records import (
    DuplicateEntry,
    Entry,
    Json,
    PlayerRecord,
    StoreError,
    TableExists,
    TableLog,
    TableRecord,
    UnknownTable,
)

DEFAULT_URL = "sqlite+aiosqlite:///data/circolo.db"
"""One file in the ``data`` folder of the working directory."""

Synchronous = Literal["OFF", "NORMAL", "FULL", "EXTRA"]
MAX_BATCH = 1000
"""Most writes gathered into one transaction (keeps statements and latency bounded)."""


def sqlite_url(path: str | Path) -> str:
    """The store URL for an SQLite file at ``path``."""
    return f"sqlite+aiosqlite:///{Path(path)}"


@dataclass
class CommitStats:
    """Counters of the writer, for metrics and benchmarks."""

    commits: int = 0
    writes: int = 0
    entries: int = 0
    failures: int = 0
    seconds: float = 0.0


Op = Callable[[Connection], None]
"""A write other than an append, run inside the writer's transaction."""


@dataclass
class _Write:
    """One caller's write waiting for the writer: an append's rows, or any other operation."""

    done: asyncio.Future[None]
    table_id: str | None = None
    rows: list[dict[str, Any]] = field(default_factory=list)
    op: Op | None = None
    conflict: Callable[[], Awaitable[StoreError]] | None = None


OnCommit = Callable[[int, int, float], None]
"""Called after each commit with (writes, entries, seconds): a hook for metrics."""


class Store:
    """Players, tables and table logs in one database. Open with :meth:`open`."""

    def __init__(
        self,
        engine: AsyncEngine,
        on_commit: OnCommit | None = None,
        thread_engine: Engine | None = None,
    ) -> None:
        self._engine = engine
        self._dialect = engine.dialect.name
        self._on_commit = on_commit
        self._queue: asyncio.Queue[_Write | None] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self._conn: AsyncConnection | None = None
        # SQLite's writes run in a thread of their own, a whole transaction per hop: through
        # aiosqlite every statement would wait for a turn of a busy event loop.
        self._thread_engine = thread_engine
        self._thread = ThreadPoolExecutor(1, "circolo-store-writer") if thread_engine else None
        self._thread_conn: Connection | None = None
        self._closed = False
        self.stats = CommitStats()

    # -- life cycle ---------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        url: str = DEFAULT_URL,
        *,
        synchronous: Synchronous = "FULL",
        on_commit: OnCommit | None = None,
    ) -> Store:
        """Connect, apply the migrations and start the writer.

        ``url`` is ``sqlite+aiosqlite:///path/file.db`` (the folder is created) or
        ``postgresql+asyncpg://user@host/db``; ``synchronous`` is SQLite's pragma.
        """
        parsed = make_url(url)
        engine = _engine(parsed, synchronous)
        try:
            async with engine.begin() as conn:
                await conn.run_sync(migrate.upgrade)
        except BaseException:
            await engine.dispose()
            raise
        writer = (
            _sqlite_writer(parsed, synchronous) if parsed.get_backend_name() == "sqlite" else None
        )
        store = cls(engine, on_commit, writer)
        store._writer = asyncio.create_task(store._write_loop(), name="circolo-store-writer")
        return store

    async def close(self) -> None:
        """Finish the writes already accepted, then disconnect."""
        if self._closed:
            return
        self._closed = True
        if self._writer is not None:
            self._queue.put_nowait(None)
            await self._writer
        if self._thread is not None and self._thread_engine is not None:
            await asyncio.get_running_loop().run_in_executor(
                self._thread, self._thread_engine.dispose
            )
            self._thread.shutdown()
        await self._engine.dispose()

    async def healthy(self) -> bool:
        """True when the database answers a query within two seconds."""
        if self._closed or self._writer is None or self._writer.done():
            return False
        try:
            async with asyncio.timeout(2):
                async with self._engine.connect() as conn:
                    return bool((await conn.scalar(text("SELECT 1"))) == 1)
        except (SQLAlchemyError, OSError, TimeoutError):
            return False

    @property
    def url(self) -> URL:
        """Where the store is (password hidden when printed)."""
        return self._engine.url

    # -- players ------------------------------------------------------------------------------

    async def ensure_guest(
        self, player_id: str, name: str, at: float | None = None
    ) -> PlayerRecord:
        """The player with this id, created as a guest named ``name`` if new.

        An existing player keeps its name; its ``last_seen_at`` moves to ``at`` (default now).
        """
        now = time.time() if at is None else at
        values = {
            "player_id": player_id,
            "name": name,
            "kind": "guest",
            "created_at": now,
            "last_seen_at": now,
        }

        def op(conn: Connection) -> None:
            stmt = self._upsert(Player).values(values)
            conn.execute(
                stmt.on_conflict_do_update(index_elements=["player_id"], set_={"last_seen_at": now})
            )

        await self._submit(_Write(self._future(), op=op))
        found = await self.player(player_id)
        assert found is not None
        return found

    async def name_player(self, player_id: str, name: str, at: float | None = None) -> None:
        """``player_id`` chose to be called ``name`` (a new guest is created): kept for
        the account that guest may become."""
        now = time.time() if at is None else at
        values = {"player_id": player_id, "name": name, "kind": "guest"}

        def op(conn: Connection) -> None:
            stmt = self._upsert(Player).values(**values, created_at=now, last_seen_at=now)
            conn.execute(
                stmt.on_conflict_do_update(
                    index_elements=["player_id"], set_={"name": name, "last_seen_at": now}
                )
            )

        await self._submit(_Write(self._future(), op=op))

    async def player(self, player_id: str) -> PlayerRecord | None:
        """The player with this id, or None."""
        async with self._engine.connect() as conn:
            row = (await conn.execute(select(Player).filter_by(player_id=player_id))).first()
        if row is None:
            return None
        return PlayerRecord(row.player_id, row.name, row.kind, row.created_at, row.last_seen_at)

    async def revoke(self, player_id: str, at: float | None = None) -> None:
        """Void every token of ``player_id`` signed before ``at`` (default now)."""
        now = time.time() if at is None else at

        def op(conn: Connection) -> None:
            stmt = self._upsert(Revocation).values(player_id=player_id, tokens_valid_after=now)
            conn.execute(
                stmt.on_conflict_do_update(
                    index_elements=["player_id"], set_={"tokens_valid_after": now}
                )
            )

        await self._submit(_Write(self._future(), op=op))

    async def revocations(self, since: float) -> dict[str, float]:
        """Each guest revoked after ``since``: the time before which its tokens are void."""
        query = select(Revocation).where(Revocation.tokens_valid_after > since)
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return {row.player_id: row.tokens_valid_after for row in rows}

    # -- tables -------------------------------------------------------------------------------

    async def create_table(
        self,
        table_id: str,
        config_json: Json,
        created_at: float,
        players: Iterable[str] = (),
        invite: str | None = None,
    ) -> None:
        """Record a new live table; ``players`` are the player ids seated (for history),
        ``invite`` a private table's invite code."""
        game = str(config_json.get("game", ""))
        seated = sorted(set(players))

        def op(conn: Connection) -> None:
            conn.execute(
                insert(GameTable).values(
                    table_id=table_id,
                    game=game,
                    config=config_json,
                    status="live",
                    created_at=created_at,
                    invite=invite,
                )
            )
            if seated:
                conn.execute(
                    insert(TablePlayer), [{"table_id": table_id, "player_id": p} for p in seated]
                )

        async def conflict() -> StoreError:
            return TableExists(f"table {table_id!r} exists")

        await self._submit(_Write(self._future(), op=op, conflict=conflict))

    async def add_players(self, table_id: str, players: Iterable[str]) -> None:
        """Record more players as having sat at a table (someone joined later)."""
        rows = [{"table_id": table_id, "player_id": p} for p in sorted(set(players))]
        if not rows:
            return

        def op(conn: Connection) -> None:
            stmt = self._upsert(TablePlayer).on_conflict_do_nothing()
            conn.execute(stmt, rows)

        await self._submit(_Write(self._future(), op=op, conflict=self._unknown(table_id)))

    async def append(
        self, table_id: str, entries: Sequence[Entry | tuple[int, Json, float]]
    ) -> None:
        """Append log entries ``(seq, entry_json, at)`` to a table; durable when it returns.

        Raises :class:`DuplicateEntry` if a ``seq`` is taken (nothing of this call is stored),
        :class:`UnknownTable`, or :class:`StoreError` if the commit failed.
        """
        if not entries:
            return
        rows = [
            {"table_id": table_id, "seq": seq, "data": data, "at": at} for seq, data, at in entries
        ]

        async def conflict() -> StoreError:
            if not await self._exists(table_id):
                return UnknownTable(f"no table {table_id!r}")
            seqs = [row["seq"] for row in rows]
            return DuplicateEntry(f"table {table_id!r}: a seq in {seqs[0]}..{seqs[-1]} is taken")

        await self._submit(_Write(self._future(), table_id=table_id, rows=rows, conflict=conflict))

    async def finish_table(self, table_id: str, result: Json, at: float | None = None) -> None:
        """Mark a table finished with its result (it leaves :meth:`live_tables`)."""
        now = time.time() if at is None else at
        outcome = [0]  # rows updated (set, not appended: a batch may be retried)

        def op(conn: Connection) -> None:
            done = conn.execute(
                update(GameTable)
                .where(GameTable.table_id == table_id)
                .values(status="finished", result=result, finished_at=now)
            )
            outcome[0] = done.rowcount

        await self._submit(_Write(self._future(), op=op))
        if outcome[0] != 1:
            raise UnknownTable(f"no table {table_id!r}")

    async def load(self, table_id: str) -> TableLog:
        """A table and its whole log in ``seq`` order."""
        async with self._engine.connect() as conn, conn.begin():
            logs = await self._logs(conn, GameTable.table_id == table_id)
        if not logs:
            raise UnknownTable(f"no table {table_id!r}")
        return logs[0]

    async def table(self, table_id: str) -> TableRecord:
        """A table's row without its log: what deciding who may see it needs."""
        async with self._engine.connect() as conn, conn.begin():
            row = (await conn.execute(select(GameTable).filter_by(table_id=table_id))).first()
            if row is None:
                raise UnknownTable(f"no table {table_id!r}")
            seats = await self._seats(conn, [table_id])
        return _table(row, seats.get(table_id, ()))

    async def save_waiting(self, table_id: str, data: Json, created_at: float) -> None:
        """Keep (or replace) a table waiting in the lobby: ``data`` is the server's JSON."""

        def op(conn: Connection) -> None:
            conn.execute(delete(WaitingTable).where(WaitingTable.table_id == table_id))
            conn.execute(
                insert(WaitingTable).values(table_id=table_id, data=data, created_at=created_at)
            )

        await self._submit(_Write(self._future(), op=op))

    async def drop_waiting(self, table_id: str) -> None:
        """Forget a waiting table (it started, or its last player left); no error if absent."""

        def op(conn: Connection) -> None:
            conn.execute(delete(WaitingTable).where(WaitingTable.table_id == table_id))

        await self._submit(_Write(self._future(), op=op))

    async def waiting_tables(self) -> list[Json]:
        """Every waiting table's data, oldest first."""
        query = select(WaitingTable.data).order_by(WaitingTable.created_at, WaitingTable.table_id)
        async with self._engine.connect() as conn, conn.begin():
            return [row.data for row in (await conn.execute(query)).all()]

    async def live_tables(self) -> list[TableLog]:
        """Every table not finished, with its log: what a restarted server replays."""
        async with self._engine.connect() as conn, conn.begin():
            return await self._logs(conn, GameTable.status == "live")

    async def list_tables(
        self,
        *,
        status: str | None = None,
        game: str | None = None,
        player_id: str | None = None,
        before: float | None = None,
        after_id: str | None = None,
        limit: int = 50,
    ) -> list[TableRecord]:
        """Tables newest first (then by id), filtered. ``before`` (a ``created_at``) pages back
        in time; with ``after_id``, the last table of the page before, tables created at that
        same instant and listed after it come too (none is skipped between pages)."""
        query = select(GameTable).order_by(GameTable.created_at.desc(), GameTable.table_id)
        if status is not None:
            query = query.where(GameTable.status == status)
        if game is not None:
            query = query.where(GameTable.game == game)
        if player_id is not None:
            seated = select(TablePlayer.table_id).where(TablePlayer.player_id == player_id)
            query = query.where(GameTable.table_id.in_(seated))
        if before is not None:
            earlier = GameTable.created_at < before
            if after_id is not None:
                same = (GameTable.created_at == before) & (GameTable.table_id > after_id)
                earlier = earlier | same
            query = query.where(earlier)
        async with self._engine.connect() as conn, conn.begin():
            rows = (await conn.execute(query.limit(limit))).all()
            seats = await self._seats(conn, [row.table_id for row in rows])
        return [_table(row, seats.get(row.table_id, ())) for row in rows]

    async def last_seq(self, table_id: str) -> int:
        """The highest ``seq`` in a table's log (0 when empty)."""
        async with self._engine.connect() as conn:
            found = await conn.scalar(
                select(func.max(TableEvent.seq)).where(TableEvent.table_id == table_id)
            )
        return int(found or 0)

    # -- reading helpers ----------------------------------------------------------------------

    async def _logs(self, conn: AsyncConnection, where: Any) -> list[TableLog]:
        tables = (await conn.execute(select(GameTable).where(where))).all()
        if not tables:
            return []
        ids = [row.table_id for row in tables]
        seats = await self._seats(conn, ids)
        entries: dict[str, list[Entry]] = {table_id: [] for table_id in ids}
        events = await conn.stream(
            select(TableEvent.table_id, TableEvent.seq, TableEvent.data, TableEvent.at)
            .where(TableEvent.table_id.in_(select(GameTable.table_id).where(where)))
            .order_by(TableEvent.table_id, TableEvent.seq)
        )
        async for event_row in events:
            entries[event_row.table_id].append(Entry(event_row.seq, event_row.data, event_row.at))
        order = sorted(tables, key=lambda row: (row.created_at, row.table_id))
        return [
            TableLog(_table(row, seats.get(row.table_id, ())), entries[row.table_id])
            for row in order
        ]

    async def _seats(self, conn: AsyncConnection, ids: list[str]) -> dict[str, tuple[str, ...]]:
        if not ids:
            return {}
        rows = await conn.execute(
            select(TablePlayer.table_id, TablePlayer.player_id)
            .where(TablePlayer.table_id.in_(ids))
            .order_by(TablePlayer.table_id, TablePlayer.player_id)
        )
        seats: dict[str, tuple[str, ...]] = {}
        for table_id, player_id in rows:
            seats[table_id] = (*seats.get(table_id, ()), player_id)
        return seats

    async def _exists(self, table_id: str) -> bool:
        async with self._engine.connect() as conn:
            found = await conn.scalar(select(GameTable.table_id).filter_by(table_id=table_id))
        return found is not None

    def _unknown(self, table_id: str) -> Callable[[], Awaitable[StoreError]]:
        async def conflict() -> StoreError:
            return UnknownTable(f"no table {table_id!r}")

        return conflict

    def _upsert(self, model: type[Player] | type[TablePlayer] | type[Revocation]) -> Any:
        """An INSERT with ON CONFLICT clauses, in this database's dialect."""
        if self._dialect == "postgresql":
            return pg_insert(model)
        return sqlite_insert(model)

    # -- the writer ---------------------------------------------------------------------------

    def _future(self) -> asyncio.Future[None]:
        return asyncio.get_running_loop().create_future()

    async def _submit(self, write: _Write) -> None:
        if self._closed or self._writer is None or self._writer.done():
            raise StoreError("the store is closed")
        self._queue.put_nowait(write)
        await write.done

    async def _write_loop(self) -> None:
        """Take every waiting write, commit them together, tell each caller; until closed."""
        stopping = False
        try:
            while not stopping:
                first = await self._queue.get()
                if first is None:
                    break
                batch = [first]
                while len(batch) < MAX_BATCH and not self._queue.empty():
                    item = self._queue.get_nowait()
                    if item is None:
                        stopping = True
                        break
                    batch.append(item)
                await self._commit(batch)
        finally:
            await self._drop_connection()
            while not self._queue.empty():
                item = self._queue.get_nowait()
                if item is not None:
                    _settle(item, StoreError("the store is closed"))

    async def _connection(self) -> AsyncConnection:
        """The writer's own connection, kept between batches (no pool round trip per commit)."""
        if self._conn is None:
            conn = await self._engine.connect()
            self._conn = await conn.execution_options(sqlite_begin="IMMEDIATE")
        return self._conn

    async def _drop_connection(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            with contextlib.suppress(Exception):
                await conn.close()
        if self._thread is not None and self._thread_conn is not None:
            thread_conn, self._thread_conn = self._thread_conn, None
            with contextlib.suppress(Exception):
                await asyncio.get_running_loop().run_in_executor(self._thread, thread_conn.close)

    async def _transact(self, batch: list[_Write]) -> None:
        """The batch in one transaction: in the writer thread (SQLite), or on the loop."""
        if self._thread is not None:
            await asyncio.get_running_loop().run_in_executor(
                self._thread, self._transact_in_thread, batch
            )
            return
        conn = await self._connection()
        async with conn.begin():
            await conn.run_sync(_run, batch)

    def _transact_in_thread(self, batch: list[_Write]) -> None:
        if self._thread_conn is None:
            assert self._thread_engine is not None
            conn = self._thread_engine.connect()
            self._thread_conn = conn.execution_options(sqlite_begin="IMMEDIATE")
        with self._thread_conn.begin():
            _run(self._thread_conn, batch)

    async def _commit(self, batch: list[_Write]) -> None:
        started = time.perf_counter()
        try:
            await self._transact(batch)
        except IntegrityError as error:
            self.stats.failures += 1
            if len(batch) > 1:
                for write in batch:  # find the faulty write: each on its own
                    await self._commit([write])
                return
            write = batch[0]
            problem = await write.conflict() if write.conflict else StoreError(str(error.orig))
            problem.__cause__ = error
            _settle(write, problem)
            return
        except Exception as error:  # the commit failed: every waiter hears it
            self.stats.failures += 1
            await self._drop_connection()  # it may be broken: the next batch takes a new one
            problem = StoreError(f"commit failed: {error}")
            problem.__cause__ = error
            for write in batch:
                _settle(write, problem)
            return
        elapsed = time.perf_counter() - started
        entries = sum(len(write.rows) for write in batch)
        self.stats.commits += 1
        self.stats.writes += len(batch)
        self.stats.entries += entries
        self.stats.seconds += elapsed
        if self._on_commit is not None:
            self._on_commit(len(batch), entries, elapsed)
        for write in batch:
            _settle(write, None)


def _run(conn: Connection, batch: list[_Write]) -> None:
    """Execute a batch in order, consecutive appends as one multi-row INSERT."""
    rows: list[dict[str, Any]] = []
    for write in batch:
        if write.op is None:
            rows.extend(write.rows)
            continue
        if rows:
            conn.execute(insert(TableEvent), rows)
            rows = []
        write.op(conn)
    if rows:
        conn.execute(insert(TableEvent), rows)


def _settle(write: _Write, problem: StoreError | None) -> None:
    if write.done.done():  # the caller was cancelled; the write stands or fails regardless
        return
    if problem is None:
        write.done.set_result(None)
    else:
        write.done.set_exception(problem)


def _table(row: Row[Any], players: tuple[str, ...]) -> TableRecord:
    return TableRecord(
        table_id=row.table_id,
        game=row.game,
        config=row.config,
        status=row.status,
        result=row.result,
        created_at=row.created_at,
        finished_at=row.finished_at,
        players=players,
        invite=row.invite,
    )


def _engine(url: URL, synchronous: Synchronous) -> AsyncEngine:
    """An async engine; for SQLite, a WAL file with our pragmas and real transactions."""
    if url.get_backend_name() != "sqlite":
        return create_async_engine(url, pool_pre_ping=True)
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        raise StoreError(f"SQLite needs a file path, not {database or 'memory'!r}")
    Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(url, connect_args={"timeout": 30})
    _sqlite_setup(engine.sync_engine, synchronous)
    return engine


def _sqlite_writer(url: URL, synchronous: Synchronous) -> Engine:
    """The same SQLite file through the standard library's driver, for the writer thread."""
    engine = create_engine(url.set(drivername="sqlite+pysqlite"), connect_args={"timeout": 30})
    _sqlite_setup(engine, synchronous)
    return engine


def _sqlite_setup(engine: Engine, synchronous: Synchronous) -> None:
    """Our pragmas on every connection, and BEGIN emitted by us (IMMEDIATE when asked)."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (see _begin)
        cursor = dbapi_connection.cursor()
        for pragma in (
            "journal_mode=WAL",
            f"synchronous={synchronous}",
            "foreign_keys=ON",
            "busy_timeout=30000",
            "temp_store=MEMORY",
        ):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        # IMMEDIATE takes the write lock at once, so a writer never fails on upgrade.
        mode = conn.get_execution_options().get("sqlite_begin", "")
        conn.exec_driver_sql(f"BEGIN {mode}".strip())
