"""Hands -> match: cumulative totals, the rotating first seat, every hand's breakdown.

The game's rules decide when a match ends (``Rules.match_outcome``); this class only
keeps the books, so Scopa, Bisca and Burraco matches are played by the same code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from circolo.cards import Chance
from circolo.engine import EngineError, HandScore, HandState, MatchOutcome, Rules, Seat


def first_seat(seed: int, players: int) -> Seat:
    """The match's first seat, drawn from a seed (the table uses its first hand's seed)."""
    return Chance(seed, "first seat").below(players)


@dataclass(frozen=True)
class HandRecord:
    first: Seat
    seed: int
    score: HandScore


class Match:
    """A match of one game. Each hand's seed comes from the caller (a live table draws it
    from ``secrets`` and commits to it before the deal); simulations let the match draw
    them from its own ``seed``."""

    def __init__(self, rules: Rules, seed: int = 0, first: Seat | None = None) -> None:
        self.rules = rules
        self._chance = Chance(seed, "hand seeds")
        self.first: Seat = first_seat(seed, rules.players) if first is None else first
        self.hands: list[HandRecord] = []
        self.totals: list[int] = [0] * rules.sides
        self.outcome = MatchOutcome("continue")
        self._current: tuple[Seat, int] | None = None

    def new_hand(self, seed: int | None = None) -> HandState[Any]:
        """Deal the next hand from ``seed`` (default: the next of the match's own seeds);
        its first seat rotates by one after every recorded hand."""
        if self.outcome.status in ("won", "drawn"):
            raise EngineError("the match is over")
        if self.outcome.status == "decision":
            raise EngineError("the players must decide first: " + ", ".join(self.outcome.choices))
        if seed is None:
            seed = self._chance.word()
        self._current = (self.first, seed)
        return self.rules.new_hand(seed, self.first)

    def record(self, hand: HandState[Any]) -> MatchOutcome:
        """Add a finished hand's points and decide the match."""
        if self._current is None:
            raise EngineError("no hand was dealt")
        score = hand.score()
        first, seed = self._current
        self._current = None
        self.hands.append(HandRecord(first, seed, score))
        self.totals = [t + p for t, p in zip(self.totals, score.points, strict=True)]
        self.first = (first + 1) % self.rules.players
        self.outcome = self.rules.match_outcome(self.totals, len(self.hands))
        return self.outcome

    def decide(self, choice: str) -> MatchOutcome:
        """Settle a decision point: ``replay`` restores the totals from before the last
        hand and replays it with the same first seat; ``draw`` ends the match drawn."""
        if self.outcome.status != "decision" or choice not in self.outcome.choices:
            raise EngineError(f"nothing to decide with {choice!r}")
        if choice == "draw":
            self.outcome = MatchOutcome("drawn")
        else:
            last = self.hands[-1]
            self.totals = [t - p for t, p in zip(self.totals, last.score.points, strict=True)]
            self.first = last.first
            self.outcome = MatchOutcome("continue")
        return self.outcome
