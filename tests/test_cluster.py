"""The room as several real processes over the PostgreSQL and Redis this machine runs: two
people on two processes play a match; processes killed -9 and restarted while bots and
people play (every acknowledged move stored, every table resumed, never two writers);
an owner paused past its lease is fenced; SIGTERM drains; Redis restarted mid-match."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import test_server_restart as restart
from tests import test_server_tournaments as tournaments
from tests.conftest import Client, TableClient, _pg, postgres_database, run_sync, stored
from tests.test_server_play import FAST, TricksServer, join, play_out, seat_at
from tests.test_server_restart import Acks, check_acked, play
from tests.test_table_support import tricks_game as tricks_game

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("tricks_game")]

TTL = 1.0
"""The lease's seconds in these tests: a dead process's tables move within about this."""
AGAINST_A_BOT = [{"kind": "me"}, {"kind": "bot", "level": "random"}]


def redis_up(url: str = "redis://127.0.0.1:6379") -> bool:
    from redis import Redis

    try:
        return bool(Redis.from_url(url, socket_connect_timeout=2).ping())
    except Exception:
        return False


class Room:
    """``count`` server processes sharing one PostgreSQL database and one Redis."""

    def __init__(self, tmp: Path, database: str, redis_url: str, count: int, **more: str) -> None:
        settings = FAST["CIRCOLO_TABLE"].replace('"disconnect_grace": 0.5', '"disconnect_grace": 5')
        settings = settings.replace('"disconnect_countdown": 2', '"disconnect_countdown": 600')
        env = {
            **FAST,
            "CIRCOLO_TABLE": settings,
            "CIRCOLO_RESUME_GRACE": "0.2",
            "CIRCOLO_DATABASE_URL": database,
            "CIRCOLO_REDIS_URL": redis_url,
            "CIRCOLO_REDIS_PREFIX": f"test{secrets.token_hex(4)}:",
            "CIRCOLO_LEASE_TTL": str(TTL),
            "CIRCOLO_SECRET_KEY": secrets.token_hex(16),
            "CIRCOLO_LOG_LEVEL": "info",
            "CIRCOLO_TOURNAMENTS": json.dumps(tournaments.STANDING[:1]),
        }
        self.env = env
        self.servers = [TricksServer(tmp / f"p{i}", env) for i in range(count)]
        for server in self.servers:
            server.data_dir.mkdir(parents=True, exist_ok=True)

    def start(self) -> Room:
        for server in self.servers:
            server.start()
        return self

    def stop(self) -> None:
        for server in self.servers:
            server.stop()

    def epochs(self) -> list[tuple[str, int, int]]:
        """Every stored entry's (table, seq, epoch of the process that wrote it)."""
        database = self.servers[0].env["CIRCOLO_DATABASE_URL"].rsplit("/", 1)[1]
        rows = run_sync(_pg(
            "SELECT table_id, seq, epoch FROM table_events ORDER BY table_id, seq",
            database=database,
        ))  # fmt: skip
        return [(row["table_id"], row["seq"], row["epoch"]) for row in rows]

    def check_one_writer(self) -> None:
        """Never two writers: along each table's log the writers' epochs only increase."""
        last: dict[str, int] = {}
        for table_id, seq, epoch in self.epochs():
            assert epoch >= last.get(table_id, 0), f"{table_id} #{seq}: an older epoch wrote"
            last[table_id] = epoch


@contextlib.contextmanager
def room(tmp: Path, count: int, redis_url: str = "redis://127.0.0.1:6379") -> Iterator[Room]:
    if not redis_up(redis_url):
        pytest.fail(f"Redis is not running at {redis_url}: the cluster tests need it")
    with postgres_database() as database:
        cluster = Room(tmp, database, redis_url, count)
        try:
            yield cluster.start()
        finally:
            cluster.stop()


async def test_two_people_on_two_processes_play_a_whole_match(tmp_path: Path) -> None:
    with room(tmp_path, 2) as cluster:
        one, two = cluster.servers
        host = await seat_at(one, [{"kind": "me"}])
        guest = await join(two, host.table_id)
        await host.settle()
        await play_out([host, guest], timeout=90)
        assert host.status == guest.status == "finished"
        await guest.settle()
        assert guest.seq == host.seq
        status, entries = stored(one, host.table_id)
        assert status == "finished" and len(entries) == host.seq
        for table in (host, guest):
            await table.client.close()


async def test_the_tournaments_are_the_same_whatever_process_a_player_reaches(
    tmp_path: Path,
) -> None:
    """Two players enter a sit-and-go through two processes: one tournament, one table, and
    each opens it where they are."""
    with room(tmp_path, 2) as cluster:
        one, two = cluster.servers
        (a, a_http), (b, b_http) = await tournament_player(one), await tournament_player(two)
        async with a_http, b_http:
            sit = await tournaments._open(a_http, practice=True, seats=2, team=1)
            assert (await tournaments._open(b_http, practice=True, seats=2, team=1)) == sit
            assert (await tournaments.act(a_http, sit["id"], "register")).status_code == 200
            assert (await tournaments.act(b_http, sit["id"], "register")).status_code == 200
            table_id = (await tournaments._notice(a, "round_started"))["data"]["table_id"]
            also = await tournaments._notice(b, "round_started")
            assert also["data"]["table_id"] == table_id
            for client in (a, b):
                opened = await client.request({"type": "table.open", "table_id": table_id})
                assert opened["type"] == "table.snapshot", opened
                assert opened["snapshot"]["state"]["table"]["tournament"] is True
            detail = (await b_http.get(f"/api/tournaments/{sit['id']}")).json()
            assert detail["status"] == "running" and len(detail["bracket"][0]) == 1
        for client in (a, b):
            await client.close()


async def cycles(tmp: Path, count: int, tables_count: int = 4) -> dict[str, Any]:
    """3 processes with tables against bots, one of them killed -9 and started again
    ``count`` times while moves and bot moves are in flight: every acknowledged move is in
    the store, every table goes on (its players reconnect to any process), and the store
    shows one writer at a time."""
    rng = random.Random(7)
    loop = asyncio.get_running_loop()
    tables: list[TableClient] = []
    acks: dict[str, Acks] = {}
    moved: list[float] = []
    history: dict[int, list[str]] = {}
    with room(tmp, 3) as cluster:
        servers = cluster.servers
        on: dict[str, TricksServer] = {}  # the process each table's player is connected to

        async def new_table() -> TableClient:
            server = rng.choice(servers)
            table = await sit(server, AGAINST_A_BOT)
            on[table.table_id] = server
            return table

        def ended(table: TableClient) -> bool:  # perhaps by its new owner
            return stored(servers[0], table.table_id)[0] == "finished"

        try:
            tables = [await new_table() for _ in range(tables_count)]
            for _ in range(count):
                ready = [asyncio.Event() for _ in tables]
                tasks = [
                    asyncio.create_task(play(t, acks.setdefault(t.table_id, []), 2, r))
                    for t, r in zip(tables, ready, strict=True)
                ]
                try:
                    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), 60)
                except TimeoutError:
                    stuck = [
                        (t.table_id, t.seq, t.status, len(stored(servers[0], t.table_id)[1]),
                         [f for f in t.client.frames if f["type"] == "error"][-2:],
                         t.client.ws.state.name, t.client.ws.close_code)
                        for t, r in zip(tables, ready, strict=True) if not r.is_set()
                    ]  # fmt: skip
                    await keep_logs(tmp, servers, history)
                    raise AssertionError(f"tables stuck (logs in {tmp}): {stuck}") from None
                victim = rng.choice(servers)
                port = victim.port
                victim.kill()
                history.setdefault(servers.index(victim), []).extend(victim.output)
                killed = loop.time()
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                for table in tables:
                    assert table.seat is not None
                    entries = stored(servers[0], table.table_id)[1]
                    check_acked(entries, table.seat, acks[table.table_id])
                await asyncio.to_thread(victim.start, port)  # the clients' heartbeats go on
                again = []
                for table in tables:
                    back: TableClient | None = table
                    if on[table.table_id] is victim or ended(table):
                        await table.client.close()
                        server = rng.choice(servers)
                        back = None if ended(table) else await reconnect(server, table)
                        on[table.table_id] = server
                    again.append(back or await new_table())  # one that ended: a new one
                tables = again
                moved.append(loop.time() - killed)
                cluster.check_one_writer()
        finally:
            for table in tables:
                await table.client.close()
    return {
        "cycles": count,
        "accepted_moves": sum(len(a) for a in acks.values()),
        "tables": len(acks),
        "back_within_seconds": max(moved),
    }


async def test_kill_9_a_process_20_times(tmp_path: Path) -> None:
    figures = await cycles(tmp_path, 20)
    assert figures["accepted_moves"] >= 20 * 4
    print(figures)


@pytest.mark.slow
async def test_kill_9_a_process_100_times(tmp_path: Path) -> None:
    figures = await cycles(tmp_path, 100)
    assert figures["accepted_moves"] >= 100 * 4
    print(figures)


async def test_an_owner_paused_past_its_lease_is_fenced_and_lets_go(tmp_path: Path) -> None:
    with room(tmp_path, 2) as cluster:
        one, two = cluster.servers
        table = await seat_at(one, AGAINST_A_BOT)
        acks: Acks = []
        await played(table, acks, 2)
        assert one.process is not None
        os.killpg(one.process.pid, signal.SIGSTOP)  # paused: its lease runs out
        try:
            await asyncio.sleep(TTL * 4)
            moved = await reconnect(two, table)
            await played(moved, acks, 2)
        finally:
            os.killpg(one.process.pid, signal.SIGCONT)
        await until_logged(one, ("table_lease_lost", "table_fenced"))
        await played(moved, acks, 2)  # the table goes on where it moved
        assert table.seat is not None
        check_acked(stored(two, table.table_id)[1], table.seat, acks)
        cluster.check_one_writer()
        for seat in (table, moved):
            await seat.client.close()


async def test_sigterm_drains_a_process_and_its_tables_move_at_once(tmp_path: Path) -> None:
    with room(tmp_path, 2) as cluster:
        one, two = cluster.servers
        tables = [await seat_at(one, AGAINST_A_BOT) for _ in range(3)]
        acks: dict[str, Acks] = {t.table_id: [] for t in tables}
        for table in tables:
            await played(table, acks[table.table_id], 1)
        assert one.process is not None
        loop = asyncio.get_running_loop()
        began = loop.time()
        one.process.send_signal(signal.SIGTERM)
        for table in tables:
            told = await table.client.until(lambda f: f["type"] == "shutdown", timeout=20)
            assert told["retry_after"] > 0
        assert one.process.wait(30) in (0, -15)
        one._release()
        again = [back for table in tables if (back := await reconnect(two, table))]
        for table in tables:
            await table.client.close()
        returning = asyncio.create_task(back_to_the_table(again))  # a slow reconnection
        try:
            for table in again:
                await played(table, acks[table.table_id], 1)
        except AssertionError as stuck_table:
            await keep_logs(tmp_path, [one, two], {})
            logged = [len(stored(two, table.table_id)[1]) for table in again]
            raise AssertionError(f"{stuck_table}; stored {logged}; logs in {tmp_path}") from None
        finally:
            returning.cancel()
        moved = loop.time() - began
        assert moved < TTL + 10, moved  # released, not left to run out
        assert "table_taken_over" in "".join(two.output)
        for table in again:
            assert table.seat is not None
            check_acked(stored(two, table.table_id)[1], table.seat, acks[table.table_id])
            await table.client.close()
        cluster.check_one_writer()


async def test_redis_restarted_mid_match_the_room_goes_on(tmp_path: Path) -> None:
    port = free_port()
    with redis_server(port) as restart, room(tmp_path, 2, f"redis://127.0.0.1:{port}") as cluster:
        one, two = cluster.servers
        host = await sit(one, [{"kind": "me"}])
        guest = await sit(two, None, host.table_id)
        await host.settle()
        assert host.status == "playing"
        playing = asyncio.create_task(play_out([host, guest], timeout=120))
        returning = asyncio.create_task(back_to_the_table([host, guest]))
        try:
            await asyncio.to_thread(restart)  # as they play; the clients keep reading
            try:
                await playing
            except AssertionError:
                await keep_logs(tmp_path, [one, two], {})
                errors = [f for t in (host, guest) for f in t.client.frames if f["type"] == "error"]
                raise AssertionError(f"logs in {tmp_path}; errors {errors[-6:]}") from None
        finally:
            playing.cancel()
            returning.cancel()
            for table in (host, guest):
                await table.client.close()
        logged = "".join(one.output) + "".join(two.output)
        noticed = ("table_lease_lost", "table_lease_taken_again", "lease_renew_failed")
        assert any(event in logged for event in noticed), "Redis went away unnoticed"
        assert host.status == guest.status == "finished"
        cluster.check_one_writer()


async def test_several_workers_share_one_port(tmp_path: Path) -> None:
    """``circolo serve --workers 2``: both serve, one killed -9 is started again, and the
    room stays whole."""
    with room(tmp_path, 0) as cluster:
        server = Workers(tmp_path / "w", cluster.env)
        server.data_dir.mkdir()
        server.start()
        try:
            tables = [await seat_at(server, AGAINST_A_BOT) for _ in range(4)]
            for table in tables:
                await played(table, [], 1)
            workers = children(server)
            assert len(workers) == 2
            os.kill(workers[0], signal.SIGKILL)
            await asyncio.sleep(TTL * 3)
            assert len(children(server)) == 2 and workers[0] not in children(server)
            for table in tables:
                again = table
                if table.client.ws.state.name != "OPEN":
                    await table.client.close()
                    again = await reconnect(server, table)
                await played(again, [], 1)
                await again.client.close()
        finally:
            server.stop()


def test_several_workers_need_postgresql_and_redis(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "circolo.serve_cli", "--workers", "2", "--data-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=60, env={**os.environ, "CIRCOLO_REDIS_URL": ""},
    )  # fmt: skip
    assert done.returncode == 2
    assert "PostgreSQL and Redis" in done.stderr


# -- helpers ---------------------------------------------------------------------------------


async def keep_logs(tmp: Path, servers: list[TricksServer], history: dict[int, list[str]]) -> None:
    """Each process's log (before its restarts too) and its threads' stacks (SIGUSR1), kept
    beside the test for whoever reads why it failed."""
    for server in servers:
        if server.process is not None and server.process.poll() is None:
            os.kill(server.process.pid, signal.SIGUSR1)
    await asyncio.sleep(1)
    for n, server in enumerate(servers):
        (tmp / f"process-{n}.log").write_text("".join(history.get(n, []) + server.output))


async def tournament_player(server: TricksServer) -> tuple[Client, Any]:
    client = await Client.connect(server.url)
    return client, tournaments.browser(server, circolo_guest=client.token)


async def reconnect(server: TricksServer, old: TableClient) -> TableClient | None:
    """The seat's player back on ``server`` (any process), on a new connection whose
    request ids are new, as a reloaded page's are; None if the table ended meanwhile."""
    try:
        return await restart.reconnect(server, old, f"r{secrets.token_hex(3)}.", Resyncing)
    except AssertionError:
        if stored(server, old.table_id)[0] != "finished":
            raise
        return None


async def played(table: TableClient, acks: Acks, moves: int) -> None:
    """The seat plays until ``moves`` more of its moves are acknowledged (or the table is
    over)."""
    ready = asyncio.Event()
    task = asyncio.create_task(play(table, acks, moves, ready))
    try:
        await asyncio.wait_for(ready.wait(), 60)
    except TimeoutError:
        raise AssertionError(f"table stuck: {stuck(table)}") from None
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


def stuck(table: TableClient) -> tuple[Any, ...]:
    """What a test that waited for ``table`` in vain tells of it."""
    errors = [f for f in table.client.frames if f["type"] == "error"][-3:]
    view = table.view
    to_move = None if view is None else view["to_move"]
    ws = table.client.ws
    return (table.table_id, table.seq, table.status, to_move, table.seat, errors,
            table.client.frames[-3:], ws.state.name, ws.close_code)  # fmt: skip


async def until_logged(server: TricksServer, events: tuple[str, ...], timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not any(event in "".join(server.output) for event in events):
        assert time.monotonic() < deadline, f"none of {events} logged"
        await asyncio.sleep(0.1)


async def sit(
    server: TricksServer, seats: list[Any] | None, table_id: str | None = None
) -> Resyncing:
    """A new table's first seat (``seats``), or a seat joined at ``table_id``, as a
    ``Resyncing`` client."""
    client = await Client.connect(server.url)
    if table_id is None:
        frame = {"type": "table.create", "game": "tricks", "seats": seats}
    else:
        frame = {"type": "table.join", "table_id": table_id}
    answer = await client.request(frame)
    assert answer["type"] in ("table.created", "table.joined"), answer
    table = Resyncing(client, answer["table_id"])
    await table.pump()
    return table


async def back_to_the_table(tables: list[TableClient]) -> None:
    """Press "back to the table" when a move is refused as ``away``, as a player does when
    the room counted their seat gone while Redis was away (longer than the seat's grace,
    on a busy machine)."""
    read = [0] * len(tables)  # frames looked at, per table
    while True:
        await asyncio.sleep(0.3)
        for n, table in enumerate(tables):
            frames, read[n] = table.client.frames[read[n] :], len(table.client.frames)
            if any(frame.get("code") == "away" for frame in frames):
                await table.client.send({"type": "return_to_table", "table_id": table.table_id})


class Resyncing(TableClient):
    """A seat that, like the browser, asks for what it missed when a frame skips ahead (a
    frame lost while Redis was away)."""

    def apply(self, frame: dict[str, Any]) -> None:
        if frame["type"] == "table.events" and frame["prev"] > self.seq:
            self.frames.append(frame)
            self.gaps += 1
            request = {"type": "table.open", "table_id": self.table_id, "since": self.seq}
            asyncio.get_running_loop().create_task(self.client.send(request))
            return
        super().apply(frame)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def redis_server(port: int) -> Iterator[Any]:
    """A Redis of this test's own (no persistence: a restart forgets every key); yields a
    function that stops it and starts it again."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is not installed: the cluster tests need it")
    command = [binary, "--port", str(port), "--save", "", "--appendonly", "no",
               "--bind", "127.0.0.1"]  # fmt: skip
    process = [subprocess.Popen(command, stdout=subprocess.DEVNULL)]

    def up() -> None:
        deadline = time.monotonic() + 10
        while not redis_up(f"redis://127.0.0.1:{port}"):
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def restart() -> None:
        process[0].terminate()
        process[0].wait(10)
        time.sleep(1.0)
        process[0] = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        up()

    up()
    try:
        yield restart
    finally:
        process[0].terminate()
        process[0].wait(10)


class Workers(TricksServer):
    def command(self, port: int) -> list[str]:
        return [*super().command(port), "--workers", "2"]


def children(server: TricksServer) -> list[int]:
    """The worker processes of a ``--workers`` server (not their bot processes)."""
    assert server.process is not None
    found = subprocess.run(
        ["pgrep", "-P", str(server.process.pid), "-f", "spawn_main"],
        capture_output=True, text=True,
    ).stdout.split()  # fmt: skip
    return [int(pid) for pid in found]
