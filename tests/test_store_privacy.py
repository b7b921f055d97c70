"""The store's part of a player's data (SQLite and PostgreSQL): their rating changes and
fair-play records are read back capped, newest first; forgetting a player renames only
their seats in the stored configs, deletes their account, sessions, ratings, rating
changes and fair-play records, voids their tokens, and leaves everyone else's rows."""

from __future__ import annotations

from typing import Any

import pytest

from circolo.store import Store
from tests.test_ratings import one_v_one
from tests.test_store import anyio_backend, store, url  # noqa: F401

pytestmark = pytest.mark.anyio


def config(*seats: tuple[str, str]) -> dict[str, Any]:
    return {"game": "scopa", "seats": [{"kind": "human", "name": n, "player_id": p}
                                       for p, n in seats], "options": {}}  # fmt: skip


async def test_forgetting_a_player_renames_only_its_seats_and_deletes_its_rows(
    store: Store,  # noqa: F811
) -> None:
    for pid, name in (("a", "Anna"), ("b", "Bruno"), ("c", "Carla")):
        await store.ensure_guest(pid, name, at=1.0)
    await store.create_account("a", "Anna", "anna", "$argon2id$hash", "anna@example.org", 1.0)
    await store.create_account("b", "Bruno", "bruno", "$argon2id$other", "b@example.org", 1.0)
    await store.add_session("s" * 64, "a", 2.0, "Firefox")
    await store.add_session("t" * 64, "b", 2.0, "Chrome")
    await store.create_table("t1", config(("a", "Anna"), ("b", "Bruno")), 10.0, ["a", "b"])
    await store.create_table("t2", config(("b", "Bruno"), ("c", "Carla")), 11.0, ["b", "c"])
    await store.finish_table("t1", {"winner": 0}, 20.0)
    await store.record_rating(one_v_one("t1", 0, 20.0, "a", "b"))
    await store.record_conduct("t1", 1, {"a": "finished", "b": "abandoned"}, 20.0)
    assert [c["table_id"] for c in await store.rating_changes("a", 10)] == ["t1"]
    assert await store.conduct_rows("a", 10) == [
        {"table_id": "t1", "match": 1, "kind": "finished", "at": 20.0}
    ]

    touched = await store.forget_player("a", "Anon #ABC123", 30.0)

    assert touched == ["t1"]
    seats = [(s["player_id"], s["name"]) for s in (await store.table("t1")).config["seats"]]
    assert seats == [("a", "Anon #ABC123"), ("b", "Bruno")]
    assert (await store.table("t2")).config == config(("b", "Bruno"), ("c", "Carla"))
    assert (await store.table("t1")).result == {"winner": 0}  # the match stays
    gone = await store.player("a")
    assert gone is not None and (gone.name, gone.kind) == ("Anon #ABC123", "deleted")
    assert await store.account("a") is None and await store.account_named("anna") is None
    assert await store.sessions("a") == [] and len(await store.sessions("b")) == 1
    assert await store.ratings("a") == [] and len(await store.ratings("b")) == 1
    assert await store.rating_changes("a", 10) == [] and await store.conduct_rows("a", 10) == []
    assert len(await store.rating_changes("b", 10)) == 1
    assert len(await store.conduct_rows("b", 10)) == 1
    assert (await store.revocations(0.0))["a"] == 30.0
    assert (await store.account("b")) is not None


async def test_a_players_rows_are_read_newest_first_and_capped(store: Store) -> None:  # noqa: F811
    await store.ensure_guest("a", "Anna", at=1.0)
    for n in range(5):
        await store.record_conduct(f"t{n}", 1, {"a": "finished"}, float(n))
    rows = await store.conduct_rows("a", 3)
    assert [row["table_id"] for row in rows] == ["t4", "t3", "t2"]
