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

from circolo.table import TableConfig
from tests.conftest import ServerProcess
from tests.golden_logs import LOGS
from tests.support import long_table, store_table

pytestmark = pytest.mark.anyio
REQUESTS = 4  # per address per window
WINDOW = 30.0
PUBLIC = [f"t_long{n}" for n in range(1, 8)]
GOLDEN = {"scopa_1v1.v1.json": "t_old_log", "scopa_1v1.v2.json": "t_new_log"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    data_dir: Path = tmp_path_factory.mktemp("replays")
    config, log = long_table(1500)
    for table_id in PUBLIC:
        anyio.run(store_table, data_dir, config, log, table_id)
    secret, secret_log = long_table(1500, private=True)
    anyio.run(store_table, data_dir, secret, secret_log, "t_secret", "k3y")
    for name, table_id in GOLDEN.items():
        golden = json.loads((LOGS / name).read_text(encoding="utf-8"))
        config = TableConfig.from_json(golden["table"]["config"])
        golden_log = [event["data"] for event in golden["events"]]
        anyio.run(store_table, data_dir, config, golden_log, table_id)
        if name.endswith(".v2.json"):  # the same log, its auto-move no longer playable
            n = next(n for n, e in enumerate(golden_log) if "auto_move" in json.dumps(e))
            note = {**golden_log[n]["notes"][0], "move": "not a move"}
            golden_log[n] = {**golden_log[n], "notes": [note]}
            anyio.run(store_table, data_dir, config, golden_log, "t_broken")
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


async def test_old_and_new_logs_replay_and_one_that_does_not_is_told_clearly(
    server: ServerProcess,
) -> None:
    """A log written before entries carried versions replays, as does one written now; a
    log this server cannot replay answers an error that says so (never a 500)."""
    for n, table_id in enumerate(GOLDEN.values()):
        answer = await get(server, f"/api/tables/{table_id}/replay", f"127.0.9.{n + 1}")
        assert answer.status_code == 200, answer.text
        assert answer.json()["steps"][-1]["match"] == 2  # the match and its rematch
    broken = await get(server, "/api/tables/t_broken/replay", "127.0.9.9")
    assert broken.status_code == 422, broken.text
    assert broken.json()["code"] == "replay_unavailable"
