"""Scopa's options and match rules: 1 v 1 or 2 v 2, to 11, to 7 or a single hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from circolo.engine import MatchOutcome, OptionError, Rules
from circolo.games.scopa.position import parse_position
from circolo.games.scopa.state import ScopaHand
from circolo.games.scopa.view import ScopaView

SINGLE_HAND = "single_hand"
TARGETS = (11, 7, SINGLE_HAND)
FACES = ("italian", "french")


@dataclass(frozen=True)
class ScopaRules(Rules):
    """``players`` 2 or 4 (partners opposite); ``target`` 11, 7 or "single_hand";
    ``faces`` "italian" or "french" (only how cards look: the rules never change)."""

    game: ClassVar[str] = "scopa"
    players: int = 2
    target: int | str = 11
    faces: str = "italian"

    def __post_init__(self) -> None:
        super().__post_init__()
        target = self.target
        if isinstance(target, str) and target.isdigit():
            target = int(target)
        if not (target == SINGLE_HAND or (type(target) is int and target in TARGETS)):
            raise OptionError(f"target must be 11, 7 or 'single_hand', not {self.target!r}")
        if self.faces not in FACES:
            raise OptionError(f"faces must be 'italian' or 'french', not {self.faces!r}")
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "faces", str(self.faces))

    def new_hand(self, seed: int, first: int) -> ScopaHand:
        """Shuffle by ``seed``; ``first`` is the dealer. The first move is the cut."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"the seed is an integer, not {seed!r}")
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < self.players:
            raise OptionError(f"the dealer is a seat from 0 to {self.players - 1}, not {first!r}")
        return ScopaHand.deal(self, seed, first)

    def hand_from_position(self, text: str) -> ScopaHand:
        return parse_position(self, text)

    def view_from_json(self, data: Mapping[str, Any]) -> ScopaView:
        return ScopaView.from_json(self, data)

    def match_outcome(self, totals: Sequence[int], hands_played: int) -> MatchOutcome:
        """The higher total wins once a side is at or over the target (any total in a
        single-hand match); equal top totals play another hand, until one side is ahead."""
        first, second = totals
        if hands_played < 1 or first == second:
            return MatchOutcome("continue")
        if self.target != SINGLE_HAND and max(first, second) < int(self.target):
            return MatchOutcome("continue")
        return MatchOutcome("won", winner=0 if first > second else 1)
