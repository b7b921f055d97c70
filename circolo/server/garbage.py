"""The cycle collector, kept out of the way of a server whose tables replace their state at
every move.

A live table's objects live about a second, until its next move. CPython's young
collection scans every tracked object made since the last collection that is still
alive, so at 1,000 tables any collection scans most of the tables' state, whatever its
thresholds: rare ones (one per 500,000 more live objects) stopped every table for
250-1,400 ms every few minutes, frequent ones (one per 5,000) for 20-100 ms, 89 times in
two minutes (benchmarks/server.py). At 1,000 tables a full collection scans 400,000
objects: 300-500 ms under load. So the room makes no cycles on its paths (a refused
command, a closed connection and its subscriptions are freed by reference counting; what
is left is a few SQLAlchemy clauses, about 30 objects a second at 1,000 tables), the
server makes no automatic collection, and what start-up made is frozen.

In case some path makes cycles after all, the room looks for garbage once the memory in
use (``sys.getallocatedblocks``, read once a second in 0.3 ms) grew by ``SWEEP_SHARE``
more than its load explains (``Growth``; the load is its connections and live tables:
memory that grows with them is theirs, not garbage). A sweep expected to stop the room for
less than ``SHORT`` (50 ms: as long per memory block as the last collection took, here or
in a copy; ``Cost``) runs at once: in a small room, that costs less than a copy. Else the
room looks in a forked copy of itself (``collected_in_a_copy``): the copy runs the full
collection with the CPU time nobody else wants, and tells how many memory blocks it
freed, while the room plays on. The fork stops the room for 5-9 ms at 1,000 tables, and
while the copy lives, the room's first write to each memory page copies it: on a 2-CPU
machine with its clients, the longest round trip of that moment was 94-124 ms, against
a 326-405 ms stop for a sweep in the room. Only if the copy freed ``WORTH`` of the
blocks in use does the room sweep itself, every table stopped. So a flood of cycles is
swept within a second or two of growing that much, and a full room without garbage is
never stopped by the collector: before, the growth that its matches made (their move
logs and resync frames fill up over minutes) stopped every table once in each two
minutes. Where there is no fork, or the copy does not answer, the room sweeps itself.
(An hourly sweep as well, tried before, only shortened how long less than that share of
garbage was kept. ``gc.get_count`` does not measure growth: a freed object is not counted
while the count is at zero.) Each pause in the room is measured in /metrics
(``circolo_gc_pause_seconds``, and ``circolo_gc_collected_total`` counts what it found),
and each look in a copy (``circolo_gc_looks_total``, by whether the room then swept).
"""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any, NamedTuple, NoReturn

from circolo.server.metrics import GC_COLLECTED, GC_LOOKS, GC_PAUSE

SWEEP_SHARE = 0.25  # a full collection when the memory blocks in use grew by this share
LOOK_EVERY = 1.0  # seconds between two looks at that growth
WORTH = 0.05  # the room sweeps itself when its copy's sweep freed this share of the blocks
COPY_LIMIT = 60.0  # seconds a copy has to answer (a full sweep takes under one)
SHORT = 0.05
"""A sweep expected to stop the room for less than this many seconds runs in the room: a
look in a copy costs the room the copying of every memory page it writes to while the
copy lives (at 50 tables about 0.3 s of CPU, against a 21-24 ms sweep)."""
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


class Cost:
    """How long a full collection would stop the room: as long, per memory block beyond
    the ``base`` (what start-up froze is not scanned), as the last one took."""

    def __init__(self, base: int) -> None:
        self.base = base
        self.per_block: float | None = None  # none yet: the room is small

    def took(self, seconds: float, blocks: int) -> None:
        self.per_block = seconds / max(1, blocks - self.base)

    def expected(self, blocks: int) -> float:
        return 0.0 if self.per_block is None else self.per_block * max(0, blocks - self.base)


async def sweep(load: Callable[[], int], share: float = SWEEP_SHARE) -> None:
    """Once the memory blocks in use grew by ``share`` more than the room's ``load`` (its
    connections and live tables) explains: a sweep if it is expected to be ``SHORT``, else
    a look in a copy, and a sweep only if the copy found garbage (or could not tell);
    until cancelled."""
    base = sys.getallocatedblocks()
    growth, cost = Growth(base, share), Cost(base)
    while True:
        await asyncio.sleep(LOOK_EVERY)
        blocks = sys.getallocatedblocks()
        if not growth.due(blocks, load()):
            continue
        if cost.expected(blocks) < SHORT:
            cost.took(_collect(), blocks)
        else:
            copied = await collected_in_a_copy()
            if copied is not None:
                cost.took(copied.seconds, blocks)
            swept = copied is None or copied.freed >= WORTH * blocks
            if swept:
                cost.took(_collect(), blocks)
            GC_LOOKS.labels(str(swept).lower()).inc()
        growth.swept(sys.getallocatedblocks(), load())


def _collect() -> float:
    """A full collection in the room; the CPU seconds it took."""
    started = time.thread_time()
    gc.collect()
    return time.thread_time() - started


class Copied(NamedTuple):
    """What a full collection did in a copy: the memory blocks it freed, its CPU seconds."""

    freed: int
    seconds: float


async def collected_in_a_copy(limit: float = COPY_LIMIT) -> Copied | None:
    """A full collection in a forked copy of this process, which it leaves as it is; None
    without a fork, or if the copy does not answer within ``limit`` seconds (it is
    killed)."""
    if not hasattr(os, "fork"):
        return None
    loop = asyncio.get_running_loop()
    read, write = os.pipe()
    try:
        with warnings.catch_warnings():
            # Python 3.12 warns of a fork beside threads: a lock one of them held stays
            # held in the copy. The copy only collects; one that hangs is killed in time.
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
    except OSError:
        os.close(read)
        os.close(write)
        return None
    if pid == 0:
        _collect_in_the_copy(write)
    os.close(write)
    told: asyncio.Future[bytes] = loop.create_future()

    def readable() -> None:
        if not told.done():
            told.set_result(os.read(read, 64))  # one write under PIPE_BUF: read at once

    loop.add_reader(read, readable)
    answer = b""
    try:
        answer = await asyncio.wait_for(told, limit)
    except TimeoutError:
        pass
    finally:  # answered (it is exiting), too late, or the room is closing
        loop.remove_reader(read)
        os.close(read)
        os.kill(pid, signal.SIGKILL)
        await asyncio.to_thread(os.waitpid, pid, 0)
    freed, _, seconds = answer.decode().partition(" ")
    return Copied(int(freed), float(seconds)) if freed.isdigit() else None


def _collect_in_the_copy(answer: int) -> NoReturn:
    """In the copy: with every descriptor but ``answer`` closed (so what the garbage's
    finalizers do cannot reach a socket, a database or a pipe of the room), a full
    collection; write the blocks it freed and the CPU seconds it took, and exit."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        sys.unraisablehook = lambda _: None  # a finalizer's error: it has nowhere to go
        os.closerange(0, answer)
        os.closerange(answer + 1, os.sysconf("SC_OPEN_MAX"))
        if hasattr(os, "SCHED_IDLE"):  # only CPU time that the room (and all else) leaves
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        before = sys.getallocatedblocks()
        seconds = _collect()
        freed = max(0, before - sys.getallocatedblocks())
        os.write(answer, f"{freed} {seconds}".encode())
    finally:
        os._exit(0)


def _observe(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _started.append(time.perf_counter())
    elif _started:
        GC_PAUSE.labels(str(info["generation"])).observe(time.perf_counter() - _started.pop())
        GC_COLLECTED.inc(info["collected"])
