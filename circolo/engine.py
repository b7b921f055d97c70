"""One engine API for every game, so bots, tables, replays and tests are written once.

A game is a frozen ``Rules`` object (named, validated options) that deals ``HandState``s.
A hand state says whose turn it is, lists the legal moves, plays a move, says when the
hand is over and gives its ``HandScore``; ``view(seat)`` is what one seat may see, and a
view can ``sample`` full states consistent with it (determinization, for bots).

Engines are pure: no I/O, no clock, no global random state. A hand is fixed by its
rules, its seed and its moves. See docs/engine.md.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, Self, TypeVar

from circolo.cards import SEED_LIMIT, Faces

if TYPE_CHECKING:
    from circolo.deal import Deal, DealInputs

Seat = int
Side = int
MoveT = TypeVar("MoveT")

Clock = Literal["move", "burraco"]
"""The kinds of table clock a game plays with (``Rules.clock``)."""


Params = Mapping[str, str | int]
"""A refusal's parameters: numbers, and card codes under keys named ``card`` or
``card_...`` (a client names the card in the player's language)."""


class EngineError(Exception):
    """An answer to bad input: a stable ``code`` and a message in plain words.

    Messages name only what the sender may know: never a card hidden from it. A refused
    move also carries its ``reason`` (a stable code the game declares in
    ``Rules.refusals``) and the ``params`` a client words it with."""

    code: ClassVar[str] = "engine_error"

    def __init__(
        self, message: str, reason: str | None = None, params: Params | None = None
    ) -> None:
        self.message = message
        self.reason = reason
        self.params: dict[str, str | int] = dict(params or {})
        super().__init__(message)


class BadSeatError(EngineError):
    code = "bad_seat"


class NotYourTurnError(EngineError):
    code = "not_your_turn"


class IllegalMoveError(EngineError):
    code = "illegal_move"


class HandOverError(IllegalMoveError):
    code = "hand_over"


class NotationError(EngineError, ValueError):
    """Text, JSON or a value of the wrong shape (a move, a position, a view)."""

    code = "bad_notation"


class OptionError(EngineError, ValueError):
    code = "bad_option"


class HandNotOverError(EngineError):
    code = "hand_not_over"


def check_seat(seat: object, players: int, *, spectator: bool = False) -> Seat | None:
    """``seat`` if it is a seat number (an int, not a bool) from 0 to ``players - 1``;
    None is a spectator where ``spectator`` allows it. Anything else: ``BadSeatError``."""
    if seat is None and spectator:
        return None
    if type(seat) is not int or not 0 <= seat < players:
        raise BadSeatError(f"a seat is a number from 0 to {players - 1}")
    return seat


@dataclass(frozen=True)
class Event:
    """One thing a move did, as JSON-ready ``data`` (card codes as text).

    A public event (``only`` None) is seen by everyone. A private one is seen whole only
    by seat ``only``; every other seat and the spectators get ``public`` instead (the
    same kind with what they may know), or nothing when ``public`` is None.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    only: Seat | None = None
    public: Mapping[str, Any] | None = None

    def for_seat(self, seat: Seat | None) -> Event | None:
        if self.only is None or self.only == seat:
            return Event(self.kind, self.data)
        if self.public is None:
            return None
        return Event(self.kind, self.public)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}


@dataclass(frozen=True)
class Refusal:
    """Why a move is not legal now, as a player is told: a ``reason`` code (one of
    ``Rules.refusals``, or ``ILLEGAL``) and its ``params``. It is worked out from the
    mover's own view, so it can name no card the mover cannot see."""

    reason: str
    params: Params = field(default_factory=dict)


ILLEGAL = "illegal"
"""The reason of a refusal a game does not explain further."""


@dataclass(frozen=True)
class Played(Generic[MoveT]):
    """What the checked path did: who moved, the move, its public text, and its events."""

    seat: Seat
    move: MoveT
    text: str
    events: tuple[Event, ...]

    def for_seat(self, seat: Seat | None) -> Played[MoveT]:
        """The copy ``seat`` may receive (None: a spectator's): private events filtered."""
        events = (event.for_seat(seat) for event in self.events)
        return Played(self.seat, self.move, self.text, tuple(e for e in events if e))

    def kinds(self) -> list[str]:
        return [event.kind for event in self.events]

    def to_json(self) -> dict[str, Any]:
        """JSON-ready; send only a ``for_seat`` copy to a client."""
        return {
            "seat": self.seat,
            "move": self.text,
            "events": [event.to_json() for event in self.events],
        }


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


def _exact(value: object, choice: object) -> bool:
    """Equal and of the same type: ``2.0`` is not ``2``, ``True`` is not ``1``."""
    return type(value) is type(choice) and value == choice


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game, declared once: ``Rules`` validates from it and a lobby
    draws its form from it (``to_json``). ``choices`` lists every allowed value, else
    ``minimum``/``maximum`` bound a whole number (both required: a match's length, and so
    its log, follows from its options); ``optional`` allows None (unset). ``example`` is a
    value a form shows in the empty field of an optional number, so that it is never blank
    with no hint (what the game plays when it is unset, or the usual choice)."""

    name: str
    type: type
    default: object
    description: str
    choices: tuple[object, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False
    example: object = None

    def __post_init__(self) -> None:
        bounded = self.minimum is not None and self.maximum is not None
        if self.type is int and not self.choices and not bounded:
            raise ValueError(f"option {self.name!r}: a whole number needs a minimum and a maximum")
        if self.example is not None:
            self.check(self.example)

    def check(self, value: object) -> None:
        if value is None and self.optional:
            return
        if self.choices:
            if not any(_exact(value, choice) for choice in self.choices):
                allowed = ", ".join(repr(choice) for choice in self.choices)
                raise OptionError(f"{self.name} must be one of {allowed}, not {value!r}")
            return
        if type(value) is not self.type:
            raise OptionError(f"{self.name} must be {_TYPE_WORDS[self.type]}, not {value!r}")
        if isinstance(value, int) and not isinstance(value, bool):
            assert self.minimum is not None and self.maximum is not None
            if not self.minimum <= value <= self.maximum:
                unset = ", or unset" if self.optional else ""
                shown = repr(value) if len(repr(value)) <= 20 else "a longer number"
                raise OptionError(
                    f"{self.name} must be a whole number from {self.minimum} to {self.maximum}"
                    f"{unset}, not {shown}"
                )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "type": _TYPE_WORDS[self.type].split()[-1],
            "default": self.default,
            "description": self.description,
            "optional": self.optional,
        }
        if self.choices:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.example is not None:
            data["example"] = self.example
        return data


_TYPE_WORDS: dict[type, str] = {int: "a whole number", str: "a text", bool: "true or false"}

PLAYERS = OptionSpec("players", int, 2, "2 for 1 v 1, 4 for 2 v 2 (partners opposite)", (2, 4))


def faces_option(faces: tuple[Faces, ...]) -> OptionSpec:
    """A table's ``faces``: how its cards are drawn for everyone at it (a player's own
    choice in the browser's settings still wins), the game's own ``faces[0]`` by default.
    Only the look: the rules never change."""
    return OptionSpec(
        "faces",
        str,
        faces[0].value,
        "how the cards look; the rules never change",
        tuple(face.value for face in faces),
    )


@dataclass(frozen=True)
class Rules(ABC):
    """A game's metadata and named options: a frozen dataclass whose fields are exactly
    its ``option_specs``, validated on construction (``from_options`` for untrusted input).

    Per-game code implements the protected hooks ``_deal``, ``_from_position`` and
    ``_view_from_json``; the public methods check their input first, once for all games.
    """

    game: ClassVar[str]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (PLAYERS,)
    decision_choices: ClassVar[tuple[str, ...]] = ()
    card_faces: ClassVar[tuple[Faces, ...]] = (Faces.FRENCH, Faces.ITALIAN)
    """The faces its cards can be drawn with, the default first: a player who has not
    chosen sees the default (Bisca Capixaba is played with the Brazilian, French deck)."""
    clock: ClassVar[Clock] = "move"
    """The table's clock: "move", a timer per move whose end plays ``auto_move``;
    "burraco", a turn's green part then the seat's reserve (no auto-move: a reserve at
    zero loses the match)."""
    trick_event: ClassVar[str | None] = None
    """The ``Played`` event kind after which the trick stays on display at the table,
    no timer running (Bisca's "trick_won")."""
    deal_inputs: ClassVar[tuple[Literal["cut", "choice"], ...]] = ()
    """What besides the seed shapes a hand's deal, for ``reveal_deal`` (``GET /api/deal``,
    the verify page, ``circolo verify``): "cut", the cards cut (Scopa, once more after each
    void deal); "choice", the cutter's trump choice (Bisca)."""
    deal_choices: ClassVar[tuple[str, ...]] = ()
    """The moves a "choice" deal input may be (Bisca: sorteio, copas)."""
    refusals: ClassVar[tuple[str, ...]] = ()
    """Every reason ``View.refusal`` may give besides ``ILLEGAL``: stable codes, each
    worded in every language (``refusal-<reason>``)."""
    first_seat: ClassVar[Literal["dealer", "first"]] = "dealer"
    """What a hand's first seat is: its dealer (Scopa, Bisca) or the first player dealt,
    no dealer told (Burraco)."""
    players: int = 2

    @classmethod
    def from_options(cls, options: Mapping[str, object] | None = None) -> Self:
        """Build from untrusted names and values; anything wrong is an ``OptionError``."""
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise OptionError("options are a set of names and values")
        known = [spec.name for spec in cls.option_specs]
        for name in options:
            if name not in known:
                raise OptionError(
                    f"unknown option {name!r} for {cls.game}; known: {', '.join(sorted(known))}"
                )
        return cls(**options)  # type: ignore[arg-type]

    @classmethod
    def describe(cls) -> dict[str, Any]:
        """The game's metadata, JSON-ready: a lobby's form is drawn from it."""
        players = next(spec for spec in cls.option_specs if spec.name == "players")
        return {
            "game": cls.game,
            "players": list(players.choices),
            "options": [spec.to_json() for spec in cls.option_specs],
            "faces": [faces.value for faces in cls.card_faces],
            "deal": {
                "inputs": list(cls.deal_inputs),
                "choices": list(cls.deal_choices),
                "first": cls.first_seat,
            },
        }

    def options(self) -> dict[str, object]:
        return {spec.name: getattr(self, spec.name) for spec in self.option_specs}

    def __post_init__(self) -> None:
        """Every option checked against its spec; subclasses add checks across options."""
        for spec in self.option_specs:
            spec.check(getattr(self, spec.name))

    @property
    def sides(self) -> int:
        """1 v 1: each seat is a side; 2 v 2: partners sit opposite (seat % 2)."""
        return 2

    def side_of(self, seat: Seat) -> Side:
        return seat % 2

    def new_hand(self, seed: int, first: Seat) -> HandState[Any]:
        """Deal a hand from its seed (``circolo.cards.Chance``). ``first`` is the dealer
        (Scopa, Bisca) or the first player (Burraco)."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
            raise OptionError("a hand's seed is a whole number from 0 to 2**256 - 1")
        return self._deal(seed, _seat(check_seat(first, self.players)))

    def reveal_deal(self, seed: int, base: Deal, inputs: DealInputs) -> Deal:
        """The deal ``seed`` gives (``circolo.deal``): ``base`` filled in with where each
        card went, after the ``inputs`` this game declares in ``deal_inputs``."""
        from circolo.deal import DealError  # the engine needs it only here

        raise DealError("bad_game", f"{self.game} has no verifiable deal")

    def hand_from_position(self, text: str) -> HandState[Any]:
        """Set up any position from its text (``HandState.position()``)."""
        if not isinstance(text, str):
            raise NotationError("a position is text")
        return _parsed(lambda: self._from_position(text), "position")

    def view_from_json(self, data: Mapping[str, Any]) -> View[Any]:
        """Rebuild a seat's view from ``View.to_json()``: a bot needs nothing else. Every
        number in it is a count or a score: one beyond ``VIEW_NUMBERS`` is refused."""

        def parse() -> View[Any]:
            _check_numbers(data)
            return self._view_from_json(data, ViewCore.read(self, data))

        return _parsed(parse, "view")

    def settle(self, votes: Mapping[Seat, str]) -> str:
        """Settle a match decision (``MatchOutcome`` "decision") from every seat's vote:
        the first of ``decision_choices`` only when every player chose it, else the last."""
        choices = self.decision_choices
        if not choices:
            raise EngineError(f"{self.game} has no match decisions")
        for seat, vote in votes.items():
            check_seat(seat, self.players)
            if vote not in choices:
                raise OptionError(f"a vote is one of {', '.join(choices)}")
        unanimous = len(votes) == self.players and all(v == choices[0] for v in votes.values())
        return choices[0] if unanimous else choices[-1]

    @abstractmethod
    def match_goal(self) -> tuple[Literal["points", "hands", "single_hand"], int]:
        """How the match is won: first to a number of points, after a number of hands, or
        by a single hand (ties play on in each)."""

    @abstractmethod
    def auto_move(self, view: View[Any], rng: random.Random) -> Any:
        """The room's move for a seat whose move timer ran out (shared/rules/room.md),
        from that seat's ``view`` only; ``rng`` draws what the rules leave to chance.
        A rule of the room, not a bot: the log keeps the move it made."""

    @abstractmethod
    def match_outcome(self, totals: Sequence[int], hands_played: int) -> MatchOutcome:
        """Decide the match after a hand, from the cumulative totals."""

    @abstractmethod
    def _deal(self, seed: int, first: Seat) -> HandState[Any]:
        """The hand for a checked seed and seat."""

    @abstractmethod
    def _from_position(self, text: str) -> HandState[Any]:
        """Parse a position; raise ``NotationError`` on anything malformed."""

    @abstractmethod
    def _view_from_json(self, data: Mapping[str, Any], core: ViewCore) -> View[Any]:
        """The game's part of a view; ``core`` is already checked."""


def _seat(seat: Seat | None) -> Seat:
    assert seat is not None
    return seat


T = TypeVar("T")


def _parsed(parse: Callable[[], T], what: str) -> T:
    """Untrusted text or JSON, parsed: a shape the parser did not foresee is still only a
    ``NotationError``, never a crash."""
    try:
        return parse()
    except EngineError:
        raise
    except (
        KeyError, IndexError, TypeError, ValueError, AttributeError, AssertionError,
        ArithmeticError, RecursionError,
    ):  # fmt: skip
        raise NotationError(f"this {what} is malformed") from None


VIEW_NUMBERS = 1_000_000
"""No count or score in a view comes near this (a Burraco match's points are thousands)."""


def _check_numbers(data: object) -> None:
    """``NotationError`` on a number in a view's JSON that no hand could show: a float
    (views hold whole numbers only) or a whole number beyond ``VIEW_NUMBERS``."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, Mapping):
            stack.extend(value.values())
        elif isinstance(value, list | tuple):
            stack.extend(value)
        elif isinstance(value, float) or (
            isinstance(value, int) and not -VIEW_NUMBERS <= value <= VIEW_NUMBERS
        ):
            raise NotationError("a number in this view is out of range")


class HandState(ABC, Generic[MoveT]):
    """One hand in progress: the full, true state (never sent to a client).

    ``play(seat, move)`` is the checked path for untrusted input and returns a ``Played``
    record; ``apply(move)`` is the fast path for search, event-free.
    """

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
    def clone(self) -> Self: ...

    @abstractmethod
    def move_text(self, move: MoveT) -> str:
        """The move's notation; ``parse_move`` reads it back."""

    @abstractmethod
    def position(self) -> str:
        """The whole state as text; ``rules.hand_from_position`` reads it back."""

    @abstractmethod
    def history(self) -> list[tuple[Seat, str]]:
        """(seat, move text) for every move of the hand so far, in order: all public."""

    @abstractmethod
    def _is_move(self, move: object) -> bool:
        """Is ``move`` a value of this game's move type (legal or not)?"""

    @abstractmethod
    def _parse_move(self, text: str) -> MoveT:
        """Read a move's notation; raise ``NotationError`` on bad text."""

    @abstractmethod
    def _view(self, seat: Seat | None) -> View[MoveT]:
        """The view of a checked seat (None: a spectator)."""

    @abstractmethod
    def _apply_recorded(self, move: MoveT, seat: Seat) -> list[Event]:
        """Apply a legal move as ``apply`` does, and say what it did."""

    def formality(self) -> bool:
        """Is the move now due a formality the room makes itself when the seat does not
        (Scopa's cut)? The table then gives it only a short timer, at every speed, and
        plays ``Rules.auto_move`` when it runs out."""
        return False

    def secret_asking(self) -> bool:
        """Are the seats asked in turn about a move only one of them may make, and must
        the table not learn who (Bisca's trump-2 exchange)? The table then answers for
        every seat with a single legal move, and shows the others the hand as it was
        when the asking began, for the same time whoever could answer."""
        return False

    def parse_move(self, text: str) -> MoveT:
        """Read a move's notation; ``NotationError`` on anything else."""
        if not isinstance(text, str):
            raise NotationError("a move is written as text in the game's notation")
        return _parsed(lambda: self._parse_move(text), "move")

    def view(self, seat: Seat | None) -> View[MoveT]:
        """What ``seat`` may see (None: a spectator, who sees no hidden card)."""
        return self._view(check_seat(seat, self.rules.players, spectator=True))

    def play(self, seat: Seat, move: MoveT | str) -> Played[MoveT]:
        """The checked path: ``seat`` plays ``move`` (a move value or its text).

        Refusals, each leaving the state unchanged: ``BadSeatError``, ``HandOverError``,
        ``NotYourTurnError``, ``NotationError``, ``IllegalMoveError``. Their messages name
        only what ``seat`` may know.
        """
        checked = _seat(check_seat(seat, self.rules.players))
        if self.is_over():
            raise HandOverError("the hand is over: no more moves")
        if checked != self.to_move():
            raise NotYourTurnError(f"it is not your turn: seat {self.to_move()} is to move")
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not self._is_move(move):
            raise NotationError("a move is written as text in the game's notation")
        legal = self.legal_moves()
        if move not in legal:
            refusal = self.view(checked).refusal(move)
            raise IllegalMoveError("that move is not legal now", refusal.reason, refusal.params)
        text = self.move_text(move)
        events = self._apply_recorded(move, checked)
        if self.is_over():
            events.append(Event("hand_over", self.score().to_json()))
        return Played(checked, move, text, tuple(events))


@dataclass(frozen=True)
class ViewCore:
    """The keys every view's JSON shares, with the same types in every game, so a client
    needs one parser for the common part. ``scores`` is what each side has earned so far
    in the hand as the game shows it; ``stock`` is a count."""

    phase: str
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    stock: int
    scores: tuple[int, ...]
    history: tuple[tuple[Seat, str], ...]

    KEYS: ClassVar[tuple[str, ...]] = (
        "game",
        "players",
        "seat",
        "to_move",
        "phase",
        "hand",
        "hand_sizes",
        "stock",
        "scores",
        "history",
    )

    def to_json(self, view: View[Any]) -> dict[str, Any]:
        return {
            "game": view.rules.game,
            "players": view.rules.players,
            "seat": view.seat,
            "to_move": view.to_move(),
            "phase": self.phase,
            "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "stock": self.stock,
            "scores": list(self.scores),
            "history": [[seat, text] for seat, text in self.history],
        }

    @classmethod
    def read(cls, rules: Rules, data: object) -> ViewCore:
        """Check the common part of untrusted view JSON; ``NotationError`` names the key."""
        if not isinstance(data, Mapping):
            raise NotationError("a view is a JSON object")
        for key in cls.KEYS:
            if key not in data:
                raise NotationError(f"a view needs {key!r}")
        if data["game"] != rules.game or not _exact(data["players"], rules.players):
            raise NotationError(f"this view is not of {rules.game} for {rules.players} players")
        seat = data["seat"]
        if seat is not None:
            _view_check(type(seat) is int and 0 <= seat < rules.players, "seat")
        to_move = data["to_move"]
        _view_check(
            to_move is None or (type(to_move) is int and 0 <= to_move < rules.players),
            "to_move",
        )
        _view_check(isinstance(data["phase"], str), "phase")
        hand = _str_list(data["hand"], "hand")
        sizes = _int_list(data["hand_sizes"], "hand_sizes")
        _view_check(len(sizes) == rules.players, "hand_sizes")
        _view_check(
            (seat is None and not hand) or (seat is not None and sizes[seat] == len(hand)), "hand"
        )
        stock = data["stock"]
        _view_check(type(stock) is int and stock >= 0, "stock")
        scores = _int_list(data["scores"], "scores", signed=True)
        _view_check(len(scores) == rules.sides, "scores")
        history = data["history"]
        _view_check(isinstance(history, list), "history")
        moves: list[tuple[Seat, str]] = []
        for entry in history:
            _view_check(isinstance(entry, list | tuple) and len(entry) == 2, "history")
            mover, text = entry
            _view_check(type(mover) is int and 0 <= mover < rules.players, "history")
            _view_check(isinstance(text, str), "history")
            moves.append((mover, text))
        return cls(data["phase"], tuple(hand), tuple(sizes), stock, tuple(scores), tuple(moves))


def _view_check(ok: bool, key: str) -> None:
    if not ok:
        raise NotationError(f"this view's {key!r} is malformed")


def _str_list(value: object, key: str) -> list[str]:
    _view_check(isinstance(value, list) and all(isinstance(v, str) for v in value), key)
    assert isinstance(value, list)
    return value


def _int_list(value: object, key: str, *, signed: bool = False) -> list[int]:
    ok = isinstance(value, list) and all(type(v) is int and (signed or v >= 0) for v in value)
    _view_check(ok, key)
    assert isinstance(value, list)
    return value


class View(ABC, Generic[MoveT]):
    """A seat's view of a hand: everything it can see, nothing it cannot.

    ``to_json`` is the shared ``ViewCore`` keys plus the game's own (``_game_json``).
    """

    rules: Rules
    seat: Seat | None

    @abstractmethod
    def to_move(self) -> Seat | None: ...

    @abstractmethod
    def legal_moves(self) -> list[MoveT]:
        """The viewer's legal moves when it is the viewer's turn, else an empty list."""

    @abstractmethod
    def core(self) -> ViewCore:
        """The common part of this view."""

    @abstractmethod
    def _game_json(self) -> dict[str, Any]:
        """The game's own keys (none of ``ViewCore.KEYS``), JSON-ready."""

    @abstractmethod
    def sample(self, rng: random.Random) -> HandState[MoveT]:
        """A full state consistent with this view, hidden cards dealt at random."""

    @abstractmethod
    def move_text(self, move: MoveT) -> str:
        """The move's notation, as ``HandState.move_text`` writes it: a view spells its
        own moves, so a bot or a client needs no full state to name one."""

    @abstractmethod
    def _parse_move(self, text: str) -> MoveT:
        """Read a move's notation; raise ``NotationError`` on bad text."""

    @abstractmethod
    def move_label(self, move: MoveT) -> dict[str, Any]:
        """What a client needs to offer ``move`` without knowing the rules: its ``kind``
        and the cards it plays, JSON-ready. Only cards the viewer can see, or a wild's
        stand-in written ``2S=AH`` (a stand-in names no card)."""

    def parse_move(self, text: str) -> MoveT:
        """Read a move's notation; ``NotationError`` on anything else."""
        if not isinstance(text, str):
            raise NotationError("a move is written as text in the game's notation")
        return _parsed(lambda: self._parse_move(text), "move")

    def refusal(self, move: MoveT) -> Refusal:
        """Why ``move``, not among ``legal_moves``, is refused: the rule it breaks, worked
        out from this view alone (the game's own, else ``ILLEGAL``)."""
        return Refusal(ILLEGAL)

    def offered(self) -> list[dict[str, Any]]:
        """The viewer's legal moves as a client receives them: each its label and an
        ``id``, the move's text, which the client sends back to play it."""
        return [{"id": self.move_text(m), **self.move_label(m)} for m in self.legal_moves()]

    def to_json(self) -> dict[str, Any]:
        """JSON-ready, and holding nothing the seat cannot see."""
        return {**self._game_json(), **self.core().to_json(self)}
