"""One engine API for every game, so bots, tables, replays and tests are written once.

A game is a frozen ``Rules`` object (named, validated options) that deals ``HandState``s.
A hand state says whose turn it is, lists the legal moves, plays a move, says when the
hand is over and gives its ``HandScore``; ``view(seat)`` is what one seat may see, and a
view can ``sample`` full states consistent with it (determinization, for bots).

Engines are pure: no I/O, no clock, no global random state. A hand is fixed by its
rules, its seed and its moves. See docs/engine.md.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, Self, TypeVar

Seat = int
Side = int
MoveT = TypeVar("MoveT")


class EngineError(Exception):
    """An answer to bad input: a stable ``code`` and a message in plain words."""

    code: ClassVar[str] = "engine_error"

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


class IllegalMoveError(EngineError):
    code = "illegal_move"


class NotationError(EngineError, ValueError):
    code = "bad_notation"


class OptionError(EngineError, ValueError):
    code = "bad_option"


class HandNotOverError(EngineError):
    code = "hand_not_over"


@dataclass(frozen=True)
class HandScore:
    """What a finished hand is worth to each side, and why.

    ``points[side]`` is what the match adds to that side's total; ``breakdown[side]``
    names every category that made it (the table shows it at hand end).
    """

    points: tuple[int, ...]
    breakdown: tuple[Mapping[str, int], ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "breakdown": [dict(b) for b in self.breakdown],
            "details": dict(self.details),
        }


@dataclass(frozen=True)
class MatchOutcome:
    """After a hand: play on, a side has won, the match is drawn, or the players must decide."""

    status: Literal["continue", "won", "drawn", "decision"]
    winner: Side | None = None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rules(ABC):
    """A game's named options. Subclasses are frozen dataclasses that validate themselves."""

    game: ClassVar[str]
    players: int = 2

    @classmethod
    def from_options(cls, options: Mapping[str, object] | None = None) -> Self:
        """Build from untrusted names and values; unknown names are an ``OptionError``."""
        options = dict(options or {})
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise OptionError(
                f"unknown option {unknown[0]!r} for {cls.game}; known: {', '.join(sorted(known))}"
            )
        try:
            return cls(**options)  # type: ignore[arg-type]
        except TypeError as error:
            raise OptionError(f"bad option for {cls.game}: {error}") from None

    def options(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def __post_init__(self) -> None:
        if self.players not in (2, 4):
            raise OptionError(f"players must be 2 or 4, not {self.players!r}")

    @property
    def sides(self) -> int:
        """1 v 1: each seat is a side; 2 v 2: partners sit opposite (seat % 2)."""
        return 2

    def side_of(self, seat: Seat) -> Side:
        return seat % 2

    @abstractmethod
    def new_hand(self, seed: int, first: Seat) -> HandState[Any]:
        """Deal a hand. ``first`` is the dealer (Scopa, Bisca) or the first player (Burraco)."""

    @abstractmethod
    def hand_from_position(self, text: str) -> HandState[Any]:
        """Set up any position from its text (``HandState.position()``)."""

    @abstractmethod
    def view_from_json(self, data: Mapping[str, Any]) -> View[Any]:
        """Rebuild a seat's view from ``View.to_json()``: a bot needs nothing else."""

    @abstractmethod
    def match_outcome(self, totals: Sequence[int], hands_played: int) -> MatchOutcome:
        """Decide the match after a hand, from the cumulative totals."""


class HandState(ABC, Generic[MoveT]):
    """One hand in progress: the full, true state (never sent to a client)."""

    rules: Rules

    @abstractmethod
    def to_move(self) -> Seat | None:
        """The seat that must move now; None when the hand is over."""

    @abstractmethod
    def legal_moves(self) -> list[MoveT]:
        """Every legal move for the seat to move, none missing, none extra."""

    @abstractmethod
    def apply(self, move: MoveT) -> None:
        """Play a move already known to be legal (the fast path for search)."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def score(self) -> HandScore:
        """The finished hand's score; ``HandNotOverError`` before the end."""

    @abstractmethod
    def view(self, seat: Seat | None) -> View[MoveT]:
        """What ``seat`` may see (None: a spectator, who sees no hidden card)."""

    @abstractmethod
    def clone(self) -> Self: ...

    @abstractmethod
    def move_text(self, move: MoveT) -> str:
        """The move's notation; ``parse_move`` reads it back."""

    @abstractmethod
    def parse_move(self, text: str) -> MoveT:
        """Read a move's notation; ``NotationError`` on bad text."""

    @abstractmethod
    def position(self) -> str:
        """The whole state as text; ``rules.hand_from_position`` reads it back."""

    def play(self, move: MoveT | str) -> MoveT:
        """The checked path: parse if text, refuse an illegal move, leave the state unchanged."""
        if self.is_over():
            raise IllegalMoveError("the hand is over: no more moves")
        if isinstance(move, str):
            move = self.parse_move(move)
        legal = self.legal_moves()
        if move not in legal:
            raise IllegalMoveError(
                f"{self.move_text(move)} is not legal now; legal moves: "
                + ", ".join(self.move_text(m) for m in legal)
            )
        self.apply(move)
        return move


class View(ABC, Generic[MoveT]):
    """A seat's view of a hand: everything it can see, nothing it cannot."""

    seat: Seat | None

    @abstractmethod
    def to_move(self) -> Seat | None: ...

    @abstractmethod
    def legal_moves(self) -> list[MoveT]:
        """The viewer's legal moves when it is the viewer's turn, else an empty list."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """JSON-ready, and holding nothing the seat cannot see."""

    @abstractmethod
    def sample(self, rng: random.Random) -> HandState[MoveT]:
        """A full state consistent with this view, hidden cards dealt at random."""
