"""Persistence: players, tables and tournaments, each with its log (SQLite by default, or
PostgreSQL).

The server codes against :class:`Store`::

    store = await Store.open(settings.url)                            # runs migrations
    await store.create_table("t1", config_json, created_at=now, players=["p1"])
    await store.append("t1", [Entry(1, {"type": "sat"}, now)])        # durable when it returns
    epoch = await store.claim_table("t1")       # several processes: this one owns t1 now
    await store.append("t1", [Entry(2, move, now)], epoch=epoch)     # Fenced once claimed again
    for log in await store.live_tables():                             # after a restart
        Table.replay(TableConfig.from_json(log.table.config), [e.data for e in log.entries])
    await store.post_chips(chips.fee("p1", "cup", 100, at=now))      # the chip ledger
    await store.append_tournament("cup", 1, {"at": now, "command": register}, "registering",
                                  summary, players=["p1"])           # a tournament's log
    await store.close()
"""

from circolo.results import MatchResult
from circolo.store.records import (
    AccountExists,
    AccountRecord,
    BadSeq,
    DuplicateEntry,
    Entry,
    Fenced,
    Json,
    LedgerCheck,
    LedgerLine,
    MuteRecord,
    NameTaken,
    PlayerRecord,
    ReportExists,
    ReportRecord,
    SessionRecord,
    StoreError,
    TableExists,
    TableLinked,
    TableLog,
    TableRecord,
    Tally,
    TournamentExists,
    TournamentRecord,
    UnknownTable,
    UnknownTournament,
)
from circolo.store.store import CommitStats, Store, sqlite_url

__all__ = [
    "AccountExists",
    "AccountRecord",
    "BadSeq",
    "CommitStats",
    "DuplicateEntry",
    "Entry",
    "Fenced",
    "Json",
    "LedgerCheck",
    "LedgerLine",
    "MatchResult",
    "MuteRecord",
    "NameTaken",
    "PlayerRecord",
    "ReportExists",
    "ReportRecord",
    "SessionRecord",
    "Store",
    "StoreError",
    "TableExists",
    "TableLinked",
    "TableLog",
    "TableRecord",
    "Tally",
    "TournamentExists",
    "TournamentRecord",
    "UnknownTable",
    "UnknownTournament",
    "sqlite_url",
]
