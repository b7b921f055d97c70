"""Scopa's verifiable deal (``circolo.deal``): each cut goes through the engine; after a
void deal (three or four Re on the table) the next cut deals again."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from circolo.cards import deck40, shuffled
from circolo.deal import MAX_CUTS, Deal, DealError, DealInputs, receivers
from circolo.games.scopa.deck import TEXT, cards_of
from circolo.games.scopa.moves import CUT_MAX, CUT_MIN
from circolo.games.scopa.state import deck_stream

if TYPE_CHECKING:
    from circolo.games.scopa.state import ScopaHand

DECK40 = deck40()


def scopa_deal(hand: ScopaHand, base: Deal, inputs: DealInputs) -> Deal:
    """The deal after ``inputs.cuts``; ``waiting="cut"`` while it still waits for one."""
    cuts = inputs.cuts
    if len(cuts) > MAX_CUTS or any(not CUT_MIN <= n <= CUT_MAX for n in cuts):
        raise DealError(
            "bad_deal", f"a cut is {CUT_MIN} to {CUT_MAX} cards, at most {MAX_CUTS} cuts"
        )
    used: list[int] = []
    for n in cuts:
        if not hand.cutting:
            raise DealError("bad_deal", f"the deal was not void: {len(used)} cut(s) deal it")
        hand.play(hand.cutter, f"cut {n}")
        used.append(n)
    fresh = shuffled(hand.seed, 40, deck_stream(hand.deal_no))
    deck = [str(DECK40[i]) for i in fresh]
    order = receivers(hand.primo, hand.players)
    if hand.cutting:
        return replace(base, order=order, hands=[[] for _ in order], deck=deck, stock=deck,
                       cuts=used, void_deals=hand.deal_no, waiting="cut")  # fmt: skip
    dealt = [TEXT[c] for c in hand.deck[: hand.pos]]
    hands = [[TEXT[c] for c in sorted(cards_of(m), key=hand.deck.index)] for m in hand.hands]
    return replace(
        base, order=order, hands=hands, deck=deck, cuts=used, void_deals=hand.deal_no,
        table=dealt[-4:], stock=[str(card) for card in hand.stock_cards()],
    )  # fmt: skip
