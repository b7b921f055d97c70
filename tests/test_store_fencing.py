# ruff: noqa: F811  (the fixtures imported from test_store are parameters here)
"""Fencing in the store, on SQLite and PostgreSQL: a claim raises a table's epoch, a
write made with an older epoch is refused (nothing of it stored) while the rest of its
batch commits, two stores (two processes) racing claims against appends never let an
old owner write after a claim returned, and migration 0011 up and down."""

from __future__ import annotations

import asyncio
import random

import pytest
from sqlalchemy import insert, inspect, make_url, text

from circolo.store import DuplicateEntry, Entry, Fenced, Store, UnknownTable
from circolo.store import store as store_module
from circolo.store.models import TableEvent
from tests.test_store import _migrate, anyio_backend, store, url  # noqa: F401  (fixtures)

pytestmark = pytest.mark.anyio


def entry(seq: int) -> Entry:
    return Entry(seq, {"type": "move", "n": seq}, float(seq))


async def seqs(store: Store, table_id: str) -> list[int]:
    return [e.seq for e in (await store.load(table_id)).entries]


async def test_a_claim_raises_the_epoch(store: Store) -> None:
    await store.create_table("t", {"game": "scopa"}, created_at=1.0)
    assert await store.epoch("t") == 0
    assert await store.claim_table("t") == 1
    assert await store.claim_table("t") == 2
    assert await store.epoch("t") == 2
    with pytest.raises(UnknownTable):
        await store.claim_table("nope")
    with pytest.raises(UnknownTable):
        await store.epoch("nope")


async def test_an_append_with_an_older_epoch_stores_nothing(store: Store) -> None:
    await store.create_table("t", {"game": "scopa"}, created_at=1.0)
    old = await store.claim_table("t")
    await store.append("t", [entry(1)], epoch=old)
    new = await store.claim_table("t")
    with pytest.raises(Fenced):
        await store.append("t", [entry(2), entry(3)], epoch=old)
    assert await seqs(store, "t") == [1]
    await store.append("t", [entry(2)], epoch=new)
    await store.append("t", [entry(3)])  # no epoch, one process: no check
    assert await seqs(store, "t") == [1, 2, 3]
    with pytest.raises(DuplicateEntry):  # the seq is checked too
        await store.append("t", [entry(3)], epoch=new)
    with pytest.raises(UnknownTable):
        await store.append("nope", [entry(1)], epoch=new)


async def test_a_fenced_append_fails_alone_in_its_batch(store: Store) -> None:
    """One transaction holds the four appends: only the fenced one is refused."""
    for table_id in ("a", "b", "c"):
        await store.create_table(table_id, {"game": "scopa"}, created_at=1.0)
    old_a = await store.claim_table("a")
    new_a = await store.claim_table("a")
    epoch_b = await store.claim_table("b")
    commits = store.stats.commits
    outcome = await asyncio.gather(
        store.append("a", [entry(1)], epoch=old_a),
        store.append("b", [entry(1), entry(2)], epoch=epoch_b),
        store.append("c", [entry(1)]),
        store.append("a", [entry(1)], epoch=new_a),
        return_exceptions=True,
    )
    assert store.stats.commits == commits + 1  # one batch
    assert isinstance(outcome[0], Fenced)
    assert outcome[1:] == [None, None, None]
    assert await seqs(store, "a") == [1]
    assert await seqs(store, "b") == [1, 2]
    assert await seqs(store, "c") == [1]


async def test_a_fenced_append_in_a_batch_retried_for_a_duplicate(store: Store) -> None:
    """A duplicate seq makes the batch run again write by write: the fenced append is
    still refused, the duplicate fails, the good one is stored."""
    for table_id in ("a", "b"):
        await store.create_table(table_id, {"game": "scopa"}, created_at=1.0)
    old = await store.claim_table("a")
    await store.claim_table("a")
    await store.append("b", [entry(1)])
    outcome = await asyncio.gather(
        store.append("a", [entry(1)], epoch=old),
        store.append("b", [entry(1)]),
        store.append("b", [entry(2)], epoch=0),
        return_exceptions=True,
    )
    assert isinstance(outcome[0], Fenced)
    assert isinstance(outcome[1], DuplicateEntry)
    assert outcome[2] is None
    assert await seqs(store, "a") == []
    assert await seqs(store, "b") == [1, 2]


async def test_finishing_with_an_older_epoch_changes_nothing(store: Store) -> None:
    await store.create_table("t", {"game": "scopa"}, created_at=1.0)
    old = await store.claim_table("t")
    new = await store.claim_table("t")
    with pytest.raises(Fenced):
        await store.finish_table("t", {"winner": 0}, at=5.0, epoch=old)
    assert (await store.table("t")).status == "live"
    await store.finish_table("t", {"winner": 1}, at=6.0, epoch=new)
    table = await store.table("t")
    assert (table.status, table.result, table.finished_at) == ("finished", {"winner": 1}, 6.0)
    with pytest.raises(UnknownTable):
        await store.finish_table("nope", {}, epoch=new)


async def race(
    old_owner: Store, new_owner: Store, table_id: str, delay: float
) -> tuple[list[int], int]:
    """``old_owner`` claims the table and appends to it, one entry after another, until
    refused; after ``delay`` seconds ``new_owner`` claims it and reads the last seq. The
    seqs acknowledged to the old owner, and that last seq."""
    epoch = await old_owner.claim_table(table_id)
    acknowledged: list[int] = []

    async def write() -> None:
        for seq in range(1, 10_000):
            try:
                await old_owner.append(table_id, [entry(seq)], epoch=epoch)
            except Fenced:
                return
            acknowledged.append(seq)
        raise AssertionError("the old owner was never fenced")

    async def claim() -> int:
        await asyncio.sleep(delay)
        assert await new_owner.claim_table(table_id) == epoch + 1
        return await new_owner.last_seq(table_id)

    _, seen = await asyncio.gather(write(), claim())
    return acknowledged, seen


async def test_an_old_owner_never_writes_after_a_claim_returned(url: str) -> None:
    """Two stores on one database, as two processes, racing at several tables at once
    (appends and claims share batches). The old owner is always refused in the end, and
    its log never grows past the seq read once the claim returned: no append of an older
    epoch is accepted after a claim; every append acknowledged to it is stored."""
    old_owner, new_owner = await Store.open(url), await Store.open(url)
    rng = random.Random(25)
    try:
        for round_ in range(12):
            ids = [f"r{round_}t{n}" for n in range(4)]
            for table_id in ids:
                await old_owner.create_table(table_id, {"game": "scopa"}, created_at=1.0)
            outcome = await asyncio.gather(
                *(race(old_owner, new_owner, t, rng.uniform(0, 0.03)) for t in ids)
            )
            for table_id, (acknowledged, seen) in zip(ids, outcome, strict=True):
                assert await seqs(new_owner, table_id) == acknowledged == list(range(1, seen + 1))
                epoch = await new_owner.epoch(table_id)
                await new_owner.append(table_id, [entry(seen + 1)], epoch=epoch)
    finally:
        await old_owner.close()
        await new_owner.close()


async def test_migration_0011_up_and_down(url: str) -> None:
    """A database at 0010 with a table and its log: opening the store gives the table
    epoch 0; the downgrade drops the column in place, the log kept."""
    engine = store_module._engine(make_url(url), "FULL")
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_migrate("0010"))
            await conn.execute(
                text(
                    "INSERT INTO tables (table_id, game, config, status, created_at)"
                    " VALUES ('old', 'scopa', '{}', 'live', 1.0)"
                )
            )
            await conn.execute(insert(TableEvent).values(table_id="old", seq=1, data={}, at=1.0))
        store = await Store.open(url)
        try:
            assert await store.epoch("old") == 0
            assert await store.claim_table("old") == 1
        finally:
            await store.close()
        async with engine.begin() as conn:
            await conn.run_sync(_migrate("0010", down=True))
            for name in ("tables", "table_events"):
                columns = await conn.run_sync(
                    lambda c, name=name: {col["name"] for col in inspect(c).get_columns(name)}
                )
                assert "epoch" not in columns
        again = await Store.open(url)
        try:
            assert await again.epoch("old") == 0
            assert await seqs(again, "old") == [1]
        finally:
            await again.close()
    finally:
        await engine.dispose()
