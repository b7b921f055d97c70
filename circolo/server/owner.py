"""The owner of one live table: one asyncio task, the table's only writer.

Commands reach it through its inbox. For each one it asks the pure table (with "now"),
appends the log entries to the store and waits for the commit; only then does it publish
the messages on the bus, one ``table.events`` frame per audience, numbered by ``seq`` (the
log's length). It also keeps the table's clock (``Tick`` at ``wake_at``), supplies each
hand's seed from ``secrets``, and asks the bot pool for bot seats' moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import structlog

from circolo.cards import SEED_LIMIT
from circolo.engine import View
from circolo.mailbox import Mailbox
from circolo.server import metrics
from circolo.server.botpool import ON_THE_LOOP, BotPool, Request, choose_here
from circolo.server.bus import Bus, Handler, Message, Subscription, encode
from circolo.server.told import TOLD_TYPES, Told
from circolo.store import Entry, Fenced, Store, StoreError
from circolo.table import (
    BotTurn,
    Command,
    Play,
    Presenter,
    Step,
    SupplySeed,
    Table,
    TableConfig,
    TableError,
    Tick,
)
from circolo.table.outcomes import MatchEnds

log = structlog.get_logger(__name__)

_AUTO_MOVES = random.SystemRandom()
"""A failed bot's move (``Owner.auto_move``): one source for every table, rather than
2.5 KiB of generator state kept by each for a rare event."""
_BOT_SEEDS = random.Random()
"""Each bot turn's seed (which of its equal moves a bot plays), from one generator seeded
by the system at start: not a system call at every bot move. Nobody sees these seeds; a
hand's deal, which players check, is drawn by ``secrets``."""

Audience = int | None
Frame = dict[str, Any]
Outgoing = Frame | Message  # a frame, or one already encoded for the wire


def topic(table_id: str, audience: Audience) -> str:
    """The bus topic of one audience of a table: a seat, or the spectators."""
    return f"table:{table_id}:{'watch' if audience is None else audience}"


@dataclass(slots=True)
class _Job:
    """Work for the owner's task; ``done`` is None when nobody waits for its result."""

    run: Callable[[], Awaitable[Any]]
    done: asyncio.Future[Any] | None


class Owner:
    """Runs one table. Talk to it only through ``submit``, ``attach`` and ``call``."""

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        table: Table,
        seq: int,
        *,
        store: Store,
        bus: Bus,
        bots: BotPool,
        resync_frames: int = 16,
        bot_delay: float = 0.0,
        bot_budget_ms: float = 1000.0,
        clock: Callable[[], float] = time.time,
        on_finish: Callable[[Owner], Awaitable[None]] | None = None,
        on_match_over: Callable[[Owner], Awaitable[None]] | None = None,
        on_step: Callable[[Owner], None] | None = None,
        told: dict[Audience, Told] | None = None,
        seeds: Callable[[int], int] | None = None,
        epoch: int | None = None,
        on_fenced: Callable[[Owner], Coroutine[Any, Any, None]] | None = None,
        ends: MatchEnds | None = None,
    ) -> None:
        self.table_id = table_id
        self.config = config
        self.table = table
        self.presenter = Presenter(table, shown=seq > 0)  # what each audience was shown
        self.seq = seq
        self.created_at = clock()
        self._moves = metrics.counter(metrics.MOVES, config.game)  # bound once, not at each move
        self._store = store
        self._bus = bus
        self._bots = bots
        self._bot_delay = bot_delay
        self._bot_budget_ms = bot_budget_ms
        self._clock = clock
        self._on_finish = on_finish
        self._on_match_over = on_match_over
        self.rated: Frame | None = None  # the last match's rating changes, for late comers
        self._matches_over = len(table.results)
        # The ends of the matches of the entries stored so far (``ends``: those of a log
        # read back), for the records, fair play and ratings of a match just over.
        self.match_ends = MatchEnds() if ends is None else ends
        self._on_step = on_step
        self._inbox: Mailbox[_Job | None] = Mailbox()
        self._wake_at: float | None = None  # when the table wants its next Tick
        self._timer_at: float | None = None  # when ``_timer`` is set for (None: no timer)
        self._timer: asyncio.TimerHandle | None = None
        self._bot_tasks: set[asyncio.Task[None]] = set()  # experts thinking in the pool
        self._bot_timer: asyncio.TimerHandle | None = None  # the room's pause, then a job
        self._bot_turn: BotTurn | None = None
        # Each audience's last frames (prev, seq, text) and the happenings a move log tells:
        # made at an audience's first frame (most tables have no spectator).
        self._resync_frames = resync_frames
        self._recent: dict[Audience, deque[tuple[int, int, Message]]] = {}
        self._told: dict[Audience, Told] = dict(told or {})
        self._accepted: dict[int, deque[str]] = {}  # seat -> recent request ids
        self._id_json = encode(table_id)
        self._topics: dict[Audience, str] = {}
        self._watch()
        self._task: asyncio.Task[None] | None = None
        self.finished = table.status == "finished"
        self._seeds = seeds  # a tournament table's duplicate deals; else drawn here
        self.epoch = epoch  # of this process's lease on the table (several processes)
        self._on_fenced = on_fenced  # another process owns the table now
        self.fenced = False
        self._ended = False  # the owner's task has ended (stopped, halted, or failed)

    # -- life --------------------------------------------------------------------------------

    def audiences(self) -> list[Audience]:
        """The human seats and the spectators (bot seats get no messages)."""
        return self.presenter.audiences

    def start(self, first: Command | None = None) -> None:
        """Start the task; ``first`` is a command to run before anything else (Resume)."""
        self._task = asyncio.create_task(self._run(first), name=f"table-{self.table_id}")
        metrics.LIVE_TABLES.inc()

    async def stop(self) -> None:
        """Finish the command in progress and the queued ones, then stop."""
        if self._task is None:
            return
        self._inbox.put_nowait(None)
        self._cancel_bots()
        await asyncio.gather(self._task, return_exceptions=True)
        self._task = None
        metrics.LIVE_TABLES.dec()

    async def halt(self) -> None:
        """Stop at once, writing nothing more: another process owns the table now."""
        self.fenced = True
        await self.stop()

    async def _run(self, first: Command | None) -> None:
        try:
            await self._work(first)
        finally:  # stopped, halted, fenced, or failed: no timer left, and no job waits for ever
            self._set_timer(None)
            self._cancel_bots()
            self._ended = True  # what comes later is refused by call()
            while not self._inbox.empty():  # what waits is refused, not written
                queued = self._inbox.get_nowait()
                if queued is not None and queued.done is not None and not queued.done.done():
                    queued.done.set_exception(Fenced(f"table {self.table_id} has stopped"))

    async def _work(self, first: Command | None) -> None:
        """The first command (or the seeds), then each job in turn until told to stop."""
        if first is not None:
            await self._apply_logged(first)
        else:
            await self._supply_seeds()
            await self._after()
        while not self.fenced:
            job = await self._inbox.get()
            if job is None:
                break
            try:
                result = await job.run()
            except Exception as error:
                if job.done is None:
                    log.exception("table_job_failed", table=self.table_id)
                elif not job.done.done():
                    job.done.set_exception(error)
            else:
                if job.done is not None and not job.done.done():
                    job.done.set_result(result)
                del result
            # Not kept while the table waits for its next command: a refused command's
            # error holds a traceback through its caller's frames (13 of them, with the
            # connection's locals), and a finished table may wait a minute to retire.
            del job

    async def call(self, run: Callable[[], Awaitable[Any]]) -> Any:
        """Run ``run`` on the owner's task, between two commands, and return its result."""
        if self.fenced:
            raise Fenced(f"table {self.table_id} moved to another process")
        if self._ended:  # nobody would ever answer
            raise Fenced(f"table {self.table_id} has stopped")
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._inbox.put_nowait(_Job(run, done))
        try:
            return await done
        finally:
            # A refused command's exception is in the job's future, and its traceback holds
            # this frame: without this, each refusal is a cycle that keeps the owner (and
            # its table) alive until a full collection, long after the table retired.
            del done

    # -- commands ----------------------------------------------------------------------------

    async def submit(
        self,
        command: Command,
        request_id: str | None = None,
        accepted: Callable[[int], None] | None = None,
    ) -> int:
        """Apply a command; the ``seq`` once committed and published, or ``TableError``.
        ``accepted(seq)`` is called on the owner's task as the command is done, before its
        caller resumes: an ack queued there joins the frames the command published in one
        write to the player's socket."""
        return int(await self.call(lambda: self._command(command, request_id, accepted)))

    async def _command(
        self, command: Command, request_id: str | None, accepted: Callable[[int], None] | None
    ) -> int:
        seat = getattr(command, "seat", None)
        if request_id and seat is not None and request_id in self._accepted.get(seat, ()):
            if accepted is not None:
                accepted(self.seq)
            return self.seq
        started = time.perf_counter()
        try:
            await self._apply(command)
        except TableError:
            raise
        except Exception:
            log.exception("table_failed", table=self.table_id, command=repr(command))
            await self._reload()
            raise
        if request_id and seat is not None:
            self._accepted.setdefault(seat, deque(maxlen=32)).append(request_id)
        if isinstance(command, Play):
            self._moves.inc()
            metrics.MOVE_LATENCY.observe(time.perf_counter() - started)
        if accepted is not None:
            accepted(self.seq)
        return self.seq

    async def _apply_logged(self, command: Command) -> None:
        try:
            await self._apply(command)
        except (TableError, StoreError) as error:
            log.warning(
                "table_refused", table=self.table_id, command=repr(command), error=str(error)
            )

    async def _apply(self, command: Command) -> None:
        """Table, then store, then bus; a seed is supplied whenever the table wants one."""
        self._watch()
        await self._commit(self.presenter.handle(command, self._clock()))
        await self._supply_seeds()
        await self._after()

    def _watch(self) -> None:
        """Spectators' messages are rendered only while one listens here
        (``Presenter.watch``)."""
        watched = self._bus.subscribers(self._topic(None)) > 0
        if not watched:
            self._recent.pop(None, None)
            self._told.pop(None, None)
        self.presenter.watch(watched)

    def _topic(self, audience: Audience) -> str:
        """The bus topic of one of this table's audiences, made once."""
        found = self._topics.get(audience)
        if found is None:
            found = self._topics[audience] = topic(self.table_id, audience)
        return found

    async def _supply_seeds(self) -> None:
        while self.table.wants_seed:
            seed = SupplySeed(self._next_seed())
            await self._commit(self.presenter.handle(seed, self._clock()))

    def _next_seed(self) -> int:
        """A new hand's seed: drawn now, or, at a tournament's table, the round's deal for
        this hand's number, the same at every table of the round."""
        if self._seeds is None:
            return secrets.randbelow(SEED_LIMIT)
        return self._seeds(self.table.hand_no)

    async def _commit(self, step: Step) -> None:
        now = self._clock()
        prev = self.seq
        entries = [Entry(prev + i + 1, entry, now) for i, entry in enumerate(step.entries)]
        if entries:
            started = time.perf_counter()
            try:
                await self._store.append(self.table_id, entries, epoch=self.epoch)
            except Fenced:
                await self._fence()
                raise
            except StoreError:
                await self._reload()
                raise
            metrics.STORE_COMMIT.observe(time.perf_counter() - started)
            self.seq = entries[-1].seq
            for entry in step.entries:
                self.match_ends.read(entry)
        self._publish(prev, step)

    def _set_timer(self, wake_at: float | None) -> None:
        """The table's ``Tick`` queued at ``wake_at``: one timer a table. A move puts the
        turn's deadline later: the timer is kept, fires early and is set again (as
        ``Silence`` does), not made anew at every move; an earlier time replaces it."""
        self._wake_at = wake_at
        if wake_at is None:
            self._cancel_timer()
        elif self._timer_at is None or self._timer_at > wake_at:
            self._cancel_timer()
            self._arm(wake_at)

    def _arm(self, when: float) -> None:
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(max(0.0, when - self._clock()), self._due)
        self._timer_at = when

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = self._timer_at = None

    def _due(self) -> None:
        self._timer = self._timer_at = None
        wake_at = self._wake_at
        if wake_at is None:
            return
        if wake_at > self._clock():  # a move put it later since the timer was set
            self._arm(wake_at)
            return
        self._wake_at = None
        self.post(Tick())

    async def _fence(self) -> None:
        """The store refused a write: another process took the table over (this one was
        paused past its lease). Nothing more is written or told from here."""
        if not self.fenced:
            self.fenced = True
            log.warning("table_fenced", table=self.table_id, epoch=self.epoch)
            self._cancel_bots()
            if self._on_fenced is not None:
                asyncio.get_running_loop().create_task(self._on_fenced(self))

    async def _reload(self) -> None:
        """After a failed commit: the table as the store has it (nothing told, nothing lost)."""
        saved = await self._store.load(self.table_id)
        entries = [entry.data for entry in saved.entries]
        self.table = Table.replay(self.config, entries)
        self.match_ends = MatchEnds(entries)
        self.presenter = Presenter(self.table, shown=True)
        self._watch()
        self.seq = saved.entries[-1].seq if saved.entries else 0

    def _publish(self, prev: int, step: Step) -> None:
        if self.seq == prev and not step.messages:
            return
        bodies: dict[Audience, list[str]] = {  # each body's JSON, encoded once
            a: [] for a in self.audiences() if a is not None or self.presenter.watched
        }
        for audience, body in step.messages:
            encoded = encode(body)
            bodies.setdefault(audience, []).append(encoded)
            kind = body.get("type")
            if kind in TOLD_TYPES:
                told = self._told.get(audience)
                if told is None:
                    told = self._told[audience] = Told()
                told.add(kind, encoded)
        for audience, events in bodies.items():
            seat = "null" if audience is None else audience
            text = (  # as encode() writes the frame, its events encoded once above
                f'{{"type":"table.events","table_id":{self._id_json},"seat":{seat},'
                f'"prev":{prev},"seq":{self.seq},"events":[{",".join(events)}]}}'
            )
            if self.seq != prev:
                recent = self._recent.get(audience)
                if recent is None:
                    recent = self._recent[audience] = deque(maxlen=self._resync_frames)
                recent.append((prev, self.seq, text))
            self._bus.publish_now(self._topic(audience), text)

    async def _after(self) -> None:
        """The table's next wake-up, its bot to move, its lobby entry, and its result once
        finished."""
        self._set_timer(self.table.wake_at)
        turn = self.presenter.bot_turn
        if turn is not None and turn != self._bot_turn:
            if turn.level in ON_THE_LOOP:
                self._bot_soon(turn)
            else:
                self._bot_tasks.add(task := asyncio.create_task(self._bot(turn)))
                task.add_done_callback(self._bot_tasks.discard)
        self._bot_turn = turn
        if self._on_step is not None:  # the lobby's entry (status, players still there)
            self._on_step(self)
        if len(self.table.results) > self._matches_over:
            self._matches_over = len(self.table.results)
            if self._on_match_over is not None:
                await self._on_match_over(self)
        if not self.finished and self.table.status == "finished":
            self.finished = True
            result = self.table.result
            await self._store.finish_table(
                self.table_id, result if isinstance(result, dict) else {}, epoch=self.epoch
            )
            if self._on_finish is not None:
                await self._on_finish(self)

    # -- bots --------------------------------------------------------------------------------

    def _bot_soon(self, turn: BotTurn) -> None:
        """A bot that chooses on the loop plays as a job of this task after the room's
        pause: no task, future or request of its own at each move, and a bot's move right
        after a person's (no pause) waits for no turn of the loop."""
        job = _Job(lambda: self._bot_here(turn), None)
        if self._bot_timer is not None:  # an earlier turn's: the table would refuse it now
            self._bot_timer.cancel()
        if self._bot_delay:
            loop = asyncio.get_running_loop()
            self._bot_timer = loop.call_later(self._bot_delay, self._inbox.put_nowait, job)
        else:
            self._inbox.put_nowait(job)

    async def _bot_here(self, turn: BotTurn) -> None:
        """The move of a bot that chooses on the loop, chosen now."""
        await self._bot_play(turn, choose_here(self.config.game, turn.level, turn.view))

    async def _bot(self, turn: BotTurn) -> None:
        """An expert thinks in the pool, then plays; the auto-move if it failed or overran."""
        if self._bot_delay:
            await asyncio.sleep(self._bot_delay)
        options = {**self.config.options, "players": len(self.config.seats)}
        request = Request(
            self.config.game, options, turn.level, turn.view, self._bot_budget_ms,
            _BOT_SEEDS.getrandbits(63),
        )  # fmt: skip
        humans = [seat.player_id for seat in self.config.seats if seat.player_id is not None]
        text = await self._bots.choose(request, share=humans[0] if humans else self.table_id)
        with contextlib.suppress(Fenced):  # the table stopped meanwhile
            await self.call(lambda: self._bot_play(turn, text))

    async def _bot_play(self, turn: BotTurn, text: str | None) -> None:
        """On the owner's task: the bot's move (``text``; the auto-move if None)."""
        if text is None:
            text = self.auto_move(turn.view)
        try:
            await self._command(Play(turn.seat, text, turn.ply), None, None)
        except (TableError, StoreError) as error:
            log.info("bot_move_refused", table=self.table_id, seat=turn.seat, error=str(error))

    def _cancel_bots(self) -> None:
        for task in tuple(self._bot_tasks):
            task.cancel()
        if self._bot_timer is not None:
            self._bot_timer.cancel()
            self._bot_timer = None

    def auto_move(self, view: View[Any]) -> str:
        """The room's auto-move for a bot that failed, from the bot seat's view."""
        return view.move_text(self.config.rules().auto_move(view, _AUTO_MOVES))

    # -- connections -------------------------------------------------------------------------

    async def attach(
        self, audience: Audience, handler: Handler, since: int | None
    ) -> tuple[list[Outgoing], Subscription]:
        """Subscribe ``handler`` to an audience and give what it must see first: the frames
        after ``since`` when they are all still here, else a snapshot. Atomic on the task."""

        async def run() -> tuple[list[Outgoing], Subscription]:
            if since is not None and since > self.seq:
                raise TableError("bad_seq", f"since {since} is after this table's seq {self.seq}")
            subscription = self._bus.subscribe(self._topic(audience), handler)
            return self._catch_up(audience, since), subscription

        result: tuple[list[Outgoing], Subscription] = await self.call(run)
        return result

    async def catch_up(self, audience: Audience, since: int | None) -> list[Outgoing]:
        async def run() -> list[Outgoing]:
            if since is not None and since > self.seq:
                raise TableError("bad_seq", f"since {since} is after this table's seq {self.seq}")
            return self._catch_up(audience, since)

        result: list[Outgoing] = await self.call(run)
        return result

    def _catch_up(self, audience: Audience, since: int | None) -> list[Outgoing]:
        if since == self.seq:
            return []
        recent = self._recent.get(audience, deque())
        if since is not None:
            frames = [(prev, text) for prev, seq, text in recent if seq > since]
            if frames and frames[0][0] == since:
                return [text for _, text in frames]
        return [self.snapshot_frame(audience), *([self.rated] if self.rated else [])]

    def snapshot_frame(self, audience: Audience) -> Frame:
        """The audience's whole screen, and its recent ``log`` (the happenings a move log
        tells, oldest first): a player coming back finds what happened while away."""
        return {
            "type": "table.snapshot",
            "table_id": self.table_id,
            "seq": self.seq,
            "seat": audience,
            "snapshot": self.presenter.snapshot(audience),
            "log": [json.loads(text) for text in self._told.get(audience, ())],
        }

    def post(self, command: Command) -> None:
        """Queue a command whose refusal nobody waits for (connections, time)."""
        self._inbox.put_nowait(_Job(lambda: self._apply_logged(command), None))
