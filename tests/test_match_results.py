"""Each match of a table, kept for the records: read off a log with rematches (one result
per match, its totals the table's own), kept once however often it is told, and filled in
by ``circolo admin record-matches`` for the tables stored before (SQLite and PostgreSQL)."""

from __future__ import annotations

import random
from typing import Any

import anyio
import pytest
from click.testing import CliRunner
from sqlalchemy import insert, select
from sqlalchemy.engine import Connection, make_url

from circolo.cli import main
from circolo.store import Store
from circolo.store import store as store_module
from circolo.store.models import GameTable, MatchResultRow, MatchSeat, TableEvent
from circolo.table import Table, TableConfig
from circolo.table.outcomes import match_ends, match_results
from tests.support import auto_play
from tests.test_conduct import _to
from tests.test_store import anyio_backend, url  # noqa: F401 (fixtures)

CONFIG = {"game": "scopa", "options": {"target": "single_hand"}, "speed": "standard",
          "seats": [{"kind": "human", "name": "Anna", "player_id": "g_anna"},
                    {"kind": "bot", "name": "Bot", "level": "greedy"}]}  # fmt: skip


def played(matches_until: int = 400) -> tuple[dict[str, Any], list[dict[str, Any]], Table]:
    """A one-hand Scopa against a bot, rematched while its log is short: config, log, table."""
    table = Table(TableConfig.from_json(CONFIG))
    log = auto_play(table, random.Random(7), rematch_until=matches_until)
    return table.config.to_json(), log, table


def test_each_match_of_a_log_with_rematches_is_one_result_with_its_totals() -> None:
    config, log, table = played()
    found = match_results("t1", config, match_ends(log), table.results)
    assert len(found) == len(table.results) >= 2
    for number, (match, told) in enumerate(zip(found, table.results, strict=True), 1):
        assert (match.match, match.winner, match.reason) == (number, told["winner"], told["reason"])
        assert list(match.totals) == told["totals"]
        assert match.seats == (("g_anna", 0), (None, 1)) and match.mode == "1v1"
    assert [m.match for m in match_results("t1", config, match_ends(log))] == [
        m.match for m in found
    ]


@pytest.mark.anyio
async def test_a_match_told_twice_is_kept_once(url: str) -> None:  # noqa: F811
    config, log, table = played()
    store = await Store.open(url)
    try:
        await store.create_table("t1", config, 1.0, players=["g_anna"])
        await store.finish_table("t1", table.result or {}, at=2.0)
        found = match_results("t1", config, match_ends(log), table.results)
        await store.record_matches(found[:1])
        await store.record_matches(found)  # the next match's end reads the whole log again
        await store.record_matches(found)  # and a restart once more
        tally = await store.tally("g_anna")
        assert sum(t.matches for t in tally) == len(found)
        (record,) = await store.list_tables(player_id="g_anna")
        assert [m.match for m in record.matches] == list(range(1, len(found) + 1))
    finally:
        await store.close()


def _kept(conn: Connection) -> list[Any]:
    rows = conn.execute(
        select(MatchResultRow.match, MatchResultRow.winner, MatchResultRow.totals)
        .order_by(MatchResultRow.table_id, MatchResultRow.match)
    ).all()  # fmt: skip
    return [tuple(row) for row in rows]


@pytest.mark.anyio
async def test_record_matches_fills_in_every_match_of_the_tables_stored_before(
    url: str,  # noqa: F811
) -> None:
    """A table finished before match results were kept: ``circolo admin record-matches``
    replays its log and keeps each of its matches, once (run again, it finds nothing)."""
    config, log, table = played()
    engine = store_module._engine(make_url(url), "FULL")
    async with engine.begin() as conn:
        await conn.run_sync(_to("0007"))
        await conn.execute(insert(GameTable).values(
            table_id="t1", game="scopa", config=config, status="finished",
            result=table.result, created_at=1.0, finished_at=2.0,
        ))  # fmt: skip
        await conn.execute(
            insert(TableEvent),
            [{"table_id": "t1", "seq": n, "data": e, "at": 1.0} for n, e in enumerate(log, 1)],
        )
        await conn.run_sync(_to("0008"))
        assert await conn.run_sync(_kept) == [], "the migration replays no log"
        await conn.run_sync(_to("0007", down=True))
        await conn.run_sync(_to("0008"))
    await engine.dispose()
    runner = CliRunner()
    env = {"CIRCOLO_DATABASE_URL": url}
    command = ["admin", "record-matches"]  # the store it opens migrates to the head
    first = await anyio.to_thread.run_sync(lambda: runner.invoke(main, command, env=env))
    assert first.exit_code == 0, first.output
    matches = len(table.results)
    assert f"{matches} matches kept from 1 finished tables" in first.output
    again = await anyio.to_thread.run_sync(lambda: runner.invoke(main, command, env=env))
    assert "0 matches kept from 0 finished tables" in again.output
    engine = store_module._engine(make_url(url), "FULL")
    async with engine.connect() as conn:
        kept = await conn.run_sync(_kept)
        assert kept == [(n, r["winner"], r["totals"]) for n, r in enumerate(table.results, 1)]
        assert len(kept) >= 2
        seats = await conn.run_sync(
            lambda c: c.execute(select(MatchSeat.player_id).where(MatchSeat.seat == 0)).all()
        )
        assert [row[0] for row in seats] == ["g_anna"] * len(kept)
    await engine.dispose()
