"""The room when it runs as several processes: any process serves any player.

A table lives in the process that holds its lease (``cluster.py``). What a connection asks
of a table (open it, move, join, leave, chat...) goes to that process (``peers.py``), which
answers as the one-process room does, and keeps a *hosted feed* for each connection that
has the table open elsewhere: its seat counts as connected there, and a revocation (a
player left the seat, the table is over) goes back to the connection's process. The
frames themselves come on the Redis bus to the connection's process, which authorizes each
one for its seat when it writes it, as always.

When a table moves (its process died or drained), the new owner says so to every process,
and each one opens its connections' feeds of that table there again: the seats stay
connected, and a connection that missed a frame resyncs as after any gap.

The lobby's listing is every process's: each one publishes its tables' changes on the
bus, and each one keeps what it heard. Play now seats a player beside a person who waits
at a table of another process, as it does at one of its own.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import structlog
from redis.exceptions import RedisError

from circolo.server.access import seat_of
from circolo.server.botpool import BotPool
from circolo.server.bus import Bus
from circolo.server.cluster import Cluster, table_lease
from circolo.server.feeds import Delivery, Feed
from circolo.server.identity import Guest
from circolo.server.lease import Lease
from circolo.server.lobby import LOBBY
from circolo.server.owner import Audience, Outgoing, topic
from circolo.server.peers import Handler, Unreachable
from circolo.server.protocol import ProtocolError
from circolo.server.recovery import rebuild
from circolo.server.room import Room
from circolo.server.settings import Settings
from circolo.server.tournaments import seeds_from
from circolo.server.waiting import Pending
from circolo.store import Store, UnknownTable
from circolo.table import Command, SeatConfig, TableConfig, TableError
from circolo.tournaments import TournamentError

log = structlog.get_logger(__name__)

TOURNAMENTS = "tournaments"
"""The lease of the process that runs the tournaments."""
OWNER_CHECKED_EVERY = 0.5
"""Seconds between two looks at who owns a table while its owner is slow to answer."""
MOVES_FOLLOWED = 3
"""How many times a request follows its table to a new owner before it answers busy."""


@dataclass
class Known:
    """A table of another process as this one last heard of it."""

    seats: tuple[SeatConfig | None, ...]
    private: bool


@dataclass
class Link:
    """A connection's feed of a table owned elsewhere (or here: the same path)."""

    key: str
    feed: Feed
    guest: dict[str, Any]
    holder: str
    send: Callable[[Delivery], None]


def _guest(data: dict[str, Any]) -> Guest:
    return Guest(str(data["id"]), str(data["name"]), named=bool(data.get("named")))


def _seats(data: list[Any]) -> tuple[SeatConfig | None, ...]:
    return tuple(None if seat is None else SeatConfig.from_json(seat) for seat in data)


class ClusterRoom(Room):
    """The room, with each table's work done by the process that owns it."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        bus: Bus,
        bots: BotPool,
        cluster: Cluster,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(settings, store, bus, bots, clock)
        self.cluster = cluster
        self.peers = cluster.peers
        self.known: dict[str, Known] = {}
        self.links: dict[str, Link] = {}  # by key, this process's connections' feeds
        self._link_of: dict[int, str] = {}  # id(feed) -> key
        self.hosted: dict[tuple[str, str], Feed] = {}  # (process, key): feeds of others
        self.heard: dict[str, dict[str, Any]] = {}  # the lobby's entries, from every process
        self._heard = bus.subscribe(LOBBY, self._hear)
        self._watch: asyncio.Task[None] | None = None
        self._tournaments: asyncio.Task[None] | None = None
        self.tables.claim = self._claim
        self.tables.released = cluster.release
        self.tables.epoch_of = cluster.epoch
        self.tables.seeds_of = self._seeds_of
        self.tables.on_tournament_result = self._tournament_result
        self._secrets: dict[str, int] = {}  # tournament tables moved here: round secrets
        self._running: Lease | None = None  # the tournaments' lease, when they run here
        cluster.adopt = self._adopt
        cluster.lost = self.tables.drop
        cluster.revived = self._reattach
        table_ops: dict[str, Handler] = {
            "admit": self._serve_admit, "open": self._serve_open,
            "attach": self._serve_attach, "resync": self._serve_resync,
            "act": self._serve_act, "join": self._serve_join, "leave": self._serve_leave,
            "bots": self._serve_bots, "next": self._serve_next,
        }  # fmt: skip
        for op, handler in table_ops.items():
            self.peers.serve(op, self._once_adopted(handler))
        others: dict[str, Handler] = {
            "close": self._serve_close, "revoke": self._serve_revoke, "moved": self._serve_moved,
            "tournament": self._serve_tournament, "tournament.result": self._serve_result,
            "tournament.secret": self._serve_secret,
        }  # fmt: skip
        for op, handler in others.items():
            self.peers.serve(op, handler)

    def _once_adopted(self, handler: Handler) -> Handler:
        """A table's op, served once the table is rebuilt here if this process is taking it
        over this moment (its lease is taken before its owner is rebuilt)."""

        async def serve(origin: str, args: dict[str, Any]) -> Any:
            await self.cluster.adopted(str(args["table_id"]))
            return await handler(origin, args)

        return serve

    # -- life --------------------------------------------------------------------------------

    async def recover(self) -> int:
        """The tables nobody holds are taken by this process's sweeps (the first one now),
        and the tournaments by whichever process gets their lease."""
        await self.cluster.start()
        self._watch = asyncio.create_task(self._watch_origins())
        self._tournaments = asyncio.create_task(self._run_tournaments())
        return await self.cluster.sweep()

    async def stop(self) -> None:
        """Drain: finish the commands under way, then let every table go at once, and tell
        the other processes to take them now."""
        for task in (self._watch, self._tournaments):
            if task is not None:
                task.cancel()
        self.cluster.draining = True
        await super().stop()
        if self._running is not None:
            await self.cluster.leases.release([self._running])
        await self.cluster.release(list(self.cluster.held))
        self.peers.broadcast("sweep")
        await self.cluster.stop()
        self._heard.close()

    async def _claim(self, table_id: str) -> None:
        if table_id in self.cluster.held:
            return
        if await self.cluster.take(table_id, new=True) is None:
            raise ProtocolError("busy", "the room is busy: try again")

    async def _adopt(self, table_id: str, epoch: int) -> bool:
        """A table nobody held, taken by this process: rebuilt from the store (a waiting one
        back in the lobby), and every process told where it is now."""
        waiting = await self.store.waiting_table(table_id)
        if waiting is not None:
            self.lobby.restore(Pending.from_json(waiting))
        else:
            try:
                saved = await self.store.load(table_id)
            except UnknownTable:
                return False
            if saved.table.config.get("tournament") and not await self._learn_secret(table_id):
                return False  # its deals are not known yet: a later sweep takes it
            if saved.table.status != "live" or not await rebuild(
                self.store, self.tables, saved, self.settings.resume_grace, epoch
            ):
                return False
            owner = self.owners[table_id]
            self.lobby.relist(owner)
        self.peers.broadcast("moved", table_id=table_id, holder=self.peers.process_id)
        return True

    # -- where a table is --------------------------------------------------------------------

    def _here(self, table_id: str) -> bool:
        return table_id in self.pending or table_id in self.owners

    async def _holder(self, table_id: str, guest: Guest | None, invite: str | None) -> str:
        if self._here(table_id):
            return self.peers.process_id
        holder = await self.cluster.holder(table_id)
        if holder is None and await self._open_in_store(table_id):
            holder = await self.cluster.holder_soon(table_id)  # it is moving: wait for it
        if holder is None:
            if guest is None:
                raise ProtocolError("no_table", f"no table {table_id[:64]!r}")
            raise await self._gone(table_id, invite, guest)
        return holder

    async def _open_in_store(self, table_id: str) -> bool:
        """Is this a waiting or live table (not a finished one, nor a made-up id)?"""
        if await self.store.waiting_table(table_id) is not None:
            return True
        try:
            return (await self.store.table(table_id)).status == "live"
        except UnknownTable:
            return False

    async def _at(self, table_id: str, guest: Guest | None, op: str, **args: Any) -> Any:
        """``op`` on ``table_id``, done by the process that owns it: asked again of the new
        owner when the table moves meanwhile (its process died or drained)."""
        if guest is not None:
            args["guest"] = guest.to_json()
        for _ in range(MOVES_FOLLOWED):
            try:
                holder = await self._holder(table_id, guest, args.get("invite"))
                return await self._ask(holder, table_id, op, args)
            except (Unreachable, RedisError):  # it moves, or Redis is away a moment
                await asyncio.sleep(OWNER_CHECKED_EVERY)
        raise ProtocolError("busy", "the table is moving to another server: try again")

    async def _ask(self, holder: str, table_id: str, op: str, args: dict[str, Any]) -> Any:
        """``op`` asked of ``holder``; ``Unreachable`` as soon as it no longer holds the
        table (its lease ran out: it died), not at the request's time-out."""
        if holder == self.peers.process_id:
            return await self.peers.call(holder, op, table_id=table_id, **args)
        call = asyncio.ensure_future(self.peers.call(holder, op, table_id=table_id, **args))
        try:
            while True:
                done, _ = await asyncio.wait({call}, timeout=OWNER_CHECKED_EVERY)
                if done:
                    return call.result()
                if await self.cluster.holder(table_id) != holder:
                    raise Unreachable(f"table {table_id} left process {holder}")
        finally:
            call.cancel()

    # -- tournaments: they run in one process at a time ----------------------------------------

    async def _run_tournaments(self) -> None:
        """The process that gets the ``tournaments`` lease runs them (rebuilt from their logs,
        as after a restart) until it loses it; the others send it their routes' work."""
        while True:
            try:
                if self._running is None:
                    self._running = await self.cluster.leases.acquire(TOURNAMENTS)
                    if self._running is not None:
                        log.info("tournaments_run_here")
                        await self.tournaments.load()
                        await self.tournaments.resume()
                elif not (await self.cluster.leases.renew([self._running]))[0]:
                    log.warning("tournaments_lease_lost")
                    self._running = None
                    self.tournaments.stop()
                    self.tournaments.live.clear()
            except Exception as error:
                log.warning("tournaments_lease_failed", error=str(error))
            await asyncio.sleep(self.cluster.ttl / 3)

    async def _tournaments_holder(self) -> str:
        loop = asyncio.get_running_loop()
        until = loop.time() + self.cluster.ttl + 5.0
        while True:
            if self._running is not None:
                return self.peers.process_id
            (holder,) = await self.cluster.leases.holders([TOURNAMENTS])
            if holder is not None:
                return holder
            if loop.time() >= until:
                raise TournamentError("busy", "the tournaments are moving: try again")
            await asyncio.sleep(0.2)

    async def tournament(self, op: str, **args: Any) -> Any:
        holder = await self._tournaments_holder()
        if holder == self.peers.process_id:
            return await super().tournament(op, **args)
        try:
            return await self.peers.call(holder, "tournament", what=op, args=args)
        except Unreachable:
            raise TournamentError("busy", "the tournaments are moving: try again") from None

    async def _serve_tournament(self, _origin: str, args: dict[str, Any]) -> Any:
        if self._running is None:
            raise TournamentError("busy", "the tournaments are moving: try again")
        return await self.tournaments.serve(str(args["what"]), dict(args["args"]))

    async def _tournament_result(self, table_id: str, result: dict[str, Any]) -> None:
        """A tournament table's result, to the process that runs the tournaments."""
        try:
            holder = await self._tournaments_holder()
            await self.peers.call(holder, "tournament.result", table_id=table_id, result=result)
        except (TournamentError, Unreachable) as error:  # its restart reads the stored result
            log.warning("tournament_result_not_told", table=table_id, error=str(error))

    async def _serve_result(self, _origin: str, args: dict[str, Any]) -> None:
        await self.tournaments.match_over(str(args["table_id"]), dict(args["result"]))

    def _seeds_of(self, table_id: str) -> Callable[[int], int] | None:
        here = self.tournaments.seeds_of(table_id)
        return here if here is not None else seeds_from(self._secrets.get(table_id))

    async def _learn_secret(self, table_id: str) -> bool:
        """A tournament table taken over here gets its round's deals from the tournaments'
        process (False while none answers)."""
        if self.tournaments.secret_of(table_id) is not None:
            return True
        try:
            holder = await self._tournaments_holder()
            secret = await self.peers.call(holder, "tournament.secret", table_id=table_id)
        except (TournamentError, Unreachable):
            return False
        if secret is None:
            return False
        self._secrets[table_id] = int(secret)
        return True

    async def _serve_secret(self, _origin: str, args: dict[str, Any]) -> str | None:
        secret = self.tournaments.secret_of(str(args["table_id"]))
        return None if secret is None else str(secret)

    # -- what connections ask ----------------------------------------------------------------

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
        admitted = await self._at(table_id, guest, "admit", invite=invite, watch=watch)
        seat: Audience = admitted["seat"]
        early: list[str] = []  # frames that come while the owner answers
        answered = False

        def handler(text: str) -> None:
            if answered:
                send(Delivery(feed, text))
            else:
                early.append(text)

        subscription = self.bus.subscribe(topic(table_id, seat), handler)
        key = secrets.token_hex(8)
        try:
            answer = await self._at(
                table_id, guest, "open", invite=invite, since=since, watch=watch, feed=key
            )
            if answer["seat"] != seat:
                raise ProtocolError("busy", "the table changed as it opened: open it again")
        except BaseException:
            subscription.close()
            raise
        self.known[table_id] = Known(_seats(answer["seats"]), bool(answer["private"]))
        feed = Feed(table_id, seat, guest.id, on_revoke)
        feed.subscription = subscription
        self.presence.feeds.add(feed)
        self.links[key] = Link(key, feed, guest.to_json(), answer["holder"], send)
        self._link_of[id(feed)] = key
        frames: list[Outgoing] = [*answer["frames"], *early]  # a client skips what it has
        answered = True
        return feed, frames

    def close_feed(self, feed: Feed) -> None:
        key = self._link_of.pop(id(feed), None)
        if key is None:  # a hosted feed
            super().close_feed(feed)
            return
        self.presence.feeds.discard(feed)
        link = self.links.pop(key, None)
        if link is not None:
            self.peers.tell(link.holder, "close", feed=key)

    async def resync(
        self, guest: Guest, table_id: str, audience: Audience, since: int | None
    ) -> list[Outgoing]:
        frames: list[Outgoing] = await self._at(
            table_id, guest, "resync", audience=audience, since=since
        )
        return frames

    def seats_of_table(self, table_id: str) -> tuple[SeatConfig | None, ...] | None:
        here = super().seats_of_table(table_id)
        if here is not None:
            return here
        known = self.known.get(table_id)
        return known.seats if known is not None else None

    def seat_of(self, guest: Guest, table_id: str) -> int | None:
        if self._here(table_id):
            return super().seat_of(guest, table_id)
        seats = self.seats_of_table(table_id) or ()
        return next((i for i, s in enumerate(seats) if s and s.player_id == guest.id), None)

    def seat_at(self, guest: Guest, table_id: str) -> int:
        if self._here(table_id) or table_id not in self.known:
            return super().seat_at(guest, table_id)
        seat = self.seat_of(guest, table_id)
        if seat is None:
            raise ProtocolError("not_seated", "you have no seat at this table")
        return seat

    def may_see(self, guest: Guest, table_id: str) -> bool:
        known = self.known.get(table_id)
        if self._here(table_id) or known is None:
            return super().may_see(guest, table_id)
        return not known.private or self.seat_of(guest, table_id) is not None

    async def act(
        self,
        table_id: str,
        command: Command,
        request_id: str | None,
        accepted: Callable[[int], None] | None = None,
    ) -> int:
        if self._here(table_id):
            return await super().act(table_id, command, request_id, accepted)
        seq: int = await self._at(
            table_id, None, "act", command=command.to_json(), request_id=request_id
        )  # the command's seat is the one ``seat_at`` found
        if accepted is not None:
            accepted(seq)
        return seq

    async def join(
        self, guest: Guest, table_id: str, seat: int | None, invite: str | None, rated: bool
    ) -> int:
        taken: int = await self._at(table_id, guest, "join", seat=seat, invite=invite, rated=rated)
        return taken

    async def leave(self, guest: Guest, table_id: str) -> None:
        await self._at(table_id, guest, "leave")

    async def start_with_bots(self, guest: Guest, table_id: str) -> None:
        await self._at(table_id, guest, "bots")

    async def next_match(self, guest: Guest, table_id: str, accept: bool) -> None:
        await self._at(table_id, guest, "next", accept=accept)

    async def tables_of(self, guest: Guest) -> list[dict[str, Any]]:
        """Where ``guest`` holds a seat, at a table of any process (from the store)."""
        held = {entry["table_id"]: entry for entry in await super().tables_of(guest)}
        for data in await self.store.waiting_tables():
            seat = seat_of(Pending.from_json(data).seats, guest.id)
            if seat is not None:
                held.setdefault(data["table_id"], {"table_id": data["table_id"], "seat": seat})
        live = await self.store.list_tables(status="live", player_id=guest.id, limit=32)
        for record in live:
            config = TableConfig.from_json(record.config)
            seat = seat_of(config.seats, guest.id)
            if seat is not None:
                held.setdefault(record.table_id, {"table_id": record.table_id, "seat": seat})
        return list(held.values())

    # -- the lobby, from every process -------------------------------------------------------

    def listing(self) -> list[dict[str, Any]]:
        """Every process's public tables: waiting ones first (oldest first), then playing."""
        mine = super().listing()
        here = {entry["table_id"] for entry in mine}
        others = [e for t, e in self.heard.items() if t not in here and not self._here(t)]
        everything = mine + others
        waiting = [e for e in everything if e["status"] == "waiting"]
        playing = [e for e in everything if e["status"] != "waiting"]
        return sorted(waiting, key=lambda e: e["created_at"]) + playing

    def _hear(self, text: str) -> None:
        message = json.loads(text)
        if message.get("type") == "lobby.table":
            entry = message["table"]
            self.heard[entry["table_id"]] = entry
        elif message.get("type") == "lobby.removed":
            self.heard.pop(message["table_id"], None)

    async def play_now(
        self, guest: Guest, game: str, players: int, level: str | None = None
    ) -> tuple[str, int, float | None]:
        """Beside a person who waits at a table of another process when this one has none
        for them (the oldest first), else as in one process."""
        mine = [
            p for p in self.pending.values()
            if p.game == game and len(p.seats) == players and p.free() and not p.private
        ]  # fmt: skip
        if not mine and not any(p.creator == guest.id for p in self.pending.values()):
            for entry in sorted(self.heard.values(), key=lambda e: e["created_at"]):
                if not self._waits_for(entry, game, players) or self._here(entry["table_id"]):
                    continue
                try:
                    seat = await self.join(guest, entry["table_id"], None, None, False)
                except (TableError, ProtocolError):
                    continue  # taken meanwhile, or gone: the next one
                return entry["table_id"], seat, None
        return await super().play_now(guest, game, players, level)

    @staticmethod
    def _waits_for(entry: dict[str, Any], game: str, players: int) -> bool:
        seats = entry["seats"]
        return (
            entry["status"] == "waiting"
            and entry["game"] == game
            and len(seats) == players
            and entry["speed"] == "standard"
            and not entry["private"]
            and any(seat["kind"] == "open" for seat in seats)
            and any(seat["kind"] == "human" for seat in seats)
        )

    # -- what other processes ask of this one ------------------------------------------------

    async def _serve_admit(self, _origin: str, args: dict[str, Any]) -> dict[str, Any]:
        guest, table_id = _guest(args["guest"]), str(args["table_id"])
        _, seat = self.admit(guest, table_id, args.get("invite"), bool(args.get("watch")))
        return {"seat": seat}

    async def _serve_open(self, origin: str, args: dict[str, Any]) -> dict[str, Any]:
        guest, table_id = _guest(args["guest"]), str(args["table_id"])
        found, seat = self.admit(guest, table_id, args.get("invite"), bool(args.get("watch")))
        frames = await self.first_frames(found, seat, args.get("since"))
        self._host(origin, str(args["feed"]), table_id, seat, guest)
        offer = self.next.offer_frame(guest, table_id) if seat is not None else None
        seats = self.seats_of_table(table_id) or ()
        return {
            "seat": seat,
            "frames": [*frames, *([offer] if offer else [])],
            "seats": [None if s is None else s.to_json() for s in seats],
            "private": found.private if isinstance(found, Pending) else found.config.private,
            "holder": self.peers.process_id,
        }

    def _host(self, origin: str, key: str, table_id: str, seat: Audience, guest: Guest) -> None:
        def revoked(_feed: Feed, reason: str) -> None:
            self.hosted.pop((origin, key), None)
            self.peers.tell(origin, "revoke", feed=key, reason=reason)

        feed = Feed(table_id, seat, guest.id, revoked)
        self.hosted[(origin, key)] = feed
        self.presence.add(feed)

    async def _serve_attach(self, origin: str, args: dict[str, Any]) -> None:
        """A connection's feed of a table that moved here: its seat is connected here."""
        table_id, key = str(args["table_id"]), str(args["feed"])
        if self._here(table_id) and (origin, key) not in self.hosted:
            self._host(origin, key, table_id, args.get("seat"), _guest(args["guest"]))

    async def _serve_close(self, origin: str, args: dict[str, Any]) -> None:
        feed = self.hosted.pop((origin, str(args["feed"])), None)
        if feed is not None:
            self.presence.close_feed(feed)

    async def _serve_resync(self, _origin: str, args: dict[str, Any]) -> list[Outgoing]:
        return await Room.resync(
            self, _guest(args["guest"]), args["table_id"], args.get("audience"), args.get("since")
        )

    async def _serve_act(self, _origin: str, args: dict[str, Any]) -> int:
        command = Command.from_json(args["command"])
        return await Room.act(self, str(args["table_id"]), command, args.get("request_id"))

    async def _serve_join(self, _origin: str, args: dict[str, Any]) -> int:
        return await Room.join(
            self, _guest(args["guest"]), str(args["table_id"]), args.get("seat"),
            args.get("invite"), bool(args.get("rated")),
        )  # fmt: skip

    async def _serve_leave(self, _origin: str, args: dict[str, Any]) -> None:
        await Room.leave(self, _guest(args["guest"]), str(args["table_id"]))

    async def _serve_bots(self, _origin: str, args: dict[str, Any]) -> None:
        await Room.start_with_bots(self, _guest(args["guest"]), str(args["table_id"]))

    async def _serve_next(self, _origin: str, args: dict[str, Any]) -> None:
        await Room.next_match(
            self, _guest(args["guest"]), str(args["table_id"]), bool(args["accept"])
        )

    async def _serve_revoke(self, _origin: str, args: dict[str, Any]) -> None:
        """The table's owner closed one of this process's feeds: the connection is told."""
        link = self.links.pop(str(args["feed"]), None)
        if link is None:
            return
        self._link_of.pop(id(link.feed), None)
        self.presence.feeds.discard(link.feed)
        link.feed.on_revoke(link.feed, str(args["reason"]))

    async def _reattach(self) -> None:
        """This process was taken for dead a moment: each feed it has open is opened again
        where its table is (the owner closed them and disconnected their seats)."""
        for table_id in {link.feed.table_id for link in self.links.values()}:
            holder = await self.cluster.holder(table_id)
            if holder is not None:
                await self._serve_moved(self.peers.process_id, {
                    "table_id": table_id, "holder": holder,
                })  # fmt: skip

    async def _serve_moved(self, _origin: str, args: dict[str, Any]) -> None:
        """A table moved: this process's connections that have it open attach there, and
        are sent its screen as it is now (what the dead owner published as it died may
        never have left it)."""
        table_id, holder = str(args["table_id"]), str(args["holder"])
        for link in [link for link in self.links.values() if link.feed.table_id == table_id]:
            link.holder = holder
            audience = link.feed.audience
            try:
                await self.peers.call(
                    holder, "attach", table_id=table_id, feed=link.key, seat=audience,
                    guest=link.guest,
                )  # fmt: skip
                frames = await self.peers.call(
                    holder, "resync", table_id=table_id, guest=link.guest, audience=audience,
                    since=None,
                )  # fmt: skip
            except Exception as error:
                log.warning("feed_not_attached", table=table_id, error=str(error))
                continue
            for frame in frames:
                link.send(Delivery(link.feed, frame))

    async def _watch_origins(self) -> None:
        """Every lease's time: the feeds hosted for a process that died are closed (its
        players' seats are disconnected, as when a connection drops), and this process's
        feeds follow any table that moved without this process hearing of it (Redis was
        away when the new owner said so)."""
        missing: set[str] = set()
        while True:
            await asyncio.sleep(self.cluster.ttl)
            try:
                missing = await self._close_dead_origins(missing)
                await self._follow_moved_tables()
            except Exception as error:  # Redis away: next time
                log.warning("cluster_watch_failed", error=str(error))

    async def _close_dead_origins(self, missing: set[str]) -> set[str]:
        """Close the hosted feeds of processes missing twice in a row; the ones missing now."""
        origins = {origin for origin, _ in self.hosted} - {self.peers.process_id}
        if not origins:
            return set()
        now_missing = origins - await self.cluster.alive(origins)
        for (origin, key), feed in list(self.hosted.items()):
            if origin in now_missing & missing:
                del self.hosted[(origin, key)]
                self.presence.close_feed(feed)
        return now_missing

    async def _follow_moved_tables(self) -> None:
        known = {link.feed.table_id: link.holder for link in self.links.values()}
        if not known:
            return
        ids = list(known)
        holders = await self.cluster.leases.holders([table_lease(t) for t in ids])
        for table_id, holder in zip(ids, holders, strict=True):
            if holder is not None and holder != known[table_id]:
                await self._serve_moved(self.peers.process_id, {
                    "table_id": table_id, "holder": holder,
                })  # fmt: skip
