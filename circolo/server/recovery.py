"""Recovery at start: every waiting table back in the lobby, and every live table rebuilt
from its log (each gets ``Resume(grace)`` first; one whose log ends the match only gets its
result recorded). Each match its log saw end is kept for the records, fair play and the
ratings (once: a match kept before the restart is not counted again), so a match that
ended while its outcome could not be written, or just before a crash, counts all the same."""

from __future__ import annotations

import structlog

from circolo.server.lobby import Lobby
from circolo.server.tables import Tables
from circolo.server.told import retold
from circolo.server.waiting import Pending
from circolo.store import Store, StoreError, TableLog
from circolo.table import Resume, TableConfig
from circolo.table.outcomes import MatchEnds

log = structlog.get_logger(__name__)


async def recover(store: Store, lobby: Lobby, tables: Tables, grace: float) -> int:
    """Bring every stored table back; returns the live tables' count."""
    for data in await store.waiting_tables():
        try:
            pending = Pending.from_json(data)
        except Exception:
            log.exception("recover_waiting_failed", table=data.get("table_id"))
            continue
        lobby.restore(pending)
    count = 0
    for saved in await store.live_tables():
        if await rebuild(store, tables, saved, grace):
            count += 1
    log.info("tables_recovered", tables=count)
    return count


async def rebuild(
    store: Store, tables: Tables, saved: TableLog, grace: float, epoch: int | None = None
) -> bool:
    """One live table back from its log with ``Resume(grace)`` (its owner writes with
    ``epoch``); False when its log ends the match (its result is recorded) or cannot be
    read."""
    table_id = saved.table.table_id
    try:
        config = TableConfig.from_json(saved.table.config)
        entries = [entry.data for entry in saved.entries]
        table, told = retold(config, entries)
        ends = MatchEnds(entries)
        try:  # a store error here loses no table: it is brought back all the same
            await tables.record_outcomes(table_id, saved.table.config, ends.ends, table.results)
        except StoreError as error:
            log.warning("match_outcomes_not_recorded", table=table_id, error=str(error))
        if table.status == "finished":  # killed between its last entry and its result
            await store.finish_table(table_id, table.result or {}, table.last_at, epoch=epoch)
            log.info("finished_table_recorded", table=table_id)
            return False
    except Exception:
        log.exception("recover_failed", table=table_id)
        return False
    seq = saved.entries[-1].seq if saved.entries else 0
    tables.adopt(
        table_id,
        config,
        table,
        seq,
        saved.table.created_at,
        saved.table.invite,
        Resume(grace),
        told,
        epoch,
        ends,
    )
    return True
