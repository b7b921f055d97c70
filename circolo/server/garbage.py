"""The cycle collector, paced for a server whose tables replace their state at every move.

A live table's objects live about a second, until its next move. CPython's young
collection scans every tracked object made since the last collection that is still alive,
so at 1,000 tables each young collection scanned most of the heap: 20-60 ms with every
table stopped, every few seconds, which was most of the move round trip's p99
(benchmarks/server.py). Nearly everything the room makes is freed by reference counting
(a full collection after five seconds of play found no garbage; ``Owner.call`` breaks the
one cycle a refused command made), so collections are made rare: one young collection per
500,000 more live objects (at 1,000 busy tables, one of about 250 ms every few minutes),
and a full one every hundred of those. Each pause is measured in /metrics
(``circolo_gc_pause_seconds``).
"""

from __future__ import annotations

import gc
import time
from typing import Any

from circolo.server.metrics import GC_PAUSE

YOUNG = 500_000  # net new tracked objects before a young collection
OLDER = 10  # young collections before a middle one, and middle ones before a full one

_started: list[float] = []


def pace() -> None:
    """Freeze what start-up made (never scanned again), set the thresholds, time each pause."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, OLDER, OLDER)
    if _observe not in gc.callbacks:
        gc.callbacks.append(_observe)


def _observe(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _started.append(time.perf_counter())
    elif _started:
        GC_PAUSE.labels(str(info["generation"])).observe(time.perf_counter() - _started.pop())
