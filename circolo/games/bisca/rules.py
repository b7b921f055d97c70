"""Bisca Capixaba's options, its deal, its hand score and its match ("disputa") to 4."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from circolo.cards import Chance
from circolo.engine import PLAYERS, HandScore, MatchOutcome, OptionSpec, Rules, Seat, ViewCore
from circolo.games.bisca.deck import DECK40_CODES, DECK_SIZE
from circolo.games.bisca.position import read_position, write_position
from circolo.games.bisca.scoring import hand_score
from circolo.games.bisca.state import HAND_SIZE, BiscaHand
from circolo.games.bisca.view import BiscaView, read_view, view_of

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
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        PLAYERS,
        OptionSpec("target", int, 4, "match points that win the match", minimum=1, maximum=12),
        OptionSpec("seven_opening", bool, False, "+1 for leading the first trick with the trump 7"),
        OptionSpec("bonus_61_59", bool, False, "+1 for winning a hand 61 × 59"),
    )
    decision_choices: ClassVar[tuple[str, ...]] = (REPLAY, DRAW)
    players: int = 2
    target: int = 4
    seven_opening: bool = False
    bonus_61_59: bool = False

    def _deal(self, seed: int, first: Seat) -> BiscaHand:
        """``first`` is the dealer. Stream "deck" orders ``deck40()`` (index 0 the top);
        stream "slot" draws where a turned A or 7 goes back into the stock (0 = the
        bottom; used only under sorteio), so the seed fixes every random event."""
        order = Chance(seed, "deck").shuffled(DECK_SIZE)
        deck = [DECK40_CODES[index] for index in reversed(order)]
        slot = Chance(seed, "slot").below(DECK_SIZE - HAND_SIZE * self.players)
        return BiscaHand(self, first, deck, slot)

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

    def match_outcome(self, totals: Sequence[int], hands_played: int) -> MatchOutcome:
        """First team to ``target`` wins; both there after the same hand: the players decide
        (a unanimous replay, else a draw: ``Rules.settle``)."""
        reached = [team for team, total in enumerate(totals) if total >= self.target]
        if len(reached) == 2:
            return MatchOutcome("decision", choices=self.decision_choices)
        if reached:
            return MatchOutcome("won", winner=reached[0])
        return MatchOutcome("continue")
