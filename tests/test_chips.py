"""The chip ledger's rules, pure (circolo.chips): every movement sums to zero, nobody but
the mint goes below zero, a key moves chips once, the grants' numbers."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from circolo import chips
from circolo.chips import ChipEntry, ChipsError, KeyReused, Ledger, Overdraft, Transaction

DAY = 1_796_169_600.0  # 2026-12-02 00:00 UTC


def test_every_builder_makes_a_zero_sum_movement() -> None:
    for tx in (
        chips.opening_grant("p1", at=DAY),
        chips.fee("p1", "t1", 50, at=DAY),
        chips.refund("p1", "t1", 50, at=DAY),
        chips.prize("p1", "t1", 80, at=DAY),
        chips.rake("t1", 20, at=DAY),
    ):
        assert sum(e.amount for e in tx.entries) == 0
        assert tx.kind in chips.KINDS


def test_a_movement_that_does_not_sum_to_zero_is_refused() -> None:
    with pytest.raises(ChipsError, match="sum to zero"):
        Transaction("fee", "k", (ChipEntry("player:a", -5), ChipEntry("tournament:t", 4)), DAY)


@pytest.mark.parametrize(
    "entries",
    [
        (ChipEntry("player:a", 0), ChipEntry("player:b", 0)),  # nothing moves
        (ChipEntry("player:a", -5), ChipEntry("player:a", 5)),  # one account
        (ChipEntry("bank:x", -5), ChipEntry("player:a", 5)),  # no such account
        (ChipEntry("player:a b", -5), ChipEntry("player:c", 5)),  # bad id
        (ChipEntry("player:a", -(10**13)), ChipEntry("player:c", 10**13)),  # too big
    ],
)
def test_malformed_movements_are_refused(entries: tuple[ChipEntry, ...]) -> None:
    with pytest.raises(ChipsError):
        Transaction("fee", "k", entries, DAY)


def test_bad_kind_key_and_amount_are_refused() -> None:
    with pytest.raises(ChipsError, match="kind"):
        Transaction("gift", "k", (ChipEntry("player:a", -1), ChipEntry("player:b", 1)), DAY)
    with pytest.raises(ChipsError, match="key"):
        Transaction("fee", "a key", (ChipEntry("player:a", -1), ChipEntry("player:b", 1)), DAY)
    for amount in (0, -3, 10**13):
        with pytest.raises(ChipsError):
            chips.fee("p1", "t1", amount, at=DAY)


def test_a_fee_larger_than_the_balance_is_refused_and_moves_nothing() -> None:
    ledger = Ledger()
    ledger.post(chips.opening_grant("p1", at=DAY))
    with pytest.raises(Overdraft) as refused:
        ledger.post(chips.fee("p1", "t1", chips.OPENING_GRANT + 1, at=DAY))
    assert refused.value.code == "chips_insufficient"
    assert (refused.value.balance, refused.value.needed) == (1000, 1001)
    assert refused.value.answer() == {
        "code": "chips_insufficient",
        "message": "player:p1 has 1000 chips; 1001 are needed",
        "balance": 1000,
        "needed": 1001,
    }
    assert ledger.balance("player:p1") == 1000
    assert ledger.balance("tournament:t1") == 0
    assert "fee:t1:p1" not in ledger.transactions  # may be tried again with enough chips


def test_an_escrow_cannot_pay_more_than_it_holds() -> None:
    ledger = Ledger()
    ledger.post(chips.opening_grant("p1", at=DAY))
    ledger.post(chips.fee("p1", "t1", 100, at=DAY))
    with pytest.raises(Overdraft):
        ledger.post(chips.prize("p1", "t1", 101, at=DAY))


def test_the_mint_alone_goes_below_zero() -> None:
    ledger = Ledger()
    ledger.post(chips.opening_grant("p1", at=DAY))
    assert ledger.balance(chips.MINT) == -chips.OPENING_GRANT
    assert chips.may_go_negative(chips.MINT)
    assert not chips.may_go_negative(chips.RAKE)
    assert not chips.may_go_negative("tournament:t1")


def test_the_same_key_moves_chips_once() -> None:
    ledger = Ledger()
    ledger.post(chips.opening_grant("p1", at=DAY))
    first = ledger.post(chips.fee("p1", "t1", 100, at=DAY))
    again = ledger.post(chips.fee("p1", "t1", 100, at=DAY + 60))  # a retry, later
    assert (first.replayed, again.replayed) == (False, True)
    assert again.transaction.at == DAY  # the movement as first made
    assert ledger.balance("player:p1") == 900
    assert ledger.post(chips.opening_grant("p1", at=DAY + 1)).replayed


def test_a_key_reused_for_another_movement_is_refused() -> None:
    ledger = Ledger()
    ledger.post(chips.opening_grant("p1", at=DAY))
    ledger.post(chips.fee("p1", "t1", 100, at=DAY))
    with pytest.raises(KeyReused):
        ledger.post(chips.fee("p1", "t1", 200, at=DAY))
    assert ledger.balance("player:p1") == 900


def test_the_daily_grant_tops_up_to_the_floor_once_a_utc_day() -> None:
    assert chips.daily_grant("p1", chips.DAILY_FLOOR, at=DAY) is None
    assert chips.daily_grant("p1", chips.DAILY_FLOOR + 7, at=DAY) is None
    grant = chips.daily_grant("p1", 120, at=DAY + 3600)
    assert grant is not None
    assert grant.entries == (ChipEntry(chips.MINT, -380), ChipEntry("player:p1", 380))
    assert grant.key == "daily:p1:2026-12-02"
    late = chips.daily_grant("p1", 0, at=DAY + 86399)
    next_day = chips.daily_grant("p1", 0, at=DAY + 86400)
    assert late is not None and next_day is not None
    assert late.key == grant.key != next_day.key


def test_a_second_top_up_the_same_day_moves_nothing() -> None:
    ledger = Ledger()
    first = chips.daily_grant("p1", 0, at=DAY)
    assert first is not None
    ledger.post(first)
    ledger.post(chips.fee("p1", "t1", 400, at=DAY))
    second = chips.daily_grant("p1", ledger.balance("player:p1"), at=DAY + 10)
    assert second is not None
    with pytest.raises(KeyReused):
        ledger.post(second)
    assert ledger.balance("player:p1") == 100


ACCOUNTS = st.sampled_from(["a", "b", "c"])
TOURNEYS = st.sampled_from(["t1", "t2"])
AMOUNTS = st.integers(1, 1500)
OPS = st.one_of(
    st.tuples(st.just("opening"), ACCOUNTS),
    st.tuples(st.just("daily"), ACCOUNTS, st.integers(0, 3)),
    st.tuples(st.just("fee"), ACCOUNTS, TOURNEYS, AMOUNTS),
    st.tuples(st.just("refund"), ACCOUNTS, TOURNEYS, AMOUNTS),
    st.tuples(st.just("prize"), ACCOUNTS, TOURNEYS, AMOUNTS),
    st.tuples(st.just("rake"), TOURNEYS, AMOUNTS),
)


def build(op: tuple[object, ...], ledger: Ledger) -> Transaction | None:
    """A movement from a drawn step (shared with the store's property test)."""
    kind, *args = op
    if kind == "opening":
        return chips.opening_grant(str(args[0]), at=DAY)
    if kind == "daily":
        pid = str(args[0])
        return chips.daily_grant(
            pid, ledger.balance(f"player:{pid}"), at=DAY + 86400 * int(str(args[1]))
        )
    if kind == "rake":
        return chips.rake(str(args[0]), int(str(args[1])), at=DAY)
    make = {"fee": chips.fee, "refund": chips.refund, "prize": chips.prize}[str(kind)]
    return make(str(args[0]), str(args[1]), int(str(args[2])), at=DAY)


@settings(max_examples=200, deadline=None)
@given(st.lists(OPS, max_size=40))
def test_any_sequence_keeps_the_ledger_whole(ops: list[tuple[object, ...]]) -> None:
    ledger = Ledger()
    for op in ops:
        tx = build(op, ledger)
        if tx is None:
            continue
        with contextlib.suppress(ChipsError):
            ledger.post(tx)
        assert sum(ledger.balances.values()) == 0
        for account, balance in ledger.balances.items():
            assert balance == ledger.recompute(account)
            assert balance >= 0 or chips.may_go_negative(account)


def test_a_second_entry_after_a_refund_needs_a_key_of_its_own() -> None:
    ledger = Ledger()
    ledger.post(chips.opening_grant("p1", at=DAY))
    ledger.post(chips.fee("p1", "t1", 100, at=DAY))
    ledger.post(chips.refund("p1", "t1", 100, at=DAY))
    assert ledger.post(chips.fee("p1", "t1", 100, at=DAY)).replayed  # the default key: once
    again = ledger.post(chips.fee("p1", "t1", 100, at=DAY, key="fee:t1:p1:2"))
    assert not again.replayed
    assert (ledger.balance("player:p1"), ledger.balance("tournament:t1")) == (900, 100)
