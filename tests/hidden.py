"""Where each game hides its cards: one adapter per game for the hidden-card tests.

``hidden_codes(hand, seat)`` is the set of card codes that seat (None: a spectator) must
never be told of. With two decks (Burraco) a code is hidden only when every copy of it is:
a seat that holds one 7H may well read "7H" elsewhere.

``named_words(text)`` is every word of a text that may name a card, less a Burraco wild's
stand-in: in ``2S=AH`` the 2S is a card, and AH only the card the wild stands for, which
names no card anyone holds (the legal moves offered to a seat are full of them).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from circolo.cards import Card
from circolo.engine import HandState

WORD = re.compile(r"(?<![=A-Za-z0-9])[A-Za-z0-9]+")
"""A word, unless it follows "=" (a stand-in)."""


def named_words(text: str) -> list[str]:
    return WORD.findall(text)


def _all_copies_hidden(hidden: Iterable[Card], deck: Iterable[Card]) -> set[str]:
    counts = Counter(str(card) for card in hidden)
    total = Counter(str(card) for card in deck)
    return {code for code, n in counts.items() if n == total[code]}


def _others(players: int, seat: int | None) -> list[int]:
    return [s for s in range(players) if s != seat]


def scopa_hidden(hand: Any, seat: int | None) -> set[str]:
    cards = list(hand.stock_cards())
    for other in _others(hand.rules.players, seat):
        cards += hand.hand_cards(other)
    return {str(card) for card in cards}


def bisca_hidden(hand: Any, seat: int | None) -> set[str]:
    """Stock and the others' hands, less the cards everyone saw face up: the open trump
    card, a turned A or 7 put back, and the card a trump-2 exchange took."""
    from circolo.games.bisca.deck import card_text

    cards = list(hand.stock())
    for other in _others(hand.rules.players, seat):
        cards += hand.hand(other)
    seen = {str(hand.open_card)}
    if hand._exchanged is not None:
        seen.add(card_text(hand._exchanged[1]))
    if hand._turned is not None:  # a turned A or 7, shown and put back (sorteio)
        seen.add(card_text(hand._turned))
    return {str(card) for card in cards} - seen


def burraco_hidden(hand: Any, seat: int | None) -> set[str]:
    """Stock, untaken pozzetti and the others' hands, less the pile cards the table saw
    them take (the public recall)."""
    from circolo.games.burraco.codes import CARD_OF_CODE
    from circolo.games.burraco.hand import DECK

    ids = list(hand.stock)
    for pozzetto in hand.pozzetti:
        ids += pozzetto or []
    cards = [DECK[i] for i in ids]
    for other in _others(hand.rules.players, seat):
        held = Counter(DECK[i] for i in hand.hands[other])
        held.subtract(CARD_OF_CODE[code] for code in hand.recall[other])
        cards += held.elements()
    return _all_copies_hidden(cards, DECK)


ADAPTERS = {"scopa": scopa_hidden, "bisca": bisca_hidden, "burraco": burraco_hidden}


def hidden_codes(hand: HandState[Any], seat: int | None) -> set[str]:
    return ADAPTERS[hand.rules.game](hand, seat)
