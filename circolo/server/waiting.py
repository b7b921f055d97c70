"""A table waiting in the lobby for players: its seats, invite, "play now", and its JSON.

A table waits until every seat is taken (by players or bots); then the lobby has the live
table (``TableConfig``) and its owner made.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from circolo.server.access import seat_of
from circolo.server.identity import Guest
from circolo.server.listing import listing
from circolo.table import SeatConfig, TableConfig, TableError, TableSettings


def new_table_id() -> str:
    return "t_" + secrets.token_urlsafe(6)


@dataclass
class Pending:
    """A table not yet started: ``seats[i]`` is None while seat ``i`` is open."""

    table_id: str
    game: str
    options: dict[str, Any]
    speed: str
    private: bool
    seats: list[SeatConfig | None]
    created_at: float
    play_now: bool = False
    bots_at: float | None = None
    invite: str | None = None
    creator: str | None = None
    level: str | None = None  # the level of the bots Play now seats (None: the room's)
    rated: bool = False  # a private table its host offers rated (each joiner chooses too)
    _shown: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """All of it as JSON (kept in the store, so a waiting table survives a restart)."""
        return {
            "table_id": self.table_id, "game": self.game, "options": self.options,
            "speed": self.speed, "private": self.private,
            "seats": [None if seat is None else seat.to_json() for seat in self.seats],
            "created_at": self.created_at, "play_now": self.play_now, "bots_at": self.bots_at,
            "invite": self.invite, "creator": self.creator, "level": self.level,
            "rated": self.rated,
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Pending:
        seats = [None if seat is None else SeatConfig.from_json(seat) for seat in data["seats"]]
        return cls(
            data["table_id"], data["game"], dict(data["options"]), data["speed"],
            bool(data["private"]), seats, float(data["created_at"]),
            play_now=bool(data["play_now"]), bots_at=data["bots_at"], invite=data["invite"],
            creator=data["creator"], level=data.get("level"), rated=data.get("rated") is True,
        )  # fmt: skip

    def free(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat is None]

    def humans(self) -> int:
        return sum(1 for seat in self.seats if seat is not None and not seat.is_bot)

    def sit(self, guest: Guest, seat: int | None, rated: bool = False) -> int:
        """Seat ``guest`` (at ``seat`` or the first free one), ``rated`` if they chose to
        play rated at a private table its host offers rated; ``TableError`` if refused."""
        held = seat_of(self.seats, guest.id)
        if held is not None:
            return held
        if rated and not self.rated:
            raise TableError(
                "not_rated_table", "this table is not offered rated: join it without rated"
            )
        free = self.free()
        if not free:
            raise TableError("table_full", "every seat at this table is taken")
        if seat is None:
            seat = free[0]
        if not 0 <= seat < len(self.seats):
            raise TableError("bad_seat", f"a seat is a number from 0 to {len(self.seats) - 1}")
        if self.seats[seat] is not None:
            raise TableError("seat_taken", f"seat {seat} is taken")
        self.seats[seat] = SeatConfig.human(guest.id, guest.name[:40], rated=rated)
        return seat

    def fill_with_bots(self, level: str) -> None:
        for i in self.free():
            self.seats[i] = SeatConfig.bot(level)

    def config(self, settings: TableSettings | None = None) -> TableConfig:
        """The live table's config (every seat taken)."""
        seats = tuple(seat for seat in self.seats if seat is not None)
        assert len(seats) == len(self.seats)
        return TableConfig(
            game=self.game,
            seats=seats,
            options=self.options,
            speed=self.speed,  # type: ignore[arg-type]
            private=self.private,
            settings=settings or TableSettings(),
        )

    def check(self) -> TableConfig:
        """Validate the options now, with stand-ins for the open seats (``TableError``)."""
        stand_in = [
            seat or SeatConfig.human(f"open_{i}", f"Open {i}") for i, seat in enumerate(self.seats)
        ]
        return TableConfig(
            game=self.game,
            seats=tuple(stand_in),
            options=self.options,
            speed=self.speed,  # type: ignore[arg-type]
            private=self.private,
        )

    def entry(self) -> dict[str, Any]:
        """As the lobby lists it, with every option the match is played with (the target
        too when the creator left it at its default)."""
        if self._shown is None:
            self._shown = self.check().rules().options()
        return listing(
            table_id=self.table_id,
            game=self.game,
            options=self._shown,
            speed=self.speed,
            private=self.private,
            rated=self.rated
            if self.private
            else self.speed == "standard"
            and not any(seat is not None and seat.is_bot for seat in self.seats),
            status="waiting",
            seats=self.seats,
            created_at=self.created_at,
        )
