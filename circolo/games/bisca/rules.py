"""Bisca Capixaba's options, its deal, its hand score and its match ("disputa") to 4."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from circolo.engine import HandScore, MatchOutcome, OptionError, Rules, Seat
from circolo.games.bisca.deck import DECK_SIZE
from circolo.games.bisca.scoring import hand_score
from circolo.games.bisca.state import HAND_SIZE, BiscaState
from circolo.games.bisca.view import BiscaView

REPLAY, DRAW = "replay", "draw"


@dataclass(frozen=True)
class BiscaRules(Rules):
    """1 × 1 (``players=2``) or 2 × 2 (``players=4``, partners opposite), a match to
    ``target`` points, and two house rules that are off unless named:

    - ``seven_opening`` ("7 de abertura"): +1 match point to the team whose player leads
      the hand's first trick with the trump 7.
    - ``bonus_61_59``: +1 match point to the team that wins a hand 61 × 59.

    House-rule points count inside the 4-point cap, as relo does.
    """

    game: ClassVar[str] = "bisca"
    players: int = 2
    target: int = 4
    seven_opening: bool = False
    bonus_61_59: bool = False

    def __post_init__(self) -> None:
        if type(self.players) is not int:
            raise OptionError(f"players must be 2 or 4, not {self.players!r}")
        super().__post_init__()
        if type(self.target) is not int or self.target < 1:
            raise OptionError(
                f"target must be a whole number of points from 1 up, not {self.target!r}"
            )
        for name in ("seven_opening", "bonus_61_59"):
            if type(getattr(self, name)) is not bool:
                raise OptionError(
                    f"{name} is a house rule: true or false, not {getattr(self, name)!r}"
                )

    def new_hand(self, seed: int, first: Seat) -> BiscaState:
        """Shuffle with the hand's own ``random.Random(seed)``; ``first`` is the dealer.

        The same generator then draws the slot where a turned A or 7 goes back into the
        stock (used only under sorteio), so the seed fixes every random event of the hand.
        """
        if type(first) is not int or not 0 <= first < self.players:
            raise OptionError(f"the dealer is a seat from 0 to {self.players - 1}, not {first!r}")
        rng = random.Random(seed)
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        return BiscaState(self, first, deck, rng.randrange(DECK_SIZE - HAND_SIZE * self.players))

    def hand_from_position(self, text: str) -> BiscaState:
        from circolo.games.bisca.position import read_position

        return read_position(self, text)

    def view_from_json(self, data: Mapping[str, Any]) -> BiscaView:
        return BiscaView.from_json(self, data)

    def score_hand(
        self,
        card_points: Sequence[int],
        copas: bool,
        relo: Sequence[int] = (0, 0),
        seven_opening: Sequence[int] = (0, 0),
        details: Mapping[str, Any] | None = None,
    ) -> HandScore:
        """The match points of a hand from its totals (what ``BiscaState.score`` uses)."""
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
        (a unanimous replay, else a draw: ``settle_vote``)."""
        reached = [team for team, total in enumerate(totals) if total >= self.target]
        if len(reached) == 2:
            return MatchOutcome("decision", choices=(REPLAY, DRAW))
        if reached:
            return MatchOutcome("won", winner=reached[0])
        return MatchOutcome("continue")

    def settle_vote(self, votes: Sequence[str]) -> str:
        """The decision once the vote closes: ``replay`` only if every player voted replay."""
        if len(votes) == self.players and all(vote == REPLAY for vote in votes):
            return REPLAY
        return DRAW
