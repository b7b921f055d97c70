"""The server's parts on their own: settings, identity, frames, bucket, bus, bot pool, and
the pacing of the cycle collector."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import signal
import socket
import sys
import time
import weakref
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from prometheus_client import CollectorRegistry

from circolo.games import make_rules
from circolo.server import garbage, protocol
from circolo.server.botpool import BotPool, Request
from circolo.server.bus import LocalBus, encode
from circolo.server.identity import Identities, new_guest
from circolo.server.metrics import GC_LOOKS, GC_PAUSE, LoopMetrics, counter, histogram
from circolo.server.owner import Owner, topic
from circolo.server.ratelimit import FrameLimit, Quota, SlidingWindow, TokenBucket, Verdict
from circolo.server.room import Room
from circolo.server.settings import SettingsError, load_settings
from circolo.store import Fenced, Store
from circolo.table import Connected, Leave, Play, SeatConfig, Table, TableConfig, TableError
from circolo.table.outcomes import match_ends


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
        {"type": "play", "table_id": "t", "move": "7D", "ply": 3},
        {"type": "start_match", "table_id": "t"},
        {"type": "continue", "table_id": "t"},
        {"type": "vote", "table_id": "t", "choice": "replay"},
        {"type": "rematch", "table_id": "t", "accept": False},
        {"type": "return_to_table", "table_id": "t"},
        {"type": "chat", "table_id": "t", "text": "ciao"},
        {"type": "next_match", "table_id": "t", "accept": True},
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


def test_frame_limit_answers_a_run_once_and_closes_one_that_lasts() -> None:
    """Over the bucket, the first refusal of a run is answered and the rest dropped; a run
    longer than the grace, or of more refusals than the burst, closes; a quiet grace ends
    the run."""
    now = [0.0]
    limit = FrameLimit(rate=10, burst=5, grace=1.0, clock=lambda: now[0])
    judged = [limit.judge() for _ in range(7)]
    assert judged == [Verdict.SERVE] * 5 + [Verdict.ANSWER, Verdict.DROP]
    now[0] = 0.95  # the bucket full again: served, then refused in the same run
    assert [limit.judge() for _ in range(6)] == [Verdict.SERVE] * 5 + [Verdict.DROP]
    now[0] = 1.01  # refused for more than the grace: closed
    assert limit.judge() is Verdict.CLOSE
    now[0] = 3.0  # a quiet grace: a new run, answered again
    assert [limit.judge() for _ in range(7)][-2:] == [Verdict.ANSWER, Verdict.DROP]
    flood = FrameLimit(rate=10, burst=5, clock=lambda: 0.0)
    verdicts = [flood.judge() for _ in range(20)]
    assert verdicts.count(Verdict.ANSWER) == 1 and verdicts[-1] is Verdict.CLOSE
    assert verdicts.index(Verdict.CLOSE) == 5 + 1 + 4  # the burst, then a 6th refusal


def test_quota_holds_each_key_apart_and_forgets_empty_ones() -> None:
    quota = Quota(2)
    assert [quota.take("a") for _ in range(3)] == [True, True, False]
    assert quota.take("b") and quota.held("a") == 2
    quota.give("a")
    assert quota.take("a") and not quota.take("a")
    for _ in range(2):
        quota.give("a")
    quota.give("b")
    assert quota._held == {}


def test_frames_are_counted_in_bytes_and_hold_only_finite_numbers() -> None:
    wide = '{"type": "ping", "t": "' + "é" * 4100 + '"}'
    assert len(wide) < 8192 < len(wide.encode())
    with pytest.raises(protocol.ProtocolError) as refused:
        protocol.parse(wide, 8192)
    assert refused.value.code == "frame_too_large"
    assert protocol.parse(wide, len(wide.encode())).type == "ping"
    assert protocol.size(b"\xc3\xa9") == protocol.size("é") == 2
    binary = b'{"type": "ping", "t": 2}'  # a binary frame: UTF-8
    assert protocol.parse(binary, 8192).type == "ping"
    with pytest.raises(protocol.ProtocolError) as refused:
        protocol.parse(b'{"type": "ping", "t": "\xff"}', 8192)  # not UTF-8
    assert refused.value.code == "bad_json"
    for number in ("NaN", "Infinity", "-Infinity", "1e999", "-1e400"):
        with pytest.raises(protocol.ProtocolError) as refused:
            protocol.parse(f'{{"type": "ping", "t": {number}}}', 8192)
        assert refused.value.code == "bad_frame", number
    assert protocol.parse('{"type": "ping", "t": 1.5e300}', 8192).t == 1.5e300  # type: ignore[union-attr]
    # what the room writes is strict JSON too: a number that is not finite becomes null
    assert json.loads(encode({"type": "pong", "t": float("nan")})) == {"type": "pong", "t": None}


def test_what_orjson_refuses_is_written_by_the_standard_library() -> None:
    """A client can put a lone surrogate in its chat or its ping, or a number over 64 bits
    in a ping that the pong echoes (orjson refuses both), and a hand's seed is 256 bits:
    each is still written, as the standard library writes it."""
    for frame in (
        {"type": "chat", "text": "\ud800 hi"},
        {"type": "pong", "t": 10**30},
        {"type": "hand", "seed": (1 << 256) - 1},
    ):
        assert encode(frame) == json.dumps(frame, separators=(",", ":"))


def test_sockets_are_capped_in_all_and_by_address() -> None:
    from circolo.server.transport import FILES_KEPT, Sockets, socket_budget

    sockets = Sockets(total=3, per_address=2)
    assert [sockets.admit("a") for _ in range(3)] == [True, True, False]
    assert sockets.admit("b") and not sockets.admit("c")  # 3 open in all
    sockets.release("a")
    assert sockets.admit("c") and sockets.open == 3
    assert socket_budget(1024, 10_000) == 1024 - FILES_KEPT
    assert socket_budget(1 << 20, 10_000) == 10_000


def test_running_out_of_file_descriptors_is_seen() -> None:
    """``out_of_files`` tells EMFILE apart (uvloop accepts and drops connections then,
    silently); run in a process of its own with a low limit."""
    import subprocess
    import sys

    script = """
import os, resource
from circolo.server.transport import out_of_files
assert not out_of_files()
resource.setrlimit(resource.RLIMIT_NOFILE, (64, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
held = []
try:
    while True:
        held.append(os.open(os.devnull, os.O_RDONLY))
except OSError:
    pass
assert out_of_files()
os.close(held.pop())
assert not out_of_files()
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


@pytest.mark.anyio
async def test_running_out_of_file_descriptors_is_logged(monkeypatch: pytest.MonkeyPatch) -> None:
    import structlog

    from circolo.server import transport

    monkeypatch.setattr(transport, "out_of_files", lambda: True)
    with structlog.testing.capture_logs() as logged:
        watcher = asyncio.create_task(transport.watch_files(transport.Sockets(10, 2), 0.01))
        await asyncio.sleep(0.1)
        watcher.cancel()
    warned = [entry for entry in logged if entry["event"] == "out_of_file_descriptors"]
    assert len(warned) == 1 and warned[0]["log_level"] == "warning"  # once a minute at most


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


async def wait_ready(pool: BotPool, timeout: float = 120.0) -> None:
    """Until every worker of the pool has started."""
    async with asyncio.timeout(timeout):
        while len(pool._free) < pool.size:
            await asyncio.sleep(0.05)


def pids(pool: BotPool) -> list[int]:
    return [w.process.pid for w in pool._all if w.process.pid is not None]


@pytest.mark.anyio
async def test_bot_pool_replaces_an_overrunning_or_dead_worker() -> None:
    pool = BotPool(1, margin=0.0, wait=0.0)
    pool.start()
    try:
        view = make_rules("scopa", {}).new_hand(1, 0).view(1)
        early = Request("scopa", {}, "expert", view, budget_ms=0.0, seed=1)
        assert await pool.choose(early) is None  # no worker started yet: the auto-move
        assert pool.replaced == 0
        await wait_ready(pool)
        # An expert thinking 5 s over a first card, given 0.1 s: a budget of 0 (refused at
        # once by the worker) raced its error answer against a limit of 0 s.
        hand = make_rules("scopa", {}).new_hand(1, 0)
        hand.apply(hand.legal_moves()[0])  # the cut
        mover = hand.to_move()
        assert mover is not None
        thinking = hand.view(mover)
        overrun = Request("scopa", {}, "expert", thinking, budget_ms=5000.0, seed=1)
        pool.margin = -4.9
        assert await pool.choose(overrun) is None
        pool.margin = 0.0
        assert pool.replaced == 1
        await wait_ready(pool)
        (pid,) = pids(pool)
        os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.2)
        dead = Request("scopa", {}, "expert", view, budget_ms=5000.0, seed=1)
        assert await pool.choose(dead) is None
        assert pool.replaced == 2
        assert len(pids(pool)) == 1 and pids(pool) != [pid]
        pool.wait = 60.0  # for a worker to start again
        broken = Request("nogame", {}, "expert", view, budget_ms=30000.0, seed=1)
        assert await pool.choose(broken) is None  # a bot error: auto-move, worker kept
        assert pool.replaced == 2
    finally:
        pool.close()


@pytest.mark.anyio
@pytest.mark.parametrize("game", ["scopa", "bisca", "burraco"])
async def test_random_and_greedy_bots_choose_on_the_loop_without_a_worker(game: str) -> None:
    pool = BotPool(0, margin=0.0, wait=0.0)  # no worker: an expert would get None
    hand = make_rules(game, {}).new_hand(7, 0)
    seat = hand.to_move()
    assert seat is not None
    view = hand.view(seat)
    legal = {view.move_text(move) for move in view.legal_moves()}
    for level in ("random", "greedy"):
        text = await pool.choose(Request(game, {}, level, view, budget_ms=0.0, seed=3))
        assert text in legal
    assert await pool.choose(Request(game, {}, "expert", view, budget_ms=0.0, seed=3)) is None
    nogame = Request("nogame", {}, "greedy", view, budget_ms=0.0, seed=3)
    assert await pool.choose(nogame) is None  # a bot's error: the auto-move


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _full_pauses() -> float:
    return sum(
        sample.value
        for metric in GC_PAUSE.collect()
        for sample in metric.samples
        if sample.name.endswith("_count") and sample.labels["generation"] == "2"
    )


def _looks(swept: bool) -> float:
    return float(GC_LOOKS.labels(str(swept).lower())._value.get())


async def _until(done: Callable[[], bool], seconds: float = 20.0) -> bool:
    """Whether ``done`` came true within ``seconds`` (a look in a copy takes a while)."""
    give_up = time.monotonic() + seconds
    while not done():
        if time.monotonic() > give_up:
            return False
        await asyncio.sleep(0.01)
    return True


@pytest.mark.anyio
async def test_garbage_collection_is_paced_and_each_pause_is_measured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    try:
        garbage.pace()
        garbage.pace()  # twice: still one callback
        assert not gc.isenabled()
        assert gc.callbacks.count(garbage._observe) == 1 and gc.get_freeze_count() > 0
        before = _full_pauses()
        monkeypatch.setattr(garbage, "LOOK_EVERY", 0.01)
        sweeping = asyncio.create_task(garbage.sweep(lambda: 0, 0.01))
        await asyncio.sleep(0.02)
        for _ in range(sys.getallocatedblocks() // 10):
            _cycle()
        # the sweep collects (its copy found the garbage); its pause is measured
        assert await _until(lambda: _full_pauses() > before)
        sweeping.cancel()
    finally:
        gc.callbacks.remove(garbage._observe)
        gc.unfreeze()
        gc.enable()


class _Node:
    me: object


def _cycle() -> _Node:
    """An object that only a collection frees (it refers to itself)."""
    node = _Node()
    node.me = node
    return node


@contextlib.asynccontextmanager
async def _sweeping(
    monkeypatch: pytest.MonkeyPatch, load: Callable[[], int], share: float, short: float
) -> AsyncIterator[None]:
    """The room's sweep task, looking every 10 ms, the automatic collections off; a sweep
    expected under ``short`` seconds runs in the room."""
    monkeypatch.setattr(garbage, "LOOK_EVERY", 0.01)
    monkeypatch.setattr(garbage, "SHORT", short)
    gc.collect()
    gc.disable()
    sweeping = asyncio.create_task(garbage.sweep(load, share))
    try:
        await asyncio.sleep(0.05)
        yield
    finally:
        sweeping.cancel()
        gc.enable()


@pytest.mark.anyio
async def test_garbage_is_swept_once_memory_grows_by_a_share_more_than_the_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A sweep once the memory blocks in use grew by ``share`` more than the room's load
    explains, and never otherwise: cycles made by a flood are found within a second or
    two, and neither a room that fills up nor a full room that stays full is stopped (each
    pause scans every object: 220-500 ms at 1,000 tables)."""
    share = 0.05
    load = garbage.LOAD_FLOOR
    async with _sweeping(monkeypatch, lambda: load, share, garbage.SHORT):
        due = int(sys.getallocatedblocks() * share)
        cycles = [weakref.ref(_cycle()) for _ in range(100)]
        for _ in range(due // 10):  # under the share: kept
            _cycle()
        await asyncio.sleep(0.05)
        assert all(ref() is not None for ref in cycles)
        for _ in range(due):  # over it: collected soon
            _cycle()
        assert await _until(lambda: all(ref() is None for ref in cycles))
        # The room's load holds memory; garbage over the share sweeps and measures it ...
        held = [[n] for n in range(sys.getallocatedblocks() // 8)]
        swept = [weakref.ref(_cycle()) for _ in range(int(sys.getallocatedblocks() * share))]
        assert await _until(lambda: all(ref() is None for ref in swept))
        # ... then the load doubles, and its memory with it: no sweep ...
        load *= 2
        kept = [weakref.ref(_cycle()) for _ in range(100)]
        held += [[n] for n in range(len(held))]
        await asyncio.sleep(0.5)
        assert held and all(ref() is not None for ref in kept)
        # ... and garbage beyond the share of that is swept.
        for _ in range(int(sys.getallocatedblocks() * share) + 1000):
            _cycle()
        assert await _until(lambda: all(ref() is None for ref in kept))


@pytest.mark.anyio
async def test_memory_that_grows_without_garbage_is_looked_at_in_a_copy_and_not_swept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Memory that the load does not explain, but that is no garbage (a full room's matches
    filling their move logs), in a room whose sweep would be long: the look runs in a forked
    copy, which finds nothing worth a sweep, and the room is not stopped."""
    async with _sweeping(monkeypatch, lambda: 0, 0.05, short=0.0):
        looks = _looks(swept=False)
        kept = [weakref.ref(_cycle()) for _ in range(100)]  # a little garbage: not worth it
        held = [[n] for n in range(sys.getallocatedblocks() // 4)]
        assert await _until(lambda: _looks(swept=False) > looks)
        assert held and all(ref() is not None for ref in kept)
        await asyncio.sleep(0.3)  # 30 more looks at the memory: no fork while it holds
        assert _looks(swept=False) == looks + 1


class _Telling:
    """Garbage whose finalizer writes to a socket."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.me = self

    def __del__(self) -> None:
        self.sock.send(b"x")


@pytest.mark.anyio
async def test_a_copy_finds_the_garbage_and_leaves_the_rooms_and_its_sockets_alone() -> None:
    """The copy's collection frees the garbage in the copy only, and its finalizers cannot
    write to the room's sockets (the copy closed every descriptor): the room's garbage is
    still there, until the room collects it."""
    gc.collect()
    gc.disable()
    ours, theirs = socket.socketpair()
    try:
        theirs.setblocking(False)
        count = 10_000
        for _ in range(10):
            _Telling(ours)
        for _ in range(count):
            _cycle()
        copied = await garbage.collected_in_a_copy()
        assert copied is not None and copied.freed >= 2 * count  # each: an object and its dict
        assert 0 < copied.seconds < 5
        with pytest.raises(BlockingIOError):
            theirs.recv(1)  # the copy's finalizers wrote nothing
        assert gc.collect() >= count  # the room's garbage was left to it
        assert theirs.recv(100) == b"x" * 10
        assert await garbage.collected_in_a_copy(limit=0) is None  # no answer in time: unknown
    finally:
        gc.enable()
        ours.close()
        theirs.close()


@pytest.mark.anyio
async def test_a_sweep_expected_to_be_short_runs_in_the_room_without_a_copy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A copy costs the room the copying of every page it writes to while the copy lives:
    more than a short sweep. So a sweep expected under ``SHORT`` runs in the room."""
    async with _sweeping(monkeypatch, lambda: 0, 0.05, short=3600.0):
        looks = _looks(swept=True) + _looks(swept=False)
        kept = [weakref.ref(_cycle()) for _ in range(100)]  # a little: swept all the same
        held = [[n] for n in range(sys.getallocatedblocks() // 4)]
        assert await _until(lambda: all(ref() is None for ref in kept))
        assert held and _looks(swept=True) + _looks(swept=False) == looks


def test_a_sweeps_pause_is_expected_per_block_beyond_what_start_up_froze() -> None:
    cost = garbage.Cost(base=1000)
    assert cost.expected(10**9) == 0.0  # no collection yet: the room is small
    cost.took(0.02, blocks=11_000)
    assert cost.expected(101_000) == pytest.approx(0.2)
    assert cost.expected(500) == 0.0


def test_a_sweeps_estimate_made_in_a_small_room_errs_towards_sweeping() -> None:
    """What a unit of load holds is estimated over at least ``LOAD_FLOOR`` units: the
    blocks a small room holds beyond its base are mostly not its few connections', so
    counting them per connection would let garbage grow unseen as the room fills."""
    growth = garbage.Growth(base=1000, share=0.25)
    assert not growth.due(1249, load=0) and growth.due(1250, load=0)
    growth.swept(blocks=2000, load=5)  # 1,000 blocks over the base with 5 connections
    assert growth.per_unit == 1000 / garbage.LOAD_FLOOR
    assert growth.due(2500, load=5)  # not 1,000 blocks a connection: 200 of them
    assert not growth.due(4999, load=4 * garbage.LOAD_FLOOR)  # (1,000 + 4,000) * 1.25
    assert growth.due(6250, load=4 * garbage.LOAD_FLOOR)


async def _two_humans(
    tmp_path: Path, table_id: str, bus: LocalBus | None = None
) -> tuple[Store, Owner]:
    """A stored 1 v 1 Scopa table of two humans and its owner (not started)."""
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'owner.sqlite3'}")
    seats = (SeatConfig.human("p0", "Ada"), SeatConfig.human("p1", "Bea"))
    config = TableConfig("scopa", seats)
    await store.create_table(table_id, config.to_json(), 0.0)
    owner = Owner(table_id, config, Table(config), 0, store=store, bus=bus or LocalBus(),
                  bots=BotPool(1))  # fmt: skip
    return store, owner


def test_the_loops_counters_and_histograms_are_read_at_each_scrape() -> None:
    """A move's metrics are plain numbers (no lock): the registry still shows them as
    Prometheus counters and cumulative histograms, a value on a bound in that bound's
    bucket (``le``)."""
    registry = CollectorRegistry()
    loop = LoopMetrics(registry)
    moves = loop.counter("t_moves", "moves", ["game"])
    latency = histogram(loop.histogram("t_latency_seconds", "latency", buckets=(0.01, 0.1)))
    counter(moves, "scopa").inc()
    counter(moves, "scopa").inc(2)
    counter(moves, "bisca").inc()
    for value in (0.01, 0.05, 0.5):
        latency.observe(value)
    got = {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for metric in registry.collect()
        for sample in metric.samples
    }
    assert got[("t_moves_total", (("game", "scopa"),))] == 3
    assert got[("t_moves_total", (("game", "bisca"),))] == 1
    assert [got[("t_latency_seconds_bucket", (("le", le),))] for le in ("0.01", "0.1", "+Inf")] == [
        1,
        2,
        3,
    ]
    assert got[("t_latency_seconds_count", ())] == 3
    assert got[("t_latency_seconds_sum", ())] == pytest.approx(0.56)
    with pytest.raises(ValueError):
        counter(moves)  # a label missing


@pytest.mark.anyio
async def test_a_bot_that_chooses_on_the_loop_plays_after_the_pause_as_a_job_of_its_owner(
    tmp_path: Path,
) -> None:
    """A random or greedy bot's move is a job of its table's owner after the room's pause:
    no task of its own at each move; a stopped owner drops the move still waiting."""
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}")
    seats = (SeatConfig.human("p0", "Ada"), SeatConfig.bot("random"))
    config = TableConfig("scopa", seats)
    await store.create_table("t_bot", config.to_json(), 0.0)
    delay = 0.05
    owner = Owner("t_bot", config, Table(config), 0, store=store, bus=LocalBus(),
                  bots=BotPool(0), bot_delay=delay)  # fmt: skip
    owner.start()
    try:
        await owner.submit(Connected(0))
        bot_moves = 0
        while bot_moves < 3:
            if owner.table.mover() == 0:
                assert owner.table.hand is not None
                view = owner.table.hand.view(0)
                await owner.submit(Play(0, view.move_text(view.legal_moves()[0])))
                continue
            turn = owner.presenter.bot_turn
            assert turn is not None and not owner._bot_tasks  # a timer, then a job
            asked = time.monotonic()
            seq = owner.seq
            while owner.seq == seq:
                await asyncio.sleep(0.005)
            assert time.monotonic() - asked >= delay * 0.8
            bot_moves += 1
        while owner.table.mover() == 0:  # the bot's turn next, its move still to come
            assert owner.table.hand is not None
            view = owner.table.hand.view(0)
            await owner.submit(Play(0, view.move_text(view.legal_moves()[0])))
        assert owner.presenter.bot_turn is not None
    finally:
        seq = owner.seq
        await owner.stop()
        await asyncio.sleep(2 * delay)
        assert owner.seq == seq  # the waiting move was dropped, not played
        await store.close()


@pytest.mark.anyio
async def test_a_refused_command_leaves_no_cycle_that_keeps_its_table(tmp_path: Path) -> None:
    """A retired table must be freed by reference counting alone: the cycle collector runs
    only when memory grew (garbage.py), and a cycle through a refusal's traceback kept whole
    tables."""
    store, owner = await _two_humans(tmp_path, "t_refusals")
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


@pytest.mark.anyio
async def test_an_owner_waiting_for_its_next_command_keeps_no_refusal(tmp_path: Path) -> None:
    """A finished table waits a minute to retire; the last command it refused (a late
    rematch) must not stay alive meanwhile, with the traceback through its caller's frames
    (at 1,000 tables: 10,000 tracebacks and frames for the collector to scan)."""
    store, owner = await _two_humans(tmp_path, "t_waits")
    owner.start()
    try:
        with pytest.raises(TableError) as refused:
            await owner.submit(Play(0, "not a move"))
        error = weakref.ref(refused.value)
        del refused
        await asyncio.sleep(0)  # the owner is back waiting for its next command
        assert error() is None
    finally:
        await owner.stop()
        await store.close()


def test_whole_table_settings_and_trusted_proxies_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CIRCOLO_TABLE", '{"max_entries": 500, "max_disconnections": 3}')
    monkeypatch.setenv("CIRCOLO_TRUSTED_PROXIES", "10.0.0.2, 192.168.0.0/24")
    settings = load_settings(data_dir=tmp_path)
    assert settings.table == {"max_entries": 500, "max_disconnections": 3}
    assert settings.trusted_proxies == ("10.0.0.2", "192.168.0.0/24")
    monkeypatch.setenv("CIRCOLO_TRUSTED_PROXIES", "*")  # anyone could claim any address
    with pytest.raises(SettingsError, match="CIRCOLO_TRUSTED_PROXIES"):
        load_settings(data_dir=tmp_path)


def test_an_address_cools_down_after_a_flood_then_is_forgotten() -> None:
    from circolo.server.ratelimit import CoolDown

    now = [100.0]
    cooling = CoolDown(10.0, clock=lambda: now[0])
    cooling.start("10.0.0.9")
    assert "10.0.0.9" in cooling and "10.0.0.8" not in cooling
    now[0] = 109.9
    assert "10.0.0.9" in cooling
    now[0] = 110.0
    assert "10.0.0.9" not in cooling
    off = CoolDown(0.0)
    off.start("10.0.0.9")
    assert "10.0.0.9" not in off


@pytest.mark.anyio
async def test_frames_queued_in_one_turn_go_out_in_one_write(tmp_path: Path) -> None:
    """Under our protocol's ``FRAMES`` a connection's writer sends what was queued by the
    time it runs (a move's events, then its ack) in one write, in order; a delivery the
    room refuses is left out."""
    from circolo.server.connection import Session
    from circolo.server.feeds import Delivery, Feed
    from circolo.server.transport import FRAMES

    writes: list[list[str]] = []

    def write(texts: list[str]) -> bool:
        writes.append(texts)
        return True

    class Socket:
        def __init__(self) -> None:
            self.scope = {"extensions": {FRAMES: {"write": write}}}

    class Room:
        def authorized(self, delivery: Delivery) -> bool:
            return delivery.feed.player_id == "g_me"

    settings = load_settings(data_dir=tmp_path)
    identities = Identities(settings.secret_key)
    session = Session(Socket(), Room(), identities, settings, None)  # type: ignore[arg-type]
    writer = asyncio.create_task(session._write())
    mine = Feed("t1", 0, "g_me", lambda feed, reason: None)
    theirs = Feed("t1", 1, "g_other", lambda feed, reason: None)
    session.send(Delivery(mine, '{"type":"table.events","seq":1}'))
    session.send(Delivery(theirs, '{"type":"table.events","seq":1,"seat":1}'))
    session.send({"type": "ack", "seq": 1})
    await asyncio.sleep(0.05)
    session.send({"type": "ack", "seq": 2})
    session._out.put_nowait(None)  # the connection closed
    await asyncio.wait_for(writer, 5)
    assert writes == [
        ['{"type":"table.events","seq":1}', '{"type":"ack","seq":1}'],
        ['{"type":"ack","seq":2}'],
    ]


@pytest.mark.anyio
async def test_a_moves_ack_is_queued_right_after_the_frames_it_published(tmp_path: Path) -> None:
    """``accepted`` runs on the owner's task once the move is published, before its caller
    resumes: the connection's writer, not yet run, finds the ack queued behind the move's
    ``table.events`` and sends both in one write."""
    bus = LocalBus()
    store, owner = await _two_humans(tmp_path, "t_ack", bus)
    queued: list[str] = []
    subscriptions = [bus.subscribe(topic("t_ack", s), queued.append) for s in (0, 1)]
    owner.start()
    try:
        for connected in (0, 1):
            await owner.submit(Connected(connected))
        hand = owner.table.hand
        assert hand is not None and owner.table.phase == "play"
        seat = hand.to_move()
        assert seat is not None
        move = hand.move_text(hand.view(seat).legal_moves()[0])
        queued.clear()
        seq = await owner.submit(Play(seat, move), "r1", lambda s: queued.append(f"ack {s}"))
        assert seq == owner.seq
        assert [json.loads(text)["type"] for text in queued[:-1]] == ["table.events"] * 2
        assert queued[-1] == f"ack {seq}"
        queued.clear()  # the same request again: acknowledged, not played twice
        assert await owner.submit(Play(seat, move), "r1", lambda s: queued.append(f"ack {s}"))
        assert queued == [f"ack {seq}"]
    finally:
        for subscription in subscriptions:
            subscription.close()
        await owner.stop()
        await store.close()


@pytest.mark.anyio
async def test_a_tables_tick_has_one_timer_kept_while_its_time_moves_later(
    tmp_path: Path,
) -> None:
    """No timeout around each wait for a command, nor a timer made anew at each move: one
    timer queues the ``Tick``. A move puts the turn's deadline later: the timer is kept,
    and when it fires early it is set again for the new time, with no ``Tick``; an earlier
    wake-up replaces it; none outlives the owner."""
    store, owner = await _two_humans(tmp_path, "t_timer")
    owner.start()
    try:
        for connected in (0, 1):
            await owner.submit(Connected(connected))
        timer = owner._timer
        assert timer is not None and owner.table.wake_at is not None
        assert abs(timer.when() - asyncio.get_running_loop().time()
                   - (owner.table.wake_at - time.time())) < 0.5  # fmt: skip
        for _ in range(3):  # jobs that leave the wake-up where it is
            await owner.catch_up(0, owner.seq)
        assert owner._timer is timer
        hand = owner.table.hand
        assert hand is not None
        seat = hand.to_move()
        assert seat is not None
        await owner.submit(Play(seat, hand.move_text(hand.view(seat).legal_moves()[0])))
        later = owner.table.wake_at
        assert later is not None and later > (owner._timer_at or later)  # the next turn's
        assert owner._timer is timer and not timer.cancelled()
        seq = owner.seq
        timer.cancel()
        owner._due()  # as the loop runs it, before the new time
        assert owner._timer is not None and owner._timer_at == later
        await asyncio.sleep(0.01)
        assert owner.seq == seq  # no Tick
        kept = owner._timer
        owner._set_timer(later - 1)
        assert kept.cancelled() and owner._timer is not kept and owner._timer_at == later - 1
    finally:
        await owner.stop()
        await store.close()
    assert owner._timer is None


@pytest.mark.anyio
async def test_a_stopped_owner_refuses_at_once_rather_than_never_answering(
    tmp_path: Path,
) -> None:
    """A request that found the owner just as its table retired must get an answer: a job
    queued for a task that has ended would wait for ever (and its connection with it)."""
    store, owner = await _two_humans(tmp_path, "t_stopped")
    owner.start()
    await owner.submit(Connected(0))
    await owner.stop()
    try:
        with pytest.raises(Fenced, match="stopped"):
            await asyncio.wait_for(owner.catch_up(0, None), 1.0)
    finally:
        await store.close()


@pytest.mark.anyio
async def test_a_table_retired_as_it_is_opened_is_over_not_a_failure(tmp_path: Path) -> None:
    """Opening a table whose owner stops between its lookup and the call (it retired a
    minute after its end) answers as for a retired table (``table_over``), not "the
    server failed"."""
    settings = load_settings(data_dir=tmp_path, bot_delay=0)
    store = await Store.open(settings.url, synchronous="OFF")
    room = Room(settings, store, LocalBus(), BotPool(0, margin=0))
    guest = new_guest("en")
    try:
        await room.may_play(guest)
        seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
        create = protocol.parse(json.dumps({"type": "table.create", "game": "scopa",
                                            "seats": seats}), 4096)  # fmt: skip
        assert isinstance(create, protocol.TableCreate)
        table_id, _, _ = await room.create(guest, create)
        owner = room.owners[table_id]
        await store.finish_table(table_id, {})
        await owner.stop()  # still found by the room: the lookup came first
        with pytest.raises(protocol.ProtocolError) as refused:
            await room.open(guest, table_id, None, None, lambda _: None, lambda *_: None)
        assert refused.value.code == "table_over"
    finally:
        room.closing = True
        await room.stop()
        await store.close()


@pytest.mark.anyio
async def test_an_owner_keeps_the_ends_of_its_matches_as_its_stored_log_says(
    tmp_path: Path,
) -> None:
    """A match's end is recorded from the ends the owner read off each entry it stored,
    not from its whole log read back: they must be the stored log's, after a reload too."""
    store, owner = await _two_humans(tmp_path, "t_ends")
    owner.start()
    try:
        for seat in (0, 1):
            await owner.submit(Connected(seat))
        mover = owner.table.mover()
        assert mover is not None and owner.table.hand is not None
        view = owner.table.hand.view(mover)
        await owner.submit(Play(mover, view.move_text(view.legal_moves()[0])))
        await owner.submit(Leave(1 - mover))
        stored = await store.load("t_ends")
        ends = match_ends([entry.data for entry in stored.entries])
        assert [(e.reason, e.forfeit, e.moved) for e in ends] == [
            ("abandonment", 1 - mover, frozenset({mover}))
        ]
        assert owner.match_ends.ends == ends
        await owner.call(owner._reload)  # as after a failed commit
        assert owner.match_ends.ends == ends
    finally:
        await owner.stop()
        await store.close()
