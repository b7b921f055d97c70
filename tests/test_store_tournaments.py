# ruff: noqa: F811  (the fixtures imported from test_store are parameters here)
"""Tournaments in the store, on SQLite and PostgreSQL: created once, each log entry
appended in order with the status and summary in the same transaction (a wrong seq
writes nothing), loaded in order and replayed, listed newest first within bounds, their
tables and players linked once, and migration 0010 up and down."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import inspect, make_url

from circolo.store import (
    BadSeq,
    Store,
    StoreError,
    TableLinked,
    TournamentExists,
    TournamentRecord,
    UnknownTournament,
)
from circolo.store import store as store_module
from circolo.tournaments import Register, Tournament, TournamentConfig, replay
from tests.test_store import _migrate, anyio_backend, store, url  # noqa: F401  (fixtures)

pytestmark = pytest.mark.anyio

CONFIG = TournamentConfig(game="scopa", kind="sit_and_go", seats=4, practice=True)


def summary(tournament: Tournament) -> dict[str, Any]:
    return {"status": tournament.status, "entries": len(tournament.entries)}


async def registered(store: Store, tid: str, at: float, *names: str) -> Tournament:
    """A tournament created in the store, each of ``names`` registered through the real
    tournament, every step appended as the server does it."""
    tournament = Tournament(CONFIG)
    await store.create_tournament(tid, f"Coppa {tid}", CONFIG.to_json(), summary(tournament), at)
    for seq, name in enumerate(names, 1):
        step = tournament.handle(Register(name, ((f"p-{name}", name.upper()),)), at + seq)
        assert step.entry is not None
        await store.append_tournament(
            tid, seq, step.entry, tournament.status, summary(tournament), [f"p-{name}"]
        )
    return tournament


def entry(at: float, name: str) -> dict[str, Any]:
    return {"at": at, "command": Register(name, ((f"p-{name}", name),)).to_json()}


async def test_a_tournament_is_created_once_and_loaded_with_its_log_in_order(
    store: Store,
) -> None:
    tournament = await registered(store, "t1", 100.0, "a", "b", "c")
    loaded = await store.load_tournament("t1")
    assert (loaded.tournament_id, loaded.name, loaded.status, loaded.created_at) == (
        "t1", "Coppa t1", "registering", 100.0,
    )  # fmt: skip
    assert loaded.config == CONFIG.to_json()
    assert loaded.summary == {"status": "registering", "entries": 3}
    assert [e["command"]["entry"] for e in loaded.entries] == ["a", "b", "c"]
    assert [e["at"] for e in loaded.entries] == [101.0, 102.0, 103.0]
    again = replay(TournamentConfig.from_json(loaded.config), loaded.entries)
    assert again.to_json() == tournament.to_json()  # the log folds back to the same state
    with pytest.raises(TournamentExists):
        await store.create_tournament("t1", "", {}, {}, 200.0)
    assert (await store.load_tournament("t1")).name == "Coppa t1"  # the first one stands
    with pytest.raises(UnknownTournament):
        await store.load_tournament("nope")
    await store.create_tournament("t2", "", CONFIG.to_json(), {}, 300.0)  # no name: allowed
    empty = await store.load_tournament("t2")
    assert (empty.name, empty.status, empty.entries) == ("", "registering", [])


async def test_a_wrong_or_taken_seq_writes_nothing(store: Store) -> None:
    await registered(store, "t1", 100.0, "a", "b")
    before = await store.load_tournament("t1")
    for seq in (1, 2, 4, 0, -1):  # taken, taken, a gap, not a seq at all
        with pytest.raises(BadSeq):
            await store.append_tournament(
                "t1", seq, entry(150.0, "x"), "cancelled", {"new": True}, ["p-x"]
            )
    with pytest.raises(UnknownTournament):
        await store.append_tournament("nope", 1, entry(150.0, "x"), "running", {}, ["p-x"])
    assert await store.load_tournament("t1") == before  # status, summary, log unchanged
    assert await store.player_tournaments("p-x", 10) == []  # nobody linked either
    with pytest.raises(StoreError):  # a status the tournament does not have
        await store.append_tournament("t1", 3, entry(150.0, "x"), "paused", {})
    with pytest.raises(StoreError):  # an entry without its time
        await store.append_tournament("t1", 3, {"command": {}}, "running", {})
    await store.append_tournament("t1", 3, entry(150.0, "c"), "running", {"n": 3}, ["p-c"])
    after = await store.load_tournament("t1")
    assert (after.status, after.summary, len(after.entries)) == ("running", {"n": 3}, 3)


async def test_appends_racing_on_one_tournament_keep_one_entry_per_seq(store: Store) -> None:
    """Two appends of the same seq in one group commit: one is kept, the other refused."""
    await store.create_tournament("t1", "", CONFIG.to_json(), {}, 1.0)
    results = await asyncio.gather(
        store.append_tournament("t1", 1, entry(2.0, "a"), "registering", {"by": "a"}),
        store.append_tournament("t1", 1, entry(2.0, "b"), "registering", {"by": "b"}),
        return_exceptions=True,
    )
    assert results[0] is None and isinstance(results[1], BadSeq)
    loaded = await store.load_tournament("t1")
    assert [e["command"]["entry"] for e in loaded.entries] == ["a"]
    assert loaded.summary == {"by": "a"}


async def test_open_tournaments_leave_out_the_finished_and_cancelled(store: Store) -> None:
    for n, status in enumerate(("running", "finished", "drawing", "cancelled", "registering")):
        await store.create_tournament(f"t{n}", "", CONFIG.to_json(), {}, 10.0 - n)
        await store.append_tournament(f"t{n}", 1, entry(20.0, "a"), status, {"s": status})
    opened = await store.open_tournaments()
    assert [(t.tournament_id, t.status) for t in opened] == [
        ("t4", "registering"),
        ("t2", "drawing"),
        ("t0", "running"),
    ]  # fmt: skip  (the oldest first)
    assert all(len(t.entries) == 1 for t in opened)


async def test_listings_are_newest_first_bounded_and_without_logs(store: Store) -> None:
    for n in range(5):
        await registered(store, f"t{n}", 100.0 + n, "a")
    await store.append_tournament("t3", 2, entry(200.0, "b"), "cancelled", {})
    listed = await store.list_tournaments(["registering"], 3)
    assert [t.tournament_id for t in listed] == ["t4", "t2", "t1"]
    assert all(t.entries == [] for t in listed)
    assert isinstance(listed[0], TournamentRecord) and listed[0].summary["entries"] == 1
    both = await store.list_tournaments(["registering", "cancelled"], 50)
    assert [t.tournament_id for t in both] == ["t4", "t3", "t2", "t1", "t0"]
    assert [t.tournament_id for t in await store.list_tournaments([], 2)] == ["t4", "t3"]
    assert await store.list_tournaments(["finished"], 50) == []
    assert await store.list_tournaments(["registering"], 0) == []
    assert await store.list_tournaments(["registering"], -5) == []


async def test_a_listing_never_returns_more_than_200(store: Store) -> None:
    for n in range(203):
        await store.create_tournament(f"t{n:03}", "", {}, {}, float(n))
    listed = await store.list_tournaments(["registering"], 10_000)
    assert len(listed) == 200 and listed[0].tournament_id == "t202"
    assert len(await store.player_tournaments("nobody", 10_000)) == 0


async def test_tables_are_linked_once_to_one_match(store: Store) -> None:
    await registered(store, "t1", 100.0, "a", "b")
    await registered(store, "t2", 100.0, "c", "d")
    await store.link_tournament_table("tab1", "t1", "1.1.1")
    await store.link_tournament_table("tab1", "t1", "1.1.1")  # again: nothing changes
    await store.link_tournament_table("tab2", "t1", "1.2.1")
    await store.link_tournament_table("tab3", "t1", "1.1.2")  # the match played again
    for table, tid, match in (("tab1", "t1", "1.2.1"), ("tab1", "t2", "1.1.1"),
                              ("tab9", "t1", "1.1.1")):  # fmt: skip
        with pytest.raises(TableLinked):  # a table plays one match, a match has one table
            await store.link_tournament_table(table, tid, match)
    with pytest.raises(UnknownTournament):
        await store.link_tournament_table("tab8", "nope", "1.1.1")
    assert await store.tournament_of_table("tab1") == ("t1", "1.1.1")
    assert await store.tournament_of_table("tab9") is None
    assert await store.tournament_of_table("tab8") is None
    assert await store.tournament_tables("t1") == {
        "1.1.1": "tab1", "1.2.1": "tab2", "1.1.2": "tab3",
    }  # fmt: skip
    assert await store.tournament_tables("t2") == {}


async def test_a_players_tournaments_newest_first(store: Store) -> None:
    await registered(store, "t1", 100.0, "a", "b")
    await registered(store, "t2", 200.0, "b", "c")
    await registered(store, "t3", 300.0, "a")
    await store.append_tournament("t3", 2, entry(301.0, "z"), "registering", {}, ["p-a"])
    assert [t.tournament_id for t in await store.player_tournaments("p-a", 10)] == ["t3", "t1"]
    assert [t.tournament_id for t in await store.player_tournaments("p-b", 1)] == ["t2"]
    assert all(t.entries == [] for t in await store.player_tournaments("p-b", 10))
    assert await store.player_tournaments("p-nobody", 10) == []


async def test_forgetting_a_player_renames_them_in_their_tournaments(store: Store) -> None:
    """As with tables (``table_players``), the link and the log stay: the tournament is
    everyone's history. The player's name goes from their registration and the summary,
    and the log still replays to the same bracket."""
    await store.ensure_guest("p-a", "A", at=1.0)
    before = await registered(store, "t1", 100.0, "a", "b")
    people = {"players": [{"player_id": "p-a", "name": "A"}, {"player_id": "p-b", "name": "B"}],
              "champion": {"player_id": "p-a", "name": "A", "entry": "a"}}  # fmt: skip
    await store.append_tournament("t1", 3, entry(104.0, "c"), "registering", people, ["p-c"])
    await registered(store, "t2", 200.0, "b")  # not theirs
    await store.forget_player("p-a", "Anon #ABC123", 500.0)
    assert [t.tournament_id for t in await store.player_tournaments("p-a", 10)] == ["t1"]
    loaded = await store.load_tournament("t1")
    assert [e["command"]["players"] for e in loaded.entries] == [
        [["p-a", "Anon #ABC123"]], [["p-b", "B"]], [["p-c", "c"]],
    ]  # fmt: skip
    assert loaded.summary == {
        "players": [{"player_id": "p-a", "name": "Anon #ABC123"},
                    {"player_id": "p-b", "name": "B"}],
        "champion": {"player_id": "p-a", "name": "Anon #ABC123", "entry": "a"},
    }  # fmt: skip
    again = replay(TournamentConfig.from_json(loaded.config), loaded.entries)
    assert again.seeds == before.seeds and list(again.entries) == ["a", "b", "c"]
    other = await store.load_tournament("t2")
    assert other.entries[0]["command"]["players"] == [["p-b", "B"]]


async def test_long_values_are_refused_before_the_writer(store: Store) -> None:
    with pytest.raises(StoreError):
        await store.create_tournament("x" * 65, "", {}, {}, 1.0)
    with pytest.raises(StoreError):
        await store.create_tournament("t1", "n" * 81, {}, {}, 1.0)
    await store.create_tournament("t1", "n" * 80, {}, {}, 1.0)
    with pytest.raises(StoreError):
        await store.link_tournament_table("tab", "t1", "m" * 33)
    with pytest.raises(StoreError):
        await store.append_tournament("t1", 1, entry(2.0, "a"), "running", {}, ["p" * 65])
    assert (await store.load_tournament("t1")).entries == []


async def test_migration_0010_up_and_down(url: str) -> None:
    store = await Store.open(url)
    await registered(store, "t1", 100.0, "a")
    await store.link_tournament_table("tab1", "t1", "1.1.1")
    await store.close()
    engine = store_module._engine(make_url(url), "FULL")
    tables = {"tournaments", "tournament_log", "tournament_tables", "tournament_players"}
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_migrate("0009", down=True))
            names = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
            assert not names & tables
        again = await Store.open(url)  # up again: no tournament
        try:
            with pytest.raises(UnknownTournament):
                await again.load_tournament("t1")
            await registered(again, "t1", 100.0, "a")
            assert await again.tournament_of_table("tab1") is None
        finally:
            await again.close()
    finally:
        await engine.dispose()
