"""Burraco bots: melding, building toward burraco, safe discards.

A turn is several moves (draw or take, melds, one discard); the bots decide each step
from the mover's ``Turn`` (its hand counts, its side's melds, the pozzetto, the card
taken), so the same code plays from a view and inside a sampled state.

- greedy: take the discard pile when the melds it makes at once are worth it; then lay
  the meld or extension worth most (points moved from hand to table, twice, plus the
  progress toward a burraco, minus wilds spent early); then discard the card least
  useful to us and least useful to the opponents (never a wild, never a card that
  extends one of their melds, unless nothing else is left).
- expert: greedy melds, but the draw-or-take choice and the discard are decided by
  determinized lookahead: in sampled deals, each candidate is followed by the next
  turns played by the greedy policy for every seat, and the resulting positions are
  compared with a static evaluation (melded points, burraco bonuses and progress,
  cards in hand, the pozzetto). Sampling stops as soon as successive elimination has
  settled the choice (or the budget ends). Measured with the arena against discards
  alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from circolo.bots.budget import Budget
from circolo.bots.elimination import Race
from circolo.cards import Card
from circolo.engine import Side, View
from circolo.games.burraco.evaluation import discard_cost, their_melds
from circolo.games.burraco.hand import DECK, BurracoHand
from circolo.games.burraco.melds import Meld, card_points, is_wild_card
from circolo.games.burraco.moves import Discard, Draw, Extend, Move, NewMeld, Take
from circolo.games.burraco.options import CODE_OF_CARD
from circolo.games.burraco.rules import BurracoRules
from circolo.games.burraco.scoring import BURRACO_BONUS
from circolo.games.burraco.turn import Turn, legal_moves, used_cards
from circolo.games.burraco.view import BurracoView

DEFAULT_BUDGET = Budget(ms=250)
RULES = BurracoRules
ARENA_HANDS: int | None = 1
"""An arena game is a one-hand match, decided by the hand score: a full Burraco match
is long, and paired deals already cancel the luck of the cards."""
ARENA_METRICS: tuple[str, ...] = ()

WILD_SPEND = 25.0
"""What spending a wild on a meld that is not yet a burraco costs: it makes it dirty."""
TAKE_MARGIN = 10.0
"""How much more than a blind draw the pile's immediate melds must be worth."""
MAX_PLAN_STEPS = 12


def potential(meld: Meld | None) -> float:
    """A meld's bonus, or the part of a future burraco that its length promises."""
    if meld is None:
        return 0.0
    kind = meld.burraco
    if kind is not None:
        return float(BURRACO_BONUS[kind])
    future = BURRACO_BONUS["clean"] if meld.wild_index is None else BURRACO_BONUS["dirty"]
    return future * max(0, meld.size - 4) * 0.2


def meld_gain(move: NewMeld | Extend, melds: Sequence[Meld]) -> float:
    """Points moved from hand to table (they count twice), plus burraco progress."""
    used = used_cards(move, melds)
    gain = 2.0 * sum(card_points(card) for card in used)
    before = melds[move.index] if isinstance(move, Extend) else None
    gain += potential(move.meld) - potential(before)
    if move.meld.burraco is None:
        gain -= WILD_SPEND * sum(1 for card in used if is_wild_card(card))
    return gain


def after_meld(turn: Turn, move: NewMeld | Extend) -> Turn:
    """The turn once ``move`` is laid (the hand's counts and the side's melds)."""
    counts = list(turn.counts)
    for card in used_cards(move, turn.melds):
        counts[CODE_OF_CARD[card]] -= 1
    if isinstance(move, NewMeld):
        melds = (*turn.melds, move.meld)
    else:
        melds = (*turn.melds[: move.index], move.meld, *turn.melds[move.index + 1 :])
    return replace(turn, counts=counts, size=sum(counts), melds=melds)


def best_meld(turn: Turn, moves: Sequence[Move]) -> tuple[NewMeld | Extend | None, float]:
    best: NewMeld | Extend | None = None
    value = 0.0
    for move in moves:
        if isinstance(move, NewMeld | Extend):
            gain = meld_gain(move, turn.melds)
            if gain > value:
                best, value = move, gain
    return best, value


def plan_value(turn: Turn) -> float:
    """What greedy melding from this hand is worth at once (sum of the gains)."""
    total = 0.0
    for _ in range(MAX_PLAN_STEPS):
        if turn.size <= 2:
            break
        move, gain = best_meld(turn, legal_moves(turn))
        if move is None:
            break
        total += gain
        turn = after_meld(turn, move)
    return total


def take_gain(turn: Turn, pile: Sequence[Card]) -> float:
    """How much better taking the pile is than a blind draw, in meld gains this turn."""
    counts = list(turn.counts)
    for card in pile:
        counts[CODE_OF_CARD[card]] += 1
    taken = CODE_OF_CARD[pile[0]] if len(pile) == 1 else None
    base = replace(turn, phase="play", stock=turn.stock, pile=0)
    with_pile = replace(base, counts=counts, size=sum(counts), taken=taken)
    return plan_value(with_pile) - plan_value(base) - TAKE_MARGIN


def greedy_step(
    turn: Turn, moves: Sequence[Move], pile: Sequence[Card], their: Sequence[Meld]
) -> Move:
    """The greedy choice of one step of a turn."""
    if len(moves) == 1:
        return moves[0]
    if turn.phase == "draw":
        if Take() in moves and (Draw() not in moves or take_gain(turn, pile) > 0):
            return Take()
        return Draw()
    move, _ = best_meld(turn, moves)
    if move is not None:
        return move
    discards = [m for m in moves if isinstance(m, Discard)]
    return min(
        discards,
        key=lambda m: discard_cost(CODE_OF_CARD[m.card], turn.counts, turn.melds, their, len(pile)),
    )


class BurracoGreedy:
    name = "greedy"

    def choose(self, view: View[Any]) -> Move:
        assert isinstance(view, BurracoView) and view.seat is not None
        side = view.rules.side_of(view.seat)
        return greedy_step(
            view.turn(), view.legal_moves(), view.pile, their_melds(view.melds, side)
        )


def greedy(seed: int | None = None) -> BurracoGreedy:
    return BurracoGreedy()


def state_step(state: BurracoHand) -> Move:
    """The greedy step for the seat to move in a full state (for lookahead playouts)."""
    side = state.rules.side_of(state.seat)
    melds = [state.side_melds(s) for s in range(state.rules.sides)]
    return greedy_step(
        state.turn(), state.legal_moves(), [DECK[i] for i in state.pile], their_melds(melds, side)
    )


# -- the expert ----------------------------------------------------------------------

LOOKAHEAD_TURNS = 3
"""Turns played out by the greedy policy after a candidate, before the evaluation: after a
draw or take, the rest of ours, the opponent's and our next; after a discard, the
opponent's, ours and theirs again (measured: 3 beat 2 by 5.5 ± 3.1 points of win rate)."""
DISCARD_CANDIDATES = 4
"""The discards the expert compares: greedy's best few (the rest are rarely right)."""
MIN_WORLDS = 16
"""Worlds sampled before any candidate may leave the race."""
CONFIDENCE = 2.0
"""Standard errors of the paired difference that put a candidate out of the race."""
TOLERANCE = 5.0
"""Hand points by which a candidate may be better than the leader and still leave: a race
closer than this is settled as a tie (either choice is good), not run to the deadline."""
POZZETTO_MISSING = 100.0
FULL_STOCK = 63
"""The stock after the deal (1 v 1 and 2 v 2 alike: 108 - hands - pozzetti - 1 turned)."""


def evaluate(state: BurracoHand, side: Side) -> float:
    """Side minus the others: melded points, burraco bonuses and the promise of long
    melds, minus a pozzetto not taken, minus cards in hand, which weigh more as the
    stock runs down (early they are material for melds); exact once the hand is over."""
    if state.is_over():
        points = state.score().points
        return float(points[side] - points[1 - side])
    rules = state.rules
    in_hand = min(1.0, max(0.2, 1.0 - len(state.stock) / FULL_STOCK))
    value = 0.0
    for s in range(rules.sides):
        worth = sum(meld.points + potential(meld) for meld, _ in state.melds[s])
        for seat in rules.seats_of(s):
            worth -= in_hand * sum(card_points(DECK[i]) for i in state.hands[seat])
        if state.pozzetti[s] is not None:
            worth -= POZZETTO_MISSING
        value += worth if s == side else -worth
    return value


def playout(state: BurracoHand, turns: int) -> None:
    """Let every seat play greedy until ``turns`` turns have ended (or the hand)."""
    while turns > 0 and not state.is_over():
        move = state_step(state)
        state.apply(move)
        if isinstance(move, Discard):
            turns -= 1


class BurracoExpert:
    """Greedy melds; draw-or-take and the discard chosen by determinized lookahead.

    Each candidate (the stock or the pile; greedy's best few discards) is tried in
    sampled deals: the next turns are played by the greedy policy for every seat (so a
    card that lets the opponent take the pile and meld shows its cost), and the position
    is evaluated. For discards, greedy's own discard cost (what the card is worth to our
    future melds, beyond the lookahead) is subtracted. The candidates race by successive
    elimination (``Race``): most decisions are clear after a few dozen worlds, so the
    time goes to the close ones, up to the budget.
    """

    name = "expert"

    def __init__(self, budget: Budget, seed: int | None = None) -> None:
        self.budget = budget
        self.seed = seed
        self.last_worlds = 0

    def choose(self, view: View[Any]) -> Move:
        assert isinstance(view, BurracoView) and view.seat is not None
        moves = view.legal_moves()
        side = view.rules.side_of(view.seat)
        their = their_melds(view.melds, side)
        turn = view.turn()
        if view.phase == "draw" and len(moves) == 2:
            draws: list[Move] = [Draw(), Take()]
            return draws[self._lookahead(view, draws, [0.0, 0.0], side)]
        discards = [m for m in moves if isinstance(m, Discard)]
        if view.phase != "play" or best_meld(turn, moves)[0] is not None or len(discards) < 2:
            return greedy_step(turn, moves, view.pile, their)
        costs = {
            m: discard_cost(CODE_OF_CARD[m.card], turn.counts, turn.melds, their, len(view.pile))
            for m in discards
        }
        candidates = sorted(discards, key=costs.__getitem__)[:DISCARD_CANDIDATES]
        offsets = [-costs[m] for m in candidates]
        return candidates[self._lookahead(view, list(candidates), offsets, side)]

    def _lookahead(
        self, view: BurracoView, candidates: list[Move], offsets: list[float], side: Side
    ) -> int:
        """The index of the best candidate: each one's evaluation after the lookahead, plus
        its offset, in sampled worlds, raced by successive elimination."""
        rng = random.Random(self.seed)
        race = Race(len(candidates), MIN_WORLDS, CONFIDENCE, TOLERANCE)
        clock = self.budget.start()
        while not race.settled() and clock.more():
            world = view.sample(rng)
            values = []
            for index in race.alive:
                state = world.clone()
                state.apply(candidates[index])
                playout(state, LOOKAHEAD_TURNS)
                values.append(evaluate(state, side) + offsets[index])
            race.add(values)
        self.last_worlds = race.worlds
        return race.leader()


def expert(budget: Budget, seed: int | None = None) -> BurracoExpert:
    return BurracoExpert(budget, seed)
