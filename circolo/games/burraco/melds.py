"""Burraco melds: runs and sets, how they read, what they are worth, and every way to make one.

A meld is a *layout*: a run lists its slots from low to high, so a wild's place fixes the
card it stands for (``3H 2C=4H 5H``); a set lists its naturals by suit and its wild last
(``7H 7C JK``). The player names the layout when laying it down and it is never re-read:
a wild keeps standing for its card until that very card replaces it.

Run positions go from 1 (the low Ace) to 14 (the high Ace), so K-A-2 can never be
consecutive and A-2-...-K-A is the one 14-card run. In a run of its own suit a 2 in
position 2 is natural; anywhere else a 2 is wild, like a joker.

The generators (``candidate_new_melds``, ``candidate_extensions``) never try subsets of
the hand: runs grow suit by suit over windows of consecutive positions with at most one
hole (for the one wild), sets come from the counts of each rank, extensions grow from
the meld's two ends and its wild. Every layout comes out once.

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
from dataclasses import dataclass
from itertools import product
from typing import Literal

from circolo.cards import ACE, JOKER, Card, CardNotationError, Suit
from circolo.engine import NotationError

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
    "meld_type",
    "new_meld_layouts",
    "read_cards",
    "read_layout",
    "set_rank",
]

MeldKind = Literal["run", "set"]
BurracoKind = Literal["clean", "semi-clean", "dirty"]

MIN_MELD = 3
BURRACO_SIZE = 7  # a meld of this many cards is a burraco
# a burraco with a wild is semi-clean with this many consecutive naturals (a set: naturals)
SEMI_CLEAN_NATURALS = 7
HIGH_ACE = 14  # the Ace above the King; the low Ace is position 1
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
    in order); the generators only ever make valid melds.
    """

    kind: MeldKind
    slots: tuple[Slot, ...]

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
    if low < 1 or low + len(slots) - 1 > HIGH_ACE:
        return None
    at = _POSITION_CARD[card.suit]
    read = []
    wilds = 0
    for position, slot in enumerate(slots, low):
        target = at[position]
        if slot.card == target and slot.stands_for in (None, target):
            read.append(_NATURAL_SLOT[target])
        elif is_wild_card(slot.card) and slot.stands_for in (None, target):
            read.append(_WILD_SLOT[slot.card][target])
            wilds += 1
        else:
            return None
    return Meld("run", tuple(read)) if wilds <= 1 else None


def _read_set(slots: tuple[Slot, ...]) -> Meld | None:
    if any(slot.stands_for is not None for slot in slots):
        return None
    naturals = [slot for slot in slots if not is_wild_card(slot.card)]
    wilds = [slot for slot in slots if is_wild_card(slot.card)]
    if len(wilds) > 1 or len({slot.card.rank for slot in naturals}) != 1:
        return None
    naturals.sort(key=lambda slot: slot.card.key)
    return Meld("set", (*naturals, *wilds))


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
    """Every valid new meld (every layout) that a sub-multiset of ``hand`` makes, once each."""
    pool = _Pool(hand)
    melds: list[Meld] = []
    for suit in Suit:
        if pool.per_suit[suit] >= 2:
            _new_runs(pool, suit, melds)
    _new_sets(pool, melds)
    return melds


def candidate_extensions(meld: Meld, hand: Sequence[Card]) -> list[Meld]:
    """Every valid result of adding a non-empty sub-multiset of ``hand`` to ``meld``, once each."""
    pool = _Pool(hand)
    results: list[Meld] = []
    if meld.kind == "set":
        _extend_set(meld, pool, results)
        return results
    _extend_run(meld, pool, results)
    return list(dict.fromkeys(results))  # identical 2s can reach one layout two ways


class _Pool:
    """A hand counted as the generators look at it."""

    __slots__ = ("count", "per_suit", "wilds")

    def __init__(self, hand: Iterable[Card]) -> None:
        # count[suit][position]: copies of the natural card for that run position
        # (position 2 is the suit's 2, position 14 mirrors the Ace)
        self.count = [[0] * (HIGH_ACE + 1) for _ in Suit]
        self.per_suit = [0] * len(Suit)  # cards of each suit: a run needs two (a 2 may count)
        jokers = 0
        for card in hand:
            if card.suit is None:
                jokers += 1
                continue
            counts = self.count[card.suit]
            counts[card.rank] += 1
            if card.rank == ACE:
                counts[HIGH_ACE] += 1
            self.per_suit[card.suit] += 1
        wilds = [JOKER] if jokers else []
        wilds += [_TWO[suit] for suit in Suit if self.count[suit][2]]
        self.wilds: list[Card] = wilds  # each distinct wild card in hand

    def wilds_at(self, suit: Suit, position: int, natural_two_used: bool) -> list[Card]:
        """The hand's wilds that may stand at ``position`` of a ``suit`` run.

        The suit's own 2 is natural in position 2, and is a wild elsewhere only if a copy is
        left over after the natural 2 the layout already takes from the hand.
        """
        own = _TWO[suit]
        if own not in self.wilds:
            return self.wilds
        if position == 2 or self.count[suit][2] < 1 + natural_two_used:
            return [card for card in self.wilds if card is not own]
        return self.wilds


def _new_runs(pool: _Pool, suit: Suit, out: list[Meld]) -> None:
    """Every window of 3+ consecutive positions holding the hand's naturals but for one hole
    at most: without wild, with the one hole filled, or with a wild in any one position."""
    count = pool.count[suit]
    natural = _POSITION_SLOT[suit]
    for low in range(1, HIGH_ACE - 1):
        missing: list[int] = []
        base: list[Slot] = []
        for high in range(low, HIGH_ACE + 1):
            held = count[high] - (high == HIGH_ACE and low == 1)  # the low Ace took one
            if held <= 0:
                missing.append(high)
                if len(missing) == 2:
                    break
            base.append(natural[high])
            if high - low + 1 < MIN_MELD:
                continue
            two_in_window = low <= 2 <= high
            if not missing:
                out.append(Meld("run", tuple(base)))
                for position in range(low, high + 1):
                    _with_wild(out, pool, suit, base, low, position, two_in_window)
            else:
                hole = missing[0]
                _with_wild(out, pool, suit, base, low, hole, two_in_window)
                if low == 1 and high == HIGH_ACE and hole == HIGH_ACE:  # one Ace: either end
                    _with_wild(out, pool, suit, base, low, 1, two_in_window)


def _with_wild(
    out: list[Meld],
    pool: _Pool,
    suit: Suit,
    base: Sequence[Slot],
    low: int,
    position: int,
    natural_two: bool,
) -> None:
    """``base`` (slots from position ``low``) with each of the hand's wilds at ``position``.

    ``natural_two``: position 2 is in the layout and, unless the wild takes it, holds the
    hand's natural 2 of the suit."""
    index = position - low
    for wild in pool.wilds_at(suit, position, natural_two and position != 2):
        slot = _WILD_SLOT[wild][_POSITION_CARD[suit][position]]
        out.append(Meld("run", (*base[:index], slot, *base[index + 1 :])))


def _new_sets(pool: _Pool, out: list[Meld]) -> None:
    wilds = [_NATURAL_SLOT[wild] for wild in pool.wilds]
    for rank in _SET_RANKS:
        counts = [pool.count[suit][rank] for suit in Suit]
        total = sum(counts)
        if total < MIN_MELD and (total < MIN_MELD - 1 or not wilds):
            continue
        for taken in product(*(range(n + 1) for n in counts)):
            size = sum(taken)
            if size < MIN_MELD - 1:
                continue
            naturals = _set_naturals(rank, taken)
            if size >= MIN_MELD:
                out.append(Meld("set", naturals))
            for wild in wilds:
                out.append(Meld("set", (*naturals, wild)))


def _set_naturals(rank: int, per_suit: Sequence[int]) -> tuple[Slot, ...]:
    return tuple(_NATURAL_SLOT[_CARD[suit][rank]] for suit in Suit for _ in range(per_suit[suit]))


def _extend_set(meld: Meld, pool: _Pool, out: list[Meld]) -> None:
    """Any of the hand's cards of the set's rank, and a wild if the set has none."""
    rank = meld.rank
    assert rank is not None
    wild = meld.wild
    on_table = [0] * len(Suit)
    for slot in meld.slots:
        if not is_wild_card(slot.card) and slot.card.suit is not None:
            on_table[slot.card.suit] += 1
    held = [pool.count[suit][rank] for suit in Suit]
    new_wilds = [] if wild is not None else [_NATURAL_SLOT[card] for card in pool.wilds]
    kept_wild = () if wild is None else (wild,)
    for taken in product(*(range(n + 1) for n in held)):
        naturals = _set_naturals(rank, [a + b for a, b in zip(on_table, taken, strict=True)])
        if any(taken):
            out.append(Meld("set", (*naturals, *kept_wild)))
        for new_wild in new_wilds:
            out.append(Meld("set", (*naturals, new_wild)))


def _reach(count: list[int], end: int, outwards: Iterable[int]) -> list[tuple[int, list[int]]]:
    """Walking ``outwards`` from a run's ``end``: each end reachable with the hand's naturals
    but for one hole at most, with its holes (the first entry adds no card)."""
    ends: list[tuple[int, list[int]]] = [(end, [])]
    missing: list[int] = []
    for position in outwards:
        if count[position] == 0:
            missing = [*missing, position]
            if len(missing) == 2:
                break
        ends.append((position, missing))
    return ends


def _extend_run(meld: Meld, pool: _Pool, out: list[Meld]) -> None:
    """Grow the run at its ends with the hand's naturals (and one new wild if it has none);
    or let the natural card replace the run's wild, which then goes to either end."""
    suit = meld.suit
    assert suit is not None
    count = pool.count[suit]
    low = meld.low
    high = low + meld.size - 1
    downs = _reach(count, low, range(low - 1, 0, -1))
    ups = _reach(count, high, range(high + 1, HIGH_ACE + 1))
    _grow(meld, pool, suit, downs, ups, out)
    if meld.wild_index is not None:
        _replace_wild(meld, pool, suit, downs, ups, out)


Reach = list[tuple[int, list[int]]]


def _grow(meld: Meld, pool: _Pool, suit: Suit, downs: Reach, ups: Reach, out: list[Meld]) -> None:
    """The run's wild (if any) stays where it is, standing for its card; a run without wild
    may take one, in the one hole left or at any new place."""
    natural = _POSITION_SLOT[suit]
    aces = pool.count[suit][ACE]
    low = meld.low
    high = low + meld.size - 1
    may_add_wild = meld.wild_index is None
    for first, below_missing in downs:
        for last, above_missing in ups:
            if (first, last) == (low, high):
                continue
            missing = below_missing + above_missing
            if len(missing) > may_add_wild:
                break
            slots = [*natural[first:low], *meld.slots, *natural[high + 1 : last + 1]]
            two_from_hand = first <= 2 < low
            if first == 1 < low and last == HIGH_ACE > high and aces < 2:
                # both Aces are new but the hand holds one: a new wild takes either end
                if aces == 1 and not missing and may_add_wild:
                    for position in (1, HIGH_ACE):
                        _with_wild(out, pool, suit, slots, first, position, two_from_hand)
                continue
            if missing:
                _with_wild(out, pool, suit, slots, first, missing[0], two_from_hand)
                continue
            out.append(Meld("run", tuple(slots)))
            if may_add_wild:
                for position in (*range(first, low), *range(high + 1, last + 1)):
                    _with_wild(out, pool, suit, slots, first, position, two_from_hand)


def _replace_wild(
    meld: Meld, pool: _Pool, suit: Suit, downs: Reach, ups: Reach, out: list[Meld]
) -> None:
    """The wild's own card replaces it; once all cards are placed the wild goes to either
    end (a run spans 14 positions at most, so the two Aces never both come in here)."""
    index = meld.wild_index
    assert index is not None
    natural = _POSITION_SLOT[suit]
    low = meld.low
    high = low + meld.size - 1
    replaced = low + index
    displaced = meld.slots[index].card
    if pool.count[suit][replaced] == 0:
        return
    own_two = displaced == _TWO[suit]
    body = list(meld.slots)
    body[index] = natural[replaced]
    for first, below_missing in downs:
        for last, above_missing in ups:
            missing = below_missing + above_missing
            if len(missing) > 1:
                break
            placed = [*natural[first:low], *body, *natural[high + 1 : last + 1]]
            for end in (first - 1, last + 1):
                if not 1 <= end <= HIGH_ACE:
                    continue
                if own_two and end == 2:
                    # natural from now on: the run may take one new wild among the placed cards
                    _replaced_two_lands(out, pool, suit, placed, first, low, high, last, missing)
                elif not missing:
                    slot = _WILD_SLOT[displaced][_POSITION_CARD[suit][end]]
                    layout = [slot, *placed] if end < first else [*placed, slot]
                    out.append(Meld("run", tuple(layout)))


def _replaced_two_lands(
    out: list[Meld],
    pool: _Pool,
    suit: Suit,
    placed: list[Slot],
    first: int,
    low: int,
    high: int,
    last: int,
    missing: list[int],
) -> None:
    """The run's own 2 was replaced and moves down to position 2, where it is natural."""
    layout = [_POSITION_SLOT[suit][2], *placed]
    start = first - 1
    if missing:
        _with_wild(out, pool, suit, layout, start, missing[0], False)
        return
    out.append(Meld("run", tuple(layout)))
    for position in (*range(first, low), *range(high + 1, last + 1)):
        _with_wild(out, pool, suit, layout, start, position, False)


# -- tables ----------------------------------------------------------------------------------

_SET_RANKS = (1, *range(3, 14))  # every rank but 2: in a set every 2 is wild
_CARD: list[list[Card]] = [
    [JOKER, *(Card.of(rank, suit) for rank in range(1, 14))] for suit in Suit
]
_TWO: list[Card] = [_CARD[suit][2] for suit in Suit]
_POSITION_CARD: list[list[Card]] = [[*_CARD[suit], _CARD[suit][ACE]] for suit in Suit]
_ALL_CARDS = [JOKER, *(card for row in _CARD for card in row[1:])]
_NATURAL_SLOT: dict[Card, Slot] = {card: Slot(card) for card in _ALL_CARDS}
_POSITION_SLOT: list[list[Slot]] = [
    [_NATURAL_SLOT[card] for card in _POSITION_CARD[suit]] for suit in Suit
]
_WILD_SLOT: dict[Card, dict[Card, Slot]] = {
    wild: {card: Slot(wild, card) for card in _ALL_CARDS[1:]}
    for wild in _ALL_CARDS
    if is_wild_card(wild)
}
