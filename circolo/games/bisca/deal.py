"""Bisca's verifiable deal (``circolo.deal``): the hand dealt by the engine after the
cutter's trump choice."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from circolo.deal import Deal, DealError, DealInputs, receivers
from circolo.games.bisca.deck import card_text

if TYPE_CHECKING:
    from circolo.games.bisca.state import BiscaHand

CHOICES = ("sorteio", "copas")
"""The cutter's trump choice: a card turned from the stock, or hearts (copas)."""


def bisca_deal(hand: BiscaHand, base: Deal, inputs: DealInputs) -> Deal:
    """The deal after ``inputs.choice`` (sorteio when not given)."""
    choice = inputs.choice or CHOICES[0]
    if choice not in CHOICES:
        raise DealError("bad_deal", "choice is sorteio or copas")
    deck = [card_text(c) for c in reversed(hand.stock_codes())]
    hand.play(hand.cutter, choice)
    open_card = None if hand.open_card is None else str(hand.open_card)
    stock = [card_text(c) for c in reversed(hand.stock_codes())]
    view = hand.view(None).to_json()
    trump = hand.trump
    return replace(
        base, order=receivers(hand.cutter, hand.players),
        hands=[[card_text(c) for c in cards] for cards in hand.hand_codes()],
        deck=deck, stock=stock, choice=choice, trump=None if trump is None else trump.letter,
        open_card=open_card, turned=view.get("turned_back"),
    )  # fmt: skip
