"""The bot pool's fair line, with fake workers: one player's many tables take one turn in
each round, as another player's one table does, and a turn waits its place rather than
fall back to the auto-move (unless it waits longer than the pool's ``wait``)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from circolo.games import make_rules
from circolo.server.botpool import BotPool, FairLine, Request

pytestmark = pytest.mark.anyio


class FakeWorker:
    """Thinks ``seconds`` about each request; answers with the request's game as its move."""

    def __init__(self, seconds: float, asked: list[str]) -> None:
        self.seconds = seconds
        self.asked = asked
        self.process = SimpleNamespace(pid=None)

    async def ask(self, request: Request, limit: float) -> tuple[str, str]:
        self.asked.append(request.game)
        async with asyncio.timeout(limit):
            await asyncio.sleep(self.seconds)
        return "move", request.game

    def kill(self) -> None:
        pass


def pool_of(worker: Any, wait: float) -> BotPool:
    pool = BotPool(0, margin=5.0, wait=wait)
    pool._release(worker)
    return pool


VIEW = make_rules("scopa", {}).new_hand(1, 0).view(1)


def request(name: str) -> Request:
    return Request(name, {}, "expert", VIEW, budget_ms=100.0, seed=1)


async def test_the_line_serves_each_share_in_turn() -> None:
    line: FairLine[int] = FairLine()
    places = [(share, line.join(share)) for share in ["a", "a", "a", "b", "c"]]
    places[1][1].cancel()  # a turn that gave up its place is skipped
    served = 0
    while line.serve(served):
        served += 1
    got = {place.result(): share for share, place in places if not place.cancelled()}
    assert [got[n] for n in range(served)] == ["a", "b", "c", "a"]
    assert len(line) == 0


async def test_one_players_many_tables_do_not_starve_anothers_table() -> None:
    """Six tables of one player ask first, then another player's one table: it is the
    third turn (not the seventh, as in a first-come line), and nobody falls back."""
    asked: list[str] = []
    pool = pool_of(FakeWorker(0.02, asked), wait=10.0)
    many = [asyncio.create_task(pool.choose(request(f"many{n}"), share="p1")) for n in range(6)]
    await asyncio.sleep(0)
    one = asyncio.create_task(pool.choose(request("one"), share="p2"))
    answers = await asyncio.gather(*many, one)
    assert None not in answers
    assert asked[:4] == ["many0", "many1", "one", "many2"]


async def test_a_turn_that_waits_too_long_falls_back_and_the_worker_stays() -> None:
    asked: list[str] = []
    pool = pool_of(FakeWorker(0.3, asked), wait=0.05)
    busy = asyncio.create_task(pool.choose(request("first"), share="p1"))
    await asyncio.sleep(0)
    assert await pool.choose(request("second"), share="p2") is None  # the auto-move
    assert await busy == "first"
    assert await pool.choose(request("third"), share="p2") == "third"  # the worker is back
    assert asked == ["first", "third"]
