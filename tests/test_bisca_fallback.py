"""[decided] "If these rules would leave a player no legal card, every card in hand is
legal. Test that this fallback is never reached in a full game."

At every card to play of 100,000 random hands per mode, the trump A and 7 rules
(``restricted_cards``) must leave at least one card, as
``test_decided_fallback_is_unreachable_...`` in ``test_bisca_rules`` shows they must.
``BISCA_FALLBACK_HANDS`` changes the number of hands.
"""

from __future__ import annotations

import os
import random
import sys

import pytest

from circolo.games.bisca import BiscaHand, BiscaRules
from circolo.games.bisca.deck import is_ace_or_seven
from circolo.games.bisca.moves import is_card
from circolo.games.bisca.state import PLAY
from circolo.games.bisca.tricks import restricted_cards

HANDS = int(os.environ.get("BISCA_FALLBACK_HANDS", "100000"))


def needs_fallback(hand: BiscaHand) -> bool:
    """The rules leave the seat to move no card (the final trick frees every card)."""
    view = hand.rules.view_of(hand, hand.to_move())
    if view.phase != PLAY or view.final_trick:
        return False
    players = view.rules.players
    return not restricted_cards(view.hand, len(view.trick), players, view.trump, view.seven_out)


def fallbacks_in_random_hands(players: int, hands: int, seed: int) -> int:
    rules = BiscaRules(players=players)
    rng = random.Random(seed)
    fallbacks = 0
    for number in range(hands):
        hand = rules.new_hand(rng.getrandbits(63), number % players)
        while not hand.is_over():
            legal = hand.legal_moves()
            if len(legal) <= 2 and all(is_card(m) and is_ace_or_seven(m) for m in legal):
                fallbacks += needs_fallback(hand)  # only a hand of a trump A and 7 can
            hand.apply(legal[int(rng.random() * len(legal))])
    return fallbacks


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_the_every_card_fallback_is_never_reached_in_random_hands(players: int) -> None:
    assert fallbacks_in_random_hands(players, HANDS, seed=players) == 0


def test_the_fallback_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """The count above can fail: rules that left no card would be counted."""
    monkeypatch.setattr(sys.modules[__name__], "restricted_cards", lambda *rules: [])
    assert fallbacks_in_random_hands(2, 20, seed=0) > 0
