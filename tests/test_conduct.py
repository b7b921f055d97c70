"""Fair play's parts on their own: when a suspension holds, the operator's times, which
frames are chat lines, a report's checks, the mute lists (bounded, per player, opaque
refs) and reports in the store, and the 0007 migration down and up (SQLite, PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import click
import pytest
from alembic import command
from sqlalchemy import insert, select
from sqlalchemy.engine import Connection, make_url

from circolo.admin_cli import parse_until
from circolo.server.bus import LocalBus, encode
from circolo.server.forms import FormProblem
from circolo.server.mutes import MAX_MUTES, Mutes, chat_seat
from circolo.server.reports import TEXT_CHARS, check
from circolo.store import AccountRecord, ReportExists, Store, UnknownTable, migrate
from circolo.store import store as store_module
from circolo.store.models import Account, Player
from tests.test_store import anyio_backend, store, url  # noqa: F401 (fixtures)

NOW = 1_800_000_000.0


def account(at: float | None, until: float | None) -> AccountRecord:
    return AccountRecord("p", "P", "p", "h", None, 0.0, 0.0, None, at, until, None)


def test_a_suspension_holds_from_its_start_until_its_end_or_until_lifted() -> None:
    assert not account(None, None).suspended(NOW)
    assert account(NOW - 10, None).suspended(NOW)  # no end: until lifted
    assert account(NOW - 10, NOW + 10).suspended(NOW)
    assert not account(NOW - 10, NOW).suspended(NOW)  # over at its end


@pytest.mark.parametrize(
    ("raw", "until"),
    [
        ("30m", NOW + 1800),
        ("12h", NOW + 12 * 3600),
        ("7d", NOW + 7 * 86400),
        ("2w", NOW + 14 * 86400),
        ("2027-02-01", 1_801_440_000.0),  # midnight UTC
        ("2027-02-01T18:30", 1_801_440_000.0 + 18.5 * 3600),
    ],
)
def test_the_operator_says_until_when_as_a_span_or_a_utc_date(raw: str, until: float) -> None:
    assert parse_until(raw, NOW) == until


@pytest.mark.parametrize("raw", ["soon", "7x", "-3d", "", "2001-01-01", "0m", "99999999d"])
def test_a_bad_or_past_until_is_refused(raw: str) -> None:
    with pytest.raises((click.BadParameter, OverflowError, ValueError)):
        parse_until(raw, NOW)


def test_only_chat_frames_name_a_sender_seat() -> None:
    line = encode({"type": "chat", "table_id": "t", "seat": 2, "name": "A", "text": "x", "at": 1})
    assert chat_seat(line) == 2
    assert chat_seat({"type": "chat", "seat": 1}) == 1
    quoting = encode({"type": "table.events", "events": [{"type": "chat", "seat": 1}]})
    assert chat_seat(quoting) is None  # a frame that only mentions chat is no chat line
    assert chat_seat(encode({"type": "chat", "seat": True})) is None
    assert chat_seat({"type": "table.snapshot", "seat": 0}) is None


def test_a_report_has_a_known_reason_and_few_words_cleaned_as_chat() -> None:
    data: dict[str, object] = {"table_id": "t1", "reason": "abuse", "text": " a\u202eb\n  c "}
    assert check(data) == ("t1", "abuse", "ab c")
    assert check({"table_id": "t1", "reason": "other"}) == ("t1", "other", "")
    for bad, code in (
        ({"table_id": "t1", "reason": "spam"}, "report_reason"),
        ({"table_id": "t1", "reason": "other", "text": "x" * (TEXT_CHARS + 1)}, "report_too_long"),
        ({"table_id": "t1", "reason": "other", "text": ["x"]}, "bad_request"),
        ({"table_id": 5, "reason": "other"}, "bad_request"),
    ):
        with pytest.raises(FormProblem) as refused:
            check(bad)
        assert refused.value.code == code


@pytest.mark.anyio
async def test_mute_lists_are_bounded_per_player_with_opaque_refs(store: Store) -> None:  # noqa: F811
    bus = LocalBus()
    mutes = Mutes(store, bus, "secret")
    await mutes.hold("me")
    for i in range(MAX_MUTES):
        assert await mutes.mute("me", f"p{i}", f"Player {i}", NOW + i)
    assert not await mutes.mute("me", "one more", "One More", NOW)  # full: refused
    assert await mutes.mute("me", "p7", "Player Seven", NOW + 999)  # again: renewed, no room taken
    assert len(await mutes.listing("me")) == MAX_MUTES
    assert mutes.muted("me", "p7") and not mutes.muted("me", "one more")
    assert not mutes.muted("you", "p7")  # one player's list is theirs alone
    ref = mutes.ref("me", "p7")
    assert "p7" not in ref and ref != Mutes(store, bus, "other secret").ref("me", "p7")
    assert not await mutes.unmute("you", ref)  # another player's ref is nobody for you
    assert await mutes.unmute("me", ref)
    assert not mutes.muted("me", "p7") and not await mutes.unmute("me", ref)
    mutes.release("me")
    assert not mutes.mutes_anyone("me")  # forgotten with the last connection


@pytest.mark.anyio
async def test_reports_are_kept_once_with_the_names_to_review_them(store: Store) -> None:  # noqa: F811
    for pid, name in (("a", "Anna"), ("b", "Bruno")):
        await store.ensure_guest(pid, name, NOW)
    await store.create_table("t1", {"game": "scopa"}, NOW, players=["a", "b"])
    await store.add_report("t1", "a", "abuse", "rude", NOW)
    with pytest.raises(ReportExists):
        await store.add_report("t1", "a", "other", "", NOW + 1)
    with pytest.raises(UnknownTable):
        await store.add_report("nope", "a", "other", "", NOW)
    (found,) = await store.reports()
    assert (found.table_id, found.game, found.reporter, found.reported) == (
        "t1", "scopa", "Anna", ("Bruno",),
    )  # fmt: skip
    assert (found.reason, found.text, found.at, found.closed_at) == ("abuse", "rude", NOW, None)
    assert await store.reports_since("a", NOW - 1) == 1
    assert await store.close_report(found.report_id, NOW + 5)
    assert not await store.close_report(found.report_id, NOW + 6)  # closed once
    assert await store.reports() == []
    assert [r.closed_at for r in await store.reports(closed=True)] == [NOW + 5]


def _to(revision: str, down: bool = False) -> Any:
    return lambda conn: (command.downgrade if down else command.upgrade)(
        migrate.config(conn), revision
    )


def _accounts(conn: Connection) -> list[Any]:
    return list(conn.execute(select(Account.player_id, Account.settings)).all())


@pytest.mark.anyio
async def test_migration_0007_down_and_up_keeps_the_accounts(url: str) -> None:  # noqa: F811
    engine = store_module._engine(make_url(url), "FULL")
    async with engine.begin() as conn:
        await conn.run_sync(_to("0007"))
        await conn.execute(insert(Player).values(player_id="p", name="P", kind="account",
                                                 created_at=1.0, last_seen_at=1.0))  # fmt: skip
        await conn.execute(insert(Account).values(player_id="p", name_key="p", password_hash="h",
                                                  created_at=1.0, password_changed_at=1.0,
                                                  settings={"faces": "french"},
                                                  suspended_at=2.0))  # fmt: skip
        await conn.run_sync(_to("0006", down=True))
        assert await conn.run_sync(migrate.current) == "0006"
        rows = await conn.run_sync(
            lambda c: c.exec_driver_sql("SELECT player_id, settings FROM accounts").all()
        )
        assert [(r[0], json.loads(r[1]) if isinstance(r[1], str) else r[1]) for r in rows] == [
            ("p", {"faces": "french"})
        ]
        await conn.run_sync(_to("0007"))
        assert [r.player_id for r in await conn.run_sync(_accounts)] == ["p"]
    await engine.dispose()


@pytest.mark.anyio
async def test_a_mute_made_on_another_process_reaches_this_ones_list(store: Store) -> None:  # noqa: F811
    """Two processes share the store and the bus: the one with the player's connection
    reads its list again when the other one changes it."""
    bus = LocalBus()  # stands for Redis: every process's handlers get each message
    here, there = Mutes(store, bus, "k"), Mutes(store, bus, "k")
    await here.hold("me")
    assert not here.muted("me", "rude")
    assert await there.mute("me", "rude", "Rude", NOW)
    for _ in range(100):
        if here.muted("me", "rude"):
            break
        await asyncio.sleep(0.01)
    assert here.muted("me", "rude")
    assert await there.unmute("me", there.ref("me", "rude"))
    for _ in range(100):
        if not here.muted("me", "rude"):
            break
        await asyncio.sleep(0.01)
    assert not here.muted("me", "rude")
    here.release("me")
    assert bus.subscribers("mutes:me") == 0  # the last connection gone: no subscription left
