"""The game server under load: moves through the real server, beside a bare echo server.

Starts ``circolo serve`` in its own process (a fresh SQLite data folder, short pauses), and
in this process loopback clients, one per table, each seated against a random bot at a
1 v 1 Scopa table of one hand (a finished table is replaced by a new one, so the count of
live tables holds). Reported:

- saturation (clients and bots move at once): moves per second (the human's and the
  bot's, from /metrics), the clients' move round trips per second, and the round trips per
  second of a bare ``websockets`` echo server with as many connections, as the ceiling. The
  echo server runs in a process of its own, as ours does;
- latency: the move round trip (send to ack; the ack follows the publish) p50 / p99 at
  saturation and under a realistic load (players answer 0.5-2 s into their turn, and bots
  after the room's own pause, ``bot_delay``), and the server's own command-to-publish
  histogram (p50 / p99 from its buckets);
- memory per live table: the server's resident memory growth over ``--memory`` idle live
  tables (untimed, each with its player's connection), after a warm-up; then the growth
  over as many bare connections, so that the table's own share shows.

Figures are printed and written to ``benchmarks/results/server.json``.

In the realistic load the players come over ``ARRIVE`` seconds, as people do, and it is
measured over ``--realistic-seconds`` (60): long enough for the server's rare cycle
collections (``circolo_gc_pause_seconds``, reported) to fall in it at their own rate.

    python benchmarks/server.py [--tables 50] [--realistic 1000] [--memory 300] [--seconds 10]
        [--realistic-seconds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

RESULTS = Path(__file__).parent / "results"
ARRIVE = 30.0
"""Seconds over which the realistic load's players come. All at once, their one-hand
matches would end together, and every table would be replaced in the same second."""
FAST_TABLE = '{"hand_result_pause": 0.05, "rematch_window": 0.05, "trick_display": 0.05}'


def start_server(data_dir: Path, bot_delay: str | None = "0") -> tuple[subprocess.Popen[str], int]:
    """The server; ``bot_delay`` None keeps the room's own pause before a bot moves."""
    env = {
        **os.environ, "CIRCOLO_LOG_LEVEL": "warning",
        "CIRCOLO_TABLE": FAST_TABLE, "CIRCOLO_RATE": "1000", "CIRCOLO_BURST": "1000",
        "CIRCOLO_HEARTBEAT_TIMEOUT": "60", "CIRCOLO_BOT_BUDGET_MS": "20",
        # every simulated player comes from 127.0.0.1
        "CIRCOLO_WEBSOCKETS_PER_ADDRESS": "100000", "CIRCOLO_SOCKETS_PER_ADDRESS": "100000",
    }  # fmt: skip
    if bot_delay is not None:
        env["CIRCOLO_BOT_DELAY"] = bot_delay
    command = [sys.executable, "-m", "circolo.serve_cli", "--port", "0", "--data-dir",
               str(data_dir)]  # fmt: skip
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"serving at http://[\d.]+:(\d+)/", line)
        if found:
            drain = threading.Thread(target=process.stdout.read, daemon=True)
            drain.start()  # its log must not fill the pipe
            return process, int(found.group(1))
    raise RuntimeError("the server did not start")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Player:
    """One loopback client: seated at a table against a random bot, plays random moves."""

    def __init__(
        self, url: str, think: tuple[float, float], rng: random.Random, arrive: float = 0.0
    ) -> None:
        self.url = url
        self.think = think
        self.rng = rng
        self.arrive = arrive  # comes within this many seconds (players do not come at once)
        self.latencies: list[float] = []
        self.ws: ClientConnection | None = None
        self.live = asyncio.Event()
        self._n = 0

    async def send(self, frame: dict[str, Any]) -> str:
        assert self.ws is not None
        self._n += 1
        ref = f"r{self._n}"
        await self.ws.send(json.dumps({**frame, "id": ref}))
        return ref

    async def run(self, stop: asyncio.Event) -> None:
        await asyncio.sleep(self.rng.uniform(0, self.arrive))
        self.ws = await connect(self.url, max_size=None, open_timeout=60, ping_interval=None)
        await self.send({"type": "hello", "protocol": 1})
        beat = asyncio.create_task(self._beat())
        try:
            while not stop.is_set():
                await self.table(stop)
        finally:
            beat.cancel()
            await self.ws.close()

    async def _beat(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                await asyncio.sleep(2.0)
                assert self.ws is not None
                await self.ws.send('{"type": "ping"}')

    async def table(self, stop: asyncio.Event) -> None:
        """Play one table to its end (or until ``stop``)."""
        assert self.ws is not None
        seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
        options = {"target": "single_hand"}
        await self.send({"type": "table.create", "game": "scopa", "options": options,
                         "seats": seats})  # fmt: skip
        state: dict[str, Any] = {}
        seat: int | None = None
        sent: dict[str, float] = {}
        moved_at_seq = -1
        seq = 0
        thinking: set[asyncio.Task[None]] = set()
        while not stop.is_set():
            frame = json.loads(await self.ws.recv())
            kind = frame["type"]
            if kind == "ack" and frame.get("ref") in sent:
                self.latencies.append(time.perf_counter() - sent.pop(frame["ref"]))
            elif kind == "table.snapshot":
                seat, seq = frame["seat"], frame["seq"]
                state = dict(frame["snapshot"].get("state") or frame["snapshot"])
            elif kind == "table.events":
                seq = frame["seq"]
                for event in frame["events"]:
                    if event["type"] in ("snapshot", "update"):
                        state.update(event["state"])
            else:
                continue
            table = state.get("table") or {}
            status = table.get("status") or state.get("status")
            if status == "playing":
                self.live.set()
            if status in ("finished", "rematch"):
                if status == "rematch":
                    await self.send({"type": "rematch", "table_id": frame["table_id"],
                                     "accept": False})  # fmt: skip
                if status == "finished":
                    return
                continue
            hand = state.get("hand")
            view = hand["view"] if hand else None
            if view is None or view["to_move"] != seat or moved_at_seq == seq:
                continue
            if state.get("phase", {}).get("name") not in (None, "play"):
                continue
            moved_at_seq = seq
            move = self.play(frame["table_id"], hand, sent)
            if self.think[1] > 0:  # think while reading on (acks are timed when they come)
                thinking.add(task := asyncio.create_task(move))
                task.add_done_callback(thinking.discard)
            else:
                await move

    async def play(self, table_id: str, hand: dict[str, Any], sent: dict[str, float]) -> None:
        """A random offered move, after thinking for a while (the run may end meanwhile)."""
        if self.think[1] > 0:
            await asyncio.sleep(self.rng.uniform(*self.think))
        move = self.rng.choice(hand["legal"])["id"]
        frame = {"type": "play", "table_id": table_id, "move": move, "ply": hand["ply"]}
        with contextlib.suppress(ConnectionClosed):
            ref = await self.send(frame)
            sent[ref] = time.perf_counter()


class Counted:
    """What /metrics says at one moment: moves, the move-latency buckets, cycle collections."""

    def __init__(self, body: str) -> None:
        def total(name: str) -> float:
            return sum(float(m.group(1)) for m in re.finditer(rf"^{name}(?:{{[^}}]*}})? (\S+)",
                                                              body, re.M))  # fmt: skip

        self.moves = total("circolo_moves_total")
        self.gc_pauses = total("circolo_gc_pause_seconds_count")
        self.gc_seconds = total("circolo_gc_pause_seconds_sum")
        self.buckets = [
            (float("inf") if m.group(1) == "+Inf" else float(m.group(1)), float(m.group(2)))
            for m in re.finditer(
                r'^circolo_move_latency_seconds_bucket\{le="([^"]+)"\} (\S+)', body, re.M
            )
        ]


async def counted(port: int) -> Counted:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /metrics HTTP/1.0\r\nHost: x\r\n\r\n")
    body = (await reader.read()).decode()
    writer.close()
    return Counted(body)


def bucket_percentile(before: list[tuple[float, float]], after: list[tuple[float, float]],
                      share: float) -> float:  # fmt: skip
    """The upper bound of the bucket holding the ``share`` quantile of the new samples."""
    old = dict(before)
    counts = [(le, n - old.get(le, 0.0)) for le, n in after]
    total = counts[-1][1] if counts else 0.0
    for le, n in counts:
        if total and n >= share * total:
            return le
    return 0.0


async def load(
    port: int, tables: int, seconds: float, think: tuple[float, float], arrive: float = 0.0
) -> dict[str, Any]:
    """``tables`` players, coming within ``arrive`` seconds, for ``seconds`` (after every
    table is live)."""
    url = f"ws://127.0.0.1:{port}/ws"
    stop = asyncio.Event()
    players = [Player(url, think, random.Random(i), arrive) for i in range(tables)]
    tasks = [asyncio.create_task(p.run(stop)) for p in players]
    await asyncio.wait_for(asyncio.gather(*(p.live.wait() for p in players)), 120)
    for player in players:
        player.latencies.clear()
    before = await counted(port)
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    after = await counted(port)
    latencies = [x for p in players for x in p.latencies]
    pauses = after.gc_pauses - before.gc_pauses
    result = {
        "tables": tables,
        "seconds": round(elapsed, 2),
        "moves_per_second": round((after.moves - before.moves) / elapsed, 1),
        "round_trips_per_second": round(len(latencies) / elapsed, 1),
        "round_trip_ms_p50": round(1000 * percentile(latencies, 0.5), 2),
        "round_trip_ms_p99": round(1000 * percentile(latencies, 0.99), 2),
        "server_move_ms_p50_bucket": 1000 * bucket_percentile(before.buckets, after.buckets, 0.5),
        "server_move_ms_p99_bucket": 1000 * bucket_percentile(before.buckets, after.buckets, 0.99),
        "gc_pauses": int(pauses),
        "gc_pause_ms_mean": round(1000 * (after.gc_seconds - before.gc_seconds) / pauses, 1)
        if pauses
        else None,
    }
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return result


async def open_tables(url: str, count: int) -> list[ClientConnection]:
    """``count`` live private untimed tables (a human who never moves, a bot)."""
    sockets = []
    for _ in range(count):
        ws = await connect(url, max_size=None, open_timeout=60, ping_interval=None)
        await ws.send(json.dumps({"type": "hello", "protocol": 1}))
        await ws.send(json.dumps({
            "type": "table.create", "game": "scopa", "speed": "untimed", "private": True,
            "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}], "id": "c",
        }))  # fmt: skip
        sockets.append(ws)
    for ws in sockets:
        while json.loads(await ws.recv()).get("ref") != "c":
            pass
    return sockets


async def live_memory(pid: int, port: int, tables: int) -> dict[str, Any]:
    """Resident memory per live table (with its player's connection), after a warm-up."""
    url = f"ws://127.0.0.1:{port}/ws"
    warm = await open_tables(url, 10)
    await asyncio.sleep(3.0)
    before = rss_kib(pid)
    sockets = await open_tables(url, tables)
    await asyncio.sleep(3.0)
    after = rss_kib(pid)
    bare = []
    for _ in range(tables):  # connections alone, for the share of the connection
        ws = await connect(url, max_size=None, open_timeout=60, ping_interval=None)
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "id": "h"}))
        bare.append(ws)
    for ws in bare:
        await ws.recv()
    await asyncio.sleep(3.0)
    connected = rss_kib(pid)
    for ws in warm + sockets + bare:
        await ws.close()
    with_connection = (after - before) / tables
    connection = (connected - after) / tables
    return {
        "tables": tables,
        "rss_before_kib": before,
        "rss_after_kib": after,
        "kib_per_live_table_with_its_connection": round(with_connection, 1),
        "kib_per_bare_connection": round(connection, 1),
        "kib_per_live_table": round(with_connection - connection, 1),
    }


ECHO_SERVER = """
import asyncio
from websockets.asyncio.server import serve

async def echo(ws):
    async for message in ws:
        await ws.send(message)

async def main():
    async with serve(echo, "127.0.0.1", 0, compression=None) as server:
        print(next(iter(server.sockets)).getsockname()[1], flush=True)
        await asyncio.Future()

asyncio.run(main())
"""


async def echo(connections: int, seconds: float) -> dict[str, Any]:
    """Round trips per second of a bare websockets echo server in a process of its own (as
    ours), ``connections`` clients here at once: the ceiling for one Python server process
    on this machine."""
    command = [sys.executable, "-c", ECHO_SERVER]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    port = int(server.stdout.readline())
    frame = json.dumps(
        {"type": "play", "table_id": "t_0123456789", "move": "7D", "ply": 3, "id": "r1"}
    )
    count = 0
    stop = asyncio.Event()

    async def client() -> None:
        nonlocal count
        async with connect(f"ws://127.0.0.1:{port}", compression=None) as ws:
            while not stop.is_set():
                await ws.send(frame)
                await ws.recv()
                count += 1

    try:
        tasks = [asyncio.create_task(client()) for _ in range(connections)]
        await asyncio.sleep(0.5)
        count = 0
        started = time.perf_counter()
        await asyncio.sleep(seconds)
        elapsed = time.perf_counter() - started
        total = count
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        server.kill()
        server.wait()
    return {"connections": connections, "round_trips_per_second": round(total / elapsed, 1)}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average_at_start": os.getloadavg()[0],
    }
    results["echo"] = await echo(args.tables, args.seconds)
    print("echo", results["echo"], flush=True)
    with tempfile.TemporaryDirectory() as data:
        process, port = start_server(Path(data))
        try:
            results["memory"] = await live_memory(process.pid, port, args.memory)
            print("memory", results["memory"], flush=True)
            results["saturation"] = await load(port, args.tables, args.seconds, (0.0, 0.0))
            print("saturation", results["saturation"], flush=True)
        finally:
            process.terminate()
            process.wait(30)
    with tempfile.TemporaryDirectory() as data:
        process, port = start_server(Path(data), bot_delay=None)
        try:
            results["realistic"] = await load(
                port, args.realistic, args.realistic_seconds, (0.5, 2.0), arrive=ARRIVE
            )
            print("realistic", results["realistic"], flush=True)
        finally:
            process.terminate()
            process.wait(30)
    echo_rate = results["echo"]["round_trips_per_second"]
    results["moves_vs_echo"] = round(results["saturation"]["moves_per_second"] / echo_rate, 3)
    results["round_trips_vs_echo"] = round(
        results["saturation"]["round_trips_per_second"] / echo_rate, 3
    )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="tables at saturation")
    parser.add_argument("--realistic", type=int, default=1000, help="tables at 0.5-2 s a move")
    parser.add_argument("--memory", type=int, default=300, help="idle live tables for memory")
    parser.add_argument("--seconds", type=float, default=10.0, help="saturation, echo")
    parser.add_argument("--realistic-seconds", type=float, default=60.0)
    args = parser.parse_args()
    results = asyncio.run(run(args))
    print(json.dumps(results, indent=2))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "server.json").write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
