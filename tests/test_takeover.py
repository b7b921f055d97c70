"""A table this process is taking over: its lease is taken before its owner is rebuilt, and
what is asked of it meanwhile waits for the rebuild (else it would find no table). Leases
on the real Redis, as in ``test_lease.py``."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import pytest

from circolo.server.bus import LocalBus
from circolo.server.cluster import Cluster
from circolo.server.lease import Leases
from circolo.store import Store
from tests.test_lease import Counting, client, prefix

pytestmark = pytest.mark.anyio
__all__ = ["client", "prefix"]  # the fixtures


class Tables:
    """The store as a sweep reads it: one open table nobody holds."""

    async def open_table_ids(self) -> list[str]:
        return ["t1"]

    async def claim_table(self, _table_id: str) -> int:
        return 2


async def test_what_is_asked_of_a_table_taken_over_waits_for_its_rebuild(
    client: Counting, prefix: str
) -> None:
    leases = Leases(client, "p1", 5.0, prefix)
    cluster = Cluster(cast(Store, Tables()), LocalBus(), leases, leases, "p1", 5.0)
    adopting, rebuilt = asyncio.Event(), asyncio.Event()

    async def adopt(table_id: str, epoch: int) -> bool:
        assert (table_id, epoch) == ("t1", 2)
        adopting.set()
        await rebuilt.wait()
        return True

    cluster.adopt = adopt
    sweep = asyncio.create_task(cluster.sweep())
    await adopting.wait()
    assert await cluster.holder("t1") == "p1"  # held here, its owner not there yet
    asked: asyncio.Task[Any] = asyncio.create_task(cluster.adopted("t1"))
    await asyncio.sleep(0.05)
    assert not asked.done()
    rebuilt.set()
    await asyncio.wait_for(asked, 1)
    assert await sweep == 1
    await asyncio.wait_for(cluster.adopted("t1"), 0.1)  # rebuilt: nothing to wait for
    await asyncio.wait_for(cluster.adopted("t2"), 0.1)  # never taken here either
