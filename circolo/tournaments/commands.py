"""What the server tells a tournament: registrations, the draw's secrets, results, time.

Small frozen values with ``to_json``/``from_json`` (``{"type": "register", ...}``);
``from_json`` refuses anything malformed with ``TournamentError`` ``bad_command``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from circolo.cards import parse_seed
from circolo.tournaments.config import MAX_ENTRIES
from circolo.tournaments.errors import TournamentError

__all__ = [
    "COMMANDS",
    "AddBots",
    "Cancel",
    "Command",
    "Draw",
    "MatchOver",
    "Register",
    "Tick",
    "Unregister",
]

ID_LIMIT = 64
NAME_LIMIT = 40
BOT_LEVELS = ("random", "greedy", "expert")


def _bad(message: str) -> TournamentError:
    return TournamentError("bad_command", message)


def _text(value: object, what: str, limit: int) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= limit:
        raise _bad(f"{what} is 1 to {limit} characters")
    return value


@dataclass(frozen=True)
class Command:
    """The base of every command; ``type`` names it in JSON."""

    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = [list(v) for v in value] if f.name == "players" else value
        return data

    @staticmethod
    def from_json(data: object) -> Command:
        if not isinstance(data, dict) or data.get("type") not in COMMANDS:
            raise _bad(f"a command is one of: {', '.join(COMMANDS)}")
        cls = COMMANDS[data["type"]]
        names = {f.name for f in fields(cls)}
        if set(data) - names - {"type"}:
            raise _bad(f"{cls.type} has the fields {', '.join(sorted(names))}")
        values = {k: v for k, v in data.items() if k != "type"}
        if isinstance(values.get("players"), list):
            values["players"] = tuple(
                tuple(p) if isinstance(p, list) else p for p in values["players"]
            )
        if isinstance(values.get("losers"), list):
            values["losers"] = tuple(values["losers"])
        try:
            return cls(**values)
        except TypeError:
            raise _bad(f"{cls.type} needs {', '.join(sorted(names))}") from None


@dataclass(frozen=True)
class Register(Command):
    """An entry joins: one player (1 v 1) or a fixed pair (2 v 2), each ``(id, name)``;
    ``rating``: for seeding by rating (None: unrated, seeded last). Each player pays the
    fee (a ``Fee`` output)."""

    type: ClassVar[str] = "register"
    entry: str
    players: tuple[tuple[str, str], ...]
    rating: float | None = None

    def __post_init__(self) -> None:
        _text(self.entry, "an entry's id", ID_LIMIT)
        if not isinstance(self.players, tuple) or not 1 <= len(self.players) <= 2:
            raise _bad("an entry is one player or a pair")
        for player in self.players:
            if not isinstance(player, tuple) or len(player) != 2:
                raise _bad("a player is [id, name]")
            _text(player[0], "a player's id", ID_LIMIT)
            _text(player[1], "a player's name", NAME_LIMIT)
        if len({p[0] for p in self.players}) != len(self.players):
            raise _bad("a pair is two different players")
        rating = self.rating
        if rating is not None and (
            isinstance(rating, bool) or not isinstance(rating, int | float)
            or not math.isfinite(rating)
        ):  # fmt: skip
            raise _bad("a rating is a number")


@dataclass(frozen=True)
class Unregister(Command):
    """An entry leaves before the start; its fees are refunded."""

    type: ClassVar[str] = "unregister"
    entry: str

    def __post_init__(self) -> None:
        _text(self.entry, "an entry's id", ID_LIMIT)


@dataclass(frozen=True)
class AddBots(Command):
    """Practice only, before the start: fill the empty seats with bots of ``level`` (a
    sit-and-go to its seats, which starts it; a scheduled one up to ``count`` entries)."""

    type: ClassVar[str] = "add_bots"
    level: str
    count: int | None = None

    def __post_init__(self) -> None:
        if self.level not in BOT_LEVELS:
            raise _bad(f"a bot's level is one of {', '.join(BOT_LEVELS)}")
        if self.count is not None and (
            type(self.count) is not int or not 1 <= self.count <= MAX_ENTRIES
        ):
            raise _bad(f"count is from 1 to {MAX_ENTRIES}")


@dataclass(frozen=True)
class Cancel(Command):
    """Call the tournament off before it starts; every fee is refunded."""

    type: ClassVar[str] = "cancel"


@dataclass(frozen=True)
class Tick(Command):
    """Time passes: the server sends it at ``Step.wake_at`` (a scheduled start)."""

    type: ClassVar[str] = "tick"


@dataclass(frozen=True)
class Draw(Command):
    """The secrets the draw needs (the step said ``wants_draw``), each from ``secrets``
    as 64 hex digits: ``order`` shuffles the seeds (random seeding, and ties of rating),
    ``secret`` is the tournament's deal secret (duplicate deals, bot-against-bot coins)."""

    type: ClassVar[str] = "draw"
    order: str
    secret: str

    def __post_init__(self) -> None:
        for value in (self.order, self.secret):
            if not isinstance(value, str) or len(value) != 64:
                raise _bad("a secret is 64 hex digits")
            try:
                parse_seed(value)
            except ValueError:
                raise _bad("a secret is 64 hex digits") from None


@dataclass(frozen=True)
class MatchOver(Command):
    """A match's table reports its result (``life.result_of``): ``winner`` the winning
    side (0 or 1) or None; ``losers`` the losing sides ([0, 1]: both absent at the start
    deadline; []: a draw); ``reason`` as the table gives it."""

    type: ClassVar[str] = "match_over"
    match: str
    winner: int | None
    losers: tuple[int, ...] = ()
    reason: str = ""

    def __post_init__(self) -> None:
        _text(self.match, "a match's id", ID_LIMIT)
        if self.winner is not None and (type(self.winner) is not int or self.winner not in (0, 1)):
            raise _bad("the winner is side 0, side 1 or none")
        if not isinstance(self.losers, tuple) or not all(
            type(s) is int and s in (0, 1) for s in self.losers
        ):
            raise _bad("losers are sides 0 and 1")
        losers = tuple(sorted(set(self.losers)))
        expected = {0: ((1,),), 1: ((0,),), None: ((), (0, 1))}[self.winner]
        if losers not in expected:
            raise _bad("the losers do not fit the winner")
        object.__setattr__(self, "losers", losers)
        if not isinstance(self.reason, str) or len(self.reason) > ID_LIMIT:
            raise _bad(f"a reason is at most {ID_LIMIT} characters")


COMMANDS: dict[str, type[Command]] = {
    cls.type: cls for cls in (Register, Unregister, AddBots, Cancel, Tick, Draw, MatchOver)
}
