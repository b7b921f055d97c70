"""A tournament's settings, fixed and published before anyone registers.

Frozen and JSON round-trip; validated on construction (``TournamentError`` ``bad_config``).
The table options are the game's own (Scopa: ``target`` 11, 7 or "single_hand"; Bisca and
Burraco: their match rules) and are checked by the game's rules, ``players`` from ``team``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from circolo.engine import EngineError
from circolo.tournaments.errors import TournamentError
from circolo.tournaments.prizes import DEFAULT_LARGE, DEFAULT_SMALL, check_split

__all__ = ["KINDS", "MAX_ENTRIES", "SEEDINGS", "SIT_AND_GO_SEATS", "TournamentConfig"]

Kind = Literal["scheduled", "sit_and_go"]
KINDS = ("scheduled", "sit_and_go")
SEEDINGS = ("random", "rating")
SIT_AND_GO_SEATS = (2, 4, 8, 16, 32)
MAX_ENTRIES = 1024
FEE_LIMIT = 1_000_000_000
MAX_RAKE_BP = 5000


def _bad(message: str) -> TournamentError:
    return TournamentError("bad_config", message)


@dataclass(frozen=True)
class TournamentConfig:
    """``team`` 1 (1 v 1) or 2 (2 v 2, fixed pairs registering together); ``kind``
    "scheduled" (``starts_at``, seconds; registration closes then, ``max_entries`` at most)
    or "sit_and_go" (starts when its ``seats`` entries are in). ``fee``: chips each player
    pays; ``rake_bp``: the house's part of the fees in basis points. ``practice``: unrated,
    no fee, empty seats may go to bots; a ``rated`` one never has bots. ``seeding``:
    "random" (from the drawn secret) or "rating". ``split_small`` (8-15 entries) and
    ``split_large`` (16 and more): the published prize split. ``start_deadline``: the
    seconds each player has to press "start match" (the table keeps it). ``max_replays``:
    drawn matches played again in the same slot before the better seed goes through."""

    game: str
    kind: Kind
    team: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    starts_at: float | None = None
    seats: int | None = None
    max_entries: int = 64
    fee: int = 0
    rake_bp: int = 0
    rated: bool = False
    practice: bool = False
    seeding: str = "random"
    split_small: tuple[int, ...] = DEFAULT_SMALL
    split_large: tuple[int, ...] = DEFAULT_LARGE
    start_deadline: float = 120.0
    max_replays: int = 2

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise _bad(f"kind is one of {', '.join(KINDS)}")
        if self.team not in (1, 2) or type(self.team) is not int:
            raise _bad("team is 1 (1 v 1) or 2 (2 v 2)")
        if not isinstance(self.options, Mapping) or "players" in self.options:
            raise _bad("options are the game's options (players comes from team)")
        if self.kind == "scheduled":
            at = self.starts_at
            if not _number(at) or self.seats is not None:
                raise _bad("a scheduled tournament has a start time and no seat count")
            if type(self.max_entries) is not int or not 2 <= self.max_entries <= MAX_ENTRIES:
                raise _bad(f"max_entries is from 2 to {MAX_ENTRIES}")
        elif self.seats not in SIT_AND_GO_SEATS or self.starts_at is not None:
            raise _bad(f"a sit-and-go has {', '.join(map(str, SIT_AND_GO_SEATS))} seats")
        for name in ("rated", "practice"):
            if not isinstance(getattr(self, name), bool):
                raise _bad(f"{name} is true or false")
        if self.practice and (self.rated or self.fee):
            raise _bad("a practice tournament is unrated and free")
        if type(self.fee) is not int or not 0 <= self.fee <= FEE_LIMIT:
            raise _bad(f"the fee is whole chips from 0 to {FEE_LIMIT}")
        if type(self.rake_bp) is not int or not 0 <= self.rake_bp <= MAX_RAKE_BP:
            raise _bad(f"the rake is whole basis points from 0 to {MAX_RAKE_BP}")
        if self.seeding not in SEEDINGS:
            raise _bad(f"seeding is one of {', '.join(SEEDINGS)}")
        try:
            small, large = check_split(self.split_small), check_split(self.split_large)
        except TournamentError as error:
            raise _bad(error.message) from None
        if len(small) > 2 or len(large) > 4:
            raise _bad("8-15 entries pay at most 2 places, 16 and more at most 4")
        object.__setattr__(self, "split_small", small)
        object.__setattr__(self, "split_large", large)
        if not _number(self.start_deadline) or not 3 <= self.start_deadline <= 3600:
            raise _bad("start_deadline is seconds from 3 to 3600")
        if type(self.max_replays) is not int or not 0 <= self.max_replays <= 5:
            raise _bad("max_replays is from 0 to 5")
        self.table_options()

    @property
    def capacity(self) -> int:
        """The most entries it takes."""
        return self.seats if self.seats is not None else self.max_entries

    @property
    def players(self) -> int:
        """Players at each table."""
        return 2 * self.team

    def table_options(self) -> dict[str, Any]:
        """The options each match's table is created with, checked by the game's rules."""
        from circolo.games import make_rules

        options = {**self.options, "players": self.players}
        try:
            make_rules(self.game, options)
        except EngineError as error:
            raise _bad(error.message) from None
        return options

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "kind": self.kind,
            "team": self.team,
            "options": dict(self.options),
            "starts_at": self.starts_at,
            "seats": self.seats,
            "max_entries": self.max_entries,
            "fee": self.fee,
            "rake_bp": self.rake_bp,
            "rated": self.rated,
            "practice": self.practice,
            "seeding": self.seeding,
            "split_small": list(self.split_small),
            "split_large": list(self.split_large),
            "start_deadline": self.start_deadline,
            "max_replays": self.max_replays,
        }

    @classmethod
    def from_json(cls, data: object) -> TournamentConfig:
        names = set(cls.__dataclass_fields__)
        if (
            not isinstance(data, dict)
            or not set(data) <= names
            or not {"game", "kind"} <= set(data)
        ):
            raise _bad(f"a tournament's settings have the keys {', '.join(sorted(names))}")
        values = dict(data)
        for name in ("split_small", "split_large"):
            if isinstance(values.get(name), list):
                values[name] = tuple(values[name])
        if not isinstance(values.get("options", {}), dict):
            raise _bad("options are a set of names and values")
        try:
            return cls(**values)
        except TypeError:
            raise _bad("a setting has the wrong type") from None


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
