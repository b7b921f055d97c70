"""Store appends per second, with group commit, for 1, 10 and 100 concurrent tables; and
the CPU of each read a table or a request waits for.

Each table is a task that appends one log entry at a time and awaits its commit before the
next, as a table's owner does. Reported per database and concurrency: appends per second,
commits per second (fsyncs), entries per commit, and append latency p50 / p99. SQLite runs
on a file with ``synchronous=FULL`` (the default) and, for comparison, ``NORMAL``;
PostgreSQL runs on a fresh database that is dropped afterwards (skipped if unreachable),
also fenced: each table claimed first and every append made with its epoch, as the
processes of a cluster write.
Then, on SQLite, the process's CPU (every thread's: the reads run in the store's reader
thread) of one read, made ``--reads`` times in turn: what a table's start, a match's end or
a signed-in player's request waits for.
Figures are printed and written to ``benchmarks/results/store.json``.

    python benchmarks/store.py [--seconds 3] [--tables 1,10,100] [--reads 300] [--postgres URL]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import statistics
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from circolo.store import Entry, Store, sqlite_url
from circolo.store.store import Synchronous

RESULTS = Path(__file__).parent / "results"
ENTRY = {"type": "play", "seat": 1, "move": "7D", "captures": ["3C", "4S"], "clock": 12.5}


async def measure(
    url: str,
    tables: int,
    seconds: float,
    synchronous: Synchronous = "FULL",
    fenced: bool = False,
) -> dict[str, Any]:
    """Appends per second with ``tables`` concurrent writers for ``seconds``; ``fenced``:
    each with its table's epoch."""
    store = await Store.open(url, synchronous=synchronous)
    prefix = uuid.uuid4().hex[:8]
    epochs: list[int | None] = []
    for t in range(tables):
        await store.create_table(f"{prefix}-{t}", {"game": "scopa"}, created_at=time.time())
        epochs.append(await store.claim_table(f"{prefix}-{t}") if fenced else None)
    latencies: list[float] = []
    before = store.stats.commits
    deadline = time.perf_counter() + seconds

    async def table(t: int) -> None:
        seq = 0
        while time.perf_counter() < deadline:
            seq += 1
            start = time.perf_counter()
            entry = Entry(seq, ENTRY, time.time())
            await store.append(f"{prefix}-{t}", [entry], epoch=epochs[t])
            latencies.append(time.perf_counter() - start)

    start = time.perf_counter()
    await asyncio.gather(*(table(t) for t in range(tables)))
    elapsed = time.perf_counter() - start
    commits = store.stats.commits - before
    await store.close()
    latencies.sort()
    return {
        "tables": tables,
        "appends_per_s": round(len(latencies) / elapsed),
        "commits_per_s": round(commits / elapsed),
        "entries_per_commit": round(len(latencies) / max(commits, 1), 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p99_ms": round(latencies[int(len(latencies) * 0.99)] * 1000, 2),
    }


async def reads(url: str, times: int) -> dict[str, float]:
    """Microseconds of process CPU a read costs, for each read the room makes often."""
    store = await Store.open(url)
    await store.ensure_guest("p1", "Ada", at=1.0)
    await store.create_account("p1", "Ada", "ada", "hash", None, 1.0)
    await store.add_session("s1", "p1", 1.0, "bench")
    await store.create_table("t1", {"game": "scopa"}, 1.0, ["p1"])
    await store.append("t1", [Entry(seq, ENTRY, 1.0) for seq in range(1, 45)])
    found: dict[str, float] = {}
    for name, read in (
        ("account", lambda: store.account("p1")),
        ("conduct", lambda: store.conduct("p1")),
        ("session", lambda: store.session("s1")),
        ("table", lambda: store.table("t1")),
        ("ratings", lambda: store.ratings("p1")),
        ("mutes", lambda: store.mutes("p1")),
        ("chip_balance", lambda: store.chip_balance("p1")),
        ("leaderboard", lambda: store.leaderboard("scopa", "1v1")),
        ("rating_history", lambda: store.rating_history("p1", "scopa", "1v1")),
        ("load (44 entries)", lambda: store.load("t1")),
    ):
        await read()  # built and compiled outside the measure
        started = time.process_time()
        for _ in range(times):
            await read()
        found[name] = round(1e6 * (time.process_time() - started) / times)
    await store.close()
    return found


async def postgres_database(admin_url: str, create: bool, name: str) -> str | None:
    """Create (or drop) a scratch database; None if the server is unreachable."""
    try:
        admin = await asyncpg.connect(admin_url, timeout=5)
    except (OSError, asyncpg.PostgresError) as error:
        print(f"PostgreSQL at {admin_url} unreachable ({error}): skipped")
        return None
    try:
        if create:
            await admin.execute(f'CREATE DATABASE "{name}"')
        else:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()
    base = admin_url.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)
    return f"{base}/{name}"


async def run(args: argparse.Namespace) -> dict[str, Any]:
    counts = [int(n) for n in args.tables.split(",")]
    results: dict[str, Any] = {"python": platform.python_version(), "seconds": args.seconds}
    with tempfile.TemporaryDirectory() as folder:
        modes: tuple[Synchronous, ...] = ("FULL", "NORMAL")
        for mode in modes:
            rows = []
            for n in counts:
                url = sqlite_url(Path(folder) / f"{mode}-{n}.db")
                rows.append(await measure(url, n, args.seconds, mode))
                print(f"sqlite synchronous={mode:6}", rows[-1])
            results[f"sqlite_{mode.lower()}"] = rows
        read_url = sqlite_url(Path(folder) / "reads.db")
        results["sqlite_read_cpu_us"] = await reads(read_url, args.reads)
        print("sqlite: µs of CPU a read", results["sqlite_read_cpu_us"])
    name = f"circolo_bench_{uuid.uuid4().hex[:8]}"
    pg_url = await postgres_database(args.postgres, True, name)
    if pg_url is not None:
        try:
            rows = []
            for n in counts:
                rows.append(await measure(pg_url, n, args.seconds))
                print("postgresql              ", rows[-1])
            results["postgresql"] = rows
            rows = []
            for n in counts:
                rows.append(await measure(pg_url, n, args.seconds, fenced=True))
                print("postgresql fenced       ", rows[-1])
            results["postgresql_fenced"] = rows
        finally:
            await postgres_database(args.postgres, False, name)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--tables", default="1,10,100")
    parser.add_argument("--reads", type=int, default=300)
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    results = asyncio.run(run(args))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "store.json").write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
