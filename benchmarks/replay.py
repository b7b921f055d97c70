"""One replay of a long finished table over HTTP: its time and size, first and again.

A public Bisca 2 v 2 table (a player and three bots, every move the room's auto-move) is played
through the pure table to ``--entries`` log entries (target 12, with rematches), stored in
a fresh SQLite store, and a real server (the tests' ``ServerProcess``) is started on it.
Then ``GET /api/tables/{id}/replay`` is timed ``--times`` times, one after the other.

    python benchmarks/replay.py [--entries 4600] [--times 3]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

import httpx

from tests.conftest import ServerProcess
from tests.support import long_table, store_table


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=4600)
    parser.add_argument("--times", type=int, default=3)
    args = parser.parse_args()
    config, log = long_table(args.entries)
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder)
        table_id = await store_table(data_dir, config, log)
        server = ServerProcess(data_dir).start()
        try:
            print(f"{len(log)} entries")
            async with httpx.AsyncClient(base_url=server.http, timeout=120) as http:
                for n in range(args.times):
                    started = time.perf_counter()
                    answer = await http.get(f"/api/tables/{table_id}/replay")
                    seconds = time.perf_counter() - started
                    size = len(answer.content)
                    print(f"GET {n + 1}: {answer.status_code} {seconds:.3f} s {size:,} bytes")
        finally:
            server.stop()


if __name__ == "__main__":
    asyncio.run(main())
