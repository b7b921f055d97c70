"""The lobby: tables waiting for players (created from the lobby's form, joined, left,
or made by Play now), what each looks like while it waits, and the listing of public
tables, waiting and playing, published on the bus topic ``lobby``.

A waiting table that none of its players has open is dropped after a grace; a full one
is started as a live table (``Tables``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import secrets
from collections.abc import Callable, Sequence
from typing import Any

import structlog

from circolo.engine import EngineError
from circolo.games import GAMES
from circolo.server.access import seat_of
from circolo.server.bus import Bus, Handler, Subscription, encode
from circolo.server.identity import Guest
from circolo.server.listing import listing
from circolo.server.owner import Audience, Frame, Owner, topic
from circolo.server.presence import Presence
from circolo.server.protocol import ProtocolError, TableCreate
from circolo.server.settings import Settings
from circolo.server.tables import Tables
from circolo.server.tasks import Tasks
from circolo.server.waiting import Pending, new_table_id
from circolo.store import Store
from circolo.table import SeatConfig, TableError
from circolo.table.outcomes import rated_table
from circolo.table.settings import SPEEDS

log = structlog.get_logger(__name__)

LOBBY = "lobby"


class Lobby:
    """Waiting tables by id, and the lobby's listing."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        bus: Bus,
        clock: Callable[[], float],
        tables: Tables,
        presence: Presence,
        tasks: Tasks,
        on_start: Callable[[Pending, Owner], None],
    ) -> None:
        self.settings = settings
        self.store = store
        self.bus = bus
        self.clock = clock
        self.tables = tables
        self.presence = presence
        self.tasks = tasks
        self._on_start = on_start  # a full waiting table became this live one
        self.pending: dict[str, Pending] = {}
        self.starting: dict[str, Pending] = {}  # full, its owner not made yet
        self._timers: dict[str, asyncio.TimerHandle] = {}  # Play now: its bots are due
        self._deserted: dict[str, asyncio.TimerHandle] = {}  # waiting tables nobody has open
        self._shown: dict[str, dict[str, Any]] = {}  # live tables as the lobby was last told
        self._relisted: dict[str, str] = {}  # a live table's status when its entry was made

    # -- life --------------------------------------------------------------------------------

    def restore(self, pending: Pending) -> None:
        """A waiting table back in the lobby; play now's bots come no sooner than the grace."""
        self.pending[pending.table_id] = pending
        if pending.play_now and pending.bots_at is not None:
            now = self.clock()
            delay = max(pending.bots_at - now, self.settings.resume_grace)
            pending.bots_at = now + delay
            self._timers[pending.table_id] = asyncio.get_running_loop().call_later(
                delay, self.bots_now, pending.table_id
            )
        self.mind_waiting(pending.table_id)
        log.info("waiting_table_recovered", table=pending.table_id)

    def stop(self) -> None:
        for handle in [*self._timers.values(), *self._deserted.values()]:
            handle.cancel()

    # -- the listing -------------------------------------------------------------------------

    def listing(self) -> list[dict[str, Any]]:
        """The public tables: waiting ones first (oldest first), then the ones playing."""
        waiting = [p.entry() for p in self.pending.values() if not p.private]
        owners = self.tables.owners.values()
        playing = [self.entry(o) for o in owners if self._listed(o)]
        return sorted(waiting, key=lambda e: e["created_at"]) + playing

    def _listed(self, owner: Owner) -> bool:
        """A public live table is listed while a person still plays at it: not once every
        human left, was counted away, or (before or after a match) has no connection."""
        table = owner.table
        if owner.config.private or owner.finished or table.status == "finished":
            return False
        playing = table.status == "playing"
        for seat, presence in zip(table.seats, table.presence, strict=True):
            if seat.is_bot or presence.left:
                continue
            if (not presence.away) if playing else presence.connected:
                return True
        return False

    def entry(self, owner: Owner) -> dict[str, Any]:
        """A live table as the lobby lists it."""
        config = owner.config
        return listing(
            table_id=owner.table_id,
            game=config.game,
            options=owner.table.rules.options(),
            speed=config.speed,
            private=config.private,
            rated=rated_table(config.to_json()),
            status=owner.table.status,
            seats=config.seats,
            created_at=owner.created_at,
        )

    def relist(self, owner: Owner) -> None:
        """After each step of a live table: tell the lobby when its entry changed, or that
        it is no longer listed (a private table is never named)."""
        if owner.config.private:
            return
        table_id = owner.table_id
        listed = self._listed(owner)
        status = owner.table.status
        if listed and self._relisted.get(table_id) == status:
            return  # only its status changes an entry while it is listed: not made anew
        entry = self.entry(owner) if listed else None
        if listed:
            self._relisted[table_id] = status
        else:
            self._relisted.pop(table_id, None)
        if entry == self._shown.get(table_id):
            return
        if entry is not None:
            self._shown[table_id] = entry
            self._lobby_update(entry)
        elif self._shown.pop(table_id, None) is not None:
            self._lobby_removed(table_id)

    def forget(self, table_id: str) -> None:
        """A retired table: nothing of it is shown any more."""
        self._shown.pop(table_id, None)
        self._relisted.pop(table_id, None)

    def _lobby_update(self, entry: dict[str, Any]) -> None:
        if not entry["private"]:
            self._send(LOBBY, {"type": "lobby.table", "table": entry})

    def _lobby_removed(self, table_id: str) -> None:
        self._send(LOBBY, {"type": "lobby.removed", "table_id": table_id})

    def _send(self, name: str, message: Frame) -> None:
        self.tasks.spawn(self.bus.publish(name, encode(message)))

    def subscribe(self, handler: Handler) -> Subscription:
        return self.bus.subscribe(LOBBY, handler)

    # -- creating, joining, leaving ----------------------------------------------------------

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
        if frame.rated and not (
            frame.private
            and frame.speed == "standard"
            and not any(spec is not None and spec.kind == "bot" for spec in specs)
        ):
            raise TableError(
                "bad_rated",
                "only a private table of people at the standard speed is offered rated "
                "(a public one is rated when people play it at the standard speed)",
            )
        seats: list[SeatConfig | None] = []
        mine: int | None = None
        for i, spec in enumerate(specs):
            if spec is not None and spec.kind == "bot":
                seats.append(SeatConfig.bot(spec.level))
            elif spec is not None and spec.kind == "me":
                if mine is not None:
                    raise TableError("bad_option", "you take one seat only")
                mine = i
                seats.append(SeatConfig.human(guest.id, guest.name[:40], rated=frame.rated))
            else:
                seats.append(None)
        pending = Pending(
            table_id=new_table_id(),
            game=frame.game,
            options=options,
            speed=frame.speed,
            private=frame.private,
            seats=seats,
            created_at=self.clock(),
            invite=secrets.token_urlsafe(6) if frame.private else None,
            creator=guest.id,
            rated=frame.rated,
        )
        if mine is None:
            mine = pending.sit(guest, None, frame.rated)
        try:
            pending.check()
        except EngineError as error:
            raise TableError(error.code, error.message) from None
        self._check_quota(guest, pending, new=True)
        await self.place(pending)
        return pending.table_id, mine, pending.invite

    def _check_quota(self, guest: Guest, pending: Pending, *, new: bool) -> None:
        """Seating ``guest`` at ``pending`` (``new``: a table they create) must keep them
        within ``waiting_tables_per_player`` (tables that wait, which they created or sit
        at) and ``bot_tables_per_player`` (tables where they sit with bots, or that Play
        now will fill with bots): else ``too_many_tables``, ``too_many_bot_tables``."""
        if new and pending.free():
            waiting = sum(
                1
                for p in self.pending.values()
                if p.creator == guest.id or seat_of(p.seats, guest.id) is not None
            )
            if waiting >= self.settings.waiting_tables_per_player:
                raise TableError(
                    "too_many_tables",
                    f"you already have {waiting} tables waiting for players: leave one first",
                )
        if _with_bots(pending.play_now, pending.seats):
            live = sum(
                1
                for o in self.tables.owners_of(guest.id)
                if not o.finished and _with_bots(False, o.config.seats)
            )
            waiting = sum(
                1
                for p in self.pending.values()
                if p is not pending
                and seat_of(p.seats, guest.id) is not None
                and _with_bots(p.play_now, p.seats)
            )
            if live + waiting >= self.settings.bot_tables_per_player:
                raise TableError(
                    "too_many_bot_tables",
                    f"you already play {live + waiting} tables with bots: finish one first",
                )

    async def join(self, guest: Guest, found: Pending, seat: int | None, rated: bool) -> int:
        if seat_of(found.seats, guest.id) is None:
            self._check_quota(guest, found, new=False)
        taken = found.sit(guest, seat, rated)
        await self.place(found)
        return taken

    async def place(self, pending: Pending) -> None:
        """Keep a table in the lobby while it has open seats, else start it."""
        if pending.free():
            if pending.table_id not in self.pending:
                await self.tables.claim(pending.table_id)
            await self.store.save_waiting(pending.table_id, pending.to_json(), pending.created_at)
            self.pending[pending.table_id] = pending
            self._lobby_update(pending.entry())
            self._waiting(pending)
            self.mind_waiting(pending.table_id)
            return
        if pending.table_id in self.pending and not pending.private:
            self._shown[pending.table_id] = pending.entry()  # what the lobby shows of it now
        self._forget_waiting(pending.table_id)
        self.starting[pending.table_id] = pending
        try:
            owner = await self.tables.start(pending)
            self.relist(owner)
            self._on_start(pending, owner)
        finally:
            self.starting.pop(pending.table_id, None)

    def _forget_waiting(self, table_id: str) -> None:
        self.pending.pop(table_id, None)
        for timers in (self._timers, self._deserted):
            timer = timers.pop(table_id, None)
            if timer is not None:
                timer.cancel()

    def _present(self, pending: Pending) -> bool:
        """Someone seated at this waiting table has it open on a connection."""
        return self.presence.present(pending.table_id, pending.seats)

    def mind_waiting(self, table_id: str) -> None:
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
                self.settings.waiting_grace, lambda: self.tasks.spawn(self._desert(table_id))
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
        if pending is not None and not pending.private:
            self._lobby_removed(table_id)
        self.presence.revoke(table_id, "gone")
        await self.tables.released(table_id)

    def _waiting(self, pending: Pending) -> None:
        """Tell the connections that have this waiting table open how it looks now."""
        for audience in [*range(len(pending.seats)), None]:
            self.bus.publish_now(
                topic(pending.table_id, audience), encode(self.waiting_frame(pending, audience))
            )

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

    async def leave(self, guest: Guest, found: Pending) -> None:
        seat = seat_of(found.seats, guest.id)
        if seat is None:
            raise TableError("not_seated", "you have no seat at this table")
        found.seats[seat] = None
        self.presence.revoke(found.table_id, "left", guest.id)
        if found.humans() == 0:
            await self._drop_waiting(found.table_id)
        else:
            await self.store.save_waiting(found.table_id, found.to_json(), found.created_at)
            self._lobby_update(found.entry())
            self._waiting(found)

    async def rename(self, guest: Guest) -> None:
        """``guest`` chose a new name: their seats at waiting tables take it."""
        for pending in tuple(self.pending.values()):
            seat = seat_of(pending.seats, guest.id)
            if seat is not None:
                held = pending.seats[seat]
                assert held is not None
                pending.seats[seat] = dataclasses.replace(held, name=guest.name[:40])
                await self.place(pending)

    # -- Play now ----------------------------------------------------------------------------

    async def play_now(
        self, guest: Guest, game: str, players: int, level: str | None = None
    ) -> tuple[str, int, float | None]:
        """A seat at once: beside a person who waits for that game and mode at a public
        table (the oldest such table whose player has it open), else at a new table
        whose empty seats bots of ``level`` take, at once (or after ``play_now_wait``
        seconds, when the room waits for people)."""
        if game not in GAMES:
            raise TableError("bad_option", f"unknown game {game!r}; one of {', '.join(GAMES)}")
        for pending in self.pending.values():
            held = seat_of(pending.seats, guest.id)
            if held is not None and pending.play_now:
                return pending.table_id, held, pending.bots_at
        candidates = sorted(
            (
                p
                for p in self.pending.values()
                if p.game == game
                and len(p.seats) == players
                and p.free()
                and not p.private
                and p.speed == "standard"
                and self._present(p)
            ),
            key=lambda p: p.created_at,
        )
        if candidates:
            pending = candidates[0]
            self._check_quota(guest, pending, new=False)
            seat = pending.sit(guest, None)
            await self.place(pending)
            return pending.table_id, seat, pending.bots_at
        now, wait = self.clock(), self.settings.play_now_wait
        pending = Pending(
            table_id=new_table_id(),
            game=game,
            options={},
            speed="standard",
            private=False,
            seats=[None] * players,
            created_at=now,
            play_now=True,
            bots_at=now + wait if wait > 0 else None,
            creator=guest.id,
            level=level,
        )
        seat = pending.sit(guest, None)
        pending.check()
        if wait <= 0:
            pending.fill_with_bots(level or self.settings.play_now_level)
        self._check_quota(guest, pending, new=True)
        if wait > 0:
            loop = asyncio.get_running_loop()
            self._timers[pending.table_id] = loop.call_later(wait, self.bots_now, pending.table_id)
        await self.place(pending)
        return pending.table_id, seat, pending.bots_at

    async def start_with_bots(self, guest: Guest, pending: Pending) -> None:
        """A seated player of a waiting Play now table asks for the bots now."""
        if seat_of(pending.seats, guest.id) is None:
            raise ProtocolError("not_seated", "you have no seat at this table")
        if not pending.play_now:
            raise TableError("no_start_needed", "this table starts when every seat is taken")
        pending.fill_with_bots(pending.level or self.settings.play_now_level)
        await self.place(pending)

    def bots_now(self, table_id: str) -> None:
        """Play now's wait is over: bots take the empty seats, once one of the table's
        players has it open (a table nobody holds open never starts: it goes after
        ``waiting_grace``, unless a player opens it again first, as after a restart)."""
        self._timers.pop(table_id, None)
        pending = self.pending.get(table_id)
        if pending is None or not self._present(pending):
            return
        pending.fill_with_bots(pending.level or self.settings.play_now_level)
        self.tasks.spawn(self.place(pending))

    def bots_due(self, table_id: str) -> bool:
        """A Play now table whose bots are due (its wait over, its timer gone)."""
        pending = self.pending.get(table_id)
        return (
            pending is not None
            and pending.play_now
            and table_id not in self._timers
            and pending.bots_at is not None
            and pending.bots_at <= self.clock()
        )


def _with_bots(play_now: bool, seats: Sequence[SeatConfig | None]) -> bool:
    """Does (or will, by Play now) a table seat bots."""
    return play_now or any(seat is not None and seat.is_bot for seat in seats)
