"""Your next match against a person: two people who each pressed Play now for the same
game and mode, and each got bots at once because nobody waited, are offered to play their
next match together. ``NextMatches`` pairs them and, once both accept, seats them at a
new table.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import structlog

from circolo.server.access import seat_of
from circolo.server.bus import Bus, encode
from circolo.server.identity import Guest
from circolo.server.lobby import Lobby
from circolo.server.owner import Frame, Owner
from circolo.server.presence import Presence
from circolo.server.settings import Settings
from circolo.server.tables import Tables
from circolo.server.waiting import Pending, new_table_id
from circolo.table import Rematch, SeatConfig, TableError

log = structlog.get_logger(__name__)


def player_topic(player_id: str) -> str:
    """The bus topic of one player's connections: offers that are about no one table."""
    return f"player:{player_id}"


@dataclass(frozen=True)
class Solo:
    """A Play now match of one person against bots."""

    table_id: str
    game: str
    players: int
    player_id: str
    name: str
    level: str | None


@dataclass
class Offer:
    """Two solo Play now matches whose people may meet at the next one."""

    first: Solo
    second: Solo
    accepted: set[str] = field(default_factory=set)

    def sides(self) -> tuple[Solo, Solo]:
        return self.first, self.second

    def of(self, player_id: str) -> Solo | None:
        return next((s for s in self.sides() if s.player_id == player_id), None)

    def other(self, player_id: str) -> Solo:
        return self.second if self.first.player_id == player_id else self.first

    def frame(self, player_id: str) -> dict[str, Any]:
        """What ``player_id`` is offered (``accepted``: they said yes already)."""
        mine = self.of(player_id)
        assert mine is not None
        return {
            "type": "next_match.offer", "table_id": mine.table_id,
            "with": self.other(player_id).name, "accepted": player_id in self.accepted,
        }  # fmt: skip


def matches(waiting: Solo, new: Solo) -> bool:
    """May the person of ``waiting`` be offered a next match against the one of ``new``."""
    return (
        waiting.game == new.game and waiting.players == new.players
        and waiting.player_id != new.player_id
    )  # fmt: skip


class NextMatches:
    """Solo Play now tables, and the offers made between them."""

    def __init__(
        self,
        settings: Settings,
        bus: Bus,
        clock: Callable[[], float],
        tables: Tables,
        presence: Presence,
        lobby: Lobby,
    ) -> None:
        self.settings = settings
        self.bus = bus
        self.clock = clock
        self.tables = tables
        self.presence = presence
        self.lobby = lobby
        self._solos: dict[str, Solo] = {}  # live Play now tables of one person and bots
        self._offers: dict[str, Offer] = {}  # by each of its two tables

    def started(self, pending: Pending, owner: Owner) -> None:
        """A live table started: one person's Play now against bots may meet another."""
        config = owner.config
        people = [seat for seat in config.seats if seat.player_id is not None]
        if pending.play_now and len(people) == 1 and people[0].player_id is not None:
            solo = Solo(
                table_id=owner.table_id,
                game=config.game,
                players=len(config.seats),
                player_id=people[0].player_id,
                name=people[0].name,
                level=pending.level,
            )
            self._solos[owner.table_id] = solo
            self._pair(solo)

    def forget(self, table_id: str) -> None:
        """A retired table: no next match from it."""
        self._solos.pop(table_id, None)
        self.drop_offer(table_id)

    def _pair(self, new: Solo) -> None:
        """Offer the person of ``new`` and one playing the same game and mode against
        bots (their match under way, their table open) to play their next match together."""
        for table_id, waiting in self._solos.items():
            owner = self.tables.owners.get(table_id)
            if (
                table_id in self._offers
                or owner is None
                or owner.table.status != "playing"
                or not matches(waiting, new)
                or not self._holds_open(waiting)
            ):
                continue
            offer = Offer(waiting, new)
            self._offers[waiting.table_id] = self._offers[new.table_id] = offer
            for side in offer.sides():
                self.bus_now(player_topic(side.player_id), offer.frame(side.player_id))
            log.info("next_match_offered", tables=[waiting.table_id, new.table_id])
            return

    def _holds_open(self, solo: Solo) -> bool:
        return self.presence.holds_open(solo.table_id, solo.player_id)

    def offer_frame(self, guest: Guest, table_id: str) -> Frame | None:
        """The next match ``guest`` is offered from this table, if any (sent again when
        they open it, so a reload keeps it)."""
        offer = self._offers.get(table_id)
        return offer.frame(guest.id) if offer is not None and offer.of(guest.id) else None

    def drop_offer(self, table_id: str) -> None:
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
            self.drop_offer(table_id)
            return
        owner = self.tables.owners.get(table_id)
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
        owner = self.tables.owners.get(solo.table_id)
        seat = None if owner is None else seat_of(owner.config.seats, solo.player_id)
        if owner is not None and seat is not None and owner.table.status == "rematch":
            with contextlib.suppress(TableError):  # its window closed meanwhile
                await owner.submit(Rematch(seat, False))

    async def _together(self, offer: Offer) -> None:
        first, second = offer.sides()
        seats: list[SeatConfig | None] = [None] * first.players
        seats[0] = SeatConfig.human(first.player_id, first.name)
        seats[1] = SeatConfig.human(second.player_id, second.name)  # opponents, in 2 v 2 too
        pending = Pending(
            table_id=new_table_id(),
            game=first.game,
            options={},
            speed="standard",
            private=False,
            seats=seats,
            created_at=self.clock(),
            play_now=True,
            creator=first.player_id,
            level=first.level,
        )
        pending.fill_with_bots(first.level or self.settings.play_now_level)
        await self.lobby.place(pending)
        for seat, side in enumerate(offer.sides()):
            self.bus_now(
                player_topic(side.player_id),
                {
                    "type": "next_match.ready",
                    "table_id": side.table_id,
                    "next": pending.table_id,
                    "seat": seat,
                },
            )
        log.info("next_match_together", table=pending.table_id)

    def bus_now(self, name: str, message: Frame) -> None:
        self.bus.publish_now(name, encode(message))
