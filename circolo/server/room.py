"""The room: every table (waiting in the lobby or live with its owner), and what
connections may ask of them. Connections only transport; tables change only in owners.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

import structlog

from circolo.engine import EngineError
from circolo.games import GAMES, rules_class
from circolo.server.botpool import BotPool
from circolo.server.bus import Bus, Handler, Subscription, encode
from circolo.server.feeds import Delivery, Feed, Feeds
from circolo.server.identity import Guest
from circolo.server.lobby import Pending, listing, new_table_id
from circolo.server.nextmatch import Offer, Solo, matches, player_topic
from circolo.server.owner import Audience, Frame, Outgoing, Owner, topic
from circolo.server.protocol import ProtocolError, TableCreate
from circolo.server.ratelimit import SlidingWindow
from circolo.server.settings import Settings
from circolo.store import Store, StoreError, UnknownTable
from circolo.table import (
    Command,
    Connected,
    Disconnected,
    Leave,
    Rematch,
    Resume,
    SeatConfig,
    Table,
    TableConfig,
    TableError,
    TableSettings,
)
from circolo.table.settings import SPEEDS

log = structlog.get_logger(__name__)

LOBBY = "lobby"


class Room:
    """Tables by id; the lobby's listing published on the bus topic ``lobby``."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        bus: Bus,
        bots: BotPool,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings
        self.store = store
        self.bus = bus
        self.bots = bots
        self.clock = clock
        self.owners: dict[str, Owner] = {}
        self.pending: dict[str, Pending] = {}
        self.feeds = Feeds()
        self._live: dict[tuple[str, int, str], int] = {}  # (table, seat, player): connections
        self._starting: dict[str, Pending] = {}  # full, its owner not made yet
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._deserted: dict[str, asyncio.TimerHandle] = {}  # waiting tables nobody has open
        self._unstarted: dict[str, asyncio.TimerHandle] = {}  # live, waiting for its players
        self._shown: dict[str, dict[str, Any]] = {}  # live tables as the lobby was last told
        self._tasks: set[asyncio.Task[Any]] = set()
        self._invites: dict[str, str] = {}
        self._solos: dict[str, Solo] = {}  # live Play now tables of one person and bots
        self._offers: dict[str, Offer] = {}  # by each of its two tables
        self._chat = SlidingWindow(settings.chat_messages, settings.chat_window)
        self.closing = False

    # -- life --------------------------------------------------------------------------------

    async def recover(self) -> int:
        """Bring back every waiting table, and every live table from its log (each gets
        ``Resume(grace)`` first; one whose log ends the match only gets its result
        recorded). Returns the live tables' count."""
        for data in await self.store.waiting_tables():
            try:
                pending = Pending.from_json(data)
            except Exception:
                log.exception("recover_waiting_failed", table=data.get("table_id"))
                continue
            self._restore(pending)
        count = 0
        for saved in await self.store.live_tables():
            table_id = saved.table.table_id
            try:
                config = TableConfig.from_json(saved.table.config)
                table = Table.replay(config, [entry.data for entry in saved.entries])
                if table.status == "finished":  # killed between its last entry and its result
                    await self.store.finish_table(table_id, table.result or {}, table.last_at)
                    log.info("finished_table_recorded", table=table_id)
                    continue
            except Exception:
                log.exception("recover_failed", table=table_id)
                continue
            if saved.table.invite is not None:
                self._invites[table_id] = saved.table.invite
            seq = saved.entries[-1].seq if saved.entries else 0
            owner = self._owner(table_id, config, table, seq)
            owner.created_at = saved.table.created_at
            owner.start(Resume(self.settings.resume_grace))
            self._mind_start(table_id)
            count += 1
        log.info("tables_recovered", tables=count)
        return count

    def _restore(self, pending: Pending) -> None:
        """A waiting table back in the lobby; play now's bots come no sooner than the grace."""
        self.pending[pending.table_id] = pending
        if pending.invite is not None:
            self._invites[pending.table_id] = pending.invite
        if pending.play_now and pending.bots_at is not None:
            now = self.clock()
            delay = max(pending.bots_at - now, self.settings.resume_grace)
            pending.bots_at = now + delay
            self._timers[pending.table_id] = asyncio.get_running_loop().call_later(
                delay, self._bots_now, pending.table_id
            )
        self._mind_waiting(pending.table_id)
        log.info("waiting_table_recovered", table=pending.table_id)

    async def stop(self) -> None:
        """Let every owner finish its queued commands (and their commits), then stop."""
        for handle in [*self._timers.values(), *self._deserted.values(), *self._unstarted.values()]:
            handle.cancel()
        await asyncio.gather(*(owner.stop() for owner in self.owners.values()))

    def _owner(self, table_id: str, config: TableConfig, table: Table, seq: int) -> Owner:
        owner = Owner(
            table_id, config, table, seq, store=self.store, bus=self.bus, bots=self.bots,
            resync_frames=self.settings.resync_frames, bot_delay=self.settings.bot_delay,
            bot_budget_ms=self.settings.bot_budget_ms, clock=self.clock,
            on_finish=self._finished, on_step=self._relist,
        )  # fmt: skip
        self.owners[table_id] = owner
        return owner

    async def _finished(self, owner: Owner) -> None:
        """Off the lobby now; retired after ``finished_linger`` (its players keep the final
        screen and the chat until then; afterwards, opening it says where its replay is)."""
        self._relist(owner)
        table_id = owner.table_id
        self._timers[table_id] = asyncio.get_running_loop().call_later(
            self.settings.finished_linger, lambda: self._spawn(self._retire(table_id))
        )

    async def _retire(self, table_id: str) -> None:
        """A finished table's owner stopped and forgotten: its memory is given back."""
        self._timers.pop(table_id, None)
        self._invites.pop(table_id, None)
        self._shown.pop(table_id, None)
        self._solos.pop(table_id, None)
        self._drop_offer(table_id)
        owner = self.owners.pop(table_id, None)
        self.revoke(table_id, "over")
        if owner is not None:
            await owner.stop()
            log.info("table_retired", table=table_id)

    async def _gone(self, table_id: str, invite: str | None, guest: Guest) -> ProtocolError:
        """Why a table is not open here: ``table_over`` for a finished one the guest may
        see (public, seated there, or with its invite), else ``no_table``."""
        missing = ProtocolError("no_table", f"no table {table_id[:64]!r}")
        try:
            record = await self.store.table(table_id)
        except UnknownTable:
            return missing
        if record.status != "finished" or not record.seen_by(guest.id, invite):
            return missing
        return ProtocolError(
            "table_over", f"this match is over: its replay is at /api/tables/{table_id}/replay"
        )

    # -- lobby -------------------------------------------------------------------------------

    def games(self) -> list[dict[str, Any]]:
        described = []
        for game in GAMES:
            try:
                described.append(rules_class(game).describe())
            except Exception:  # a game not ported yet
                continue
        return described

    def listing(self) -> list[dict[str, Any]]:
        """The public tables: waiting ones first (oldest first), then the ones playing."""
        waiting = [p.entry() for p in self.pending.values() if not p.private]
        playing = [self._entry(o) for o in self.owners.values() if self._listed(o)]
        return sorted(waiting, key=lambda e: e["created_at"]) + playing

    def _listed(self, owner: Owner) -> bool:
        """A public live table is listed while a person still plays at it: not once every
        human left, was counted away, or (before or after a match) has no connection."""
        table = owner.table
        if owner.config.private or owner.finished or table.status == "finished":
            return False
        humans = [
            presence for seat, presence in zip(table.seats, table.presence, strict=True)
            if not seat.is_bot and not presence.left
        ]  # fmt: skip
        if table.status == "playing":
            return any(not presence.away for presence in humans)
        return any(presence.connected for presence in humans)

    def _entry(self, owner: Owner) -> dict[str, Any]:
        config = owner.config
        return listing(
            owner.table_id, config.game, owner.table.rules.options(), config.speed,
            config.private, owner.table.status, config.seats, 0, owner.created_at,
        )  # fmt: skip

    def _relist(self, owner: Owner) -> None:
        """After each step of a live table: tell the lobby when its entry changed, or that
        it is no longer listed (a private table is never named)."""
        if owner.config.private:
            return
        table_id = owner.table_id
        entry = self._entry(owner) if self._listed(owner) else None
        if entry == self._shown.get(table_id):
            return
        if entry is not None:
            self._shown[table_id] = entry
            self._lobby_update(entry)
        elif self._shown.pop(table_id, None) is not None:
            self._lobby_removed(table_id)

    def _lobby_update(self, entry: dict[str, Any]) -> None:
        if not entry["private"]:
            self._send(LOBBY, {"type": "lobby.table", "table": entry})

    def _lobby_removed(self, table_id: str) -> None:
        self._send(LOBBY, {"type": "lobby.removed", "table_id": table_id})

    def _send(self, name: str, message: Frame) -> None:
        self._spawn(self.bus.publish(name, encode(message)))

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` on its own task, kept until it ends."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def subscribe_lobby(self, handler: Handler) -> Subscription:
        return self.bus.subscribe(LOBBY, handler)

    def subscribe_player(self, player_id: str, handler: Handler) -> Subscription:
        """Frames for one player wherever they are (their next match's offer)."""
        return self.bus.subscribe(player_topic(player_id), handler)

    # -- seats -------------------------------------------------------------------------------

    def tables_of(self, guest: Guest) -> list[dict[str, Any]]:
        """Where ``guest`` holds a seat now."""
        held = []
        for table_id, pending in self.pending.items():
            seat = pending.seat_of(guest.id)
            if seat is not None:
                held.append({"table_id": table_id, "seat": seat})
        for table_id, owner in self.owners.items():
            seat = _seat_in(owner.config, guest.id)
            if seat is not None and not owner.finished:
                held.append({"table_id": table_id, "seat": seat})
        return held

    def seated_names(self) -> list[tuple[str, str]]:
        """(player id, name) of each person seated at a table that waits or plays."""
        seats = [seat for pending in self.pending.values() for seat in pending.seats]
        seats += [s for o in self.owners.values() if not o.finished for s in o.config.seats]
        return [(s.player_id, s.name) for s in seats if s is not None and s.player_id]

    async def rename(self, guest: Guest) -> None:
        """``guest`` chose a new name: their seats at waiting tables take it; a match under
        way keeps the name it started with (its log and its players know that one)."""
        for pending in tuple(self.pending.values()):
            seat = pending.seat_of(guest.id)
            if seat is not None:
                pending.seats[seat] = SeatConfig.human(guest.id, guest.name[:40])
                await self._place(pending)

    def seat_of(self, guest: Guest, table_id: str) -> int | None:
        if table_id in self.pending:
            return self.pending[table_id].seat_of(guest.id)
        if table_id in self.owners:
            return _seat_in(self.owners[table_id].config, guest.id)
        return None

    def _find(self, table_id: str, invite: str | None, guest: Guest) -> Pending | Owner:
        """A table ``guest`` may see: public, or private with its invite or a seat there."""
        found: Pending | Owner | None = self.pending.get(table_id) or self.owners.get(table_id)
        if found is None:
            raise ProtocolError("no_table", f"no table {table_id[:64]!r}")
        if isinstance(found, Pending):
            private, code, seat = found.private, found.invite, found.seat_of(guest.id)
        else:
            private, seat = found.config.private, _seat_in(found.config, guest.id)
            code = self._invites.get(table_id)
        if private and seat is None and not _same(invite, code):
            raise ProtocolError(
                "private_table", "this table is private: it opens with its invite link"
            )
        return found

    def _not_seated(self, found: Pending | Owner) -> ProtocolError:
        """The answer to opening a table where one holds no seat: its free seats (none once
        it started) and how it looks, so a client can sit down, let its player choose,
        or offer to watch."""
        if isinstance(found, Pending):
            free, entry = found.free(), found.entry()
            message = f"you have no seat at this table: join it (free seats: {free})"
        else:
            free, entry = [], self._entry(found)
            message = "you have no seat at this table, and its match has started: watch it"
        return ProtocolError(
            "not_seated", message, table_id=entry["table_id"], free=free, table=entry
        )

    def invite_link(self, table_id: str, code: str) -> str:
        return f"{self.settings.base_url}/t/{table_id}?invite={code}"

    async def create(self, guest: Guest, frame: TableCreate) -> tuple[str, int, str | None]:
        """A new table from the lobby form; it starts at once when no seat is open."""
        if frame.game not in GAMES:
            raise TableError(
                "bad_option", f"unknown game {frame.game!r}; one of {', '.join(GAMES)}"
            )
        options = {k: v for k, v in frame.options.items() if k != "players"}
        players = frame.options.get("players", 4 if len(frame.seats) > 2 else 2)
        if players not in (2, 4):
            raise TableError("bad_option", "players must be one of 2, 4")
        assert isinstance(players, int)
        specs = list(frame.seats) + [None] * (players - len(frame.seats))
        if len(specs) > players:
            raise TableError("bad_option", f"a table for {players} has {players} seats")
        if frame.speed not in SPEEDS:
            raise TableError("bad_option", f"speed is one of {', '.join(SPEEDS)}")
        seats: list[SeatConfig | None] = []
        mine: int | None = None
        for i, spec in enumerate(specs):
            if spec is not None and spec.kind == "bot":
                seats.append(SeatConfig.bot(spec.level))
            elif spec is not None and spec.kind == "me":
                if mine is not None:
                    raise TableError("bad_option", "you take one seat only")
                mine = i
                seats.append(SeatConfig.human(guest.id, guest.name[:40]))
            else:
                seats.append(None)
        pending = Pending(
            new_table_id(), frame.game, options, frame.speed, frame.private, seats,
            self.clock(), invite=secrets.token_urlsafe(6) if frame.private else None,
            creator=guest.id,
        )  # fmt: skip
        if mine is None:
            mine = pending.sit(guest, None)
        try:
            pending.check()
        except EngineError as error:
            raise TableError(error.code, error.message) from None
        self._check_quota(guest, pending, new=True)
        if pending.invite is not None:
            self._invites[pending.table_id] = pending.invite
        await self._place(pending)
        return pending.table_id, mine, pending.invite

    def _check_quota(self, guest: Guest, pending: Pending, *, new: bool) -> None:
        """Seating ``guest`` at ``pending`` (``new``: a table they create) must keep them
        within ``waiting_tables_per_player`` (tables that wait, which they created or sit
        at) and ``bot_tables_per_player`` (tables where they sit with bots, or that Play
        now will fill with bots): else ``too_many_tables``, ``too_many_bot_tables``."""
        if new and pending.free():
            waiting = sum(
                1 for p in self.pending.values()
                if p.creator == guest.id or p.seat_of(guest.id) is not None
            )  # fmt: skip
            if waiting >= self.settings.waiting_tables_per_player:
                raise TableError(
                    "too_many_tables",
                    f"you already have {waiting} tables waiting for players: leave one first",
                )
        if _with_bots(pending.play_now, pending.seats):
            live = sum(
                1 for o in self.owners.values()
                if not o.finished and _seat_in(o.config, guest.id) is not None
                and _with_bots(False, o.config.seats)
            )  # fmt: skip
            waiting = sum(
                1 for p in self.pending.values()
                if p is not pending and p.seat_of(guest.id) is not None
                and _with_bots(p.play_now, p.seats)
            )  # fmt: skip
            if live + waiting >= self.settings.bot_tables_per_player:
                raise TableError(
                    "too_many_bot_tables",
                    f"you already play {live + waiting} tables with bots: finish one first",
                )

    async def join(self, guest: Guest, table_id: str, seat: int | None, invite: str | None) -> int:
        found = self._find(table_id, invite, guest)
        if isinstance(found, Owner):
            held = _seat_in(found.config, guest.id)
            if held is None:
                raise TableError("table_full", "this table has started: watch it instead")
            return held
        if found.seat_of(guest.id) is None:
            self._check_quota(guest, found, new=False)
        taken = found.sit(guest, seat)
        await self._place(found)
        return taken

    async def _place(self, pending: Pending) -> None:
        """Keep a table in the lobby while it has open seats, else start it."""
        if pending.free():
            await self.store.save_waiting(pending.table_id, pending.to_json(), pending.created_at)
            self.pending[pending.table_id] = pending
            self._lobby_update(pending.entry())
            self._waiting(pending)
            self._mind_waiting(pending.table_id)
            return
        if pending.table_id in self.pending and not pending.private:
            self._shown[pending.table_id] = pending.entry()  # what the lobby shows of it now
        self._forget_waiting(pending.table_id)
        self._starting[pending.table_id] = pending
        try:
            await self._start(pending)
        finally:
            self._starting.pop(pending.table_id, None)

    def _forget_waiting(self, table_id: str) -> None:
        self.pending.pop(table_id, None)
        for timers in (self._timers, self._deserted):
            timer = timers.pop(table_id, None)
            if timer is not None:
                timer.cancel()

    def _present(self, pending: Pending) -> bool:
        """Someone seated at this waiting table has it open on a connection."""
        return any(
            self._live.get((pending.table_id, i, seat.player_id), 0) > 0
            for i, seat in enumerate(pending.seats)
            if seat is not None and seat.player_id is not None
        )

    def _mind_waiting(self, table_id: str) -> None:
        """A waiting table that none of its players has open (they closed the page, or never
        came back after a restart) is dropped after ``waiting_grace``, so the lobby shows
        no empty chairs; one of them opening it again keeps it."""
        pending = self.pending.get(table_id)
        if pending is None or self._present(pending):
            timer = self._deserted.pop(table_id, None)
            if timer is not None:
                timer.cancel()
        elif table_id not in self._deserted:
            self._deserted[table_id] = asyncio.get_running_loop().call_later(
                self.settings.waiting_grace, lambda: self._spawn(self._desert(table_id))
            )

    async def _desert(self, table_id: str) -> None:
        self._deserted.pop(table_id, None)
        pending = self.pending.get(table_id)
        if pending is not None and not self._present(pending):
            await self._drop_waiting(table_id)
            log.info("waiting_table_deserted", table=table_id)

    async def _drop_waiting(self, table_id: str) -> None:
        pending = self.pending.get(table_id)
        await self.store.drop_waiting(table_id)
        self._forget_waiting(table_id)
        self._invites.pop(table_id, None)
        if pending is not None and not pending.private:
            self._lobby_removed(table_id)
        self.revoke(table_id, "gone")

    def _waiting(self, pending: Pending) -> None:
        """Tell the connections that have this waiting table open how it looks now."""
        for audience in [*range(len(pending.seats)), None]:
            self.bus_now(topic(pending.table_id, audience), self.waiting_frame(pending, audience))

    def waiting_frame(self, pending: Pending, audience: Audience) -> Frame:
        """A waiting table's screen; its seats also get a private table's invite link (each
        of them has it already), so the host can share it again after a reload."""
        snapshot = {"status": "waiting", "table": pending.entry(), "bots_at": pending.bots_at}
        if audience is not None and pending.invite is not None:
            snapshot["invite"] = self.invite_link(pending.table_id, pending.invite)
        return {
            "type": "table.snapshot",
            "table_id": pending.table_id,
            "seq": 0,
            "seat": audience,
            "snapshot": snapshot,
        }

    def bus_now(self, name: str, message: Frame) -> None:
        self.bus.publish_now(name, encode(message))

    async def _start(self, pending: Pending) -> None:
        config = pending.config(TableSettings.from_json(self.settings.table or None))
        humans = [s.player_id for s in config.seats if s.player_id is not None]
        for seat in config.seats:
            if seat.player_id is not None:
                await self.store.ensure_guest(seat.player_id, seat.name)
        await self.store.create_table(
            pending.table_id, config.to_json(), self.clock(), humans, invite=pending.invite
        )
        await self.store.drop_waiting(pending.table_id)
        owner = self._owner(pending.table_id, config, Table.new(config), 0)
        owner.created_at = pending.created_at
        owner.start()
        for index, seat in enumerate(config.seats):
            if seat.player_id and self._live.get((owner.table_id, index, seat.player_id), 0):
                owner.post(Connected(index))
        for audience in owner.audiences():
            self.bus_now(topic(owner.table_id, audience), owner.snapshot_frame(audience))
        self._relist(owner)
        self._mind_start(owner.table_id)
        log.info("table_started", table=owner.table_id, game=config.game)
        people = [seat for seat in config.seats if seat.player_id is not None]
        if pending.play_now and len(people) == 1 and people[0].player_id is not None:
            solo = Solo(
                owner.table_id, config.game, len(config.seats), people[0].player_id,
                people[0].name, pending.level,
            )  # fmt: skip
            self._solos[owner.table_id] = solo
            self._pair(solo)

    def _mind_start(self, table_id: str) -> None:
        """A live table waits for each of its players to connect; one still waiting after
        ``waiting_grace`` (its player closed the page as it started, or never came back
        after a restart) is called off, so no table waits forever."""
        self._unstarted[table_id] = asyncio.get_running_loop().call_later(
            self.settings.waiting_grace, lambda: self._spawn(self._call_off(table_id))
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

    async def leave(self, guest: Guest, table_id: str) -> None:
        found = self._find(table_id, None, guest)
        if isinstance(found, Owner):
            seat = _seat_in(found.config, guest.id)
            if seat is None:
                raise TableError("not_seated", "you have no seat at this table")
            if found.table.status != "playing":  # gone from the match-end screen: no next
                self._drop_offer(table_id)
            await found.submit(Leave(seat))
            self.revoke(table_id, "left", guest.id)
            return
        seat = found.seat_of(guest.id)
        if seat is None:
            raise TableError("not_seated", "you have no seat at this table")
        found.seats[seat] = None
        self.revoke(table_id, "left", guest.id)
        if found.humans() == 0:
            await self._drop_waiting(table_id)
        else:
            await self.store.save_waiting(table_id, found.to_json(), found.created_at)
            self._lobby_update(found.entry())
            self._waiting(found)

    async def play_now(
        self, guest: Guest, game: str, players: int, level: str | None = None
    ) -> tuple[str, int, float | None]:
        """A seat at once: beside a person who waits for that game and mode at a public
        table (the oldest such table whose player has it open), else at a new table
        whose empty seats bots of ``level`` take, at once (or after ``play_now_wait``
        seconds, when the room waits for people)."""
        if game not in GAMES:
            raise TableError("bad_option", f"unknown game {game!r}; one of {', '.join(GAMES)}")
        for table_id, held in [(t["table_id"], t["seat"]) for t in self.tables_of(guest)]:
            pending = self.pending.get(table_id)
            if pending is not None and pending.play_now:
                return table_id, held, pending.bots_at
        candidates = sorted(
            (p for p in self.pending.values()
             if p.game == game and len(p.seats) == players and p.free() and not p.private
             and p.speed == "standard" and self._present(p)),
            key=lambda p: p.created_at,
        )  # fmt: skip
        if candidates:
            pending = candidates[0]
            self._check_quota(guest, pending, new=False)
            seat = pending.sit(guest, None)
            await self._place(pending)
            return pending.table_id, seat, pending.bots_at
        now, wait = self.clock(), self.settings.play_now_wait
        pending = Pending(
            new_table_id(), game, {}, "standard", False, [None] * players, now,
            play_now=True, bots_at=now + wait if wait > 0 else None, creator=guest.id,
            level=level,
        )  # fmt: skip
        seat = pending.sit(guest, None)
        pending.check()
        if wait <= 0:
            pending.fill_with_bots(level or self.settings.play_now_level)
        self._check_quota(guest, pending, new=True)
        if wait > 0:
            loop = asyncio.get_running_loop()
            self._timers[pending.table_id] = loop.call_later(wait, self._bots_now, pending.table_id)
        await self._place(pending)
        return pending.table_id, seat, pending.bots_at

    async def start_with_bots(self, guest: Guest, table_id: str) -> None:
        """A seated player of a waiting Play now table asks for the bots now."""
        pending = self._find(table_id, None, guest)
        if isinstance(pending, Owner):
            raise TableError("already_started", "the match has started")
        if pending.seat_of(guest.id) is None:
            raise ProtocolError("not_seated", "you have no seat at this table")
        if not pending.play_now:
            raise TableError("no_start_needed", "this table starts when every seat is taken")
        pending.fill_with_bots(pending.level or self.settings.play_now_level)
        await self._place(pending)

    def _bots_now(self, table_id: str) -> None:
        """Play now's wait is over: bots take the empty seats, once one of the table's
        players has it open (a table nobody holds open never starts: it goes after
        ``waiting_grace``, unless a player opens it again first, as after a restart)."""
        self._timers.pop(table_id, None)
        pending = self.pending.get(table_id)
        if pending is None or not self._present(pending):
            return
        pending.fill_with_bots(pending.level or self.settings.play_now_level)
        self._spawn(self._place(pending))

    def _bots_due(self, table_id: str) -> bool:
        """A Play now table whose bots are due (its wait over, its timer gone)."""
        pending = self.pending.get(table_id)
        return (
            pending is not None and pending.play_now and table_id not in self._timers
            and pending.bots_at is not None and pending.bots_at <= self.clock()
        )  # fmt: skip

    # -- your next match against a person --------------------------------------------------

    def _pair(self, new: Solo) -> None:
        """Offer the person of ``new`` and one playing the same game and mode against
        bots (their match under way, their table open) to play their next match together."""
        for table_id, waiting in self._solos.items():
            owner = self.owners.get(table_id)
            if (
                table_id in self._offers or owner is None or owner.table.status != "playing"
                or not matches(waiting, new) or not self._holds_open(waiting)
            ):  # fmt: skip
                continue
            offer = Offer(waiting, new)
            self._offers[waiting.table_id] = self._offers[new.table_id] = offer
            for side in offer.sides():
                self.bus_now(player_topic(side.player_id), offer.frame(side.player_id))
            log.info("next_match_offered", tables=[waiting.table_id, new.table_id])
            return

    def _holds_open(self, solo: Solo) -> bool:
        return any(
            count > 0 for (t, _, player), count in self._live.items()
            if t == solo.table_id and player == solo.player_id
        )  # fmt: skip

    def offer_frame(self, guest: Guest, table_id: str) -> Frame | None:
        """The next match ``guest`` is offered from this table, if any (sent again when
        they open it, so a reload keeps it)."""
        offer = self._offers.get(table_id)
        return offer.frame(guest.id) if offer is not None and offer.of(guest.id) else None

    def _drop_offer(self, table_id: str) -> None:
        """No next match for these two: each keeps the rematch with bots, as before."""
        offer = self._offers.get(table_id)
        if offer is None:
            return
        for side in offer.sides():
            self._offers.pop(side.table_id, None)
            off = {"type": "next_match.off", "table_id": side.table_id}
            self.bus_now(player_topic(side.player_id), off)

    async def next_match(self, guest: Guest, table_id: str, accept: bool) -> None:
        """Accept (once one's match is over) or decline the next match against the other
        person; when both accepted, a new table seats them (and bots in other seats)."""
        offer = self._offers.get(table_id)
        mine = offer.of(guest.id) if offer is not None else None
        if offer is None or mine is None or mine.table_id != table_id:
            raise TableError("no_offer", "no next match against a person is on offer here")
        if not accept:
            self._drop_offer(table_id)
            return
        owner = self.owners.get(table_id)
        if owner is not None and owner.table.status == "playing":
            raise TableError("not_over", "your match is not over yet")
        offer.accepted.add(guest.id)
        if len(offer.accepted) < 2:
            self.bus_now(player_topic(guest.id), offer.frame(guest.id))
            return
        for side in offer.sides():
            self._offers.pop(side.table_id, None)
            await self._decline_rematch(side)
        await self._together(offer)

    async def _decline_rematch(self, solo: Solo) -> None:
        """The rematch with bots is off for a person who goes to play another person."""
        owner = self.owners.get(solo.table_id)
        seat = None if owner is None else _seat_in(owner.config, solo.player_id)
        if owner is not None and seat is not None and owner.table.status == "rematch":
            with contextlib.suppress(TableError):  # its window closed meanwhile
                await owner.submit(Rematch(seat, False))

    async def _together(self, offer: Offer) -> None:
        first, second = offer.sides()
        seats: list[SeatConfig | None] = [None] * first.players
        seats[0] = SeatConfig.human(first.player_id, first.name)
        seats[1] = SeatConfig.human(second.player_id, second.name)  # opponents, in 2 v 2 too
        pending = Pending(
            new_table_id(), first.game, {}, "standard", False, seats, self.clock(),
            play_now=True, creator=first.player_id, level=first.level,
        )  # fmt: skip
        pending.fill_with_bots(first.level or self.settings.play_now_level)
        await self._place(pending)
        for seat, side in enumerate(offer.sides()):
            self.bus_now(
                player_topic(side.player_id),
                {"type": "next_match.ready", "table_id": side.table_id,
                 "next": pending.table_id, "seat": seat},
            )  # fmt: skip
        log.info("next_match_together", table=pending.table_id)

    # -- connections -------------------------------------------------------------------------

    async def open(
        self, guest: Guest, table_id: str, invite: str | None, since: int | None,
        send: Callable[[Delivery], None], on_revoke: Callable[[Feed, str], None],
        watch: bool = False,
    ) -> tuple[Feed, list[Outgoing]]:  # fmt: skip
        """Open a table on a connection: its feed (subscribed to the bus, each frame handed
        to ``send`` as a delivery to authorize when written) and the frames to send first
        (missed events or a snapshot)."""
        if table_id not in self.pending and table_id not in self.owners:
            raise await self._gone(table_id, invite, guest)
        found = self._find(table_id, invite, guest)
        seat = None if watch else self.seat_of(guest, table_id)
        if seat is None and not watch:
            raise self._not_seated(found)
        if seat is None and self.bus.subscribers(topic(table_id, None)) >= self.settings.spectators:
            raise ProtocolError(
                "too_many_spectators", f"this table has its {self.settings.spectators} spectators"
            )
        feed = Feed(table_id, seat, guest.id, on_revoke)

        def handler(text: str) -> None:
            send(Delivery(feed, text))

        if isinstance(found, Pending):
            feed.subscription = self.bus.subscribe(topic(table_id, feed.audience), handler)
            frames: list[Outgoing] = [self.waiting_frame(found, feed.audience)]
        else:
            try:
                frames, feed.subscription = await found.attach(feed.audience, handler, since)
            except TableError as error:
                raise ProtocolError(error.code, error.message) from None
        self.feeds.add(feed)
        if feed.audience is not None:
            self._connection_opened(feed)
            offer = self.offer_frame(guest, table_id)
            if offer is not None:
                frames.append(offer)
        return feed, frames

    async def resync(
        self, guest: Guest, table_id: str, audience: Audience, since: int | None
    ) -> list[Outgoing]:
        """What a connection that has the table open missed (it was let in when it opened
        the table: a private table's spectator is not asked for the invite again)."""
        found = self._find(table_id, self._invites.get(table_id), guest)
        if isinstance(found, Pending):
            return [self.waiting_frame(found, audience)]
        try:
            return await found.catch_up(audience, since)
        except TableError as error:
            raise ProtocolError(error.code, error.message) from None

    def holds(self, player_id: str, table_id: str, audience: Audience) -> bool:
        """May ``player_id`` read ``audience``'s frames of this table now: a seat only while
        the player sits in it; the spectators' view while the table is here."""
        found = self.pending.get(table_id) or self._starting.get(table_id)
        owner = self.owners.get(table_id)
        if found is not None:
            seats: tuple[SeatConfig | None, ...] = tuple(found.seats)
        elif owner is not None:
            seats = owner.config.seats
        else:
            return False
        if audience is None:
            return True
        seat = seats[audience] if 0 <= audience < len(seats) else None
        return seat is not None and seat.player_id == player_id

    def authorized(self, delivery: Delivery) -> bool:
        """May this frame be written to its connection now (complete mediation)."""
        feed = delivery.feed
        return feed.open and self.holds(feed.player_id, feed.table_id, feed.audience)

    def close_feed(self, feed: Feed) -> None:
        """A connection closes one of its feeds (closing the table, going, or reopening it
        as another audience)."""
        if self.feeds.discard(feed) and feed.audience is not None:
            self._connection_closed(feed)

    def revoke(self, table_id: str, reason: str, player_id: str | None = None) -> None:
        """Close every feed of this table (of one player, when given) on every connection,
        and tell each connection why: ``left``, ``gone`` (a waiting table dropped) or
        ``over`` (a finished table retired)."""
        for feed in self.feeds.of(table_id, player_id):
            self.close_feed(feed)
            feed.on_revoke(feed, reason)
            log.debug("feed_revoked", table=table_id, seat=feed.audience, reason=reason)

    def _connection_opened(self, feed: Feed) -> None:
        assert feed.audience is not None
        key = (feed.table_id, feed.audience, feed.player_id)
        self._live[key] = self._live.get(key, 0) + 1
        owner = self.owners.get(feed.table_id)
        if self._live[key] == 1 and owner is not None:
            owner.post(Connected(feed.audience))
        self._mind_waiting(feed.table_id)
        if self._bots_due(feed.table_id):  # its player is back: the bots come now
            self._bots_now(feed.table_id)

    def _connection_closed(self, feed: Feed) -> None:
        """The last connection of a seat's player gone (not a player who left the seat, and
        not while the server itself shuts down)."""
        assert feed.audience is not None
        key = (feed.table_id, feed.audience, feed.player_id)
        count = self._live.get(key, 0) - 1
        if count > 0:
            self._live[key] = count
            return
        self._live.pop(key, None)
        if self.closing:
            return
        owner = self.owners.get(feed.table_id)
        if owner is not None and self.holds(feed.player_id, feed.table_id, feed.audience):
            owner.post(Disconnected(feed.audience))
        self._mind_waiting(feed.table_id)

    async def act(
        self, guest: Guest, table_id: str, make: Callable[[int], Command], request_id: str | None
    ) -> int:
        """A seat's command to its table's owner; the ``seq`` once committed."""
        owner = self.owners.get(table_id)
        if owner is None:
            if table_id in self.pending:
                raise TableError("not_started", "the table waits for players")
            raise ProtocolError("no_table", f"no table {table_id[:64]!r}")
        seat = _seat_in(owner.config, guest.id)
        if seat is None:
            raise ProtocolError("not_seated", "you have no seat at this table")
        try:
            return await owner.submit(make(seat), request_id)
        except StoreError:
            raise ProtocolError(
                "busy", "the move could not be stored: nothing changed, try again"
            ) from None

    def chat_allowed(self, player_id: str) -> bool:
        """At most ``chat_messages`` per ``chat_window`` seconds per player."""
        return self._chat.allow(player_id, self.clock())

    def chat(self, guest: Guest, table_id: str, text: str) -> None:
        seat = self.seat_of(guest, table_id)
        if seat is None:
            raise ProtocolError("not_seated", "only seated players chat")
        found = self.pending.get(table_id)
        seats = len(found.seats) if found else len(self.owners[table_id].config.seats)
        message = {
            "type": "chat", "table_id": table_id, "seat": seat, "name": guest.name,
            "text": text, "at": self.clock(),
        }  # fmt: skip
        for audience in [*range(seats), None]:
            self.bus_now(topic(table_id, audience), message)


def _with_bots(play_now: bool, seats: Sequence[SeatConfig | None]) -> bool:
    """Does (or will, by Play now) a table seat bots."""
    return play_now or any(seat is not None and seat.is_bot for seat in seats)


def _same(invite: str | None, code: str | None) -> bool:
    """Is ``invite`` this table's code (compared in constant time)."""
    if invite is None or code is None:
        return False
    return secrets.compare_digest(invite.encode(), code.encode())


def _seat_in(config: TableConfig, player_id: str) -> int | None:
    for i, seat in enumerate(config.seats):
        if seat.player_id == player_id:
            return i
    return None
