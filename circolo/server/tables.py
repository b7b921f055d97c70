"""The live tables, each with its owner: started from a full waiting table or brought back
from its log, called off when its players never come, and retired some time after its
match ends. Commands reach a table only through its owner."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import structlog

from circolo.server.botpool import BotPool
from circolo.server.bus import Bus, encode
from circolo.server.fairplay import FairPlay
from circolo.server.owner import Owner, topic
from circolo.server.presence import Presence
from circolo.server.ratelimit import SlidingWindow
from circolo.server.ratings import Ratings
from circolo.server.settings import Settings
from circolo.server.tasks import Tasks
from circolo.server.told import Told
from circolo.server.waiting import Pending
from circolo.store import Store, StoreError
from circolo.table import Command, Connected, Leave, Table, TableConfig, TableError, TableSettings
from circolo.table.outcomes import MatchEnd, MatchEnds, match_results
from circolo.table.step import Audience

log = structlog.get_logger(__name__)


async def _nothing(_table_id: str) -> None:
    """One process owns every table: nothing to claim or release."""


class Tables:
    """Live tables by id, and their invite codes (private ones)."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        bus: Bus,
        bots: BotPool,
        clock: Callable[[], float],
        presence: Presence,
        tasks: Tasks,
        on_step: Callable[[Owner], None],
        on_retire: Callable[[str], None],
    ) -> None:
        self.settings = settings
        self.store = store
        self.bus = bus
        self.bots = bots
        self.clock = clock
        self.presence = presence
        self.tasks = tasks
        self.owners: dict[str, Owner] = {}  # changed only by _keep and _forget
        self._seated: dict[str, set[str]] = {}  # player id: the ids of their owners' tables
        boards = SlidingWindow(settings.leaderboard_requests, settings.leaderboard_window)
        self.ratings = Ratings(store, bus, boards)
        self.fairplay = FairPlay(store)
        self.invites: dict[str, str] = {}
        self._on_step = on_step  # after each step of a table (the lobby lists it anew)
        self._on_retire = on_retire  # a finished table forgotten: what else knew of it
        self.seeds_of: Callable[[str], Callable[[int], int] | None] = lambda _table: None
        """A tournament table's hand seeds (its round's duplicate deals): set by the room."""
        self.on_tournament_result: Callable[[str, dict[str, Any]], Awaitable[None]] | None = None
        """Where a tournament table's result goes (its tournament): set by the room."""
        self.claim: Callable[[str], Awaitable[None]] = _nothing
        """Own a new table before it is stored (several processes: its lease)."""
        self.released: Callable[[str], Awaitable[None]] = _nothing
        """A table this process no longer holds (retired, or owned elsewhere now)."""
        self.epoch_of: Callable[[str], int | None] = lambda _table: None
        """The epoch a table's writes carry (several processes: its lease's)."""
        self._linger: dict[str, asyncio.TimerHandle] = {}  # finished, retired when due
        self._unstarted: dict[str, asyncio.TimerHandle] = {}  # live, waiting for its players

    def adopt(
        self,
        table_id: str,
        config: TableConfig,
        table: Table,
        seq: int,
        created_at: float,
        invite: str | None,
        first: Command,
        told: dict[Audience, Told] | None = None,
        epoch: int | None = None,
        ends: MatchEnds | None = None,
    ) -> None:
        """A live table brought back from its log at ``seq``; ``first`` is its first command,
        ``told`` what its move logs had told (``told.retold``), ``epoch`` the lease's it
        writes with (several processes), ``ends`` its log's matches ended so far."""
        if invite is not None:
            self.invites[table_id] = invite
        owner = self._owner(table_id, config, table, seq, told, epoch, ends)
        owner.created_at = created_at
        owner.start(first)
        self._mind_start(table_id)

    async def stop(self) -> None:
        """Let every owner finish its queued commands (and their commits), then stop."""
        for handle in [*self._linger.values(), *self._unstarted.values()]:
            handle.cancel()
        await asyncio.gather(*(owner.stop() for owner in self.owners.values()))

    def _owner(
        self,
        table_id: str,
        config: TableConfig,
        table: Table,
        seq: int,
        told: dict[Audience, Told] | None = None,
        epoch: int | None = None,
        ends: MatchEnds | None = None,
    ) -> Owner:
        owner = Owner(
            table_id,
            config,
            table,
            seq,
            store=self.store,
            bus=self.bus,
            bots=self.bots,
            resync_frames=self.settings.resync_frames,
            bot_delay=self.settings.bot_delay,
            bot_budget_ms=self.settings.bot_budget_ms,
            clock=self.clock,
            on_finish=self._finished,
            on_match_over=self._match_over,
            on_step=self._on_step,
            told=told,
            seeds=self.seeds_of(table_id),
            epoch=epoch,
            on_fenced=lambda fenced: self.drop(fenced.table_id),
            ends=ends,
        )
        self._keep(owner)
        return owner

    def _keep(self, owner: Owner) -> None:
        self.owners[owner.table_id] = owner
        for player_id in _players(owner):
            self._seated.setdefault(player_id, set()).add(owner.table_id)

    def _forget(self, table_id: str) -> Owner | None:
        owner = self.owners.pop(table_id, None)
        if owner is None:
            return None
        for player_id in _players(owner):
            tables = self._seated[player_id]
            tables.discard(table_id)
            if not tables:
                del self._seated[player_id]
        return owner

    def owners_of(self, player_id: str) -> list[Owner]:
        """The owners of the tables where ``player_id`` sits (finished ones until they
        retire), without reading every table's seats: a new table checks its creator's
        quota, and each connection is told its tables."""
        return [self.owners[table_id] for table_id in self._seated.get(player_id, ())]

    async def _match_over(self, owner: Owner) -> None:
        """Each match's result, fair play and ratings, of the ends of the matches its owner
        stored, on a task of their own: the table goes on meanwhile. A store error is
        logged; the next match's end (which records every match again) or the recovery
        after a restart (which reads the whole log) records what was missed."""
        self.tasks.spawn(self._after_match(owner))

    async def record_outcomes(
        self,
        table_id: str,
        config: dict[str, Any],
        ends: Sequence[MatchEnd],
        results: list[Any],
        owner: Owner | None = None,
    ) -> None:
        """Keep how each match of a table's log ended (``ends``): its result (records),
        each person's conduct (fair play) and the ratings, each kept once however often it
        is asked, so a restart asks again for what a crash may have lost; ``owner``'s table
        is told of new ratings."""
        await self.store.record_matches(match_results(table_id, config, ends, results))
        await self.fairplay.record(table_id, config, ends)
        await self.ratings.record(table_id, config, ends, owner)

    async def _after_match(self, owner: Owner) -> None:
        try:
            ends = list(owner.match_ends.ends)  # the table goes on meanwhile
            config = owner.config.to_json()
            await self.record_outcomes(owner.table_id, config, ends, owner.table.results, owner)
        except StoreError as error:
            log.warning("match_end_not_recorded", table=owner.table_id, error=str(error))
        if owner.config.tournament and owner.table.results and self.on_tournament_result:
            await self.on_tournament_result(owner.table_id, owner.table.results[-1])

    async def _finished(self, owner: Owner) -> None:
        """Off the lobby now; retired after ``finished_linger`` (its players keep the final
        screen and the chat until then; afterwards, opening it says where its replay is)."""
        self._on_step(owner)
        table_id = owner.table_id
        self._linger[table_id] = asyncio.get_running_loop().call_later(
            self.settings.finished_linger, lambda: self.tasks.spawn(self._retire(table_id))
        )

    async def _retire(self, table_id: str) -> None:
        """A finished table's owner stopped and forgotten: its memory is given back."""
        self._linger.pop(table_id, None)
        self.invites.pop(table_id, None)
        self._on_retire(table_id)
        owner = self._forget(table_id)
        self.presence.revoke(table_id, "over")
        if owner is not None:
            await owner.stop()
            log.info("table_retired", table=table_id)
        await self.released(table_id)

    async def drop(self, table_id: str) -> None:
        """Another process owns this table now (this one lost its lease, or was fenced):
        its owner here stops at once and writes nothing more; its players' connections
        stay, and its frames come from the new owner."""
        for timers in (self._linger, self._unstarted):
            handle = timers.pop(table_id, None)
            if handle is not None:
                handle.cancel()
        self.invites.pop(table_id, None)
        owner = self._forget(table_id)
        if owner is not None:
            await owner.halt()
            log.info("table_let_go", table=table_id)
        await self.released(table_id)

    async def start(self, pending: Pending) -> Owner:
        """The live table of a full waiting table: stored, its owner started, each audience
        sent its first snapshot."""
        config = pending.config(TableSettings.from_json(self.settings.table or None))
        guests = _guests(config)
        await self.claim(pending.table_id)
        await self.store.create_table(
            pending.table_id, config.to_json(), self.clock(), list(guests),
            invite=pending.invite, guests=guests,
        )  # fmt: skip
        if pending.invite is not None:
            self.invites[pending.table_id] = pending.invite
        epoch = self.epoch_of(pending.table_id)
        owner = self._owner(pending.table_id, config, Table(config), 0, epoch=epoch)
        owner.created_at = pending.created_at
        owner.start()
        for index, seat in enumerate(config.seats):
            if seat.player_id and self.presence.connections(owner.table_id, index, seat.player_id):
                owner.post(Connected(index))
        for audience in owner.audiences():
            self.bus.publish_now(
                topic(owner.table_id, audience), encode(owner.snapshot_frame(audience))
            )
        self._mind_start(owner.table_id)
        log.info("table_started", table=owner.table_id, game=config.game)
        return owner

    async def open_match(self, table_id: str, config: TableConfig) -> Owner:
        """A tournament's match: its table stored and started at once (its players have the
        start deadline to press "start match"; nobody calls it off)."""
        guests = _guests(config)
        await self.claim(table_id)
        await self.store.create_table(
            table_id, config.to_json(), self.clock(), list(guests), guests=guests
        )
        owner = self._owner(table_id, config, Table(config), 0, epoch=self.epoch_of(table_id))
        owner.start()
        for index, seat in enumerate(config.seats):
            if seat.player_id and self.presence.connections(table_id, index, seat.player_id):
                owner.post(Connected(index))
        log.info("tournament_table_started", table=table_id, game=config.game)
        return owner

    def _mind_start(self, table_id: str) -> None:
        """A live table waits for each of its players to connect; one still waiting after
        ``waiting_grace`` (its player closed the page as it started, or never came back
        after a restart) is called off, so no table waits forever."""
        self._unstarted[table_id] = asyncio.get_running_loop().call_later(
            self.settings.waiting_grace, lambda: self.tasks.spawn(self._call_off(table_id))
        )

    async def _call_off(self, table_id: str) -> None:
        self._unstarted.pop(table_id, None)
        owner = self.owners.get(table_id)
        if owner is None or owner.config.tournament or owner.table.status != "waiting":
            return
        table = owner.table
        for seat, (config, presence) in enumerate(zip(table.seats, table.presence, strict=True)):
            if not config.is_bot and not presence.connected:
                try:
                    await owner.submit(Leave(seat))
                except TableError:  # it started or ended meanwhile
                    return
                log.info("unstarted_table_called_off", table=table_id, seat=seat)
                return


def _guests(config: TableConfig) -> dict[str, str]:
    """The people seated at a table: player id -> name."""
    return {seat.player_id: seat.name for seat in config.seats if seat.player_id is not None}


def _players(owner: Owner) -> list[str]:
    return list(_guests(owner.config))
