"""Bisca Capixaba bots: card points, trumps kept for later, the trump A/7 rules, relo.

Values are card points for one team minus the other; a relo point (a match point)
counts ``RELO_WEIGHT`` card points.

- greedy: each legal card one move ahead. The last card of a trick knows the trick's
  result; earlier cards weigh the points they expose, the partner's lead, what a trump
  is worth kept, and the relo an unseen trump Ace threatens over the trump 7.
- expert: PIMC over sampled deals. In each world every legal card is played and valued
  by a playout in that world (one per card, all in the same world): the greedy choice
  for every seat, in 1 × 1 until the stock is empty, then our side's best cards against
  the opponents' greedy ones to the end of the hand (``best_line``), as the expert plays
  the last tricks by search; in 2 × 2 greedy to the end. Near the end (``EXACT_CARDS``)
  each world is searched with ``best_line`` from the root card. 1 × 1 playouts run in
  ``circolo.bots.bisca_duel``, about four times faster than through the engine.
  The opponents cannot see our cards or the stock, so a minimum over their replies
  (PIMC's paranoia) would credit them with play they cannot make. 1 × 1 once the stock
  is empty every card is known to both players: the rest of the hand is solved exactly
  (minimax), once, ties broken by our best line against greedy. (Measured with the
  arena, these did worse or no better: alpha-beta to a two-trick horizon with a static
  evaluation, playouts after a minimax reply, playouts after our best second card,
  worlds weighted by the opponent's card or by every recent card of theirs (greedy as
  the model), minimax near the end, a tuned greedy policy for our side in playouts,
  playouts whose leads see the opponent's hand, and searching from 6 or 12 cards left
  instead of 10.)

Before the first card greedy chooses sorteio; the expert sorteio in 1 × 1 and copas (every
win worth double) in 2 × 2, as measured: in 1 × 1 copas was 2.8 card points a hand worse
and no better in match points (a relo worth two match points pulls the search away from
card points); in 2 × 2 the card points were alike and copas gave more match points. Both
always exchange the trump 2 for the open card: any other trump is stronger than the 2.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from circolo.bots.bisca_duel import Duel, Ratings
from circolo.bots.budget import Budget
from circolo.bots.endgame import AlphaBeta
from circolo.bots.search import Determinized
from circolo.engine import HandState, Seat, Side, View
from circolo.games.bisca.deck import ACE_STRENGTH, DECK_SIZE, HEARTS, POINTS, SEVEN
from circolo.games.bisca.moves import COPAS, EXCHANGE, PASS, SORTEIO
from circolo.games.bisca.rules import BiscaRules
from circolo.games.bisca.state import PLAY, BiscaHand
from circolo.games.bisca.tricks import trick_winner
from circolo.games.bisca.view import BiscaView

DEFAULT_BUDGET = Budget(ms=85)
RULES = BiscaRules
ARENA_HANDS: int | None = None
ARENA_METRICS: tuple[str, ...] = ("card_points",)
RELO_WEIGHT = 15.0
TRUMP_KEEP = 4.0
"""What holding a trump is worth, in card points, on top of its strength."""


def keep_value(card: int, trump: int) -> float:
    """What a card is worth kept in hand for later tricks (trumps win tricks)."""
    if card // 10 != trump:
        return 0.0
    return TRUMP_KEEP + card % 10


def decision(view: BiscaView, choice: int) -> int:
    """The moves before the first card: a trump choice, and the exchange."""
    moves = view.legal_moves()
    if SORTEIO in moves:
        return choice
    return EXCHANGE if EXCHANGE in moves else PASS


def card_value(
    card: int,
    hand: Sequence[int],
    trick: Sequence[int],
    leader: Seat,
    seat: Seat,
    trump: int,
    players: int,
    final_trick: bool,
) -> float:
    """One card ahead, in card points for the mover's team (greedy, and search rollouts)."""
    position = len(trick)
    relo = 0.0
    seven, ace = trump * 10 + SEVEN, trump * 10 + ACE_STRENGTH
    relo_value = RELO_WEIGHT * (2 if trump == HEARTS else 1)
    if (
        card == ace
        and seven in trick
        and not final_trick
        and ((leader + trick.index(seven)) ^ seat) & 1
    ):
        relo = relo_value
    if position == players - 1:
        cards = (*trick, card)
        winner = leader + trick_winner(cards, trump)
        points = sum(POINTS[c] for c in cards)
        sign = 1.0 if (winner ^ seat) & 1 == 0 else -1.0
        return sign * points + relo - keep_value(card, trump)
    value = relo - keep_value(card, trump)
    partner_winning = False
    if trick:
        partner_winning = ((leader + trick_winner(trick, trump)) ^ seat) & 1 == 0
        if trick_winner((*trick, card), trump) == position:
            value += 0.5 * sum(POINTS[c] for c in trick)
    if partner_winning:
        value += 0.5 * POINTS[card]
    else:
        value -= (0.35 if card // 10 == trump else 0.75) * POINTS[card]
    if card == seven and ace not in hand and not final_trick:
        # The unseen trump Ace may take the 7 with a relo.
        value -= 0.5 * (relo_value + POINTS[seven] + POINTS[ace])
    return value


def greedy_value(view: BiscaView, card: int) -> float:
    seat = view.seat
    assert seat is not None
    return card_value(
        card,
        view.hand,
        view.trick,
        view.leader,
        seat,
        view.trump,
        view.rules.players,
        view.final_trick,
    )


class BiscaGreedy:
    """The best card one move ahead (ties: the first in hand order)."""

    name = "greedy"

    def choose(self, view: View[Any]) -> int:
        assert isinstance(view, BiscaView)
        moves = view.legal_moves()
        if view.phase != PLAY:
            return decision(view, SORTEIO)
        if len(moves) == 1:
            return moves[0]
        return max(moves, key=lambda card: greedy_value(view, card))


def greedy(seed: int | None = None) -> BiscaGreedy:
    return BiscaGreedy()


# -- the expert ----------------------------------------------------------------------

EXPERT_TRUMP = {2: SORTEIO, 4: COPAS}
"""The expert's trump choice as the cutter, by players (measured; see the module's text)."""

EXACT_CARDS = {2: 10, 4: 8}
"""Cards left (hands and stock) from which each world is searched to the end of the hand
(our best line against greedy opponents)."""


def _counters(state: BiscaHand) -> tuple[list[int], list[int], list[list[int]], int]:
    """The engine's running counters (card points, relo, hands, trump): read, never written,
    because search looks at many thousands of states per move."""
    return state._points, state._relo, state._hands, state._trump


def final_value(state: BiscaHand, side: Side) -> float:
    points, relo, _, _ = _counters(state)
    return points[side] - points[1 - side] + RELO_WEIGHT * (relo[side] - relo[1 - side])


def greedy_key(state: BiscaHand) -> Callable[[int], float]:
    """Greedy's value of each card for the seat to move, from its own hand and the table."""
    seat = state._turn
    assert seat is not None
    hand, trick, leader, trump = state._hands[seat], state._trick, state._leader, state._trump
    players, final = state.players, state.final_trick
    return lambda c: card_value(c, hand, trick, leader, seat, trump, players, final)


def greedy_card(state: BiscaHand) -> int:
    """The greedy card of the seat to move."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    return max(moves, key=greedy_key(state))


def best_line(state: BiscaHand, side: Side) -> float:
    """The value of ``side``'s best cards to the end of the hand against opponents who play
    their greedy card (``state`` is consumed). Opponents cannot see our cards, so no
    minimum over their replies; the search forks only at our side's choices."""
    while state._turn is not None:
        seat = state._turn
        if (seat & 1) != side:
            state.apply(greedy_card(state))
            continue
        moves = state.legal_moves()
        best = -math.inf
        for move in moves[1:]:
            child = state.clone()
            child.apply(move)
            best = max(best, best_line(child, side))
        state.apply(moves[0])
        return max(best, best_line(state, side))
    return final_value(state, side)


def greedy_playout(state: BiscaHand, side: Side) -> float:
    """Greedy cards for every seat to the end of the hand (``state`` is consumed)."""
    while state._turn is not None:
        state.apply(greedy_card(state))
    return final_value(state, side)


def cards_left(state: BiscaHand) -> int:
    """Cards in the hands and the stock."""
    return len(state._stock) + sum(len(hand) for hand in state._hands)


@cache
def ratings(trump: int) -> Ratings:
    """Greedy's ratings as tables, for the fast 1 × 1 playouts."""
    seven = trump * 10 + SEVEN
    keep = tuple(keep_value(card, trump) for card in range(DECK_SIZE))
    lead = tuple(card_value(card, (), (), 0, 0, trump, 2, True) for card in range(DECK_SIZE))
    seven_lead = lead[seven] - card_value(seven, (), (), 0, 0, trump, 2, False)
    relo = RELO_WEIGHT * (2 if trump == HEARTS else 1)
    return Ratings(trump, keep, lead, seven_lead, relo, RELO_WEIGHT)


def world_values(world: HandState[Any], moves: list[int], side: Side) -> list[float]:
    """Each root card's value in one full state, all cards compared on the same deal.

    1 × 1 (``Duel``): greedy for both seats while the stock lasts, then our best line
    against the opponent's greedy cards; near the end (``EXACT_CARDS``) our best line
    from the root card on. 2 × 2: near the end our best line (``best_line``), before it
    a greedy playout: a partner who saw every card would be too rosy a partner.
    """
    assert isinstance(world, BiscaHand)
    near_end = cards_left(world) <= EXACT_CARDS[world.players]
    duel = Duel(ratings(world._trump), side) if world.players == 2 else None
    values = []
    for move in moves:
        state = world.clone()
        state.apply(move)
        if duel is not None:
            values.append(duel.value(state, near_end))
        else:
            values.append(best_line(state, side) if near_end else greedy_playout(state, side))
    return values


def _greedy_order(state: HandState[Any], moves: list[int]) -> list[int]:
    """The greedy choice first: alpha-beta prunes far more."""
    assert isinstance(state, BiscaHand)
    return sorted(moves, key=greedy_key(state), reverse=True)


def _alpha_beta(side: Side) -> AlphaBeta:
    def leaf(state: HandState[Any], depth: int) -> float | None:
        assert isinstance(state, BiscaHand)
        return final_value(state, side) if state._turn is None else None

    return AlphaBeta(side, leaf, _greedy_order)


def solve(world: HandState[Any], moves: list[int], side: Side) -> list[float]:
    """The exact rest of the hand (every card known): the best cards by minimax, and among
    equally good ones the card that gains most if the opponent then plays greedy's card
    (our best line against greedy): never worse, and better against a player who slips."""
    assert isinstance(world, BiscaHand)
    exact = _alpha_beta(side).move_values(world, moves)
    duel = Duel(ratings(world._trump), side)
    values = []
    for move, value in zip(moves, exact, strict=True):
        if value < max(exact):
            values.append(-math.inf)
            continue
        child = world.clone()
        child.apply(move)
        values.append(duel.value(child, fork_now=True))
    return values


def is_exact(view: View[Any]) -> bool:
    """1 × 1 with the stock empty: the opponent holds exactly the unseen cards."""
    assert isinstance(view, BiscaView)
    return view.rules.players == 2 and view.stock_size == 0 and view.phase == PLAY


class BiscaExpert(Determinized):
    def choose(self, view: View[Any]) -> Any:
        assert isinstance(view, BiscaView)
        if view.phase != PLAY:
            return decision(view, EXPERT_TRUMP[view.rules.players])
        return super().choose(view)


def expert(budget: Budget, seed: int | None = None) -> BiscaExpert:
    return BiscaExpert("expert", world_values, budget, seed, exact=is_exact, solve=solve)
