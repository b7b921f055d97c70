"""Scopa's options and match rules: 1 v 1 or 2 v 2, to 11, to 7 or a single hand.

The rules object is the package's front door: it deals hands, reads positions and builds
and reads views, so the state module needs neither the view nor the position module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from circolo.engine import PLAYERS, MatchOutcome, OptionSpec, Rules, ViewCore
from circolo.games.scopa.position import read_position
from circolo.games.scopa.state import ScopaHand
from circolo.games.scopa.view import ScopaView

SINGLE_HAND = "single_hand"


@dataclass(frozen=True)
class ScopaRules(Rules):
    """``players`` 2 or 4 (partners opposite); ``target`` 11, 7 or "single_hand";
    ``faces`` "italian" or "french" (only how cards look: the rules never change)."""

    game: ClassVar[str] = "scopa"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        PLAYERS,
        OptionSpec(
            "target",
            int,
            11,
            "the points that win the match, or a single hand",
            (11, 7, SINGLE_HAND),
        ),
        OptionSpec(
            "faces",
            str,
            "italian",
            "how the cards look; the rules never change",
            ("italian", "french"),
        ),
    )
    players: int = 2
    target: int | str = 11
    faces: str = "italian"

    def _deal(self, seed: int, first: int) -> ScopaHand:
        """Shuffle by ``seed``; ``first`` is the dealer. The first move is the cut."""
        return ScopaHand.deal(self, seed, first)

    def _from_position(self, text: str) -> ScopaHand:
        return read_position(self, text)

    def _view_from_json(self, data: Mapping[str, Any], core: ViewCore) -> ScopaView:
        return ScopaView.from_json(self, data, core)

    def view_of(self, hand: ScopaHand, seat: int | None) -> ScopaView:
        """The view of a checked seat (``hand.view`` is the public way in)."""
        return ScopaView.of(hand, seat)

    def match_outcome(self, totals: Sequence[int], hands_played: int) -> MatchOutcome:
        """The higher total wins once a side is at or over the target (any total in a
        single-hand match); equal top totals play another hand, until one side is ahead."""
        first, second = totals
        if hands_played < 1 or first == second:
            return MatchOutcome("continue")
        if self.target != SINGLE_HAND and max(first, second) < int(self.target):
            return MatchOutcome("continue")
        return MatchOutcome("won", winner=0 if first > second else 1)
