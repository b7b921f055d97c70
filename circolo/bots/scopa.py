"""Scopa bots: the greedy play and the search.

What a capture is worth one move ahead (``evaluate``, ``greedy_value``) is the game's own
(``games/scopa/evaluation.py``: the room's auto-move uses it too); at the end of the hand
the exact score replaces it.

- greedy: each legal play, one move ahead: the evaluation after it, minus what the
  next opponent can expect to sweep from the table it leaves, minus the risk of laying
  a valuable card where it can be taken.
- expert: PIMC over sampled deals; in each world, a search to the end of the current
  deal plus one move into the next (the next player's new cards may sweep), scored by
  ``evaluate``. Our side's moves are maximized; the other side plays the greedy choice
  from its own view of the world (it cannot see our cards). Worlds are weighted by how
  well they explain the opponent's last play. 1 v 1 after the last deal the
  opponent's three cards are exactly the unseen ones: the rest of the hand is solved
  exactly with minimax.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from circolo.bots.budget import Budget
from circolo.bots.endgame import AlphaBeta
from circolo.bots.search import Determinized
from circolo.engine import HandState, Side, View
from circolo.games.scopa.deck import DENARI
from circolo.games.scopa.evaluation import SETTEBELLO_BIT, evaluate, greedy_value, move_value
from circolo.games.scopa.moves import CUT_MOVES, captured_mask, moves_for, played_card
from circolo.games.scopa.rules import ScopaRules
from circolo.games.scopa.scoring import primiera, primiera_winner
from circolo.games.scopa.state import ScopaHand
from circolo.games.scopa.view import ScopaView

DEFAULT_BUDGET = Budget(ms=80)
RULES = ScopaRules
ARENA_HANDS: int | None = None
ARENA_METRICS: tuple[str, ...] = ()


def cut_move() -> int:
    """The cut changes nothing the cutter can see: always the middle one."""
    return CUT_MOVES[len(CUT_MOVES) // 2]


def final_value(piles: Sequence[int], scope: Sequence[int], side: Side) -> float:
    """The exact point difference of a finished hand (as ``scoring.hand_score`` counts)."""
    mine, theirs = piles[side], piles[1 - side]
    value = scope[side] - scope[1 - side]
    value += _sign(mine.bit_count() - theirs.bit_count())
    value += _sign((mine & DENARI).bit_count() - (theirs & DENARI).bit_count())
    value += 1 if mine & SETTEBELLO_BIT else -1
    won, lost = primiera_winner(primiera(mine), primiera(theirs))
    return float(value + won - lost)


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def state_greedy_move(state: ScopaHand) -> int:
    """The greedy play of the seat to move, from what that seat sees of the full state."""
    seat = state.turn
    assert seat is not None
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    hand = state.hands[seat]
    sizes = [h.bit_count() for h in state.hands]
    stock = len(state.deck) - state.pos
    return max(
        moves,
        key=lambda m: move_value(
            m, seat, state.players, hand, state.table, state.piles, state.scope, sizes, stock
        ),
    )


class ScopaGreedy:
    """The best play one move ahead (ties: the first in the view's order)."""

    name = "greedy"

    def choose(self, view: View[Any]) -> int:
        assert isinstance(view, ScopaView)
        moves = view.legal_moves()
        if view.cutting:
            return cut_move()
        if len(moves) == 1:
            return moves[0]
        return max(moves, key=lambda move: greedy_value(view, move))


def greedy(seed: int | None = None) -> ScopaGreedy:
    return ScopaGreedy()


# -- the expert ----------------------------------------------------------------------

EXTRA_PLIES = 1
"""How far into the next deal a world's search looks (the first player's new cards)."""


def _order(state: HandState[Any], moves: list[int]) -> list[int]:
    """Bigger captures first: alpha-beta prunes more."""
    return sorted(moves, key=lambda m: -(m >> 6).bit_count())


def world_values(world: HandState[Any], moves: list[int], side: Side) -> list[float]:
    """Each root move's value in one full state: alpha-beta to the end of this deal and
    one move beyond, the hand's end scored exactly."""
    assert isinstance(world, ScopaHand)
    horizon = world.in_hands + EXTRA_PLIES

    def leaf(state: HandState[Any], depth: int) -> float | None:
        assert isinstance(state, ScopaHand)
        if state.turn is None:
            return final_value(state.piles, state.scope, side)
        if depth >= horizon:
            return evaluate(state.piles, state.scope, side)
        return None

    return AlphaBeta(side, leaf, _order, _opponent_model).move_values(world, moves)


def _opponent_model(state: HandState[Any]) -> int:
    """The other side cannot see our cards: it plays the greedy choice from its own view
    of the world (measured with the arena: better than assuming it sees our hand)."""
    assert isinstance(state, ScopaHand)
    return state_greedy_move(state)


def solve(world: HandState[Any], moves: list[int], side: Side) -> list[float]:
    """The exact rest of the hand: only the best move needs its exact value."""

    def leaf(state: HandState[Any], depth: int) -> float | None:
        assert isinstance(state, ScopaHand)
        if state.turn is None:
            return final_value(state.piles, state.scope, side)
        return None

    best, value = AlphaBeta(side, leaf, _order).best_move(world, moves)
    return [value if move == best else -math.inf for move in moves]


def is_exact(view: View[Any]) -> bool:
    """1 v 1 after the last deal, every card is known: the hand is perfect information."""
    assert isinstance(view, ScopaView)
    return view.rules.players == 2 and view.stock == 0 and not view.cutting


INFERENCE = 3.0
"""How sharply a world is weighted by the opponent's last play (0: no inference)."""


def play_likelihood(view: View[Any], world: HandState[Any]) -> float:
    """How likely the last opponent's play was with the hand this world gives them.

    Players rarely leave a sweep, the settebello or a big capture on the table when they
    hold the card for it: a world where they held it and did not take it is unlikely.
    The weight is a softmax over their options then, rated by ``evaluate``.
    """
    assert isinstance(view, ScopaView) and isinstance(world, ScopaHand)
    if not INFERENCE or not view.moves:
        return 1.0
    seat, move = view.moves[-1]
    if move < 0 or view.seat is None or (seat ^ view.seat) & 1 == 0:
        return 1.0
    if view.hand_sizes[seat] >= 3:
        return 1.0  # a deal came since: that hand is gone
    card = played_card(move)
    bit = 1 << card
    taken = captured_mask(move)
    table = view.table | taken if taken else view.table ^ bit
    hand = world.hands[seat] | bit
    side = seat & 1
    piles = list(view.piles)
    if taken:
        piles[side] &= ~(taken | bit)
    scope = list(view.scope)
    options = moves_for(hand, table)
    if len(options) < 2:
        return 1.0
    values = []
    for option in options:
        got = captured_mask(option)
        after = list(piles)
        swept = 0
        if got:
            after[side] |= got | 1 << played_card(option)
            swept = int(got == table)
        value = evaluate(after, [scope[0], scope[1]], side) + swept
        values.append(value)
    best = max(values)
    total = sum(math.exp(INFERENCE * (v - best)) for v in values)
    actual = values[options.index(move)] if move in options else best
    return math.exp(INFERENCE * (actual - best)) / total


class ScopaExpert(Determinized):
    def choose(self, view: View[Any]) -> Any:
        assert isinstance(view, ScopaView)
        if view.cutting:
            return cut_move()
        return super().choose(view)


def expert(budget: Budget, seed: int | None = None) -> ScopaExpert:
    return ScopaExpert(
        "expert", world_values, budget, seed, exact=is_exact, solve=solve, weight=play_likelihood
    )
