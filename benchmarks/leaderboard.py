"""What the leaderboard route costs at its worst: the deepest page (offset 10,000) of a
game and mode rated for ``--players`` players, and this month's board, on SQLite.

Figures (medians of ``--runs``, milliseconds) are printed and written to
``benchmarks/results/leaderboard.json``."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from circolo.ratings import RatedMatch
from circolo.server.ratings import MAX_OFFSET, MAX_PAGE
from circolo.store import Store, sqlite_url

RESULTS = Path(__file__).parent / "results"


async def main(players: int, runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(sqlite_url(Path(folder) / "board.db"))
        rng = random.Random(1)
        for n in range(players // 2):  # each player rated once, in pairs
            a, b = f"p{2 * n}", f"p{2 * n + 1}"
            match = RatedMatch(f"t{n}", 1, "scopa", "1v1", ((a,), (b,)), rng.choice([0, 1]), n)
            await store.record_rating(match)
        figures: dict[str, list[float]] = {"deepest_page_ms": [], "month_deepest_page_ms": []}
        for _ in range(runs):
            for key, since in (("deepest_page_ms", None), ("month_deepest_page_ms", 0.0)):
                started = time.perf_counter()
                rows = await store.leaderboard(
                    "scopa", "1v1", since=since, offset=MAX_OFFSET, limit=MAX_PAGE + 1
                )
                figures[key].append((time.perf_counter() - started) * 1000)
                assert len(rows) == MAX_PAGE + 1
        await store.close()
    return {key: round(statistics.median(values), 2) for key, values in figures.items()}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    found = asyncio.run(main(args.players, args.runs))
    print(f"{args.players} rated players; medians of {args.runs} runs:")
    for key, value in found.items():
        print(f"  {key}: {value} ms")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "leaderboard.json").write_text(json.dumps({"players": args.players, **found}))
