"""No connection ever receives a frame for a seat its player does not hold at that moment
(reviews/security.md, finding 1), over random sequences of create, join, leave, watch,
open, close, reconnect, Play now and rematch by three players with two connections each.

The room, its store (SQLite), bus and sessions are the product's own; only the sockets are
in memory, so that each frame is checked at the very moment the session writes it,
against who sits where in the room right then.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from circolo.server.botpool import BotPool
from circolo.server.bus import LocalBus
from circolo.server.connection import Session
from circolo.server.identity import Guest, Identities
from circolo.server.room import Room
from circolo.server.settings import load_settings
from circolo.store import Store

EXAMPLES = int(os.environ.get("CIRCOLO_FEED_EXAMPLES", "40"))
PLAYERS = 3
CONNECTIONS = 2
GAMES = ("scopa", "bisca", "burraco")


def holder(room: Room, table_id: str, seat: int) -> str | None:
    """Who sits in ``seat`` now, read straight from the room's tables."""
    waiting = room.pending.get(table_id) or room.lobby.starting.get(table_id)
    if waiting is not None:
        sitting = waiting.seats[seat] if seat < len(waiting.seats) else None
        return None if sitting is None else sitting.player_id
    owner = room.owners.get(table_id)
    if owner is None or seat >= len(owner.config.seats):
        return None
    return owner.config.seats[seat].player_id


class MemorySocket:
    """The WebSocket a session talks to; every frame it writes is checked as it goes."""

    def __init__(self, room: Room, guest: Guest) -> None:
        self.room = room
        self.guest = guest
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.frames: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()
        self.checked = 0
        self.leaks: list[str] = []  # frames of a seat its player does not hold

    async def accept(self) -> None:
        return None

    async def receive(self) -> dict[str, Any]:
        return await self.inbox.get()

    async def send_text(self, text: str) -> None:
        frame = json.loads(text)
        seat = frame.get("seat")
        if frame["type"] in ("table.snapshot", "table.events") and seat is not None:
            self.checked += 1
            sitting = holder(self.room, frame["table_id"], seat)
            if sitting != self.guest.id:
                self.leaks.append(f"{self.guest.id} got seat {seat}, held by {sitting}: {text}")
        self.frames.append(frame)
        self.arrived.set()

    async def close(self, code: int = 1000) -> None:
        self.inbox.put_nowait({"type": "websocket.disconnect", "code": code})


class Connection:
    """A session on a memory socket, and requests answered by ``ref``."""

    def __init__(self, room: Room, identities: Identities, guest: Guest) -> None:
        self.socket = MemorySocket(room, guest)
        session = Session(self.socket, room, identities, room.settings, guest)  # type: ignore[arg-type]
        self.task = asyncio.create_task(session.run())
        self.n = 0
        self.send({"type": "hello", "protocol": 1})

    def send(self, frame: dict[str, Any]) -> None:
        self.socket.inbox.put_nowait({"type": "websocket.receive", "text": json.dumps(frame)})

    async def request(self, frame: dict[str, Any]) -> dict[str, Any] | None:
        self.n += 1
        ref = f"r{self.n}"
        self.send({**frame, "id": ref})
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(2):
                while True:
                    for answer in reversed(self.socket.frames):
                        if answer.get("ref") == ref:
                            return answer
                    self.socket.arrived.clear()
                    await self.socket.arrived.wait()
        return None

    async def close(self) -> None:
        await self.socket.close()
        with contextlib.suppress(Exception):
            await self.task


action = st.one_of(
    st.tuples(st.just("create"), st.sampled_from(GAMES), st.sampled_from((2, 4)),
              st.lists(st.sampled_from(("open", "bot")), min_size=1, max_size=3)),
    st.tuples(st.just("join"), st.integers(0, 9), st.integers(0, 3)),
    st.tuples(st.just("leave"), st.integers(0, 9)),
    st.tuples(st.just("watch"), st.integers(0, 9)),
    st.tuples(st.just("open"), st.integers(0, 9)),
    st.tuples(st.just("close"), st.integers(0, 9)),
    st.tuples(st.just("reconnect")),
    st.tuples(st.just("play_now"), st.sampled_from(GAMES), st.sampled_from((2, 4))),
    st.tuples(st.just("rematch"), st.integers(0, 9), st.booleans()),
    st.tuples(st.just("wait"), st.sampled_from((0.01, 0.1, 0.3))),
)  # fmt: skip
steps = st.lists(
    st.tuples(st.integers(0, PLAYERS - 1), st.integers(0, CONNECTIONS - 1), action),
    min_size=4, max_size=30,
)  # fmt: skip


async def play(data_dir: Path, script: list[tuple[int, int, tuple[Any, ...]]]) -> int:
    """Run the script against a fresh room; the number of seat frames checked."""
    room_settings = load_settings(
        data_dir=data_dir, play_now_wait=0.2, bot_delay=0, bot_budget_ms=1, bot_margin=0,
        waiting_grace=0.5, finished_linger=0.3, rate=1000, burst=1000,
        table={"move_timer": 0.05, "trick_display": 0.01, "hand_result_pause": 0.01,
               "rematch_window": 0.5, "disconnect_grace": 0.05, "disconnect_countdown": 0.2},
    )  # fmt: skip
    store = await Store.open(room_settings.url, synchronous="OFF")
    room = Room(room_settings, store, LocalBus(), BotPool(0, margin=0))
    identities = Identities(room_settings.secret_key)
    guests = [Guest(f"g_{i}", f"Player {i}") for i in range(PLAYERS)]
    links = {(p, c): Connection(room, identities, guests[p]) for p in range(PLAYERS)
             for c in range(CONNECTIONS)}  # fmt: skip
    tables: list[str] = []
    gone: list[Connection] = []

    def table(index: int) -> str:
        return tables[index % len(tables)] if tables else "t_none"

    try:
        for player, number, (kind, *args) in script:
            link = links[(player, number)]
            answer: dict[str, Any] | None = None
            if kind == "create":
                game, players, others = args
                seats = [{"kind": "me"}, *({"kind": k} for k in others[: players - 1])]
                options = {"players": players}
                answer = await link.request(
                    {"type": "table.create", "game": game, "options": options, "seats": seats}
                )
            elif kind == "join":
                answer = await link.request(
                    {"type": "table.join", "table_id": table(args[0]), "seat": args[1]}
                )
            elif kind in ("leave", "watch", "open", "close"):
                answer = await link.request({"type": f"table.{kind}", "table_id": table(args[0])})
            elif kind == "reconnect":
                await link.close()
                gone.append(link)
                links[(player, number)] = Connection(room, identities, guests[player])
            elif kind == "play_now":
                answer = await link.request(
                    {"type": "play_now", "game": args[0], "players": args[1]}
                )
            elif kind == "rematch":
                answer = await link.request(
                    {"type": "rematch", "table_id": table(args[0]), "accept": args[1]}
                )
            else:
                await asyncio.sleep(args[0])
            if answer is not None and answer.get("table_id") and answer["table_id"] not in tables:
                tables.append(answer["table_id"])
        await asyncio.sleep(0.3)
    finally:
        room.closing = True
        for link in links.values():
            await link.close()
        await room.stop()
        await store.close()
    sockets = [link.socket for link in [*links.values(), *gone]]
    leaks = [leak for socket in sockets for leak in socket.leaks]
    assert not leaks, leaks[:3]
    return sum(socket.checked for socket in sockets)


@pytest.fixture(scope="module")
def runner() -> Iterator[asyncio.Runner]:
    with asyncio.Runner() as runner:
        yield runner


@settings(
    max_examples=EXAMPLES, deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)  # fmt: skip
@given(script=steps)
def test_no_connection_receives_a_seat_its_player_does_not_hold(
    script: list[tuple[int, int, tuple[Any, ...]]],
    runner: asyncio.Runner,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    runner.run(play(tmp_path_factory.mktemp("feeds"), script))


def test_the_leak_is_caught(
    runner: asyncio.Runner, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The reviewers' reproduction as a script: it must find seat frames to check."""
    script: list[tuple[int, int, tuple[Any, ...]]] = [
        (0, 0, ("create", "scopa", 4, ["open", "open", "bot"])),
        (1, 0, ("join", 0, 1)),
        (1, 0, ("leave", 0)),
        (2, 0, ("join", 0, 1)),
        (1, 1, ("join", 0, 2)),
        (0, 0, ("wait", 0.3)),
    ]
    assert runner.run(play(tmp_path_factory.mktemp("feeds"), script)) > 0
