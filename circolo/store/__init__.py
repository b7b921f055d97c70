"""Persistence: players, tables and each table's event log (SQLite by default, or PostgreSQL).

The server codes against :class:`Store`::

    store = await Store.open("sqlite+aiosqlite:///data/circolo.db")   # runs migrations
    await store.create_table("t1", config_json, created_at=now, players=["p1"])
    await store.append("t1", [Entry(1, {"type": "sat"}, now)])        # durable when it returns
    for log in await store.live_tables():                             # after a restart
        Table.replay(TableConfig.from_json(log.table.config), [e.data for e in log.entries])
    await store.close()
"""

from circolo.store.records import (
    DuplicateEntry,
    Entry,
    Json,
    PlayerRecord,
    StoreError,
    TableExists,
    TableLog,
    TableRecord,
    UnknownTable,
)
from circolo.store.store import DEFAULT_URL, CommitStats, Store, sqlite_url

__all__ = [
    "DEFAULT_URL",
    "CommitStats",
    "DuplicateEntry",
    "Entry",
    "Json",
    "PlayerRecord",
    "Store",
    "StoreError",
    "TableExists",
    "TableLog",
    "TableRecord",
    "UnknownTable",
    "sqlite_url",
]
