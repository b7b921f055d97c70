"""Burraco's verifiable deal (``circolo.deal``): the hands, the face-up card, the two
pozzetti and the stock, as the engine dealt them from the shuffled deck."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from circolo.cards import shuffled
from circolo.deal import Deal
from circolo.games.burraco.hand import DECK

if TYPE_CHECKING:
    from circolo.games.burraco.hand import BurracoHand


def burraco_deal(hand: BurracoHand, seed: int, base: Deal) -> Deal:
    """Nothing but the seed shapes it; ``base.first`` is the first player dealt."""

    def texts(ids: Sequence[int]) -> list[str]:
        return [str(DECK[i]) for i in ids]

    return replace(
        base, hands=[texts(cards) for cards in hand.hands],
        deck=texts(shuffled(seed, len(DECK))), stock=texts(hand.stock),
        pile=texts(hand.pile), pozzetti=[texts(p or []) for p in hand.pozzetti],
    )  # fmt: skip
