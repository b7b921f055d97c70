"""The game server under load: moves through the real server, beside a bare echo server.

Starts ``circolo serve`` in its own process (a fresh SQLite data folder, short pauses), and
in this process loopback clients, one per table, each seated against a random bot at a
1 v 1 Scopa table (a finished table is replaced by a new one, so the count of live tables
holds), each a whole match, as people play and as ``benchmarks/table.py`` plays; at
saturation also each of one hand, so that what starting a table costs shows. Reported:

- saturation (clients and bots move at once, ``--tables`` of them: enough that the server's
  CPU is busy all the time, which it warns of when not): moves per second (the human's and the
  bot's, from /metrics), the clients' move round trips per second, and the round trips per
  second of a bare ``websockets`` echo server with as many connections, as the ceiling;
  and of an echo through the server's own stack (uvicorn, uvloop, a Starlette route). Each
  echo server runs in a process of its own, as ours does, its CPU per round trip read;
- latency: the move round trip (send to ack; the ack follows the publish) p50 / p99 at
  saturation and under a realistic load (players answer 0.5-2 s into their turn, and bots
  after the room's own pause, ``bot_delay``), and the server's own command-to-publish
  histogram (p50 / p99 from its buckets);
- memory per live table: the server's resident memory growth over ``--memory`` idle live
  tables (untimed, each with its player's connection), after a warm-up; then the growth
  over as many bare connections, so that the table's own share shows; and, per table, its
  growth from the empty server to the end of the realistic load (tables in play, with
  what their matches hold by then: the lines told, the frames kept for a resync);

- CPU: the server process's CPU seconds (user and system, from /proc; the system share
  apart) per move over each window, and the realistic load's share of a CPU over the
  saturation's, beside the pure table's CPU per move for 1 v 1 Scopa (what
  ``benchmarks/table.py`` times over whole matches, the deals and the pauses' ends
  within the moves as in the server's figure, on the same version's code, just before
  and just after the saturation, each the median of five runs), and their ratio (also for
  the tables of one hand); the bot processes' CPU apart.

The echo, the saturation and the realistic load run in turn, ``--rounds`` times (3), so a
passing load on the machine touches all of them alike; medians are printed with the ratios
(moves/s over echo round trips/s; CPU per move over the table's). With ``--baseline``
(a checkout of another version, e.g. ``git worktree add /tmp/base main``) each load also
runs on that version's server, alternately first and second, for figures paired in the
same runs (each server runs with ``python -P``, its checkout on ``PYTHONPATH``: the folder
the benchmark starts from does not come first on the path). Figures are printed and
written to ``benchmarks/results/server.json``.

In the realistic load the players come over ``ARRIVE`` seconds, as people do, the room
settles for ``--settle`` seconds (``SETTLE``), and it is measured over
``--realistic-seconds`` (120): long enough for the server's rare cycle
collections (``circolo_gc_pause_seconds``, reported) and its looks for garbage in a copy
(``circolo_gc_looks_total``) to fall in it at their own rate; the longest round trip of the
window is reported beside p99. The clients' own collections are off from the settling to
the end of the window: with 1,000 connections in this process they took 10-70 ms each,
and would have counted as the server's round trips.

``--profile`` runs only the saturation load, with py-spy sampling the server (only while it
holds the GIL: its CPU) for ``--seconds``; it writes a flame graph
(``results/server-profile.svg``), the collapsed stacks (``server-profile.txt``) and the
functions that cost most (``server-profile-top.txt``). Where py-spy gets few samples (it
cannot read the memory of a process on some virtual machines), ``--profile-calls`` runs the
same load with the server under cProfile (``profiled.py``): ``results/server-calls.prof``
(for pstats or a flame graph tool) and its top functions in ``server-calls.txt``. cProfile
stretches small functions (each call is measured); ``--profile-samples`` samples the
server's event loop thread in its CPU time instead (``profiled.py samples``): the
collapsed stacks in ``results/server-samples.txt``, and what costs most, in µs of CPU a
move, in ``server-samples-top.txt``; ``--profile-stages`` times only the
server's main stages in thread CPU time (``staged.py``), with each thread's CPU (the
store's writer and reader beside the event loop's): ``results/server-stages.txt``.

    python benchmarks/server.py [--tables 100] [--realistic 1000] [--memory 300] [--seconds 10]
        [--realistic-seconds 120] [--rounds 3] [--baseline PATH]
        [--profile | --profile-calls | --profile-samples | --profile-stages]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import io
import json
import os
import platform
import pstats
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from roomload import Player, cpu_seconds, descendants, percentile, start_server
from websockets.asyncio.client import ClientConnection, connect

RESULTS = Path(__file__).parent / "results"
ARRIVE = 30.0
"""Seconds over which the realistic load's players come. All at once, their one-hand
matches would end together, and every table would be replaced in the same second."""
SETTLE = 90.0
"""Seconds from the last arrival to the realistic window: a finished table stays a minute
for its players (``finished_linger``), so the room's memory grows until the first
matches (about 45 s) have ended and their tables retired; the collections of that
filling up are counted apart (``settle_gc_pauses``)."""


class Cpu:
    """The CPU seconds a server (and apart, its bot processes) spends from here on."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.bots = {child: cpu_seconds(child) for child in descendants(pid)}
        self.server = cpu_seconds(pid)
        self.kernel = cpu_seconds(pid, kernel_only=True)

    def spent(self) -> tuple[float, float, float]:
        """Server CPU seconds, of which in its kernel, and bot processes' CPU seconds,
        since this was made."""
        bots = sum(cpu_seconds(c) - self.bots.get(c, 0.0) for c in descendants(self.pid))
        kernel = cpu_seconds(self.pid, kernel_only=True) - self.kernel
        return cpu_seconds(self.pid) - self.server, kernel, bots


TABLE_STEP_RUNS = 5
"""Runs of the table step per measure, their median kept: one run of 30 matches lasts half
a second, and from one run to the next the same code took 0.14 to 0.28 ms a step on a
shared machine, which moved the ratio to it by as much."""


def table_step(code: str) -> dict[str, float]:
    """The pure table of the version whose checkout is ``code``, 1 v 1 Scopa, as
    ``benchmarks/table.py`` times it: ms a step, and ms a move (every step's time over the
    moves: the server's CPU is counted so, its deals and pauses' ends within its moves).
    In CPU time (as the server's is read: a loaded machine stretches wall time, not CPU
    time); in a process of its own, on that code; each the median of ``TABLE_STEP_RUNS``
    runs."""
    script = (
        "import json, time; from table import steps_per_second; print(json.dumps([steps_"
        "per_second('scopa', 2, matches=30, seed=0, clock=time.thread_time) "
        f"for _ in range({TABLE_STEP_RUNS})]))"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([code, str(Path(__file__).parent)])}
    done = subprocess.run(
        [sys.executable, "-P", "-c", script], env=env, capture_output=True, text=True, check=True
    )
    runs = json.loads(done.stdout)
    return {key: float(statistics.median(run[key] for run in runs))
            for key in ("ms_per_step", "ms_per_move")}  # fmt: skip


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
        self.frames = total("circolo_frames_total")  # frames the clients sent
        self.transactions = total("circolo_store_transactions_total")  # 0 on older versions
        self.writes = total("circolo_store_writes_total")
        self.gc_pauses = total("circolo_gc_pause_seconds_count")
        self.gc_seconds = total("circolo_gc_pause_seconds_sum")
        self.gc_collected = total("circolo_gc_collected_total")
        self.gc_looks = total("circolo_gc_looks_total")  # in a forked copy (0 on older versions)
        self.gc_buckets: defaultdict[float, float] = defaultdict(float)  # pauses, by bound
        for m in re.finditer(r'^circolo_gc_pause_seconds_bucket\{[^}]*le="([^"]+)"\} (\S+)',
                             body, re.M):  # fmt: skip
            self.gc_buckets[float("inf") if m.group(1) == "+Inf" else float(m.group(1))] += float(
                m.group(2)
            )
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
    pid: int, port: int, tables: int, seconds: float, think: tuple[float, float],
    arrive: float = 0.0, during: Any = None, settle: float = 0.0, whole_match: bool = False,
) -> dict[str, Any]:  # fmt: skip
    """``tables`` players, coming within ``arrive`` seconds, for ``seconds`` (after every
    table is live, and ``settle`` seconds more); each table of one hand, or with
    ``whole_match`` to the game's own target."""
    url = f"ws://127.0.0.1:{port}/ws"
    stop = asyncio.Event()
    empty_kib = rss_kib(pid)
    players = [Player(url, think, random.Random(i), arrive, whole_match=whole_match)
               for i in range(tables)]  # fmt: skip
    tasks = [asyncio.create_task(p.run(stop)) for p in players]
    try:
        await asyncio.wait_for(asyncio.gather(*(p.live.wait() for p in players)), 300)
    except TimeoutError:
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        raise
    settling = await counted(port)
    # The clients' own collections (10-70 ms each with 1,000 connections in this process)
    # would count in the round trips as the server's: none until the window is over.
    gc.collect()
    gc.disable()
    await asyncio.sleep(settle)
    for player in players:
        player.latencies.clear()
    before = await counted(port)
    cpu = Cpu(pid)
    started = time.perf_counter()
    await (asyncio.sleep(seconds) if during is None else during)
    elapsed = time.perf_counter() - started
    server_cpu, kernel_cpu, bots_cpu = cpu.spent()
    in_play_kib = rss_kib(pid) - empty_kib
    after = await counted(port)
    latencies = [x for p in players for x in p.latencies]
    pauses = after.gc_pauses - before.gc_pauses
    moves = after.moves - before.moves
    result = {
        "tables": tables,
        "seconds": round(elapsed, 2),
        "moves_per_second": round(moves / elapsed, 1),
        "server_cpu_share": round(server_cpu / elapsed, 3),
        "server_cpu_ms_per_move": round(1000 * server_cpu / moves, 4) if moves else None,
        "server_kernel_share_of_its_cpu": round(kernel_cpu / server_cpu, 3) if server_cpu else None,
        "bots_cpu_ms_per_move": round(1000 * bots_cpu / moves, 4) if moves else None,
        "frames_in_per_move": round((after.frames - before.frames) / moves, 3) if moves else None,
        "kib_per_table_in_play": round(in_play_kib / tables, 1),
        "store_commits_per_second": round((after.transactions - before.transactions) / elapsed, 1),
        "store_writes_per_commit": round(
            (after.writes - before.writes) / (after.transactions - before.transactions), 2
        )
        if after.transactions > before.transactions
        else None,
        "round_trips_per_second": round(len(latencies) / elapsed, 1),
        "round_trip_ms_p50": round(1000 * percentile(latencies, 0.5), 2),
        "round_trip_ms_p99": round(1000 * percentile(latencies, 0.99), 2),
        "round_trip_ms_max": round(1000 * max(latencies, default=0.0), 2),
        "server_move_ms_p50_bucket": 1000 * bucket_percentile(before.buckets, after.buckets, 0.5),
        "server_move_ms_p99_bucket": 1000 * bucket_percentile(before.buckets, after.buckets, 0.99),
        "settle_seconds": settle,
        "settle_gc_pauses": int(before.gc_pauses - settling.gc_pauses),
        "settle_gc_looks": int(before.gc_looks - settling.gc_looks),
        "gc_pauses": int(pauses),
        "gc_looks": int(after.gc_looks - before.gc_looks),
        "gc_collected_objects": int(after.gc_collected - before.gc_collected),
        "gc_pause_ms_max_bucket": 1000
        * bucket_percentile(
            sorted(before.gc_buckets.items()), sorted(after.gc_buckets.items()), 1.0
        ),
        "gc_pause_ms_mean": round(1000 * (after.gc_seconds - before.gc_seconds) / pauses, 1)
        if pauses
        else None,
    }
    gc.enable()
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

STACK_ECHO_SERVER = """
import socket, uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute

async def echo(websocket):
    await websocket.accept()
    while (message := await websocket.receive())["type"] != "websocket.disconnect":
        await websocket.send_text(message["text"])

listening = socket.socket()
listening.bind(("127.0.0.1", 0))
listening.listen(128)  # clients may connect before uvicorn takes the socket
print(listening.getsockname()[1], flush=True)
config = uvicorn.Config(Starlette(routes=[WebSocketRoute("/", echo)]), loop="uvloop",
                        ws="websockets-sansio", log_level="warning")
uvicorn.Server(config).run(sockets=[listening])
"""
"""The same echo through the server's own stack (uvicorn's sans-I/O websockets protocol on
uvloop, a Starlette route): what a frame in and a frame out cost before any of the room's
own work."""


async def echo(connections: int, seconds: float, code: str = ECHO_SERVER) -> dict[str, Any]:
    """Round trips per second of an echo server (``code``: a bare websockets one by default)
    in a process of its own (as ours), ``connections`` clients here at once, and its CPU
    per round trip: the ceiling for one Python server process on this machine."""
    command = [sys.executable, "-c", code]
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
        async with connect(f"ws://127.0.0.1:{port}", compression=None, open_timeout=30) as ws:
            while not stop.is_set():
                await ws.send(frame)
                await ws.recv()
                count += 1

    try:
        tasks = [asyncio.create_task(client()) for _ in range(connections)]
        await asyncio.sleep(1.0)
        count = 0
        spent = cpu_seconds(server.pid)
        started = time.perf_counter()
        await asyncio.sleep(seconds)
        elapsed = time.perf_counter() - started
        spent = cpu_seconds(server.pid) - spent
        total = count
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        server.kill()
        server.wait()
    return {
        "connections": connections,
        "round_trips_per_second": round(total / elapsed, 1),
        "server_cpu_us_per_round_trip": round(1e6 * spent / total, 1) if total else None,
    }


async def one_server(args: argparse.Namespace, extra: dict[str, str]) -> dict[str, Any]:
    """Memory and saturation on one server, the realistic load on a fresh one (with the
    room's own pause before a bot moves). The pure table of the same code is timed just
    before and just after the saturation, and the two figures averaged: the machine's
    speed drifts from one minute to the next (the same table code took 0.166 ms a move in
    one round and 0.238 in the next), and the ratio to the server's CPU should see the
    speed the server saw."""
    found: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as data:
        process, port = start_server(Path(data), extra=extra)
        try:
            if args.memory:
                found["memory"] = await live_memory(process.pid, port, args.memory)
                print("  memory", found["memory"], flush=True)
            before = table_step(extra["PYTHONPATH"])
            found["saturation"] = await load(process.pid, port, args.tables, args.seconds,
                                             (0.0, 0.0), whole_match=True)  # fmt: skip
            print("  saturation", found["saturation"], flush=True)
            found["hands"] = await load(process.pid, port, args.tables, args.seconds, (0.0, 0.0))
            print("  saturation, a new table each hand", found["hands"], flush=True)
            for part in ("saturation", "hands"):
                warn_if_idle(found[part], args.tables)
            after = table_step(extra["PYTHONPATH"])
            found["table"] = {key: round((before[key] + after[key]) / 2, 4) for key in before}
            print("  table (before and after the saturation)", before, after, flush=True)
        finally:
            process.terminate()
            process.wait(30)
    if args.realistic:
        with tempfile.TemporaryDirectory() as data:
            process, port = start_server(Path(data), bot_delay=None, extra=extra)
            try:
                found["realistic"] = await load(process.pid, port, args.realistic,
                                                args.realistic_seconds, (0.5, 2.0),
                                                arrive=ARRIVE, settle=args.settle,
                                                whole_match=True)  # fmt: skip
                print("  realistic", found["realistic"], flush=True)
            except TimeoutError:  # a machine busy with other work: said, not a crash
                found["realistic_failed"] = f"{args.realistic} players not all playing in time"
                print("  realistic:", found["realistic_failed"], flush=True)
            finally:
                process.terminate()
                process.wait(30)
    return found


SATURATED = 0.97
"""The server's share of a CPU below which a "saturation" load did not saturate it."""


def warn_if_idle(found: dict[str, Any], tables: int) -> None:
    """Say so when the saturation load left the server idle part of the time: each table
    waits for two commits a round (its player's move and the bot's), and too few tables
    leave the loop waiting for them, its CPU per move stretched by the idle loop's
    wake-ups: not the saturated server's figure."""
    share = found["server_cpu_share"]
    if share < SATURATED:
        print(f"  (not saturated: the server used {share:.2f} of a CPU with {tables} tables;"
              " take more with --tables)", flush=True)  # fmt: skip


FIGURES = {
    "echo round trips/s": ("echo", "round_trips_per_second"),
    "echo server CPU µs/round trip": ("echo", "server_cpu_us_per_round_trip"),
    "echo through our stack: round trips/s": ("stack_echo", "round_trips_per_second"),
    "echo through our stack: server CPU µs/round trip": (
        "stack_echo",
        "server_cpu_us_per_round_trip",
    ),
    "saturation moves/s": ("saturation", "moves_per_second"),
    "saturation round trip p50 ms": ("saturation", "round_trip_ms_p50"),
    "saturation round trip p99 ms": ("saturation", "round_trip_ms_p99"),
    "saturation server CPU share": ("saturation", "server_cpu_share"),
    "saturation server CPU ms/move": ("saturation", "server_cpu_ms_per_move"),
    "saturation bots CPU ms/move": ("saturation", "bots_cpu_ms_per_move"),
    "saturation kernel share of server CPU": ("saturation", "server_kernel_share_of_its_cpu"),
    "saturation, a new table each hand: moves/s": ("hands", "moves_per_second"),
    "saturation, a new table each hand: server CPU ms/move": ("hands", "server_cpu_ms_per_move"),
    "table step ms": ("table", "ms_per_step"),
    "table ms/move": ("table", "ms_per_move"),
    "moves/s ÷ echo round trips/s": ("ratios", "moves_vs_echo"),
    "server CPU per move ÷ table's per move": ("ratios", "cpu_per_move_vs_table"),
    "the same, a new table each hand": ("ratios", "hands_cpu_per_move_vs_table"),
    "realistic moves/s": ("realistic", "moves_per_second"),
    "realistic ÷ saturation moves/s": ("ratios", "realistic_vs_saturation"),
    "realistic ÷ saturation server CPU share": ("ratios", "realistic_vs_saturation_cpu"),
    "realistic server CPU share": ("realistic", "server_cpu_share"),
    "realistic kernel share of server CPU": ("realistic", "server_kernel_share_of_its_cpu"),
    "realistic server CPU ms/move": ("realistic", "server_cpu_ms_per_move"),
    "realistic frames in per move": ("realistic", "frames_in_per_move"),
    "realistic store commits/s": ("realistic", "store_commits_per_second"),
    "realistic store writes/commit": ("realistic", "store_writes_per_commit"),
    "realistic round trip p50 ms": ("realistic", "round_trip_ms_p50"),
    "realistic round trip p99 ms": ("realistic", "round_trip_ms_p99"),
    "realistic longest round trip ms": ("realistic", "round_trip_ms_max"),
    "realistic gc pauses while settling": ("realistic", "settle_gc_pauses"),
    "realistic gc pauses": ("realistic", "gc_pauses"),
    "realistic gc looks in a copy while settling": ("realistic", "settle_gc_looks"),
    "realistic gc looks in a copy": ("realistic", "gc_looks"),
    "realistic longest gc pause ms (bucket)": ("realistic", "gc_pause_ms_max_bucket"),
    "KiB per live table with its connection": ("memory", "kib_per_live_table_with_its_connection"),
    "KiB per table in play with its connection": ("realistic", "kib_per_table_in_play"),
    "KiB per live table": ("memory", "kib_per_live_table"),
    "KiB per bare connection": ("memory", "kib_per_bare_connection"),
}


def ratios(found: dict[str, Any]) -> dict[str, Any]:
    """The figures that compare across machines, from one round of one server."""
    saturation = found["saturation"]
    out = {
        "moves_vs_echo": round(
            saturation["moves_per_second"] / found["echo"]["round_trips_per_second"], 4
        ),
        "cpu_per_move_vs_table": round(
            (saturation["server_cpu_ms_per_move"] or 0.0) / found["table"]["ms_per_move"], 2
        ),
    }
    hands = found.get("hands")
    if hands is not None and hands["server_cpu_ms_per_move"]:
        out["hands_cpu_per_move_vs_table"] = round(
            hands["server_cpu_ms_per_move"] / found["table"]["ms_per_move"], 2
        )
    if "realistic" in found:
        realistic = found["realistic"]
        out["realistic_vs_saturation"] = round(
            realistic["moves_per_second"] / saturation["moves_per_second"], 3
        )
        out["realistic_vs_saturation_cpu"] = round(
            realistic["server_cpu_share"] / saturation["server_cpu_share"], 3
        )
    return out


def medians(runs: list[dict[str, Any]]) -> dict[str, float]:
    out = {}
    for name, (part, key) in FIGURES.items():
        values = [run[part][key] for run in runs if run.get(part, {}).get(key) is not None]
        if values:
            out[name] = round(statistics.median(values), 4)
    return out


async def run(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average_at_start": os.getloadavg()[0],
        "args": vars(args),
    }
    # Each version's own code: its checkout first on the path (the server runs with -P, so
    # the folder the benchmark was started from does not come first).
    versions = {"now": {"PYTHONPATH": str(Path(__file__).resolve().parents[1])}}
    if args.baseline:
        versions["baseline"] = {"PYTHONPATH": str(Path(args.baseline).resolve())}
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in versions}
    for round_no in range(args.rounds):
        echoed = await echo(args.tables, args.seconds)
        stack_echoed = await echo(args.tables, args.seconds, STACK_ECHO_SERVER)
        print(f"round {round_no + 1}: echo {echoed}, through our stack {stack_echoed}",
              flush=True)  # fmt: skip
        order = list(versions) if round_no % 2 == 0 else list(reversed(versions))
        for name in order:
            print(f" {name}", flush=True)
            found = {"round": round_no + 1, "echo": echoed, "stack_echo": stack_echoed}
            found |= await one_server(args, versions[name])
            found["ratios"] = ratios(found)
            runs[name].append(found)
    results["runs"] = runs
    results["medians"] = {name: medians(found) for name, found in runs.items()}
    return results


async def saturated(
    args: argparse.Namespace,
    profiler: str,
    record: Callable[[subprocess.Popen[str]], Awaitable[None]],
    runner: list[str] | None = None,
) -> dict[str, Any]:
    """The saturation load on a server of its own while ``record`` profiles it."""
    RESULTS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        process, port = start_server(Path(data), runner=runner)
        try:
            found = await load(process.pid, port, args.tables, 0, (0.0, 0.0),
                               during=record(process), whole_match=True)  # fmt: skip
            print(f"saturation (under {profiler})", found, flush=True)
        finally:
            process.terminate()
            process.wait(30)
    return found


async def profile(args: argparse.Namespace) -> None:
    """The saturated server under py-spy: a flame graph, the collapsed stacks, the top."""
    spy = Path(sys.executable).parent / "py-spy"
    svg, raw = RESULTS / "server-profile.svg", RESULTS / "server-profile.txt"

    async def record(process: subprocess.Popen[str]) -> None:
        for out, form in ((svg, "flamegraph"), (raw, "raw")):
            command = [str(spy), "record", "--gil", "--nonblocking", "-r", "200", "-d",
                       str(int(args.seconds)), "-f", form, "-o", str(out), "-p",
                       str(process.pid)]  # fmt: skip
            spying = await asyncio.create_subprocess_exec(
                *command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
            await spying.wait()

    await saturated(args, "py-spy", record)
    top = top_costs(raw.read_text())
    (RESULTS / "server-profile-top.txt").write_text(top)
    print(top)


def between_signals(seconds: float) -> Callable[[subprocess.Popen[str]], Awaitable[None]]:
    """What a runner (``profiled.py``, ``staged.py``) measures: from SIGUSR2 until SIGUSR1,
    ``seconds`` later; then a second for it to write its figures."""

    async def record(process: subprocess.Popen[str]) -> None:
        process.send_signal(signal.SIGUSR2)
        await asyncio.sleep(seconds)
        process.send_signal(signal.SIGUSR1)
        await asyncio.sleep(1.0)

    return record


async def profile_calls(args: argparse.Namespace) -> None:
    """The saturated server under cProfile for ``--seconds``: every call counted, its time
    measured (on the wall: a call that lets go of the GIL is charged while another thread
    holds it), so small functions look dearer than they are; where py-spy cannot read the
    server's memory (some virtual machines), what calls what, and how often."""
    stats = RESULTS / "server-calls.prof"
    runner = [str(Path(__file__).with_name("profiled.py")), "calls", str(stats)]
    await saturated(args, "cProfile", between_signals(args.seconds), runner)
    report = io.StringIO()
    calls = pstats.Stats(str(stats), stream=report)
    calls.sort_stats("tottime").print_stats(40)
    calls.sort_stats("cumulative").print_stats(60)
    (RESULTS / "server-calls.txt").write_text(report.getvalue())
    print(report.getvalue())


async def profile_samples(args: argparse.Namespace) -> None:
    """The saturated server's event loop thread sampled for ``--seconds``, each sample
    weighted by its CPU time (``profiled.py samples``): the collapsed stacks
    (``results/server-samples.txt``), and the functions that cost most, in µs of CPU a
    move (``server-samples-top.txt``)."""
    raw = RESULTS / "server-samples.txt"
    runner = [str(Path(__file__).with_name("profiled.py")), "samples", str(raw)]
    found = await saturated(args, "a sampler", between_signals(args.seconds), runner)
    top = top_costs(raw.read_text(), moves=found["moves_per_second"] * args.seconds)
    (RESULTS / "server-samples-top.txt").write_text(top)
    print(top)


async def profile_stages(args: argparse.Namespace) -> None:
    """The saturated server with its stages timed in thread CPU time for ``--seconds``
    (``staged.py``): each stage's CPU a move and its share of the process's, and each
    thread's CPU a move (the store's writer and reader apart from the event loop's)."""
    out = RESULTS / "server-stages.json"
    runner = [str(Path(__file__).with_name("staged.py")), str(out)]
    found = await saturated(args, "stage timers", between_signals(args.seconds), runner)
    timed = json.loads(out.read_text())
    moves = found["moves_per_second"] * args.seconds
    process_cpu = sum(timed["threads"].values())
    lines = [f"{moves:.0f} moves in {args.seconds:.0f} s; the process's CPU a move: "
             f"{1000 * process_cpu / moves:.3f} ms", "", "stage | calls a move | µs a call | "
             "µs a move | share of the process's CPU"]  # fmt: skip
    for name, stage in timed["stages"].items():
        calls, cpu = stage["calls"], stage["cpu_seconds"]
        lines.append(f"{name} | {calls / moves:.2f} | {1e6 * cpu / max(calls, 1):.1f} | "
                     f"{1e6 * cpu / moves:.1f} | {cpu / process_cpu:.1%}")  # fmt: skip
    lines += ["", "thread | ms a move"]
    for name, cpu in sorted(timed["threads"].items(), key=lambda item: -item[1]):
        if cpu > 0:
            lines.append(f"{name} | {1000 * cpu / moves:.3f}")
    report = "\n".join(lines) + "\n"
    (RESULTS / "server-stages.txt").write_text(report)
    print(report)


def top_costs(collapsed: str, rows: int = 30, moves: float | None = None) -> str:
    """The functions that cost most, in themselves and with what they call: as shares of
    the samples, or with ``moves`` (stacks weighted in µs of CPU), in µs of CPU a move."""
    own: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    total = 0
    for line in collapsed.splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack:
            continue
        n = int(count)
        total += n
        frames = [re.sub(r":\d+\)$", ")", f) for f in stack.split(";")]
        own[frames[-1]] += n
        for frame in set(frames):
            inclusive[frame] += n

    def figure(n: int) -> str:
        return f"{n / moves:6.1f}" if moves else f"{100 * n / max(total, 1):5.1f}"

    if moves:
        head, unit = f"{total / moves:.1f} µs of the event loop's CPU a move", "µs a move"
    else:
        head, unit = f"{total} samples of the server holding the GIL", "%"
    lines = [head, "", f"own {unit} | function"]
    lines += [f"{figure(n)} | {f}" for f, n in own.most_common(rows)]
    lines += ["", f"with callees {unit} | function"]
    lines += [f"{figure(n)} | {f}" for f, n in inclusive.most_common(rows)]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100,
                        help="tables at saturation (enough to keep the server busy)")  # fmt: skip
    parser.add_argument("--realistic", type=int, default=1000,
                        help="tables at 0.5-2 s a move (0: none)")  # fmt: skip
    parser.add_argument(
        "--memory", type=int, default=300, help="idle live tables for memory (0: none)"
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="saturation, echo")
    parser.add_argument("--realistic-seconds", type=float, default=120.0)
    parser.add_argument(
        "--settle",
        type=float,
        default=SETTLE,
        help="seconds between the last player's arrival and the window",
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", help="a checkout of the version to pair with")
    parser.add_argument("--profile", action="store_true", help="profile the saturated server")
    parser.add_argument("--profile-calls", action="store_true",
                        help="the saturated server under cProfile")  # fmt: skip
    parser.add_argument("--profile-samples", action="store_true",
                        help="the saturated server's event loop sampled in CPU time")  # fmt: skip
    parser.add_argument("--profile-stages", action="store_true",
                        help="the saturated server's stages timed in thread CPU time")  # fmt: skip
    args = parser.parse_args()
    if args.profile:
        asyncio.run(profile(args))
        return
    if args.profile_calls:
        asyncio.run(profile_calls(args))
        return
    if args.profile_samples:
        asyncio.run(profile_samples(args))
        return
    if args.profile_stages:
        asyncio.run(profile_stages(args))
        return
    results = asyncio.run(run(args))
    print(json.dumps(results["medians"], indent=2, ensure_ascii=False))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "server.json").write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
