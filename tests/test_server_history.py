"""Match history and replays over HTTP with a real server and a real SQLite store: Scopa
matches against bots played to their end, then ``/api/history`` (paging, errors) and
``/api/tables/{id}/replay`` (steps, private tables, live and unknown tables).
"""

from __future__ import annotations

import asyncio
import copy
import json
import random
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from circolo.server.history import changes, replay_steps
from circolo.server.identity import COOKIE
from circolo.table import Presenter, Rematch
from tests.conftest import Client, ServerProcess, TableClient, stored
from tests.test_server_games import FAST, play_match
from tests.test_table_support import Driver, config, play_any, started
from tests.test_table_support import tricks_game as tricks_game

pytestmark = pytest.mark.anyio
SCOPA = {"target": "single_hand"}
LINGER = 3.0  # seconds a finished table stays open here


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    linger = {"CIRCOLO_FINISHED_LINGER": str(LINGER)}
    process = ServerProcess(tmp_path_factory.mktemp("history"), {**FAST, **linger})
    process.start()
    yield process
    process.stop()


def put(screen: Any, path: list[Any], value: Any) -> Any:
    """``value`` at ``path`` (history.js's fold, in Python): the index after a list's last
    item adds one."""
    if not path:
        return copy.deepcopy(value)
    at = screen
    for key in path[:-1]:
        at = at[key]
    if isinstance(at, list) and path[-1] == len(at):
        at.append(copy.deepcopy(value))
    else:
        at[path[-1]] = copy.deepcopy(value)
    return screen


def folded(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each step with the screen its changes give, ``state`` and ``hands``."""
    screen: Any = {}
    out = []
    for step in steps:
        for path, value in step["changes"]:
            screen = put(screen, path, value)
        out.append({**step, **copy.deepcopy(screen)})
    return out


async def get(server: ServerProcess, path: str, token: str | None = None) -> httpx.Response:
    cookies = {COOKIE: token} if token else None
    async with httpx.AsyncClient(base_url=server.http, cookies=cookies) as http:
        return await http.get(path)


async def new_table(
    client: Client, private: bool = False, options: dict[str, Any] | None = None
) -> tuple[TableClient, dict[str, Any]]:
    created = await client.request(
        {"type": "table.create", "game": "scopa", "options": options or SCOPA,
         "private": private, "seats": [{"kind": "me"}, {"kind": "bot", "level": "greedy"}]}
    )  # fmt: skip
    assert created["type"] == "table.created", created
    return TableClient(client, created["table_id"]), created


async def finished(server: ServerProcess, table_id: str) -> None:
    """Wait until the store has the table finished (the rematch window closes first)."""
    for _ in range(100):
        if stored(server, table_id)[0] == "finished":
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{table_id} never finished")


async def resign(client: Client) -> str:
    """A table against a bot, left as soon as it is dealt (abandonment): its id."""
    table, _ = await new_table(client)
    while table.view is None:
        await table.pump()
    answer = await client.request({"type": "table.leave", "table_id": table.table_id})
    assert answer["type"] == "ack", answer
    return table.table_id


async def test_a_finished_match_in_the_history_and_its_replay(server: ServerProcess) -> None:
    client = await Client.connect(server.url)
    table, _ = await new_table(client)
    await play_match(table, random.Random(7))
    await finished(server, table.table_id)

    page = await get(server, "/api/history", client.token)
    assert page.status_code == 200, page.text
    body = page.json()
    assert body["next_before"] is None and len(body["tables"]) == 1
    row = body["tables"][0]
    assert row["table_id"] == table.table_id and row["game"] == "scopa"
    assert row["options"] == {**SCOPA, "players": 2} and row["my_seat"] == 0
    assert [s["kind"] for s in row["seats"]] == ["human", "bot"]
    assert row["seats"][1]["level"] == "greedy" and row["seats"][0]["level"] is None
    assert row["seats"][0]["name"] == client.welcome["player"]["name"]
    assert row["finished_at"] >= row["created_at"]
    result = table.state["result"]
    assert row["result"] == {k: result[k] for k in ("winner", "reason", "totals", "hands")}
    assert row["result"]["reason"] == "score" and row["result"]["hands"]  # a tie: one more

    answer = await get(server, f"/api/tables/{table.table_id}/replay", client.token)
    assert answer.status_code == 200, answer.text
    replay = answer.json()
    assert replay["table_id"] == table.table_id and replay["result"] == result
    assert replay["config"]["game"] == "scopa" and replay["config"]["options"] == SCOPA
    assert all("player_id" not in seat for seat in replay["config"]["seats"])
    steps = folded(replay["steps"])
    _, entries = stored(server, table.table_id)
    plays = [json.loads(e)["command"] for e in entries]
    plays = [c for c in plays if c["type"] == "play"]
    assert steps[0]["event"] is None  # the deal
    moves = [s["event"] for s in steps if s["event"] is not None]
    assert [(m["seat"], m["move"]) for m in moves] == [(p["seat"], p["move"]) for p in plays]
    assert all(m["type"] == "move" for m in moves)
    deals = [s for s in steps if s["event"] is None]  # the last move ends the match
    assert len(deals) == len(result["hands"])
    for step in steps:
        view = step["state"]["hand"]["view"]
        assert view["seat"] is None and view["hand"] == []  # the spectators' screen
        assert [len(cards) for cards in step["hands"]] == view["hand_sizes"]
    assert steps[1]["event"]["move"].startswith("cut")  # Scopa's first move: then the deal
    assert all(len(cards) == 3 for cards in steps[1]["hands"])
    assert not set(steps[1]["hands"][0]) & set(steps[1]["hands"][1])
    assert steps[-1]["state"]["result"] == result
    assert steps[-1]["state"]["match"]["totals"] == result["totals"]
    await client.close()


async def test_history_pages_back_in_time(server: ServerProcess) -> None:
    client = await Client.connect(server.url)
    ids = [await resign(client) for _ in range(3)]
    for table_id in ids:
        await finished(server, table_id)
    newest_first = ids[::-1]

    first = (await get(server, "/api/history?limit=2", client.token)).json()
    assert [r["table_id"] for r in first["tables"]] == newest_first[:2]
    last = first["tables"][-1]
    assert first["next_before"] == f"{last['created_at']!r},{last['table_id']}"
    assert all(r["result"]["reason"] == "abandonment" for r in first["tables"])
    assert all(r["result"]["winner"] == 1 and r["my_seat"] == 0 for r in first["tables"])
    second = (
        await get(
            server, f"/api/history?limit=2&before={quote(first['next_before'])}", client.token
        )
    ).json()
    assert [r["table_id"] for r in second["tables"]] == newest_first[2:]
    assert second["next_before"] is None
    everything = (await get(server, "/api/history", client.token)).json()
    assert [r["table_id"] for r in everything["tables"]] == newest_first

    stranger = await get(server, "/api/history")  # a new guest: its cookie is set
    assert stranger.status_code == 200 and stranger.json() == {"tables": [], "next_before": None}
    assert COOKIE in stranger.cookies
    replay = (await get(server, f"/api/tables/{ids[0]}/replay", client.token)).json()
    steps = folded(replay["steps"])
    assert steps[0]["event"] is None and replay["result"]["reason"] == "abandonment"
    assert steps[-1]["state"]["result"]["reason"] == "abandonment"
    await client.close()


@pytest.mark.parametrize(
    "query",
    [
        "before=soon",
        "before=nan",
        "before=inf",
        "before=1.5,",
        "limit=0",
        "limit=51",
        "limit=two",
        "limit=-1",
    ],
)
async def test_bad_history_queries(server: ServerProcess, query: str) -> None:
    answer = await get(server, f"/api/history?{query}")
    assert answer.status_code == 400
    error = answer.json()
    assert error["code"] == "bad_query" and query.split("=")[0] in error["message"]


async def test_a_private_table_is_replayed_for_its_players_and_invite(
    server: ServerProcess,
) -> None:
    owner = await Client.connect(server.url)
    table, created = await new_table(owner, private=True)
    invite = created["invite"].split("invite=")[1]
    while table.view is None:
        await table.pump()
    stranger = await Client.connect(server.url)
    path = f"/api/tables/{table.table_id}/replay"
    live = await get(server, path, owner.token)
    assert live.status_code == 409 and live.json()["code"] == "table_live"
    assert (await get(server, path, stranger.token)).status_code == 404  # not even "live"
    assert (await owner.request({"type": "table.leave", "table_id": table.table_id}))["type"] == (
        "ack"
    )
    await finished(server, table.table_id)

    assert (await get(server, path, owner.token)).status_code == 200
    for query in ("", "?invite=wrong", "?invite="):
        hidden = await get(server, path + query, stranger.token)
        assert hidden.status_code == 404 and hidden.json()["code"] == "no_table"
    assert (await get(server, f"{path}?invite={invite}", stranger.token)).status_code == 200
    assert (await get(server, f"{path}?invite={invite}")).status_code == 200
    mine = (await get(server, "/api/history", owner.token)).json()["tables"]
    assert [r["table_id"] for r in mine] == [table.table_id]
    theirs = (await get(server, "/api/history", stranger.token)).json()["tables"]
    assert theirs == []
    for client in (owner, stranger):
        await client.close()


async def test_live_and_unknown_tables(server: ServerProcess) -> None:
    client = await Client.connect(server.url)
    table, _ = await new_table(client, options={"target": 11})
    while table.view is None:
        await table.pump()
    live = await get(server, f"/api/tables/{table.table_id}/replay")
    assert live.status_code == 409 and live.json()["code"] == "table_live"
    assert "message" in live.json()
    unknown = await get(server, "/api/tables/t_nothing/replay")
    assert unknown.status_code == 404 and unknown.json()["code"] == "no_table"
    await client.close()


def play_out(d: Driver, t: float) -> float:
    """The match played to its end from ``t``, ten seconds a step: the time it ends."""
    while d.table.status == "playing":
        t += 10
        if d.table.phase == "play":
            play_any(d, t)
        else:  # a trick on display, the pause between hands: their timers
            d.at(t)
    return t


@pytest.mark.usefixtures("tricks_game")
def test_replay_steps_of_a_trick_game_with_the_pure_table() -> None:
    """Two hands of "tricks": each hand ends on the trick display's Tick (a step of its
    own), the pause between hands runs out, the rematch is declined."""
    d = started(config(options={"target": 4}))
    t = play_out(d, 0.0)
    d.at(t + 1, Rematch(0, False))
    assert d.table.status == "finished"
    steps = folded(replay_steps(d.config, d.log))
    plays = [e["command"] for e in d.log if e["command"]["type"] == "play"]
    moves = [s["event"] for s in steps if s["event"] is not None]
    assert [(m["seat"], m["move"]) for m in moves] == [(p["seat"], p["move"]) for p in plays]
    hands = len(d.table.results[-1]["hands"])
    assert hands >= 2
    assert len([s for s in steps if s["event"] is None]) == 2 * hands  # deals, hand ends
    assert steps[0]["event"] is None and all(len(c) == 3 for c in steps[0]["hands"])
    assert steps[-1]["event"] is None and steps[-1]["hands"] == [[], []]
    assert steps[-1]["state"]["result"] == d.table.results[-1]
    final = Presenter(d.replayed()).snapshot_state(None)  # after the declined rematch
    for section in ("seats", "match", "hand", "result"):
        assert steps[-1]["state"][section] == final[section]


@pytest.mark.usefixtures("tricks_game")
def test_replay_steps_say_the_match_and_its_hand_after_a_rematch() -> None:
    d = started(config(options={"target": 4}))
    t = play_out(d, 0.0)
    first = len(d.table.results[-1]["hands"])
    d.at(t + 1, Rematch(0, True))
    d.at(t + 1, Rematch(1, True))
    assert d.table.status == "playing"
    t = play_out(d, t + 1)
    second = len(d.table.results[-1]["hands"])
    d.at(t + 1, Rematch(0, False))
    steps = replay_steps(d.config, d.log)
    where = [(s["match"], s["hand"]) for s in steps]
    assert where == sorted(where)  # in the order played
    assert {w for w in where if w[0] == 1} == {(1, h) for h in range(1, first + 1)}
    assert {w for w in where if w[0] == 2} == {(2, h) for h in range(1, second + 1)}


async def live_tables(server: ServerProcess) -> float:
    metrics = (await get(server, "/metrics")).text
    return float(next(line for line in metrics.splitlines() if line.startswith(
        "circolo_live_tables "
    )).split()[1])  # fmt: skip


async def test_a_finished_table_retires_then_says_it_is_over(server: ServerProcess) -> None:
    """Open until ``finished_linger`` after its end, then retired (its owner stopped): to
    its players, and to those with its invite, opening it says ``table_over`` (the replay
    route is where it lives on); to anyone else, a private table is still ``no_table``."""
    owner = await Client.connect(server.url)
    table, created = await new_table(owner, private=True)
    invite = created["invite"].split("invite=")[1]
    while table.view is None:
        await table.pump()
    leave = await owner.request({"type": "table.leave", "table_id": table.table_id})
    assert leave["type"] == "ack", leave
    await finished(server, table.table_id)
    ended = asyncio.get_running_loop().time()
    live = await live_tables(server)
    opened = await owner.request({"type": "table.open", "table_id": table.table_id})
    assert opened["type"] == "table.snapshot", opened  # still open a while: its final screen
    while opened["type"] != "error":
        assert asyncio.get_running_loop().time() < ended + LINGER + 10, "never retired"
        await asyncio.sleep(0.1)
        opened = await owner.request({"type": "table.open", "table_id": table.table_id})
    assert await live_tables(server) < live  # its owner is stopped

    stranger = await Client.connect(server.url)
    asks = [
        (owner, {"type": "table.open"}, "table_over"),
        (owner, {"type": "table.watch"}, "table_over"),
        (stranger, {"type": "table.watch", "invite": invite}, "table_over"),
        (stranger, {"type": "table.watch"}, "no_table"),
        (stranger, {"type": "table.open", "invite": "wrong"}, "no_table"),
        (stranger, {"type": "table.open", "table_id": "t_nothing"}, "no_table"),
    ]
    for client, frame, code in asks:
        answer = await client.request({"table_id": table.table_id, **frame})
        assert answer["type"] == "error" and answer["code"] == code, (frame, answer)
        if code == "table_over":
            assert f"/api/tables/{table.table_id}/replay" in answer["message"]
    assert (await get(server, f"/api/tables/{table.table_id}/replay", owner.token)).is_success
    for client in (owner, stranger):
        await client.close()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["a", "b"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["x", "y", "z"]), inner, max_size=3)
    ),
    max_leaves=12,
)


@given(JSON, JSON)
def test_changes_turn_one_screen_into_the_next(old: Any, new: Any) -> None:
    out: list[list[Any]] = []
    changes(old, new, [], out)
    screen = copy.deepcopy(old)
    for path, value in out:
        screen = put(screen, path, value)
    assert screen == new
    assert (out == []) == (old == new)


@pytest.mark.usefixtures("tricks_game")
def test_a_replay_step_carries_only_what_changed() -> None:
    """The first step's change is the whole screen; each later one is under a section."""
    d = started(config(options={"target": 4}))
    play_out(d, 0.0)
    steps = replay_steps(d.config, d.log)
    ((path, whole),) = steps[0]["changes"]
    assert path == [] and set(whole) == {"state", "hands"}
    assert all(len(p) >= 2 for s in steps[1:] for p, _ in s["changes"])  # a section or less
    assert all(s["changes"] for s in steps[1:] if s["event"] is not None)
