"""Every frame the server sends, declared once (as ``protocol.py`` declares the client's).

One model per outgoing ``type``: the top-level frames, the happenings a ``table.events``
frame carries, the screen's sections those patch, and each game's view. A field not
declared here is not part of the protocol: ``check`` refuses it, the server and browser
tests check every frame they receive with it, and ``docs/protocol.md``'s list of frames is
written from it (``markdown``; ``python -m circolo.server.frames`` rewrites it). ``shapes``
gives the browser tests the declared fields, so a test fails when the client reads a field
no frame has (``circolo/web/js/framecheck.js``).

The call sites still build plain dicts: these models describe them, they are not
constructed on the hot path.
"""

from __future__ import annotations

import sys
import types
import typing
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, TypeAdapter
from pydantic.fields import FieldInfo

Seat = int
Time = float
Cards = list[str]


class _Shape(BaseModel):
    """A closed object: a field it does not declare is an error."""

    model_config = ConfigDict(extra="forbid")


# -- the lobby -------------------------------------------------------------------------------


class LobbySeat(_Shape):
    seat: Seat
    kind: Literal["open", "bot", "human"]
    name: str | None = None
    level: str | None = None


class LobbyTable(_Shape):
    """A table as the lobby lists it (``server/lobby.py`` ``listing``)."""

    table_id: str
    game: str
    options: dict[str, Any]
    speed: str
    status: str
    private: bool
    rated: bool
    """Its matches are rated; a private table still waiting: its host offers it rated."""
    seats: list[LobbySeat]
    free: int
    bots: int
    spectators: int
    created_at: Time


class HeldSeat(_Shape):
    table_id: str
    seat: Seat


# -- each game's view (``View.to_json``) --------------------------------------------------------


class _View(_Shape):
    """What every game's view has (``engine.ViewCore``)."""

    players: int
    seat: Seat | None
    to_move: Seat | None
    phase: str
    hand: Cards
    hand_sizes: list[int]
    stock: int
    scores: list[int]
    """Scopa: the scope each side made; Bisca: card points; Burraco: points so far."""
    history: list[list[Any]]


class ScopaView(_View):
    game: Literal["scopa"]
    dealer: Seat
    table: Cards
    piles: list[Cards]
    pile_sizes: list[int]
    last_capture: dict[str, Any] | None
    voided: int
    score: dict[str, Any] | None = None
    """The hand's score, once it is over."""


class BiscaTrick(_Shape):
    leader: Seat | None = None
    cards: Cards
    winner: Seat | None = None
    points: int | None = None


class BiscaExchange(_Shape):
    seat: Seat
    took: str
    """The open card the holder of the trump 2 took for it."""


class BiscaView(_View):
    game: Literal["bisca"]
    dealer: Seat
    choice: str | None
    trump: str | None
    copas: bool
    open_card: str | None
    open_card_drawn_by: Seat | None
    turned_back: str | None
    exchange: BiscaExchange | None
    trick: BiscaTrick
    tricks: list[BiscaTrick]
    piles: list[int]
    """How many cards each side has taken."""
    relo: list[int]


class BurracoView(_View):
    game: Literal["burraco"]
    player: Seat
    melds: list[list[Any]]
    pile: Cards
    pozzetti: list[Any]
    taken: str | None
    ending: dict[str, Any] | None
    recall: list[Any]


class OtherView(_View):
    """A game outside the room's three (the tests' toy game): its common fields only."""

    model_config = ConfigDict(extra="allow")
    game: str


def _game(view: Any) -> str:
    game = view.get("game") if isinstance(view, dict) else getattr(view, "game", None)
    return str(game) if game in ("scopa", "bisca", "burraco") else "other"


View = Annotated[
    Annotated[ScopaView, Tag("scopa")]
    | Annotated[BiscaView, Tag("bisca")]
    | Annotated[BurracoView, Tag("burraco")]
    | Annotated[OtherView, Tag("other")],
    Discriminator(_game),
]


# -- the screen's sections (``table/screen.py``) ---------------------------------------------


class TableSection(_Shape):
    game: str
    options: dict[str, Any]
    players: int
    speed: str
    tournament: bool
    private: bool
    rated: bool
    """Its matches are rated: people only at the standard speed, and at a private table
    only when every person chose rated (``circolo.table.outcomes.rated_table``)."""
    status: str
    match: int
    timed: bool
    clock: Literal["move", "burraco"]


class SeatSection(_Shape):
    seat: Seat
    name: str
    bot: bool
    level: str | None
    side: int
    presence: str
    deadline: Time | None
    disconnections: int


class HandRecord(_Shape):
    hand: int
    first: Seat
    points: list[int]
    breakdown: list[dict[str, int]]
    seed: str
    commitment: str | None = None
    details: dict[str, Any] | None = None


class MatchSection(_Shape):
    hand: int
    first: Seat | None
    totals: list[int]
    hands: list[HandRecord]
    commitment: str | None
    next_commitment: str | None


class HandSection(_Shape):
    view: View
    ply: int
    legal: list[Any] | None = None
    """The seat to move's legal moves (to that seat only), in games that send them."""
    asking: bool = False
    """A secret asking is open (Bisca's trump-2 exchange) until the phase's ``until``:
    only the seat asked has ``legal``; everyone else sees the hand as the asking began
    and nobody's turn."""


class PhaseSection(_Shape):
    name: str
    until: Time | None
    last_trick: dict[str, Any] | None
    continued: list[Seat]


class ClockSection(_Shape):
    seat: Seat | None
    running: bool | None = None
    deadline: Time | None = None
    left: float | None = None
    reserves: list[float] | None = None
    green_until: Time | None = None
    warning: bool | None = None


class VoteSection(_Shape):
    choices: list[str]
    deadline: Time | None
    voted: list[Seat]


class RematchSection(_Shape):
    deadline: Time | None
    accepted: list[Seat]


class StartSection(_Shape):
    deadline: Time
    pressed: list[Seat]


class UnfinishedHand(_Shape):
    seed: str
    commitment: str


class MatchResult(_Shape):
    match: int
    winner: int | None
    losers: list[int]
    reason: str
    seat: Seat | None
    totals: list[int]
    hands: list[HandRecord]
    unfinished_hand: UnfinishedHand | None


class Screen(_Shape):
    """A live table's screen: a snapshot has every section, an update the changed ones."""

    table: TableSection | None = None
    seats: list[SeatSection] | None = None
    match: MatchSection | None = None
    hand: HandSection | None = None
    phase: PhaseSection | None = None
    clock: ClockSection | None = None
    vote: VoteSection | None = None
    rematch: RematchSection | None = None
    start: StartSection | None = None
    result: MatchResult | None = None


class WaitingScreen(_Shape):
    """A table still gathering players: its lobby entry."""

    status: Literal["waiting"]
    table: LobbyTable
    bots_at: Time | None
    invite: str | None = None


# -- what happens at a table: the items of ``table.events`` -----------------------------------


class _Happening(_Shape):
    at: Time | None = None
    bots: list[Seat] | None = None


class Update(_Happening):
    type: Literal["update"]
    state: Screen


class Snapshot(_Happening):
    type: Literal["snapshot"]
    state: Screen


class Move(_Happening):
    """A move, with the engine's events as this audience may see them (``Played.for_seat``):
    the client tells the move from ``events`` (``web/js/table/narrate.js``)."""

    type: Literal["move"]
    seat: Seat
    move: str
    events: list[dict[str, Any]]
    auto: bool
    bot: bool


class Deal(_Happening):
    type: Literal["deal"]
    hand: int
    first: Seat
    commitment: str


class HandOver(_Happening):
    type: Literal["hand_over"]
    hand: int
    seed: str
    commitment: str
    points: list[int]
    breakdown: list[dict[str, int]]
    details: dict[str, Any]
    totals: list[int]
    last_trick: dict[str, Any] | None


class TrickCleared(_Happening):
    type: Literal["trick_cleared"]


class ClockWarning(_Happening):
    type: Literal["clock_warning"]
    seat: Seat
    deadline: Time


class Disconnection(_Happening):
    type: Literal["disconnection"]
    seat: Seat
    count: int


class Commitment(_Happening):
    type: Literal["commitment"]
    hand: int
    commitment: str


class Resumed(_Happening):
    type: Literal["resumed"]
    grace: float


class StartPressed(_Happening):
    type: Literal["start_pressed"]
    seat: Seat


class Continued(_Happening):
    type: Literal["continued"]
    seat: Seat


class Voted(_Happening):
    type: Literal["voted"]
    seat: Seat


class VoteOpen(_Happening):
    type: Literal["vote_open"]
    choices: list[str]
    deadline: Time | None


class VoteResult(_Happening):
    type: Literal["vote_result"]
    result: str
    votes: list[list[Any]]


class RematchDeclined(_Happening):
    type: Literal["rematch_declined"]
    seat: Seat


class RematchAccepted(_Happening):
    type: Literal["rematch_accepted"]
    seat: Seat


class RematchOpen(_Happening):
    type: Literal["rematch_open"]
    deadline: Time | None


class Left(_Happening):
    type: Literal["left"]
    seat: Seat


class MatchOver(_Happening):
    type: Literal["match_over"]
    result: MatchResult


class Invited(_Happening):
    type: Literal["invited"]
    seat: Seat
    deadline: Time | None


class Presence(_Happening):
    type: Literal["presence"]
    seat: Seat
    state: str


class Returned(_Happening):
    type: Literal["returned"]
    seat: Seat


class MatchStarted(_Happening):
    type: Literal["match_started"]
    match: int


class TableClosedHappening(_Happening):
    type: Literal["table_closed"]
    why: Literal["left", "rematch_declined", "rematch_expired"]


Happening = Annotated[
    Update | Snapshot | Move | Deal | HandOver | TrickCleared | ClockWarning | Disconnection
    | Commitment | Resumed | StartPressed | Continued | Voted | VoteOpen | VoteResult
    | RematchDeclined | RematchAccepted | RematchOpen | Left | MatchOver | Invited | Presence
    | Returned | MatchStarted | TableClosedHappening,
    Field(discriminator="type"),
]  # fmt: skip
HAPPENINGS: tuple[type[_Happening], ...] = get_args(get_args(Happening)[0])


# -- top-level frames ------------------------------------------------------------------------


class _Reply(_Shape):
    ref: str | None = None
    """The ``id`` of the client frame this answers."""


class Heartbeat(_Shape):
    interval: float
    timeout: float


class Limits(_Shape):
    frame_bytes: int
    rate: float
    burst: int
    chat_chars: int
    connections: int


class Player(_Shape):
    id: str
    name: str
    named: bool


class Welcome(_Reply):
    type: Literal["welcome"]
    protocol: int
    server_time: Time
    player: Player
    token: str | None = None
    heartbeat: Heartbeat
    limits: Limits
    tables: list[HeldSeat]


class Pong(_Reply):
    type: Literal["pong"]
    t: int | float | str | None = None
    server_time: Time


class Ack(_Reply):
    type: Literal["ack"]
    table_id: str | None = None
    seq: int | None = None


class Error(_Reply):
    type: Literal["error"]
    code: str
    """Why, which the client says in its words (``error-<code>``); a chat message dropped:
    ``chat_too_long``, ``chat_rate`` or ``chat_players_only`` (a spectator's)."""
    message: str
    """For logs and tools: a client words ``code`` (and ``reason``) in its own language."""
    reason: str | None = None
    """A refused move (``illegal_move``): the rule it breaks, one of the game's
    ``Rules.refusals`` or "illegal"; worded by the client as ``refusal-<reason>``."""
    params: dict[str, str | int] | None = None
    """The ``reason``'s numbers and card codes (keys ``card``, ``card_...``): only cards
    the refused seat can see."""
    table_id: str | None = None
    retry_after: float | None = None
    expected: int | None = None
    """``protocol_version``: the server's version."""
    free: list[Seat] | None = None
    """``not_seated`` on ``table.open``: the seats one may take."""
    table: LobbyTable | None = None
    until: Time | None = None
    """``play_now_delayed``: when Play now opens again; ``account_suspended`` (creating,
    joining or Play now): when the suspension ends (None: until it is lifted)."""
    abandoned: int | None = None
    """``play_now_delayed``: the matches abandoned that made the wait."""


class Lobby(_Reply):
    type: Literal["lobby"]
    games: list[dict[str, Any]]
    speeds: list[str]
    bot_levels: list[str]
    tables: list[LobbyTable]


class LobbyTableFrame(_Shape):
    type: Literal["lobby.table"]
    table: LobbyTable


class LobbyRemoved(_Shape):
    type: Literal["lobby.removed"]
    table_id: str


class TableCreated(_Reply):
    type: Literal["table.created"]
    table_id: str
    seat: Seat | None = None
    invite: str | None = None


class TableJoined(_Reply):
    type: Literal["table.joined"]
    table_id: str
    seat: Seat | None = None
    bots_at: Time | None = None


class PlayNowWaiting(_Reply):
    type: Literal["play_now.waiting"]
    table_id: str
    seat: Seat | None = None
    bots_at: Time | None = None


class TableSnapshot(_Reply):
    """A table's whole screen: a live table's ``snapshot`` happening with its ``log`` (the
    hand being played), or a waiting table's lobby entry."""

    type: Literal["table.snapshot"]
    table_id: str
    seq: int
    seat: Seat | None
    snapshot: Snapshot | WaitingScreen
    log: list[Happening] | None = None


class TableEvents(_Reply):
    """What happened at a table since ``prev``, for this audience, in order."""

    type: Literal["table.events"]
    table_id: str
    seat: Seat | None
    prev: int
    seq: int
    events: list[Happening]


class TableClosed(_Shape):
    type: Literal["table.closed"]
    table_id: str
    reason: str


class Shutdown(_Shape):
    type: Literal["shutdown"]
    reason: str
    retry_after: float


class Chat(_Shape):
    type: Literal["chat"]
    table_id: str
    seat: Seat
    name: str
    text: str
    at: Time
    ref: str | None = None
    """The sender's own message comes back with its request's id."""


class SeatRating(_Shape):
    seat: Seat
    before: int
    after: int


class Ratings(_Shape):
    """A match of people was rated: each seat's rating before and after it."""

    type: Literal["ratings"]
    table_id: str
    match: int
    game: str
    mode: str
    changes: list[SeatRating]


class NextMatchOffer(_Shape):
    type: Literal["next_match.offer"]
    table_id: str
    with_: str = Field(alias="with")
    accepted: bool


class NextMatchOff(_Shape):
    type: Literal["next_match.off"]
    table_id: str


class NextMatchReady(_Shape):
    type: Literal["next_match.ready"]
    table_id: str
    next: str
    seat: Seat


class TournamentNoticeData(_Shape):
    round: int | None = None
    match: str | None = None
    opponent: str | None = None
    table_id: str | None = None
    amount: int | None = None
    place: int | None = None


class TournamentNotice(_Shape):
    """A tournament tells a player, wherever they are: their round started (its table),
    a bye, a walkover, a replay, out, won, a prize, cancelled."""

    type: Literal["tournament.notice"]
    tournament: str
    name: str
    game: str
    what: Literal[
        "round_started", "replay", "bye", "walkover", "eliminated", "won", "prize", "cancelled"
    ]
    data: TournamentNoticeData


ServerFrame = Annotated[
    Welcome | Pong | Ack | Error | Lobby | LobbyTableFrame | LobbyRemoved | TableCreated
    | TableJoined | PlayNowWaiting | TableSnapshot | TableEvents | TableClosed | Shutdown | Chat
    | Ratings | NextMatchOffer | NextMatchOff | NextMatchReady | TournamentNotice,
    Field(discriminator="type"),
]  # fmt: skip
FRAMES: tuple[type[_Shape], ...] = get_args(get_args(ServerFrame)[0])
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ServerFrame)


def type_of(model: type[BaseModel]) -> str:
    (literal,) = get_args(model.model_fields["type"].annotation)
    return str(literal)


def check(frame: dict[str, Any]) -> None:
    """Raise ``pydantic.ValidationError`` unless ``frame`` is a declared server frame with
    only declared fields."""
    _ADAPTER.validate_python(frame)


# -- the browser tests' view of the schema ------------------------------------------------------


def shapes() -> dict[str, Any]:
    """The declared fields as the browser's frame check reads them: an object's
    ``{"fields": {name: shape}}``, a list's ``{"items": shape}``, a choice by a key's
    value ``{"by": key, "cases": {value: shape}}``; None where anything may be read
    (an open mapping, a scalar)."""
    shape: dict[str, Any] = _shape(ServerFrame)
    return shape


def _shape(annotation: Any) -> Any:
    origin = get_origin(annotation)
    if origin is Annotated:
        base, *extra = get_args(annotation)
        by = next((e.discriminator for e in extra if getattr(e, "discriminator", None)), None)
        if isinstance(by, str):
            members = get_args(base)
            return {"by": by, "cases": {_literal(m, by): _shape(m) for m in members}}
        if any(isinstance(e, Discriminator) for e in extra):  # a view: by its game
            cases = {}
            for member in get_args(base):
                model, tag = get_args(member)[0], get_args(member)[1].tag
                cases[tag] = None if model is OtherView else _shape(model)
            return {"by": "game", "cases": cases}
        return _shape(base)
    if origin in (Union, types.UnionType):
        shaped = [_shape(m) for m in get_args(annotation) if m is not type(None)]
        objects = [s for s in shaped if s and "fields" in s]
        if len(objects) > 1:  # several objects may come here: a field of any of them
            return {"fields": {k: v for s in objects for k, v in s["fields"].items()}}
        return next((s for s in shaped if s), None)
    if origin in (list, tuple):
        args = get_args(annotation)
        inner = _shape(args[0]) if args else None
        return {"items": inner} if inner else None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        fields = annotation.model_fields.items()
        return {"fields": {(info.alias or name): _shape(_declared(info)) for name, info in fields}}
    return None


def _declared(info: FieldInfo) -> Any:
    """A field's type as written (pydantic keeps an ``Annotated`` field's extras apart)."""
    return Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation


def _literal(model: type[BaseModel], key: str) -> str:
    (value,) = get_args(model.model_fields[key].annotation)
    return str(value)


# -- docs/protocol.md ------------------------------------------------------------------------

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
BEGIN = (
    "<!-- frames: written by `python -m circolo.server.frames` from circolo/server/frames.py -->"
)
END = "<!-- frames: end -->"


def markdown() -> str:
    """The list of server frames, their happenings and the sections and views they carry."""
    lines = [BEGIN, "", "### Frames the server sends", ""]
    lines += _table(FRAMES)
    lines += ["", "### Happenings (`table.events` `events`, `table.snapshot` `log`)", ""]
    lines += _table(HAPPENINGS)
    others: list[type[BaseModel]] = [
        *(Screen, WaitingScreen, TableSection, SeatSection, MatchSection, HandRecord),
        *(HandSection, PhaseSection, ClockSection, VoteSection, RematchSection, StartSection),
        *(MatchResult, UnfinishedHand, ScopaView, BiscaView, BiscaTrick, BurracoView),
        *(LobbyTable, LobbySeat, HeldSeat, Player, Heartbeat, Limits),
    ]
    lines += ["", "### What they carry", ""]
    lines += _table(others)
    return "\n".join([*lines, "", END])


def _table(models: typing.Iterable[type[BaseModel]]) -> list[str]:
    rows = ["| frame | fields (`?`: may be left out) |", "| --- | --- |"]
    for model in models:
        name = f"`{type_of(model)}`" if "type" in model.model_fields else model.__name__
        fields = [
            f"`{info.alias or field}`{'' if info.is_required() else '?'}: {_words(info.annotation)}"
            for field, info in model.model_fields.items()
            if field != "type"
        ]
        rows.append(f"| {name} | {', '.join(fields) or '—'} |")
    return rows


def _words(annotation: Any) -> str:
    named = {id(Happening): "Happening", id(View): "View (by `game`)"}
    if id(annotation) in named:
        return named[id(annotation)]
    origin = get_origin(annotation)
    if origin is Annotated:
        return _words(get_args(annotation)[0])
    if origin in (Union, types.UnionType):
        return " or ".join(_words(a) for a in get_args(annotation))
    if origin in (list, tuple):
        args = get_args(annotation)
        return f"list of {_words(args[0])}" if args else "list"
    if origin is dict:
        return "object"
    if origin is Literal:
        return " or ".join(f'"{a}"' for a in get_args(annotation))
    if annotation is type(None):
        return "null"
    if annotation is Any:
        return "any"
    return str(getattr(annotation, "__name__", annotation))


def documented(text: str) -> str:
    """``docs/protocol.md``'s text with its list of frames written from the schema."""
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[:start] + markdown() + text[end:]


if __name__ == "__main__":
    DOC.write_text(documented(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    sys.stdout.write(f"wrote {DOC.name}\n")
