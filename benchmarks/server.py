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
import json
import os
import platform
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from roomload import Player, percentile, start_server
from websockets.asyncio.client import ClientConnection, connect

RESULTS = Path(__file__).parent / "results"
ARRIVE = 30.0
"""Seconds over which the realistic load's players come. All at once, their one-hand
matches would end together, and every table would be replaced in the same second."""


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


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
