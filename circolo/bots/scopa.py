"""Scopa bots: what a capture is worth, the sweeps a table invites, and the search.

Values are in hand points for one side minus the other. ``evaluate`` turns capture
piles into expected points (carte, denari, primiera as smooth majorities, settebello
and scope as they are); at the end of the hand the exact score replaces it.

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
from circolo.games.scopa.deck import ALL_CARDS, DENARI, SETTEBELLO, VALUE_MASKS
from circolo.games.scopa.moves import CUT_MOVES, captured_mask, moves_for, played_card
from circolo.games.scopa.scoring import primiera, primiera_winner
from circolo.games.scopa.state import ScopaHand
from circolo.games.scopa.view import ScopaView

DEFAULT_BUDGET = Budget(ms=80)

SETTEBELLO_BIT = 1 << SETTEBELLO
#: The risk of laying a card on the table, in points: what it is worth to whoever takes it.
LAY_WEIGHT = {7: 0.25, 6: 0.1, 1: 0.06}
CARD_WEIGHT = 0.04
DENARO_WEIGHT = 0.1


def cut_move() -> int:
    """The cut changes nothing the cutter can see: always the middle one."""
    return CUT_MOVES[len(CUT_MOVES) // 2]


def _majority(mine: int, theirs: int, total: int, scale: float, spread: float) -> float:
    """Expected points (mine minus theirs) for ending with more of ``total`` cards: a lead
    of ``mine - theirs`` with ``left`` cards to go, as fitted on greedy-vs-greedy hands."""
    half = total // 2
    if mine > half:
        return 1.0
    if theirs > half:
        return -1.0
    left = total - mine - theirs
    return math.tanh(scale * (mine - theirs) / math.sqrt(left + spread))


def _best_by_suit(pile: int) -> int:
    """The primiera sum counting a missing suit as 0."""
    return primiera(pile)[0]


def evaluate(piles: Sequence[int], scope: Sequence[int], side: Side) -> float:
    """Expected hand points of ``side`` minus the other's, from the piles and scope so far.

    Carte, denari and primiera are smooth majorities whose constants were fitted (least
    squares) to the final category points of 6,000 greedy-vs-greedy hands, from the
    piles at the start of each deal.
    """
    mine, theirs = piles[side], piles[1 - side]
    value = float(scope[side] - scope[1 - side])
    if mine & SETTEBELLO_BIT:
        value += 1.0
    elif theirs & SETTEBELLO_BIT:
        value -= 1.0
    value += _majority(mine.bit_count(), theirs.bit_count(), 40, 0.5, 16.0)
    value += _majority((mine & DENARI).bit_count(), (theirs & DENARI).bit_count(), 10, 0.7, 1.0)
    value += math.tanh(0.03 * (_best_by_suit(mine) - _best_by_suit(theirs)))
    return value


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


def sweep_chance(table: int, unseen: int, cards: int) -> float:
    """The chance that a player holding ``cards`` of the ``unseen`` cards can sweep ``table``.

    One table card is swept by a card of its value; several by a card worth their sum
    (at most 10: a sum never contains a card of its own value).
    """
    if not table or cards <= 0:
        return 0.0
    total = 0
    mask = table
    while mask:
        low = mask & -mask
        mask ^= low
        total += ((low.bit_length() - 1) >> 2) + 1
    if total > 10:
        return 0.0
    sweepers = (unseen & VALUE_MASKS[total - 1]).bit_count()
    pool = unseen.bit_count()
    if not sweepers or pool == 0:
        return 0.0
    return 1.0 - math.comb(pool - sweepers, min(cards, pool)) / math.comb(pool, min(cards, pool))


def _lay_weight(card: int) -> float:
    weight = LAY_WEIGHT.get((card >> 2) + 1, 0.0) + CARD_WEIGHT
    if 1 << card & DENARI:
        weight += DENARO_WEIGHT
    if card == SETTEBELLO:
        weight += 1.0
    return weight


def greedy_value(view: ScopaView, move: int) -> float:
    """One move ahead: the evaluation after ``move`` minus the sweep it invites."""
    seat = view.seat
    assert seat is not None
    return move_value(
        move,
        seat,
        view.rules.players,
        view.hand,
        view.table,
        view.piles,
        view.scope,
        view.hand_sizes,
        view.stock,
    )


def move_value(
    move: int,
    seat: int,
    players: int,
    hand: int,
    table: int,
    piles: Sequence[int],
    scope: Sequence[int],
    hand_sizes: Sequence[int],
    stock: int,
) -> float:
    """``greedy_value`` from what the mover sees (a view, or a seat of a full state)."""
    side = seat & 1
    card = played_card(move)
    bit = 1 << card
    taken = captured_mask(move)
    after = table ^ taken if taken else table | bit
    new_piles = list(piles)
    new_scope = list(scope)
    if taken:
        new_piles[side] |= taken | bit
        if not after and (sum(hand_sizes) - 1 or stock):
            new_scope[side] += 1
    value = evaluate(new_piles, new_scope, side)
    unseen = ALL_CARDS ^ (hand | table | piles[0] | piles[1])
    following = (seat + 1) % players
    cards = hand_sizes[following] or (3 if stock else 0)
    if after:
        chance = sweep_chance(after, unseen, cards)
        value -= chance * (1.0 + 0.5 * _table_weight(after))
    if not taken:
        value -= 0.5 * _lay_weight(card)
    return value


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


def _table_weight(table: int) -> float:
    weight = 0.0
    mask = table
    while mask:
        low = mask & -mask
        mask ^= low
        weight += _lay_weight(low.bit_length() - 1)
    return weight


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
