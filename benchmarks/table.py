"""The live table's speed and size: steps per second and the memory of an idle table.

For each game and mode: whole matches of random legal moves at a standard table (every
seat a human, moves sent as the server sends them), timing only ``Presenter.handle``: per
step, and per move (every step's time, the deals and the pauses' ends too, over the moves
played: what the server's CPU per move is compared with); then
the memory of 1,000 live tables at the start of a hand (tracemalloc: what the tables
hold after the deal, divided by 1,000; target at most 50 KiB), and how fast a log
replays.

    python benchmarks/table.py [--game scopa] [--matches 20] [--tables 1000]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from circolo.table import (
    Connected,
    Play,
    Presenter,
    SeatConfig,
    SupplySeed,
    Table,
    TableConfig,
    Tick,
)

GAMES = ("scopa", "bisca", "burraco")


def table_config(game: str, players: int) -> TableConfig:
    seats = tuple(SeatConfig.human(f"p{s}", f"Player {s}") for s in range(players))
    return TableConfig(game, seats)


def started(game: str, players: int, rng: random.Random) -> tuple[Presenter, list[Any], float]:
    """A table (with its presenter, as the server holds it) with its first hand dealt; its
    log; the time."""
    live = Presenter(Table(table_config(game, players)))
    now = 1_700_000_000.0
    log: list[Any] = []
    for command in [Tick(), SupplySeed(rng.getrandbits(256))]:
        log += live.handle(command, now).entries
    for seat in range(players):
        log += live.handle(Connected(seat), now).entries
    return live, log, now


def steps_per_second(
    game: str, players: int, matches: int, seed: int,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, Any]:  # fmt: skip
    """``clock``: what a step's time is read from (``time.thread_time``: its CPU time)."""
    rng = random.Random(seed)
    steps = 0
    moves = 0
    spent = 0.0
    replayed = 0.0
    entries = 0
    for _ in range(matches):
        live, log, now = started(game, players, rng)
        table = live.table
        while table.status == "playing":
            now += 1.0
            hand = table.hand
            seat = table.mover()
            if seat is not None and hand is not None:
                move = hand.move_text(rng.choice(hand.view(seat).legal_moves()))
                command: Any = Play(seat, move)
                moves += 1
            elif table.wants_seed:
                command = SupplySeed(rng.getrandbits(256))
            else:
                now = table.wake_at or now
                command = Tick()
            start = clock()
            step = live.handle(command, now)
            spent += clock() - start
            steps += 1
            log += step.entries
        start = time.perf_counter()
        Table.replay(table.config, log)
        replayed += time.perf_counter() - start
        entries += len(log)
    return {
        "steps": steps,
        "steps_per_s": round(steps / spent),
        "ms_per_step": round(1000 * spent / steps, 3),
        "ms_per_move": round(1000 * spent / moves, 3),
        "replay_entries_per_s": round(entries / replayed),
    }


def memory_per_table(game: str, players: int, tables: int, seed: int) -> float:
    """KiB held per live table at the start of a hand (its log not counted: it is stored)."""
    rng = random.Random(seed)
    Table(table_config(game, players))  # imports and caches outside the measure
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    held = [started(game, players, rng)[0] for _ in range(tables)]
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    assert len(held) == tables
    return round(size / tables / 1024, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    report = []
    for game in args.game or GAMES:
        for players in (2, 4):
            row = {"game": game, "players": players}
            row |= steps_per_second(game, players, args.matches, args.seed)
            row["kib_per_table"] = memory_per_table(game, players, args.tables, args.seed)
            report.append(row)
            print(json.dumps(row))


if __name__ == "__main__":
    main()
