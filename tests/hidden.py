"""Where each game hides its cards: one adapter per game for the hidden-card tests.

``hidden_codes(hand, seat)`` is the set of card codes that seat (None: a spectator) must
never be told of. With two decks (Burraco) a code is hidden only when every copy of it is:
a seat that holds one 7H may well read "7H" elsewhere.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from circolo.cards import Card
from circolo.engine import HandState


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
    cards = [card for card in hand.stock() if card != hand.open_card]
    for other in _others(hand.rules.players, seat):
        cards += hand.hand(other)
    return {str(card) for card in cards}


def burraco_hidden(hand: Any, seat: int | None) -> set[str]:
    from circolo.cards import burraco_deck

    cards = list(hand.stock_cards())
    for pozzetto in hand.pozzetto_cards():
        cards += pozzetto
    for other in _others(hand.rules.players, seat):
        cards += hand.unknown_cards(other)
    return _all_copies_hidden(cards, burraco_deck())


ADAPTERS = {"scopa": scopa_hidden, "bisca": bisca_hidden, "burraco": burraco_hidden}


def hidden_codes(hand: HandState[Any], seat: int | None) -> set[str]:
    return ADAPTERS[hand.rules.game](hand, seat)
