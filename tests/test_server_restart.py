"""Kill -9 and SIGTERM with a real server process: nothing accepted is lost, every live
table comes back where it was (its timers resumed), and clients resync on their own."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tests.conftest import Client, ServerProcess, TableClient, stored
from tests.test_server_play import FAST, TricksServer, act, seat_at

pytestmark = pytest.mark.anyio


def logged_moves(server: TricksServer, table_id: str) -> list[tuple[int, str]]:
    _, entries = stored(server, table_id)
    commands = [json.loads(e)["command"] for e in entries]
    return [(c["seat"], c["move"]) for c in commands if c["type"] == "play"]


def resumes(server: TricksServer, table_id: str) -> int:
    _, entries = stored(server, table_id)
    return sum(1 for e in entries if json.loads(e)["command"]["type"] == "resume")


async def reconnect(server: TricksServer, old: TableClient) -> TableClient:
    client = await Client.connect(server.url, token=old.client.token)
    assert {"table_id": old.table_id, "seat": old.seat} in client.welcome["tables"]
    frame = await client.request({"type": "table.open", "table_id": old.table_id, "since": old.seq})
    table = TableClient(client, old.table_id)
    table.state, table.seq, table.seat = old.state, old.seq, old.seat
    if frame["type"] != "ack":
        table.apply(frame)
    return table


async def play_some(tables: list[TableClient], moves: int, acked: dict[str, list[str]]) -> None:
    """Each table plays up to ``moves`` of its human's moves; acked moves are recorded."""
    for table in tables:
        done = 0
        deadline = asyncio.get_running_loop().time() + 15
        while asyncio.get_running_loop().time() < deadline:
            await table.settle(0.15)
            if table.status == "finished" or done >= moves:
                break
            view = table.view
            if view is not None and view["to_move"] == table.seat:
                from tests.test_server_play import RULES

                move = RULES.view_from_json(view).legal_moves()[0]
                answer = await table.client.request(
                    {"type": "move", "table_id": table.table_id, "move": move}
                )
                if answer["type"] == "ack":
                    acked.setdefault(table.table_id, []).append(move)
                    done += 1
            else:
                await act(table)


async def cycles(
    tmp_path: Path, count: int, tables_count: int = 2, env: dict[str, str] | None = None
) -> dict[str, Any]:
    """``count`` kill -9 and restart cycles with ``tables_count`` tables playing."""
    server = TricksServer(tmp_path, {**FAST, "CIRCOLO_TABLE": FAST["CIRCOLO_TABLE"].replace(
        '"disconnect_countdown": 2', '"disconnect_countdown": 600'
    ), **(env or {})})  # fmt: skip
    server.start()
    port = server.port
    acked: dict[str, list[str]] = {}
    tables = [
        await seat_at(server, [{"kind": "me"}, {"kind": "bot", "level": "random"}])
        for _ in range(tables_count)
    ]
    figures: dict[str, Any] = {"cycles": count, "restart_seconds": []}
    try:
        for _ in range(count):
            await play_some(tables, 2, acked)
            server.kill()  # kill -9, bots thinking, moves in flight
            for table in tables:
                with pytest.raises((ConnectionClosed, TimeoutError)):
                    for _ in range(100):
                        await table.client.until(lambda f: False, timeout=5)
            started = asyncio.get_running_loop().time()
            server.start(port)
            figures["restart_seconds"].append(round(asyncio.get_running_loop().time() - started, 2))
            fresh = []
            for table in tables:
                status, _ = stored(server, table.table_id)
                moves = [m for s, m in logged_moves(server, table.table_id) if s == table.seat]
                mine = acked.get(table.table_id, [])
                assert moves[: len(mine)] == mine, "an accepted move was lost"
                if status == "finished":
                    await table.client.close()
                    new = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
                    fresh.append(await seat_at(server, new))
                    continue
                before = table.seq
                again = await reconnect(server, table)
                assert again.seq >= before
                assert resumes(server, table.table_id) >= 1
                await again.settle(0.3)
                assert again.status in ("playing", "waiting", "rematch", "finished")
                fresh.append(again)
                figures["resumed"] = figures.get("resumed", 0) + 1
            tables = fresh
        figures["accepted_moves"] = sum(len(v) for v in acked.values())
        figures["tables"] = len(acked)
    finally:
        for table in tables:
            await table.client.close()
        server.stop()
    return figures


async def test_kill_9_and_restart(tmp_path: Path) -> None:
    count = int(os.environ.get("CIRCOLO_TEST_RESTARTS", "3"))
    figures = await cycles(tmp_path, count)
    assert figures["accepted_moves"] > 0
    print(figures)


@pytest.mark.slow
async def test_kill_9_twenty_times(tmp_path: Path) -> None:
    figures = await cycles(tmp_path, 20)
    print(figures)


async def test_sigterm_tells_clients_and_loses_nothing(tmp_path: Path) -> None:
    server = TricksServer(tmp_path, FAST)
    server.start()
    port = server.port
    table = await seat_at(server, [{"kind": "me"}, {"kind": "bot", "level": "random"}])
    acked: dict[str, list[str]] = {}
    await play_some([table], 1, acked)
    server.process.send_signal(15)  # type: ignore[union-attr]
    told = await table.client.until(lambda f: f["type"] == "shutdown", timeout=20)
    assert told["retry_after"] > 0
    with pytest.raises(ConnectionClosed) as closed:
        await table.client.until(lambda f: False, timeout=20)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
    # uvicorn re-raises the signal once it has shut down cleanly
    assert server.process.wait(30) in (0, -15)  # type: ignore[union-attr]
    assert "Traceback" not in "".join(server.output)
    moves = [m for s, m in logged_moves(server, table.table_id) if s == 0]
    assert moves[: len(acked[table.table_id])] == acked[table.table_id]
    _, entries = stored(server, table.table_id)
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
        waiting = await eager.request({"type": "play_now", "game": "scopa", "players": 2})
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
