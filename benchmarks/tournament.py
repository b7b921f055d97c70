"""A scheduled tournament of 1,024 people through the real server: its rounds' pairing and
start, and the move round trip of other players meanwhile.

Starts ``circolo serve`` in its own process (a fresh SQLite data folder, the per-address
caps raised: every client comes from 127.0.0.1). In this process ``--entrants`` guests
connect, one WebSocket each. Bot entrants would not do: two bots meeting are decided by a
coin, with no table. In another process a few measuring players play Play now Scopa
against bots and time each move's round trip (send to ack), as ``benchmarks/server.py``
does; that process is apart so that the entrants' frames do not delay its reading.

1. Baseline: the entrants idle and connected, the measuring players play ``--baseline``
   seconds.
2. ``circolo admin tournament scopa --target single_hand --practice --max-entries N
   --start-deadline D`` schedules the tournament on the server's data folder; the running
   server takes it in within 10 s; every entrant registers (``POST
   /api/tournaments/{id}/register`` with its guest cookie, ``--concurrency`` at once):
   the registration's seconds.
3. At its start each round is played so: each entrant is told ``round_started`` (with
   the table); the entrant on side 0 of each match (read from the bracket, ``GET
   /api/tournaments/{id}``) opens the table (``table.open``) and presses Start match; the
   other stays away, and at the start deadline (``--deadline``, 10 s) the one present goes
   through (reason ``start_deadline``). 1,024 entrants: ten rounds, 512 tables down to 1.

Per round: its start by the server's clock (the tournament's log in the store: the draw
for round 1, else the previous round's last result), and from it the first and last
``round_started`` notice received and the moment the last table of the round answered
``table.open``; the round's tables; the median ``table.open`` answer; its first result
and its length (start to its last result; the deadline is most of it), and how late its
last result came after the last table's deadline (results waiting their turn). The
registration's seconds, the server's CPU seconds then and through the tournament, and the
size of the register answers. The move round trip p50 / p99 of the measuring players
before registration (baseline), during registration, while the tournament runs, and
within the rounds' starts (start to last table opened).

Figures are printed and written to ``benchmarks/results/tournament.json``.

    python benchmarks/tournament.py [--entrants 1024] [--deadline 10] [--measurers 6]
        [--baseline 30] [--concurrency 16]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.cookiejar
import json
import math
import os
import platform
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from roomload import Player, percentile, start_server
from websockets.asyncio.client import ClientConnection, connect

RESULTS = Path(__file__).parent / "results"
THINK = (0.2, 0.6)
"""Seconds a measuring player thinks before a move: brisk, for enough round trips."""
PICKUP = 12.0
"""Seconds the running server may take to notice a tournament the operator made (10 s)."""
REGISTER_EACH = 0.08
"""Seconds of registration allowed per entrant before the scheduled start (besides
``PICKUP`` and a margin): every entrant is in well before it."""
PING_EVERY = 20.0
"""Seconds between an idle entrant's pings (the server's heartbeat timeout is set to 60)."""
LIMITS = {
    "CIRCOLO_WEBSOCKETS_PER_ADDRESS": "100000", "CIRCOLO_SOCKETS_PER_ADDRESS": "100000",
    "CIRCOLO_WEBSOCKETS_PER_PLAYER": "8", "CIRCOLO_TOURNAMENT_REQUESTS": "1000000",
    "CIRCOLO_RATE": "1000", "CIRCOLO_BURST": "1000", "CIRCOLO_CONNECTIONS_MAX": "100000",
}  # fmt: skip


class Entrant:
    """One guest over one WebSocket: keeps the times of its notices, answers its requests."""

    def __init__(self, ws: ClientConnection, welcome: dict[str, Any]) -> None:
        self.ws = ws
        self.token = str(welcome["token"])
        self.player_id = str(welcome["player"]["id"])
        self.told: dict[int, asyncio.Event] = defaultdict(asyncio.Event)
        """Round -> set when its ``round_started`` came."""
        self.waiting: dict[str, asyncio.Future[tuple[float, dict[str, Any]]]] = {}
        self.reader: asyncio.Task[None] | None = None

    @classmethod
    async def connect(cls, url: str) -> Entrant:
        ws = await connect(url, max_size=None, open_timeout=60, ping_interval=None)
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "id": "h"}))
        while True:
            frame = json.loads(await ws.recv())
            if frame.get("type") == "welcome":
                return cls(ws, frame)
            if frame.get("type") == "error":
                raise RuntimeError(f"hello refused: {frame}")

    async def read(self, room: Room) -> None:
        """Every frame; only notices and answers awaited are parsed (the rest are tables'
        frames nobody here needs)."""
        with contextlib.suppress(Exception):
            async for message in self.ws:
                if '"tournament.notice"' in message:
                    frame = json.loads(message)
                    room.notice(self, frame, time.time())
                elif self.waiting and '"ref"' in message:
                    frame = json.loads(message)
                    future = self.waiting.pop(frame.get("ref"), None)
                    if future is not None and not future.done():
                        future.set_result((time.time(), frame))

    async def request(self, frame: dict[str, Any], ref: str, timeout: float = 60) -> float:
        """Send ``frame`` with id ``ref``: the wall-clock time its answer came (an error
        answer raises)."""
        future: asyncio.Future[tuple[float, dict[str, Any]]]
        future = asyncio.get_running_loop().create_future()
        self.waiting[ref] = future
        await self.ws.send(json.dumps({**frame, "id": ref}))
        at, answer = await asyncio.wait_for(future, timeout)
        if answer.get("type") == "error":
            raise RuntimeError(f"{frame['type']} refused: {answer}")
        return at


class Room:
    """What every entrant was told, by round."""

    def __init__(self) -> None:
        self.notices: dict[int, list[float]] = defaultdict(list)
        self.first: dict[int, asyncio.Event] = defaultdict(asyncio.Event)
        self.won = asyncio.Event()
        self.eliminated = 0

    def notice(self, entrant: Entrant, frame: dict[str, Any], at: float) -> None:
        what, data = frame.get("what"), frame.get("data") or {}
        if what == "round_started":
            round_no = int(data["round"])
            self.notices[round_no].append(at)
            self.first[round_no].set()
            entrant.told[round_no].set()
        elif what == "won":
            self.won.set()
        elif what == "eliminated":
            self.eliminated += 1


def quiet_cookies() -> http.cookiejar.CookieJar:
    """A cookie jar that keeps none: each request names its guest itself."""
    return http.cookiejar.CookieJar(http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))


def page_headers(base: str, token: str | None = None) -> dict[str, str]:
    """The headers of the room's own page (a POST from elsewhere is refused)."""
    headers = {"origin": base, "sec-fetch-site": "same-origin",
               "content-type": "application/json"}  # fmt: skip
    if token is not None:
        headers["cookie"] = f"circolo_guest={token}"
    return headers


def schedule(data_dir: Path, entrants: int, deadline: int, starts_at: float) -> str:
    """``circolo admin tournament``, as the operator runs it: the new tournament's id."""
    start = datetime.fromtimestamp(starts_at, UTC).strftime("%Y-%m-%dT%H:%M:%S")
    command = [
        sys.executable, "-c", "from circolo.cli import main; main()", "admin", "tournament",
        "scopa", "--start", start, "--target", "single_hand", "--practice",
        "--max-entries", str(entrants), "--start-deadline", str(deadline),
        "--name", "Benchmark", "--data-dir", str(data_dir),
    ]  # fmt: skip
    made = subprocess.run(command, capture_output=True, text=True, check=True)
    return made.stdout.split()[1]


def server_log(data_dir: Path, tournament_id: str) -> list[dict[str, Any]]:
    """The tournament's log as the server stored it (``at`` by the server's clock)."""
    with contextlib.closing(sqlite3.connect(data_dir / "circolo.sqlite3")) as db:
        rows = db.execute(
            "SELECT entry FROM tournament_log WHERE tournament_id = ? ORDER BY seq",
            (tournament_id,),
        ).fetchall()
    return [json.loads(row[0]) if isinstance(row[0], str) else row[0] for row in rows]


def round_times(
    log: list[dict[str, Any]], rounds: int
) -> tuple[list[float], list[float], list[float]]:
    """Each round's start (the draw; then the result that ended the round before), first
    result and end (its last result), by the server's clock."""
    drawn = next(e["at"] for e in log if e["command"]["type"] == "draw")
    results: dict[int, list[float]] = defaultdict(list)
    for entry in log:
        command = entry["command"]
        if command["type"] == "match_over":
            results[int(command["match"].split(".")[0])].append(entry["at"])
    ends = [max(results[r]) for r in range(1, rounds + 1)]
    return [drawn, *ends[:-1]], [min(results[r]) for r in range(1, rounds + 1)], ends


def cpu_seconds(pid: int) -> float:
    """The process's own CPU time so far (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def trips(stamped: list[tuple[float, float]], windows: list[tuple[float, float]]) -> dict[str, Any]:
    """The move round trips acked within ``windows``: count, p50, p99 (ms)."""
    inside = [lat for at, lat in stamped if any(a <= at <= b for a, b in windows)]
    return {
        "round_trips": len(inside),
        "ms_p50": round(1000 * percentile(inside, 0.5), 2),
        "ms_p99": round(1000 * percentile(inside, 0.99), 2),
    }


async def measure(port: int, players: int) -> None:
    """The measuring process: Play now players until its input closes, then every round
    trip (ack time, seconds) as JSON on its output."""
    url = f"ws://127.0.0.1:{port}/ws"
    stop = asyncio.Event()
    group = [Player(url, THINK, random.Random(i), play_now=True) for i in range(players)]
    tasks = [asyncio.create_task(p.run(stop)) for p in group]
    await asyncio.wait_for(asyncio.gather(*(p.live.wait() for p in group)), 120)
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    stop.set()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 15)
    stamped = [pair for p in group for pair in zip(p.acked_at, p.latencies, strict=True)]
    print(json.dumps(stamped), flush=True)


def start_measuring(port: int, players: int) -> subprocess.Popen[str]:
    command = [sys.executable, __file__, "--measure", str(port), "--measurers", str(players)]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    if process.stdout.readline().strip() != "ready":
        raise RuntimeError("the measuring players did not start")
    return process


def stop_measuring(process: subprocess.Popen[str]) -> list[tuple[float, float]]:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.close()
    stamped = [(float(a), float(b)) for a, b in json.loads(process.stdout.readline() or "[]")]
    process.wait(30)
    return stamped


async def keep_alive(entrants: list[Entrant]) -> None:
    """A ping from each idle entrant every ``PING_EVERY`` seconds, spread evenly."""
    with contextlib.suppress(Exception):
        while True:
            for entrant in entrants:
                with contextlib.suppress(Exception):
                    await entrant.ws.send('{"type": "ping"}')
                await asyncio.sleep(PING_EVERY / len(entrants))


async def connect_all(url: str, count: int, concurrency: int) -> list[Entrant]:
    gate = asyncio.Semaphore(concurrency)

    async def one() -> Entrant:
        async with gate:
            return await Entrant.connect(url)

    return list(await asyncio.gather(*(one() for _ in range(count))))


async def register_all(http: httpx.AsyncClient, tournament_id: str, entrants: list[Entrant],
                       concurrency: int) -> list[tuple[int, int]]:  # fmt: skip
    """Every entrant registers: each answer's status and size in bytes (the answer is the
    tournament's page, every entry listed)."""
    gate = asyncio.Semaphore(concurrency)
    base = str(http.base_url).rstrip("/")

    async def one(entrant: Entrant) -> tuple[int, int]:
        async with gate:
            answer = await http.post(f"/api/tournaments/{tournament_id}/register", content=b"{}",
                                     headers=page_headers(base, entrant.token))  # fmt: skip
            return answer.status_code, len(answer.content)

    return list(await asyncio.gather(*(one(e) for e in entrants)))


async def play_round(
    http: httpx.AsyncClient, tournament_id: str, round_no: int, by_player: dict[str, Entrant]
) -> dict[str, Any]:
    """The round's side-0 entrants (from the bracket) open their tables and press Start
    match, each as soon as it is told; the others stay away."""
    asked = time.time()
    detail = (await http.get(f"/api/tournaments/{tournament_id}")).json()
    bracket_read = time.time() - asked

    async def present(entrant: Entrant, table_id: str) -> tuple[float, float]:
        await entrant.told[round_no].wait()
        sent = time.time()
        opened = await entrant.request({"type": "table.open", "table_id": table_id},
                                       f"o{round_no}")  # fmt: skip
        await entrant.request({"type": "start_match", "table_id": table_id}, f"s{round_no}")
        return opened, opened - sent

    present_tasks = []
    for match in detail["bracket"][round_no - 1]:
        if match["match"] is None or match["done"] or match["sides"][0] is None:
            continue
        entrant = by_player[match["sides"][0].removeprefix("p-")]
        present_tasks.append(present(entrant, match["table_id"]))
    opened = await asyncio.gather(*present_tasks)
    return {
        "tables": len(opened),
        "bracket_read_s": bracket_read,
        "last_open_at": max(at for at, _ in opened),
        "open_ms_p50": 1000 * statistics.median(lat for _, lat in opened),
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    rounds = math.ceil(math.log2(args.entrants))
    results: dict[str, Any] = {
        "python": platform.python_version(), "cpus": os.cpu_count(),
        "load_average_at_start": os.getloadavg()[0], "entrants": args.entrants,
        "start_deadline_s": args.deadline, "measurers": args.measurers,
    }  # fmt: skip
    with tempfile.TemporaryDirectory() as data:
        data_dir = Path(data)
        env = {**LIMITS, "CIRCOLO_HEARTBEAT_TIMEOUT": "60"}
        server, port = start_server(data_dir, bot_delay="0.2", extra=env)
        measuring = None
        entrants: list[Entrant] = []
        base = f"http://127.0.0.1:{port}"
        try:
            measuring = start_measuring(port, args.measurers)
            room = Room()
            connected = time.perf_counter()
            entrants = await connect_all(f"ws://127.0.0.1:{port}/ws", args.entrants, 32)
            results["connect_s"] = round(time.perf_counter() - connected, 2)
            print(f"{args.entrants} entrants connected in {results['connect_s']} s", flush=True)
            readers = [asyncio.create_task(e.read(room)) for e in entrants]
            pinging = asyncio.create_task(keep_alive(entrants))
            baseline = (time.time(), time.time() + args.baseline)
            await asyncio.sleep(args.baseline)
            margin = PICKUP + 10 + REGISTER_EACH * args.entrants
            starts_at = math.ceil(time.time() + margin)
            tournament_id = await asyncio.to_thread(
                schedule, data_dir, args.entrants, args.deadline, starts_at
            )
            async with httpx.AsyncClient(base_url=base, cookies=quiet_cookies(),
                                         timeout=120) as http:  # fmt: skip
                for _ in range(int(PICKUP * 4)):
                    listed = (await http.get("/api/tournaments")).json()["tournaments"]
                    if any(t["id"] == tournament_id for t in listed):
                        break
                    await asyncio.sleep(0.25)
                registering, cpu = time.time(), cpu_seconds(server.pid)
                answers = await register_all(http, tournament_id, entrants, args.concurrency)
                registered = time.time()
                registration_cpu = cpu_seconds(server.pid) - cpu
                statuses = [status for status, _ in answers]
                refused = [s for s in statuses if s != 200]
                if refused:
                    raise RuntimeError(f"{len(refused)} registrations refused: {refused[:5]}")
                if registered > starts_at:
                    raise RuntimeError("the registrations ran past the start: raise the margin")
                results["registration"] = {
                    "entrants": len(statuses), "seconds": round(registered - registering, 2),
                    "per_second": round(len(statuses) / (registered - registering), 1),
                    "concurrency": args.concurrency,
                    "server_cpu_s": round(registration_cpu, 2),
                    "answer_kib_last": round(answers[-1][1] / 1024, 1),
                    "answer_mib_total": round(sum(n for _, n in answers) / 2**20, 1),
                }  # fmt: skip
                print("registration", results["registration"], flush=True)
                by_player = {e.player_id: e for e in entrants}
                measured: list[dict[str, Any]] = []
                cpu = cpu_seconds(server.pid)
                for round_no in range(1, rounds + 1):
                    wait = starts_at - time.time() + 60 if round_no == 1 else 3 * args.deadline + 60
                    await asyncio.wait_for(room.first[round_no].wait(), wait)
                    measured.append(await play_round(http, tournament_id, round_no, by_player))
                    print(f"round {round_no}: {measured[-1]['tables']} tables open", flush=True)
                await asyncio.wait_for(room.won.wait(), 3 * args.deadline + 60)
                tournament_cpu = cpu_seconds(server.pid) - cpu
                for _ in range(60):
                    detail = (await http.get(f"/api/tournaments/{tournament_id}")).json()
                    if detail["status"] == "finished":
                        break
                    await asyncio.sleep(0.5)
            pinging.cancel()
            stamped = stop_measuring(measuring)
            measuring = None
            log = server_log(data_dir, tournament_id)
            starts, firsts, ends = round_times(log, rounds)
            results["scheduled_start_to_draw_s"] = round(starts[0] - starts_at, 3)
            results["tournament_s"] = round(ends[-1] - starts[0], 2)
            results["tournament_server_cpu_s"] = round(tournament_cpu, 2)
            results["status"] = detail["status"]
            results["hows"] = sorted({m["how"] for rnd in detail["bracket"] for m in rnd})
            results["rounds"] = [
                {
                    "round": n,
                    "tables": m["tables"],
                    "first_notice_s": round(min(room.notices[n]) - start, 3),
                    "last_notice_s": round(max(room.notices[n]) - start, 3),
                    "last_table_open_s": round(m["last_open_at"] - start, 3),
                    "notices": len(room.notices[n]),
                    "bracket_read_s": round(m["bracket_read_s"], 3),
                    "open_ms_p50": round(m["open_ms_p50"], 1),
                    "first_result_s": round(first - start, 3),
                    "round_s": round(end - start, 3),
                    "results_after_deadline_s": round(end - m["last_open_at"] - args.deadline, 3),
                }
                for n, (m, start, first, end) in enumerate(
                    zip(measured, starts, firsts, ends, strict=True), 1
                )
            ]
            pairing = [(s, m["last_open_at"]) for s, m in zip(starts, measured, strict=True)]
            results["round_trips"] = {
                "baseline": trips(stamped, [baseline]),
                "registration": trips(stamped, [(registering, registered)]),
                "tournament": trips(stamped, [(starts[0], ends[-1])]),
                "round_starts": trips(stamped, pairing),
            }
            for reader in readers:
                reader.cancel()
        finally:
            if measuring is not None:
                measuring.kill()
                measuring.wait()
            await asyncio.gather(*(e.ws.close() for e in entrants), return_exceptions=True)
            server.terminate()
            server.wait(60)
    return results


def show(results: dict[str, Any]) -> None:
    """The figures as a table."""
    print(f"\nentrants {results['entrants']}, start deadline {results['start_deadline_s']} s, "
          f"status {results['status']} ({', '.join(results['hows'])})")  # fmt: skip
    reg = results["registration"]
    print(f"registration: {reg['entrants']} in {reg['seconds']} s ({reg['per_second']}/s, "
          f"{reg['concurrency']} at once; server CPU {reg['server_cpu_s']} s; the last answer "
          f"{reg['answer_kib_last']} KiB, all {reg['answer_mib_total']} MiB)")  # fmt: skip
    print(
        f"scheduled start to draw {results['scheduled_start_to_draw_s']} s; tournament "
        f"{results['tournament_s']} s, server CPU {results['tournament_server_cpu_s']} s"
    )
    print("\nseconds from the round's start (server clock); open p50: table.open answered")
    print("round tables first notice last notice last open open p50 1st result  round"
          "  late")  # fmt: skip
    for r in results["rounds"]:
        print(f"{r['round']:>5} {r['tables']:>6} {r['first_notice_s']:>12.2f} "
              f"{r['last_notice_s']:>11.2f} {r['last_table_open_s']:>9.2f} "
              f"{r['open_ms_p50']:>6.1f}ms {r['first_result_s']:>10.2f} {r['round_s']:>6.2f} "
              f"{r['results_after_deadline_s']:>5.2f}")  # fmt: skip
    print("late: the round's last result after the last table's deadline")
    print("\nmove round trip       n      p50 ms   p99 ms")
    for phase, t in results["round_trips"].items():
        print(f"{phase:<16} {t['round_trips']:>6} {t['ms_p50']:>10.2f} {t['ms_p99']:>8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=1024, help="2 to 1024 (64: quick)")
    parser.add_argument("--deadline", type=int, default=10, help="start deadline, seconds")
    parser.add_argument("--measurers", type=int, default=6, help="measuring Play now players")
    parser.add_argument("--baseline", type=float, default=30.0, help="seconds before entries")
    parser.add_argument("--concurrency", type=int, default=16, help="registrations at once")
    parser.add_argument("--measure", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure is not None:  # the measuring process (started by the benchmark)
        asyncio.run(measure(args.measure, args.measurers))
        return
    if not 2 <= args.entrants <= 1024 or not 10 <= args.deadline <= 3600:
        parser.error("--entrants is from 2 to 1024, --deadline from 10 to 3600")
    results = asyncio.run(run(args))
    show(results)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "tournament.json").write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
