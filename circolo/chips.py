"""The chip ledger's rules, pure: accounts, double-entry transactions, grants, refusals.

Chips are virtual: nobody buys or cashes them. They move only as a :class:`Transaction`,
a set of entries ``(account, amount)`` that sum to zero, so a chip is never made or lost
in a move: the house's mint (``house:grants``) is the only account that may go below zero,
and its balance is minus every chip in circulation. Every transaction has an idempotency
key: posting it again (a retry after a crash, a replayed tournament log) moves nothing.

The store (``Store.post_chips``) keeps the same rules in SQL, inside one database
transaction; :class:`Ledger` here is the reference model the tests compare it with.

Accounts: ``player:<player id>``, ``tournament:<id>`` (a tournament's escrow: its fees
until they are refunded, paid as prizes or raked), ``house:grants`` (the mint),
``house:rake`` (the house's cut of the fees).

>>> tx = fee("p1", "t9", 100, at=0.0)
>>> [(e.account, e.amount) for e in tx.entries]
[('player:p1', -100), ('tournament:t9', 100)]
>>> ledger = Ledger()
>>> _ = ledger.post(opening_grant("p1", at=0.0))
>>> _ = ledger.post(tx)
>>> ledger.balance("player:p1"), ledger.balance("tournament:t9")
(900, 100)
>>> ledger.post(tx).replayed  # the same key again: nothing moves
True
>>> ledger.balance("player:p1")
900
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Final

OPENING_GRANT: Final = 1000
"""Chips an account is given once, the first time it looks at its chips."""
DAILY_FLOOR: Final = 500
"""Once per UTC day, an account below this many chips is topped up to it (never above):
nobody is locked out of tournaments for long, and nobody farms chips by waiting."""
MAX_AMOUNT: Final = 10**12
"""Largest chip amount in one entry (and largest balance a check expects)."""
MAX_ENTRIES: Final = 64
"""Most entries in one transaction."""

MINT: Final = "house:grants"
"""Where granted chips come from: the one account allowed below zero."""
RAKE: Final = "house:rake"
"""The house's cut of tournament fees."""

KINDS: Final = ("opening", "daily", "fee", "refund", "prize", "rake")
"""Every kind of transaction: what a movement is, for the history and the checks."""

_ID = r"[A-Za-z0-9_.~-]{1,64}"
_ACCOUNT = re.compile(rf"^(?:player:{_ID}|tournament:{_ID}|house:grants|house:rake)$")
_KEY = re.compile(r"^[\x21-\x7e]{1,128}$")


class ChipsError(ValueError):
    """A refused movement; ``code`` is the error code the server answers with."""

    code = "chips_invalid"

    def answer(self) -> dict[str, object]:
        """The refusal as a route answers it (JSON): ``code``, ``message`` and details."""
        return {"code": self.code, "message": str(self)}


class Overdraft(ChipsError):
    """An account would go below zero: nothing moved."""

    code = "chips_insufficient"

    def __init__(self, account: str, balance: int, needed: int) -> None:
        super().__init__(f"{account} has {balance} chips; {needed} are needed")
        self.account = account
        self.balance = balance
        self.needed = needed

    def answer(self) -> dict[str, object]:
        """With the balance and the chips needed, for the page to say both."""
        return {**super().answer(), "balance": self.balance, "needed": self.needed}


class KeyReused(ChipsError):
    """An idempotency key already names a different transaction: nothing moved."""

    code = "chips_key_reused"


def player_account(player_id: str) -> str:
    """The account of a player."""
    return _checked(f"player:{player_id}")


def escrow_account(tournament_id: str) -> str:
    """A tournament's escrow account: its entry fees, until refunded, paid or raked."""
    return _checked(f"tournament:{tournament_id}")


def may_go_negative(account: str) -> bool:
    """Only the mint goes below zero; players' and tournaments' accounts never do."""
    return account == MINT


def _checked(account: str) -> str:
    if not _ACCOUNT.match(account):
        raise ChipsError(f"not a chip account: {account[:80]!r}")
    return account


@dataclass(frozen=True)
class ChipEntry:
    """One line of a transaction: ``amount`` chips into ``account`` (negative: out of it)."""

    account: str
    amount: int


@dataclass(frozen=True)
class Transaction:
    """A checked movement of chips: entries summing to zero, one key, one kind.

    ``reference`` says what it is about (a tournament id); ``at`` is epoch seconds.
    Entries on the same account are merged and sorted, so two equal movements compare equal.
    """

    kind: str
    key: str
    entries: tuple[ChipEntry, ...]
    at: float
    reference: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ChipsError(f"unknown kind of movement {self.kind!r}")
        if not _KEY.match(self.key):
            raise ChipsError("an idempotency key is 1 to 128 printable ASCII characters")
        if self.reference is not None and not re.fullmatch(_ID, self.reference):
            raise ChipsError("a reference is 1 to 64 letters, digits or _.~-")
        merged: dict[str, int] = {}
        for entry in self.entries:
            _checked(entry.account)
            if type(entry.amount) is not int or not 0 < abs(entry.amount) <= MAX_AMOUNT:
                raise ChipsError(f"an amount is a whole number from 1 to {MAX_AMOUNT} either way")
            merged[entry.account] = merged.get(entry.account, 0) + entry.amount
        kept = tuple(ChipEntry(a, n) for a, n in sorted(merged.items()) if n != 0)
        if not 2 <= len(kept) <= MAX_ENTRIES:
            raise ChipsError(f"a movement has 2 to {MAX_ENTRIES} accounts")
        if sum(e.amount for e in kept) != 0:
            raise ChipsError("a movement's entries must sum to zero")
        object.__setattr__(self, "entries", kept)

    def same_as(self, other: Transaction) -> bool:
        """Is ``other`` this movement again (a retry), whenever it was made?"""
        return (self.kind, self.key, self.entries, self.reference) == (
            other.kind,
            other.key,
            other.entries,
            other.reference,
        )


def _move(
    kind: str, key: str, source: str, target: str, amount: int, at: float, ref: str | None
) -> Transaction:
    if type(amount) is not int or not 0 < amount <= MAX_AMOUNT:
        raise ChipsError(f"an amount is a whole number from 1 to {MAX_AMOUNT}")
    entries = (ChipEntry(source, -amount), ChipEntry(target, amount))
    return Transaction(kind, key, entries, at, ref)


def opening_grant(player_id: str, *, at: float) -> Transaction:
    """The account's first chips, given once ever (its key names only the player)."""
    return _move("opening", f"opening:{player_id}", MINT, player_account(player_id),
                 OPENING_GRANT, at, None)  # fmt: skip


def utc_day(at: float) -> str:
    """The UTC day of ``at``, as ``YYYY-MM-DD``: a daily grant's day."""
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d")


def daily_grant(player_id: str, balance: int, *, at: float) -> Transaction | None:
    """Today's top-up to :data:`DAILY_FLOOR` for a balance below it, or None (enough
    chips). One per UTC day: its key names the day."""
    if balance >= DAILY_FLOOR:
        return None
    return _move("daily", f"daily:{player_id}:{utc_day(at)}", MINT, player_account(player_id),
                 DAILY_FLOOR - balance, at, None)  # fmt: skip


def fee(
    player_id: str, tournament_id: str, amount: int, *, at: float, key: str | None = None
) -> Transaction:
    """A player's entry fee into the tournament's escrow. The default key allows one per
    player and tournament: a tournament that lets a player withdraw and enter again gives
    each entry (and its refund) a ``key`` of its own, e.g. ``fee:<t>:<player>:2``."""
    return _move("fee", key or f"fee:{tournament_id}:{player_id}", player_account(player_id),
                 escrow_account(tournament_id), amount, at, tournament_id)  # fmt: skip


def refund(
    player_id: str, tournament_id: str, amount: int, *, at: float, key: str | None = None
) -> Transaction:
    """A fee given back from the escrow (a withdrawal, a cancelled tournament)."""
    escrow, account = escrow_account(tournament_id), player_account(player_id)
    key = key or f"refund:{tournament_id}:{player_id}"
    return _move("refund", key, escrow, account, amount, at, tournament_id)


def prize(
    player_id: str, tournament_id: str, amount: int, *, at: float, key: str | None = None
) -> Transaction:
    """A prize paid from the escrow (one per player and tournament)."""
    escrow, account = escrow_account(tournament_id), player_account(player_id)
    key = key or f"prize:{tournament_id}:{player_id}"
    return _move("prize", key, escrow, account, amount, at, tournament_id)


def rake(tournament_id: str, amount: int, *, at: float, key: str | None = None) -> Transaction:
    """The house's cut of a tournament's fees, out of its escrow (once per tournament)."""
    return _move("rake", key or f"rake:{tournament_id}", escrow_account(tournament_id), RAKE,
                 amount, at, tournament_id)  # fmt: skip


@dataclass(frozen=True)
class Posted:
    """What posting did: the transaction as kept (the first one, for a replay), whether it
    was a replay (nothing moved), and the balances after it of the accounts it touched."""

    transaction: Transaction
    replayed: bool
    balances: dict[str, int]


def check_posting(tx: Transaction, balances: dict[str, int]) -> None:
    """Raise :class:`Overdraft` if ``tx`` would take an account (not the mint) below zero,
    given the accounts' current ``balances`` (missing: zero)."""
    for entry in tx.entries:
        now = balances.get(entry.account, 0)
        if entry.amount < 0 and now + entry.amount < 0 and not may_go_negative(entry.account):
            raise Overdraft(entry.account, now, -entry.amount)


@dataclass
class Ledger:
    """The ledger in memory: the reference the store is tested against, and a model of
    what posting means (idempotent, all or nothing, no overdraft)."""

    balances: dict[str, int] = field(default_factory=dict)
    transactions: dict[str, Transaction] = field(default_factory=dict)
    entries: list[tuple[str, ChipEntry]] = field(default_factory=list)

    def balance(self, account: str) -> int:
        """An account's chips (zero if it never had any)."""
        return self.balances.get(account, 0)

    def post(self, tx: Transaction) -> Posted:
        """Move the chips of ``tx`` once: a key seen before moves nothing (and must name
        the same movement, else :class:`KeyReused`); an overdraft moves nothing."""
        done = self.transactions.get(tx.key)
        if done is not None:
            if not done.same_as(tx):
                raise KeyReused(f"the key {tx.key!r} names another movement")
            return Posted(done, True, {e.account: self.balance(e.account) for e in done.entries})
        check_posting(tx, self.balances)
        for entry in tx.entries:
            self.balances[entry.account] = self.balance(entry.account) + entry.amount
            self.entries.append((tx.key, entry))
        self.transactions[tx.key] = tx
        return Posted(tx, False, {e.account: self.balance(e.account) for e in tx.entries})

    def recompute(self, account: str) -> int:
        """An account's balance summed from its entries."""
        return sum(e.amount for _, e in self.entries if e.account == account)
