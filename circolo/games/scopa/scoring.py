"""A finished hand's points: carte, denari, settebello, primiera and scope, per side.

>>> from circolo.games.scopa.deck import parse_card_run, mask_of
>>> piles = [mask_of(parse_card_run("7D7H7C6S")), 0]
>>> piles[1] = ((1 << 40) - 1) ^ piles[0]
>>> hand_score(piles, [1, 0]).points
(3, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from circolo.engine import HandScore
from circolo.games.scopa.deck import DENARI, PRIMIERA_ORDER, SETTEBELLO, card_text

CATEGORIES = ("carte", "denari", "settebello", "primiera", "scope")


def primiera(pile: int) -> tuple[int, int]:
    """(sum of the best card of each suit held, number of suits held)."""
    total = held = 0
    for suit_order in PRIMIERA_ORDER:
        for bit, points in suit_order:
            if pile & bit:
                total += points
                held += 1
                break
    return total, held


def primiera_cards(pile: int) -> list[str]:
    """The card that counts for the primiera in each suit held (in suit order), as the
    players check it on the sheet: e.g. ``["7C", "6D", "AS"]`` when hearts are missing."""
    best = []
    for suit_order in PRIMIERA_ORDER:
        for bit, _ in suit_order:
            if pile & bit:
                best.append(card_text(bit.bit_length() - 1))
                break
    return best


def _most(a: int, b: int) -> tuple[int, int]:
    """One point to the side with more; none on a tie."""
    return (1, 0) if a > b else (0, 1) if b > a else (0, 0)


def primiera_winner(first: tuple[int, int], second: tuple[int, int]) -> tuple[int, int]:
    """A side lacking a suit loses the primiera, unless the other side lacks one too:
    then the totals over the suits each side holds are compared (seed 000, [decided])."""
    (total_a, held_a), (total_b, held_b) = first, second
    if held_a == 4 and held_b < 4:
        return 1, 0
    if held_b == 4 and held_a < 4:
        return 0, 1
    return _most(total_a, total_b)


def hand_score(piles: Sequence[int], scope: Sequence[int]) -> HandScore:
    """Score two sides' capture piles (masks) and scope counts.

    ``breakdown`` holds the points; ``details`` the counts behind them, which the sheet
    shows: cards and denari taken, who took the settebello (a side, or None before the
    hand is over), the primiera totals and the cards that make them, and the scope."""
    cards = [pile.bit_count() for pile in piles]
    denari = [(pile & DENARI).bit_count() for pile in piles]
    prim = [primiera(pile) for pile in piles]
    carte_points = _most(*cards)
    denari_points = _most(*denari)
    settebello_points = tuple(int(bool(pile >> SETTEBELLO & 1)) for pile in piles)
    primiera_points = primiera_winner(prim[0], prim[1])
    breakdown = tuple(
        {
            "carte": carte_points[side],
            "denari": denari_points[side],
            "settebello": settebello_points[side],
            "primiera": primiera_points[side],
            "scope": scope[side],
        }
        for side in range(2)
    )
    return HandScore(
        points=tuple(sum(b.values()) for b in breakdown),
        breakdown=breakdown,
        details={
            "cards": cards,
            "denari": denari,
            "primiera": [total for total, _ in prim],
            "primiera_suits": [held for _, held in prim],
            "primiera_cards": [primiera_cards(pile) for pile in piles],
            "settebello": next((s for s in range(2) if settebello_points[s]), None),
            "scope": list(scope),
        },
    )
