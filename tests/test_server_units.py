"""The server's parts on their own: settings, identity, frames, bucket, bus, bot pool, and
the pacing of the cycle collector."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import weakref
from pathlib import Path

import pytest

from circolo.server import garbage, protocol
from circolo.server.botpool import BotPool, Request
from circolo.server.bus import LocalBus
from circolo.server.identity import Identities, new_guest
from circolo.server.metrics import GC_PAUSE
from circolo.server.owner import Owner
from circolo.server.ratelimit import SlidingWindow, TokenBucket
from circolo.server.settings import SettingsError, load_settings
from circolo.store import Store
from circolo.table import Play, SeatConfig, Table, TableConfig, TableError


def test_settings_from_env_and_toml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    toml = tmp_path / "circolo.toml"
    toml.write_text('port = 9001\nplay_now_wait = 5.5\nhost = "0.0.0.0"\n')
    monkeypatch.setenv("CIRCOLO_PORT", "9002")
    settings = load_settings(toml, data_dir=tmp_path)
    assert settings.port == 9002  # the environment wins over the file
    assert settings.play_now_wait == 5.5 and settings.host == "0.0.0.0"
    assert settings.url == f"sqlite+aiosqlite:///{tmp_path / 'circolo.sqlite3'}"
    assert settings.secret_key == load_settings(toml, data_dir=tmp_path).secret_key
    assert settings.bot_workers >= 1


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"CIRCOLO_PORT": "eighty"}, "CIRCOLO_PORT"),
        ({"CIRCOLO_PORT": "70000"}, "CIRCOLO_PORT"),
        ({"CIRCOLO_RATE": "-1"}, "CIRCOLO_RATE"),
        ({"CIRCOLO_LOG_LEVEL": "loud"}, "CIRCOLO_LOG_LEVEL"),
        ({"CIRCOLO_PLAY_NOW_LEVEL": "grandmaster"}, "CIRCOLO_PLAY_NOW_LEVEL"),
    ],
)
def test_bad_settings_are_named(
    env: dict[str, str], named: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(SettingsError, match=named):
        load_settings(data_dir=tmp_path)


def test_unknown_setting_in_toml(tmp_path: Path) -> None:
    toml = tmp_path / "c.toml"
    toml.write_text("prot = 1\n")
    with pytest.raises(SettingsError, match="CIRCOLO_PROT: no such setting"):
        load_settings(toml, data_dir=tmp_path)
    with pytest.raises(SettingsError, match="CIRCOLO_CONFIG"):
        load_settings(tmp_path / "missing.toml", data_dir=tmp_path)


def test_identity_round_trip_and_forgery() -> None:
    identities = Identities("k" * 32)
    guest = new_guest()
    assert len(guest.name.split()) == 3
    token = identities.token(guest)
    assert identities.guest(token) == guest
    assert Identities("other key").guest(token) is None
    assert identities.guest(token[:-2] + "xx") is None
    assert identities.guest(None) is None and identities.guest("") is None
    assert identities.guest("x" * 600) is None


def test_every_frame_type_parses() -> None:
    examples = [
        {"type": "hello", "protocol": 1},
        {"type": "ping", "t": 1},
        {"type": "lobby.subscribe"},
        {"type": "lobby.unsubscribe"},
        {"type": "table.create", "game": "scopa", "seats": [{"kind": "bot", "level": "expert"}]},
        {"type": "table.join", "table_id": "t", "seat": 1},
        {"type": "table.watch", "table_id": "t"},
        {"type": "table.leave", "table_id": "t"},
        {"type": "table.open", "table_id": "t", "since": 3},
        {"type": "table.resync", "table_id": "t"},
        {"type": "table.close", "table_id": "t"},
        {"type": "play_now", "game": "bisca", "players": 4},
        {"type": "move", "table_id": "t", "move": "7D"},
        {"type": "start_match", "table_id": "t"},
        {"type": "continue", "table_id": "t"},
        {"type": "vote", "table_id": "t", "choice": "replay"},
        {"type": "rematch", "table_id": "t", "accept": False},
        {"type": "return", "table_id": "t"},
        {"type": "chat", "table_id": "t", "text": "ciao"},
    ]
    import json

    assert {e["type"] for e in examples} == protocol.TYPES
    for example in examples:
        assert protocol.parse(json.dumps(example), 8192).type == example["type"]


def test_sliding_window_counts_each_key_and_forgets_the_quiet_ones() -> None:
    window = SlidingWindow(count=2, window=10.0)
    assert [window.allow("ada", t) for t in (0.0, 1.0, 2.0)] == [True, True, False]
    assert window.allow("bea", 2.0)  # each key has its own window
    assert not window.allow("ada", 9.9) and window.allow("ada", 10.0)  # 0.0 slid out
    quiet = SlidingWindow(count=1, window=10.0)
    for n in range(1_024):  # senders of long ago
        quiet.allow(f"p{n}", 0.0)
    assert len(quiet) == 1_024
    assert quiet.allow("late", 10.0) and len(quiet) == 1  # swept before the newcomer counted


def test_token_bucket() -> None:
    now = [0.0]
    bucket = TokenBucket(2, 3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    assert bucket.retry_after() == pytest.approx(0.5)
    now[0] = 0.5
    assert bucket.take() and not bucket.take()


def test_local_bus_in_order_and_closable() -> None:
    bus = LocalBus()
    got: list[int] = []
    sub = bus.subscribe("t", lambda m: got.append(int(m)))
    other = bus.subscribe("u", lambda m: got.append(-1))
    for n in range(3):
        bus.publish_now("t", str(n))
    sub.close()
    bus.publish_now("t", "9")
    assert got == [0, 1, 2] and bus.subscribers("t") == 0
    other.close()


@pytest.mark.anyio
async def test_bot_pool_replaces_an_overrunning_or_dead_worker() -> None:
    pool = BotPool(1, margin=0.0, wait=0.0)
    pool.start()
    try:
        early = Request("scopa", {}, "greedy", {}, budget_ms=0.0, seed=1)
        assert await pool.choose(early) is None  # no worker started yet: the auto-move
        assert pool.replaced == 0
        await pool.wait_ready()
        overrun = Request("scopa", {}, "greedy", {}, budget_ms=0.0, seed=1)
        assert await pool.choose(overrun) is None
        assert pool.replaced == 1
        await pool.wait_ready()
        (pid,) = pool.pids()
        os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.2)
        dead = Request("scopa", {}, "greedy", {}, budget_ms=5000.0, seed=1)
        assert await pool.choose(dead) is None
        assert pool.replaced == 2
        assert len(pool.pids()) == 1 and pool.pids() != [pid]
        pool.wait = 60.0  # for a worker to start again
        broken = Request("nogame", {}, "greedy", {}, budget_ms=30000.0, seed=1)
        assert await pool.choose(broken) is None  # a bot error: auto-move, worker kept
        assert pool.replaced == 2
    finally:
        pool.close()


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def test_garbage_collections_are_rare_and_each_pause_is_measured() -> None:
    def full_pauses() -> float:
        return sum(
            sample.value
            for metric in GC_PAUSE.collect()
            for sample in metric.samples
            if sample.name.endswith("_count") and sample.labels["generation"] == "2"
        )

    thresholds = gc.get_threshold()
    try:
        garbage.pace()
        garbage.pace()  # twice: still one callback
        assert gc.get_threshold() == (garbage.YOUNG, garbage.OLDER, garbage.OLDER)
        assert gc.callbacks.count(garbage._observe) == 1 and gc.get_freeze_count() > 0
        before = full_pauses()
        gc.collect()
        assert full_pauses() == before + 1
    finally:
        gc.callbacks.remove(garbage._observe)
        gc.unfreeze()
        gc.set_threshold(*thresholds)


@pytest.mark.anyio
async def test_a_refused_command_leaves_no_cycle_that_keeps_its_table(tmp_path: Path) -> None:
    """A retired table must be freed by reference counting alone: the cycle collector runs
    rarely (garbage.py), and a cycle through a refusal's traceback kept whole tables."""
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'owner.sqlite3'}")
    seats = (SeatConfig.human("p0", "Ada"), SeatConfig.human("p1", "Bea"))
    config = TableConfig("scopa", seats)
    await store.create_table("t_refusals", config.to_json(), 0.0)
    bots = BotPool(1)  # never started: no bot seat here
    owner = Owner("t_refusals", config, Table.new(config), 0, store=store, bus=LocalBus(),
                  bots=bots)  # fmt: skip
    gc.collect()
    gc.disable()
    try:
        owner.start()
        for _ in range(3):
            with pytest.raises(TableError):
                await owner.submit(Play(0, "not a move"))
        await owner.stop()
        freed = [weakref.ref(owner), weakref.ref(owner.table)]
        del owner
        assert [ref() for ref in freed] == [None, None]
    finally:
        gc.enable()
        await store.close()
