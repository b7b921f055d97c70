"""Kill -9 and SIGTERM with a real server process: nothing accepted is lost, every live
table comes back where it was (its timers resumed), clients resync on their own, and
private tables keep their invites."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import statistics
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from circolo.table import Presenter, Table, TableConfig
from tests.conftest import Client, ServerProcess, TableClient, stored, stored_config
from tests.tables import dump
from tests.test_server_history import finished, get
from tests.test_server_play import FAST, TricksServer, act, seat_at
from tests.test_table_support import tricks_game as tricks_game

pytestmark = pytest.mark.anyio
PATIENT = {
    **FAST,
    "CIRCOLO_TABLE": FAST["CIRCOLO_TABLE"]
    .replace('"disconnect_grace": 0.5', '"disconnect_grace": 5')
    .replace('"disconnect_countdown": 2', '"disconnect_countdown": 600'),
}
"""Seats that are back in time however late a loaded machine lets the clients reconnect
after a restart: for tests of what is kept, not of the disconnection timers."""


async def reconnect(
    server: ServerProcess, old: TableClient, ids: str = "r", kind: type[TableClient] = TableClient
) -> TableClient:
    """The seat's player back on a new connection (request ids made of ``ids``), its table
    reopened from its last ``seq`` as a ``kind``."""
    client = await Client.connect(server.url, token=old.client.token, ids=ids)
    if {"table_id": old.table_id, "seat": old.seat} not in client.welcome["tables"]:
        await client.close()
        raise AssertionError(f"{old.table_id} is not among {client.welcome['tables']}")
    frame = await client.request({"type": "table.open", "table_id": old.table_id, "since": old.seq})
    if frame["type"] == "error":
        await client.close()
        raise AssertionError(f"{old.table_id} did not open: {frame}")
    table = kind(client, old.table_id)
    table.state, table.seq, table.seat = old.state, old.seq, old.seat
    if frame["type"] != "ack":
        table.apply(frame)
    return table


Acks = list[tuple[int, str]]
"""A human seat's acknowledged moves: (the ``seq`` its ack gave, the move), in order."""


async def play(table: TableClient, acks: Acks, moves: int, ready: asyncio.Event) -> None:
    """The human seat plays its first legal move whenever it is to move (and continues,
    votes, declines rematches) until its connection drops; ``ready`` once it has ``moves``
    more acks or the table is over. Each ack waits for its events before the next move."""
    goal = len(acks) + moves
    with contextlib.suppress(ConnectionClosed):
        while True:
            table.drain()
            if len(acks) >= goal or table.status == "finished":
                ready.set()
            view = table.view
            if view is not None and view["to_move"] == table.seat:
                hand = table.state["hand"]
                move = hand["legal"][0]["id"]
                answer = await table.client.request(
                    {"type": "play", "table_id": table.table_id, "move": move, "ply": hand["ply"]}
                )
                if answer["type"] == "ack":
                    acks.append((answer["seq"], move))
                    while table.seq < answer["seq"]:
                        await table.pump()
                    continue
            else:
                await act(table)
            with contextlib.suppress(TimeoutError):
                await table.pump(1.0)  # refused, or nothing to do: wait for the table


def check_acked(entries: list[str], seat: int, acks: Acks) -> None:
    """Every acknowledged move is in the log: the seat's last move after the previous ack's
    ``seq`` and at or before its own (a move sent as the server died may be there unacked)."""
    commands = [json.loads(entry)["command"] for entry in entries]
    mine = [
        (n, c["move"])
        for n, c in enumerate(commands, 1)
        if c["type"] == "play" and c["seat"] == seat
    ]
    previous = 0
    for seq, move in acks:
        assert [m for n, m in mine if previous < n <= seq][-1:] == [move], "an acked move was lost"
        previous = seq


def position(table: Table) -> dict[str, Any]:
    """The whole table but its clocks and its players' presence: what a Resume keeps."""
    state = dump(table)
    for key in ("opened_at", "last_at", "until", "presence"):
        del state[key]
    if state["turn"] is not None:
        del state["turn"]["since"]
    return state


def check_resumed(
    server: TricksServer, again: TableClient, config: TableConfig, before: list[str], was: Table
) -> None:
    """The table of the seat ``again`` reopened after a restart resumed where its log ended
    (``before``, read once the server was dead; ``was``, its table then): that log kept,
    a Resume logged next that changes only clocks and presence, and the seat's screen (what
    it had, and the snapshot or events it got on reopening) the state its log gives."""
    again.drain()
    _, after = stored(server, again.table_id)
    entries = [json.loads(entry) for entry in after]
    n = len(before)
    assert after[:n] == before, "the log changed across the restart"
    resumed = [entry["command"]["type"] for entry in entries[n : n + 1]]
    assert resumed == ["resume"], "the table did not resume where it was"
    assert position(Table.replay(config, entries[: n + 1])) == position(was)
    assert again.seq > n
    served = Presenter(Table.replay(config, entries[: again.seq])).snapshot_state(again.seat)
    assert again.state == json.loads(json.dumps(served))


async def cycles(
    tmp_path: Path, count: int, tables_count: int = 2, env: dict[str, str] | None = None
) -> dict[str, Any]:
    """``count`` kill -9 and restart cycles with ``tables_count`` tables playing (each
    against a bot): the server is killed while moves and bot moves are in flight."""
    loop = asyncio.get_running_loop()
    began = loop.time()
    # a short resume grace (the timers wait little after each restart)
    server = TricksServer(tmp_path, {**PATIENT, "CIRCOLO_RESUME_GRACE": "0.2", **(env or {})})
    server.start()
    port = server.port
    acks: dict[str, Acks] = {}
    against_a_bot = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    tables = [await seat_at(server, against_a_bot) for _ in range(tables_count)]
    restarts: list[float] = []
    resumes = 0
    tasks: list[asyncio.Task[None]] = []
    try:
        for _ in range(count):
            ready = [asyncio.Event() for _ in tables]
            tasks = [
                asyncio.create_task(play(t, acks.setdefault(t.table_id, []), 2, r))
                for t, r in zip(tables, ready, strict=True)
            ]
            await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), 30)
            server.kill()  # kill -9, the clients and the bots still playing
            await asyncio.wait_for(asyncio.gather(*tasks), 5)  # every connection drops
            logged = []
            for table in tables:
                _, before = stored(server, table.table_id)
                assert table.seat is not None
                check_acked(before, table.seat, acks[table.table_id])
                config = TableConfig.from_json(stored_config(server, table.table_id))
                was = Table.replay(config, [json.loads(entry) for entry in before])
                logged.append((table, config, before, was))
                await table.client.close()
            started = loop.time()
            server.start(port)
            restarts.append(loop.time() - started)
            live = []
            for table, config, before, was in logged:
                if was.status == "finished":  # its result is recorded (now, if not yet)
                    assert stored(server, table.table_id) == ("finished", before)
                else:
                    live.append((table, config, before, was))
            reopened = [await reconnect(server, table) for table, *_ in live]  # at once
            for again, (_, config, before, was) in zip(reopened, live, strict=True):
                check_resumed(server, again, config, before, was)
            resumes += len(live)
            fresh = [await seat_at(server, against_a_bot) for _ in range(len(tables) - len(live))]
            tables = reopened + fresh
    finally:
        for task in tasks:
            task.cancel()
        for table in tables:
            await table.client.close()
        server.stop()
    return {
        "cycles": count,
        "accepted_moves": sum(len(moves) for moves in acks.values()),
        "tables": len(acks),
        "resumed": resumes,
        "restart_seconds": {
            "min": round(min(restarts), 2),
            "median": round(statistics.median(restarts), 2),
            "max": round(max(restarts), 2),
        },
        "wall_seconds": round(loop.time() - began, 1),
    }


@pytest.mark.usefixtures("tricks_game")
async def test_kill_9_and_restart(tmp_path: Path) -> None:
    figures = await cycles(tmp_path, 20)
    assert figures["accepted_moves"] >= 20 and figures["resumed"] > 0
    print(figures)


@pytest.mark.slow
@pytest.mark.usefixtures("tricks_game")
async def test_kill_9_a_hundred_times(tmp_path: Path) -> None:
    figures = await cycles(tmp_path, 100)
    assert figures["accepted_moves"] >= 100 and figures["resumed"] > 0
    print(figures)


async def test_sigterm_tells_clients_and_loses_nothing(tmp_path: Path) -> None:
    server = TricksServer(tmp_path, FAST)
    server.start()
    port = server.port
    table = await seat_at(server, [{"kind": "me"}, {"kind": "bot", "level": "random"}])
    acks: Acks = []
    ready = asyncio.Event()
    playing = asyncio.create_task(play(table, acks, 1, ready))
    await asyncio.wait_for(ready.wait(), 30)
    playing.cancel()  # between two frames: a cancelled recv loses none
    with contextlib.suppress(asyncio.CancelledError):
        await playing
    server.process.send_signal(15)  # type: ignore[union-attr]
    told = await table.client.until(lambda f: f["type"] == "shutdown", timeout=20)
    assert told["retry_after"] > 0
    with pytest.raises(ConnectionClosed) as closed:
        await table.client.until(lambda f: False, timeout=20)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
    # uvicorn re-raises the signal once it has shut down cleanly
    assert server.process.wait(30) in (0, -15)  # type: ignore[union-attr]
    assert "Traceback" not in "".join(server.output)
    _, entries = stored(server, table.table_id)
    check_acked(entries, 0, acks)
    disconnected = [e for e in entries if json.loads(e)["command"]["type"] == "disconnected"]
    assert not disconnected  # a shutdown is not a player's disconnection
    server.start(port)
    again = await reconnect(server, table)
    await again.settle(0.3)
    assert again.status in ("playing", "rematch", "finished")
    await again.client.close()
    server.stop()


async def test_waiting_tables_survive_kill_9(tmp_path: Path) -> None:
    """Tables created and not started (an open one, a private one, a play-now one) are in
    the lobby again after kill -9: their players find them, others join, bots still come."""
    env = {"CIRCOLO_PLAY_NOW_WAIT": "3", "CIRCOLO_RESUME_GRACE": "1"}
    server = ServerProcess(tmp_path, env)
    server.start()
    port = server.port
    try:
        host = await Client.connect(server.url)
        seats = [{"kind": "me"}, {"kind": "open"}]
        public = await host.request({"type": "table.create", "game": "scopa", "seats": seats})
        private = await host.request(
            {"type": "table.create", "game": "scopa", "seats": seats, "private": True}
        )
        eager = await Client.connect(server.url)
        # another game than the open table's: Play now would seat them beside its host
        waiting = await eager.request({"type": "play_now", "game": "bisca", "players": 2})
        assert waiting["type"] == "play_now.waiting", waiting
        server.kill()
        server.start(port)
        again = await Client.connect(server.url, token=host.token)
        held = {t["table_id"] for t in again.welcome["tables"]}
        assert {public["table_id"], private["table_id"]} <= held
        opened = await again.request({"type": "table.open", "table_id": public["table_id"]})
        assert opened["type"] == "table.snapshot" and opened["snapshot"]["status"] == "waiting"
        listed = {
            t["table_id"] for t in (await again.request({"type": "lobby.subscribe"}))["tables"]
        }
        assert public["table_id"] in listed and private["table_id"] not in listed
        guest = await Client.connect(server.url)
        code = private["invite"].rsplit("invite=", 1)[1]
        for table_id, invite in ((public["table_id"], None), (private["table_id"], code)):
            joined = await guest.request(
                {"type": "table.join", "table_id": table_id, "invite": invite}
            )
            assert joined["type"] == "table.joined", joined
        table = TableClient(again, public["table_id"])
        while table.status != "playing":
            await table.pump()
        back = await Client.connect(server.url, token=eager.token)
        assert waiting["table_id"] in {t["table_id"] for t in back.welcome["tables"]}
        bots = TableClient(back, waiting["table_id"])
        bots.apply(await back.request({"type": "table.open", "table_id": waiting["table_id"]}))
        while bots.status != "playing":  # the bots came after the grace
            await bots.pump()
        for client in (host, eager, again, guest, back):
            await client.close()
    finally:
        server.stop()


async def test_a_started_private_table_keeps_its_invite_across_kill_9(tmp_path: Path) -> None:
    """The invite of a private table that started is kept with it: after kill -9 a
    spectator with the link watches (and resyncs), someone else with it is told the table
    started, and without it, or with another code, the table is private (``private_table``);
    once finished, the invite still opens its replay after a restart."""
    server = TricksServer(tmp_path, FAST)
    server.start()
    port = server.port
    try:
        host = await Client.connect(server.url)
        seats = [{"kind": "me"}, {"kind": "open"}]
        created = await host.request(
            {"type": "table.create", "game": "tricks", "seats": seats, "private": True}
        )
        table_id, code = created["table_id"], created["invite"].rsplit("invite=", 1)[1]
        guest = await Client.connect(server.url)
        joined = await guest.request({"type": "table.join", "table_id": table_id, "invite": code})
        assert joined["type"] == "table.joined", joined  # full: the table starts
        table = TableClient(host, table_id)
        while table.status != "playing":
            await table.pump()
        server.kill()
        server.start(port)

        watcher = await Client.connect(server.url)
        for invite in (None, "", code[:-1], code + "x"):
            for kind in ("table.watch", "table.join"):
                refused = await watcher.request(
                    {"type": kind, "table_id": table_id, "invite": invite}
                )
                assert refused["type"] == "error" and refused["code"] == "private_table", refused
        full = await watcher.request({"type": "table.join", "table_id": table_id, "invite": code})
        assert full["type"] == "error" and full["code"] == "table_full", full
        watched = await watcher.request(
            {"type": "table.watch", "table_id": table_id, "invite": code}
        )
        assert watched["type"] == "table.snapshot" and watched["seat"] is None, watched
        assert watched["snapshot"]["state"]["table"]["status"] == "playing"
        resync = await watcher.request({"type": "table.resync", "table_id": table_id, "since": 0})
        assert resync["type"] == "table.snapshot" and resync["seat"] is None, resync
        back = await Client.connect(server.url, token=guest.token)  # the link again
        rejoined = await back.request({"type": "table.join", "table_id": table_id, "invite": code})
        assert rejoined["type"] == "table.joined" and rejoined["seat"] == 1, rejoined

        left = await back.request({"type": "table.leave", "table_id": table_id})
        assert left["type"] == "ack", left  # a resignation: the match is over
        await finished(server, table_id)
        server.kill()
        server.start(port)
        path = f"/api/tables/{table_id}/replay"
        for query in ("", "?invite=", f"?invite={code[:-1]}"):
            hidden = await get(server, path + query)
            assert hidden.status_code == 404 and hidden.json()["code"] == "no_table", hidden.text
        shown = await get(server, f"{path}?invite={code}")
        assert shown.status_code == 200 and shown.json()["table_id"] == table_id, shown.text
        for client in (host, guest, watcher, back):
            await client.close()
    finally:
        server.stop()


async def test_a_match_over_before_its_result_was_stored_is_finished_on_restart(
    tmp_path: Path,
) -> None:
    """Killed between a match's last log entry and the write of its result, a table is
    finished by the restarted room from its log (its result and time), not resumed."""
    server = TricksServer(tmp_path, FAST)
    server.start()
    port = server.port
    try:
        table = await seat_at(server, [{"kind": "me"}, {"kind": "bot", "level": "random"}])
        left = await table.client.request({"type": "table.leave", "table_id": table.table_id})
        assert left["type"] == "ack", left
        await finished(server, table.table_id)
        server.kill()
        _, entries = stored(server, table.table_id)
        row = "SELECT result, finished_at FROM tables WHERE table_id = ?"
        with contextlib.closing(sqlite3.connect(server.data_dir / "circolo.sqlite3")) as db:
            (result, _) = db.execute(row, (table.table_id,)).fetchone()
            db.execute(
                "UPDATE tables SET status = 'live', result = NULL, finished_at = NULL"
                " WHERE table_id = ?",
                (table.table_id,),
            )
            db.commit()
        server.start(port)
        assert stored(server, table.table_id) == ("finished", entries)  # no Resume logged
        with contextlib.closing(sqlite3.connect(server.data_dir / "circolo.sqlite3")) as db:
            again = db.execute(row, (table.table_id,)).fetchone()
        assert again == (result, json.loads(entries[-1])["at"])
        back = await Client.connect(server.url, token=table.client.token)
        assert back.welcome["tables"] == []
        for client in (table.client, back):
            await client.close()
    finally:
        server.stop()


@pytest.mark.usefixtures("tricks_game")
async def test_after_a_restart_the_move_log_tells_the_same_hand(tmp_path: Path) -> None:
    """The snapshot's ``log`` comes back from the stored log: a player reopening the table
    after a restart reads the hand so far, not an empty log."""
    server = TricksServer(tmp_path, PATIENT)  # the table waits however late the player is back
    server.start()
    port = server.port
    table = await seat_at(server, [{"kind": "me"}, {"kind": "bot", "level": "random"}])
    acks: Acks = []
    ready = asyncio.Event()
    playing = asyncio.create_task(play(table, acks, 3, ready))
    await asyncio.wait_for(ready.wait(), 30)
    playing.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await playing
    await table.settle(0.3)
    before = await table.client.request({"type": "table.resync", "table_id": table.table_id})
    assert before["type"] == "table.snapshot" and before["log"]  # the hand so far
    server.process.send_signal(15)  # type: ignore[union-attr]
    server.process.wait(30)  # type: ignore[union-attr]
    with contextlib.suppress(ConnectionClosed):
        await table.client.close()
    server.start(port)
    client = await Client.connect(server.url, token=table.client.token)
    after = await client.request({"type": "table.open", "table_id": table.table_id})
    assert after["type"] == "table.snapshot", after
    assert after["log"] == before["log"]
    await client.close()
    server.stop()
