"""This process's part in a room of several processes over PostgreSQL and Redis.

Each table (waiting or live) is owned by exactly one process, through a Redis lease named
after it (``lease.py``). Taking over a table also claims a new epoch in the store, and the
owner's appends carry it: a process paused past its lease that wakes up is refused by the
store (``Fenced``) and lets the table go, so a table never has two writers.

A process keeps its leases alive (``renew``, every third of their time), says it is alive,
and sweeps: a table of the store that nobody holds (its process died, or let it go while
draining) is taken by the first process to get its lease, rebuilt from its log and
resumed with the grace, as after a restart. Players' connections stay where they are:
their frames come on the Redis bus, and what they ask of a table elsewhere travels to its
owner (``peers.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Awaitable, Callable, Iterable

import structlog

from circolo.server.bus import Bus
from circolo.server.lease import Lease, Leases
from circolo.server.peers import Peers
from circolo.store import Store

log = structlog.get_logger(__name__)

Adopt = Callable[[str, int], Awaitable[bool]]
"""Rebuild a table this process just took (its id, its new epoch); False if it is gone."""
Lost = Callable[[str], Awaitable[None]]
"""Stop a table's owner at once, without a write: another process holds it now."""


def table_lease(table_id: str) -> str:
    return f"table:{table_id}"


def process_lease(process_id: str) -> str:
    """Held by a process while it runs: the others know it is alive."""
    return f"process:{process_id}"


class Cluster:
    """The leases this process holds, and the tables it takes over."""

    def __init__(
        self, store: Store, bus: Bus, leases: Leases, life: Leases, process_id: str, ttl: float
    ) -> None:
        self.store = store
        self.process_id = process_id
        self.leases = leases
        self.life = life  # the process's own lease: longer, so a stall is not a death
        self.ttl = ttl
        self.peers = Peers(bus, process_id, timeout=max(5.0, 2 * ttl))
        self.held: dict[str, Lease] = {}
        self.epochs: dict[str, int] = {}
        self.adopt: Adopt | None = None
        self.lost: Lost | None = None
        self.revived: Callable[[], Awaitable[None]] | None = None
        """Others may have taken this process for dead (its lease ran out): say again what
        it has open where."""
        self.draining = False
        self._me: Lease | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._sweep_now = asyncio.Event()
        self._adopting: dict[str, asyncio.Event] = {}
        self.peers.serve("sweep", self._sweep_asked)

    @staticmethod
    def new_process_id() -> str:
        return secrets.token_hex(6)

    async def start(self) -> None:
        self._me = await self.life.acquire(process_lease(self.process_id))
        self._tasks = [asyncio.create_task(self._keep()), asyncio.create_task(self._sweeps())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._me is not None:
            with contextlib.suppress(Exception):
                await self.life.release([self._me])
        self.peers.close()

    async def alive(self, processes: Iterable[str]) -> set[str]:
        """Which of these processes run now."""
        ids = list(processes)
        holders = await self.life.holders([process_lease(p) for p in ids])
        return {p for p, holder in zip(ids, holders, strict=True) if holder is not None}

    # -- leases ------------------------------------------------------------------------------

    async def take(self, table_id: str, *, new: bool = False) -> int | None:
        """Own ``table_id``: its lease, then (unless it is ``new``: nobody ever wrote it) a new
        epoch from the store. None when another process holds it."""
        if self.draining:
            return None
        lease = await self.leases.acquire(table_lease(table_id))
        if lease is None:
            return None
        self.held[table_id] = lease
        try:
            epoch = 0 if new else await self.store.claim_table(table_id)
        except BaseException:
            await self.release([table_id])
            raise
        self.epochs[table_id] = epoch
        return epoch

    def epoch(self, table_id: str) -> int | None:
        return self.epochs.get(table_id)

    async def release(self, table_ids: Iterable[str]) -> None:
        """Let tables go (retired, lost or drained): others may take them at once."""
        leases = [lease for t in table_ids if (lease := self.held.pop(t, None)) is not None]
        for lease in leases:
            self.epochs.pop(lease.name.removeprefix("table:"), None)
        if leases:
            with contextlib.suppress(Exception):
                await self.leases.release(leases)

    async def holder(self, table_id: str) -> str | None:
        """The process that owns ``table_id`` now, if any."""
        if table_id in self.held:
            return self.process_id
        holders: list[str | None] = await self.leases.holders([table_lease(table_id)])
        return holders[0]

    async def holder_soon(self, table_id: str) -> str | None:
        """The table's owner, waiting (up to a lease's time and a rebuild) while nobody holds
        it: its process just died, and another is taking it over."""
        loop = asyncio.get_running_loop()
        until = loop.time() + self.ttl + 5.0
        while True:
            found = await self.holder(table_id)
            if found is not None or loop.time() >= until:
                return found
            self._sweep_now.set()
            await asyncio.sleep(0.1)

    async def _keep(self) -> None:
        """Renew every lease held, every third of their time; a lost one's table stops."""
        while True:
            await asyncio.sleep(self.ttl / 3)
            held = list(self.held.items())
            try:
                alive = await self.leases.renew([lease for _, lease in held])
                await self._stay_alive()
            except Exception as error:  # Redis away: the leases run out, the store fences
                log.warning("lease_renew_failed", error=str(error))
                continue
            for (table_id, lease), ok in zip(held, alive, strict=True):
                if not ok and self.held.get(table_id) is lease:
                    await self._lapsed(table_id)

    async def _lapsed(self, table_id: str) -> None:
        """A lease ran out (this process was too busy to renew it in time). Nobody else
        took it: it is taken again and the table goes on (had another process claimed it
        meanwhile, the store would refuse this one's next write). Another holds it: the
        table is let go."""
        try:
            lease = await self.leases.acquire(table_lease(table_id))
        except Exception:
            lease = None
        if lease is not None and table_id in self.held:
            self.held[table_id] = lease
            log.info("table_lease_taken_again", table=table_id)
            return
        log.warning("table_lease_lost", table=table_id)
        await self.let_go(table_id)

    async def _stay_alive(self) -> None:
        if self._me is not None and (await self.life.renew([self._me]))[0]:
            return
        self._me = await self.life.acquire(process_lease(self.process_id))
        log.warning("process_lease_lapsed")
        if self.revived is not None:
            await self.revived()

    async def let_go(self, table_id: str) -> None:
        """Another process owns ``table_id`` (its lease ran out, or the store fenced a
        write): stop its owner here at once, with no write."""
        self.held.pop(table_id, None)
        self.epochs.pop(table_id, None)
        if self.lost is not None:
            await self.lost(table_id)

    # -- sweeps ------------------------------------------------------------------------------

    async def sweep(self) -> int:
        """Take every stored table nobody holds; the count taken."""
        if self.draining or self.adopt is None:
            return 0
        ids = [t for t in await self.store.open_table_ids() if t not in self.held]
        if not ids:
            return 0
        holders = await self.leases.holders([table_lease(t) for t in ids])
        taken = 0
        for table_id, holder in zip(ids, holders, strict=True):
            if holder is not None:
                continue
            self._adopting[table_id] = asyncio.Event()
            try:
                epoch = await self.take(table_id)
                if epoch is None:
                    continue
                if await self.adopt(table_id, epoch):
                    taken += 1
                    log.info("table_taken_over", table=table_id, epoch=epoch)
                else:
                    await self.release([table_id])
            except Exception:
                log.exception("take_over_failed", table=table_id)
                await self.release([table_id])
            finally:
                self._adopting.pop(table_id).set()
        return taken

    async def adopted(self, table_id: str) -> None:
        """Wait while this process takes ``table_id`` over: its lease is held here before
        its owner is rebuilt, and a command for it must wait for that owner."""
        adopting = self._adopting.get(table_id)
        if adopting is not None:
            await adopting.wait()

    async def _sweeps(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.ttl / 2):
                    await self._sweep_now.wait()
            self._sweep_now.clear()
            try:
                await self.sweep()
            except Exception as error:
                log.warning("sweep_failed", error=str(error))

    async def _sweep_asked(self, _process: str, _args: dict[str, object]) -> None:
        self._sweep_now.set()

    def ask_sweep(self, processes: Iterable[str]) -> None:
        """Tell other processes to look for free tables now (this one drains)."""
        for process in processes:
            self.peers.tell(process, "sweep")
