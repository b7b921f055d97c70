"""Scopa cards as small ints, and sets of cards as 40-bit masks (fast to copy and compare).

A card is ``(value - 1) * 4 + suit``: value 1..10 (A..7, Fante 8, Cavallo 9, Re 10), suit
0..3 (H coppe, D denari, C bastoni, S spade). Ascending ints sort cards by capture value,
then suit, and the four cards of one value sit in four adjacent bits of a mask.

>>> card_text(parse_card("7d")), value(SETTEBELLO)
('7D', 7)
>>> [card_text(c) for c in cards_of(mask_of([parse_card("KS"), parse_card("AH")]))]
['AH', 'KS']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from circolo.cards import SCOPA_RANKS, Card, CardNotationError, Suit, deck40
from circolo.engine import NotationError

T = TypeVar("T")

CARDS = 40
ALL_CARDS = (1 << CARDS) - 1

#: ``VALUE_MASKS[value - 1]``: the four cards of that capture value.
VALUE_MASKS: tuple[int, ...] = tuple(0xF << (4 * i) for i in range(10))
#: ``SUIT_MASKS[suit]``: the ten cards of that suit.
SUIT_MASKS: tuple[int, ...] = tuple(sum(1 << (4 * i + s) for i in range(10)) for s in range(4))
DENARI = SUIT_MASKS[Suit.DIAMONDS]
SETTEBELLO = 6 * 4 + Suit.DIAMONDS
KINGS = VALUE_MASKS[9]


def value(card: int) -> int:
    """The capture value, 1..10."""
    return (card >> 2) + 1


TO_CARD: tuple[Card, ...] = tuple(Card.of(SCOPA_RANKS[c >> 2], Suit(c & 3)) for c in range(CARDS))
FROM_CARD: dict[Card, int] = {card: c for c, card in enumerate(TO_CARD)}
TEXT: tuple[str, ...] = tuple(str(card) for card in TO_CARD)
_FROM_TEXT: dict[str, int] = {text: c for c, text in enumerate(TEXT)}

#: The cards in ``circolo.cards.deck40()`` order: the deal's shuffle permutes it.
DECK_ORDER: tuple[int, ...] = tuple(FROM_CARD[card] for card in deck40())


def card_text(card: int) -> str:
    return TEXT[card]


def parse_card(text: str) -> int:
    """A card from its notation ("7D"); ``NotationError`` for anything else, 8-10 included."""
    card = _FROM_TEXT.get(text.strip().upper())
    if card is None:
        try:
            Card.parse(text)
        except CardNotationError as error:
            raise NotationError(str(error)) from None
        raise NotationError(f"{text.strip()!r} is not a Scopa card: ranks are A 2-7 J Q K")
    return card


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _by_byte(item: Callable[[int], T]) -> tuple[tuple[tuple[T, ...], ...], ...]:
    """For each of a mask's five bytes and each of its 256 values: ``item`` of the cards
    that byte holds, ascending."""
    return tuple(
        tuple(
            tuple(item(8 * at + bit) for bit in range(8) if byte >> bit & 1) for byte in range(256)
        )
        for at in range(CARDS // 8)
    )


_CARDS_BY_BYTE = _by_byte(lambda card: card)
_TEXTS_BY_BYTE = _by_byte(TEXT.__getitem__)


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, ascending (by value, then suit)."""
    return _read(_CARDS_BY_BYTE, mask)


def texts(mask: int) -> list[str]:
    """A set of cards as card codes, by value then suit (the events' form)."""
    return _read(_TEXTS_BY_BYTE, mask)


def _read(by_byte: tuple[tuple[tuple[T, ...], ...], ...], mask: int) -> list[T]:
    """A mask read a byte at a time from ``_by_byte``'s tables: twice as fast as bit by
    bit, and every view, move list and event lists cards."""
    if not 0 <= mask <= ALL_CARDS:
        raise ValueError(f"not a mask of Scopa cards: {mask:#x}")
    b0, b1, b2, b3, b4 = by_byte
    return [*b0[mask & 255], *b1[mask >> 8 & 255], *b2[mask >> 16 & 255],
            *b3[mask >> 24 & 255], *b4[mask >> 32]]  # fmt: skip


def mask_text(mask: int) -> str:
    """A set as concatenated cards ("AH7D"), "-" when empty (the position's form)."""
    return "".join(TEXT[c] for c in cards_of(mask)) or "-"


def parse_card_run(text: str) -> list[int]:
    """Read concatenated cards ("AH7D") or "-"; ``NotationError`` on anything else."""
    if text == "-":
        return []
    if len(text) % 2:
        raise NotationError(f"bad card list {text!r}: cards are two characters each")
    return [parse_card(text[i : i + 2]) for i in range(0, len(text), 2)]


#: Primiera points by value: 7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, figures 10.
_PRIMIERA_BY_VALUE = (16, 12, 13, 14, 15, 18, 21, 10, 10, 10)
#: Per suit, that suit's cards from best to worst for the primiera, with their points.
PRIMIERA_ORDER: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        sorted(
            ((1 << (4 * i + s), _PRIMIERA_BY_VALUE[i]) for i in range(10)),
            key=lambda item: -item[1],
        )
    )
    for s in range(4)
)
