"""Cards as small integers, so that hands are count vectors and keys are integer tuples.

A card's code is ``13 * suit + rank - 1`` (0-51: hearts A-K, diamonds, clubs, spades)
and the joker is 52. A hand is ``counts[code]``: how many copies of each card it holds.
A run counts positions 1 (the low Ace) to 14 (the high Ace): ``POSITION_CODES[suit]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import compress
from operator import itemgetter

from circolo.cards import JOKER, Card, Suit

JOKER_CODE = 52
CODES = 53
TWO_CODES = (1, 14, 27, 40)  # the 2 of each suit
WILD_CODES = (JOKER_CODE, *TWO_CODES)  # the order the generators list wilds in
SET_RANKS = (1, *range(3, 14))  # no sets of 2s: every 2 in a set is wild
CARD_OF_CODE: tuple[Card, ...] = (
    *(Card.of(rank, suit) for suit in Suit for rank in range(1, 14)),
    JOKER,
)
CODE_OF_CARD: dict[Card, int] = {card: code for code, card in enumerate(CARD_OF_CODE)}
# position 1..14 of a suit's run -> card code (14 is the Ace again); 0 unused
POSITION_CODES = tuple(
    tuple(13 * suit + (position - 1) % 13 for position in range(15)) for suit in range(4)
)


def code_of(card: Card) -> int:
    """The card's code, by arithmetic (hashing a card is slow)."""
    suit = card.suit
    return JOKER_CODE if suit is None else 13 * suit + card.rank - 1


def counts_of(cards: Iterable[Card]) -> list[int]:
    counts = [0] * CODES
    for card in cards:
        counts[code_of(card)] += 1
    return counts


def held_wilds(counts: Sequence[int]) -> tuple[int, ...]:
    """The codes of the distinct wilds held: the joker, then the 2s by suit."""
    return tuple(compress(WILD_CODES, _wild_counts(counts)))


_wild_counts = itemgetter(*WILD_CODES)
