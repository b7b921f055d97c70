"""What a replay costs the server, on a real server with long tables stored beforehand:
access is decided from the table's row before its log is read, a finished table's replay
is computed once, each address has its share of requests, and replays are computed one at
a time (a few wait; more are told to come back)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx
import pytest

from tests.conftest import ServerProcess
from tests.support import long_table, store_table

pytestmark = pytest.mark.anyio
REQUESTS = 4  # per address per window
WINDOW = 30.0
PUBLIC = [f"t_long{n}" for n in range(1, 8)]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    data_dir: Path = tmp_path_factory.mktemp("replays")
    config, log = long_table(1500)
    for table_id in PUBLIC:
        anyio.run(store_table, data_dir, config, log, table_id)
    secret, secret_log = long_table(1500, private=True)
    anyio.run(store_table, data_dir, secret, secret_log, "t_secret", "k3y")
    process = ServerProcess(
        data_dir,
        {"CIRCOLO_LOG_LEVEL": "info", "CIRCOLO_LOG_JSON": "true",
         "CIRCOLO_REPLAY_REQUESTS": str(REQUESTS), "CIRCOLO_REPLAY_WINDOW": str(WINDOW),
         "CIRCOLO_REPLAY_QUEUE": "1"},
    )  # fmt: skip
    process.start()
    yield process
    process.stop()


async def get(server: ServerProcess, path: str, address: str) -> httpx.Response:
    """A GET from ``address`` (127.0.0.x: each test its own, as if another machine)."""
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=server.http, transport=transport, timeout=60) as http:
        return await http.get(path)


def computed(server: ServerProcess, table_id: str) -> int:
    """How many times the server computed that table's replay (its log lines)."""
    lines = [json.loads(line) for line in server.output if "replay_computed" in line]
    return sum(1 for line in lines if line.get("table") == table_id)


async def test_a_refused_replay_reads_no_log_and_a_replay_is_computed_once(
    server: ServerProcess,
) -> None:
    path = "/api/tables/t_secret/replay"
    for query in ("", "?invite=wrong"):
        refused = await get(server, path + query, "127.0.0.2")
        assert refused.status_code == 404 and refused.json()["code"] == "no_table"
    await asyncio.sleep(0.5)
    assert computed(server, "t_secret") == 0
    first = await get(server, f"{path}?invite=k3y", "127.0.0.3")
    assert first.status_code == 200 and first.json()["table_id"] == "t_secret"
    again = await get(server, f"{path}?invite=k3y", "127.0.0.3")
    assert again.content == first.content
    assert (await get(server, path, "127.0.0.3")).status_code == 404  # kept, still private
    await asyncio.sleep(0.5)
    assert computed(server, "t_secret") == 1


async def test_each_address_has_its_share_of_replays(server: ServerProcess) -> None:
    path = f"/api/tables/{PUBLIC[0]}/replay"
    for _ in range(REQUESTS):
        assert (await get(server, path, "127.0.0.4")).status_code == 200
    refused = await get(server, path, "127.0.0.4")
    assert refused.status_code == 429
    wait = int(refused.headers["retry-after"])
    assert 1 <= wait <= WINDOW
    assert refused.json() == {
        "code": "rate_limited",
        "message": f"too many replays: wait {wait} seconds",
    }
    assert (await get(server, path, "127.0.0.5")).status_code == 200  # another address


async def test_replays_are_computed_one_at_a_time(server: ServerProcess) -> None:
    """One computed, one waiting (``replay_queue``): the rest are told to come back; and
    several requests for the same table share its one computation."""
    tables = PUBLIC[1:5]
    answers = await asyncio.gather(
        *(get(server, f"/api/tables/{t}/replay", f"127.0.1.{n}") for n, t in enumerate(tables))
    )
    codes = sorted(a.status_code for a in answers)
    assert codes[:2] == [200, 200] and 429 in codes, codes
    for answer in answers:
        if answer.status_code == 429:
            assert answer.json()["code"] == "busy" and answer.headers["retry-after"] == "2"
    same = await asyncio.gather(
        *(get(server, f"/api/tables/{PUBLIC[5]}/replay", f"127.0.2.{n}") for n in range(3))
    )
    assert [a.status_code for a in same] == [200] * 3
    await asyncio.sleep(0.5)
    assert computed(server, PUBLIC[5]) == 1
