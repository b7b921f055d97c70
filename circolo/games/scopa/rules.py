"""Scopa's options and match rules: 1 v 1 or 2 v 2, to 11, to 7 or a single hand.

The rules object is the package's front door: it deals hands, reads positions and builds
and reads views, so the state module needs neither the view nor the position module.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from circolo.cards import Faces
from circolo.engine import PLAYERS, MatchOutcome, OptionSpec, Rules, View, ViewCore, faces_option
from circolo.games.scopa.deal import scopa_deal
from circolo.games.scopa.deck import cards_of
from circolo.games.scopa.evaluation import greedy_value
from circolo.games.scopa.moves import CUT_MOVES, played_card
from circolo.games.scopa.position import read_position
from circolo.games.scopa.refusals import REFUSALS
from circolo.games.scopa.state import ScopaHand
from circolo.games.scopa.view import ScopaView

if TYPE_CHECKING:
    from circolo.deal import Deal, DealInputs

SINGLE_HAND = "single_hand"


@dataclass(frozen=True)
class ScopaRules(Rules):
    """``players`` 2 or 4 (partners opposite); ``target`` 11, 7 or "single_hand";
    ``faces`` "italian" or "french" (only how cards look: the rules never change)."""

    game: ClassVar[str] = "scopa"
    deal_inputs: ClassVar[tuple[Literal["cut", "choice"], ...]] = ("cut",)
    card_faces: ClassVar[tuple[Faces, ...]] = (Faces.ITALIAN, Faces.FRENCH)
    refusals: ClassVar[tuple[str, ...]] = REFUSALS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        PLAYERS,
        OptionSpec(
            "target",
            int,
            11,
            "the points that win the match, or a single hand",
            (11, 7, SINGLE_HAND),
        ),
        faces_option(card_faces),
    )
    players: int = 2
    target: int | str = 11
    faces: str = "italian"

    def _deal(self, seed: int, first: int) -> ScopaHand:
        """Shuffle by ``seed``; ``first`` is the dealer. The first move is the cut."""
        return ScopaHand.deal(self, seed, first)

    def reveal_deal(self, seed: int, base: Deal, inputs: DealInputs) -> Deal:
        return scopa_deal(self._deal(seed, base.first), base, inputs)

    def _from_position(self, text: str) -> ScopaHand:
        return read_position(self, text)

    def _view_from_json(self, data: Mapping[str, Any], core: ViewCore) -> ScopaView:
        return ScopaView.from_json(self, data, core)

    def view_of(self, hand: ScopaHand, seat: int | None) -> ScopaView:
        """The view of a checked seat (``hand.view`` is the public way in)."""
        return ScopaView.of(hand, seat)

    def match_goal(self) -> tuple[Literal["points", "hands", "single_hand"], int]:
        return ("single_hand", 1) if self.target == SINGLE_HAND else ("points", int(self.target))

    def auto_move(self, view: View[Any], rng: random.Random) -> int:
        """The leftmost card of the hand (the order the view lists it: by value, then
        suit), with the capture ``greedy_value`` rates best; the cut, a random one
        (scopa.md: "a random one when they do not choose within the move timer")."""
        assert isinstance(view, ScopaView)
        if view.cutting:
            return rng.choice(CUT_MOVES)
        leftmost = cards_of(view.hand)[0]
        options = [m for m in view.legal_moves() if played_card(m) == leftmost]
        return max(options, key=lambda move: greedy_value(view, move))

    def match_outcome(self, totals: Sequence[int], hands_played: int) -> MatchOutcome:
        """The higher total wins once a side is at or over the target (any total in a
        single-hand match); equal top totals play another hand, until one side is ahead."""
        first, second = totals
        if hands_played < 1 or first == second:
            return MatchOutcome("continue")
        if self.target != SINGLE_HAND and max(first, second) < int(self.target):
            return MatchOutcome("continue")
        return MatchOutcome("won", winner=0 if first > second else 1)
