"""What the server benchmarks share: a ``circolo serve`` process of their own, and the
loopback player whose move round trips (send to ack) they time."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

FAST_TABLE = '{"hand_result_pause": 0.05, "rematch_window": 0.05, "trick_display": 0.05}'


def start_server(
    data_dir: Path,
    bot_delay: str | None = "0",
    extra: dict[str, str] | None = None,
    runner: list[str] | None = None,
) -> tuple[subprocess.Popen[str], int]:
    """The server; ``bot_delay`` None keeps the room's own pause before a bot moves;
    ``extra``: more settings (``CIRCOLO_*``) for this benchmark; ``runner``: what runs
    it instead of ``-m circolo.serve_cli`` (a script and its arguments)."""
    env = {
        **os.environ, "CIRCOLO_LOG_LEVEL": "warning",
        "CIRCOLO_TABLE": FAST_TABLE, "CIRCOLO_RATE": "1000", "CIRCOLO_BURST": "1000",
        "CIRCOLO_HEARTBEAT_TIMEOUT": "60", "CIRCOLO_BOT_BUDGET_MS": "20",
        # every simulated player comes from 127.0.0.1
        "CIRCOLO_WEBSOCKETS_PER_ADDRESS": "100000", "CIRCOLO_SOCKETS_PER_ADDRESS": "100000",
    }  # fmt: skip
    if bot_delay is not None:
        env["CIRCOLO_BOT_DELAY"] = bot_delay
    env.update(extra or {})
    # -P: the current folder is not put first on the path, so PYTHONPATH (in ``extra``)
    # says which checkout's code runs
    command = [sys.executable, "-P", *(runner or ["-m", "circolo.serve_cli"]), "--port", "0",
               "--data-dir", str(data_dir)]  # fmt: skip
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"serving at http://[\d.]+:(\d+)/", line)
        if found:
            drain = threading.Thread(target=process.stdout.read, daemon=True)
            drain.start()  # its log must not fill the pipe
            return process, int(found.group(1))
    raise RuntimeError("the server did not start")


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int, kernel_only: bool = False) -> float:
    """User and system CPU seconds of one process so far, or its system (kernel) seconds
    alone (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[12]) + (0 if kernel_only else int(fields[11]))) / TICK


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (a server's bot processes and their helpers)."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        children = parents.get(todo.pop(), [])
        found += children
        todo += children
    return found


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Player:
    """One loopback client: seated at a table against a random bot, plays random moves.
    ``play_now``: each table is a Play now match against bots (the game's own target), not
    a created table of one hand; ``whole_match``: a created table plays to the game's own
    target too."""

    def __init__(
        self, url: str, think: tuple[float, float], rng: random.Random, arrive: float = 0.0,
        play_now: bool = False, whole_match: bool = False,
    ) -> None:  # fmt: skip
        self.url = url
        self.think = think
        self.rng = rng
        self.arrive = arrive  # comes within this many seconds (players do not come at once)
        self.play_now = play_now
        self.whole_match = whole_match
        self.latencies: list[float] = []
        self.acked_at: list[float] = []
        """The wall-clock time of each round trip's ack (with ``latencies``): for phases."""
        self.ws: ClientConnection | None = None
        self.live = asyncio.Event()
        self._n = 0
        self._sent_at = 0.0

    async def send(self, frame: dict[str, Any]) -> str:
        assert self.ws is not None
        self._n += 1
        ref = f"r{self._n}"
        await self.ws.send(json.dumps({**frame, "id": ref}))
        self._sent_at = time.monotonic()
        return ref

    async def run(self, stop: asyncio.Event) -> None:
        await asyncio.sleep(self.rng.uniform(0, self.arrive))
        self.ws = await connect(self.url, max_size=None, open_timeout=60, ping_interval=None)
        await self.send({"type": "hello", "protocol": 1})
        beat = asyncio.create_task(self._beat())
        try:
            while not stop.is_set():
                await self.table(stop)
        finally:
            beat.cancel()
            await self.ws.close()

    async def _beat(self) -> None:
        """A ping once 2 s passed with no other frame sent, as the web client does."""
        with contextlib.suppress(Exception):
            while True:
                await asyncio.sleep(1.0)
                if time.monotonic() - self._sent_at >= 2.0:
                    assert self.ws is not None
                    await self.ws.send('{"type": "ping"}')
                    self._sent_at = time.monotonic()

    async def table(self, stop: asyncio.Event) -> None:
        """Play one table to its end (or until ``stop``)."""
        assert self.ws is not None
        if self.play_now:
            await self.send({"type": "play_now", "game": "scopa", "players": 2,
                             "level": "random"})  # fmt: skip
        else:
            seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
            options = {} if self.whole_match else {"target": "single_hand"}
            await self.send({"type": "table.create", "game": "scopa", "options": options,
                             "seats": seats})  # fmt: skip
        state: dict[str, Any] = {}
        seat: int | None = None
        sent: dict[str, float] = {}
        moved_at_seq = -1
        seq = 0
        thinking: set[asyncio.Task[None]] = set()
        while not stop.is_set():
            frame = json.loads(await self.ws.recv())
            kind = frame["type"]
            if kind == "ack" and frame.get("ref") in sent:
                self.latencies.append(time.perf_counter() - sent.pop(frame["ref"]))
                self.acked_at.append(time.time())
            elif kind == "table.snapshot":
                seat, seq = frame["seat"], frame["seq"]
                state = dict(frame["snapshot"].get("state") or frame["snapshot"])
            elif kind == "table.events":
                seq = frame["seq"]
                for event in frame["events"]:
                    if event["type"] in ("snapshot", "update"):
                        state.update(event["state"])
            else:
                continue
            table = state.get("table") or {}
            status = table.get("status") or state.get("status")
            if status == "playing":
                self.live.set()
            if status in ("finished", "rematch"):
                if status == "rematch":
                    await self.send({"type": "rematch", "table_id": frame["table_id"],
                                     "accept": False})  # fmt: skip
                if status == "finished":
                    return
                continue
            hand = state.get("hand")
            view = hand["view"] if hand else None
            if view is None or view["to_move"] != seat or moved_at_seq == seq:
                continue
            if state.get("phase", {}).get("name") not in (None, "play"):
                continue
            moved_at_seq = seq
            move = self.play(frame["table_id"], hand, sent)
            if self.think[1] > 0:  # think while reading on (acks are timed when they come)
                thinking.add(task := asyncio.create_task(move))
                task.add_done_callback(thinking.discard)
            else:
                await move

    async def play(self, table_id: str, hand: dict[str, Any], sent: dict[str, float]) -> None:
        """A random offered move, after thinking for a while (the run may end meanwhile)."""
        if self.think[1] > 0:
            await asyncio.sleep(self.rng.uniform(*self.think))
        move = self.rng.choice(hand["legal"])["id"]
        frame = {"type": "play", "table_id": table_id, "move": move, "ply": hand["ply"]}
        with contextlib.suppress(ConnectionClosed):
            ref = await self.send(frame)
            sent[ref] = time.perf_counter()
