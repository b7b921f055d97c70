"""Burraco melds: runs and sets, how they read, what they are worth, and every way to make one.

A meld is a *layout*: a run lists its slots from low to high, so a wild's place fixes the
card it stands for (``3H 2C=4H 5H``); a set lists its naturals by suit and its wild last
(``7H 7C JK``). The player names the layout when laying it down and it is never re-read:
a wild keeps standing for its card until that very card replaces it.

Run positions go from 1 (the low Ace) to 14 (the high Ace), so K-A-2 can never be
consecutive and A-2-...-K-A is the one 14-card run. In a run of its own suit a 2 in
position 2 is natural; anywhere else a 2 is wild, like a joker.

The generators (``candidate_new_melds``, ``candidate_extensions``) find every layout
once, as a *plan* (a few integers: ``plans.py`` works on card counts, never on subsets
of the hand); ``meld_of`` builds a plan's meld, once per plan, and ``plan_of`` reads one.

>>> Meld.parse("3H 2C=4H 5H").wild
Slot(card=Card.parse('2C'), stands_for=Card.parse('4H'))
>>> from circolo.cards import parse_cards
>>> [m.text() for m in extension_layouts(Meld.parse("5H 6H 7H"), parse_cards("JK"))]
['5H 6H 7H JK=8H', 'JK=4H 5H 6H 7H']
>>> meld_type(parse_cards("KH JK 2H"))
'invalid'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from circolo.cards import ACE, JOKER, Card, CardNotationError, Suit
from circolo.engine import NotationError
from circolo.games.burraco.codes import CARD_OF_CODE, SET_RANKS, code_of, counts_of, held_wilds
from circolo.games.burraco.plans import (
    HIGH_ACE,
    MIN_MELD,
    RUN,
    SET,
    Plan,
    extensions,
    new_runs,
    new_sets,
    plan_codes,
)

__all__ = [
    "BURRACO_SIZE",
    "MIN_MELD",
    "BurracoKind",
    "Meld",
    "MeldKind",
    "Slot",
    "can_open",
    "candidate_extensions",
    "candidate_new_melds",
    "card_points",
    "extension_layouts",
    "is_wild_card",
    "meld_of",
    "meld_type",
    "new_meld_layouts",
    "plan_of",
    "read_cards",
    "read_layout",
    "set_rank",
]

MeldKind = Literal["run", "set"]
BurracoKind = Literal["clean", "semi-clean", "dirty"]

BURRACO_SIZE = 7  # a meld of this many cards is a burraco
# a burraco with a wild is semi-clean with this many consecutive naturals (a set: naturals)
SEMI_CLEAN_NATURALS = 7
JOKER_POINTS, TWO_POINTS, ACE_POINTS, HIGH_POINTS, LOW_POINTS = 30, 20, 15, 10, 5


def card_points(card: Card) -> int:
    """Melded (+) or left in hand (-): 3-7 = 5, 8-K = 10, A = 15, 2 = 20, joker = 30."""
    if card.is_joker:
        return JOKER_POINTS
    if card.rank == 2:
        return TWO_POINTS
    if card.rank == ACE:
        return ACE_POINTS
    return HIGH_POINTS if card.rank >= 8 else LOW_POINTS


def is_wild_card(card: Card) -> bool:
    """Jokers and 2s; a 2 may still sit naturally in position 2 of a run of its suit."""
    return card.is_joker or card.rank == 2


@dataclass(frozen=True, slots=True)
class Slot:
    """One card of a meld; ``stands_for`` names the card a wild replaces in a run.

    A natural card (and any wild in a set, where it needs no name) has ``stands_for=None``.
    Text: ``5H`` natural, ``2C=4H`` a wild standing for the 4H.
    """

    card: Card
    stands_for: Card | None = None

    def text(self) -> str:
        return str(self.card) if self.stands_for is None else f"{self.card}={self.stands_for}"

    def __repr__(self) -> str:
        return f"Slot(card={self.card!r}, stands_for={self.stands_for!r})"


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld as laid: a run low to high, or a set (naturals by suit, then the wild).

    Build one with ``Meld.parse`` or ``read_layout`` (they validate and put a set's slots
    in order) or ``meld_of`` a plan; the generators only ever make valid melds. ``plan``
    names the same layout in a few integers (``plans.py``); one meld value per plan.
    """

    kind: MeldKind
    slots: tuple[Slot, ...]
    plan: Plan = field(compare=False, repr=False)

    @property
    def size(self) -> int:
        return len(self.slots)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(slot.card for slot in self.slots)

    @property
    def points(self) -> int:
        """The cards' values; a 2 counts 20 natural or wild."""
        return sum(card_points(slot.card) for slot in self.slots)

    @property
    def wild_index(self) -> int | None:
        """Where the meld's one wild sits, or None for a meld without wild."""
        for index, slot in enumerate(self.slots):
            if slot.stands_for is not None or (self.kind == "set" and is_wild_card(slot.card)):
                return index
        return None

    @property
    def wild(self) -> Slot | None:
        index = self.wild_index
        return None if index is None else self.slots[index]

    @property
    def suit(self) -> Suit | None:
        """A run's suit (None for a set)."""
        if self.kind == "set":
            return None
        first = self.slots[0]
        return (first.stands_for or first.card).suit

    @property
    def rank(self) -> int | None:
        """A set's rank (None for a run)."""
        if self.kind == "run":
            return None
        return next(slot.card.rank for slot in self.slots if not is_wild_card(slot.card))

    @property
    def low(self) -> int:
        """A run's lowest position, 1 (low Ace) to 12; a set has none (0)."""
        if self.kind == "set":
            return 0
        first = self.slots[0]
        return (first.stands_for or first.card).rank  # an Ace in front is always the low one

    @property
    def burraco(self) -> BurracoKind | None:
        """7+ cards: clean without wild; semi-clean with a wild and 7 natural cards that
        are consecutive (a set: 7 naturals); dirty otherwise."""
        if self.size < BURRACO_SIZE:
            return None
        index = self.wild_index
        if index is None:
            return "clean"
        # a set's naturals; a run's longest natural stretch, on either side of the wild
        naturals = self.size - 1 if self.kind == "set" else max(index, self.size - 1 - index)
        return "semi-clean" if naturals >= SEMI_CLEAN_NATURALS else "dirty"

    def text(self) -> str:
        """``3H 2C=4H 5H``; a set ``7H 7C JK`` (a wild in a set needs no ``=``)."""
        return " ".join(slot.text() for slot in self.slots)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Meld.parse({self.text()!r})"

    @staticmethod
    def parse(text: str) -> Meld:
        """Read a layout as written (see ``read_layout``); ``NotationError`` if it is no meld."""
        slots = []
        for token in text.replace(",", " ").split():
            card, _, stands_for = token.partition("=")
            try:
                slots.append(Slot(Card.parse(card), Card.parse(stands_for) if stands_for else None))
            except CardNotationError as error:
                raise NotationError(str(error)) from None
        meld = read_layout(slots)
        if meld is None:
            raise NotationError(
                f"{text.strip()!r} is not a valid meld: a run of 3+ cards of one suit in "
                "sequence or a set of 3+ cards of one rank, with at most one wild"
            )
        return meld


# -- reading a layout ------------------------------------------------------------------------


def read_layout(slots: Sequence[Slot]) -> Meld | None:
    """A layout as the player names it -> the valid meld it is, or None.

    A run is read low to high: the first natural card fixes every position, so each wild
    stands for the card of its position (an explicit ``stands_for`` must agree) and a 2 of
    the suit in position 2 is natural. A set may be listed in any order.
    """
    slots = tuple(slots)
    if len(slots) < MIN_MELD:
        return None
    return _read_run(slots) or _read_set(slots)


def read_cards(cards: Sequence[Card]) -> Meld | None:
    """Cards in laid order, as the rule vectors list them -> the meld they make, or None."""
    return read_layout([_NATURAL_SLOT[card] for card in cards])


def meld_type(cards: Sequence[Card]) -> Literal["run", "set", "invalid"]:
    """What cards in laid order make: a run (low to high), a set, or nothing valid."""
    meld = read_cards(cards)
    return "invalid" if meld is None else meld.kind


def _read_run(slots: tuple[Slot, ...]) -> Meld | None:
    anchor = next((i for i, slot in enumerate(slots) if not is_wild_card(slot.card)), None)
    if anchor is None:
        return None
    card = slots[anchor].card
    assert card.suit is not None
    # Before the anchor stand only 2s and jokers, so at most one wild: an Ace anchor is the
    # low one (as the high Ace it would end a run of two).
    low = card.rank - anchor
    high = low + len(slots) - 1
    if low < 1 or high > HIGH_ACE:
        return None
    at = _POSITION_CARD[card.suit]
    wild_at, wild = 0, -1
    for position, slot in enumerate(slots, low):
        target = at[position]
        if slot.stands_for not in (None, target):
            return None
        if slot.card == target:
            continue
        if not is_wild_card(slot.card) or wild_at:
            return None
        wild_at, wild = position, code_of(slot.card)
    return meld_of((RUN, int(card.suit), low, high, wild_at, wild))


def _read_set(slots: tuple[Slot, ...]) -> Meld | None:
    if any(slot.stands_for is not None for slot in slots):
        return None
    naturals = [slot.card for slot in slots if not is_wild_card(slot.card)]
    wilds = [slot.card for slot in slots if is_wild_card(slot.card)]
    if len(wilds) > 1 or len({card.rank for card in naturals}) != 1:
        return None
    per_suit = [0, 0, 0, 0]
    for card in naturals:
        assert card.suit is not None
        per_suit[card.suit] += 1
    wild = code_of(wilds[0]) if wilds else -1
    return meld_of((SET, naturals[0].rank, *per_suit, wild))


def set_rank(meld: Meld) -> int | None:
    """The rank of a set (a side may hold one set per rank), None for a run."""
    return meld.rank


def can_open(new_meld: Meld, side_melds: Iterable[Meld]) -> bool:
    """A side (a player, or a team in 2 v 2) may not hold two separate sets of one rank."""
    rank = set_rank(new_meld)
    return rank is None or all(set_rank(meld) != rank for meld in side_melds)


# -- the generators --------------------------------------------------------------------------


def new_meld_layouts(cards: Sequence[Card]) -> list[Meld]:
    """Every valid layout of exactly these cards as one new meld (in any order given)."""
    return [meld for meld in candidate_new_melds(cards) if meld.size == len(cards)]


def extension_layouts(meld: Meld, add: Sequence[Card]) -> list[Meld]:
    """Every valid result of adding exactly these cards to ``meld`` (the mover's choices)."""
    return [
        result for result in candidate_extensions(meld, add) if result.size == meld.size + len(add)
    ]


def candidate_new_melds(hand: Sequence[Card]) -> list[Meld]:
    """Every valid new meld (every layout) that a sub-multiset of ``hand`` makes, once each:
    runs suit by suit, then sets rank by rank (``plans.py`` finds them)."""
    counts = counts_of(hand)
    wilds = held_wilds(counts)
    found: list[Plan] = []
    for suit in range(4):
        if sum(counts[13 * suit : 13 * suit + 13]) >= 2:
            found += new_runs(counts, suit, wilds)
    for rank in SET_RANKS:
        found += new_sets(counts, rank, wilds)
    return [meld_of(plan) for plan in found]


def candidate_extensions(meld: Meld, hand: Sequence[Card]) -> list[Meld]:
    """Every valid result of adding a non-empty sub-multiset of ``hand`` to ``meld``, once each."""
    counts = counts_of(hand)
    return [meld_of(plan) for plan in extensions(plan_of(meld), counts, held_wilds(counts))]


def meld_of(plan: Plan) -> Meld:
    """The meld a plan names; one shared value per plan (melds are immutable)."""
    meld = _MELD_OF_PLAN.get(plan)
    if meld is None:
        meld = _MELD_OF_PLAN[plan] = _build(plan)
    return meld


def plan_of(meld: Meld) -> Plan:
    """The plan of a meld (its kind, its run's ends or its set's naturals, its wild)."""
    return meld.plan


def _build(plan: Plan) -> Meld:
    if plan[0] == RUN:
        _, suit, low, high, wild_at, wild = plan
        at = _POSITION_CARD[suit]
        slots = tuple(
            _WILD_SLOT[CARD_OF_CODE[wild]][at[p]] if p == wild_at else _NATURAL_SLOT[at[p]]
            for p in range(low, high + 1)
        )
        return Meld("run", slots, plan)
    slots = tuple(_NATURAL_SLOT[CARD_OF_CODE[code]] for code in plan_codes(plan))
    return Meld("set", slots, plan)


_MELD_OF_PLAN: dict[Plan, Meld] = {}


# -- tables ----------------------------------------------------------------------------------

_CARD: list[list[Card]] = [
    [JOKER, *(Card.of(rank, suit) for rank in range(1, 14))] for suit in Suit
]
_POSITION_CARD: list[list[Card]] = [[*_CARD[suit], _CARD[suit][ACE]] for suit in Suit]
_ALL_CARDS = [JOKER, *(card for row in _CARD for card in row[1:])]
_NATURAL_SLOT: dict[Card, Slot] = {card: Slot(card) for card in _ALL_CARDS}
_WILD_SLOT: dict[Card, dict[Card, Slot]] = {
    wild: {card: Slot(wild, card) for card in _ALL_CARDS[1:]}
    for wild in _ALL_CARDS
    if is_wild_card(wild)
}
