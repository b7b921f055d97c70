"""The room: every table (waiting in the lobby or live with its owner), and what
connections may ask of them. Connections only transport; tables change only in owners.

It puts together the lobby (waiting tables and the listing), the live tables, who has
which table open, and next matches; connections talk to it alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from circolo.games import GAMES
from circolo.server.access import may_see, may_see_stored, seat_of
from circolo.server.botpool import BotPool
from circolo.server.bus import Bus, Handler, Subscription, encode
from circolo.server.feeds import Delivery, Feed
from circolo.server.identity import Guest
from circolo.server.lobby import Lobby
from circolo.server.mutes import Mutes, chat_seat
from circolo.server.nextmatch import NextMatches, player_topic
from circolo.server.owner import Audience, Frame, Outgoing, Owner, topic
from circolo.server.presence import Presence
from circolo.server.protocol import ProtocolError, TableCreate
from circolo.server.ratelimit import SlidingWindow
from circolo.server.recovery import recover
from circolo.server.settings import Settings
from circolo.server.tables import Tables
from circolo.server.tasks import Tasks
from circolo.server.tournaments import Tournaments
from circolo.server.waiting import Pending
from circolo.store import Fenced, Store, StoreError, UnknownTable
from circolo.table import (
    Command,
    Connected,
    Disconnected,
    Leave,
    SeatConfig,
    TableError,
)


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
        tasks = Tasks()
        self.presence = Presence(self._connection_opened, self._connection_closed)
        self.tables = Tables(
            settings,
            store,
            bus,
            bots,
            clock,
            presence=self.presence,
            tasks=tasks,
            on_step=lambda owner: self.lobby.relist(owner),
            on_retire=self._retired,
        )
        self.lobby = Lobby(
            settings,
            store,
            bus,
            clock,
            tables=self.tables,
            presence=self.presence,
            tasks=tasks,
            on_start=lambda pending, owner: self.next.started(pending, owner),
        )
        self.next = NextMatches(
            settings, bus, clock, tables=self.tables, presence=self.presence, lobby=self.lobby
        )
        self.pending = self.lobby.pending
        self.owners = self.tables.owners
        self._chat = SlidingWindow(settings.chat_messages, settings.chat_window)
        self.mutes = Mutes(store, bus, settings.secret_key)
        self.tournaments = Tournaments(settings, store, bus, self.tables, tasks, clock)
        self.tables.seeds_of = self.tournaments.seeds_of
        self.tables.on_tournament_result = self.tournaments.match_over
        self.closing = False

    # -- life --------------------------------------------------------------------------------

    async def recover(self) -> int:
        """Bring back every waiting table, and every live table from its log (each gets
        ``Resume(grace)`` first; one whose log ends the match only gets its result
        recorded), and the tournaments around them: rebuilt before their tables (which deal
        their seeds), carried on after. Returns the live tables' count."""
        await self.tournaments.load()
        count = await recover(self.store, self.lobby, self.tables, self.settings.resume_grace)
        await self.tournaments.resume()
        return count

    async def stop(self) -> None:
        """Let every owner finish its queued commands (and their commits), then stop."""
        self.lobby.stop()
        self.tournaments.stop()
        await self.tables.stop()

    def _retired(self, table_id: str) -> None:
        """A finished table is retired: the lobby and next matches forget it."""
        self.lobby.forget(table_id)
        self.next.forget(table_id)

    async def _gone(self, table_id: str, invite: str | None, guest: Guest) -> ProtocolError:
        """Why a table is not open here: ``table_over`` for a finished one the guest may
        see (public, seated there, or with its invite), else ``no_table``."""
        missing = ProtocolError("no_table", f"no table {table_id[:64]!r}")
        try:
            record = await self.store.table(table_id)
        except UnknownTable:
            return missing
        if record.status != "finished" or not may_see_stored(record, guest.id, invite):
            return missing
        return ProtocolError(
            "table_over", f"this match is over: its replay is at /api/tables/{table_id}/replay"
        )

    # -- lobby -------------------------------------------------------------------------------

    def games(self) -> list[dict[str, Any]]:
        """Every game's metadata (``Rules.describe``), for the lobby's form and the browser."""
        return [rules.describe() for rules in GAMES.values()]

    def listing(self) -> list[dict[str, Any]]:
        """The public tables: waiting ones first (oldest first), then the ones playing."""
        return self.lobby.listing()

    def subscribe_lobby(self, handler: Handler) -> Subscription:
        return self.lobby.subscribe(handler)

    def subscribe_player(self, player_id: str, handler: Handler) -> Subscription:
        """Frames for one player wherever they are (their next match's offer)."""
        return self.bus.subscribe(player_topic(player_id), handler)

    def invite_link(self, table_id: str, code: str) -> str:
        return self.lobby.invite_link(table_id, code)

    async def create(self, guest: Guest, frame: TableCreate) -> tuple[str, int, str | None]:
        """A new table from the lobby form; it starts at once when no seat is open."""
        return await self.lobby.create(guest, frame)

    async def play_now(
        self, guest: Guest, game: str, players: int, level: str | None = None
    ) -> tuple[str, int, float | None]:
        """A seat at once, beside a person who waits or at a new table with bots."""
        return await self.lobby.play_now(guest, game, players, level)

    async def next_match(self, guest: Guest, table_id: str, accept: bool) -> None:
        """Accept or decline the next match against the other person."""
        await self.next.next_match(guest, table_id, accept)

    async def tournament(self, op: str, **args: Any) -> Any:
        """A tournament route's work (``Tournaments.serve``)."""
        return await self.tournaments.serve(op, args)

    # -- seats -------------------------------------------------------------------------------

    async def may_play(self, guest: Guest) -> None:
        """A suspended account creates, joins and asks for no table (``circolo admin``)."""
        try:
            account = await self.store.account(guest.id)
        except StoreError:
            return  # the store is away: the table's own writes will say so
        if account is not None and account.suspended(self.clock()):
            until = account.suspended_until
            raise ProtocolError(
                "account_suspended",
                "this account is suspended"
                + (f" until {until:.0f} (epoch seconds)" if until is not None else ""),
                until=until,
            )

    async def tables_of(self, guest: Guest) -> list[dict[str, Any]]:
        """Where ``guest`` holds a seat now."""
        held = []
        for table_id, pending in self.pending.items():
            seat = seat_of(pending.seats, guest.id)
            if seat is not None:
                held.append({"table_id": table_id, "seat": seat})
        for owner in self.tables.owners_of(guest.id):
            seat = seat_of(owner.config.seats, guest.id)
            if seat is not None and not owner.finished:
                held.append({"table_id": owner.table_id, "seat": seat})
        return held

    def seated_names(self) -> list[tuple[str, str]]:
        """(player id, name) of each person seated at a table that waits or plays."""
        seats = [seat for pending in self.pending.values() for seat in pending.seats]
        seats += [s for o in self.owners.values() if not o.finished for s in o.config.seats]
        return [(s.player_id, s.name) for s in seats if s is not None and s.player_id]

    async def rename(self, guest: Guest) -> None:
        """``guest`` chose a new name: their seats at waiting tables take it; a match under
        way keeps the name it started with (its log and its players know that one)."""
        await self.lobby.rename(guest)

    def seat_of(self, guest: Guest, table_id: str) -> int | None:
        """The seat ``guest`` holds at this table, waiting or live, if any."""
        if table_id in self.pending:
            return seat_of(self.pending[table_id].seats, guest.id)
        if table_id in self.owners:
            return seat_of(self.owners[table_id].config.seats, guest.id)
        return None

    def _find(self, table_id: str, invite: str | None, guest: Guest) -> Pending | Owner:
        """A table ``guest`` may see: public, or private with its invite or a seat there."""
        found: Pending | Owner | None = self.pending.get(table_id) or self.owners.get(table_id)
        if found is None:
            raise ProtocolError("no_table", f"no table {table_id[:64]!r}")
        if isinstance(found, Pending):
            private, code, seats = found.private, found.invite, found.seats
        else:
            private, code = found.config.private, self.tables.invites.get(table_id)
            seats = list(found.config.seats)
        seated = seat_of(seats, guest.id) is not None
        if not may_see(private=private, seated=seated, invite=invite, code=code):
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
            free, entry = [], self.lobby.entry(found)
            message = "you have no seat at this table, and its match has started: watch it"
        return ProtocolError(
            "not_seated", message, table_id=entry["table_id"], free=free, table=entry
        )

    async def join(
        self, guest: Guest, table_id: str, seat: int | None, invite: str | None, rated: bool
    ) -> int:
        found = self._find(table_id, invite, guest)
        if isinstance(found, Owner):
            held = seat_of(found.config.seats, guest.id)
            if held is None:
                raise TableError("table_full", "this table has started: watch it instead")
            return held
        return await self.lobby.join(guest, found, seat, rated)

    async def leave(self, guest: Guest, table_id: str) -> None:
        found = self._find(table_id, None, guest)
        if isinstance(found, Owner):
            seat = seat_of(found.config.seats, guest.id)
            if seat is None:
                raise TableError("not_seated", "you have no seat at this table")
            if found.table.status != "playing":  # gone from the match-end screen: no next
                self.next.drop_offer(table_id)
            await found.submit(Leave(seat))
            self.revoke(table_id, "left", guest.id)
            return
        await self.lobby.leave(guest, found)

    async def start_with_bots(self, guest: Guest, table_id: str) -> None:
        """A seated player of a waiting Play now table asks for the bots now."""
        pending = self._find(table_id, None, guest)
        if isinstance(pending, Owner):
            raise TableError("already_started", "the match has started")
        await self.lobby.start_with_bots(guest, pending)

    # -- connections -------------------------------------------------------------------------

    async def open(
        self,
        guest: Guest,
        table_id: str,
        invite: str | None,
        since: int | None,
        send: Callable[[Delivery], None],
        on_revoke: Callable[[Feed, str], None],
        watch: bool = False,
    ) -> tuple[Feed, list[Outgoing]]:
        """Open a table on a connection: its feed (subscribed to the bus, each frame handed
        to ``send`` as a delivery to authorize when written) and the frames to send first
        (missed events or a snapshot)."""
        if table_id not in self.pending and table_id not in self.owners:
            raise await self._gone(table_id, invite, guest)
        found, seat = self.admit(guest, table_id, invite, watch)
        feed = Feed(table_id, seat, guest.id, on_revoke)

        def handler(text: str) -> None:
            send(Delivery(feed, text))

        if isinstance(found, Pending):
            feed.subscription = self.bus.subscribe(topic(table_id, feed.audience), handler)
            frames: list[Outgoing] = [self.lobby.waiting_frame(found, feed.audience)]
        else:
            try:
                frames, feed.subscription = await found.attach(feed.audience, handler, since)
            except TableError as error:
                raise ProtocolError(error.code, error.message) from None
            except Fenced:
                if found.fenced:  # another process owns the table now
                    raise
                # retired between its lookup and the call: gone, as for one not found
                raise await self._gone(table_id, invite, guest) from None
        self.presence.add(feed)
        if feed.audience is not None:
            offer = self.next.offer_frame(guest, table_id)
            if offer is not None:
                frames.append(offer)
        return feed, frames

    def admit(
        self, guest: Guest, table_id: str, invite: str | None, watch: bool
    ) -> tuple[Pending | Owner, Audience]:
        """May ``guest`` open this table (as their seat, or to watch it): the table and the
        audience, or why not."""
        found = self._find(table_id, invite, guest)
        seat = None if watch else self.seat_of(guest, table_id)
        if seat is None and not watch:
            raise self._not_seated(found)
        if seat is None and self.bus.subscribers(topic(table_id, None)) >= self.settings.spectators:
            raise ProtocolError(
                "too_many_spectators", f"this table has its {self.settings.spectators} spectators"
            )
        return found, seat

    async def first_frames(
        self, found: Pending | Owner, audience: Audience, since: int | None
    ) -> list[Outgoing]:
        """What an audience must see first of a table: its missed frames, or a snapshot."""
        if isinstance(found, Pending):
            return [self.lobby.waiting_frame(found, audience)]
        try:
            return await found.catch_up(audience, since)
        except TableError as error:
            raise ProtocolError(error.code, error.message) from None

    async def resync(
        self, guest: Guest, table_id: str, audience: Audience, since: int | None
    ) -> list[Outgoing]:
        """What a connection that has the table open missed (it was let in when it opened
        the table: a private table's spectator is not asked for the invite again)."""
        waiting = self.pending.get(table_id)
        code = waiting.invite if waiting is not None else self.tables.invites.get(table_id)
        return await self.first_frames(self._find(table_id, code, guest), audience, since)

    def seats_of_table(self, table_id: str) -> tuple[SeatConfig | None, ...] | None:
        """Who sits where at a table of this room (waiting, starting or live), or None."""
        found = self.pending.get(table_id) or self.lobby.starting.get(table_id)
        if found is not None:
            return tuple(found.seats)
        owner = self.owners.get(table_id)
        return owner.config.seats if owner is not None else None

    def may_see(self, guest: Guest, table_id: str) -> bool:
        """Is this table here, and may ``guest`` see it without an invite?"""
        try:
            self._find(table_id, None, guest)
        except ProtocolError:
            return False
        return True

    def holds(self, player_id: str, table_id: str, audience: Audience) -> bool:
        """May ``player_id`` read ``audience``'s frames of this table now: a seat only while
        the player sits in it; the spectators' view while the table is here."""
        seats = self.seats_of_table(table_id)
        if seats is None:
            return False
        if audience is None:
            return True
        seat = seats[audience] if 0 <= audience < len(seats) else None
        return seat is not None and seat.player_id == player_id

    def authorized(self, delivery: Delivery) -> bool:
        """May this frame be written to its connection now (complete mediation)."""
        feed = delivery.feed
        if not (feed.open and self.holds(feed.player_id, feed.table_id, feed.audience)):
            return False
        return not self._muted_line(feed, delivery.frame)

    def _muted_line(self, feed: Feed, frame: Outgoing) -> bool:
        """Is this a chat line from a player the feed's player muted?"""
        if not self.mutes.mutes_anyone(feed.player_id):
            return False
        seat = chat_seat(frame)
        seats = self.seats_of_table(feed.table_id) if seat is not None else None
        if seat is None or seats is None or not 0 <= seat < len(seats):
            return False
        sender = seats[seat]
        return (
            sender is not None
            and sender.player_id is not None
            and (self.mutes.muted(feed.player_id, sender.player_id))
        )

    def close_feed(self, feed: Feed) -> None:
        """A connection closes one of its feeds (closing the table, going, or reopening it
        as another audience)."""
        self.presence.close_feed(feed)

    def revoke(self, table_id: str, reason: str, player_id: str | None = None) -> None:
        """Close every feed of this table (of one player, when given) on every connection,
        and tell each connection why."""
        self.presence.revoke(table_id, reason, player_id)

    def _connection_opened(self, feed: Feed, first: bool) -> None:
        assert feed.audience is not None
        owner = self.owners.get(feed.table_id)
        if first and owner is not None:
            owner.post(Connected(feed.audience))
        self.lobby.mind_waiting(feed.table_id)
        if self.lobby.bots_due(feed.table_id):  # its player is back: the bots come now
            self.lobby.bots_now(feed.table_id)

    def _connection_closed(self, feed: Feed) -> None:
        """The last connection of a seat's player gone (not a player who left the seat, and
        not while the server itself shuts down)."""
        assert feed.audience is not None
        if self.closing:
            return
        owner = self.owners.get(feed.table_id)
        if owner is not None and self.holds(feed.player_id, feed.table_id, feed.audience):
            owner.post(Disconnected(feed.audience))
        self.lobby.mind_waiting(feed.table_id)

    def seat_at(self, guest: Guest, table_id: str) -> int:
        """The seat ``guest`` holds at this live table, which their commands are from."""
        owner = self.owners.get(table_id)
        if owner is None:
            if table_id in self.pending:
                raise TableError("not_started", "the table waits for players")
            raise ProtocolError("no_table", f"no table {table_id[:64]!r}")
        seat = seat_of(owner.config.seats, guest.id)
        if seat is None:
            raise ProtocolError("not_seated", "you have no seat at this table")
        return seat

    async def act(
        self,
        table_id: str,
        command: Command,
        request_id: str | None,
        accepted: Callable[[int], None] | None = None,
    ) -> int:
        """A seat's command (its seat from ``seat_at``) to its table's owner; the ``seq``
        once committed, given to ``accepted`` first (``Owner.submit``)."""
        owner = self.owners.get(table_id)
        if owner is None:
            raise ProtocolError("no_table", f"no table {table_id[:64]!r}")
        try:
            return await owner.submit(command, request_id, accepted)
        except StoreError:
            raise ProtocolError(
                "busy", "the move could not be stored: nothing changed, try again"
            ) from None

    def chat_allowed(self, player_id: str) -> bool:
        """At most ``chat_messages`` per ``chat_window`` seconds per player."""
        return self._chat.allow(player_id, self.clock())

    def chat(self, guest: Guest, table_id: str, text: str) -> None:
        seat = self.seat_of(guest, table_id)
        if seat is None and self.seats_of_table(table_id) is not None:
            raise ProtocolError("chat_players_only", "only the players at the table chat")
        if seat is None:
            raise ProtocolError("not_seated", "you have no seat at this table")
        seats = len(self.seats_of_table(table_id) or ())
        message = {
            "type": "chat",
            "table_id": table_id,
            "seat": seat,
            "name": guest.name,
            "text": text,
            "at": self.clock(),
        }
        for audience in [*range(seats), None]:
            self.bus_now(topic(table_id, audience), message)

    def bus_now(self, name: str, message: Frame) -> None:
        self.bus.publish_now(name, encode(message))
