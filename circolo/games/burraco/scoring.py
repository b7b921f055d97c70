"""What a finished hand is worth to one side (a player, or a team in 2 v 2).

Cards melded count for the side, cards left in its members' hands against it; each
burraco earns its bonus, closing earns 100, and a side that never took its pozzetto
loses 100 (the pozzetto's cards are in nobody's hand, so they count neither way).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from circolo.cards import Card
from circolo.games.burraco.melds import Meld, card_points

BURRACO_BONUS = {"clean": 200, "semi-clean": 150, "dirty": 100}
CLOSING_BONUS = 100
NO_POZZETTO_PENALTY = -100

CATEGORIES = (
    "melded",
    "in_hand",
    "burraco_clean",
    "burraco_semi_clean",
    "burraco_dirty",
    "closing",
    "no_pozzetto",
)


def side_breakdown(
    melds: Sequence[Meld],
    hands: Iterable[Iterable[Card]],
    *,
    closed: bool,
    pozzetto_taken: bool,
) -> dict[str, int]:
    """Every category of one side's hand score, always all of them (zeros included)."""
    breakdown = dict.fromkeys(CATEGORIES, 0)
    for meld in melds:
        breakdown["melded"] += meld.points
        kind = meld.burraco
        if kind is not None:
            breakdown["burraco_" + kind.replace("-", "_")] += BURRACO_BONUS[kind]
    breakdown["in_hand"] = -sum(card_points(card) for hand in hands for card in hand)
    breakdown["closing"] = CLOSING_BONUS if closed else 0
    breakdown["no_pozzetto"] = 0 if pozzetto_taken else NO_POZZETTO_PENALTY
    return breakdown


def side_counts(
    melds: Sequence[Meld], hands: Iterable[Iterable[Card]], *, pozzetto_taken: bool
) -> dict[str, int]:
    """The counts behind one side's points, as the sheet shows them: cards melded and left
    in hand, burraco of each kind, and whether the side took its pozzetto (1) or not (0)."""
    counts = {"melded": 0, "in_hand": 0, "clean": 0, "semi_clean": 0, "dirty": 0}
    for meld in melds:
        counts["melded"] += meld.size
        kind = meld.burraco
        if kind is not None:
            counts[kind.replace("-", "_")] += 1
    counts["in_hand"] = sum(1 for hand in hands for _ in hand)
    counts["pozzetto"] = int(pozzetto_taken)
    return counts
