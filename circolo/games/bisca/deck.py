"""Bisca cards as small ints, so the hot path compares and indexes ints, never objects.

A card's code is ``suit * 10 + strength``: strength 0 is the 2 and 9 the Ace, in the
Bisca order 2 3 4 5 6 Q J K 7 A. Within a suit a higher code is a stronger card, and
``code // 10`` is the suit (0 ♥, 1 ♦, 2 ♣, 3 ♠, as ``circolo.cards.Suit``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from circolo.cards import ACE, JACK, KING, QUEEN, Card, CardNotationError, Suit, deck40
from circolo.engine import NotationError

STRENGTH_RANKS = (2, 3, 4, 5, 6, QUEEN, JACK, KING, 7, ACE)
"""Ranks from the weakest to the strongest."""

RANK_POINTS = {ACE: 11, 7: 10, KING: 4, JACK: 3, QUEEN: 2}
TWO, SEVEN, ACE_STRENGTH = 0, 8, 9
HEARTS = int(Suit.HEARTS)
DECK_SIZE = 40

CARDS: tuple[Card, ...] = tuple(
    Card.of(STRENGTH_RANKS[code % 10], Suit(code // 10)) for code in range(DECK_SIZE)
)
POINTS: tuple[int, ...] = tuple(RANK_POINTS.get(card.rank, 0) for card in CARDS)
CODES: dict[Card, int] = {card: code for code, card in enumerate(CARDS)}
TEXTS: tuple[str, ...] = tuple(str(card) for card in CARDS)
_BY_TEXT: dict[str, int] = {text: code for code, text in enumerate(TEXTS)}
DECK40_CODES: tuple[int, ...] = tuple(CODES[card] for card in deck40())
"""The codes of ``circolo.cards.deck40()`` in its order: the shuffle's card indexes."""


def trump_card(trump: int, strength: int) -> int:
    """The code of the trump suit's card of that strength (``TWO``, ``SEVEN``, ``ACE_STRENGTH``)."""
    return trump * 10 + strength


def same_colour_suit(suit: int) -> int:
    """The other suit of the same colour: ♥ ↔ ♦, ♣ ↔ ♠."""
    return suit ^ 1


def is_ace_or_seven(code: int) -> bool:
    return code % 10 >= SEVEN


def card_text(code: int) -> str:
    return TEXTS[code]


def parse_card(text: str) -> int:
    """A card's code from its notation ("7D"); ``NotationError`` for anything else."""
    code = _BY_TEXT.get(text.strip().upper())
    if code is None:
        try:
            Card.parse(text)
        except CardNotationError as error:
            raise NotationError(str(error)) from None
        raise NotationError(f"{text.strip()!r} is not a Bisca card: 40 cards, A 2-7 J Q K")
    return code


def cards_text(codes: Iterable[int]) -> str:
    """Cards written side by side ("7DAH2C"): every card is two characters."""
    return "".join([TEXTS[code] for code in codes])


def parse_cards_text(text: str) -> list[int]:
    if len(text) % 2:
        raise NotationError(f"bad card list {text!r}: every card is two characters")
    return [parse_card(text[i : i + 2]) for i in range(0, len(text), 2)]


def card_names(codes: Sequence[int]) -> list[str]:
    return [TEXTS[code] for code in codes]


def parse_suit(text: str) -> int:
    letter = text.strip().upper()
    if len(letter) != 1 or letter not in "HDCS":
        raise NotationError(f"bad suit {text!r}: one of H D C S")
    return "HDCS".index(letter)


def suit_text(suit: int) -> str:
    return "HDCS"[suit]
