"""Ratings (issue 23): OpenSkill per game and mode; only matches of people at the
standard speed at a public table are rated, never one abandoned at the first move; the
stored ratings equal the ratings computed again from the stored tables; leaderboards and
a player's history; a rated match told to its table. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from circolo.ratings import RatedMatch, Skill, rate, replay
from circolo.server.identity import Guest
from circolo.server.waiting import Pending
from circolo.store import Store, sqlite_url
from circolo.table import TableConfig, TableError
from circolo.table.outcomes import match_ends, rated_matches, rated_table
from tests.conftest import Client, ServerProcess, TableClient
from tests.test_server_games import FAST, play_match
from tests.test_store import anyio_backend, store, url  # noqa: F401  (fixtures)

pytestmark = pytest.mark.anyio

GOLDEN = Path(__file__).parent / "golden" / "logs"


def golden(name: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    data = json.loads((GOLDEN / f"{name}.v2.json").read_text(encoding="utf-8"))
    return data["table"]["config"], [event["data"] for event in data["events"]]


def one_v_one(table: str, winner: int | None, at: float, a: str = "a", b: str = "b") -> RatedMatch:
    return RatedMatch(table, 1, "scopa", "1v1", ((a,), (b,)), winner, at)


# -- the model --------------------------------------------------------------------------------


def test_a_new_player_is_shown_1000() -> None:
    assert Skill().shown == 1000


def test_the_winner_rises_and_the_loser_falls_and_both_grow_surer() -> None:
    won, lost = sorted(rate(one_v_one("t", 0, 1.0), {}), key=lambda c: not c.won)
    assert won.after.mu > won.before.mu and lost.after.mu < lost.before.mu
    assert won.after.sigma < won.before.sigma and lost.after.sigma < lost.before.sigma
    assert won.after.shown > 1000 and won.after.shown > lost.after.shown


def test_a_draw_between_equals_moves_no_mean() -> None:
    a, b = rate(one_v_one("t", None, 1.0), {})
    assert a.after.mu == pytest.approx(a.before.mu) and b.after.mu == pytest.approx(b.before.mu)


def test_in_2v2_both_partners_of_the_winning_side_rise() -> None:
    match = RatedMatch("t", 1, "bisca", "2v2", (("a", "c"), ("b", "d")), 1, 1.0)
    changes = {c.player_id: c for c in rate(match, {})}
    assert all(changes[p].after.mu > changes[p].before.mu for p in "bd")
    assert all(changes[p].after.mu < changes[p].before.mu for p in "ac")


def test_beating_a_stronger_player_gains_more() -> None:
    strong = {"b": Skill(35.0, 4.0)}
    upset = next(c for c in rate(one_v_one("t", 0, 1.0), strong) if c.player_id == "a")
    usual = next(c for c in rate(one_v_one("t", 0, 1.0), {}) if c.player_id == "a")
    assert upset.after.mu - upset.before.mu > usual.after.mu - usual.before.mu


# -- which matches are rated ------------------------------------------------------------------


@pytest.mark.parametrize("game", ["scopa", "bisca", "burraco"])
def test_a_match_of_people_played_out_is_rated(game: str) -> None:
    config, log = golden(f"{game}_1v1")
    found = rated_matches("t", config, match_ends(log))
    assert [m.match for m in found] == [1, 2]
    assert found[0].sides == (("p0",), ("p1",)) and found[0].mode == "1v1"
    assert found[0].game == game


@pytest.mark.parametrize("game", ["scopa", "bisca", "burraco"])
def test_a_match_with_a_bot_is_not_rated(game: str) -> None:
    config, log = golden(f"{game}_2v2")
    assert [s["kind"] for s in config["seats"]].count("bot") == 2
    assert rated_matches("t", config, match_ends(log)) == []


def _chose(config: dict[str, Any], *rated: bool) -> dict[str, Any]:
    """``config`` made private, each seat with its rated choice."""
    seats = [{**seat, "rated": True} if chose else {k: v for k, v in seat.items() if k != "rated"}
             for seat, chose in zip(config["seats"], rated, strict=True)]  # fmt: skip
    return {**config, "private": True, "seats": seats}


def test_a_private_table_is_not_rated_unless_both_chose_rated() -> None:
    config, log = golden("scopa_1v1")
    assert rated_matches("t", {**config, "private": True}, match_ends(log)) == []
    assert rated_matches("t", _chose(config, True, False), match_ends(log)) == []
    assert rated_matches("t", _chose(config, False, True), match_ends(log)) == []
    both = rated_matches("t", _chose(config, True, True), match_ends(log))
    assert both == rated_matches("t", config, match_ends(log)) and [m.match for m in both] == [1, 2]
    assert rated_table(_chose(config, True, True)) and not rated_table(_chose(config, True, False))


def test_a_tournament_table_is_rated_only_for_a_rated_tournament() -> None:
    """A practice or unrated tournament's matches leave ratings alone; a rated one's seats
    say so (the tournament sets them) and its matches are rated."""
    config, log = golden("scopa_1v1")
    unrated = {**_chose(config, False, False), "tournament": True}
    assert rated_matches("t", unrated, match_ends(log)) == [] and not rated_table(unrated)
    rated = {**_chose(config, True, True), "private": False, "tournament": True}
    assert (
        rated_matches("t", rated, match_ends(log))
        == rated_matches("t", config, match_ends(log))
        != []
    )


def test_a_rated_choice_at_a_public_table_changes_nothing() -> None:
    config, log = golden("scopa_1v1")
    public = {**_chose(config, False, False), "private": False}
    assert (
        rated_matches("t", public, match_ends(log))
        == rated_matches("t", config, match_ends(log))
        != []
    )


def test_a_private_table_both_chose_rated_is_still_not_rated_at_a_relaxed_speed() -> None:
    config, log = golden("scopa_1v1")
    assert (
        rated_matches("t", {**_chose(config, True, True), "speed": "relaxed"}, match_ends(log))
        == []
    )


def test_a_private_table_both_chose_rated_is_not_rated_at_the_first_move_abandoned() -> None:
    config, log = golden("scopa_1v1")
    ends = [i for i, e in enumerate(log) if any(n.get("fact") == "match_over" for n in e["notes"])]
    leaver = next(n["seat"] for n in log[ends[1]]["notes"] if n.get("fact") == "abandonment")
    unmoved = [e for e in log[: ends[1] + 1] if e in log[: ends[0] + 1] or not (
        e["command"].get("type") == "play" and e["command"].get("seat") == leaver)]  # fmt: skip
    assert [
        m.match for m in rated_matches("t", _chose(config, True, True), match_ends(unmoved))
    ] == [1]


def test_a_rated_choice_survives_the_config_round_trip_and_old_configs_read_the_same() -> None:
    config, _ = golden("scopa_1v1")
    chosen = _chose(config, True, False)
    again = TableConfig.from_json(chosen).to_json()
    assert [s.get("rated") for s in again["seats"]] == [True, None]
    assert TableConfig.from_json(config).to_json()["seats"] == config["seats"]
    with pytest.raises(TableError):
        TableConfig.from_json({**config, "seats": [{**config["seats"][0], "rated": "yes"},
                                                   config["seats"][1]]})  # fmt: skip


def test_a_relaxed_table_is_not_rated() -> None:
    config, log = golden("scopa_1v1")
    assert (
        rated_matches("t", {**config, "speed": "relaxed", "private": True}, match_ends(log)) == []
    )


def test_an_abandonment_at_the_first_move_is_not_rated() -> None:
    """Match 2 of the golden Scopa log ends by an abandonment: rated while the player who
    left had moved in it, not once their moves are taken out."""
    config, log = golden("scopa_1v1")
    ends = [i for i, e in enumerate(log) if any(n.get("fact") == "match_over" for n in e["notes"])]
    leaver = next(n["seat"] for n in log[ends[1]]["notes"] if n.get("fact") == "abandonment")
    second = log[ends[0] + 1 : ends[1]]
    assert any(e["command"].get("type") == "play" and e["command"].get("seat") == leaver
               for e in second)  # fmt: skip
    assert [m.match for m in rated_matches("t", config, match_ends(log))] == [1, 2]
    unmoved = [e for e in log[: ends[1]] if e not in second or not (
        e["command"].get("type") == "play" and e["command"].get("seat") == leaver)]  # fmt: skip
    assert [m.match for m in rated_matches("t", config, match_ends([*unmoved, log[ends[1]]]))] == [
        1
    ]


def test_a_tournament_start_deadline_is_not_rated() -> None:
    config, _ = golden("scopa_1v1")
    entry = {"command": {"type": "tick"}, "at": 5.0, "notes": [
        {"fact": "start_deadline", "absent": [0]},
        {"fact": "match_over", "winner": 1, "reason": "start_deadline"}]}  # fmt: skip
    assert rated_matches("t", config, match_ends([entry])) == []


def test_a_waiting_tables_rated_offer_and_choices_survive_a_restart() -> None:
    """The host's offer and each seat's choice are kept with the waiting table (stored, so
    a restart keeps them); a waiting table stored before the offer existed is not rated."""
    host, friend = Guest("g_host", "Host"), Guest("g_friend", "Friend")
    pending = Pending("t_x", "scopa", {}, "standard", True, [None, None], 1.0, rated=True)
    pending.sit(host, 0, True)
    again = Pending.from_json(json.loads(json.dumps(pending.to_json())))
    assert again.rated and again.seats[0] is not None and again.seats[0].rated
    assert again.entry()["rated"] is True
    old = {k: v for k, v in pending.to_json().items() if k != "rated"}
    assert Pending.from_json(old).rated is False
    again.sit(friend, 1, False)
    assert rated_table(again.config().to_json()) is False  # the friend declined
    with pytest.raises(TableError) as refused:
        Pending("t_y", "scopa", {}, "standard", True, [None, None], 1.0).sit(friend, 1, True)
    assert refused.value.code == "not_rated_table"


# -- the store --------------------------------------------------------------------------------


async def _seed_players(db: Store, ids: str) -> None:
    for pid in ids:
        await db.ensure_guest(pid, f"Player {pid.upper()}")


async def test_a_match_is_rated_once_and_the_board_ranks_it(store: Store) -> None:  # noqa: F811
    await _seed_players(store, "ab")
    first = await store.record_rating(one_v_one("t1", 0, 100.0))
    assert {c.player_id for c in first} == {"a", "b"}
    assert await store.record_rating(one_v_one("t1", 0, 100.0)) == []  # told twice, rated once
    board = await store.leaderboard("scopa", "1v1")
    assert [(r.name, r.matches, r.wins) for r in board] == [("Player A", 1, 1), ("Player B", 1, 0)]
    assert board[0].shown > board[1].shown
    assert await store.leaderboard("scopa", "2v2") == []
    assert await store.leaderboard("bisca", "1v1") == []


async def test_the_month_board_has_only_those_rated_since(store: Store) -> None:  # noqa: F811
    await _seed_players(store, "abcd")
    await store.record_rating(one_v_one("old", 0, 100.0, "a", "b"))
    await store.record_rating(one_v_one("new", 1, 5000.0, "c", "d"))
    month = await store.leaderboard("scopa", "1v1", since=1000.0)
    assert sorted(r.player_id for r in month) == ["c", "d"]
    page = await store.leaderboard("scopa", "1v1", offset=1, limit=2)
    everyone = await store.leaderboard("scopa", "1v1")
    assert [r.player_id for r in page] == [r.player_id for r in everyone[1:3]]


async def test_a_players_history_is_each_rated_match_in_order(store: Store) -> None:  # noqa: F811
    await _seed_players(store, "ab")
    for n, winner in enumerate([0, 0, 1]):
        await store.record_rating(one_v_one(f"t{n}", winner, 100.0 + n))
    history = await store.rating_history("a", "scopa", "1v1")
    assert [p.table_id for p in history] == ["t0", "t1", "t2"]
    assert [p.won for p in history] == [True, True, False]
    assert history[0].before == 1000
    assert all(p.before == q.shown for p, q in zip(history[1:], history, strict=False))
    (mine,) = await store.ratings("a")
    assert (mine.game, mine.mode, mine.matches, mine.wins) == ("scopa", "1v1", 3, 2)
    assert mine.shown == history[-1].shown


async def test_the_store_agrees_with_replay_over_random_matches(store: Store) -> None:  # noqa: F811
    rng = random.Random(23)
    await _seed_players(store, "abcdef")
    matches = []
    for n in range(60):
        four = rng.random() < 0.3
        ids = rng.sample("abcdef", 4 if four else 2)
        sides = ((ids[0], ids[2]), (ids[1], ids[3])) if four else ((ids[0],), (ids[1],))
        winner = rng.choice([0, 1, None])
        mode = "2v2" if four else "1v1"
        matches.append(RatedMatch(f"t{n}", 1, "bisca", mode, sides, winner, float(n)))
    for match in matches:
        await store.record_rating(match)
    again = replay(matches)
    stored = {
        (r.player_id, r.game, r.mode): r
        for mode in ("1v1", "2v2")
        for r in await store.leaderboard("bisca", mode, limit=50)
    }
    assert set(stored) == set(again)
    for key, skill in again.items():
        assert stored[key].mu == pytest.approx(skill.mu, abs=1e-9)
        assert stored[key].sigma == pytest.approx(skill.sigma, abs=1e-9)
        assert stored[key].shown == skill.shown


# -- over the wire ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rated_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("rated"), FAST)
    process.start()
    yield process
    process.stop()


def _get(base: str, path: str, cookie: str | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(base + path, headers={"cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


async def test_a_match_between_people_is_rated_told_to_its_table_and_listed(
    rated_server: ServerProcess,
) -> None:
    host = await Client.connect(rated_server.url)
    created = await host.request({"type": "table.create", "game": "scopa",
                                  "options": {"target": "single_hand"},
                                  "seats": [{"kind": "me"}, {"kind": "open"}]})  # fmt: skip
    table_id = created["table_id"]
    guest = await Client.connect(rated_server.url)
    joined = await guest.request({"type": "table.join", "table_id": table_id})
    assert joined["type"] == "table.joined", joined
    tables = [TableClient(host, table_id), TableClient(guest, table_id)]
    await asyncio.gather(*(play_match(t, random.Random(i)) for i, t in enumerate(tables)))
    told = [await t.client.until(lambda f: f["type"] == "ratings", 10) for t in tables]
    assert told[0] == told[1]
    (frame,) = told[:1]
    assert frame["game"] == "scopa" and frame["mode"] == "1v1" and frame["match"] == 1
    changes = {c["seat"]: c for c in frame["changes"]}
    assert set(changes) == {0, 1} and all(c["before"] == 1000 for c in changes.values())
    winner = tables[0].state["result"]["winner"]
    if winner is not None:
        assert changes[winner]["after"] > 1000 > changes[1 - winner]["after"]
    status, board = _get(rated_server.http, "/api/leaderboard?game=scopa&mode=1v1")
    assert status == 200 and len(board["rows"]) == 2 and board["next_offset"] is None
    assert [r["rank"] for r in board["rows"]] == [1, 2]
    ids = {t.client.player_id for t in tables}  # each row links its player's public profile
    assert {r["player_id"] for r in board["rows"]} == ids
    assert set(board["rows"][0]) == {"rank", "name", "player_id", "rating", "matches", "wins", "me"}
    for t in tables:
        await t.client.close()
    await recomputed_equal_stored(rated_server)


async def _private_rated(server: ServerProcess, joiner_rated: bool) -> list[TableClient]:
    """A private Scopa table its host offers rated; the friend with the link is told so
    (``not_seated``: the table is offered rated), and sits choosing rated or not; the
    match is played out."""
    host = await Client.connect(server.url)
    created = await host.request({"type": "table.create", "game": "scopa", "private": True,
                                  "rated": True, "options": {"target": "single_hand"},
                                  "seats": [{"kind": "me"}, {"kind": "open"}]})  # fmt: skip
    assert created["type"] == "table.created", created
    table_id, code = created["table_id"], created["invite"].rsplit("invite=", 1)[1]
    friend = await Client.connect(server.url)
    asked = await friend.request({"type": "table.open", "table_id": table_id, "invite": code})
    assert asked["code"] == "not_seated" and asked["table"]["rated"] is True, asked
    assert asked["table"]["private"] is True
    joined = await friend.request({"type": "table.join", "table_id": table_id,
                                   "invite": code, "rated": joiner_rated})  # fmt: skip
    assert joined["type"] == "table.joined", joined
    tables = [TableClient(host, table_id), TableClient(friend, table_id)]
    for t in tables:
        while t.status != "playing":
            await t.pump()
        assert t.state["table"]["rated"] is joiner_rated  # the badge: rated or not
    await asyncio.gather(*(play_match(t, random.Random(i)) for i, t in enumerate(tables)))
    return tables


async def test_a_private_table_both_chose_rated_is_rated_and_told_to_its_table(
    rated_server: ServerProcess,
) -> None:
    tables = await _private_rated(rated_server, joiner_rated=True)
    told = [await t.client.until(lambda f: f["type"] == "ratings", 10) for t in tables]
    assert told[0] == told[1] and told[0]["table_id"] == tables[0].table_id
    assert {c["seat"] for c in told[0]["changes"]} == {0, 1}
    for t in tables:
        await t.client.close()
    await recomputed_equal_stored(rated_server)


async def test_a_private_table_is_not_rated_unless_both_chose_rated_over_the_wire(
    rated_server: ServerProcess,
) -> None:
    tables = await _private_rated(rated_server, joiner_rated=False)
    for t in tables:
        with pytest.raises(TimeoutError):
            await t.client.until(lambda f: f["type"] == "ratings", 2)
        await t.client.close()
    await recomputed_equal_stored(rated_server)  # the server rated nothing the log does not


@pytest.mark.parametrize(
    "extra",
    [{"private": False}, {"private": True, "speed": "relaxed"},
     {"private": True, "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}]}],
)  # fmt: skip
async def test_only_a_private_table_of_people_at_the_standard_speed_is_offered_rated(
    rated_server: ServerProcess, extra: dict[str, Any]
) -> None:
    host = await Client.connect(rated_server.url)
    frame = {"type": "table.create", "game": "scopa", "rated": True,
             "seats": [{"kind": "me"}, {"kind": "open"}], **extra}  # fmt: skip
    refused = await host.request(frame)
    assert refused["type"] == "error" and refused["code"] == "bad_rated", refused
    assert refused["message"]
    await host.close()


async def test_joining_rated_a_table_not_offered_rated_is_refused(
    rated_server: ServerProcess,
) -> None:
    host = await Client.connect(rated_server.url)
    created = await host.request({"type": "table.create", "game": "scopa", "private": True,
                                  "seats": [{"kind": "me"}, {"kind": "open"}]})  # fmt: skip
    table_id, code = created["table_id"], created["invite"].rsplit("invite=", 1)[1]
    friend = await Client.connect(rated_server.url)
    asked = await friend.request({"type": "table.open", "table_id": table_id, "invite": code})
    assert asked["table"]["rated"] is False
    refused = await friend.request({"type": "table.join", "table_id": table_id,
                                    "invite": code, "rated": True})  # fmt: skip
    assert refused["type"] == "error" and refused["code"] == "not_rated_table", refused
    again = await friend.request({"type": "table.open", "table_id": table_id, "invite": code})
    assert again["free"] == [1]  # state unchanged: the seat is still free
    for c in (host, friend):
        await c.close()


async def recomputed_equal_stored(server: ServerProcess) -> None:
    """The ratings computed again from every stored table's config and log are the ones
    the server stored, to the last digit."""
    db = await Store.open(sqlite_url(server.data_dir / "circolo.sqlite3"))
    try:
        matches = []
        for record in await db.list_tables(limit=1000):
            saved = await db.load(record.table_id)
            entries = [entry.data for entry in saved.entries]
            matches += rated_matches(record.table_id, record.config, match_ends(entries))
        again = replay(matches)
        stored = {
            (r.player_id, r.game, r.mode): Skill(r.mu, r.sigma)
            for game in ("scopa", "bisca", "burraco")
            for mode in ("1v1", "2v2")
            for r in await db.leaderboard(game, mode, limit=50)
        }
    finally:
        await db.close()
    assert matches and stored == again


@pytest.mark.parametrize(
    "query",
    ["game=chess", "game=scopa&mode=3v3", "game=scopa&period=week", "game=scopa&limit=0",
     "game=scopa&limit=51", "game=scopa&offset=-1", "game=scopa&offset=99999999", ""],
)  # fmt: skip
def test_a_bad_leaderboard_query_is_refused_in_words(
    rated_server: ServerProcess, query: str
) -> None:
    status, body = _get(rated_server.http, "/api/leaderboard?" + query)
    assert status == 400 and body["code"] == "bad_query" and body["message"]


def test_my_ratings_are_empty_before_any_rated_match(rated_server: ServerProcess) -> None:
    assert _get(rated_server.http, "/api/me/ratings") == (200, {"ratings": []})


def test_a_flood_of_leaderboard_pages_is_refused_per_address(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The deepest page is the route's dearest answer: an address gets
    ``CIRCOLO_LEADERBOARD_REQUESTS`` pages per window, then 429 with the wait."""
    server = ServerProcess(tmp_path_factory.mktemp("boards"), {"CIRCOLO_LEADERBOARD_REQUESTS": "3"})
    server.start()
    try:
        deepest = "/api/leaderboard?game=burraco&mode=2v2&offset=10000&limit=50"
        assert [_get(server.http, deepest)[0] for _ in range(3)] == [200, 200, 200]
        request = urllib.request.Request(server.http + deepest)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 429
        assert 0 < int(refused.value.headers["Retry-After"]) <= 60
        assert json.loads(refused.value.read())["code"] == "rate_limited"
    finally:
        server.stop()
