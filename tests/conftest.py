"""Fixtures for the server tests: a real ``circolo serve`` process and real WebSocket clients."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from websockets.asyncio.client import ClientConnection, connect

from circolo.server import frames
from circolo.store import Store, sqlite_url
from tests.hidden import named_words

T = TypeVar("T")
STARTUP = 90.0  # seconds: imports are slow on a loaded machine
POSTGRES = os.environ.get("CIRCOLO_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")
PYCACHE = str(Path(tempfile.gettempdir()) / "circolo-test-pycache")


def pytest_configure(config: pytest.Config) -> None:
    """Compiled modules kept between the many Python processes of a run (xdist workers,
    servers, their bot workers, CLI runs), outside the tree: with PYTHONDONTWRITEBYTECODE
    set, each of them would compile SQLAlchemy, Starlette and the rest again (seconds each)."""
    os.environ["PYTHONDONTWRITEBYTECODE"] = ""
    os.environ["PYTHONPYCACHEPREFIX"] = PYCACHE
    sys.dont_write_bytecode = False
    sys.pycache_prefix = PYCACHE


def run_sync(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to its end on a loop of its own (also from inside a running loop)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def _pg(sql: str, *args: Any, database: str | None = None) -> list[Any]:
    import asyncpg  # type: ignore[import-untyped]

    base = POSTGRES if database is None else POSTGRES.rsplit("/", 1)[0] + "/" + database
    connection = await asyncpg.connect(base, timeout=5)
    try:
        return list(await connection.fetch(sql, *args))
    finally:
        await connection.close()


@contextlib.contextmanager
def postgres_database() -> Iterator[str]:
    """A new, empty PostgreSQL database (its ``postgresql+asyncpg://`` URL), dropped after;
    the test skips when no PostgreSQL is reachable."""
    try:
        run_sync(_pg("SELECT 1"))
    except (OSError, ImportError, Exception) as error:
        pytest.skip(f"PostgreSQL at {POSTGRES} is unreachable ({error})")
    name = f"circolo_test_{uuid.uuid4().hex[:12]}"
    run_sync(_pg(f'CREATE DATABASE "{name}"'))
    try:
        base = POSTGRES.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)
        yield f"{base}/{name}"
    finally:
        run_sync(_pg(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def _query(server: ServerProcess, sql: str, table_id: str) -> list[Any]:
    """The rows of ``sql`` (one ``{}`` for the table id) in the server's database itself:
    its SQLite file, or its PostgreSQL database."""
    url = server.env.get("CIRCOLO_DATABASE_URL", "")
    if url.startswith("postgresql"):
        return run_sync(_pg(sql.format("$1"), table_id, database=url.rsplit("/", 1)[1]))
    with sqlite3.connect(server.data_dir / "circolo.sqlite3") as db:
        return db.execute(sql.format("?"), (table_id,)).fetchall()


def stored(server: ServerProcess, table_id: str) -> tuple[str, list[str]]:
    """The table's status and its log entries (JSON text), as the server stored them."""
    ((status,),) = _query(server, "SELECT status FROM tables WHERE table_id = {}", table_id)
    sql = "SELECT data FROM table_events WHERE table_id = {} ORDER BY seq"
    return status, [row[0] for row in _query(server, sql, table_id)]


def stored_config(server: ServerProcess, table_id: str) -> dict[str, Any]:
    """The table's config JSON, as the server stored it."""
    ((config,),) = _query(server, "SELECT config FROM tables WHERE table_id = {}", table_id)
    found: dict[str, Any] = json.loads(config)
    return found


def game_ready(game: str) -> bool:
    """Is ``game`` ported to the engine API on this branch (its rules can be built)?"""
    from circolo.games import make_rules

    try:
        make_rules(game)
    except Exception:
        return False
    return True


def needs(game: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(
        not game_ready(game), reason=f"{game} is not ported to the engine yet"
    )


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class ServerProcess:
    """``python -m circolo.serve_cli`` on a free port, with its own data folder."""

    def __init__(self, data_dir: Path, env: dict[str, str] | None = None) -> None:
        self.data_dir = data_dir
        self.env = {
            **os.environ,
            "CIRCOLO_BOT_DELAY": "0",
            "CIRCOLO_LOG_LEVEL": "warning",
            "CIRCOLO_BOT_PROCESSES": "1",
            # every client of a test comes from 127.0.0.1 (tests of these caps lower them)
            "CIRCOLO_WEBSOCKETS_PER_ADDRESS": "1000",
            "CIRCOLO_SOCKETS_PER_ADDRESS": "2000",
            **(env or {}),
        }
        self.process: subprocess.Popen[str] | None = None
        self.port = 0
        self.output: list[str] = []

    def command(self, port: int) -> list[str]:
        return [sys.executable, "-m", "circolo.serve_cli", "--port", str(port),
                "--data-dir", str(self.data_dir)]  # fmt: skip

    def start(self, port: int = 0) -> ServerProcess:
        if self.process is not None:
            self.process.wait(30)
            self._release()
        self.output = []
        self.process = subprocess.Popen(
            self.command(port),
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=self.env,
            start_new_session=True,  # a process group of its own: see kill()
        )  # fmt: skip
        ready = threading.Event()

        def read() -> None:
            assert self.process is not None and self.process.stdout is not None
            with contextlib.suppress(ValueError, OSError):
                for line in self.process.stdout:
                    self.output.append(line)
                    found = re.search(r"serving at http://[\d.]+:(\d+)/", line)
                    if found:
                        self.port = int(found.group(1))
                        ready.set()

        self.reader = threading.Thread(target=read, daemon=True)
        self.reader.start()
        deadline = time.monotonic() + STARTUP
        while not ready.wait(0.1):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("server did not start:\n" + "".join(self.output))
        return self

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def terminate(self, timeout: float = 30) -> int:
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        code = self.process.wait(timeout)
        self._release()
        return code

    def kill(self) -> None:
        """kill -9 of the server and its bot workers at once, as when the whole service
        dies (a worker orphaned would keep the output open until it noticed)."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
        self._release()

    def _release(self) -> None:
        assert self.process is not None
        self.reader.join(30)
        if self.process.stdout is not None:
            self.process.stdout.close()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            try:
                self.terminate(20)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for a test module (play now fills with bots after 1.5 s)."""
    process = ServerProcess(
        tmp_path_factory.mktemp("server"),
        {"CIRCOLO_PLAY_NOW_WAIT": "1.5", "CIRCOLO_RATE": "50", "CIRCOLO_BURST": "100"},
    )
    process.start()
    yield process
    process.stop()


@contextlib.contextmanager
def server_on(database: str, data_dir: Path, env: dict[str, str]) -> Iterator[ServerProcess]:
    """A started server on ``database``: "sqlite" (in ``data_dir``) or "postgresql" (a new
    database of its own, dropped after); stopped after."""
    with contextlib.ExitStack() as stack:
        env = dict(env)
        if database == "postgresql":
            env["CIRCOLO_DATABASE_URL"] = stack.enter_context(postgres_database())
        process = ServerProcess(data_dir, env)
        process.start()
        stack.callback(process.stop)
        yield process


async def server_store(server: ServerProcess) -> Store:
    """The server's own database, opened beside it (close it after)."""
    url = server.env.get("CIRCOLO_DATABASE_URL") or sqlite_url(server.data_dir / "circolo.sqlite3")
    return await Store.open(url)


class Client:
    """A WebSocket client that speaks the protocol and remembers every frame it got."""

    def __init__(self, ws: ClientConnection, ids: str = "r") -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.pending: list[dict[str, Any]] = []
        self.welcome: dict[str, Any] = {}
        self.ids = ids  # request ids are ids + a count: unique per seat while the owner runs
        self._n = 0
        self._beat: asyncio.Task[None] | None = None

    @classmethod
    async def connect(
        cls, url: str, token: str | None = None, hello: bool = True, ids: str = "r",
        **kwargs: Any,
    ) -> Client:  # fmt: skip
        ws = await connect(url, max_size=None, open_timeout=30, **kwargs)
        client = cls(ws, ids)
        if hello:
            client.welcome = await client.request({"type": "hello", "protocol": 1, "token": token})
            assert client.welcome["type"] == "welcome", client.welcome
            client._beat = asyncio.create_task(client._heartbeat())
        return client

    async def _heartbeat(self) -> None:
        """Ping every second, as a browser does (the pongs are not kept)."""
        with contextlib.suppress(Exception):
            while True:
                await asyncio.sleep(1.0)
                await self.ws.send('{"type": "ping", "t": "hb"}')

    @property
    def token(self) -> str:
        return str(self.welcome["token"])

    @property
    def player_id(self) -> str:
        return str(self.welcome["player"]["id"])

    async def send(self, frame: dict[str, Any] | str | bytes) -> None:
        await self.ws.send(frame if isinstance(frame, str | bytes) else json.dumps(frame))

    async def recv(self, timeout: float = 10) -> dict[str, Any]:
        if self.pending:
            return self.pending.pop(0)
        return await self._read(timeout)

    async def _read(self, timeout: float) -> dict[str, Any]:
        """The next frame but the heartbeat's pongs, within ``timeout`` seconds."""
        async with asyncio.timeout(timeout):
            while True:
                frame: dict[str, Any] = json.loads(await self.ws.recv())
                frames.check(frame)  # every frame a test gets is one the protocol declares
                if frame.get("type") != "pong" or frame.get("t") != "hb":
                    self.frames.append(frame)
                    return frame

    async def request(self, frame: dict[str, Any], timeout: float = 15) -> dict[str, Any]:
        """Send with a fresh id; the first answer that refers to it (others are kept)."""
        self._n += 1
        ref = f"{self.ids}{self._n}"
        await self.send({**frame, "id": ref})
        return await self.until(lambda f: f.get("ref") == ref, timeout)

    async def until(self, test: Any, timeout: float = 15) -> dict[str, Any]:
        """The first frame (kept or new) that passes ``test``; the others stay kept."""
        for i, frame in enumerate(self.pending):
            if test(frame):
                return self.pending.pop(i)
        deadline = time.monotonic() + timeout
        while True:
            frame = await self._read(max(0.01, deadline - time.monotonic()))
            if test(frame):
                return frame
            self.pending.append(frame)

    async def close(self) -> None:
        if self._beat is not None:
            self._beat.cancel()
        await self.ws.close()


class TableClient:
    """One seat (or a spectator) of one table over a ``Client``: applies snapshots and
    updates in ``seq`` order, as docs/protocol.md tells clients to, and keeps every frame."""

    def __init__(self, client: Client, table_id: str) -> None:
        self.client = client
        self.table_id = table_id
        self.state: dict[str, Any] = {}
        self.seq = 0
        self.seat: int | None = None
        self.frames: list[dict[str, Any]] = []
        self.gaps = 0

    def apply(self, frame: dict[str, Any]) -> None:
        """Apply one frame of this table (a snapshot, or events in order)."""
        self.frames.append(frame)
        if frame["type"] == "table.snapshot":
            self.seq = frame["seq"]
            self.seat = frame["seat"]
            self.state = dict(frame["snapshot"].get("state") or frame["snapshot"])
            return
        if frame["type"] != "table.events":
            return
        if frame["seq"] <= self.seq and frame["prev"] < self.seq:
            return  # a duplicate
        assert frame["prev"] == self.seq, (frame["prev"], self.seq)
        self.seq = frame["seq"]
        for event in frame["events"]:
            if event["type"] == "snapshot":
                self.state = dict(event["state"])
            elif event["type"] == "update":
                self.state.update(event["state"])

    def mine(self, frame: dict[str, Any]) -> bool:
        return frame.get("table_id") == self.table_id and frame["type"] in (
            "table.snapshot",
            "table.events",
        )

    async def pump(self, timeout: float = 15) -> dict[str, Any]:
        frame = await self.client.until(self.mine, timeout)
        self.apply(frame)
        return frame

    async def settle(self, quiet: float = 0.4) -> None:
        """Apply frames until none comes for ``quiet`` seconds."""
        self.drain()
        with contextlib.suppress(TimeoutError):
            while True:
                await self.pump(quiet)

    def drain(self) -> None:
        """Apply the frames already received."""
        for frame in [f for f in self.client.pending if self.mine(f)]:
            self.client.pending.remove(frame)
            self.apply(frame)

    @property
    def status(self) -> str:
        table = self.state.get("table") or {}
        return str(table.get("status") or self.state.get("status", ""))

    @property
    def view(self) -> dict[str, Any] | None:
        hand = self.state.get("hand")
        return None if hand is None else hand["view"]


def card_names(data: Any, skip: frozenset[str] = frozenset()) -> list[str]:
    """Every text in a JSON value, split into words (ids, names and hashes left out, and
    a wild's stand-in: ``tests/hidden.py``)."""
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in skip:
                found += card_names(value, skip)
    elif isinstance(data, list):
        for value in data:
            found += card_names(value, skip)
    elif isinstance(data, str):
        found += named_words(data)
    return found


NOT_CARDS = frozenset(
    {"table_id", "token", "player_id", "id", "ref", "name", "commitment",
     "next_commitment", "seed", "message", "invite"}
)  # fmt: skip


def hand_sections(frame: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``hand`` sections a table frame carries (a snapshot's, or its updates')."""
    snapshot = frame.get("snapshot")
    states = [snapshot.get("state") if isinstance(snapshot, dict) else None]
    states += [e.get("state") for e in frame.get("events", []) if isinstance(e, dict)]
    return [s["hand"] for s in states if isinstance(s, dict) and isinstance(s.get("hand"), dict)]


def face_up(frame: dict[str, Any]) -> set[str]:
    """The cards a deal lays face up on the table, seen by everyone: in the view that
    follows, unless the deal is void (three or four kings) and the next view's table is
    empty again."""
    return {
        card
        for message in frame.get("events", [])
        for event in message.get("events", [])
        if event.get("kind") == "deal"
        for card in event.get("table", [])
    }


def check_hidden(frames: list[dict[str, Any]], deck: set[str]) -> int:
    """No frame names a card its audience has not seen in its own views so far (the engine
    makes views; a view holds only what the seat may see). Returns the frames checked."""
    known: set[str] = set()
    state: dict[str, Any] = {}
    for frame in frames:
        if frame["type"] == "table.snapshot":
            state = dict(frame["snapshot"].get("state") or {})
        for event in frame.get("events", []):
            if event["type"] in ("snapshot", "update"):
                state.update(event["state"])
        hand = state.get("hand")
        if hand:
            known |= set(card_names(hand["view"])) & deck
        known |= face_up(frame) & deck
        named = set(card_names(frame, NOT_CARDS)) & deck
        for section in hand_sections(frame):  # a legal move's id is its text: checked too
            named |= set(card_names(section.get("legal"))) & deck
        assert named <= known, f"frame names hidden cards {sorted(named - known)}: {frame}"
    return len(frames)
