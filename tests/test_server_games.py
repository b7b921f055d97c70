"""Real games over the wire: a human client and bots in every seat arrangement, with the
hidden-card check on every frame each audience received."""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

import pytest

from circolo.games import make_rules
from circolo.server.botpool import move_text
from tests.conftest import Client, ServerProcess, TableClient, check_hidden, game_ready

pytestmark = pytest.mark.anyio


def deck(game: str) -> set[str]:
    if game == "scopa":
        from circolo.games.scopa.deck import TEXT

        return set(TEXT)
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return {r + s for r in ranks for s in "HDCS"} | {"JK"}


async def act(table: TableClient, rng: random.Random) -> None:
    state, seat = table.state, table.seat
    phase = state.get("phase") or {}
    if table.status == "rematch" and seat not in (state.get("rematch") or {}).get("accepted", []):
        await table.client.send({"type": "rematch", "table_id": table.table_id, "accept": False})
    elif phase.get("name") == "vote":
        await table.client.send({"type": "vote", "table_id": table.table_id, "choice": "draw"})
    elif phase.get("name") == "result" and seat not in phase.get("continued", []):
        await table.client.send({"type": "continue", "table_id": table.table_id})
    elif table.view is not None and table.view["to_move"] == seat:
        rules = make_rules(state["table"]["game"], state["table"]["options"])
        view = rules.view_from_json(table.view)
        move = move_text(view, rng.choice(view.legal_moves()), rng)
        await table.client.request({"type": "move", "table_id": table.table_id, "move": move})


async def play_match(table: TableClient, rng: random.Random, timeout: float = 240) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while table.status != "finished":
        assert loop.time() < deadline, table.state
        table.drain()
        await act(table, rng)
        with contextlib.suppress(TimeoutError):
            await table.pump(timeout=0.5)


ARRANGEMENTS = [
    ("scopa", {"target": "single_hand"}, ["me", "greedy"]),
    ("scopa", {"target": "single_hand"}, ["me", "random", "greedy", "random"]),
    ("scopa", {"target": "single_hand"}, ["random", "me"]),
]


@pytest.mark.parametrize(("game", "options", "seats"), ARRANGEMENTS)
async def test_a_match_with_bots(
    server: ServerProcess, game: str, options: dict[str, Any], seats: list[str]
) -> None:
    if not game_ready(game):
        pytest.skip(f"{game} is not ported to the engine yet")
    client = await Client.connect(server.url)
    specs = [{"kind": "me"} if s == "me" else {"kind": "bot", "level": s} for s in seats]
    created = await client.request(
        {"type": "table.create", "game": game, "options": options, "seats": specs}
    )
    assert created["type"] == "table.created", created
    table = TableClient(client, created["table_id"])
    watcher = await Client.connect(server.url)
    watched = await watcher.request({"type": "table.watch", "table_id": table.table_id})
    spectator = TableClient(watcher, table.table_id)
    spectator.apply(watched)
    await play_match(table, random.Random(len(seats)))
    await spectator.settle()
    assert table.state["result"] is not None
    assert check_hidden(table.frames, deck(game)) > 5
    assert check_hidden(spectator.frames, deck(game)) > 5
    await client.close()
    await watcher.close()
