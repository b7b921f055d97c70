"""Burraco's options, the deal and the match: ``BurracoRules``.

A match is ``hands`` hands (default 4) and the highest total wins; or, with ``target``
(traditionally 2005), the first side to reach the target wins. [decided] Ties go on:
when the leaders are level after the last hand, or level at or above the target, one
more hand is played, as often as needed. When both sides pass the target in the same
hand, the higher total wins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from circolo.cards import Chance, Faces
from circolo.engine import (
    PLAYERS,
    Clock,
    MatchOutcome,
    OptionError,
    OptionSpec,
    Rules,
    Seat,
    Side,
    View,
    ViewCore,
    faces_option,
)
from circolo.games.burraco.deal import burraco_deal
from circolo.games.burraco.evaluation import auto_turn
from circolo.games.burraco.hand import DECK, HAND_SIZE, POZZETTO_SIZE, BurracoHand
from circolo.games.burraco.moves import Move
from circolo.games.burraco.position import read_position
from circolo.games.burraco.refusals import REFUSALS
from circolo.games.burraco.view import BurracoView, view_from_json

if TYPE_CHECKING:
    from circolo.deal import Deal, DealInputs

DEFAULT_HANDS = 4
TARGET_HANDS = 20
"""A match to a target ends after this many hands at the latest (the higher total wins):
at weak tables totals can fall hand after hand, and a match must end [decided]."""


@dataclass(frozen=True)
class BurracoRules(Rules):
    """Options: ``players`` 2 (1 v 1) or 4 (2 v 2, partners opposite);
    ``hands`` per match (default 4) or a points ``target`` (e.g. 2005), not both; a match
    to a target ends after ``TARGET_HANDS`` hands at the latest."""

    game: ClassVar[str] = "burraco"
    first_seat: ClassVar[Literal["dealer", "first"]] = "first"
    refusals: ClassVar[tuple[str, ...]] = REFUSALS
    card_faces: ClassVar[tuple[Faces, ...]] = (Faces.FRENCH,)  # 8, 9, 10 and jokers
    clock: ClassVar[Clock] = "burraco"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        PLAYERS,
        OptionSpec(
            "hands",
            int,
            None,
            "hands per match (4 when neither is set)",
            minimum=1,
            maximum=12,
            optional=True,
            example=DEFAULT_HANDS,
        ),
        OptionSpec(
            "target",
            int,
            None,
            "points that win the match (traditionally 2005)",
            minimum=1,
            maximum=6000,
            optional=True,
            example=2005,
        ),
        faces_option(card_faces),
    )
    players: int = 2
    hands: int | None = None
    target: int | None = None
    faces: str = "french"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.hands is not None and self.target is not None:
            raise OptionError("choose either a number of hands or a target in points, not both")

    @property
    def match_hands(self) -> int | None:
        """How many hands a match has (None: played to the target)."""
        if self.target is not None:
            return None
        return DEFAULT_HANDS if self.hands is None else self.hands

    def match_goal(self) -> tuple[Literal["points", "hands", "single_hand"], int]:
        if self.target is not None:
            return ("points", self.target)
        return ("hands", DEFAULT_HANDS if self.hands is None else self.hands)

    def seats_of(self, side: Side) -> tuple[Seat, ...]:
        return tuple(seat for seat in range(self.players) if self.side_of(seat) == side)

    def _deal(self, seed: int, first: Seat) -> BurracoHand:
        """Shuffle (the ``"deck"`` stream); deal 11 cards each from ``first``; one card face
        up; two pozzetti of 11 taken one card at a time from the bottom; the rest is the
        stock, top first."""
        order = Chance(seed, "deck").shuffled(len(DECK))  # order[0] is the top of the deck
        dealt = HAND_SIZE * self.players
        hands: list[list[int]] = [[] for _ in range(self.players)]
        for n, card in enumerate(order[:dealt]):
            hands[(first + n) % self.players].append(card)
        pile = [order[dealt]]
        stock = order[dealt + 1 :]
        pozzetti: list[list[int] | None] = [[] for _ in range(self.sides)]
        for n in range(POZZETTO_SIZE * self.sides):
            pozzetto = pozzetti[n % self.sides]
            assert pozzetto is not None
            pozzetto.append(stock.pop())
        return BurracoHand(
            self,
            hands=hands,
            melds=[[] for _ in range(self.sides)],
            pozzetti=pozzetti,
            pile=pile,
            stock=stock,
            seat=first,
            phase="draw",
        )

    def reveal_deal(self, seed: int, base: Deal, inputs: DealInputs) -> Deal:
        return burraco_deal(self._deal(seed, base.first), seed, base)

    def _from_position(self, text: str) -> BurracoHand:
        return read_position(self, text)

    def _view_from_json(self, data: Mapping[str, Any], core: ViewCore) -> BurracoView:
        return view_from_json(self, data, core)

    def auto_move(self, view: View[Any], rng: random.Random) -> Move:
        """A silent player's turn, one step at a time: see ``evaluation.auto_turn``
        (the table never plays it: Burraco's clock loses instead; the server plays it
        for a bot that failed)."""
        return auto_turn(view)

    def match_outcome(self, totals: Sequence[int], hands_played: int) -> MatchOutcome:
        best = max(totals)
        leaders = [side for side, total in enumerate(totals) if total == best]
        if self.target is not None:
            finished = best >= self.target or hands_played >= TARGET_HANDS
        else:
            finished = hands_played >= (self.match_hands or DEFAULT_HANDS)
        if finished and len(leaders) == 1:
            return MatchOutcome("won", winner=leaders[0])
        return MatchOutcome("continue")
