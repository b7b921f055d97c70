"""The cycle collector, kept out of the way of a server whose tables replace their state at
every move.

A live table's objects live about a second, until its next move. CPython's young
collection scans every tracked object made since the last collection that is still
alive, so at 1,000 tables any collection scans most of the tables' state, whatever its
thresholds: rare ones (one per 500,000 more live objects) stopped every table for
250-1,400 ms every few minutes, frequent ones (one per 5,000) for 20-100 ms, 89 times in
two minutes (benchmarks/server.py). At 1,000 tables a full collection scans half a
million objects: 300-500 ms under load. So the room makes no cycles on its paths (a
refused command, a closed connection and its subscriptions are freed by reference
counting; what is left is a few SQLAlchemy clauses, about 30 objects a second at 1,000
tables), the server makes no automatic collection, what start-up made is frozen, and a
full collection runs only once the memory in use (``sys.getallocatedblocks``, read once
a second in 0.3 ms) grew by ``SWEEP_SHARE`` more than the room's load explains
(``Growth``), in case some path makes cycles after all (``circolo_gc_collected_total``
counts what it finds). The load is the room's connections and live tables: memory that
grows with them is theirs, not garbage. So a flood of cycles is swept within a second of
growing that much, a room that fills up pauses while it is small, when a sweep scans few
objects (before, near 1,000 tables each 25 % of growth stopped every table for 220-500
ms), and a full room that stays full only until a sweep has seen its matches' state at
its largest. (An hourly sweep as well, tried before, only shortened how long less than
that share of garbage was kept, and stopped a room of 1,000 tables for 220-300 ms every
hour. ``gc.get_count`` does not measure growth: a freed object is not counted while the
count is at zero, so at 800 moves a second it climbed by 50,000 in ten seconds with no
more objects alive.) Each pause is measured in /metrics (``circolo_gc_pause_seconds``).
"""

from __future__ import annotations

import asyncio
import gc
import sys
import time
from collections.abc import Callable
from typing import Any

from circolo.server.metrics import GC_COLLECTED, GC_PAUSE

SWEEP_SHARE = 0.25  # a full collection when the memory blocks in use grew by this share
LOOK_EVERY = 1.0  # seconds between two looks at that growth
LOAD_FLOOR = 100
"""A load under this counts as this much: what a small room's memory holds is mostly not
its load's, and its sweeps are short."""

_started: list[float] = []


def pace() -> None:
    """Freeze what start-up made (never scanned again), stop the automatic collections,
    time each pause."""
    gc.collect()
    gc.freeze()
    gc.disable()
    if _observe not in gc.callbacks:
        gc.callbacks.append(_observe)


class Growth:
    """Is a sweep due? The memory blocks the room should hold are its ``base`` (what an
    empty room holds) and, for each unit of its load, what one held at the last sweep: due
    once the blocks in use exceed that by ``share``. A unit's blocks are estimated over at
    least ``LOAD_FLOOR`` units, so an estimate made in a small room errs low: more sweeps
    while they are short, and never a room where garbage grows unseen."""

    def __init__(self, base: int, share: float) -> None:
        self.base = base
        self.share = share
        self.per_unit = 0.0

    def swept(self, blocks: int, load: int) -> None:
        self.per_unit = max(0, blocks - self.base) / max(load, LOAD_FLOOR)

    def due(self, blocks: int, load: int) -> bool:
        expected = self.base + self.per_unit * max(load, LOAD_FLOOR)
        return blocks >= expected * (1 + self.share)


async def sweep(load: Callable[[], int], share: float = SWEEP_SHARE) -> None:
    """A full collection once the memory blocks in use grew by ``share`` more than the
    room's ``load`` (its connections and live tables) explains; until cancelled."""
    growth = Growth(sys.getallocatedblocks(), share)
    while True:
        await asyncio.sleep(LOOK_EVERY)
        if growth.due(sys.getallocatedblocks(), load()):
            gc.collect()
            growth.swept(sys.getallocatedblocks(), load())


def _observe(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _started.append(time.perf_counter())
    elif _started:
        GC_PAUSE.labels(str(info["generation"])).observe(time.perf_counter() - _started.pop())
        GC_COLLECTED.inc(info["collected"])
