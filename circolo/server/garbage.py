"""The cycle collector, kept out of the way of a server whose tables replace their state at
every move.

A live table's objects live about a second, until its next move. CPython's young
collection scans every tracked object made since the last collection that is still alive,
so at 1,000 tables any collection scans most of the tables' state, whatever its thresholds:
rare ones (one per 500,000 more live objects) stopped every table for 250-1,400 ms every
few minutes, frequent ones (one per 5,000) for 20-100 ms, 89 times in two minutes
(benchmarks/server.py). Nearly everything the room makes is freed by reference counting:
in ten seconds of play at saturation a collection found only what importing a module
once leaves (the pure-Python ``datetime``), and ``Owner.call`` breaks the one cycle a
refused command made. So the server makes no automatic collection: what start-up made is
frozen, and a full collection runs once every ``SWEEP_EVERY`` seconds, in case some path
makes cycles after all (``circolo_gc_collected_total`` counts what it finds), and sooner
when ``SWEEP_GROWTH`` more objects are tracked than after the last one, or a quarter more if
that is more. Each closed
WebSocket leaves some 70 objects in cycles (its transport, protocol and frame parser refer
to one another, in uvicorn and websockets), about 14 KiB: a client opening connections in
a loop piled them up for an hour, hundreds of megabytes; now a few megabytes at most.
Each pause is measured in /metrics (``circolo_gc_pause_seconds``).
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Any

from circolo.server.metrics import GC_COLLECTED, GC_PAUSE

SWEEP_EVERY = 3600.0  # seconds between two full collections, at the most
SWEEP_GROWTH = 50_000  # more tracked objects than after the last collection: one now...
SWEEP_SHARE = 0.25  # ...or this share of those it kept, if more (as CPython's own rule)
LOOK_EVERY = 1.0  # seconds between two looks at that growth

_started: list[float] = []


def pace() -> None:
    """Freeze what start-up made (never scanned again), stop the automatic collections,
    time each pause."""
    gc.collect()
    gc.freeze()
    gc.disable()
    if _observe not in gc.callbacks:
        gc.callbacks.append(_observe)


async def sweep(
    every: float = SWEEP_EVERY, growth: int = SWEEP_GROWTH, share: float = SWEEP_SHARE
) -> None:
    """A full collection every ``every`` seconds, or once more objects are tracked than after
    the last (``gc.get_count``: made less freed) by ``growth``, or by ``share`` of what the
    last one kept if that is more: a pause scans every tracked object (at 1,000 tables, half
    a million of them, 300-500 ms), so it is not spent on a room that is only filling up;
    until cancelled."""
    last = time.monotonic()
    due = growth
    while True:
        await asyncio.sleep(min(LOOK_EVERY, every))
        if time.monotonic() - last >= every or gc.get_count()[0] >= due:
            gc.collect()
            due = max(growth, int(share * len(gc.get_objects(2))))
            last = time.monotonic()


def _observe(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _started.append(time.perf_counter())
    elif _started:
        GC_PAUSE.labels(str(info["generation"])).observe(time.perf_counter() - _started.pop())
        GC_COLLECTED.inc(info["collected"])
