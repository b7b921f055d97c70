"""Bisca Capixaba's options, its deal, its hand score and its match ("disputa") to 4."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from circolo.cards import Chance, Faces
from circolo.engine import (
    PLAYERS,
    HandScore,
    MatchOutcome,
    OptionSpec,
    Rules,
    Seat,
    View,
    ViewCore,
    faces_option,
)
from circolo.games.bisca.deal import CHOICES, bisca_deal
from circolo.games.bisca.deck import DECK40_CODES, DECK_SIZE
from circolo.games.bisca.moves import PASS, SORTEIO
from circolo.games.bisca.position import read_position, write_position
from circolo.games.bisca.refusals import REFUSALS
from circolo.games.bisca.scoring import hand_score
from circolo.games.bisca.state import HAND_SIZE, PLAY, BiscaHand
from circolo.games.bisca.view import BiscaView, read_view, view_of

if TYPE_CHECKING:
    from circolo.deal import Deal, DealInputs

REPLAY, DRAW = "replay", "draw"


@dataclass(frozen=True)
class BiscaRules(Rules):
    """1 × 1 (``players=2``) or 2 × 2 (``players=4``, partners opposite), a match to
    ``target`` points, and two house rules that are off unless named:

    - ``seven_opening`` ("7 de abertura"): +1 match point to the team whose player leads
      the hand's first trick with the trump 7.
    - ``bonus_61_59``: +1 match point to the team that wins a hand 61 × 59.

    House-rule points count inside the 4-point cap, as relo does. The rules object builds
    hands, views and positions, so the modules that define them never import each other
    in a circle.
    """

    game: ClassVar[str] = "bisca"
    deal_inputs: ClassVar[tuple[Literal["cut", "choice"], ...]] = ("choice",)
    deal_choices: ClassVar[tuple[str, ...]] = CHOICES
    card_faces: ClassVar[tuple[Faces, ...]] = (Faces.FRENCH, Faces.ITALIAN)  # A, 7, K, J, Q
    refusals: ClassVar[tuple[str, ...]] = REFUSALS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        PLAYERS,
        OptionSpec("target", int, 4, "match points that win the match", minimum=1, maximum=12),
        OptionSpec("seven_opening", bool, False, "+1 for leading the first trick with the trump 7"),
        OptionSpec("bonus_61_59", bool, False, "+1 for winning a hand 61 × 59"),
        faces_option(card_faces),
    )
    decision_choices: ClassVar[tuple[str, ...]] = (REPLAY, DRAW)
    trick_event: ClassVar[str | None] = "trick_won"
    players: int = 2
    target: int = 4
    seven_opening: bool = False
    bonus_61_59: bool = False
    faces: str = "french"

    def match_goal(self) -> tuple[Literal["points", "hands", "single_hand"], int]:
        return ("points", self.target)

    def _deal(self, seed: int, first: Seat) -> BiscaHand:
        """``first`` is the dealer. Stream "deck" orders ``deck40()`` (index 0 the top);
        stream "slot" draws where a turned A or 7 goes back into the stock (0 = the
        bottom; used only under sorteio), so the seed fixes every random event."""
        order = Chance(seed, "deck").shuffled(DECK_SIZE)
        deck = [DECK40_CODES[index] for index in reversed(order)]
        slot = Chance(seed, "slot").below(DECK_SIZE - HAND_SIZE * self.players)
        return BiscaHand(self, first, deck, slot)

    def reveal_deal(self, seed: int, base: Deal, inputs: DealInputs) -> Deal:
        return bisca_deal(self._deal(seed, base.first), base, inputs)

    def _from_position(self, text: str) -> BiscaHand:
        return read_position(self, text)

    def _view_from_json(self, data: Mapping[str, Any], core: ViewCore) -> BiscaView:
        return read_view(self, data, core)

    def write_position(self, hand: BiscaHand) -> str:
        """``hand.position()``: the hand asks its rules, so it never imports the writer."""
        return write_position(hand)

    def view_of(self, hand: BiscaHand, seat: Seat | None) -> BiscaView:
        """``hand.view(seat)`` for a checked seat, built here for the same reason."""
        return view_of(hand, seat)

    def score_hand(
        self,
        card_points: Sequence[int],
        copas: bool,
        relo: Sequence[int] = (0, 0),
        seven_opening: Sequence[int] = (0, 0),
        details: Mapping[str, Any] | None = None,
    ) -> HandScore:
        """The match points of a hand from its totals (what ``BiscaHand.score`` uses)."""
        return hand_score(
            card_points,
            copas,
            relo,
            seven_opening=seven_opening if self.seven_opening else None,
            bonus_61_59=self.bonus_61_59,
            details=details,
        )

    def auto_move(self, view: View[Any], rng: random.Random) -> int:
        """The leftmost legal card (hand order as the view lists it); before the first
        card, ``sorteio`` for the trump choice and ``pass`` in the trump-2 window, so
        that a silent player never changes the stakes or trades cards."""
        assert isinstance(view, BiscaView)
        legal = view.legal_moves()
        if view.phase != PLAY:
            return SORTEIO if SORTEIO in legal else PASS
        return next(card for card in view.hand if card in legal)

    def match_outcome(self, totals: Sequence[int], hands_played: int) -> MatchOutcome:
        """First team to ``target`` wins; both there after the same hand: the players decide
        (a unanimous replay, else a draw: ``Rules.settle``)."""
        reached = [team for team, total in enumerate(totals) if total >= self.target]
        if len(reached) == 2:
            return MatchOutcome("decision", choices=self.decision_choices)
        if reached:
            return MatchOutcome("won", winner=reached[0])
        return MatchOutcome("continue")
