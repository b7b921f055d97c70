"""What the server tells a table: seats' commands, connection events, seeds and time.

Small frozen values with ``to_json``/``from_json`` (``{"type": "play", "seat": 0, ...}``);
``from_json`` refuses anything malformed with ``TableError`` ``bad_command``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from circolo.cards import SEED_LIMIT
from circolo.table.errors import TableError


@dataclass(frozen=True)
class Command:
    """The base of every command; ``type`` names it in JSON."""

    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = format(value, "064x") if f.name == "seed" else value
        return data

    @staticmethod
    def from_json(data: object) -> Command:
        if not isinstance(data, dict) or data.get("type") not in COMMANDS:
            raise TableError("bad_command", f"a command is one of: {', '.join(COMMANDS)}")
        cls = COMMANDS[data["type"]]
        names = {f.name for f in fields(cls)}
        extra = set(data) - names - {"type"}
        if extra:
            raise TableError("bad_command", f"{cls.type} has no field {sorted(extra)[0]!r}")
        values = dict(data)
        del values["type"]
        try:
            return cls(**values)
        except TypeError:
            raise TableError(
                "bad_command", f"{cls.type} needs {', '.join(sorted(names))}"
            ) from None


def _seat(seat: object) -> None:
    if type(seat) is not int:
        raise TableError("bad_seat", "a seat is a whole number")


@dataclass(frozen=True)
class SeatCommand(Command):
    """A command from one seat."""

    seat: int

    def __post_init__(self) -> None:
        _seat(self.seat)


@dataclass(frozen=True)
class Play(SeatCommand):
    """Play a move in the game's notation. ``ply`` (optional): the number of moves the
    match had when the sender saw it; a stale one (a double click, a late bot) is refused."""

    type: ClassVar[str] = "play"
    move: str = ""
    ply: int | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.move, str) or not self.move or len(self.move) > 200:
            raise TableError("bad_notation", "a move is written as text in the game's notation")
        if self.ply is not None and type(self.ply) is not int:
            raise TableError("bad_command", "ply is a whole number")


@dataclass(frozen=True)
class StartMatch(SeatCommand):
    """Press "start match" (tournament tables)."""

    type: ClassVar[str] = "start_match"


@dataclass(frozen=True)
class Continue(SeatCommand):
    """Done looking at the hand's result: deal the next hand when every human is."""

    type: ClassVar[str] = "continue"


@dataclass(frozen=True)
class Vote(SeatCommand):
    """A vote on a match decision (Bisca: "replay" or "draw")."""

    type: ClassVar[str] = "vote"
    choice: str = ""

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.choice, str):
            raise TableError("bad_command", "a vote is a text")


@dataclass(frozen=True)
class Rematch(SeatCommand):
    """Accept or decline a rematch after the match."""

    type: ClassVar[str] = "rematch"
    accept: bool = True

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.accept, bool):
            raise TableError("bad_command", "accept is true or false")


@dataclass(frozen=True)
class Leave(SeatCommand):
    """Leave the table: during a match, an abandonment (a loss for the seat's side)."""

    type: ClassVar[str] = "leave"


@dataclass(frozen=True)
class Connected(SeatCommand):
    """The seat's player has an open connection again (the server sends it when the
    first of the player's connections opens)."""

    type: ClassVar[str] = "connected"


@dataclass(frozen=True)
class Disconnected(SeatCommand):
    """The last of the seat's connections closed (the 5 s grace starts)."""

    type: ClassVar[str] = "disconnected"


@dataclass(frozen=True)
class ReturnToTable(SeatCommand):
    """A player back from a disconnection accepts the invitation to reopen the table."""

    type: ClassVar[str] = "return_to_table"


@dataclass(frozen=True)
class SupplySeed(Command):
    """The next hand's seed, from ``secrets`` (the table asks with ``Step.wants_seed``).
    In JSON, 64 hex digits."""

    type: ClassVar[str] = "supply_seed"
    seed: int

    def __post_init__(self) -> None:
        seed: object = self.seed
        if isinstance(seed, str):
            try:
                seed = int(seed, 16) if len(seed) == 64 else -1
            except ValueError:
                seed = -1
            object.__setattr__(self, "seed", seed)
        if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
            raise TableError("bad_command", "a seed is 64 hex digits (a number below 2**256)")


@dataclass(frozen=True)
class Tick(Command):
    """Time passes: the server sends it at ``Step.wake_at``."""

    type: ClassVar[str] = "tick"


@dataclass(frozen=True)
class Resume(Command):
    """After a server restart: every running timer gets back the time it had at the last
    log entry, plus ``grace`` seconds; connections are expected back within it."""

    type: ClassVar[str] = "resume"
    grace: float = 10.0

    def __post_init__(self) -> None:
        grace: object = self.grace
        ok = isinstance(grace, int | float) and not isinstance(grace, bool)
        if not ok or not math.isfinite(self.grace) or not 0 <= self.grace <= 3600:
            raise TableError("bad_command", "grace is a number of seconds from 0 to 3600")


COMMANDS: dict[str, type[Command]] = {
    cls.type: cls
    for cls in (
        Play,
        StartMatch,
        Continue,
        Vote,
        Rematch,
        Leave,
        Connected,
        Disconnected,
        ReturnToTable,
        SupplySeed,
        Tick,
        Resume,
    )
}
