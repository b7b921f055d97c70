"""The store: an async facade over SQLAlchemy 2, with group commit for table logs.

Every write (appends, new tables, guests, results) goes through one writer task. While a
transaction is being committed, new writes queue up; the next transaction takes them all,
appends from many tables becoming one multi-row INSERT, one COMMIT and one fsync. Each
caller awaits its own write: when ``append`` returns, the entries are durable. A failed
commit raises :class:`StoreError` to every waiter in it, except for integrity conflicts
(a duplicate ``seq``, an unknown table): then each write of the batch is retried on its
own, so only the faulty one fails.

Fencing, for several processes over one PostgreSQL: each table has an epoch, which
:meth:`Store.claim_table` raises when a process takes the table over. An append given
its writer's epoch locks the table's row inside the batch's transaction and is refused
(:class:`Fenced`) when the epoch is no longer the table's: a process paused past its
lease that wakes up can never write over its successor. Row locks make this hold under
READ COMMITTED: a claim waits for the appends that locked the row before it, and every
append after the claim sees its epoch. A fenced append is dropped from its batch alone.

SQLite durability. In WAL mode, ``synchronous=NORMAL`` fsyncs only at checkpoints: a
killed *process* loses nothing (the WAL is in the OS page cache), but a power cut or an OS
crash can lose the last commits, which players were already told about. So the default is
``FULL``: every commit fsyncs the WAL. Group commit is what makes that affordable, since
one fsync covers every append that arrived while the previous one was running.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

from sqlalchemy import (
    Engine,
    Row,
    and_,
    bindparam,
    case,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import URL, Connection, Dialect, make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.orm import aliased

from circolo import chips
from circolo.chips import ChipEntry, ChipsError, Posted, Transaction
from circolo.fairplay import SLATE, Conduct
from circolo.jsontext import dumps, loads
from circolo.mailbox import Mailbox
from circolo.ratings import Change, RatedMatch, Skill, rate
from circolo.results import MatchResult
from circolo.store import migrate
from circolo.store.models import (
    Account,
    AuthSession,
    ChipBalance,
    ChipTransaction,
    GameTable,
    LedgerEntry,
    MatchResultRow,
    MatchSeat,
    Mute,
    Player,
    Rating,
    RatingChange,
    Report,
    Revocation,
    TableEvent,
    TablePlayer,
    TournamentLogEntry,
    TournamentPlayer,
    TournamentRow,
    TournamentTable,
    WaitingTable,
)
from circolo.store.models import Conduct as ConductRow
from circolo.store.records import (
    TOURNAMENT_CLOSED,
    TOURNAMENT_STATUSES,
    AccountExists,
    AccountRecord,
    BadSeq,
    DuplicateEntry,
    Entry,
    Fenced,
    Json,
    LedgerCheck,
    LedgerLine,
    MuteRecord,
    NameTaken,
    PlayerRecord,
    RatingPoint,
    RatingRecord,
    ReportExists,
    ReportRecord,
    SessionRecord,
    StoreError,
    TableExists,
    TableLinked,
    TableLog,
    TableRecord,
    Tally,
    TournamentExists,
    TournamentRecord,
    UnknownTable,
    UnknownTournament,
)

Synchronous = Literal["OFF", "NORMAL", "FULL", "EXTRA"]
MAX_BATCH = 1000
"""Most writes gathered into one transaction (keeps statements and latency bounded)."""
MAX_TOURNAMENTS = 200
"""Most tournaments one listing returns, whatever its caller asks."""


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
    epoch: int | None = None
    locks: str | None = None
    """The table whose row this write locks (a claim, a fenced finish): locked up front."""
    refused: StoreError | None = None
    """Set by the transaction when a fenced append is left out of it (reset at each run)."""


_T = TypeVar("_T")

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
        self._queue: Mailbox[_Write | None] = Mailbox()
        self._writer: asyncio.Task[None] | None = None
        self._conn: AsyncConnection | None = None
        # SQLite's writes run in a thread of their own, a whole transaction per hop: through
        # aiosqlite every statement would wait for a turn of a busy event loop.
        self._thread_engine = thread_engine
        self._thread = ThreadPoolExecutor(1, "circolo-store-writer") if thread_engine else None
        self._thread_conn: Connection | None = None
        # The reads a move or a new table waits for (a table's log, a player, an account)
        # take one hand-over to a reader thread of their own: through aiosqlite each
        # statement's cursor, execute and fetch was a hand-over (3.5 ms of CPU to load a
        # one-hand table's log, 0.5 ms this way).
        self._reader = ThreadPoolExecutor(1, "circolo-store-reader") if thread_engine else None
        self._reader_conn: Connection | None = None
        self._closed = False
        self.stats = CommitStats()
        self._statements: dict[str, Any] = {}  # see _statement

    # -- life cycle ---------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        url: str,
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
        if self._reader is not None:
            await asyncio.get_running_loop().run_in_executor(self._reader, self._close_reader)
            self._reader.shutdown()
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
        statement, values = self._guests({player_id: name}, now)

        def op(conn: Connection) -> None:
            conn.execute(statement, values)

        await self._submit(_Write(self._future(), op=op))
        found = await self.player(player_id)
        assert found is not None
        return found

    def _guests(self, names: Mapping[str, str], at: float) -> tuple[Any, list[dict[str, Any]]]:
        """The statement and its rows that make each player (id -> name) a guest if new,
        and move an existing one's ``last_seen_at`` to ``at``."""

        def build() -> Any:
            stmt = self._upsert(Player)
            return stmt.on_conflict_do_update(
                index_elements=["player_id"], set_={"last_seen_at": stmt.excluded.last_seen_at}
            )

        rows = [
            {"player_id": player_id, "name": name, "kind": "guest", "created_at": at,
             "last_seen_at": at}
            for player_id, name in names.items()
        ]  # fmt: skip
        return self._statement("ensure guest", build), rows

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
        query = select(Player).filter_by(player_id=player_id)
        row = await self._read(lambda conn: conn.execute(query).first())
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

    # -- accounts and their sessions ----------------------------------------------------------

    async def create_account(
        self,
        player_id: str,
        name: str,
        name_key: str,
        password_hash: str,
        email: str | None,
        at: float,
    ) -> None:
        """Make ``player_id`` (a guest, or new) an account named ``name``, in place: its
        tables stay its own. ``NameTaken`` when another account has ``name_key``,
        ``AccountExists`` when this player has one already."""

        def op(conn: Connection) -> None:
            stmt = self._upsert(Player).values(
                player_id=player_id, name=name, kind="account", created_at=at, last_seen_at=at
            )
            conn.execute(
                stmt.on_conflict_do_update(
                    index_elements=["player_id"],
                    set_={"name": name, "kind": "account", "last_seen_at": at},
                )
            )
            conn.execute(
                insert(Account).values(
                    player_id=player_id,
                    name_key=name_key,
                    password_hash=password_hash,
                    email=email,
                    created_at=at,
                    password_changed_at=at,
                )
            )

        async def conflict() -> StoreError:
            if await self.account(player_id) is not None:
                return AccountExists(f"player {player_id!r} has an account")
            return NameTaken("another account has that name")

        await self._submit(_Write(self._future(), op=op, conflict=conflict))

    async def account(self, player_id: str) -> AccountRecord | None:
        """The account of ``player_id``, or None (a guest, or nobody)."""
        return await self._account(Account.player_id, player_id)

    async def account_named(self, name_key: str) -> AccountRecord | None:
        """The account whose name has this key, or None."""
        return await self._account(Account.name_key, name_key)

    async def _account(self, column: Any, value: str) -> AccountRecord | None:
        """Built once per column (read before every table a player makes or joins)."""
        rows = await self._rows(
            f"account by {column.key}",
            lambda: (
                select(Account, Player.name)
                .join(Player, Player.player_id == Account.player_id)
                .where(column == bindparam("b_value"))
            ),
            {"b_value": value},
        )
        if not rows:
            return None
        row = rows[0]
        return AccountRecord(
            row.player_id,
            row.name,
            row.name_key,
            row.password_hash,
            row.email,
            row.created_at,
            row.password_changed_at,
            row.settings,
            row.suspended_at,
            row.suspended_until,
            row.suspended_reason,
        )

    async def set_password(self, player_id: str, password_hash: str, at: float) -> None:
        """Replace an account's password hash (a change, or a rehash with new parameters)."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(Account)
                .where(Account.player_id == player_id)
                .values(password_hash=password_hash, password_changed_at=at)
            )

        await self._submit(_Write(self._future(), op=op))

    async def set_settings(self, player_id: str, settings: Json) -> None:
        """Keep an account's preferences (the whole set, replacing the last)."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(Account).where(Account.player_id == player_id).values(settings=settings)
            )

        await self._submit(_Write(self._future(), op=op))

    async def add_session(self, session_hash: str, player_id: str, at: float, agent: str) -> None:
        """A browser logged in as ``player_id``: its id's hash is kept, never the id."""

        def op(conn: Connection) -> None:
            conn.execute(
                insert(AuthSession).values(
                    session_hash=session_hash,
                    player_id=player_id,
                    created_at=at,
                    last_seen_at=at,
                    agent=agent[:64],
                )
            )

        await self._submit(_Write(self._future(), op=op))

    async def session(self, session_hash: str) -> SessionRecord | None:
        """The session with this hash, or None (read at each request of a signed-in
        player)."""
        rows = await self._rows(
            "session",
            lambda: select(AuthSession).where(AuthSession.session_hash == bindparam("b_hash")),
            {"b_hash": session_hash},
        )
        return _session(rows[0]) if rows else None

    async def sessions(self, player_id: str) -> list[SessionRecord]:
        """An account's sessions, the last seen first."""
        query = (
            select(AuthSession)
            .where(AuthSession.player_id == player_id)
            .order_by(AuthSession.last_seen_at.desc(), AuthSession.session_hash)
        )
        async with self._engine.connect() as conn:
            return [_session(row) for row in (await conn.execute(query)).all()]

    async def touch_session(self, session_hash: str, at: float) -> None:
        """The session was used at ``at``."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(AuthSession)
                .where(AuthSession.session_hash == session_hash)
                .values(last_seen_at=at)
            )

        await self._submit(_Write(self._future(), op=op))

    async def drop_sessions(
        self,
        *,
        session_hash: str | None = None,
        player_id: str | None = None,
        keep: str | None = None,
        seen_before: float | None = None,
    ) -> None:
        """Forget one session (``session_hash``), or every one of ``player_id`` but
        ``keep``, or every one last seen before ``seen_before`` (expired)."""
        query = delete(AuthSession)
        if session_hash is not None:
            query = query.where(AuthSession.session_hash == session_hash)
        if player_id is not None:
            query = query.where(AuthSession.player_id == player_id)
        if keep is not None:
            query = query.where(AuthSession.session_hash != keep)
        if seen_before is not None:
            query = query.where(AuthSession.last_seen_at < seen_before)
        if session_hash is None and player_id is None and seen_before is None:
            raise ValueError("drop_sessions needs a session, a player or a time")

        def op(conn: Connection) -> None:
            conn.execute(query)

        await self._submit(_Write(self._future(), op=op))

    # -- tables -------------------------------------------------------------------------------

    async def create_table(
        self,
        table_id: str,
        config_json: Json,
        created_at: float,
        players: Iterable[str] = (),
        invite: str | None = None,
        guests: Mapping[str, str] | None = None,
    ) -> None:
        """Record a new live table, waiting in the lobby no more; ``players`` are the player
        ids seated (for history), ``invite`` a private table's invite code, ``guests`` the
        players (id -> name) made guests first if new (as ``ensure_guest``). One commit:
        a table starts without waiting for three."""
        game = str(config_json.get("game", ""))
        seated = sorted(set(players))

        row = {"table_id": table_id, "game": game, "config": config_json, "status": "live",
               "created_at": created_at, "invite": invite}  # fmt: skip
        statement = self._statement("insert tables", lambda: insert(GameTable))
        seats = self._statement("insert table_players", lambda: insert(TablePlayer))
        guest_rows = self._guests(guests, created_at) if guests else None
        waiting = self._statement("drop waiting", _drop_waiting)

        def op(conn: Connection) -> None:
            if guest_rows is not None:
                conn.execute(*guest_rows)
            conn.execute(statement, row)
            if seated:
                conn.execute(seats, [{"table_id": table_id, "player_id": p} for p in seated])
            conn.execute(waiting, {"b_table_id": table_id})

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

    async def claim_table(self, table_id: str) -> int:
        """Take a table over: raise its epoch and return the new one (``UnknownTable`` if
        absent). Once this returns, every write made with an older epoch is refused, so the
        process that held the table before can no longer write, even one paused past its
        lease; the caller writes with the epoch returned."""
        claimed: list[int] = []

        def op(conn: Connection) -> None:
            claimed.clear()  # set, not appended: a batch may be retried
            found = conn.scalar(
                update(GameTable)
                .where(GameTable.table_id == table_id)
                .values(epoch=GameTable.epoch + 1)
                .returning(GameTable.epoch)
            )
            if found is not None:
                claimed.append(int(found))

        await self._submit(_Write(self._future(), op=op, locks=table_id))
        if not claimed:
            raise UnknownTable(f"no table {table_id!r}")
        return claimed[0]

    async def epoch(self, table_id: str) -> int:
        """A table's epoch: 0 until a process claims it (``UnknownTable`` if absent)."""
        async with self._engine.connect() as conn:
            found = await conn.scalar(select(GameTable.epoch).filter_by(table_id=table_id))
        if found is None:
            raise UnknownTable(f"no table {table_id!r}")
        return int(found)

    async def append(
        self,
        table_id: str,
        entries: Sequence[Entry | tuple[int, Json, float]],
        *,
        epoch: int | None = None,
    ) -> None:
        """Append log entries ``(seq, entry_json, at)`` to a table; durable when it returns.

        Raises :class:`DuplicateEntry` if a ``seq`` is taken (nothing of this call is stored),
        :class:`UnknownTable`, or :class:`StoreError` if the commit failed. With ``epoch``
        (the one :meth:`claim_table` gave this process), :class:`Fenced` if the table was
        claimed since: nothing of this call is stored. Without it (one process), no check.
        """
        if not entries:
            return
        written = epoch or 0
        rows = [
            {"table_id": table_id, "seq": seq, "data": data, "at": at, "epoch": written}
            for seq, data, at in entries
        ]

        async def conflict() -> StoreError:
            if not await self._exists(table_id):
                return UnknownTable(f"no table {table_id!r}")
            seqs = [row["seq"] for row in rows]
            return DuplicateEntry(f"table {table_id!r}: a seq in {seqs[0]}..{seqs[-1]} is taken")

        write = _Write(self._future(), table_id=table_id, rows=rows, conflict=conflict, epoch=epoch)
        await self._submit(write)

    async def finish_table(
        self, table_id: str, result: Json, at: float | None = None, *, epoch: int | None = None
    ) -> None:
        """Mark a table finished with its result (it leaves :meth:`live_tables`). With
        ``epoch``, :class:`Fenced` (nothing changed) if the table was claimed since."""
        now = time.time() if at is None else at
        outcome = [0]  # rows updated (set, not appended: a batch may be retried)

        def build() -> Any:
            query = update(GameTable).where(GameTable.table_id == bindparam("b_table_id"))
            if epoch is not None:  # a single-row UPDATE: waits for a claim's lock, rechecks
                query = query.where(GameTable.epoch == bindparam("b_epoch"))
            return query.values(status="finished", result=bindparam("b_result"),
                                finished_at=bindparam("b_at"))  # fmt: skip

        query = self._statement(f"finish table, fenced: {epoch is not None}", build)
        values = {"b_table_id": table_id, "b_result": result, "b_at": now, "b_epoch": epoch}

        def op(conn: Connection) -> None:
            outcome[0] = conn.execute(query, values).rowcount

        locks = None if epoch is None else table_id
        await self._submit(_Write(self._future(), op=op, locks=locks))
        if outcome[0] != 1:
            if epoch is not None and await self._exists(table_id):
                raise Fenced(f"table {table_id!r} was claimed after epoch {epoch}")
            raise UnknownTable(f"no table {table_id!r}")

    async def load(self, table_id: str) -> TableLog:
        """A table and its whole log in ``seq`` order."""
        queries = self._statement(
            "load", lambda: _log_queries(GameTable.table_id == bindparam("b_table_id"))
        )
        logs = await self._read(lambda conn: _logs(conn, queries, {"b_table_id": table_id}))
        if not logs:
            raise UnknownTable(f"no table {table_id!r}")
        return logs[0]

    async def table(self, table_id: str) -> TableRecord:
        """A table's row without its log: what deciding who may see it needs. Not in the
        reader thread: a replay's request reads it while another replay's whole log is
        read there, and it must not queue behind that."""
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
        """Forget a waiting table (its last player left); no error if absent."""
        statement = self._statement("drop waiting", _drop_waiting)

        def op(conn: Connection) -> None:
            conn.execute(statement, {"b_table_id": table_id})

        await self._submit(_Write(self._future(), op=op))

    async def waiting_tables(self) -> list[Json]:
        """Every waiting table's data, oldest first."""
        query = select(WaitingTable.data).order_by(WaitingTable.created_at, WaitingTable.table_id)
        async with self._engine.connect() as conn, conn.begin():
            return [row.data for row in (await conn.execute(query)).all()]

    async def waiting_table(self, table_id: str) -> Json | None:
        """One waiting table's data, or None when it is not waiting (started or gone)."""
        query = select(WaitingTable.data).where(WaitingTable.table_id == table_id)
        async with self._engine.connect() as conn, conn.begin():
            return (await conn.execute(query)).scalar_one_or_none()

    async def open_table_ids(self) -> list[str]:
        """The ids of every waiting table and every live one: what a room of several
        processes shares out."""
        waiting = select(WaitingTable.table_id)
        live = select(GameTable.table_id).where(GameTable.status == "live")
        async with self._engine.connect() as conn, conn.begin():
            return [row[0] for row in (await conn.execute(waiting.union_all(live))).all()]

    async def live_tables(self) -> list[TableLog]:
        """Every table not finished, with its log: what a restarted server replays."""
        queries = _log_queries(GameTable.status == "live")
        return await self._read(lambda conn: _logs(conn, queries))

    async def list_tables(
        self,
        *,
        status: str | None = None,
        game: str | None = None,
        player_id: str | None = None,
        before: float | None = None,
        after_id: str | None = None,
        limit: int = 50,
        players: int | None = None,
        opponent: str | None = None,
        opponent_name: str | None = None,
        public: bool = False,
    ) -> list[TableRecord]:
        """Tables newest first (then by id), filtered. ``before`` (a ``created_at``) pages back
        in time; with ``after_id``, the last table of the page before, tables created at that
        same instant and listed after it come too (none is skipped between pages).

        The filters are the query's own (a page is always full while tables remain):
        ``players`` (2: 1 v 1, 4: 2 v 2), ``opponent`` (a player id who sat there too),
        ``opponent_name`` (a seat of someone else than ``player_id`` had that name),
        ``public`` (no private table)."""
        query = select(GameTable).order_by(GameTable.created_at.desc(), GameTable.table_id)
        if status is not None:
            query = query.where(GameTable.status == status)
        if game is not None:
            query = query.where(GameTable.game == game)
        for someone in (player_id, opponent):
            if someone is not None:
                seated = select(TablePlayer.table_id).where(TablePlayer.player_id == someone)
                query = query.where(GameTable.table_id.in_(seated))
        if players is not None:
            query = query.where(seat_count() == players)
        if opponent_name is not None:
            query = query.where(named_elsewhere(opponent_name, player_id))
        if public:
            query = query.where(GameTable.config["private"].as_boolean().is_not(True))
        if before is not None:
            earlier = GameTable.created_at < before
            if after_id is not None:
                same = (GameTable.created_at == before) & (GameTable.table_id > after_id)
                earlier = earlier | same
            query = query.where(earlier)
        async with self._engine.connect() as conn, conn.begin():
            rows = (await conn.execute(query.limit(limit))).all()
            ids = [row.table_id for row in rows]
            seats = await self._seats(conn, ids)
            matches = await self._matches(conn, ids)
        return [
            _table(row, seats.get(row.table_id, ()), matches.get(row.table_id, ())) for row in rows
        ]

    async def last_seq(self, table_id: str) -> int:
        """The highest ``seq`` in a table's log (0 when empty)."""
        async with self._engine.connect() as conn:
            found = await conn.scalar(
                select(func.max(TableEvent.seq)).where(TableEvent.table_id == table_id)
            )
        return int(found or 0)

    async def tally(
        self, player_id: str, *, opponent: str | None = None, public: bool = False
    ) -> list[Tally]:
        """``player_id``'s matches at finished tables (every match of a table: rematches
        too) counted by game, mode and how each ended for them; with ``opponent``, only
        those both played, partners apart (``together``); ``public``: no private table.
        One grouped query over ``match_seats`` (indexed by player)."""
        mine, result = aliased(MatchSeat), MatchResultRow
        outcome = case(
            (result.winner.is_(None), "draw"), (result.winner == mine.side, "win"), else_="loss"
        )
        groups: list[Any] = [result.game, result.mode, outcome]
        where = [
            mine.player_id == player_id,
            result.table_id == mine.table_id,
            result.match == mine.match,
            GameTable.table_id == mine.table_id,
            GameTable.status == "finished",
        ]
        if opponent is not None:
            theirs = aliased(MatchSeat)
            where += [theirs.table_id == mine.table_id, theirs.match == mine.match,
                      theirs.player_id == opponent]  # fmt: skip
            groups.append(case((theirs.side == mine.side, 1), else_=0))
        if public:
            where.append(result.private.is_(False))
        each = select(*(g.label(f"c{n}") for n, g in enumerate(groups))).where(*where)
        columns = list(each.subquery().c)  # grouped outside: PostgreSQL sees each parameter once
        grouped = select(*columns, func.count()).group_by(*columns)
        async with self._engine.connect() as conn:
            rows = (await conn.execute(grouped)).all()
        return sorted(
            Tally(game, str(mode), str(ended), bool(rest[0]) if len(rest) > 1 else False,
                  int(rest[-1]))
            for game, mode, ended, *rest in rows
        )  # fmt: skip

    async def finished_without_matches(self) -> list[str]:
        """The finished tables none of whose matches is kept (stored before match results
        were, or whose results were lost): ``circolo admin record-matches`` fills them in."""
        kept = select(MatchResultRow.table_id).where(MatchResultRow.table_id == GameTable.table_id)
        query = (
            select(GameTable.table_id)
            .where(GameTable.status == "finished", ~kept.exists())
            .order_by(GameTable.table_id)
        )
        async with self._engine.connect() as conn:
            return [row[0] for row in await conn.execute(query)]

    async def record_matches(self, results: Sequence[MatchResult]) -> None:
        """Keep how each match ended, in one transaction: a match already kept is left as it
        is (told twice, after a restart or by the next match's end, it counts once)."""
        matches = [
            {"table_id": r.table_id, "match": r.match, "game": r.game, "mode": r.mode,
             "private": r.private, "finished_at": r.finished_at, "reason": r.reason,
             "totals": list(r.totals), "winner": r.winner}
            for r in results
        ]  # fmt: skip
        seats = [
            {"table_id": r.table_id, "match": r.match, "seat": n, "player_id": pid, "side": side}
            for r in results
            for n, (pid, side) in enumerate(r.seats)
        ]

        insert_matches = self._statement(
            "insert match_results", lambda: self._upsert(MatchResultRow).on_conflict_do_nothing()
        )
        insert_seats = self._statement(
            "insert match_seats", lambda: self._upsert(MatchSeat).on_conflict_do_nothing()
        )

        def op(conn: Connection) -> None:
            if matches:
                conn.execute(insert_matches, matches)
            if seats:
                conn.execute(insert_seats, seats)

        await self._submit(_Write(self._future(), op=op))

    # -- tournaments --------------------------------------------------------------------------

    async def create_tournament(
        self, tournament_id: str, name: str, config: Json, summary: Json, at: float
    ) -> None:
        """Record a new tournament, "registering", with an empty log; ``TournamentExists``
        if the id is taken."""
        _fits("tournament id", tournament_id, 64)
        _fits("tournament name", name, 80)
        values = {"tournament_id": tournament_id, "name": name, "config": config,
                  "status": "registering", "summary": summary, "created_at": at}  # fmt: skip

        def op(conn: Connection) -> None:
            conn.execute(insert(TournamentRow).values(values))

        async def conflict() -> StoreError:
            return TournamentExists(f"tournament {tournament_id!r} exists")

        await self._submit(_Write(self._future(), op=op, conflict=conflict))

    async def append_tournament(
        self,
        tournament_id: str,
        seq: int,
        entry: Json,
        status: str,
        summary: Json,
        players: Sequence[str] = (),
    ) -> None:
        """In one transaction: the log's entry ``seq`` (1-based, the next one), the
        tournament's ``status`` and ``summary``, and ``players`` linked to it (once each).
        Durable when it returns. ``BadSeq`` (a seq taken, or a gap) and
        ``UnknownTournament`` write nothing."""
        at = entry.get("at")
        if isinstance(at, bool) or not isinstance(at, int | float):
            raise StoreError("a tournament's log entry needs a number 'at'")
        if status not in TOURNAMENT_STATUSES:
            raise StoreError(f"no tournament status {status!r}")
        linked = sorted(set(players))
        for player_id in linked:
            _fits("player id", player_id, 64)
        refused: list[StoreError] = []

        def op(conn: Connection) -> None:
            refused.clear()  # set, not appended: a batch may be retried
            found = conn.scalar(
                select(TournamentRow.tournament_id)
                .where(TournamentRow.tournament_id == tournament_id)
                .with_for_update()  # PostgreSQL: one process appends to a tournament at a time
            )
            if found is None:
                refused.append(UnknownTournament(f"no tournament {tournament_id!r}"))
                return
            last = conn.scalar(
                select(func.max(TournamentLogEntry.seq)).where(
                    TournamentLogEntry.tournament_id == tournament_id
                )
            )
            if seq != int(last or 0) + 1:
                refused.append(BadSeq(f"tournament {tournament_id!r}: {seq} follows {last or 0}"))
                return
            conn.execute(
                insert(TournamentLogEntry).values(
                    tournament_id=tournament_id, seq=seq, entry=entry, at=float(at)
                )
            )
            conn.execute(
                update(TournamentRow)
                .where(TournamentRow.tournament_id == tournament_id)
                .values(status=status, summary=summary)
            )
            if linked:
                rows = [{"tournament_id": tournament_id, "player_id": p} for p in linked]
                conn.execute(self._upsert(TournamentPlayer).values(rows).on_conflict_do_nothing())

        async def conflict() -> StoreError:  # another process appended that seq just now
            return BadSeq(f"tournament {tournament_id!r}: seq {seq} is taken")

        await self._submit(_Write(self._future(), op=op, conflict=conflict))
        if refused:
            raise refused[0]

    async def load_tournament(self, tournament_id: str) -> TournamentRecord:
        """A tournament with its whole log in ``seq`` order: what ``replay`` folds."""
        async with self._engine.connect() as conn, conn.begin():
            found = await self._tournaments(conn, TournamentRow.tournament_id == tournament_id)
        if not found:
            raise UnknownTournament(f"no tournament {tournament_id!r}")
        return found[0]

    async def open_tournaments(self) -> list[TournamentRecord]:
        """Every tournament neither finished nor cancelled, with its log, the oldest first:
        what a restarted server replays."""
        async with self._engine.connect() as conn, conn.begin():
            return await self._tournaments(conn, TournamentRow.status.not_in(TOURNAMENT_CLOSED))

    async def list_tournaments(self, statuses: Sequence[str], limit: int) -> list[TournamentRecord]:
        """Tournaments in one of ``statuses`` (none given: any), the newest created first,
        at most ``limit`` (and never more than 200); without their logs."""
        query = select(TournamentRow)
        if statuses:
            query = query.where(TournamentRow.status.in_(list(statuses)))
        return await self._tournament_page(query, limit)

    async def player_tournaments(self, player_id: str, limit: int) -> list[TournamentRecord]:
        """The tournaments ``player_id`` took part in, the newest created first, at most
        ``limit`` (and never more than 200); without their logs."""
        taken = select(TournamentPlayer.tournament_id).where(
            TournamentPlayer.player_id == player_id
        )
        query = select(TournamentRow).where(TournamentRow.tournament_id.in_(taken))
        return await self._tournament_page(query, limit)

    async def link_tournament_table(self, table_id: str, tournament_id: str, match: str) -> None:
        """The table ``table_id`` plays the tournament's ``match``. The same link again
        writes nothing; ``TableLinked`` if the table plays another match or the match has
        another table, ``UnknownTournament`` if there is no such tournament."""
        _fits("table id", table_id, 64)
        _fits("match", match, 32)
        link = (table_id, tournament_id, match)
        refused: list[StoreError] = []

        def op(conn: Connection) -> None:
            refused.clear()
            rows = conn.execute(
                select(TournamentTable.table_id, TournamentTable.tournament_id,
                       TournamentTable.match).where(
                    or_(
                        TournamentTable.table_id == table_id,
                        and_(TournamentTable.tournament_id == tournament_id,
                             TournamentTable.match == match),
                    )
                )
            ).all()  # fmt: skip
            if any(tuple(row) != link for row in rows):
                refused.append(TableLinked(f"table {table_id!r} or match {match!r} is linked"))
            elif not rows:
                conn.execute(
                    insert(TournamentTable).values(
                        table_id=table_id, tournament_id=tournament_id, match=match
                    )
                )

        async def conflict() -> StoreError:
            async with self._engine.connect() as conn:
                found = await conn.scalar(
                    select(TournamentRow.tournament_id).filter_by(tournament_id=tournament_id)
                )
            if found is None:
                return UnknownTournament(f"no tournament {tournament_id!r}")
            return TableLinked(f"table {table_id!r} is linked")

        await self._submit(_Write(self._future(), op=op, conflict=conflict))
        if refused:
            raise refused[0]

    async def tournament_of_table(self, table_id: str) -> tuple[str, str] | None:
        """``(tournament_id, match)`` of a tournament's table, or None for any other table."""
        query = select(TournamentTable.tournament_id, TournamentTable.match).where(
            TournamentTable.table_id == table_id
        )
        async with self._engine.connect() as conn:
            row = (await conn.execute(query)).first()
        return None if row is None else (row.tournament_id, row.match)

    async def tournament_tables(self, tournament_id: str) -> dict[str, str]:
        """Each match of a tournament that has a table: ``match -> table_id``."""
        query = (
            select(TournamentTable.match, TournamentTable.table_id)
            .where(TournamentTable.tournament_id == tournament_id)
            .order_by(TournamentTable.match)
        )
        async with self._engine.connect() as conn:
            return {row.match: row.table_id for row in await conn.execute(query)}

    async def _tournament_page(self, query: Any, limit: int) -> list[TournamentRecord]:
        """A listing's page: newest created first (then by id), ``limit`` kept in bounds."""
        most = max(0, min(int(limit), MAX_TOURNAMENTS))
        query = query.order_by(TournamentRow.created_at.desc(), TournamentRow.tournament_id).limit(
            most
        )
        async with self._engine.connect() as conn:
            return [_tournament(row, []) for row in (await conn.execute(query)).all()]

    async def _tournaments(self, conn: AsyncConnection, where: Any) -> list[TournamentRecord]:
        """Tournaments with their logs, the oldest first (two queries, one transaction)."""
        rows = (
            await conn.execute(
                select(TournamentRow)
                .where(where)
                .order_by(TournamentRow.created_at, TournamentRow.tournament_id)
            )
        ).all()
        if not rows:
            return []
        logs: dict[str, list[Json]] = {row.tournament_id: [] for row in rows}
        entries = await conn.stream(
            select(TournamentLogEntry.tournament_id, TournamentLogEntry.entry)
            .where(
                TournamentLogEntry.tournament_id.in_(
                    select(TournamentRow.tournament_id).where(where)
                )
            )
            .order_by(TournamentLogEntry.tournament_id, TournamentLogEntry.seq)
        )
        async for line in entries:
            if line.tournament_id in logs:
                logs[line.tournament_id].append(line.entry)
        return [_tournament(row, logs[row.tournament_id]) for row in rows]

    # -- ratings ------------------------------------------------------------------------------

    async def record_rating(self, match: RatedMatch) -> list[Change]:
        """Rate one match from its players' ratings as stored, in one transaction; a match
        already rated is not rated again (its changes are then not returned)."""
        outcome: list[Change] = []

        def op(conn: Connection) -> None:
            outcome.clear()  # set, not appended: a batch may be retried
            done = conn.execute(
                select(RatingChange.player_id).filter_by(table_id=match.table_id, match=match.match)
            ).first()
            if done is not None:
                return
            ids = [pid for side in match.sides for pid in side]
            rows = conn.execute(
                select(Rating).where(
                    Rating.game == match.game, Rating.mode == match.mode, Rating.player_id.in_(ids)
                )
            ).all()
            known = {row.player_id: row for row in rows}
            changes = rate(match, {pid: Skill(row.mu, row.sigma) for pid, row in known.items()})
            for change in changes:
                old = known.get(change.player_id)
                values = {
                    "mu": change.after.mu,
                    "sigma": change.after.sigma,
                    "shown": change.after.shown,
                    "matches": (old.matches if old else 0) + 1,
                    "wins": (old.wins if old else 0) + change.won,
                    "updated_at": match.at,
                }
                keys = {"player_id": change.player_id, "game": match.game, "mode": match.mode}
                stmt = self._upsert(Rating).values(**keys, **values)
                conn.execute(stmt.on_conflict_do_update(index_elements=list(keys), set_=values))
                conn.execute(
                    insert(RatingChange).values(
                        table_id=match.table_id, match=match.match, **keys, side=change.side,
                        won=change.won, mu_before=change.before.mu,
                        sigma_before=change.before.sigma, mu=change.after.mu,
                        sigma=change.after.sigma, at=match.at,
                    )
                )  # fmt: skip
            outcome.extend(changes)

        await self._submit(_Write(self._future(), op=op))
        return list(outcome)

    async def ratings(self, player_id: str) -> list[RatingRecord]:
        """A player's ratings in every game and mode they were rated in."""
        rows = await self._rows(
            "ratings",
            lambda: (
                _rating_rows()
                .where(Rating.player_id == bindparam("b_player_id"))
                .order_by(Rating.game, Rating.mode)
            ),
            {"b_player_id": player_id},
        )
        return [_rating(row) for row in rows]

    async def leaderboard(
        self, game: str, mode: str, *, since: float | None = None, offset: int = 0, limit: int = 50
    ) -> list[RatingRecord]:
        """The best rated players of a game and mode, best first; with ``since``, only those
        rated in a match since then (this month's board)."""
        query = _rating_rows().where(Rating.game == game, Rating.mode == mode)
        if since is not None:
            recent = select(RatingChange.player_id).where(
                RatingChange.game == game, RatingChange.mode == mode, RatingChange.at >= since
            )
            query = query.where(Rating.player_id.in_(recent))
        query = query.order_by(Rating.shown.desc(), Rating.player_id).offset(offset).limit(limit)
        rows = await self._read(lambda conn: conn.execute(query).all())
        return [_rating(row) for row in rows]

    async def rating_history(
        self, player_id: str, game: str, mode: str, limit: int = 200
    ) -> list[RatingPoint]:
        """A player's last ``limit`` rated matches of a game and mode, oldest first."""
        query = (
            select(RatingChange)
            .where(
                RatingChange.player_id == player_id,
                RatingChange.game == game,
                RatingChange.mode == mode,
            )
            .order_by(
                RatingChange.at.desc(), RatingChange.table_id.desc(), RatingChange.match.desc()
            )
            .limit(limit)
        )
        rows = await self._read(lambda conn: conn.execute(query).all())
        return [
            RatingPoint(
                row.table_id, row.match, row.at, Skill(row.mu_before, row.sigma_before).shown,
                Skill(row.mu, row.sigma).shown, row.won,
            )
            for row in reversed(rows)
        ]  # fmt: skip

    # -- fair play ----------------------------------------------------------------------------

    async def record_conduct(
        self, table_id: str, match: int, kinds: dict[str, str], at: float
    ) -> None:
        """Each person's conduct in one match (told twice, kept once)."""
        rows = [
            {"table_id": table_id, "match": match, "player_id": pid, "kind": kind, "at": at}
            for pid, kind in kinds.items()
        ]

        statement = self._statement(
            "insert conduct", lambda: self._upsert(ConductRow).on_conflict_do_nothing()
        )

        def op(conn: Connection) -> None:
            if rows:
                conn.execute(statement, rows)

        await self._submit(_Write(self._future(), op=op))

    async def conduct(self, player_id: str, limit: int = SLATE) -> list[Conduct]:
        """A player's last ``limit`` matches for fair play, newest first (read before each
        Play now)."""
        rows = await self._rows(
            "conduct",
            lambda: (
                select(ConductRow.kind, ConductRow.at)
                .where(ConductRow.player_id == bindparam("b_player_id"))
                .order_by(ConductRow.at.desc(), ConductRow.table_id.desc(), ConductRow.match.desc())
                .limit(bindparam("b_limit"))
            ),
            {"b_player_id": player_id, "b_limit": limit},
        )
        return [Conduct(row.kind, row.at) for row in rows]

    # -- a player's own data: export and erasure ---------------------------------------------

    async def rating_changes(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """A player's rating changes, newest first, at most ``limit`` (their download)."""
        query = (
            select(RatingChange)
            .where(RatingChange.player_id == player_id)
            .order_by(RatingChange.at.desc(), RatingChange.table_id, RatingChange.match)
            .limit(limit)
        )
        keys = ("table_id", "match", "game", "mode", "side", "won", "mu_before",
                "sigma_before", "mu", "sigma", "at")  # fmt: skip
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [{key: getattr(row, key) for key in keys} for row in rows]

    async def conduct_rows(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """A player's fair-play records, newest first, at most ``limit`` (their download)."""
        query = (
            select(ConductRow)
            .where(ConductRow.player_id == player_id)
            .order_by(ConductRow.at.desc(), ConductRow.table_id, ConductRow.match)
            .limit(limit)
        )
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [
            {"table_id": r.table_id, "match": r.match, "kind": r.kind, "at": r.at} for r in rows
        ]

    async def forget_player(self, player_id: str, label: str, at: float) -> list[str]:
        """Erase an account, in one transaction: its row (e-mail, password hash), its
        sessions, ratings, rating changes, fair-play records and mutes go; the player keeps only
        ``label`` as a name, in ``players``, in every stored table's seats and in its
        tournaments' registrations and summaries (other players' history and the logs stay
        whole, tournament links too); its tokens are void from ``at``. The
        ids of the tables whose seats were renamed are returned."""
        touched: list[str] = []

        def op(conn: Connection) -> None:
            touched.clear()  # set, not appended: a batch may be retried
            seated = select(TablePlayer.table_id).where(TablePlayer.player_id == player_id)
            rows = conn.execute(
                select(GameTable.table_id, GameTable.config).where(GameTable.table_id.in_(seated))
            ).all()
            for table_id, config in rows:
                seats = config.get("seats") if isinstance(config, dict) else None
                if not isinstance(seats, list):
                    continue
                renamed = [
                    {**seat, "name": label}
                    if isinstance(seat, dict) and seat.get("player_id") == player_id
                    else seat
                    for seat in seats
                ]
                if renamed != seats:
                    conn.execute(
                        update(GameTable)
                        .where(GameTable.table_id == table_id)
                        .values(config={**config, "seats": renamed})
                    )
                    touched.append(table_id)
            self._forget_in_tournaments(conn, player_id, label)
            conn.execute(delete(AuthSession).where(AuthSession.player_id == player_id))
            conn.execute(delete(Account).where(Account.player_id == player_id))
            conn.execute(delete(Rating).where(Rating.player_id == player_id))
            conn.execute(delete(RatingChange).where(RatingChange.player_id == player_id))
            conn.execute(delete(ConductRow).where(ConductRow.player_id == player_id))
            conn.execute(delete(Mute).where(Mute.player_id == player_id))
            conn.execute(update(Mute).where(Mute.muted_id == player_id).values(name=label))
            conn.execute(
                update(Player)
                .where(Player.player_id == player_id)
                .values(name=label, kind="deleted", last_seen_at=at)
            )
            stmt = self._upsert(Revocation).values(player_id=player_id, tokens_valid_after=at)
            conn.execute(
                stmt.on_conflict_do_update(
                    index_elements=["player_id"], set_={"tokens_valid_after": at}
                )
            )

        await self._submit(_Write(self._future(), op=op))
        return list(touched)

    def _forget_in_tournaments(self, conn: Connection, player_id: str, label: str) -> None:
        """Name the player ``label`` in the tournaments they took part in: in their
        registrations (``[id, name]`` in a log's ``register``: the names a replay shows)
        and wherever a summary has ``{"player_id", "name"}`` of them. The links in
        ``tournament_players`` stay, as ``table_players`` do: the tournament is everyone's
        history, and a replay folds to the same bracket (names decide nothing)."""
        taken = select(TournamentPlayer.tournament_id).where(
            TournamentPlayer.player_id == player_id
        )
        summaries = conn.execute(
            select(TournamentRow.tournament_id, TournamentRow.summary).where(
                TournamentRow.tournament_id.in_(taken)
            )
        ).all()
        for tournament_id, summary in summaries:
            renamed = _renamed_people(summary, player_id, label)
            if renamed != summary:
                conn.execute(
                    update(TournamentRow)
                    .where(TournamentRow.tournament_id == tournament_id)
                    .values(summary=renamed)
                )
        lines = conn.execute(
            select(TournamentLogEntry.tournament_id, TournamentLogEntry.seq,
                   TournamentLogEntry.entry)
            .where(TournamentLogEntry.tournament_id.in_(taken))
        ).all()  # fmt: skip
        for tournament_id, seq, entry in lines:
            renamed = _renamed_registration(entry, player_id, label)
            if renamed != entry:
                conn.execute(
                    update(TournamentLogEntry)
                    .where(
                        TournamentLogEntry.tournament_id == tournament_id,
                        TournamentLogEntry.seq == seq,
                    )
                    .values(entry=renamed)
                )

    # -- conduct: chat mutes, reports, suspensions -------------------------------------------

    async def mutes(self, player_id: str) -> list[MuteRecord]:
        """The players whose chat ``player_id`` does not read, the latest muted first."""
        rows = await self._rows(
            "mutes",
            lambda: (
                select(Mute)
                .where(Mute.player_id == bindparam("b_player_id"))
                .order_by(Mute.at.desc(), Mute.muted_id)
            ),
            {"b_player_id": player_id},
        )
        return [MuteRecord(row.muted_id, row.name, row.at) for row in rows]

    async def mute(self, player_id: str, muted_id: str, name: str, at: float) -> None:
        """``player_id`` mutes ``muted_id`` (again: the name and time are renewed)."""

        def op(conn: Connection) -> None:
            stmt = self._upsert(Mute).values(
                player_id=player_id, muted_id=muted_id, name=name[:64], at=at
            )
            conn.execute(
                stmt.on_conflict_do_update(
                    index_elements=["player_id", "muted_id"], set_={"name": name[:64], "at": at}
                )
            )

        await self._submit(_Write(self._future(), op=op))

    async def unmute(self, player_id: str, muted_id: str) -> None:
        """``player_id`` reads ``muted_id``'s chat again."""
        query = delete(Mute).where(Mute.player_id == player_id, Mute.muted_id == muted_id)

        def op(conn: Connection) -> None:
            conn.execute(query)

        await self._submit(_Write(self._future(), op=op))

    async def add_report(
        self, table_id: str, reporter_id: str, reason: str, text: str, at: float
    ) -> None:
        """Keep a player's report of a table: ``ReportExists`` if they reported it already,
        ``UnknownTable`` if there is no such table."""

        def op(conn: Connection) -> None:
            conn.execute(
                insert(Report).values(
                    table_id=table_id, reporter_id=reporter_id, reason=reason, text=text, at=at
                )
            )

        async def conflict() -> StoreError:
            if not await self._exists(table_id):
                return UnknownTable(f"no table {table_id!r}")
            return ReportExists(f"{reporter_id!r} reported {table_id!r} already")

        await self._submit(_Write(self._future(), op=op, conflict=conflict))

    async def reports_since(self, reporter_id: str, since: float) -> int:
        """How many reports ``reporter_id`` made after ``since``."""
        query = select(func.count()).where(Report.reporter_id == reporter_id, Report.at > since)
        async with self._engine.connect() as conn:
            return int(await conn.scalar(query) or 0)

    async def reports(self, *, closed: bool = False, limit: int = 100) -> list[ReportRecord]:
        """The open reports (the closed ones with ``closed``), oldest first, with the
        table's game and the names of the reporter and of the others who sat there."""
        query = (
            select(Report, GameTable.game, Player.name)
            .join(GameTable, GameTable.table_id == Report.table_id)
            .outerjoin(Player, Player.player_id == Report.reporter_id)
            .where(Report.closed_at.is_not(None) if closed else Report.closed_at.is_(None))
            .order_by(Report.at, Report.report_id)
            .limit(limit)
        )
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).all()
            ids = sorted({row.table_id for row in rows})
            seated = (
                await conn.execute(
                    select(TablePlayer.table_id, TablePlayer.player_id, Player.name)
                    .outerjoin(Player, Player.player_id == TablePlayer.player_id)
                    .where(TablePlayer.table_id.in_(ids))
                    .order_by(TablePlayer.table_id, Player.name)
                )
            ).all()
        names: dict[str, list[tuple[str, str]]] = {}
        for seat in seated:
            names.setdefault(seat.table_id, []).append((seat.player_id, seat.name or "?"))
        return [
            ReportRecord(
                row.report_id, row.table_id, row.game, row.reporter_id, row.name or "?",
                tuple(n for pid, n in names.get(row.table_id, []) if pid != row.reporter_id),
                row.reason, row.text, row.at, row.closed_at,
            )
            for row in rows
        ]  # fmt: skip

    async def close_report(self, report_id: int, at: float) -> bool:
        """Mark an open report reviewed; False if there is no such open report."""
        found: list[int] = []
        query = (
            update(Report)
            .where(Report.report_id == report_id, Report.closed_at.is_(None))
            .values(closed_at=at)
        )

        def op(conn: Connection) -> None:
            found.append(conn.execute(query).rowcount)

        await self._submit(_Write(self._future(), op=op))
        return bool(found and found[0])

    async def suspend(
        self, player_id: str, at: float | None, until: float | None, reason: str | None
    ) -> None:
        """Suspend an account from ``at`` until ``until`` (None: until lifted), or lift its
        suspension (``at`` None)."""
        query = (
            update(Account)
            .where(Account.player_id == player_id)
            .values(
                suspended_at=at,
                suspended_until=until if at is not None else None,
                suspended_reason=reason if at is not None else None,
            )
        )

        def op(conn: Connection) -> None:
            conn.execute(query)

        await self._submit(_Write(self._future(), op=op))

    # -- the chip ledger ----------------------------------------------------------------------

    async def post_chips(self, tx: Transaction) -> Posted:
        """Move chips, all or nothing, in one transaction with the balances: ``Overdraft``
        if an account (not the mint) would go below zero, ``KeyReused`` if the key names
        another movement; a key posted before moves nothing (``replayed``). Safe from many
        processes at once: each debit is a conditional update of its balance row."""
        outcome: list[Posted | ChipsError] = []

        def op(conn: Connection) -> None:
            outcome.clear()  # set, not appended: a batch may be retried
            try:
                outcome.append(self._post_chips(conn, tx))
            except ChipsError as refused:
                outcome.append(refused)

        await self._submit(_Write(self._future(), op=op))
        return _posted(outcome)

    async def claim_daily_chips(self, player_id: str, at: float) -> Posted | None:
        """Today's top-up (``chips.daily_grant``) from the balance as it is inside the
        transaction; None when the balance is at the floor or above, or today's grant was
        given already (then nothing is written)."""
        account = chips.player_account(player_id)
        outcome: list[Posted | ChipsError] = []

        def op(conn: Connection) -> None:
            outcome.clear()
            balance = conn.scalar(
                select(ChipBalance.balance).where(ChipBalance.account == account).with_for_update()
            )
            tx = chips.daily_grant(player_id, int(balance or 0), at=at)
            if tx is None or conn.scalar(select(ChipTransaction.tx_id).filter_by(key=tx.key)):
                return
            with contextlib.suppress(chips.KeyReused):  # another process granted it just now
                outcome.append(self._post_chips(conn, tx))

        await self._submit(_Write(self._future(), op=op))
        return _posted(outcome) if outcome else None

    def _post_chips(self, conn: Connection, tx: Transaction) -> Posted:
        with conn.begin_nested():  # a refusal undoes this movement only, not the batch
            made = conn.execute(
                self._upsert(ChipTransaction)
                .values(key=tx.key, kind=tx.kind, reference=tx.reference, at=tx.at)
                .on_conflict_do_nothing(index_elements=["key"])
                .returning(ChipTransaction.tx_id)
            ).first()
            if made is None:
                return self._replayed(conn, tx)
            after: dict[str, int] = {}
            for entry in tx.entries:  # sorted by account: processes lock rows in one order
                conn.execute(
                    self._upsert(ChipBalance)
                    .values(account=entry.account, balance=0)
                    .on_conflict_do_nothing(index_elements=["account"])
                )
                where = ChipBalance.account == entry.account
                if entry.amount < 0 and not chips.may_go_negative(entry.account):
                    where = where & (ChipBalance.balance >= -entry.amount)
                moved = conn.execute(
                    update(ChipBalance)
                    .where(where)
                    .values(balance=ChipBalance.balance + entry.amount)
                    .returning(ChipBalance.balance)
                ).first()
                if moved is None:
                    now = conn.scalar(select(ChipBalance.balance).filter_by(account=entry.account))
                    raise chips.Overdraft(entry.account, int(now or 0), -entry.amount)
                after[entry.account] = int(moved.balance)
            conn.execute(
                insert(LedgerEntry),
                [
                    {"tx_id": made.tx_id, "account": e.account, "amount": e.amount,
                     "balance": after[e.account]}
                    for e in tx.entries
                ],
            )  # fmt: skip
        return Posted(tx, False, after)

    def _replayed(self, conn: Connection, tx: Transaction) -> Posted:
        """The movement already posted under ``tx.key``: it, if ``tx`` is the same."""
        row = conn.execute(select(ChipTransaction).filter_by(key=tx.key)).one()
        lines = conn.execute(
            select(LedgerEntry.account, LedgerEntry.amount).where(LedgerEntry.tx_id == row.tx_id)
        ).all()
        done = Transaction(
            row.kind, row.key, tuple(ChipEntry(a, int(n)) for a, n in lines), row.at, row.reference
        )
        if not done.same_as(tx):
            raise chips.KeyReused(f"the key {tx.key!r} names another movement")
        accounts = [e.account for e in done.entries]
        now = conn.execute(
            select(ChipBalance.account, ChipBalance.balance).where(
                ChipBalance.account.in_(accounts)
            )
        ).all()
        return Posted(done, True, {a: int(b) for a, b in now})

    async def chip_balance(self, account: str) -> int:
        """An account's chips as stored (zero if it never had any)."""
        rows = await self._rows(
            "chip balance",
            lambda: select(ChipBalance.balance).where(
                ChipBalance.account == bindparam("b_account")
            ),
            {"b_account": account},
        )
        return int(rows[0].balance or 0) if rows else 0

    async def chips_posted(self, key: str) -> bool:
        """Was a movement with this idempotency key posted?"""
        query = select(ChipTransaction.tx_id).where(ChipTransaction.key == key)
        async with self._engine.connect() as conn:
            return (await conn.scalar(query)) is not None

    async def chip_history(
        self, account: str, *, before: int | None = None, limit: int = 20
    ) -> list[LedgerLine]:
        """An account's movements, the newest first; ``before`` (an entry id, the last of
        the page before) pages back."""
        query = (
            select(LedgerEntry, ChipTransaction.kind, ChipTransaction.reference, ChipTransaction.at)
            .join(ChipTransaction, ChipTransaction.tx_id == LedgerEntry.tx_id)
            .where(LedgerEntry.account == account)
            .order_by(LedgerEntry.entry_id.desc())
            .limit(limit)
        )
        if before is not None:
            query = query.where(LedgerEntry.entry_id < before)
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [
            LedgerLine(r.entry_id, r.kind, r.reference, int(r.amount), int(r.balance), r.at)
            for r in rows
        ]

    async def recompute_chips(self, account: str) -> int:
        """An account's balance summed from its entries (what the stored one must be)."""
        query = select(func.sum(LedgerEntry.amount)).where(LedgerEntry.account == account)
        async with self._engine.connect() as conn:
            return int(await conn.scalar(query) or 0)

    async def verify_ledger(self, limit: int = 100) -> LedgerCheck:
        """Check the whole ledger in one read transaction: each stored balance is the sum
        of its entries, each movement and all of them sum to zero, nobody is below zero
        who may not be. At most ``limit`` problems of each sort are listed."""
        summed_q = select(LedgerEntry.account, func.sum(LedgerEntry.amount)).group_by(
            LedgerEntry.account
        )
        unbalanced_q = (
            select(LedgerEntry.tx_id)
            .group_by(LedgerEntry.tx_id)
            .having(func.sum(LedgerEntry.amount) != 0)
            .order_by(LedgerEntry.tx_id)
            .limit(limit)
        )
        async with self._engine.connect() as conn, conn.begin():
            if self._dialect == "postgresql":
                await conn.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            balances = await conn.execute(select(ChipBalance.account, ChipBalance.balance))
            stored = {a: int(b) for a, b in balances}
            summed = {a: int(n) for a, n in await conn.execute(summed_q)}
            unbalanced = [int(t) for t in (await conn.execute(unbalanced_q)).scalars()]
            transactions = int(await conn.scalar(select(func.count(ChipTransaction.tx_id))) or 0)
            entries = int(await conn.scalar(select(func.count(LedgerEntry.entry_id))) or 0)
        accounts = sorted(set(stored) | set(summed))
        mismatched = [
            (a, stored.get(a, 0), summed.get(a, 0))
            for a in accounts
            if stored.get(a, 0) != summed.get(a, 0)
        ]
        negative = [
            (a, b) for a, b in sorted(stored.items()) if b < 0 and not chips.may_go_negative(a)
        ]
        return LedgerCheck(
            len(accounts), transactions, entries, sum(summed.values()),
            mismatched[:limit], unbalanced, negative[:limit],
        )  # fmt: skip

    # -- reading helpers ----------------------------------------------------------------------

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

    async def _matches(
        self, conn: AsyncConnection, ids: list[str]
    ) -> dict[str, tuple[MatchResult, ...]]:
        """Each match kept of these tables, in order (one query for a page)."""
        if not ids:
            return {}
        rows = await conn.execute(
            select(MatchResultRow)
            .where(MatchResultRow.table_id.in_(ids))
            .order_by(MatchResultRow.table_id, MatchResultRow.match)
        )
        out: dict[str, tuple[MatchResult, ...]] = {}
        for row in rows:
            match = MatchResult(
                row.table_id, row.match, row.game, row.mode, row.private, row.finished_at,
                row.reason, tuple(row.totals or ()), row.winner, (),
            )  # fmt: skip
            out[row.table_id] = (*out.get(row.table_id, ()), match)
        return out

    async def _exists(self, table_id: str) -> bool:
        async with self._engine.connect() as conn:
            found = await conn.scalar(select(GameTable.table_id).filter_by(table_id=table_id))
        return found is not None

    def _unknown(self, table_id: str) -> Callable[[], Awaitable[StoreError]]:
        async def conflict() -> StoreError:
            return UnknownTable(f"no table {table_id!r}")

        return conflict

    def _statement(self, name: str, build: Callable[[], Any]) -> Any:
        """A statement the room runs often (the writes every match makes, the reads every
        table or request waits for), built once, its values given as parameters:
        SQLAlchemy compiles it once, and finds it in its cache by a key the statement
        keeps. Built anew with its values each time, a multi-row INSERT was compiled at
        every call (0.67 ms of CPU to keep a match's result), and an account read with its
        join cost 0.58 ms of CPU instead of 0.23."""
        statement = self._statements.get(name)
        if statement is None:
            statement = self._statements[name] = build()
        return statement

    def _upsert(
        self,
        model: type[Player]
        | type[TablePlayer]
        | type[Revocation]
        | type[Rating]
        | type[ConductRow]
        | type[Mute]
        | type[MatchResultRow]
        | type[MatchSeat]
        | type[ChipTransaction]
        | type[ChipBalance]
        | type[TournamentPlayer],
    ) -> Any:
        """An INSERT with ON CONFLICT clauses, in this database's dialect."""
        if self._dialect == "postgresql":
            return pg_insert(model)
        return sqlite_insert(model)

    # -- the reader ---------------------------------------------------------------------------

    async def _rows(
        self, name: str, build: Callable[[], Any], values: dict[str, Any]
    ) -> list[Row[Any]]:
        """The rows of a read the room makes often: its statement built once
        (``_statement``), read in one transaction (``_read``)."""
        query = self._statement(name, build)
        return await self._read(lambda conn: list(conn.execute(query, values).all()))

    async def _read(self, op: Callable[[Connection], _T]) -> _T:
        """``op`` in one read transaction: in the reader thread (SQLite, while open), or on
        the loop."""
        if self._reader is not None and not self._closed:
            return await asyncio.get_running_loop().run_in_executor(
                self._reader, self._read_in_thread, op
            )
        async with self._engine.connect() as conn, conn.begin():
            return await conn.run_sync(op)

    def _read_in_thread(self, op: Callable[[Connection], _T]) -> _T:
        if self._reader_conn is None:
            assert self._thread_engine is not None
            self._reader_conn = self._thread_engine.connect()
        try:
            with self._reader_conn.begin():
                return op(self._reader_conn)
        except Exception:
            self._close_reader()  # it may be broken: the next read takes a new one
            raise

    def _close_reader(self) -> None:
        if self._reader_conn is not None:
            conn, self._reader_conn = self._reader_conn, None
            with contextlib.suppress(Exception):
                conn.close()

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
        rows = _appends_alone(batch)
        if rows is not None:
            _insert_alone(self._thread_conn, rows)
            return
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
        entries = sum(len(write.rows) for write in batch if write.refused is None)
        self.stats.commits += 1
        self.stats.writes += len(batch)
        self.stats.entries += entries
        self.stats.seconds += elapsed
        if self._on_commit is not None:
            self._on_commit(len(batch), entries, elapsed)
        for write in batch:
            _settle(write, write.refused)


def _run(conn: Connection, batch: list[_Write]) -> None:
    """Execute a batch in order, consecutive appends as one multi-row INSERT; a fenced
    append is left out (``refused``), the rest of the batch goes on."""
    _fence(conn, batch)
    rows: list[dict[str, Any]] = []
    for write in batch:
        if write.refused is not None:
            continue
        if write.op is None:
            rows.extend(write.rows)
            continue
        if rows:
            _insert_events(conn, rows)
            rows = []
        write.op(conn)
    if rows:
        _insert_events(conn, rows)


_EVENT_COLUMNS = ("table_id", "seq", "data", "at", "epoch")
_ROWS_PER_INSERT = 150
"""SQLite: rows in one INSERT ... VALUES (...), (...), at most 999 parameters (an older
SQLite's limit). Its driver steps an executemany once per row, letting go of the GIL and
taking it back each time: in the writer thread, beside a busy event loop, each taking back
waited for the loop (at 1,000 tables a batch of 11 appends spent 5.4 ms in the thread,
now 2.6; the move's commit 22 ms on average, now 15)."""
_INSERT_EVENTS: dict[str, str] = {}
"""Each dialect's INSERT of log entries, compiled once: a move's commit is one such
insert, and building and compiling it through the ORM each time cost twice the driver's
own executemany (0.22 against 0.15 ms in the SQLite writer thread)."""


def _insert_events(conn: Connection, rows: list[dict[str, Any]]) -> None:
    """Insert log entries by the driver's executemany, the JSON data serialized as the
    ``JSON`` column type does it."""
    sql = _events_insert(conn.dialect)
    values = _event_values(rows)
    if conn.dialect.name != "sqlite":
        conn.exec_driver_sql(sql, values)
        return
    for start in range(0, len(values), _ROWS_PER_INSERT):
        chunk = values[start : start + _ROWS_PER_INSERT]
        conn.exec_driver_sql(_rows_insert(sql, len(chunk)), _flat(chunk))


def _events_insert(dialect: Dialect) -> str:
    sql = _INSERT_EVENTS.get(dialect.name)
    if sql is None:
        compiled = insert(TableEvent).compile(dialect=dialect)
        assert compiled.positiontup == list(_EVENT_COLUMNS), compiled.positiontup
        sql = _INSERT_EVENTS[dialect.name] = str(compiled)
    return sql


def _event_values(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(r["table_id"], r["seq"], dumps(r["data"]), r["at"], r["epoch"]) for r in rows]


def _rows_insert(sql: str, rows: int) -> str:
    """SQLite: the one-row INSERT ``sql`` made an INSERT of ``rows`` rows."""
    head, _, one = sql.partition(" VALUES ")
    return f"{head} VALUES {', '.join([one] * rows)}"


def _flat(values: list[tuple[Any, ...]]) -> tuple[Any, ...]:
    return tuple(value for row in values for value in row)


def _appends_alone(batch: list[_Write]) -> list[dict[str, Any]] | None:
    """The rows of a batch of unfenced appends that one INSERT takes; else None."""
    if any(write.op is not None or write.epoch is not None for write in batch):
        return None
    rows = [row for write in batch for row in write.rows]
    return rows if len(rows) <= _ROWS_PER_INSERT else None


def _insert_alone(conn: Connection, rows: list[dict[str, Any]]) -> None:
    """SQLite: the rows by one INSERT in autocommit, its own transaction (a write one from
    its first step, as BEGIN IMMEDIATE makes it), through the driver alone. The writer
    thread takes the GIL back after every statement, from an event loop that holds it:
    without a BEGIN and a COMMIT of their own, a move's commit cost that thread 4 µs
    less a move at saturation (26-28 against 30-33, ``--profile-stages``)."""
    sql = _rows_insert(_events_insert(conn.dialect), len(rows))
    driver = conn.connection.dbapi_connection
    assert driver is not None and not conn.in_transaction()
    try:
        driver.execute(sql, _flat(_event_values(rows)))
    except sqlite3.IntegrityError as error:  # as SQLAlchemy raises it: the batch is split
        raise IntegrityError(sql, None, error) from error


def _fence(conn: Connection, batch: list[_Write]) -> None:
    """Lock the rows of the tables the batch claims or writes with an epoch, all in one
    query in table order (so two processes' batches never deadlock on each other), and
    refuse each append whose epoch is not its table's. The lock keeps a claim from
    committing before this transaction does; under READ COMMITTED, a row claimed while
    the query waited for it is read as the claim left it."""
    fenced = [write for write in batch if write.epoch is not None and write.op is None]
    for write in fenced:
        write.refused = None  # reset: a batch may be retried
    ids = sorted(
        {write.table_id for write in fenced if write.table_id is not None}
        | {write.locks for write in batch if write.locks is not None}
    )
    if not ids:
        return
    rows = conn.execute(
        select(GameTable.table_id, GameTable.epoch)
        .where(GameTable.table_id.in_(ids))
        .order_by(GameTable.table_id)
        .with_for_update(key_share=True)  # FOR NO KEY UPDATE: as a claim's UPDATE takes
    )
    epochs = {table_id: epoch for table_id, epoch in rows}
    for write in fenced:
        assert write.table_id is not None
        found = epochs.get(write.table_id)
        if found is None:
            write.refused = UnknownTable(f"no table {write.table_id!r}")
        elif found != write.epoch:
            write.refused = Fenced(
                f"table {write.table_id!r} is at epoch {found}, not {write.epoch}"
            )


def _posted(outcome: list[Posted | ChipsError]) -> Posted:
    """A ledger write's result, or its refusal raised."""
    assert outcome, "the write ran"
    if isinstance(outcome[0], ChipsError):
        raise outcome[0]
    return outcome[0]


def _settle(write: _Write, problem: StoreError | None) -> None:
    if write.done.done():  # the caller was cancelled; the write stands or fails regardless
        return
    if problem is None:
        write.done.set_result(None)
    else:
        write.done.set_exception(problem)


SEATS = 4
"""The most seats a table has (2 v 2): the seats a query looks at, in the config's JSON."""


def _seat(n: int, key: str) -> Any:
    """The text at ``seats[n].key`` of a table's config (NULL when absent), in SQL."""
    return GameTable.config[("seats", n, key)].as_string()


def seat_count() -> Any:
    """How many seats a table has (2 or 4; 3 were there such a game), in SQL."""
    return case((_seat(3, "kind").is_not(None), 4), (_seat(2, "kind").is_not(None), 3), else_=2)


def named_elsewhere(name: str, player_id: str | None) -> Any:
    """A seat of a person other than ``player_id`` was called ``name`` there, in SQL."""
    return or_(
        *(
            and_(
                _seat(n, "name") == name,
                _seat(n, "player_id").is_not(None),
                _seat(n, "player_id") != (player_id or ""),
            )
            for n in range(SEATS)
        )
    )


def _rating_rows() -> Any:
    return select(Rating, Player.name).join(
        Player, Player.player_id == Rating.player_id, isouter=True
    )


def _rating(row: Row[Any]) -> RatingRecord:
    return RatingRecord(
        row.player_id, row.name or "", row.game, row.mode, row.shown, row.mu, row.sigma,
        row.matches, row.wins, row.updated_at,
    )  # fmt: skip


def _tournament(row: Row[Any], entries: list[Json]) -> TournamentRecord:
    return TournamentRecord(
        row.tournament_id, row.name, row.config, row.status, row.created_at, row.summary, entries
    )


def _renamed_registration(entry: Any, player_id: str, label: str) -> Any:
    """A tournament's log entry with ``player_id`` named ``label`` if it registers them."""
    command = entry.get("command") if isinstance(entry, dict) else None
    if not isinstance(command, dict) or command.get("type") != "register":
        return entry
    players = command.get("players")
    if not isinstance(players, list):
        return entry
    renamed = [
        [player_id, label] if isinstance(p, list) and len(p) == 2 and p[0] == player_id else p
        for p in players
    ]
    return entry if renamed == players else {**entry, "command": {**command, "players": renamed}}


def _renamed_people(value: Any, player_id: str, label: str) -> Any:
    """``value`` (JSON) with each object ``{"player_id": player_id, "name": ...}`` in it,
    at any depth, named ``label``."""
    if isinstance(value, list):
        return [_renamed_people(item, player_id, label) for item in value]
    if not isinstance(value, dict):
        return value
    out = {key: _renamed_people(item, player_id, label) for key, item in value.items()}
    if out.get("player_id") == player_id and "name" in out:
        out["name"] = label
    return out


def _fits(what: str, value: str, most: int) -> None:
    """Refuse a string longer than its column, before it reaches the writer (PostgreSQL
    would fail the whole batch, everyone's writes with it)."""
    if len(value) > most:
        raise StoreError(f"a {what} has at most {most} characters")


def _drop_waiting() -> Any:
    return delete(WaitingTable).where(WaitingTable.table_id == bindparam("b_table_id"))


def _log_queries(where: Any) -> tuple[Any, Any, Any]:
    """The tables ``where`` selects, their players, and their logs: three queries, which
    ``load`` builds once."""
    ids = select(GameTable.table_id).where(where)
    return (
        select(GameTable).where(where),
        select(TablePlayer.table_id, TablePlayer.player_id)
        .where(TablePlayer.table_id.in_(ids))
        .order_by(TablePlayer.table_id, TablePlayer.player_id),
        select(TableEvent.table_id, TableEvent.seq, TableEvent.data, TableEvent.at)
        .where(TableEvent.table_id.in_(ids))
        .order_by(TableEvent.table_id, TableEvent.seq),
    )


def _logs(
    conn: Connection, queries: tuple[Any, Any, Any], params: dict[str, Any] | None = None
) -> list[TableLog]:
    """The tables of ``_log_queries``, each with its players and its whole log."""
    tables_query, seats_query, events_query = queries
    tables = conn.execute(tables_query, params).all()
    if not tables:
        return []
    seats: dict[str, tuple[str, ...]] = {}
    for table_id, player_id in conn.execute(seats_query, params):
        seats[table_id] = (*seats.get(table_id, ()), player_id)
    entries: dict[str, list[Entry]] = {row.table_id: [] for row in tables}
    for event_row in conn.execute(events_query, params):
        entries[event_row.table_id].append(Entry(event_row.seq, event_row.data, event_row.at))
    order = sorted(tables, key=lambda row: (row.created_at, row.table_id))
    return [
        TableLog(_table(row, seats.get(row.table_id, ())), entries[row.table_id]) for row in order
    ]


def _session(row: Row[Any]) -> SessionRecord:
    return SessionRecord(
        row.session_hash, row.player_id, row.created_at, row.last_seen_at, row.agent
    )


def _table(
    row: Row[Any], players: tuple[str, ...], matches: tuple[MatchResult, ...] = ()
) -> TableRecord:
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
        matches=matches,
    )


_JSON_TEXT: dict[str, Any] = {"json_serializer": dumps, "json_deserializer": loads}
"""The JSON columns written and read as the room's frames are (``jsontext``)."""


def _engine(url: URL, synchronous: Synchronous) -> AsyncEngine:
    """An async engine; for SQLite, a WAL file with our pragmas and real transactions."""
    if url.get_backend_name() != "sqlite":
        return create_async_engine(url, pool_pre_ping=True, **_JSON_TEXT)
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        raise StoreError(f"SQLite needs a file path, not {database or 'memory'!r}")
    Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(url, connect_args={"timeout": 30}, **_JSON_TEXT)
    _sqlite_setup(engine.sync_engine, synchronous)
    return engine


def _sqlite_writer(url: URL, synchronous: Synchronous) -> Engine:
    """The same SQLite file through the standard library's driver, for the writer thread."""
    engine = create_engine(
        url.set(drivername="sqlite+pysqlite"), connect_args={"timeout": 30}, **_JSON_TEXT
    )
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
