"""Fair play (issue 23): an abandonment or a loss by disconnection is recorded; repeated
abandonments delay the next Play now, 5 minutes then longer, from the latest one; a run of
finished matches wipes the slate. The policy with a fake clock, the conduct read off real
logs, the store on SQLite and PostgreSQL, and Play now refused over the wire in words."""

from __future__ import annotations

import time
from typing import Any

import pytest

from circolo.fairplay import DELAYS, MINUTE, RESET_AFTER, Conduct, Delay, delay
from circolo.store import Store
from circolo.table.outcomes import conduct, match_ends
from tests.conftest import Client, ServerProcess, TableClient
from tests.test_ratings import golden
from tests.test_server_games import FAST
from tests.test_store import anyio_backend, store, url  # noqa: F401  (fixtures)

pytestmark = pytest.mark.anyio


def slate(*kinds: str, last: float = 1000.0) -> list[Conduct]:
    """Newest first, one minute apart, the newest at ``last``."""
    return [Conduct(kind, last - 60 * n) for n, kind in enumerate(kinds)]


def test_one_abandonment_makes_no_wait() -> None:
    assert delay(slate("abandoned"), 1000.0) is None


def test_the_second_abandonment_makes_a_5_minute_wait_from_the_latest() -> None:
    found = delay(slate("abandoned", "finished", "abandoned"), 1001.0)
    assert found == Delay(2, 1000.0 + 5 * MINUTE)
    assert delay(slate("abandoned", "finished", "abandoned"), 1000.0 + 5 * MINUTE) is None


def test_the_wait_grows_with_each_abandonment_and_stops_growing() -> None:
    waits = [delay(slate(*["abandoned"] * n), 1000.5) for n in range(2, 9)]
    assert [w.until - 1000.0 for w in waits if w] == [5 * MINUTE, 15 * MINUTE, 60 * MINUTE,
                                                     240 * MINUTE, 240 * MINUTE, 240 * MINUTE,
                                                     240 * MINUTE]  # fmt: skip
    assert DELAYS[-1] == 240 * MINUTE


def test_a_run_of_finished_matches_wipes_the_slate() -> None:
    wiped = slate(*["finished"] * RESET_AFTER, "abandoned", "abandoned")
    assert delay(wiped, 1000.0) is None
    not_quite = slate(*["finished"] * (RESET_AFTER - 1), "abandoned", "abandoned")
    assert delay(not_quite, 1000.0) is not None


def test_finished_matches_only_do_not_wait() -> None:
    assert delay(slate("finished", "finished"), 1000.0) is None
    assert delay([], 1000.0) is None


def test_leaving_a_match_is_an_abandonment_and_the_others_finished() -> None:
    config, log = golden("scopa_1v1")
    first, second = match_ends(log)
    assert first.reason == "score" and conduct(config, first) == {
        "p0": "finished",
        "p1": "finished",
    }
    assert second.reason == "abandonment" and second.forfeit is not None
    kinds = conduct(config, second)
    assert kinds[f"p{second.forfeit}"] == "abandoned"
    assert kinds[f"p{1 - second.forfeit}"] == "finished"


def test_a_loss_on_the_clock_is_not_an_abandonment() -> None:
    config, log = golden("burraco_1v1")
    clock = match_ends(log)[1]
    assert clock.reason == "clock" and clock.forfeit is not None
    assert set(conduct(config, clock).values()) == {"finished"}


def test_bots_have_no_conduct() -> None:
    config, log = golden("bisca_2v2")
    assert all(set(conduct(config, end)) == {"p0", "p1"} for end in match_ends(log))


async def test_conduct_is_kept_once_and_read_newest_first(store: Store) -> None:  # noqa: F811
    await store.record_conduct("t1", 1, {"a": "abandoned", "b": "finished"}, 10.0)
    await store.record_conduct("t1", 1, {"a": "abandoned", "b": "finished"}, 10.0)  # again
    await store.record_conduct("t2", 1, {"a": "finished"}, 20.0)
    assert await store.conduct("a") == [Conduct("finished", 20.0), Conduct("abandoned", 10.0)]
    assert await store.conduct("b") == [Conduct("finished", 10.0)]
    assert await store.conduct("nobody") == []


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Any:
    process = ServerProcess(tmp_path_factory.mktemp("fairplay"), FAST)
    process.start()
    yield process
    process.stop()


async def abandon(client: Client) -> None:
    """Sit at a table against a bot and leave once the match is under way."""
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    created = await client.request({"type": "table.create", "game": "scopa", "seats": seats})
    table = TableClient(client, created["table_id"])
    while table.status != "playing":
        await table.pump()
    left = await client.request({"type": "table.leave", "table_id": table.table_id})
    assert left["type"] == "ack", left
    while table.status == "playing":
        await table.pump()


async def test_a_player_who_left_twice_waits_before_play_now(room: ServerProcess) -> None:
    client = await Client.connect(room.url)
    await abandon(client)
    first = await client.request({"type": "play_now", "game": "bisca", "players": 2})
    assert first["type"] != "error", first  # one abandonment: no wait
    await client.request({"type": "table.leave", "table_id": first["table_id"]})
    await abandon(client)
    for _ in range(50):  # the match's end is recorded on a task of its own
        refused = await client.request({"type": "play_now", "game": "scopa", "players": 2})
        if refused["type"] == "error":
            break
        await client.request({"type": "table.leave", "table_id": refused["table_id"]})
    assert refused["code"] == "play_now_delayed", refused
    assert refused["abandoned"] >= 2
    wait = refused["until"] - time.time()  # the server runs on this machine's clock
    expected = DELAYS[min(refused["abandoned"], len(DELAYS) - 1)]  # 5 min for two
    assert expected - 30 < wait <= expected
    assert "Play now opens again" in refused["message"]
    await client.close()
