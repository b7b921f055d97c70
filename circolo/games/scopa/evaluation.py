"""What a Scopa play is worth one move ahead, from what the mover sees: the room's
auto-move picks its capture with it (``ScopaRules.auto_move``), and the bots build on it.

Values are in hand points for one side minus the other. ``evaluate`` turns capture
piles into expected points (carte, denari, primiera as smooth majorities, settebello
and scope as they are). Changing anything here changes the room's auto-move: logs keep
the moves made, so no stored table changes with it (only the version-1 logs, which
recompute their auto-moves, replay through ``greedy_value`` as it is).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from circolo.engine import Side
from circolo.games.scopa.deck import ALL_CARDS, DENARI, SETTEBELLO, VALUE_MASKS
from circolo.games.scopa.moves import captured_mask, played_card
from circolo.games.scopa.scoring import primiera
from circolo.games.scopa.view import ScopaView

SETTEBELLO_BIT = 1 << SETTEBELLO
#: The risk of laying a card on the table, in points: what it is worth to whoever takes it.
LAY_WEIGHT = {7: 0.25, 6: 0.1, 1: 0.06}
CARD_WEIGHT = 0.04
DENARO_WEIGHT = 0.1


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


def _table_weight(table: int) -> float:
    weight = 0.0
    mask = table
    while mask:
        low = mask & -mask
        mask ^= low
        weight += _lay_weight(low.bit_length() - 1)
    return weight
