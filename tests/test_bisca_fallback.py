"""[decided] "If these rules would leave a player no legal card, every card in hand is
legal. Test that this fallback is never reached in a full game."

The engine counts every time its legal-move generation needed the fallback
(``BiscaHand.fallbacks``). Over 100,000 random hands per mode the count stays 0, as
``test_decided_fallback_is_unreachable_...`` in ``test_bisca_rules`` shows it must.
``BISCA_FALLBACK_HANDS`` changes the number of hands.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence

import pytest

from circolo.games.bisca import BiscaRules, state
from circolo.games.bisca.tricks import legal_cards

HANDS = int(os.environ.get("BISCA_FALLBACK_HANDS", "100000"))


def fallbacks_in_random_hands(players: int, hands: int, seed: int) -> int:
    rules = BiscaRules(players=players)
    rng = random.Random(seed)
    fallbacks = 0
    for number in range(hands):
        hand = rules.new_hand(rng.getrandbits(63), number % players)
        while not hand.is_over():
            legal = hand.legal_moves()
            hand.apply(legal[int(rng.random() * len(legal))])
        fallbacks += hand.fallbacks
    return fallbacks


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_the_every_card_fallback_is_never_reached_in_random_hands(players: int) -> None:
    assert fallbacks_in_random_hands(players, HANDS, seed=players) == 0


def test_the_fallback_counter_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The count above can fail: a rule that left no card would be counted."""

    def no_card_allowed(hand: Sequence[int], *rules: object) -> tuple[list[int], bool]:
        legal, _ = legal_cards(hand, *rules)  # type: ignore[arg-type]
        return legal, True

    monkeypatch.setattr(state, "legal_cards", no_card_allowed)
    assert fallbacks_in_random_hands(2, 20, seed=0) > 0
