"""Who wins a trick, and which cards a player may play: the trump Ace and trump 7 rules.

Pure functions over card codes (see ``deck``), shared by the hand state and the views.
"""

from __future__ import annotations

from collections.abc import Sequence

from circolo.games.bisca.deck import ACE_STRENGTH, SEVEN, trump_card


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """Index of the winning card: the highest trump, else the highest card of the suit led."""
    best = 0
    best_card = cards[0]
    for index in range(1, len(cards)):
        card = cards[index]
        if card // 10 == best_card // 10:
            if card > best_card:
                best, best_card = index, card
        elif card // 10 == trump:
            best, best_card = index, card
    return best


def restricted_cards(
    hand: Sequence[int], position: int, players: int, trump: int, seven_out: bool
) -> list[int]:
    """The cards the rules allow before the final trick; may be empty in principle.

    ``position`` is the mover's index in the trick (``players - 1`` plays last);
    ``seven_out``: the trump 7 was played, in an earlier trick or earlier in this one.
    - Trump Ace: only once the trump 7 is out (both modes).
    - Trump 7, 2 × 2 only: never the last card of a trick.
    - Exception to both: the last player holding exactly the trump A and 7.
    """
    ace = trump_card(trump, ACE_STRENGTH)
    seven = trump_card(trump, SEVEN)
    last = position == players - 1
    exactly_ace_and_seven = last and len(hand) == 2 and ace in hand and seven in hand
    ace_ok = seven_out or exactly_ace_and_seven
    seven_ok = players == 2 or not last or exactly_ace_and_seven
    return [c for c in hand if (c != ace or ace_ok) and (c != seven or seven_ok)]


def legal_cards(
    hand: Sequence[int],
    position: int,
    players: int,
    trump: int,
    seven_out: bool,
    final_trick: bool,
) -> list[int]:
    """The playable cards in hand order.

    In the final trick every card is free. If the rules left no card, every card is legal
    (the [decided] fallback); ``tests/test_bisca_fallback.py`` shows a full game never
    needs it.
    """
    if final_trick:
        return list(hand)
    return restricted_cards(hand, position, players, trump, seven_out) or list(hand)
