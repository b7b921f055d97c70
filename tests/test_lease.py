"""Leases against the real Redis at 127.0.0.1:6379 (skipped when unreachable), each test
on a prefix of its own: two ``Leases`` stand for two processes."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.asyncio import Redis

from circolo.server.lease import Lease, Leases
from circolo.server.settings import SettingsError, load_settings

pytestmark = pytest.mark.anyio
REDIS = os.environ.get("CIRCOLO_TEST_REDIS", "redis://127.0.0.1:6379/15")


class Counting(Redis):
    """A client that counts the commands it sends (a pipeline's would count as one)."""

    sent = 0

    async def execute_command(self, *args: Any, **options: Any) -> Any:
        self.sent += 1
        return await super().execute_command(*args, **options)


@pytest.fixture
async def client() -> AsyncIterator[Counting]:
    client = Counting.from_url(REDIS, socket_connect_timeout=5)
    try:
        await client.ping()
    except Exception as error:
        await client.aclose()
        pytest.skip(f"Redis at {REDIS} is unreachable ({error})")
    yield client
    await client.aclose()


@pytest.fixture
async def prefix(client: Counting) -> AsyncIterator[str]:
    """A prefix of this test's own; its keys are deleted after."""
    prefix = f"circolo-test-{uuid.uuid4().hex[:8]}:"
    yield prefix
    keys = [key async for key in client.scan_iter(f"{prefix}*")]
    if keys:
        await client.delete(*keys)


def two(client: Counting, prefix: str, ttl: float = 5.0) -> tuple[Leases, Leases]:
    return Leases(client, "p1", ttl, prefix), Leases(client, "p2", ttl, prefix)


async def test_of_two_processes_racing_one_acquires(client: Counting, prefix: str) -> None:
    first, second = two(client, prefix)
    for n in range(20):
        name = f"table:t{n}"
        got = await asyncio.gather(first.acquire(name), second.acquire(name))
        winners = [lease for lease in got if lease is not None]
        assert len(winners) == 1
        assert await first.holders([name]) == [winners[0].holder]
    assert await first.acquire("table:t0") is None  # held: even by itself


async def test_renew_extends_the_holders_lease_only(client: Counting, prefix: str) -> None:
    first, second = two(client, prefix, ttl=1.0)
    lease = await first.acquire("table:t")
    assert lease is not None and lease.holder == "p1" and len(lease.token) == 32
    await asyncio.sleep(0.3)
    left = await client.pttl(first.key("table:t"))
    assert left <= 700
    forged = Lease("table:t", "0" * 32, "p1")
    other = Lease("table:t", lease.token, "p2")
    assert await second.renew([forged, other]) == [False, False]
    assert await client.pttl(first.key("table:t")) <= left  # not extended
    assert await first.renew([lease]) == [True]
    assert await client.pttl(first.key("table:t")) > 900
    assert await first.holders(["table:t"]) == ["p1"]


async def test_an_expired_lease_goes_to_another(client: Counting, prefix: str) -> None:
    first, second = two(client, prefix, ttl=0.3)
    lease = await first.acquire("lobby")
    assert lease is not None
    assert await second.acquire("lobby") is None
    await asyncio.sleep(0.45)
    taken = await second.acquire("lobby")
    assert taken is not None and taken.holder == "p2"
    assert await first.renew([lease]) == [False]  # lost: and the new holder's stays
    await first.release([lease])
    assert await first.holders(["lobby"]) == ["p2"]
    assert await second.renew([taken]) == [True]


async def test_release_frees_at_once_and_only_with_the_token(client: Counting, prefix: str) -> None:
    first, second = two(client, prefix)
    lease = await first.acquire("table:t")
    assert lease is not None
    await second.release([Lease("table:t", "f" * 32, "p1")])
    assert await second.acquire("table:t") is None
    assert await first.holders(["table:t"]) == ["p1"]
    await first.release([lease])
    assert await first.holders(["table:t"]) == [None]
    assert await second.acquire("table:t") is not None


async def test_holders_of_many_names(client: Counting, prefix: str) -> None:
    first, second = two(client, prefix)
    assert await first.acquire("table:a") is not None
    assert await second.acquire("table:b") is not None
    names = ["table:a", "table:b", "table:none", "lobby"]
    client.sent = 0
    assert await second.holders(names) == ["p1", "p2", None, None]
    assert client.sent == 1
    assert await first.holders([]) == [] and await first.renew([]) == []


async def test_a_thousand_leases_renewed_and_released_in_one_round_trip(
    client: Counting, prefix: str
) -> None:
    """One EVALSHA each, after Redis forgot its scripts too (as after a restart)."""
    first, second = two(client, prefix)
    leases = [await first.acquire(f"table:t{n}") for n in range(1000)]
    held = [lease for lease in leases if lease is not None]
    assert len(held) == 1000
    await first.release(held[:3])
    assert await first.renew(held[:5]) == [False] * 3 + [True] * 2  # script loaded
    await client.script_flush()
    assert await first.renew(held[:2]) == [False, False]  # loaded again
    await first.release(held[:1])  # loaded again
    taken = await second.acquire("table:t1")
    assert taken is not None
    client.sent = 0
    assert await first.renew(held) == [False] * 3 + [True] * 997
    assert client.sent == 1
    await first.release(held)
    assert client.sent == 2
    names = [lease.name for lease in held]
    assert await first.holders(names) == [None, "p2"] + [None] * 998


def test_a_process_id_is_one_word() -> None:
    client = Redis.from_url(REDIS)
    with pytest.raises(ValueError):
        Leases(client, "p 1", 3.0)
    with pytest.raises(ValueError):
        Leases(client, "p1", 0.0)


def test_the_lease_setting_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_settings().lease_ttl == 3.0
    monkeypatch.setenv("CIRCOLO_LEASE_TTL", "1.5")
    assert load_settings().lease_ttl == 1.5
    for wrong in ("0.4", "61", "soon"):
        monkeypatch.setenv("CIRCOLO_LEASE_TTL", wrong)
        with pytest.raises(SettingsError, match="CIRCOLO_LEASE_TTL"):
            load_settings()
