"""The fast 1 × 1 Bisca playouts give exactly the values of the engine-based ones."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from circolo.bots import bisca
from circolo.bots.bisca_duel import Duel
from circolo.games import make_rules
from circolo.games.bisca.state import PLAY, BiscaHand


def engine_value(state: BiscaHand, side: int, fork_now: bool) -> float:
    """The reference: greedy cards through the engine while the stock lasts (unless
    ``fork_now``), then the engine-based search for our best line against greedy."""
    state = state.clone()
    while not fork_now and not state.is_over() and state.stock_codes():
        state.apply(bisca.greedy_card(state))
    return bisca.best_line(state, side)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_duel_values_equal_the_engines(seed: int) -> None:
    """Every position of a random hand, after every legal card, for both sides and both
    ways of playing out: the trump A and 7 rules, relo, the draws and the final trick
    all come out the same."""
    rng = random.Random(seed)
    hand = make_rules("bisca", {"players": 2}).new_hand(seed, rng.randrange(2))
    assert isinstance(hand, BiscaHand)
    while not hand.is_over():
        if hand.phase == PLAY:
            assert hand.trump is not None
            ratings = bisca.ratings(int(hand.trump))
            for move in hand.legal_moves():
                child = hand.clone()
                child.apply(move)
                for side in (0, 1):
                    duel = Duel(ratings, side)
                    for fork_now in (False, True) if bisca.cards_left(child) <= 12 else (False,):
                        assert duel.value(child, fork_now) == engine_value(child, side, fork_now)
        hand.apply(rng.choice(hand.legal_moves()))
