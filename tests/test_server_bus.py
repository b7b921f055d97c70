"""The Redis bus against the real Redis at 127.0.0.1:6379 (skipped when unreachable):
two buses stand for two server processes; and a whole match over the wire on it."""

from __future__ import annotations

import asyncio
import json
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from circolo.server.bus import LocalBus, RedisBus, encode, open_bus
from tests.conftest import ServerProcess, game_ready

pytestmark = pytest.mark.anyio
REDIS = os.environ.get("CIRCOLO_TEST_REDIS", "redis://127.0.0.1:6379/15")


async def _bus(prefix: str) -> RedisBus:
    try:
        return await RedisBus.open(REDIS, prefix)
    except Exception as error:
        pytest.skip(f"Redis at {REDIS} is unreachable ({error})")


@pytest.fixture
async def pair() -> AsyncIterator[tuple[RedisBus, RedisBus]]:
    """Two buses on one prefix of their own, as two processes of one room."""
    prefix = f"circolo-test-{uuid.uuid4().hex[:8]}:"
    first, second = await _bus(prefix), await _bus(prefix)
    yield first, second
    await first.close()
    await second.close()


async def until(test: Any, timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not test():
            await asyncio.sleep(0.01)


async def test_messages_cross_processes_in_order_and_once(pair: tuple[RedisBus, RedisBus]) -> None:
    first, second = pair
    here: list[Any] = []
    there: list[Any] = []
    first.subscribe("table:t1:0", here.append)
    second.subscribe("table:t1:0", there.append)
    second.subscribe("table:t1:watch", lambda m: there.append(("watch", m)))
    for n in range(50):
        first.publish_now("table:t1:0", encode({"type": "table.events", "seq": n}))
    await first.publish("table:t1:watch", encode({"type": "chat", "text": "ciao\nciao"}))
    assert [json.loads(m)["seq"] for m in here] == list(range(50))  # at once, here
    await until(lambda: len(there) == 51)
    assert [json.loads(m)["seq"] for m in there[:50]] == list(range(50))
    assert there[50] == ("watch", encode({"type": "chat", "text": "ciao\nciao"}))
    await asyncio.sleep(0.2)
    assert len(here) == 50  # its own messages come back from Redis only to other processes


async def test_closed_subscriptions_and_other_prefixes_get_nothing(
    pair: tuple[RedisBus, RedisBus],
) -> None:
    first, second = pair
    other = await _bus("someone-else:")
    got: list[Any] = []
    stranger: list[Any] = []
    subscription = second.subscribe("lobby", got.append)
    other.subscribe("lobby", stranger.append)
    first.publish_now("lobby", '{"n":1}')
    await until(lambda: len(got) == 1)
    subscription.close()
    assert second.subscribers("lobby") == 0
    first.publish_now("lobby", '{"n":2}')
    first.publish_now("lobby*", '{"n":3}')  # glob characters in a topic are not patterns
    await asyncio.sleep(0.3)
    assert got == ['{"n":1}'] and stranger == []
    await other.close()


async def test_the_setting_chooses_the_bus() -> None:
    local = await open_bus("")
    assert isinstance(local, LocalBus)
    await local.close()
    try:
        redis = await open_bus(REDIS)
    except Exception as error:
        pytest.skip(f"Redis at {REDIS} is unreachable ({error})")
    assert isinstance(redis, RedisBus)
    await redis.close()


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    from tests.test_server_games import FAST

    prefix = f"circolo-test-{uuid.uuid4().hex[:8]}:"
    process = ServerProcess(
        tmp_path_factory.mktemp("redis"),
        {**FAST, "CIRCOLO_REDIS_URL": REDIS, "CIRCOLO_REDIS_PREFIX": prefix},
    )
    try:
        process.start()
    except RuntimeError as error:
        pytest.skip(f"no server on Redis ({str(error)[-200:]})")
    yield process
    process.stop()


async def test_a_match_over_the_redis_bus(redis_server: ServerProcess) -> None:
    from tests.test_server_games import BISCA, full_match

    if not game_ready("bisca"):
        pytest.skip("bisca is not ported to the engine yet")
    listener = await _bus(redis_server.env["CIRCOLO_REDIS_PREFIX"])
    tables = await full_match(redis_server, "bisca", BISCA, ["me", "human", "greedy", "random"])
    assert all(table.state["result"] is not None for table in tables)
    frames = sum(len(table.frames) for table in tables)
    await until(lambda: listener.received >= frames)  # every frame went through Redis too
    await listener.close()
