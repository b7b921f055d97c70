"""Experts think in worker processes, off the event loop, so no table waits on another's bot.

The levels that look at most one move ahead (``ON_THE_LOOP``) choose on the loop: their
move costs microseconds, less than a round trip through a worker's pipe.

One worker process per slot (the pool is sized to the machine). A bot that overruns its
budget by the margin, or whose process dies, has its process killed and replaced; the
caller gets None and plays the seat's auto-move instead, so a table never hangs on a bot.

Turns wait for a free worker in a fair line: round-robin over shares (a share is a
player: the caller names it), each share's turns in order. So one player's many tables
take one turn in each round, like any other player's one table; a turn that still gets
no worker within ``wait`` seconds gets None too (the auto-move).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import multiprocessing
import pickle
import time
from collections import OrderedDict, deque
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Generic, TypeVar

import structlog

from circolo.bots import Bot, make_bot
from circolo.engine import View
from circolo.games import make_rules
from circolo.server import metrics

log = structlog.get_logger(__name__)
T = TypeVar("T")


ON_THE_LOOP = frozenset({"random", "greedy"})
"""Levels that choose on the event loop: a move of theirs costs a few microseconds (Burraco's
greedy, the dearest, 70 us at the median and at most about a millisecond), where a round
trip through a worker's pipe cost the server 0.1-0.2 ms of its own CPU a move."""


@dataclass(frozen=True)
class Request:
    """A bot's turn: the game, its options, the bot's level and the seat's view. A worker
    gets it as ``wire()``: the view as JSON, which it reads back with the game's rules."""

    game: str
    options: dict[str, Any]
    level: str
    view: View[Any]
    budget_ms: float
    seed: int

    def wire(self) -> bytes:
        fields = (self.game, self.options, self.level, self.view.to_json(), self.budget_ms,
                  self.seed)  # fmt: skip
        return pickle.dumps(fields, pickle.HIGHEST_PROTOCOL)

    @classmethod
    def from_wire(cls, data: bytes) -> Request:
        game, options, level, view, budget_ms, seed = pickle.loads(data)
        return cls(game, options, level, make_rules(game, options).view_from_json(view),
                   budget_ms, seed)  # fmt: skip


def think(request: Request) -> str:
    """The bot's move text for the view (pure apart from the expert's time budget)."""
    budget = request.budget_ms if request.level == "expert" else None
    bot = make_bot(request.game, request.level, request.seed, budget_ms=budget)
    return request.view.move_text(bot.choose(request.view))


def _serve(conn: Connection) -> None:  # pragma: no cover - runs in the worker process
    """A worker's life: answer each request in turn (this module imported every game and
    its bots before "ready", so a first move is not slow)."""
    conn.send(("ready", ""))
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            answer: tuple[str, str] = ("move", think(Request.from_wire(data)))
        except Exception as error:
            answer = ("error", f"{type(error).__name__}: {error}")
        conn.send(answer)


class WorkerGone(Exception):
    """The worker process died or closed its pipe."""


def _overrun(answer: asyncio.Future[tuple[str, str]]) -> None:
    if not answer.done():
        answer.set_exception(TimeoutError())


class _Worker:
    """One worker process and its pipe. The pipe is watched from the first ``answer`` on
    (one reader for the worker's life, not one per request: two epoll changes saved a
    move), and a request is pickled by ``pickle`` itself (``Connection.send`` makes a
    ``ForkingPickler``, copying its dispatch table, at every call): ``Request.wire``."""

    def __init__(self, context: multiprocessing.context.BaseContext) -> None:
        self.conn, child = multiprocessing.Pipe()
        self.process: BaseProcess = context.Process(  # type: ignore[attr-defined]
            target=_serve, args=(child,), daemon=True, name="circolo-bot"
        )
        self.process.start()
        child.close()
        self._waiting: asyncio.Future[tuple[str, str]] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None  # watching the pipe on it

    async def ask(self, request: Request, limit: float) -> tuple[str, str]:
        """The worker's answer to ``request``; ``TimeoutError`` after ``limit`` seconds."""
        self.conn.send_bytes(request.wire())
        return await self.answer(limit)

    async def answer(self, limit: float | None = None) -> tuple[str, str]:
        """The worker's next message (its "ready", or its answer to a request), within
        ``limit`` seconds if given (``TimeoutError``): one timer, cheaper than an
        ``asyncio.timeout`` at every bot move."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[tuple[str, str]] = loop.create_future()
        self._waiting = answer
        if self._loop is None:
            loop.add_reader(self.conn.fileno(), self._ready)
            self._loop = loop
        timer = None if limit is None else loop.call_later(limit, _overrun, answer)
        try:
            return await answer
        finally:
            if timer is not None:
                timer.cancel()
            if self._waiting is answer:
                self._waiting = None

    def _ready(self) -> None:
        """The pipe is readable: the awaited message (one nobody awaits is dropped: its
        request gave up, and the worker is killed), or the worker is gone."""
        waiting = self._waiting
        try:
            message = self.conn.recv()
        except (EOFError, OSError):
            self._unwatch()
            if waiting is not None and not waiting.done():
                waiting.set_exception(WorkerGone())
            return
        if waiting is not None and not waiting.done():
            waiting.set_result(message)

    def _unwatch(self) -> None:
        if self._loop is not None:
            loop, self._loop = self._loop, None
            with contextlib.suppress(Exception):  # closed loop, or the pipe closed already
                loop.remove_reader(self.conn.fileno())

    def kill(self) -> None:
        self._unwatch()
        self.process.kill()
        self.process.join(1)
        self.conn.close()


class FairLine(Generic[T]):
    """Waiting turns, served round-robin over their shares, each share's in order."""

    def __init__(self) -> None:
        self._shares: OrderedDict[str, deque[asyncio.Future[T]]] = OrderedDict()

    def join(self, share: str) -> asyncio.Future[T]:
        """A place in the line: the future is given its value when its turn comes."""
        place: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._shares.setdefault(share, deque()).append(place)
        return place

    def serve(self, value: T) -> bool:
        """Give ``value`` to the next turn (its share then goes to the end of the round);
        False when nobody waits. Places given up (cancelled) are skipped."""
        while self._shares:
            share, places = next(iter(self._shares.items()))
            place = places.popleft()
            if places:
                self._shares.move_to_end(share)
            else:
                del self._shares[share]
            if not place.done():
                place.set_result(value)
                return True
        return False

    def __len__(self) -> int:
        return sum(1 for places in self._shares.values() for p in places if not p.done())


class BotPool:
    """``choose`` a bot's move in a worker; None means: play the seat's auto-move."""

    def __init__(self, workers: int, margin: float = 2.0, wait: float = 30.0) -> None:
        self.size = workers
        self.margin = margin
        self.wait = wait
        self._context = multiprocessing.get_context("spawn")
        self._free: list[_Worker] = []
        self._line: FairLine[_Worker] = FairLine()
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
        self._release(worker)

    def _release(self, worker: _Worker) -> None:
        """A worker free: to the next turn in line, else kept for the next to come."""
        if not self._line.serve(worker):
            self._free.append(worker)

    async def _worker(self, share: str) -> _Worker | None:
        """A free worker at once, or in this share's turn within ``wait``; else None."""
        if self._free and not self._line:
            return self._free.pop()
        place = self._line.join(share)
        try:
            async with asyncio.timeout(self.wait):
                return await place
        except TimeoutError:
            self._leave(place)
            return None
        except BaseException:
            self._leave(place)
            raise

    def _leave(self, place: asyncio.Future[_Worker]) -> None:
        """A place given up; a worker given to it just as it was left goes on."""
        if place.done() and not place.cancelled():
            self._release(place.result())
        place.cancel()

    async def choose(self, request: Request, share: str = "") -> str | None:
        """The move text, or None when no worker came within ``wait`` (in ``share``'s fair
        turn: the player whose table asks), or the bot failed, overran ``budget + margin``
        or died. A level ``ON_THE_LOOP`` chooses here and now (``choose_here``)."""
        if request.level in ON_THE_LOOP:
            return choose_here(request.game, request.level, request.view)
        limit = request.budget_ms / 1000 + self.margin
        worker = await self._worker(share)
        if worker is None:
            log.warning("bot_no_worker", game=request.game, level=request.level)
            return None
        started = time.perf_counter()
        try:
            kind, text = await worker.ask(request, limit)
        except (TimeoutError, WorkerGone, OSError) as error:
            log.warning("bot_replaced", game=request.game, level=request.level, why=repr(error))
            metrics.BOT_REPLACED.inc()
            self._all.discard(worker)
            worker.kill()
            self.replaced += 1
            self._add()
            return None
        except BaseException:
            self._release(worker)
            raise
        self._release(worker)
        _think(request.game, request.level).observe(time.perf_counter() - started)
        if kind != "move":
            log.warning("bot_failed", game=request.game, level=request.level, error=text)
            return None
        return text

    def close(self) -> None:
        for task in self._starting:
            task.cancel()
        for worker in self._all:
            worker.kill()
        self._all.clear()


def choose_here(game: str, level: str, view: View[Any]) -> str | None:
    """The move text of a level ``ON_THE_LOOP`` for ``view``, chosen now on the loop; None
    when the bot failed (play the seat's auto-move)."""
    started = time.perf_counter()
    try:
        text = view.move_text(_kept_bot(game, level).choose(view))
    except Exception as error:
        log.warning("bot_failed", game=game, level=level, error=repr(error))
        return None
    _think(game, level).observe(time.perf_counter() - started)
    return text


@functools.cache
def _kept_bot(game: str, level: str) -> Bot:
    """One bot of each game and level that chooses on the loop, kept: they keep nothing
    between moves but a random bot's generator, seeded once by the system (nobody sees
    which of its equal moves a bot plays), not 2.5 KiB of state seeded at every move."""
    if level not in ON_THE_LOOP:
        raise ValueError(f"level {level!r} does not choose on the loop")
    return make_bot(game, level)


@functools.cache
def _think(game: str, level: str) -> Any:
    """The think-time histogram of a game and level, looked up once (as the levels and
    games are few)."""
    return metrics.histogram(metrics.BOT_THINK, game, level)
