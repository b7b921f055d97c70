"""A move through a table's owner, without sockets or bots: where a server move's CPU goes.

Drives ``--tables`` live 1 v 1 Scopa tables of two humans, each a one-hand match, through
their ``Owner`` (the table's step, the commit in the real SQLite store as the server opens
it, the frames published on the bus to two listening seats) with random legal moves, all
tables at once, as the saturated server does. The process's CPU seconds (every thread: the
store's writer too) divided by the moves, beside the pure table's CPU per move in
``benchmarks/table.py``; ``benchmarks/server.py`` gives the same move through the whole
server, so the difference is the connections, the transport and the bots. Medians of
``--rounds``; written to ``benchmarks/results/owner.json``.

    python benchmarks/owner.py [--tables 100] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

import uvloop
from table import steps_per_second

from circolo.server.botpool import BotPool
from circolo.server.bus import LocalBus
from circolo.server.owner import Owner, topic
from circolo.store import Store
from circolo.table import Connected, Play, SeatConfig, Table, TableConfig, Tick

RESULTS = Path(__file__).parent / "results"


async def one_round(tables: int, seed: int) -> dict[str, float]:
    """Every table's hand played to its end: CPU per move (the pauses between, idle, cost
    none)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(f"sqlite+aiosqlite:///{folder}/owner.sqlite3")
        bus = LocalBus()
        owners = []
        for number in range(tables):
            seats = (SeatConfig.human("p0", "Ada"), SeatConfig.human("p1", "Bea"))
            config = TableConfig("scopa", seats, options={"target": "single_hand"})
            table_id = f"t_{number}"
            await store.create_table(table_id, config.to_json(), time.time())
            owner = Owner(table_id, config, Table(config), 0, store=store, bus=bus,
                          bots=BotPool(0, margin=0))  # fmt: skip
            for seat in (0, 1):
                bus.subscribe(topic(table_id, seat), lambda text: None)
            owner.start()
            await owner.submit(Connected(0))
            await owner.submit(Connected(1))
            owners.append(owner)
        moves = 0

        async def play(owner: Owner) -> None:
            nonlocal moves
            while (table := owner.table).status == "playing":
                hand = table.hand
                seat = hand.to_move() if hand is not None and table.phase == "play" else None
                if hand is None or seat is None:  # a pause the table's clock ends
                    await asyncio.sleep(max(0.001, (table.wake_at or 0.0) - time.time()))
                    owner.post(Tick())
                    continue
                move = hand.move_text(rng.choice(hand.view(seat).legal_moves()))
                await owner.submit(Play(seat, move))
                moves += 1

        cpu = time.process_time()
        await asyncio.gather(*(play(owner) for owner in owners))
        cpu = time.process_time() - cpu
        for owner in owners:
            await owner.stop()
        await store.close()
    return {"cpu_ms_per_move": round(cpu / moves * 1e3, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rounds = []
    for number in range(args.rounds):
        found = uvloop.run(one_round(args.tables, number))
        found["table_ms_per_move"] = steps_per_second("scopa", 2, 30, 0, time.thread_time)[
            "ms_per_move"
        ]
        print(f"round {number + 1}/{args.rounds}: {found}", flush=True)
        rounds.append(found)
    medians = {key: round(statistics.median(r[key] for r in rounds), 4) for key in rounds[0]}
    medians["cpu_per_move_vs_table"] = round(
        medians["cpu_ms_per_move"] / medians["table_ms_per_move"], 2
    )
    print(json.dumps({"tables": args.tables, "medians": medians}))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "owner.json").write_text(
        json.dumps({"tables": args.tables, "rounds": rounds, "medians": medians}, indent=1)
    )


if __name__ == "__main__":
    main()
