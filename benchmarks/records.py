"""What a player's records cost at their worst, on SQLite: a player with ``--tables``
finished tables of two matches each (one in ten with the same opponent, one in five
2 v 2): the profile's
tally, a head-to-head, and the history's filtered first page where the filter matches
nothing (every one of the player's tables is looked at: the dearest page).

Figures (medians of ``--runs``, milliseconds) are printed and written to
``benchmarks/results/records.json``."""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from circolo.server.history import PAGE
from circolo.store import MatchResult, Store, sqlite_url

RESULTS = Path(__file__).parent / "results"


def config(n: int) -> dict[str, Any]:
    other = "rival" if n % 10 == 0 else f"p{n}"
    seats = [{"kind": "human", "name": "Me", "player_id": "me"},
             {"kind": "human", "name": other.title(), "player_id": other}]  # fmt: skip
    if n % 5 == 0:
        seats += [{"kind": "bot", "name": "Bot", "level": "greedy"}] * 2
    return {"game": "scopa", "seats": seats, "options": {}, "private": n % 7 == 0}


async def main(tables: int, runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(sqlite_url(Path(folder) / "records.db"), synchronous="OFF")
        for n in range(tables):
            people = [s["player_id"] for s in config(n)["seats"] if "player_id" in s]
            await store.create_table(f"t{n}", config(n), float(n), players=people)
            await store.finish_table(f"t{n}", {"winner": n % 3 or None}, at=n + 0.5)
            seats = tuple((s.get("player_id"), k % 2) for k, s in enumerate(config(n)["seats"]))
            mode = f"{len(seats) // 2}v{len(seats) // 2}"
            await store.record_matches([
                MatchResult(f"t{n}", match, "scopa", mode, n % 7 == 0, n + 0.5, "score", (0, 0),
                            (n + match) % 3 or None, seats)
                for match in (1, 2)  # a match and its rematch
            ])  # fmt: skip
        asks: dict[str, Callable[[], Awaitable[object]]] = {
            "profile_tally_ms": lambda: store.tally("me", public=True),
            "head_to_head_ms": lambda: store.tally("me", opponent="rival"),
            "history_name_nobody_ms": lambda: store.list_tables(
                status="finished", player_id="me", opponent_name="Nobody", limit=PAGE + 1
            ),
            "history_2v2_page_ms": lambda: store.list_tables(
                status="finished", player_id="me", players=4, limit=PAGE + 1
            ),
        }
        figures: dict[str, list[float]] = {key: [] for key in asks}
        for _ in range(runs):
            for key, ask in asks.items():
                started = time.perf_counter()
                await ask()
                figures[key].append((time.perf_counter() - started) * 1000)
        await store.close()
    return {key: round(statistics.median(values), 2) for key, values in figures.items()}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    found = asyncio.run(main(args.tables, args.runs))
    print(f"one player with {args.tables} finished tables; medians of {args.runs} runs:")
    for key, value in found.items():
        print(f"  {key}: {value} ms")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "records.json").write_text(json.dumps({"tables": args.tables, **found}))
