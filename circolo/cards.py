"""Cards, suits, ranks, the three decks and the text notation ("7D", "QH", "JK").

A card is a small immutable value, interned: ``Card.parse("7D") is Card.parse("7D")``.
Identical physical cards (Burraco's two 7H) are the same ``Card`` value; an engine
that must tell them apart keeps them as positions in its deck tuple.

>>> Card.parse("7D").rank, Card.parse("7D").suit.name
(7, 'DIAMONDS')
>>> parse_cards("AH 2C=4H JK")
Traceback (most recent call last):
...
circolo.cards.CardNotationError: bad card '2C=4H': a card is a rank (A 2-9 T J Q K) and a suit ...
>>> format_cards(parse_cards("AH, TC JK"))
'AH TC JK'
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum


class Suit(IntEnum):
    """French names; Italian faces map coppe=H, denari=D, bastoni=C, spade=S."""

    HEARTS = 0
    DIAMONDS = 1
    CLUBS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]


class Faces(StrEnum):
    """How cards look; the rules never depend on it."""

    ITALIAN = "italian"
    FRENCH = "french"


SUIT_LETTERS = "HDCS"
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
JOKER_RANK = 0
RANK_LETTERS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 10)}


class CardNotationError(ValueError):
    """A card or card list that does not parse; names the bad token."""

    code = "bad_card"

    def __init__(self, token: str) -> None:
        self.token = token
        super().__init__(
            f"bad card {token!r}: a card is a rank (A 2-9 T J Q K) and a suit (H D C S), or JK"
        )


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: rank 1 (ace) to 13 (king), or the joker (rank 0, no suit)."""

    rank: int
    suit: Suit | None

    @staticmethod
    def parse(text: str) -> Card:
        card = _BY_TEXT.get(text.strip().upper())
        if card is None:
            raise CardNotationError(text)
        return card

    @staticmethod
    def of(rank: int, suit: Suit) -> Card:
        return _BY_TEXT[RANK_LETTERS[rank] + SUIT_LETTERS[suit]]

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def key(self) -> tuple[int, int]:
        """A sort key: by suit, then rank; the joker last."""
        return (4, 0) if self.suit is None else (int(self.suit), self.rank)

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return RANK_LETTERS[self.rank] + SUIT_LETTERS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


JOKER = Card(JOKER_RANK, None)
_BY_TEXT: dict[str, Card] = {"JK": JOKER}
for _suit in Suit:
    for _rank in range(1, 14):
        _card = Card(_rank, _suit)
        _BY_TEXT[str(_card)] = _card


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse a card list written with spaces and/or commas, or a list of tokens."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(token) for token in tokens]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


SCOPA_RANKS = (1, 2, 3, 4, 5, 6, 7, JACK, QUEEN, KING)


def deck40() -> tuple[Card, ...]:
    """The 40-card deck of Scopa and Bisca (Italian or French faces: the same cards)."""
    return tuple(Card.of(rank, suit) for suit in Suit for rank in SCOPA_RANKS)


def burraco_deck() -> tuple[Card, ...]:
    """Two 52-card French decks and four jokers: 108 physical cards.

    Identical cards appear twice; an engine tells them apart by position in this tuple.
    """
    one = tuple(Card.of(rank, suit) for suit in Suit for rank in range(1, 14))
    return one + one + (JOKER,) * 4


SEED_BYTES = 32
SEED_LIMIT = 1 << (8 * SEED_BYTES)


def seed_bytes(seed: int) -> bytes:
    """A hand's seed as the 32 big-endian bytes that the chance stream hashes."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise ValueError("a seed is a whole number from 0 to 2**256 - 1")
    return seed.to_bytes(SEED_BYTES, "big")


def seed_text(seed: int) -> str:
    """A seed as the room prints it: 64 lowercase hexadecimal digits (its 32 bytes)."""
    return seed_bytes(seed).hex()


def parse_seed(text: str) -> int:
    """A seed written as the room prints it (64 hexadecimal digits, an optional ``0x``
    before them), or in decimal digits (any other length).

    >>> parse_seed("0x" + "0" * 62 + "ff") == parse_seed("255") == 255
    True
    """
    raw = text.strip().lower()
    digits = raw[2:] if raw.startswith("0x") else raw
    hexadecimal = raw.startswith("0x") or len(raw) == 2 * SEED_BYTES
    allowed = "0123456789abcdef" if hexadecimal else "0123456789"
    if not digits or len(digits) > 2 * SEED_BYTES + 14 or set(digits) - set(allowed):
        raise ValueError(
            "a seed is 64 hexadecimal digits, as the room prints it (or a whole number)"
        )
    seed = int(digits, 16 if hexadecimal else 10)
    seed_bytes(seed)  # in range
    return seed


def commitment(seed: int) -> str:
    """The SHA-256 of a seed's bytes, in hex: published before the deal, checked after it."""
    return hashlib.sha256(seed_bytes(seed)).hexdigest()


class Chance:
    """Every random event of a hand, drawn from its seed (docs/notation.md, "Chance").

    A named stream is the sequence of 64-bit words ``w[k]`` = the first 8 bytes,
    big-endian, of SHA-256(seed bytes ‖ stream name in UTF-8 ‖ k as 8 big-endian bytes),
    k = 0, 1, 2, … ``below(n)`` takes the next word and rejects it when it is at or above
    the largest multiple of n under 2**64, else answers ``word % n``. The same seed gives
    the same draws on every machine and in every language.

    >>> Chance(1, "deck").shuffled(5)
    [4, 3, 0, 1, 2]
    """

    __slots__ = ("_counter", "_prefix")

    def __init__(self, seed: int, stream: str) -> None:
        self._prefix = seed_bytes(seed) + stream.encode("utf-8")
        self._counter = 0

    def word(self) -> int:
        digest = hashlib.sha256(self._prefix + self._counter.to_bytes(8, "big")).digest()
        self._counter += 1
        return int.from_bytes(digest[:8], "big")

    def below(self, n: int) -> int:
        """A uniform whole number from 0 to n - 1."""
        limit = _WORDS - _WORDS % n
        while True:
            word = self.word()
            if word < limit:
                return word % n

    def shuffled(self, n: int) -> list[int]:
        """0..n-1 in Fisher–Yates order: for i from n - 1 down to 1, swap i with below(i + 1).
        Index 0 of the answer is the top of the deck.

        ``below`` and ``word`` written out in one loop: the same draws, at half the cost
        (a deal is most of what a new hand costs)."""
        order = list(range(n))
        prefix, sha256, counter = self._prefix, hashlib.sha256, self._counter
        for i in range(n - 1, 0, -1):
            limit = _WORDS - _WORDS % (i + 1)
            while True:
                block = sha256(prefix + counter.to_bytes(8, "big")).digest()
                counter += 1
                word = int.from_bytes(block[:8], "big")
                if word < limit:
                    break
            j = word % (i + 1)
            order[i], order[j] = order[j], order[i]
        self._counter = counter
        return order


_WORDS = 1 << 64


def shuffled(seed: int, n: int, stream: str = "deck") -> list[int]:
    """The deck order of ``n`` cards for ``seed`` (``Chance(seed, stream).shuffled(n)``)."""
    return Chance(seed, stream).shuffled(n)
