"""Bots think in worker processes, off the event loop, so no table waits on another's bot.

One worker process per slot (the pool is sized to the machine). A bot that overruns its
budget by the margin, or whose process dies, has its process killed and replaced; the
caller gets None and plays the seat's auto-move instead, so a table never hangs on a bot
(also when no worker is free within that time, as while replacements start).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import secrets
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

import structlog

from circolo.engine import View
from circolo.server import metrics

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class Request:
    """What crosses to a worker: the game, its options, the bot's level and the seat's view."""

    game: str
    options: dict[str, Any]
    level: str
    view: dict[str, Any]
    budget_ms: float
    seed: int


def think(request: Request) -> str:
    """The bot's move text for the view (runs in a worker; pure apart from its budget)."""
    from circolo.bots import make_bot
    from circolo.games import make_rules

    rules = make_rules(request.game, request.options)
    view = rules.view_from_json(request.view)
    budget = request.budget_ms if request.level == "expert" else None
    bot = make_bot(request.game, request.level, request.seed, budget_ms=budget)
    return move_text(view, bot.choose(view), random.Random(request.seed))


def move_text(view: View[Any], move: object, rng: random.Random) -> str:
    """A move's notation, from a view alone (via a state sampled from it)."""
    if isinstance(move, str):
        return move
    return view.sample(rng).move_text(move)


def _warm_up() -> None:
    """Import the games and their bots before the first request, so it is not slow."""
    import importlib

    from circolo.games import GAMES

    for game in GAMES:
        for module in (f"circolo.bots.{game}", GAMES[game].split(":")[0]):
            try:
                importlib.import_module(module)
            except Exception:
                continue


def _serve(conn: Connection) -> None:  # pragma: no cover - runs in the worker process
    _warm_up()
    conn.send(("ready", ""))
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            answer: tuple[str, str] = ("move", think(request))
        except Exception as error:
            answer = ("error", f"{type(error).__name__}: {error}")
        conn.send(answer)


class WorkerGone(Exception):
    """The worker process died or closed its pipe."""


class _Worker:
    def __init__(self, context: multiprocessing.context.BaseContext) -> None:
        self.conn, child = multiprocessing.Pipe()
        self.process: BaseProcess = context.Process(  # type: ignore[attr-defined]
            target=_serve, args=(child,), daemon=True, name="circolo-bot"
        )
        self.process.start()
        child.close()

    async def ask(self, request: Request) -> tuple[str, str]:
        self.conn.send(request)
        return await self.answer()

    async def answer(self) -> tuple[str, str]:
        """The worker's next message (its "ready", or its answer to a request)."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[tuple[str, str]] = loop.create_future()
        fd = self.conn.fileno()

        def ready() -> None:
            loop.remove_reader(fd)
            if answer.done():
                return
            try:
                answer.set_result(self.conn.recv())
            except (EOFError, OSError):
                answer.set_exception(WorkerGone())

        loop.add_reader(fd, ready)
        try:
            return await answer
        finally:
            loop.remove_reader(fd)

    def kill(self) -> None:
        self.process.kill()
        self.process.join(1)
        self.conn.close()


class BotPool:
    """``choose`` a bot's move in a worker; None means: play the seat's auto-move."""

    def __init__(self, workers: int, margin: float = 2.0) -> None:
        self.size = workers
        self.margin = margin
        self._context = multiprocessing.get_context("spawn")
        self._free: asyncio.Queue[_Worker] = asyncio.Queue()
        self._all: set[_Worker] = set()
        self._starting: set[asyncio.Task[None]] = set()
        self.replaced = 0

    def start(self) -> None:
        for _ in range(self.size):
            self._add()

    def _add(self) -> None:
        """A new worker, free once it has imported the games (its start is not a move's
        time: on a loaded machine it can take longer than a budget)."""
        worker = _Worker(self._context)
        self._all.add(worker)
        task = asyncio.get_running_loop().create_task(self._ready(worker))
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def _ready(self, worker: _Worker) -> None:
        try:
            await worker.answer()
        except (WorkerGone, OSError):
            log.warning("bot_worker_failed_to_start")
            self._all.discard(worker)
            worker.kill()
            await asyncio.sleep(1.0)
            self._add()
            return
        self._free.put_nowait(worker)

    async def wait_ready(self, timeout: float = 120.0) -> None:
        """Until every worker has started (for tests and benchmarks)."""
        async with asyncio.timeout(timeout):
            while self._free.qsize() < self.size:
                await asyncio.sleep(0.05)

    async def choose(self, request: Request) -> str | None:
        """The move text, or None when the bot failed, overran ``budget + margin`` or died."""
        limit = request.budget_ms / 1000 + self.margin
        try:
            worker = self._free.get_nowait()
        except asyncio.QueueEmpty:
            try:
                async with asyncio.timeout(max(limit, 0.001)):
                    worker = await self._free.get()
            except TimeoutError:
                log.warning("bot_no_worker", game=request.game, level=request.level)
                return None
        started = time.perf_counter()
        try:
            async with asyncio.timeout(limit):
                kind, text = await worker.ask(request)
        except (TimeoutError, WorkerGone, OSError) as error:
            log.warning("bot_replaced", game=request.game, level=request.level, why=repr(error))
            metrics.BOT_REPLACED.inc()
            self._all.discard(worker)
            worker.kill()
            self.replaced += 1
            self._add()
            return None
        except BaseException:
            self._free.put_nowait(worker)
            raise
        self._free.put_nowait(worker)
        metrics.BOT_THINK.labels(request.game, request.level).observe(time.perf_counter() - started)
        if kind != "move":
            log.warning("bot_failed", game=request.game, level=request.level, error=text)
            return None
        return text

    def pids(self) -> list[int]:
        return [w.process.pid for w in self._all if w.process.pid is not None]

    def close(self) -> None:
        for task in self._starting:
            task.cancel()
        for worker in self._all:
            worker.kill()
        self._all.clear()


def new_seed() -> int:
    return secrets.randbits(63)
