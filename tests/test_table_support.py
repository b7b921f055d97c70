"""A tiny trick game on the engine API, and helpers, for the table's game-independent tests.

"Tricks": 3 cards each from twelve, highest rank wins the trick and leads; a hand is worth
one point per trick to the side that took it. First to ``target``; both sides there in
the same hand is a decision ("replay" or "draw"), as in Bisca. Registered as game
"tricks" for the duration of a test by the ``tricks_game`` fixture.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import pytest

from circolo import games
from circolo.cards import Chance
from circolo.engine import (
    PLAYERS,
    Event,
    HandScore,
    HandState,
    MatchOutcome,
    NotationError,
    OptionSpec,
    Rules,
    Seat,
    View,
    ViewCore,
)
from circolo.table import Presenter, SeatConfig, Table, TableConfig, TableSettings, Tick

DECK = ("2H", "3H", "4H", "5H", "6H", "7H", "2S", "3S", "4S", "5S", "6S", "7S")
RANK = {card: index for index, card in enumerate(DECK)}


@dataclass(frozen=True)
class TricksRules(Rules):
    game: ClassVar[str] = "tricks"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        PLAYERS,
        OptionSpec("target", int, 3, "points to win", minimum=1, maximum=20),
        OptionSpec("bonus", int, 0, "points to every side each hand", minimum=0, maximum=20),
    )
    decision_choices: ClassVar[tuple[str, ...]] = ("replay", "draw")
    trick_event: ClassVar[str | None] = "trick_won"
    target: int = 3
    bonus: int = 0

    def match_goal(self) -> tuple[Literal["points", "hands", "single_hand"], int]:
        return ("points", self.target)

    def auto_move(self, view: View[Any], rng: random.Random) -> Any:
        return view.legal_moves()[0]

    def match_outcome(self, totals: Sequence[int], hands_played: int) -> MatchOutcome:
        over = [side for side, total in enumerate(totals) if total >= self.target]
        if len(over) == 2:
            return MatchOutcome("decision", choices=self.decision_choices)
        if over:
            return MatchOutcome("won", winner=over[0])
        return MatchOutcome("continue")

    def _deal(self, seed: int, first: Seat) -> TricksHand:
        order = Chance(seed, "deck").shuffled(len(DECK))
        n = self.players
        hands = [
            sorted((DECK[i] for i in order[3 * s : 3 * s + 3]), key=RANK.__getitem__)
            for s in range(n)
        ]
        return TricksHand(self, hands, (first + 1) % n, [], [], [0, 0])

    def _from_position(self, text: str) -> TricksHand:
        data = json.loads(text)
        return TricksHand(
            self, data["hands"], data["leader"], data["trick"], data["history"], data["tricks"]
        )

    def _view_from_json(self, data: Mapping[str, Any], core: ViewCore) -> TricksView:
        return TricksView(self, data["seat"], data["to_move"], core)


class TricksHand(HandState[str]):
    def __init__(
        self,
        rules: TricksRules,
        hands: list[list[str]],
        leader: int,
        trick: list[str],
        history: list[list[Any]],
        tricks: list[int],
    ) -> None:
        self.rules: TricksRules = rules
        self.hands = hands
        self.leader = leader
        self.trick = trick
        self.moves = [(int(s), str(t)) for s, t in history]
        self.tricks = tricks

    def to_move(self) -> Seat | None:
        if self.is_over():
            return None
        return (self.leader + len(self.trick)) % self.rules.players

    def legal_moves(self) -> list[str]:
        seat = self.to_move()
        return [] if seat is None else list(self.hands[seat])

    def apply(self, move: str) -> None:
        self._apply_recorded(move, self.to_move() or 0)

    def is_over(self) -> bool:
        return not any(self.hands) and not self.trick

    def score(self) -> HandScore:
        return HandScore(
            tuple(self.tricks), ({"tricks": self.tricks[0]}, {"tricks": self.tricks[1]})
        )

    def clone(self) -> TricksHand:
        assert isinstance(self.rules, TricksRules)
        return self.rules._from_position(self.position())

    def move_text(self, move: str) -> str:
        return move

    def position(self) -> str:
        return json.dumps(
            {
                "hands": self.hands,
                "leader": self.leader,
                "trick": self.trick,
                "history": self.moves,
                "tricks": self.tricks,
            }
        )

    def history(self) -> list[tuple[Seat, str]]:
        return list(self.moves)

    def _is_move(self, move: object) -> bool:
        return isinstance(move, str)

    def _parse_move(self, text: str) -> str:
        if text not in RANK:
            raise NotationError("a move is a card")
        return text

    def _view(self, seat: Seat | None) -> TricksView:
        core = ViewCore(
            "play",
            tuple(self.hands[seat]) if seat is not None else (),
            tuple(len(h) for h in self.hands),
            0,
            tuple(self.tricks),
            tuple(self.moves),
        )
        return TricksView(self.rules, seat, self.to_move(), core, self)

    def _apply_recorded(self, move: str, seat: Seat) -> list[Event]:
        self.hands[seat].remove(move)
        self.trick.append(move)
        self.moves.append((seat, move))
        events = [Event("card_played", {"seat": seat, "card": move})]
        if len(self.trick) == self.rules.players:
            best = max(range(len(self.trick)), key=lambda i: RANK[self.trick[i]])
            winner = (self.leader + best) % self.rules.players
            self.tricks[self.rules.side_of(winner)] += 1
            events.append(Event("trick_won", {"seat": winner, "cards": list(self.trick)}))
            self.trick = []
            self.leader = winner
        return events


class TricksView(View[str]):
    def __init__(
        self,
        rules: Rules,
        seat: Seat | None,
        to_move: Seat | None,
        core: ViewCore,
        hand: TricksHand | None = None,
    ) -> None:
        self.rules = rules
        self.seat = seat
        self._to_move = to_move
        self._core = core
        self._trick = [] if hand is None else list(hand.trick)

    def to_move(self) -> Seat | None:
        return self._to_move

    def legal_moves(self) -> list[str]:
        return list(self._core.hand) if self.seat == self._to_move else []

    def core(self) -> ViewCore:
        return self._core

    def _game_json(self) -> dict[str, Any]:
        return {"trick": self._trick}

    def sample(self, rng: random.Random) -> HandState[str]:
        raise NotImplementedError

    def move_text(self, move: str) -> str:
        return move

    def _parse_move(self, text: str) -> str:
        return text.strip().upper()

    def move_label(self, move: str) -> dict[str, Any]:
        return {"kind": "card", "card": move}


@pytest.fixture
def tricks_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register "tricks" (with Bisca's trick display) for one test."""
    monkeypatch.setitem(games.GAMES, "tricks", TricksRules)
    yield


def config(
    game: str = "tricks",
    seats: int = 2,
    bots: Sequence[int] = (),
    **kwargs: Any,
) -> TableConfig:
    people = tuple(
        SeatConfig.bot("random") if s in bots else SeatConfig.human(f"p{s}", f"Player {s}")
        for s in range(seats)
    )
    settings = kwargs.pop("settings", TableSettings())
    return TableConfig(game, people, settings=settings, **kwargs)


class Driver:
    """A table, a log and a fake clock: ``at(t, command)`` handles and records."""

    def __init__(self, table_config: TableConfig, start: float = 1000.0) -> None:
        self.config = table_config
        self.table = Table(table_config)
        self.presenter = Presenter(self.table)
        self.start = start
        self.log: list[dict[str, Any]] = []
        self.messages: list[tuple[Any, dict[str, Any]]] = []
        self.seed = 1
        self.steps = 0

    def at(self, t: float, command: Any = None) -> Any:
        """Handle ``command`` (default: a Tick) at ``start + t``; supply seeds when asked."""
        step = self.presenter.handle(command or Tick(), self.start + t)
        self._record(step)
        while step.wants_seed:
            from circolo.table import SupplySeed

            self.seed += 1
            step = self.presenter.handle(SupplySeed(self.seed * 7919), self.start + t)
            self._record(step)
        return step

    def _record(self, step: Any) -> None:
        self.log.extend(step.entries)
        self.messages.extend(step.messages)
        self.steps += 1

    def replayed(self) -> Table:
        return Table.replay(self.config, json.loads(json.dumps(self.log)))


def started(table_config: TableConfig | None = None, start: float = 1000.0) -> Driver:
    """A driver whose match has started at t = 0 (every human connected)."""
    d = Driver(table_config or config(), start)
    d.at(0)
    for seat, spec in enumerate(d.config.seats):
        if not spec.is_bot:
            from circolo.table import Connected, StartMatch

            d.at(0, Connected(seat))
            if d.config.tournament:
                d.at(0, StartMatch(seat))
    return d


def mover(d: Driver) -> int:
    assert d.table.hand is not None
    seat = d.table.hand.to_move()
    assert seat is not None
    return seat


def play_any(d: Driver, t: float) -> Any:
    """The seat to move plays its first legal move at ``t``."""
    from circolo.table import Play

    assert d.table.hand is not None
    seat = mover(d)
    move = d.table.hand.move_text(d.table.hand.legal_moves()[0])
    return d.at(t, Play(seat, move))


@pytest.fixture
def clock_game(tricks_game: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """ "tricks" played on Burraco's clock (no trick display)."""
    monkeypatch.setattr(TricksRules, "clock", "burraco")
    monkeypatch.setattr(TricksRules, "trick_event", None)
    yield
