"""Fast 1 × 1 playouts for the Bisca expert, over plain lists instead of engine states.

The expert values each card by playing out hundreds of sampled worlds per move, and
most of its time went into cloning states and rating cards through the general
(2 × 2 aware) code. This module restates, for two players only, what a playout needs
of the rules (who wins a trick, the drawing order, the trump Ace and 7, relo) and
plays greedy's cards from its ratings given as tables (``Ratings``, built by
``circolo.bots.bisca``), so that a playout is a few tight loops.
``tests/test_bots_bisca_duel.py`` checks on thousands of random worlds that it gives
exactly the values of the engine-based playouts.

A playout: greedy for both seats while the stock lasts, then our best cards against
the opponent's greedy ones to the end of the hand (the search forks only at our
choices: the opponent cannot see our hand, so no minimum over its replies).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from circolo.engine import Side
from circolo.games.bisca.deck import ACE_STRENGTH, DECK_SIZE, POINTS, SEVEN
from circolo.games.bisca.state import BiscaHand

LAST_TRICK = DECK_SIZE // 2 - 1


@dataclass(frozen=True)
class Ratings:
    """Greedy's ratings of cards for one trump suit, in card points, as tables."""

    trump: int
    keep: tuple[float, ...]
    """What each card is worth kept in hand."""
    lead: tuple[float, ...]
    """Leading each card (the trump 7 without the trump Ace in hand: see ``seven_lead``)."""
    seven_lead: float
    """The extra cost of leading the trump 7 before the final trick while the trump
    Ace is not in hand: the Ace may take it with a relo."""
    relo: float
    """A relo, in card points."""
    match_point: float
    """A match point, in card points (a relo is worth two in copas)."""


class Duel:
    """Playouts of one 1 × 1 world for ``side``, with greedy's ``ratings``."""

    def __init__(self, ratings: Ratings, side: Side) -> None:
        self.r = ratings
        self.side = side
        self.seven = ratings.trump * 10 + SEVEN
        self.ace = ratings.trump * 10 + ACE_STRENGTH

    def value(self, state: BiscaHand, fork_now: bool) -> float:
        """The rest of the hand's value for our side (card points, relo weighted), the
        state included: greedy for both seats while the stock lasts, our best line once
        it is empty, or from now on with ``fork_now``. ``state`` is not changed."""
        side = self.side
        points, relo = state._points, state._relo
        relo_won = relo[side] - relo[1 - side]
        so_far = points[side] - points[1 - side] + self.r.match_point * relo_won
        if state._turn is None:
            return so_far
        hands = [state._hands[0][:], state._hands[1][:]]
        stock = state._stock
        top = len(stock)
        leader, trick, seven_out = state._leader, len(state._tricks), state._seven_out
        first = state._trick[0] if state._trick else -1
        if not fork_now and top:
            value, leader, trick, seven_out = self._greedy_while_stock(
                hands, stock, leader, first, trick, seven_out
            )
            so_far += value
            first, top = -1, 0
        return so_far + self._rest(hands[0], hands[1], stock, top, leader, first, trick, seven_out)

    def _greedy_while_stock(
        self,
        hands: list[list[int]],
        stock: list[int],
        leader: int,
        first: int,
        trick: int,
        seven_out: bool,
    ) -> tuple[float, int, int, bool]:
        """Greedy cards for both seats until the stock is empty (``hands`` change in place):
        the value for our side, and then the leader, the trick's number and the 7 out."""
        seven, value, top = self.seven, 0.0, len(stock)
        while top:
            if first < 0:
                hand = hands[leader]
                first = self._greedy_lead(hand, trick, seven_out)
                hand.remove(first)
                seven_out = seven_out or first == seven
            follower = 1 - leader
            hand = hands[follower]
            second = self._greedy_follow(hand, first, trick, seven_out)
            hand.remove(second)
            leader, won = self._count(leader, first, second, trick)
            value += won
            seven_out = seven_out or second == seven
            hands[leader].append(stock[top - 1])
            hands[1 - leader].append(stock[top - 2])
            top -= 2
            trick += 1
            first = -1
        return value, leader, trick, seven_out

    def _count(self, leader: int, first: int, second: int, trick: int) -> tuple[int, float]:
        """A finished trick: its winner, and what it is worth to our side (card points,
        and a relo: the trump Ace on the opponent's trump 7 before the final trick)."""
        follower = 1 - leader
        if second // 10 == first // 10:
            winner = follower if second > first else leader
        else:
            winner = follower if second // 10 == self.r.trump else leader
        at_stake = POINTS[first] + POINTS[second]
        value = float(at_stake if winner == self.side else -at_stake)
        if second == self.ace and first == self.seven and trick != LAST_TRICK:
            value += self.r.relo if follower == self.side else -self.r.relo
        return winner, value

    def _legal(self, hand: Sequence[int], follower: bool, trick: int, seven_out: bool) -> list[int]:
        """The rules' cards for a 1 × 1 hand: the trump Ace waits for the trump 7, except in
        the final trick and for a follower holding exactly the trump A and 7."""
        ace = self.ace
        if ace not in hand or seven_out or trick == LAST_TRICK:
            return list(hand)
        if follower and len(hand) == 2 and self.seven in hand:
            return list(hand)
        return [c for c in hand if c != ace]

    def _greedy_lead(self, hand: list[int], trick: int, seven_out: bool) -> int:
        r = self.r
        ace, seven = self.ace, self.seven
        final = trick == LAST_TRICK
        best, card = -math.inf, -1
        for c in self._legal(hand, False, trick, seven_out):
            value = r.lead[c]
            if c == seven and not final and ace not in hand:
                value -= r.seven_lead
            if value > best:
                best, card = value, c
        return card

    def _greedy_follow(self, hand: list[int], first: int, trick: int, seven_out: bool) -> int:
        r = self.r
        trump, ace = r.trump, self.ace
        final = trick == LAST_TRICK
        relo_ok = first == self.seven and not final
        suit, taken = first // 10, POINTS[first]
        best, card = -math.inf, -1
        for c in self._legal(hand, True, trick, seven_out):
            at_stake = taken + POINTS[c]
            won = c > first if c // 10 == suit else c // 10 == trump
            value = (at_stake if won else -at_stake) - r.keep[c]
            if relo_ok and c == ace:
                value += r.relo
            if value > best:
                best, card = value, c
        return card

    def _rest(
        self,
        h0: list[int],
        h1: list[int],
        stock: list[int],
        top: int,
        leader: int,
        first: int,
        trick: int,
        seven_out: bool,
    ) -> float:
        """Our best line from a trick's lead (``first`` < 0) or its second card to the end.
        Hands are never changed in place (the branches of our choices share them)."""
        side = self.side
        if trick == LAST_TRICK and first < 0:  # one card each: nothing to choose
            first, second = (h1[0], h0[0]) if leader else (h0[0], h1[0])
            return self._count(leader, first, second, trick)[1]
        if first < 0:
            hand = h1 if leader else h0
            if leader == side:
                best = -math.inf
                for c in self._legal(hand, False, trick, seven_out):
                    rest = [x for x in hand if x != c]
                    a, b = (h0, rest) if leader else (rest, h1)
                    out = seven_out or c == self.seven
                    best = max(best, self._rest(a, b, stock, top, leader, c, trick, out))
                return best
            first = self._greedy_lead(hand, trick, seven_out)
            rest = [x for x in hand if x != first]
            h0, h1 = (h0, rest) if leader else (rest, h1)
            seven_out = seven_out or first == self.seven
        follower = 1 - leader
        hand = h1 if follower else h0
        if follower == side:
            best = -math.inf
            for c in self._legal(hand, True, trick, seven_out):
                value = self._finish(h0, h1, stock, top, leader, first, c, trick, seven_out)
                best = max(best, value)
            return best
        second = self._greedy_follow(hand, first, trick, seven_out)
        return self._finish(h0, h1, stock, top, leader, first, second, trick, seven_out)

    def _finish(
        self,
        h0: list[int],
        h1: list[int],
        stock: list[int],
        top: int,
        leader: int,
        first: int,
        second: int,
        trick: int,
        seven_out: bool,
    ) -> float:
        """The follower plays ``second``: the trick is counted, both draw, play goes on."""
        if leader:
            h0 = [x for x in h0 if x != second]
        else:
            h1 = [x for x in h1 if x != second]
        winner, value = self._count(leader, first, second, trick)
        if trick == LAST_TRICK:
            return value
        if top:
            drawn, other = stock[top - 1], stock[top - 2]
            if winner:
                h0, h1 = [*h0, other], [*h1, drawn]
            else:
                h0, h1 = [*h0, drawn], [*h1, other]
            top -= 2
        return value + self._rest(
            h0, h1, stock, top, winner, -1, trick + 1, seven_out or second == self.seven
        )
