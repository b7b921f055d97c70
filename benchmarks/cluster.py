"""The room on several processes of this machine, over PostgreSQL and Redis (docs/deploy.md):
how its throughput, round trips and CPU per move change with one, two and three processes,
what one move costs Redis and PostgreSQL, and how long a killed process's tables take to
play again elsewhere.

Each measurement gets a cluster of its own: a new PostgreSQL database, a new Redis prefix,
``N`` ``circolo serve`` processes (one bot process each, its own data folder). Loopback
players in this process are spread over the processes in turn (a player's table is created
on the process it is connected to, which owns it).

- idle (``--only idle``): no player, what the processes cost by themselves;
- saturation: 50 players, no thinking: moves/s (the processes' /metrics), the servers'
  CPU per move and the bot processes' (from /proc), Redis's CPU per move, its PUBLISH calls
  per move (each frame goes to every process), PostgreSQL's commits per move and the CPU of
  the database's backends per move;
- realistic: 1,000 and 3,000 players thinking 0.5-2 s a move, coming over 30 s: move round
  trip p50/p99, moves/s, each server's RSS;
- failover (2 and 3 processes): players whose tables were created on process B and who then
  play from process A; B is killed -9 and each table's time from the kill to its player's
  first move acknowledged again is taken (median and max over the tables).

Three interleaved runs (run 1 of every measurement, then run 2, ...); the medians go to
``benchmarks/results/cluster.json``. ``--quick`` is a smoke run. Needs PostgreSQL at
127.0.0.1:5432 (trust) and Redis at 127.0.0.1:6379.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]
from redis.asyncio import Redis
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).parent))
from roomload import Player, cpu_seconds, descendants, percentile, start_server

POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS = "redis://127.0.0.1:6379"
RESULTS = Path(__file__).parent / "results" / "cluster.json"


# -- the processes ---------------------------------------------------------------------------


def rss_mib(pid: int) -> float:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def moves_total(port: int) -> float:
    """The process's accepted moves (``circolo_moves_total``, every game) from /metrics."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /metrics HTTP/1.0\r\nHost: x\r\n\r\n")
    body = (await reader.read()).decode()
    writer.close()
    return sum(
        float(m.group(1))
        for m in re.finditer(r"^circolo_moves_total(?:\{[^}]*\})? (\S+)", body, re.M)
    )


@dataclass
class Cluster:
    """``count`` server processes sharing one new database and one new Redis prefix; 0: one
    process on its own SQLite store and bus, as without PostgreSQL and Redis (the baseline)."""

    count: int
    database: str = field(default_factory=lambda: f"circolo_bench_{secrets.token_hex(6)}")
    servers: list[tuple[subprocess.Popen[str], int]] = field(default_factory=list)

    def urls(self) -> list[str]:
        return [f"ws://127.0.0.1:{port}/ws" for _, port in self.servers]

    def pids(self) -> list[int]:
        return [process.pid for process, _ in self.servers]

    def bot_pids(self) -> list[int]:
        return [child for pid in self.pids() for child in descendants(pid)]

    async def moves(self) -> float:
        return sum([await moves_total(port) for process, port in self.servers
                    if process.poll() is None])  # fmt: skip

    def kill(self, index: int) -> None:
        """kill -9 of one process and of its bot processes (as a lost machine)."""
        pid = self.servers[index][0].pid
        for victim in [pid, *descendants(pid)]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(victim, signal.SIGKILL)
        self.servers[index][0].wait(10)


@contextlib.asynccontextmanager
async def cluster(count: int) -> AsyncIterator[Cluster]:
    room = Cluster(count)
    admin = await asyncpg.connect(POSTGRES)
    await admin.execute(f'CREATE DATABASE "{room.database}"')
    extra = {
        "CIRCOLO_DATABASE_URL": POSTGRES.rsplit("/", 1)[0].replace(
            "postgresql://", "postgresql+asyncpg://", 1) + f"/{room.database}",
        "CIRCOLO_REDIS_URL": REDIS,
        "CIRCOLO_REDIS_PREFIX": f"bench{secrets.token_hex(4)}:",
        "CIRCOLO_SECRET_KEY": secrets.token_hex(16),
        "CIRCOLO_BOT_PROCESSES": "1",
    } if count else {"CIRCOLO_BOT_PROCESSES": "1"}  # fmt: skip
    try:
        with tempfile.TemporaryDirectory() as data:
            folders = [Path(data) / f"p{n}" for n in range(max(count, 1))]
            for folder in folders:
                folder.mkdir()
            room.servers.append(start_server(folders[0], extra=extra))  # it migrates the store
            with ThreadPoolExecutor() as starting:  # the others together: they take seconds
                room.servers += starting.map(lambda f: start_server(f, extra=extra), folders[1:])
            try:
                yield room
            finally:  # killed, not drained: the database goes anyway, and sooner
                for index, (process, _) in enumerate(room.servers):
                    if process.poll() is None:
                        room.kill(index)
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{room.database}" WITH (FORCE)')
        await admin.close()


# -- what Redis and PostgreSQL do ------------------------------------------------------------


@dataclass
class Outside:
    """Redis's CPU and PUBLISH calls, the database's commits and its backends' CPU, at one
    moment. Redis is the machine's: other rooms on it count too."""

    redis_cpu: float
    publishes: float
    commits: float
    postgres_cpu: float


async def outside(room: Cluster) -> Outside:
    redis = Redis.from_url(REDIS)
    try:
        cpu = await redis.info("cpu")
        commands = await redis.info("commandstats")
    finally:
        await redis.aclose()
    connection = await asyncpg.connect(POSTGRES)
    try:
        commits = await connection.fetchval(
            "SELECT xact_commit FROM pg_stat_database WHERE datname = $1", room.database
        )
        backends = await connection.fetch(
            "SELECT pid FROM pg_stat_activity WHERE datname = $1", room.database
        )
    finally:
        await connection.close()
    return Outside(
        redis_cpu=float(cpu["used_cpu_sys"]) + float(cpu["used_cpu_user"]),
        publishes=float(commands.get("cmdstat_publish", {}).get("calls", 0)),
        commits=float(commits or 0),
        postgres_cpu=sum(cpu_seconds(row["pid"]) for row in backends),
    )


# -- the measurements ------------------------------------------------------------------------


async def players_live(players: list[Player], timeout: float) -> int:
    """Waits until every player's table is live (or ``timeout``): how many are."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*(p.live.wait() for p in players)), timeout)
    return sum(p.live.is_set() for p in players)


async def load(
    count: int, tables: int, seconds: float, think: tuple[float, float], arrive: float
) -> dict[str, Any]:
    """``tables`` players over ``count`` processes, measured for ``seconds`` once they have
    all come (their tables live)."""
    async with cluster(count) as room:
        urls = room.urls()
        stop = asyncio.Event()
        players = [Player(urls[i % len(urls)], think, random.Random(i), arrive)
                   for i in range(tables)]  # fmt: skip
        tasks = [asyncio.create_task(p.run(stop)) for p in players]
        live = await players_live(players, arrive + 120)
        await asyncio.sleep(2.0)  # the last comers' first moves
        for player in players:
            player.latencies.clear()
        servers, bots = room.pids(), room.bot_pids()
        before_moves, before_out = await room.moves(), await outside(room)
        before_cpu = [sum(map(cpu_seconds, servers)), sum(map(cpu_seconds, bots))]
        before_client = sum(os.times()[:2])
        started = time.perf_counter()
        await asyncio.sleep(seconds)
        elapsed = time.perf_counter() - started
        moves = await room.moves() - before_moves
        after_out = await outside(room)
        server_cpu = sum(map(cpu_seconds, servers)) - before_cpu[0]
        bot_cpu = sum(map(cpu_seconds, bots)) - before_cpu[1]
        client_cpu = sum(os.times()[:2]) - before_client
        latencies = [x for p in players for x in p.latencies]
        per_move = 1000 / moves if moves else 0.0
        result = {
            "tables": tables,
            "live": live,
            "seconds": round(elapsed, 1),
            "moves_per_second": round(moves / elapsed, 1),
            "round_trip_ms_p50": round(1000 * percentile(latencies, 0.5), 2),
            "round_trip_ms_p99": round(1000 * percentile(latencies, 0.99), 2),
            "server_cpu_ms_per_move": round(server_cpu * per_move, 3),
            "bot_cpu_ms_per_move": round(bot_cpu * per_move, 3),
            "server_cpu_share": round(server_cpu / elapsed, 2),
            "bot_cpu_share": round(bot_cpu / elapsed, 2),
            "client_cpu_share": round(client_cpu / elapsed, 2),
            "redis_cpu_ms_per_move": round(
                (after_out.redis_cpu - before_out.redis_cpu) * per_move, 4),
            "redis_cpu_share": round((after_out.redis_cpu - before_out.redis_cpu) / elapsed, 3),
            "publishes_per_move": round(
                (after_out.publishes - before_out.publishes) * per_move / 1000, 2),
            "commits_per_second": round((after_out.commits - before_out.commits) / elapsed, 1),
            "commits_per_move": round(
                (after_out.commits - before_out.commits) * per_move / 1000, 2),
            "postgres_cpu_ms_per_move": round(
                (after_out.postgres_cpu - before_out.postgres_cpu) * per_move, 3),
            "server_rss_mib": [round(rss_mib(pid), 1) for pid in servers],
        }  # fmt: skip
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        return result


class Mover:
    """A player who keeps playing through a failover: a move answered ``busy``, refused as
    stale or not answered within 3 s is tried again on the table's next state.
    ``acks``: when each of its moves was acknowledged (monotonic time)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.acks: list[float] = []
        self.finished = False
        self.ws: ClientConnection | None = None
        self.table_id = ""
        self.seat: int | None = None
        self.seq = 0
        self.state: dict[str, Any] = {}
        self.changed = asyncio.Event()
        self.answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._n = 0
        self.tasks: set[asyncio.Task[Any]] = set()  # kept while they run

    async def request(self, frame: dict[str, Any], timeout: float = 1.0) -> dict[str, Any]:
        """Its answer (``ack`` or ``error``), or ``{"type": "timeout"}``."""
        assert self.ws is not None
        self._n += 1
        ref = f"m{secrets.token_hex(3)}.{self._n}"
        self.answers[ref] = answer = asyncio.get_running_loop().create_future()
        try:
            await self.ws.send(json.dumps({**frame, "id": ref}))
            return await asyncio.wait_for(answer, timeout)
        except (TimeoutError, ConnectionClosed):
            return {"type": "timeout"}
        finally:
            self.answers.pop(ref, None)

    async def seated(self, owner: str, via: str) -> None:
        """A table created on ``owner`` (which owns it), then opened from ``via``."""
        async with connect(owner, max_size=None, ping_interval=None) as ws:
            self.ws = ws
            reader = asyncio.create_task(self.read())
            welcome = await self.request({"type": "hello", "protocol": 1}, 10)
            seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
            created = await self.request({"type": "table.create", "game": "scopa",
                                          "seats": seats}, 10)  # fmt: skip
            self.table_id = created["table_id"]
            self.seat = created["seat"]
            while not self.state.get("hand"):
                await self.next_state()
            reader.cancel()
        self.ws = await connect(via, max_size=None, ping_interval=None)
        self.spawn(self.read())
        await self.request({"type": "hello", "protocol": 1, "token": welcome["token"]}, 10)
        await self.request({"type": "table.open", "table_id": self.table_id,
                            "since": self.seq}, 10)  # fmt: skip

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        self.tasks.add(task := asyncio.create_task(work))
        task.add_done_callback(self.tasks.discard)

    async def next_state(self) -> None:
        self.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.changed.wait(), 1.0)

    async def read(self) -> None:
        assert self.ws is not None
        with contextlib.suppress(ConnectionClosed):
            async for text in self.ws:
                frame = json.loads(text)
                kind = frame["type"]
                answer = self.answers.get(frame.get("ref"))
                if answer is not None and not answer.done():
                    answer.set_result(frame)
                if kind == "table.snapshot" and frame.get("table_id") == self.table_id:
                    self.seat, self.seq = frame["seat"], frame["seq"]
                    self.state = dict(frame["snapshot"].get("state") or frame["snapshot"])
                elif kind == "table.events" and frame.get("table_id") == self.table_id:
                    if frame["prev"] > self.seq:  # one lost in the move: ask for the rest
                        self.spawn(self.request({"type": "table.open",
                                                 "table_id": self.table_id,
                                                 "since": self.seq}))  # fmt: skip
                        continue
                    self.seq = frame["seq"]
                    for event in frame["events"]:
                        if event["type"] in ("snapshot", "update"):
                            self.state.update(event["state"])
                else:
                    continue
                self.changed.set()

    async def play(self, stop: asyncio.Event) -> None:
        """Its moves, a tenth of a second apart, until ``stop`` or the table's end."""
        while not stop.is_set():
            table = self.state.get("table") or {}
            if (table.get("status") or self.state.get("status")) in ("finished", "rematch"):
                self.finished = True
                return
            hand: dict[str, Any] | None = self.state.get("hand")
            phase = self.state.get("phase", {}).get("name")
            if (hand is None or hand["view"] is None or hand["view"]["to_move"] != self.seat
                    or phase not in (None, "play")):  # fmt: skip
                await self.next_state()
                continue
            await asyncio.sleep(self.rng.uniform(0.05, 0.15))
            move = self.rng.choice(hand["legal"])["id"]
            answer = await self.request({"type": "play", "table_id": self.table_id,
                                         "move": move, "ply": hand["ply"]}, 3.0)  # fmt: skip
            if answer["type"] == "ack":
                self.acks.append(time.monotonic())
                await self.next_state()
            else:  # busy, stale, no answer: after a pause, on the state then
                await asyncio.sleep(0.1)


async def failover(count: int, tables: int, background: int) -> dict[str, Any]:
    """``tables`` players on process 0 whose tables process 1 owns, ``background`` other
    players on every process; process 1 killed -9."""
    async with cluster(count) as room:
        urls = room.urls()
        stop = asyncio.Event()
        others = [Player(urls[i % count], (0.5, 1.0), random.Random(i), 2.0)
                  for i in range(background)]  # fmt: skip
        other_tasks = [asyncio.create_task(p.run(stop)) for p in others]
        movers = [Mover(random.Random(1000 + i)) for i in range(tables)]
        await asyncio.gather(*(m.seated(urls[1], urls[0]) for m in movers))
        playing = [asyncio.create_task(m.play(stop)) for m in movers]
        await asyncio.sleep(3.0)
        killed = time.monotonic()
        room.kill(1)
        await asyncio.sleep(3.0)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not all(
            m.finished or (m.acks and m.acks[-1] > killed) for m in movers
        ):
            await asyncio.sleep(0.2)
        back = [next(t for t in m.acks if t > killed) - killed
                for m in movers if m.acks and m.acks[-1] > killed]  # fmt: skip
        stuck = sum(not m.finished and not (m.acks and m.acks[-1] > killed) for m in movers)
        stop.set()
        await asyncio.gather(*playing, *other_tasks, return_exceptions=True)
        for mover in movers:
            if mover.ws is not None:
                await mover.ws.close()
        return {
            "tables": len(back),
            "stuck": stuck,
            "seconds_median": round(statistics.median(back), 2) if back else None,
            "seconds_max": round(max(back), 2) if back else None,
        }


# -- runs and medians ------------------------------------------------------------------------


def medians(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each number's median over the runs (lists element by element); the runs kept too."""
    merged: dict[str, Any] = {}
    for key, first in runs[0].items():
        values = [run[key] for run in runs]
        if isinstance(first, list):
            merged[key] = [round(statistics.median(v), 1) for v in zip(*values, strict=True)]
        elif isinstance(first, int | float) and all(v is not None for v in values):
            merged[key] = round(statistics.median(values), 3)
        else:
            merged[key] = values
    return merged


def plan(args: argparse.Namespace) -> list[tuple[str, Callable[[], Any]]]:
    """Every measurement, named, once (a run)."""
    steps: list[tuple[str, Callable[[], Any]]] = []
    for count in args.processes:
        label = str(count) if count else "sqlite"

        def saturation(n: int = count) -> Any:
            return load(n, args.saturation_tables, args.saturation_seconds, (0.0, 0.0), 2.0)

        steps.append((f"saturation/{label}", saturation))
        if "idle" in args.only:

            def idle(n: int = count) -> Any:
                return load(n, 0, args.saturation_seconds, (0.0, 0.0), 0.0)

            steps.append((f"idle/{label}", idle))
        for tables in args.tables if "tables" in args.only else []:

            def realistic(n: int = count, t: int = tables) -> Any:
                return load(n, t, args.seconds, (0.5, 2.0), args.arrive)

            steps.append((f"tables {tables}/{label}", realistic))
        if count >= 2 and "failover" in args.only:

            def moved(n: int = count) -> Any:
                return failover(n, args.failover_tables, args.failover_background)

            steps.append((f"failover/{label}", moved))
    return [(name, step) for name, step in steps
            if "saturation" in args.only or not name.startswith("saturation")]  # fmt: skip


def table(results: dict[str, dict[str, Any]]) -> str:
    rows = ["| measurement | moves/s | p50 / p99 ms | server CPU ms/move | bots ms/move"
            " | Redis ms/move | PUBLISH/move | commits/move | PG ms/move | RSS MiB |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]  # fmt: skip
    for name, r in results.items():
        if name.startswith("failover"):
            rows.append(f"| {name} | failover {r['seconds_median']} s median, "
                        f"{r['seconds_max']} s max over {r['tables']} tables "
                        f"({r['stuck']} stuck) | | | | | | | | |")  # fmt: skip
            continue
        rows.append(
            f"| {name} | {r['moves_per_second']} | {r['round_trip_ms_p50']} / "
            f"{r['round_trip_ms_p99']} | {r['server_cpu_ms_per_move']} | "
            f"{r['bot_cpu_ms_per_move']} | {r['redis_cpu_ms_per_move']} | "
            f"{r['publishes_per_move']} | {r['commits_per_move']} | "
            f"{r['postgres_cpu_ms_per_move']} | {r['server_rss_mib']} |"
        )
    return "\n".join(rows)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Every run; after each one, the medians so far are written (a long run that is
    stopped keeps its first runs)."""
    machine = {"cpus": os.cpu_count(), "load_average": os.getloadavg()}
    settings = {k: v for k, v in vars(args).items() if k != "out"}
    steps = plan(args)
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in steps}
    report: dict[str, Any] = {}
    for number in range(args.runs):
        for name, step in steps:
            began = time.perf_counter()
            runs[name].append(await step())
            print(f"run {number + 1} {name} ({time.perf_counter() - began:.0f} s): "
                  f"{runs[name][-1]}", flush=True)  # fmt: skip
        results = {name: medians(values) for name, values in runs.items()}
        report = {"machine": machine, "settings": settings, "runs": number + 1,
                  "results": results}  # fmt: skip
        if not args.quick:
            args.out.parent.mkdir(exist_ok=True)
            args.out.write_text(json.dumps(report, indent=2) + "\n")
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: small and short")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 3],
                        help="0: one process on SQLite, without Redis (the baseline)")  # fmt: skip
    parser.add_argument("--tables", type=int, nargs="+", default=[1000, 3000])
    parser.add_argument("--seconds", type=float, default=60.0, help="realistic loads' window")
    parser.add_argument("--arrive", type=float, default=30.0, help="the players come over")
    parser.add_argument("--saturation-tables", type=int, default=50)
    parser.add_argument("--saturation-seconds", type=float, default=10.0)
    parser.add_argument("--failover-tables", type=int, default=20)
    parser.add_argument("--failover-background", type=int, default=60)
    parser.add_argument("--only", nargs="+", default=["saturation", "tables", "failover"],
                        choices=["saturation", "idle", "tables", "failover"])  # fmt: skip
    parser.add_argument("--out", type=Path, default=RESULTS)
    if parser.parse_args().quick:  # smaller defaults; what is given still counts
        parser.set_defaults(runs=1, tables=[100], seconds=5.0, arrive=3.0, saturation_seconds=4.0,
                            failover_tables=6, failover_background=10)  # fmt: skip
    args = parser.parse_args()
    report = asyncio.run(run(args))
    print(table(report["results"]))


if __name__ == "__main__":
    main()
