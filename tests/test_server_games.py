"""Real games over the wire: a human client and bots in every seat arrangement, with the
hidden-card check on every frame each audience received."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

from circolo.games import make_rules
from tests.conftest import (
    Client,
    ServerProcess,
    TableClient,
    check_hidden,
    game_ready,
    hand_sections,
)

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
        hand = state["hand"]
        offered = hand["legal"]
        assert offered, f"seat {seat} is to move and was offered no move: {hand}"
        move = rng.choice(offered)["id"]
        await table.client.request(
            {"type": "play", "table_id": table.table_id, "move": move, "ply": hand["ply"]}
        )


def check_offers(table: TableClient) -> int:
    """Every hand section this audience got offers legal moves exactly when its seat is to
    move, each the engine's own (its id a legal move of the view); returns how many did."""
    offers = 0
    for frame in table.frames:
        for section in hand_sections(frame):
            view, legal = section["view"], section["legal"]
            mover = view["seat"] is not None and view["to_move"] == view["seat"]
            if not mover:
                assert legal is None, f"seat {view['seat']} was sent moves out of turn: {legal}"
                continue
            rules = make_rules(view["game"], table.state["table"]["options"])
            engine = rules.view_from_json(view)
            assert [m["id"] for m in legal] == [engine.move_text(m) for m in engine.legal_moves()]
            offers += 1
    return offers


async def play_match(table: TableClient, rng: random.Random, timeout: float = 240) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while table.status != "finished":
        assert loop.time() < deadline, table.state
        table.drain()
        await act(table, rng)
        with contextlib.suppress(TimeoutError):
            await table.pump(timeout=0.5)


SCOPA = {"target": "single_hand"}
BISCA = {"target": 1}
BURRACO = {"hands": 1}
ARRANGEMENTS = [
    ("scopa", SCOPA, ["me", "greedy"]),
    ("scopa", SCOPA, ["me", "random", "greedy", "random"]),
    ("scopa", SCOPA, ["random", "me"]),
    ("bisca", BISCA, ["me", "greedy"]),
    ("bisca", BISCA, ["random", "me"]),
    ("bisca", BISCA, ["me", "random", "greedy", "random"]),
    ("bisca", BISCA, ["random", "greedy", "me", "expert"]),
    ("bisca", BISCA, ["me", "human"]),
    ("bisca", BISCA, ["me", "human", "random", "human"]),
    ("burraco", BURRACO, ["me", "greedy"]),
    ("burraco", BURRACO, ["greedy", "me"]),
    ("burraco", BURRACO, ["me", "greedy", "expert", "greedy"]),
    ("burraco", BURRACO, ["greedy", "me", "random", "greedy"]),
    ("burraco", BURRACO, ["human", "me"]),
    ("burraco", BURRACO, ["me", "greedy", "human", "random"]),
    ("scopa", SCOPA, ["me", "human", "human", "human"]),
]
FAST = {
    # Bisca's secret window (who holds the trump 2) stays open 1 s, not 8 s, each hand
    "CIRCOLO_TABLE": '{"trick_display": 0.05, "hand_result_pause": 0.2, "rematch_window": 0.5,'
    ' "vote_window": 1, "secret_window": 1}',
    "CIRCOLO_BOT_BUDGET_MS": "20",
    "CIRCOLO_BOT_PROCESSES": "1",
    "CIRCOLO_RATE": "200",
    "CIRCOLO_BURST": "400",
}


@pytest.fixture(scope="module")
def games_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with short display pauses and quick bots (whole matches in seconds)."""
    process = ServerProcess(tmp_path_factory.mktemp("games"), FAST)
    process.start()
    yield process
    process.stop()


NAMES = [f"{game}-{'-'.join(seats)}" for game, _, seats in ARRANGEMENTS]


@pytest.mark.parametrize(("game", "options", "seats"), ARRANGEMENTS, ids=NAMES)
async def test_a_match_with_bots(
    games_server: ServerProcess, game: str, options: dict[str, Any], seats: list[str]
) -> None:
    if not game_ready(game):
        pytest.skip(f"{game} is not ported to the engine yet")
    await full_match(games_server, game, options, seats)


async def full_match(
    server: ServerProcess, game: str, options: dict[str, Any], seats: list[str]
) -> list[TableClient]:
    """One match over the wire: every human ("me" creates, each "human" joins an open seat)
    plays random legal moves, a spectator watches, and no frame any of them got names a
    card it could not see. Returns the humans' tables and then the spectator's."""
    kinds = {"me": {"kind": "me"}, "human": {"kind": "open"}}
    specs = [kinds.get(s, {"kind": "bot", "level": s}) for s in seats]
    client = await Client.connect(server.url)
    created = await client.request(
        {"type": "table.create", "game": game, "options": options, "seats": specs}
    )
    assert created["type"] == "table.created", created
    table_id = created["table_id"]
    tables = [TableClient(client, table_id)]
    watcher = await Client.connect(server.url)
    watched = await watcher.request({"type": "table.watch", "table_id": table_id})
    spectator = TableClient(watcher, table_id)
    spectator.apply(watched)
    for _ in range(seats.count("human")):
        guest = await Client.connect(server.url)
        joined = await guest.request({"type": "table.join", "table_id": table_id})
        assert joined["type"] == "table.joined", joined
        tables.append(TableClient(guest, table_id))
    await asyncio.gather(*(play_match(t, random.Random(i)) for i, t in enumerate(tables)))
    for table in [*tables, spectator]:
        await table.settle()
        assert table.state["result"] is not None
        assert check_hidden(table.frames, deck(game)) > 5
        offers = check_offers(table)
        assert offers > 0 if table.seat is not None else offers == 0
        await table.client.close()
    return [*tables, spectator]
