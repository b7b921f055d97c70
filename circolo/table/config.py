"""A table's configuration: the game and its options, the seats, the speed, the settings.

Frozen and JSON round-trip; validated on construction (``TableError`` ``bad_config``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from circolo.engine import EngineError, Rules
from circolo.table.errors import TableError
from circolo.table.settings import SPEEDS, Speed, TableSettings, Timing

BOT_LEVELS = ("random", "greedy", "expert")
NAME_LIMIT = 40


@dataclass(frozen=True)
class SeatConfig:
    """A human (player id and display name) or a bot (level; its name says it is one).

    ``rated``: at a private table, this person chose to play it rated (the match is rated
    only if every person there did: ``circolo.table.outcomes``); kept in the config so the
    ratings computed again from stored tables are the same."""

    kind: Literal["human", "bot"]
    name: str
    player_id: str | None = None
    level: str | None = None
    rated: bool = False

    @classmethod
    def human(cls, player_id: str, name: str, *, rated: bool = False) -> SeatConfig:
        return cls("human", name, player_id=player_id, rated=rated)

    @classmethod
    def bot(cls, level: str, name: str | None = None) -> SeatConfig:
        return cls("bot", name or f"Bot ({level})", level=level)

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def __post_init__(self) -> None:
        if self.kind not in ("human", "bot"):
            raise TableError("bad_config", "a seat is a human or a bot")
        if not isinstance(self.name, str) or not 0 < len(self.name) <= NAME_LIMIT:
            raise TableError("bad_config", f"a seat's name is 1 to {NAME_LIMIT} characters")
        if self.kind == "human":
            if not isinstance(self.player_id, str) or not self.player_id or self.level:
                raise TableError("bad_config", "a human seat has a player id and no bot level")
        elif self.level not in BOT_LEVELS or self.player_id is not None or self.rated:
            raise TableError(
                "bad_config",
                f"a bot seat has a level ({', '.join(BOT_LEVELS)}), no player id, no rated choice",
            )
        if not isinstance(self.rated, bool):
            raise TableError("bad_config", "a seat's rated choice is true or false")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "name": self.name}
        if self.player_id is not None:
            data["player_id"] = self.player_id
        if self.level is not None:
            data["level"] = self.level
        if self.rated:  # only when chosen: configs stored before the choice read the same
            data["rated"] = True
        return data

    @classmethod
    def from_json(cls, data: object) -> SeatConfig:
        if not isinstance(data, dict) or not set(data) <= {
            "kind", "name", "player_id", "level", "rated"
        }:  # fmt: skip
            raise TableError("bad_config", "a seat is {kind, name, player_id | level, rated}")
        return cls(
            data.get("kind"),  # type: ignore[arg-type]
            data.get("name"),  # type: ignore[arg-type]
            data.get("player_id"),
            data.get("level"),
            data.get("rated", False),
        )


@dataclass(frozen=True)
class TableConfig:
    """Everything fixed when a table is created.

    ``options`` are the game's rule options (``players`` is taken from the seats).
    Tournament and public tables play at the standard speed; "relaxed" and "untimed"
    are for private tables. A tournament table waits for every human's "start match"."""

    game: str
    seats: tuple[SeatConfig, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    speed: Speed = "standard"
    tournament: bool = False
    private: bool = False
    settings: TableSettings = field(default_factory=TableSettings)

    def __post_init__(self) -> None:
        if not isinstance(self.seats, tuple) or not all(
            isinstance(s, SeatConfig) for s in self.seats
        ):
            raise TableError("bad_config", "seats are a list of seats")
        if self.speed not in SPEEDS:
            raise TableError("bad_config", f"speed must be one of {', '.join(SPEEDS)}")
        if not isinstance(self.tournament, bool) or not isinstance(self.private, bool):
            raise TableError("bad_config", "tournament and private are true or false")
        if self.speed != "standard" and (self.tournament or not self.private):
            raise TableError(
                "bad_config", f"a {self.speed} table must be private, not a tournament's"
            )
        if not isinstance(self.options, Mapping):
            raise TableError("bad_config", "options are a set of names and values")
        if "players" in self.options and self.options["players"] != len(self.seats):
            raise TableError("bad_config", "options.players must match the number of seats")
        if not any(not seat.is_bot for seat in self.seats):
            raise TableError("bad_config", "a table needs at least one human seat")
        ids = [seat.player_id for seat in self.seats if seat.player_id is not None]
        if len(ids) != len(set(ids)):
            raise TableError("bad_config", "a player sits at one seat only")
        self.rules()

    def rules(self) -> Rules:
        """The game's validated rules (``bad_option`` and friends pass through)."""
        from circolo.games import make_rules

        try:
            return make_rules(self.game, {**self.options, "players": len(self.seats)})
        except EngineError as error:
            raise TableError.from_engine(error) from None

    def timing(self) -> Timing:
        return self.settings.timing(self.speed)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seats": [seat.to_json() for seat in self.seats],
            "options": dict(self.options),
            "speed": self.speed,
            "tournament": self.tournament,
            "private": self.private,
            "settings": self.settings.to_json(),
        }

    @classmethod
    def from_json(cls, data: object) -> TableConfig:
        keys = {"game", "seats", "options", "speed", "tournament", "private", "settings"}
        if not isinstance(data, dict) or not set(data) <= keys or "game" not in data:
            raise TableError("bad_config", f"a table config has the keys {', '.join(sorted(keys))}")
        seats = data.get("seats")
        if not isinstance(seats, list):
            raise TableError("bad_config", "seats are a list of seats")
        return cls(
            game=data["game"],
            seats=tuple(SeatConfig.from_json(seat) for seat in seats),
            options=dict(data.get("options") or {}),
            speed=data.get("speed", "standard"),
            tournament=data.get("tournament", False),
            private=data.get("private", False),
            settings=TableSettings.recorded(data.get("settings")),
        )
