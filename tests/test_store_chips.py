# ruff: noqa: F811  (the fixtures imported from test_store are parameters here)
"""The chip ledger in the store, on SQLite and PostgreSQL: all or nothing, append-only,
each stored balance the sum of its entries, no overdraft even when fees race, a retried
movement made once, and migration 0009 up and down."""

from __future__ import annotations

import asyncio
import sqlite3
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, inspect, make_url, text, update
from sqlalchemy.exc import DBAPIError

from circolo import chips
from circolo.chips import ChipEntry, ChipsError, KeyReused, Ledger, Overdraft, Transaction
from circolo.cli import main
from circolo.store import Store, sqlite_url
from circolo.store import store as store_module
from circolo.store.models import ChipTransaction, LedgerEntry
from tests.test_chips import DAY, OPS, build
from tests.test_store import _migrate, anyio_backend, store, url  # noqa: F401  (fixtures)

pytestmark = pytest.mark.anyio


async def test_a_fee_moves_chips_into_the_escrow_with_the_balances(store: Store) -> None:
    await store.post_chips(chips.opening_grant("p1", at=DAY))
    posted = await store.post_chips(chips.fee("p1", "t1", 150, at=DAY + 1))
    assert posted.balances == {"player:p1": 850, "tournament:t1": 150}
    assert await store.chip_balance("player:p1") == 850
    assert await store.chip_balance(chips.MINT) == -1000
    assert await store.chip_balance("player:nobody") == 0
    lines = await store.chip_history("player:p1")
    assert [(x.kind, x.amount, x.balance, x.reference) for x in lines] == [
        ("fee", -150, 850, "t1"),
        ("opening", 1000, 1000, None),
    ]
    page = await store.chip_history("player:p1", before=lines[0].entry_id, limit=5)
    assert [x.kind for x in page] == ["opening"]
    assert (await store.verify_ledger()).ok


async def test_an_overdraft_is_refused_and_nothing_moves(store: Store) -> None:
    await store.post_chips(chips.opening_grant("p1", at=DAY))
    with pytest.raises(Overdraft) as refused:
        await store.post_chips(chips.fee("p1", "t1", 1001, at=DAY))
    assert (refused.value.account, refused.value.balance, refused.value.needed) == (
        "player:p1", 1000, 1001,
    )  # fmt: skip
    with pytest.raises(Overdraft):  # an account that never had chips
        await store.post_chips(chips.fee("ghost", "t1", 1, at=DAY))
    assert await store.chip_balance("player:p1") == 1000
    assert await store.chip_balance("tournament:t1") == 0
    assert not await store.chips_posted("fee:t1:p1")  # the key stays free: try again later
    await store.post_chips(chips.fee("p1", "t1", 1000, at=DAY))
    assert await store.chip_balance("player:p1") == 0


async def test_a_retried_movement_moves_chips_once(store: Store) -> None:
    await store.post_chips(chips.opening_grant("p1", at=DAY))
    fee = chips.fee("p1", "t1", 100, at=DAY)
    first = await store.post_chips(fee)
    again = await store.post_chips(chips.fee("p1", "t1", 100, at=DAY + 30))  # after a crash
    assert (first.replayed, again.replayed) == (False, True)
    assert again.transaction.at == DAY
    both = await asyncio.gather(*(store.post_chips(fee) for _ in range(10)))
    assert all(p.replayed for p in both)
    assert await store.chip_balance("player:p1") == 900
    with pytest.raises(KeyReused):
        await store.post_chips(chips.fee("p1", "t1", 101, at=DAY))
    assert await store.chip_balance("player:p1") == 900
    assert (await store.verify_ledger()).transactions == 2


async def test_a_refusal_in_a_batch_fails_only_its_caller(store: Store) -> None:
    """Writes gathered into one transaction: the overdraft is undone alone."""
    await store.post_chips(chips.opening_grant("p1", at=DAY))
    results = await asyncio.gather(
        store.post_chips(chips.opening_grant("p2", at=DAY)),
        store.post_chips(chips.fee("p1", "t1", 5000, at=DAY)),
        store.ensure_guest("g1", "Gianni", at=DAY),
        store.post_chips(chips.fee("p1", "t2", 10, at=DAY)),
        return_exceptions=True,
    )
    assert isinstance(results[1], Overdraft)
    assert not isinstance(results[0], BaseException)
    assert not isinstance(results[3], BaseException)
    assert await store.chip_balance("player:p2") == 1000
    assert await store.chip_balance("player:p1") == 990
    assert await store.player("g1") is not None


async def test_concurrent_fees_cannot_overdraw(store: Store) -> None:
    """40 fees of 100 raced against 1,000 chips: exactly 10 are taken."""
    await store.post_chips(chips.opening_grant("p1", at=DAY))
    results = await asyncio.gather(
        *(store.post_chips(chips.fee("p1", f"t{n}", 100, at=DAY)) for n in range(40)),
        return_exceptions=True,
    )
    assert sum(1 for r in results if isinstance(r, Overdraft)) == 30
    assert sum(1 for r in results if not isinstance(r, BaseException)) == 10
    assert await store.chip_balance("player:p1") == 0
    assert (await store.verify_ledger()).ok


async def test_two_processes_racing_fees_cannot_overdraw(url: str) -> None:
    """Two stores (two writers, as two processes have) on one database."""
    one = await Store.open(url)
    two = await Store.open(url)
    try:
        await one.post_chips(chips.opening_grant("p1", at=DAY))
        results = await asyncio.gather(
            *(
                (one if n % 2 else two).post_chips(chips.fee("p1", f"t{n}", 70, at=DAY))
                for n in range(30)
            ),
            return_exceptions=True,
        )
        unexpected = [
            r for r in results if isinstance(r, BaseException) and not isinstance(r, Overdraft)
        ]
        assert unexpected == []
        taken = sum(1 for r in results if not isinstance(r, BaseException))
        assert taken == 1000 // 70
        assert await one.chip_balance("player:p1") == 1000 - 70 * taken
        assert (await two.verify_ledger()).ok
    finally:
        await one.close()
        await two.close()


async def test_the_daily_grant_tops_up_once_a_day(store: Store) -> None:
    assert await store.claim_daily_chips("p1", DAY) is not None  # from nothing: to the floor
    assert await store.chip_balance("player:p1") == chips.DAILY_FLOOR
    await store.post_chips(chips.fee("p1", "t1", 450, at=DAY))
    assert await store.claim_daily_chips("p1", DAY + 60) is None  # today's was given
    tomorrow = await store.claim_daily_chips("p1", DAY + 86400)
    assert tomorrow is not None and tomorrow.balances["player:p1"] == chips.DAILY_FLOOR
    assert await store.claim_daily_chips("p1", DAY + 2 * 86400) is None  # at the floor
    claims = await asyncio.gather(*(store.claim_daily_chips("p2", DAY) for _ in range(8)))
    assert sum(1 for c in claims if c is not None) == 1
    assert await store.chip_balance("player:p2") == chips.DAILY_FLOOR


async def test_two_processes_claiming_the_same_day_grant_it_once(url: str) -> None:
    one = await Store.open(url)
    two = await Store.open(url)
    try:
        claims = await asyncio.gather(
            *((one, two)[n % 2].claim_daily_chips(f"p{n // 8}", DAY) for n in range(32))
        )
        made = [c for c in claims if c is not None and not c.replayed]
        assert len(made) == 4  # one per player
        for n in range(4):
            assert await one.chip_balance(f"player:p{n}") == chips.DAILY_FLOOR
        assert (await two.verify_ledger()).ok
    finally:
        await one.close()
        await two.close()


async def test_ledger_entries_and_movements_are_append_only(store: Store) -> None:
    await store.post_chips(chips.opening_grant("p1", at=DAY))
    for statement in (
        update(LedgerEntry).values(amount=5000),
        delete(LedgerEntry),
        update(ChipTransaction).values(kind="prize"),
        delete(ChipTransaction),
    ):
        with pytest.raises(DBAPIError, match="append-only"):
            async with store._engine.begin() as conn:
                await conn.execute(statement)
    assert await store.recompute_chips("player:p1") == 1000
    assert (await store.verify_ledger()).ok


async def test_verify_finds_a_balance_that_is_not_the_sum_of_its_entries(store: Store) -> None:
    await store.post_chips(chips.opening_grant("p1", at=DAY))
    async with store._engine.begin() as conn:  # a balance changed behind the ledger's back
        await conn.execute(text("UPDATE chip_balances SET balance = 7 WHERE account = 'player:p1'"))
        await conn.execute(text("INSERT INTO chip_balances VALUES ('player:p9', -3)"))
    check = await store.verify_ledger()
    assert not check.ok
    assert check.mismatched == [("player:p1", 7, 1000), ("player:p9", -3, 0)]
    assert check.negative == [("player:p9", -3)]
    assert check.total == 0 and check.unbalanced == []


async def test_migration_0009_up_and_down(url: str) -> None:
    store = await Store.open(url)
    await store.post_chips(chips.opening_grant("p1", at=DAY))
    await store.close()
    engine = store_module._engine(make_url(url), "FULL")
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_migrate("0008", down=True))
            names = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
            assert not names & {"chip_transactions", "ledger_entries", "chip_balances"}
        again = await Store.open(url)  # up again: an empty ledger
        try:
            assert await again.chip_balance("player:p1") == 0
            assert (await again.post_chips(chips.opening_grant("p1", at=DAY))).replayed is False
        finally:
            await again.close()
    finally:
        await engine.dispose()


def _tagged(account: str, tag: str) -> str:
    return account if account.startswith("house:") else f"{account}-{tag}"


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=st.lists(OPS, min_size=1, max_size=25))
async def test_any_sequence_keeps_the_stored_ledger_whole(
    url: str, ops: list[tuple[object, ...]]
) -> None:
    """Random grants, fees, refunds, prizes and rake across accounts, posted together: the
    store agrees with the reference ledger, each balance is the sum of its entries, all
    entries sum to zero, nobody but the mint is below zero."""
    store = await Store.open(url)
    try:
        tag = uuid.uuid4().hex[:8]  # the examples share a database: fresh accounts each
        model = Ledger()  # in the accounts' own names
        expected: list[type] = []
        posts = []
        for op in ops:
            made = build(op, model)
            if made is None:
                continue
            try:
                expected.append(type(model.post(made)))
            except ChipsError as refused:
                expected.append(type(refused))
            posts.append(
                store.post_chips(
                    Transaction(
                        made.kind,
                        f"{made.key}:{tag}",
                        tuple(ChipEntry(_tagged(e.account, tag), e.amount) for e in made.entries),
                        made.at,
                        None if made.reference is None else f"{made.reference}-{tag}",
                    )
                )
            )
        got = await asyncio.gather(*posts, return_exceptions=True)  # batched, in order
        assert [type(g) for g in got] == expected
        for account in model.balances:
            if account.startswith("house:"):
                continue  # shared by the examples
            mine = _tagged(account, tag)
            assert await store.chip_balance(mine) == model.balance(account)
            assert await store.recompute_chips(mine) == model.balance(account)
        check = await store.verify_ledger()
        assert check.ok, check
    finally:
        await store.close()


def test_ledger_verify_exits_1_on_a_broken_ledger(tmp_path: Path) -> None:
    """``circolo admin ledger-verify`` says what is wrong, and fails."""
    db = sqlite_url(tmp_path / "circolo.sqlite3")

    async def prepare() -> None:
        store = await Store.open(db)
        try:
            await store.post_chips(chips.opening_grant("p1", at=DAY))
        finally:
            await store.close()

    asyncio.run(prepare())
    runner = CliRunner()
    whole = runner.invoke(main, ["admin", "ledger-verify", "--data-dir", str(tmp_path)])
    assert whole.exit_code == 0 and "the ledger is whole" in whole.output
    with sqlite3.connect(tmp_path / "circolo.sqlite3") as conn:
        conn.execute("UPDATE chip_balances SET balance = 5000 WHERE account = 'player:p1'")
    broken = runner.invoke(main, ["admin", "ledger-verify", "--data-dir", str(tmp_path)])
    assert broken.exit_code == 1
    assert "player:p1: stored 5000, its entries sum to 1000" in broken.output
