"""Whole matches over the wire with the test game "tricks" (tests/test_table_support.py):
humans and bots, hidden cards, illegal moves, reconnection, disconnection, kill -9, SIGTERM.

Run as a script, this module is the server these tests start: it registers "tricks" (in
the bot processes too, which import it as ``__mp_main__``) and serves.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve()


def _register_tricks() -> None:
    sys.path.insert(0, str(HERE.parents[1]))
    from circolo import games
    from tests import test_table_support as support

    games.GAMES["tricks"] = support.TricksRules


if __name__ in ("__main__", "__mp_main__"):
    _register_tricks()

if __name__ == "__main__":
    import faulthandler
    import signal

    faulthandler.register(signal.SIGUSR1, all_threads=True)  # a stuck test asks for stacks
    from circolo.serve_cli import serve

    serve()

from tests.conftest import Client, ServerProcess, TableClient, check_hidden, stored  # noqa: E402
from tests.test_table_support import DECK, TricksRules  # noqa: E402

pytestmark = pytest.mark.anyio
RULES = TricksRules()
FAST = {
    "CIRCOLO_TABLE": '{"trick_display": 0.05, "hand_result_pause": 0.2, "rematch_window": 0.5,'
    ' "disconnect_grace": 0.5, "disconnect_countdown": 2, "return_invitation": 1}',
    "CIRCOLO_PLAY_NOW_WAIT": "1",
    "CIRCOLO_RESUME_GRACE": "5",
}


class TricksServer(ServerProcess):
    def command(self, port: int) -> list[str]:
        return [sys.executable, str(HERE), "--port", str(port), "--data-dir", str(self.data_dir)]


@pytest.fixture(scope="module")
def tricks(tmp_path_factory: pytest.TempPathFactory) -> Any:
    process = TricksServer(tmp_path_factory.mktemp("tricks"), FAST)
    process.start()
    yield process
    process.stop()


async def seat_at(server: ServerProcess, seats: list[dict[str, Any]], **kw: Any) -> TableClient:
    client = await Client.connect(server.url)
    created = await client.request({"type": "table.create", "game": "tricks", "seats": seats, **kw})
    assert created["type"] == "table.created", created
    table = TableClient(client, created["table_id"])
    await table.pump()
    return table


async def join(server: ServerProcess, table_id: str, token: str | None = None) -> TableClient:
    client = await Client.connect(server.url, token=token)
    joined = await client.request({"type": "table.join", "table_id": table_id})
    assert joined["type"] == "table.joined", joined
    table = TableClient(client, table_id)
    await table.pump()
    return table


async def act(table: TableClient) -> bool:
    """Do what this seat must do now (move, continue, decline a rematch); False if nothing."""
    view, seat, state = table.view, table.seat, table.state
    phase = state.get("phase") or {}
    if table.status == "rematch" and seat not in (state.get("rematch") or {}).get("accepted", []):
        await table.client.send({"type": "rematch", "table_id": table.table_id, "accept": False})
        return True
    if phase.get("name") == "vote":
        await table.client.send({"type": "vote", "table_id": table.table_id, "choice": "draw"})
        return True
    if phase.get("name") == "result" and seat not in phase.get("continued", []):
        await table.client.send({"type": "continue", "table_id": table.table_id})
        return True
    if view is not None and view["to_move"] == seat and view["to_move"] is not None:
        move = state["hand"]["legal"][0]["id"]
        answer = await table.client.request(
            {"type": "play", "table_id": table.table_id, "move": move, "ply": ply(table)}
        )
        assert answer["type"] in ("ack", "error"), answer
        return True
    return False


def ply(table: TableClient) -> int:
    """The ply of the table's screen as this client has it (a move is meant for it)."""
    return int(table.state["hand"]["ply"])


async def play_out(tables: list[TableClient], timeout: float = 60) -> None:
    """Every human seat plays its first legal move until the table is finished."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while any(t.status != "finished" for t in tables):
        assert loop.time() < deadline, [t.state for t in tables]
        for table in tables:
            table.drain()
            if table.status != "finished":
                await act(table)
        for table in tables:
            if table.status != "finished":
                with contextlib.suppress(TimeoutError):
                    await table.pump(timeout=0.3)


async def test_a_match_against_a_bot(tricks: ServerProcess) -> None:
    table = await seat_at(tricks, [{"kind": "me"}, {"kind": "bot", "level": "random"}])
    await play_out([table])
    assert table.state["result"] is not None
    assert check_hidden(table.frames, set(DECK)) > 5
    for _ in range(50):
        status, entries = stored(tricks, table.table_id)
        if status == "finished":
            break
        await asyncio.sleep(0.1)
    assert status == "finished" and len(entries) == table.seq
    await table.client.close()


async def test_two_humans_and_a_spectator_see_no_hidden_card(tricks: ServerProcess) -> None:
    first = await seat_at(tricks, [{"kind": "me"}, {"kind": "open"}])
    second = await join(tricks, first.table_id)
    await first.pump()
    spectator_client = await Client.connect(tricks.url)
    watched = await spectator_client.request({"type": "table.watch", "table_id": first.table_id})
    assert watched["type"] == "table.snapshot" and watched["seat"] is None
    spectator = TableClient(spectator_client, first.table_id)
    spectator.apply(watched)
    await play_out([first, second])
    await spectator.settle()
    assert spectator.status == "finished"
    for table in (first, second, spectator):
        assert check_hidden(table.frames, set(DECK)) > 3
    for table in (first, second, spectator):
        await table.client.close()


async def test_spectators_who_come_and_go_see_the_table_as_it_is(tricks: ServerProcess) -> None:
    """Spectators' messages are rendered only while someone watches: one who comes after
    the last one left, and follows the updates, has the screen a newcomer is shown."""
    first = await seat_at(tricks, [{"kind": "me"}, {"kind": "open"}])
    second = await join(tricks, first.table_id)

    async def watch() -> TableClient:
        client = await Client.connect(tricks.url)
        watched = await client.request({"type": "table.watch", "table_id": first.table_id})
        assert watched["type"] == "table.snapshot", watched
        spectator = TableClient(client, first.table_id)
        spectator.apply(watched)
        return spectator

    async def moves(count: int) -> None:
        for _ in range(count):
            for table in (first, second):
                await table.settle(0.1)
            for table in (first, second):
                await act(table)

    early = await watch()
    await moves(2)
    await early.client.close()  # the last spectator leaves: nobody watches
    await moves(2)
    late = await watch()
    await moves(3)
    await late.settle()
    newcomer = await watch()
    assert late.state == newcomer.state and late.seq == newcomer.seq
    for table in (first, second, late, newcomer):
        await table.client.close()


async def test_out_of_turn_illegal_and_malformed_moves_change_nothing(
    tricks: ServerProcess,
) -> None:
    first = await seat_at(tricks, [{"kind": "me"}, {"kind": "open"}])
    second = await join(tricks, first.table_id)
    for table in (first, second):
        await table.settle()
    mover = first if first.view and first.view["to_move"] == first.seat else second
    other = second if mover is first else first
    assert mover.view is not None and mover.view["to_move"] == mover.seat
    before = mover.seq
    legal = RULES.view_from_json(mover.view).legal_moves()
    not_mine = next(c for c in DECK if c not in mover.view["hand"])
    cases = [
        (other, legal[0], "not_your_turn"),
        (mover, not_mine, "illegal_move"),
        (mover, "??", "bad_notation"),
    ]
    for table, move, code in cases:
        answer = await table.client.request(
            {"type": "play", "table_id": table.table_id, "move": move, "ply": ply(mover)}
        )
        assert answer["type"] == "error" and answer["code"] == code, answer
    answer = await mover.client.request(
        {"type": "table.resync", "table_id": mover.table_id, "since": before}
    )
    assert answer["type"] == "ack" and answer["seq"] == before  # nothing happened
    future = await mover.client.request(
        {"type": "table.resync", "table_id": mover.table_id, "since": before + 50}
    )
    assert future["code"] == "bad_seq"
    pong = await other.client.request({"type": "ping"})
    assert pong["type"] == "pong"
    for table in (first, second):
        await table.client.close()


async def test_reconnect_gets_missed_events_then_a_snapshot(tricks: ServerProcess) -> None:
    table = await seat_at(tricks, [{"kind": "me"}, {"kind": "bot", "level": "random"}])
    token, table_id = table.client.token, table.table_id
    await table.settle()
    last = table.seq
    await act(table)  # a move, and the bot answers while we are away
    await table.client.close()
    await asyncio.sleep(0.5)
    client = await Client.connect(tricks.url, token=token)
    assert {"table_id": table_id, "seat": 0} in client.welcome["tables"]
    missed = await client.request({"type": "table.open", "table_id": table_id, "since": last})
    assert missed["type"] == "table.events" and missed["prev"] == last
    again = TableClient(client, table_id)
    again.state, again.seq, again.seat = table.state, last, 0
    again.apply(missed)
    again.drain()
    snap = await client.request({"type": "table.open", "table_id": table_id, "since": 0})
    assert snap["type"] == "table.snapshot" or snap["prev"] == 0
    await client.close()


async def test_a_long_disconnection_loses_the_match(tricks: ServerProcess) -> None:
    first = await seat_at(tricks, [{"kind": "me"}, {"kind": "open"}])
    second = await join(tricks, first.table_id)
    await first.client.close()
    deadline = asyncio.get_running_loop().time() + 30
    while second.status not in ("rematch", "finished"):
        assert asyncio.get_running_loop().time() < deadline
        await second.pump()
    result = second.state["result"]
    assert result is not None and 0 in result.get("losers", [0]), result
    await second.client.close()


async def test_play_now_fills_with_bots(tricks: ServerProcess) -> None:
    client = await Client.connect(tricks.url)
    waiting = await client.request({"type": "play_now", "game": "tricks", "players": 2})
    assert waiting["type"] == "play_now.waiting" and waiting["bots_at"]
    table = TableClient(client, waiting["table_id"])
    while table.status in ("", "waiting") or table.view is None:
        await table.pump()
    seats = table.state["seats"]
    assert seats[1]["bot"] and not seats[0]["bot"]
    await play_out([table])
    await client.close()


async def test_a_double_click_is_refused_as_stale_and_changes_nothing(
    tricks: ServerProcess,
) -> None:
    """The seat to move alone is offered its moves; a move sent twice for the same ply is
    played once: the second is ``stale_move`` and the table is as the first left it."""
    first = await seat_at(tricks, [{"kind": "me"}, {"kind": "open"}])
    second = await join(tricks, first.table_id)
    for table in (first, second):
        await table.settle()
    mover = first if first.view and first.view["to_move"] == first.seat else second
    other = second if mover is first else first
    assert other.state["hand"]["legal"] is None
    offered = mover.state["hand"]["legal"]
    assert [m["id"] for m in offered] == mover.view["hand"]
    click = {"type": "play", "table_id": mover.table_id, "move": offered[0]["id"]}
    click["ply"] = ply(mover)
    assert (await mover.client.request(click))["type"] == "ack"
    await mover.settle()
    before = mover.seq
    again = await mover.client.request(click | {"id": "again"})
    assert again["type"] == "error" and again["code"] == "stale_move", again
    answer = await mover.client.request(
        {"type": "table.resync", "table_id": mover.table_id, "since": before}
    )
    assert answer["type"] == "ack" and answer["seq"] == before  # nothing happened
    for table in (first, second):
        await table.client.close()
