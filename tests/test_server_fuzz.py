"""Frame fuzzing over a real WebSocket: random and mutated frames from a seated player who
is not to move. Every frame gets answers that are valid server frames (an error with a code
for every bad one), the connection stays open, and the table does not change.

A seeded generator (reproducible: the seed is in the failure message). ``make test`` sends
a few thousand frames; the run marked slow sends 100,000 and prints its figures.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from circolo.server import protocol
from tests.conftest import Client, ServerProcess, TableClient, stored

pytestmark = pytest.mark.anyio

LIMIT = 8192
SERVER_TYPES = {
    "error", "pong", "ack", "lobby", "lobby.table", "lobby.removed", "table.snapshot",
    "table.events", "table.joined", "table.created", "chat", "welcome", "play_now.waiting",
}  # fmt: skip
WORDS = ["", "x", "tricks", "scopa", "bisca", "burraco", "7D", "AS", "7D+AS", "draw", "null",
         "<b>", "é", "\u202e", "0" * 300, "t_0", "-1", "💥"]  # fmt: skip


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(
        tmp_path_factory.mktemp("fuzz"),
        {"CIRCOLO_RATE": "1000000", "CIRCOLO_BURST": "1000000", "CIRCOLO_CHAT_MESSAGES": "3"},
    )
    process.start()
    yield process
    process.stop()


def base_frames(table_id: str) -> list[dict[str, Any]]:
    """One plausible frame of every client type (at the real table where one is named)."""
    t = {"table_id": table_id}
    return [
        {"type": "hello", "protocol": 1, "token": None},
        {"type": "ping", "t": 1},
        {"type": "lobby.subscribe"},
        {"type": "lobby.unsubscribe"},
        {"type": "table.create", "game": "scopa", "seats": [{"kind": "me"}]},
        {"type": "table.join", **t, "seat": 1},
        {"type": "table.watch", **t},
        {"type": "table.leave", **t},
        {"type": "table.open", **t, "since": 0},
        {"type": "table.resync", **t, "since": 3},
        {"type": "table.close", **t},
        {"type": "play_now", "game": "scopa", "players": 2},
        {"type": "play", **t, "move": "7D", "ply": 0},
        {"type": "start_match", **t},
        {"type": "continue", **t},
        {"type": "vote", **t, "choice": "draw"},
        {"type": "rematch", **t, "accept": True},
        {"type": "return_to_table", **t},
        {"type": "chat", **t, "text": "ciao"},
    ]


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value."""
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 1, 2, 3, 4, 2**31, 2**63, -(2**70), 10**400 // 10**390])
    if kind == 3:
        return rng.choice([0.5, -0.0, 1e308, 3.0])
    if kind in (4, 5):
        return rng.choice(WORDS) + "".join(rng.choices("abc7DSH+ ", k=rng.randrange(4)))
    if kind == 6:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(WORDS): junk(rng, depth + 1) for _ in range(rng.randrange(4))}


def mutate(frame: dict[str, Any], rng: random.Random) -> str | bytes:
    """A frame changed in one to three ways, or raw junk, serialized."""
    frame = dict(frame)
    if rng.random() < 0.5:
        frame["id"] = rng.choice([f"f{rng.randrange(10**6)}", 7, None, "x" * 65])
    for _ in range(rng.randint(1, 3)):
        key = rng.choice([*frame, "type", "extra"])
        how = rng.randrange(6)
        if how == 0:
            frame.pop(key, None)
        elif how == 1:
            frame[key] = junk(rng)
        elif how == 2:
            frame["type"] = rng.choice([*protocol.TYPES, "Move", "move ", "", "table"])
        elif how == 3:
            frame[rng.choice(WORDS)] = junk(rng)
        elif how == 4 and isinstance(frame.get(key), str):
            frame[key] = frame[key] * rng.randrange(2, 40)
    text = json.dumps(frame, ensure_ascii=rng.random() < 0.5)
    way = rng.randrange(12)
    if way == 0:
        return text[: rng.randrange(len(text))]
    if way == 1:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice('{}[]",:\\\x00 ') + text[i + 1 :]
    if way == 2:
        return text.encode()
    if way == 3:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if way == 4:
        return "[" * rng.randrange(1, 5000) + "]" * rng.randrange(2)
    if way == 5:
        return json.dumps(junk(rng))
    if way == 6:  # padded to the limit in bytes, just under or just over
        return text + " " * max(0, LIMIT - protocol.size(text) + rng.choice([0, 1]))
    return text


def harmful(raw: str | bytes, table_id: str) -> bool:
    """A well-formed request that may rightly change something: a new table, play now,
    or watching, closing or leaving the real table (the fuzz sends these not)."""
    try:
        frame = protocol.parse(raw, LIMIT)
    except protocol.ProtocolError:
        return False
    if isinstance(frame, protocol.TableCreate | protocol.PlayNow):
        return True
    kinds = protocol.TableWatch | protocol.TableClose | protocol.TableLeave
    return isinstance(frame, kinds) and frame.table_id == table_id


def expected(raw: str | bytes) -> str | None:
    """The error code the server must answer a bad frame with (None for a good one)."""
    try:
        protocol.parse(raw, LIMIT)
    except protocol.ProtocolError as error:
        return error.code
    return None


async def two_players(server: ServerProcess) -> tuple[TableClient, TableClient]:
    """An untimed Scopa table of two humans, its cut made (nothing happens until someone
    moves: the room makes a cut itself after 5 s, whatever the speed): (the seat to move,
    the other)."""
    host = await Client.connect(server.url)
    created = await host.request(
        {"type": "table.create", "game": "scopa", "speed": "untimed", "private": True,
         "seats": [{"kind": "me"}, {"kind": "open"}]}
    )  # fmt: skip
    assert created["type"] == "table.created", created
    guest = await Client.connect(server.url)
    invite = created["invite"].rsplit("invite=", 1)[1]
    joined = await guest.request(
        {"type": "table.join", "table_id": created["table_id"], "invite": invite}
    )
    assert joined["type"] == "table.joined", joined
    tables = [TableClient(c, created["table_id"]) for c in (host, guest)]
    for table in tables:
        await table.settle()
    mover = next(t for t in tables if t.view and t.view["to_move"] == t.seat)
    if mover.view and mover.view["phase"] == "cut":  # the room cuts after 5 s at any speed
        hand = mover.state["hand"]
        cut = {"type": "play", "table_id": mover.table_id, "move": hand["legal"][0]["id"],
               "ply": hand["ply"]}  # fmt: skip
        answer = await mover.client.request(cut)
        assert answer["type"] == "ack", answer
        for table in tables:
            await table.settle()
        mover = next(t for t in tables if t.view and t.view["to_move"] == t.seat)
    return mover, next(t for t in tables if t is not mover)


async def fuzz(server: ServerProcess, frames: int, seed: int, batch: int = 100) -> dict[str, Any]:
    mover, fuzzer = await two_players(server)
    table_id = mover.table_id
    assert fuzzer.client._beat is not None
    fuzzer.client._beat.cancel()  # every pong below answers a frame of ours
    before = (mover.seq, mover.state, stored(server, table_id))
    # the other player keeps reading (its heartbeat's pongs), or its socket would stall
    reader = asyncio.create_task(mover.client.until(lambda frame: False, timeout=10**6))
    rng = random.Random(seed)
    bases = base_frames(table_id)
    ws = fuzzer.client.ws
    figures: dict[str, Any] = {"frames": 0, "skipped": 0, "codes": {}, "answers": 0}
    started = time.perf_counter()
    mark = 0
    while figures["frames"] < frames:
        sent: list[tuple[str | bytes, str | None]] = []
        while len(sent) < batch:
            raw = mutate(rng.choice(bases), rng)
            if harmful(raw, table_id) or protocol.size(raw) > LIMIT:  # over: closed (1009)
                figures["skipped"] += 1
                continue
            await ws.send(raw)
            mark += 1
            await ws.send(json.dumps({"type": "ping", "t": f"mark{mark}"}))
            sent.append((raw, expected(raw)))
        for raw, code in sent:
            answers = []
            while True:
                answer = json.loads(await ws.recv())
                assert isinstance(answer, dict) and answer.get("type") in SERVER_TYPES, answer
                if answer["type"] == "pong" and str(answer.get("t", "")).startswith("mark"):
                    break
                if answer == {**answer, "type": "pong", "t": "hb"}:
                    continue  # the heartbeat's, sent before it was stopped
                answers.append(answer)
            context = f"seed {seed}, frame {raw[:300]!r}, answers {answers}"
            assert answers, "no answer: " + context
            first = answers[0]
            if code is not None:
                assert first["type"] == "error" and first["code"] == code, context
            if first["type"] == "error":
                assert isinstance(first["message"], str) and first["message"], context
                codes = figures["codes"]
                codes[first["code"]] = codes.get(first["code"], 0) + 1
            figures["answers"] += len(answers)
        figures["frames"] += len(sent)
    figures["seconds"] = round(time.perf_counter() - started, 2)
    figures["frames_per_second"] = round(figures["frames"] / figures["seconds"])
    reader.cancel()
    await asyncio.gather(reader, return_exceptions=True)
    await mover.client.request({"type": "table.resync", "table_id": table_id})
    mover.drain()
    assert (mover.seq, mover.state, stored(server, table_id)) == before, "the table changed"
    pong = await fuzzer.client.request({"type": "ping", "t": "still"})
    assert pong["type"] == "pong"  # the connection stayed open
    await mover.client.close()
    await fuzzer.client.close()
    return figures


async def test_fuzzed_frames_change_nothing(fuzz_server: ServerProcess) -> None:
    count = int(os.environ.get("CIRCOLO_SERVER_FUZZ_FRAMES", "3000"))
    print(await fuzz(fuzz_server, count, seed=12))


@pytest.mark.slow
async def test_a_hundred_thousand_fuzzed_frames(fuzz_server: ServerProcess) -> None:
    figures = await fuzz(fuzz_server, 100_000, seed=1212)
    print(figures)
    assert figures["frames"] >= 100_000
