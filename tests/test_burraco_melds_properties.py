"""The meld move generator against a brute force written from the rules text alone.

The brute force knows nothing of ``melds``' windows and ends: it tries every ordering of
every sub-multiset of a small hand as a run (a prefix that no run reading fits is not
grown further) and every sub-multiset as a set, and reads each the slow, direct way:
"3 or more cards of one suit in sequence", "3 or more cards of the same rank", "at most
one wild", "a 2 in its natural place in a run of its own suit is not wild". Extensions are
the valid melds over the old meld's cards plus some of the hand's that keep the old meld
as the rules say: its naturals in place, its wild in place or replaced by its own card and
moved to an end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import product
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from circolo.cards import JOKER, Card, Suit, burraco_deck, parse_cards
from circolo.games.burraco.melds import (
    Meld,
    candidate_extensions,
    candidate_new_melds,
    extension_layouts,
    new_meld_layouts,
    read_layout,
)

HIGH_ACE = 14
DECK = Counter(burraco_deck())
Pair = tuple[Card, Card | None]  # a card and what it stands for (None: natural)
Shape = tuple[str, tuple[str, ...]]


class Reading(NamedTuple):
    """One way to read cards as a meld: a run from ``low`` in ``suit``, or a set."""

    kind: str
    suit: Suit | None
    low: int
    slots: tuple[Pair, ...]

    def shape(self) -> Shape:
        texts = [str(card) if sf is None else f"{card}={sf}" for card, sf in self.slots]
        return (self.kind, tuple(sorted(texts)) if self.kind == "set" else tuple(texts))

    def text(self) -> str:
        return " ".join(str(card) if sf is None else f"{card}={sf}" for card, sf in self.slots)

    def at(self, position: int) -> Pair:
        return self.slots[position - self.low]

    @property
    def high(self) -> int:
        return self.low + len(self.slots) - 1


def shape(meld: Meld) -> Shape:
    texts = meld.text().split()
    return (meld.kind, tuple(sorted(texts)) if meld.kind == "set" else tuple(texts))


# -- the rules, read directly ----------------------------------------------------------------


def wild(card: Card) -> bool:
    """The 4 jokers and the eight 2s."""
    return card.suit is None or card.rank == 2


def card_at(suit: Suit, position: int) -> Card:
    """Run positions: the Ace below the 2 (1) or above the King (14)."""
    return Card.of(1 if position == HIGH_ACE else position, suit)


def fits(card: Card, suit: Suit, position: int, wilds: int) -> tuple[bool, int]:
    """Can ``card`` sit at ``position`` of a ``suit`` run that already holds ``wilds``?"""
    if position > HIGH_ACE:
        return False, wilds
    if card == card_at(suit, position):  # natural, a 2 of the suit in the 2 place included
        return True, wilds
    if wild(card) and wilds == 0:
        return True, 1
    return False, wilds


def run_reading(suit: Suit, low: int, seq: Sequence[Card]) -> Reading:
    pairs = tuple(
        (card, None if card == card_at(suit, low + i) else card_at(suit, low + i))
        for i, card in enumerate(seq)
    )
    return Reading("run", suit, low, pairs)


def set_reading(cards: Sequence[Card]) -> Reading | None:
    """3+ cards of the same rank (suits may repeat), at most one wild; every 2 is wild."""
    naturals = [card for card in cards if not wild(card)]
    if len(cards) < 3 or len(cards) - len(naturals) > 1 or len({c.rank for c in naturals}) != 1:
        return None
    order = sorted(cards, key=str)
    return Reading("set", None, 0, tuple((card, None) for card in order))


Partial = list[tuple[Suit, int, int]]  # the run readings (suit, low, wilds) a prefix still fits


def run_sequences(pool: Counter[Card]) -> Iterator[tuple[list[Card], Partial]]:
    """Every ordering of every sub-multiset of ``pool`` that some run reading fits."""
    seq: list[Card] = []
    start: Partial = [(suit, low, 0) for suit in Suit for low in range(1, HIGH_ACE + 1)]

    def grow(readings: Partial) -> Iterator[tuple[list[Card], Partial]]:
        yield seq, readings
        for card in list(pool):
            if pool[card] == 0:
                continue
            kept = []
            for suit, low, wilds in readings:
                ok, now = fits(card, suit, low + len(seq), wilds)
                if ok:
                    kept.append((suit, low, now))
            if kept:
                pool[card] -= 1
                seq.append(card)
                yield from grow(kept)
                seq.pop()
                pool[card] += 1

    yield from grow(start)


def sub_multisets(pool: Counter[Card]) -> Iterator[list[Card]]:
    cards = sorted(pool, key=str)
    for taken in product(*(range(pool[card] + 1) for card in cards)):
        yield [card for card, n in zip(cards, taken, strict=True) for _ in range(n)]


def brute_new_melds(hand: Sequence[Card]) -> list[Reading]:
    found: dict[Shape, Reading] = {}
    for seq, readings in run_sequences(Counter(hand)):
        if len(seq) >= 3:
            for suit, low, _ in readings:
                reading = run_reading(suit, low, seq)
                found[reading.shape()] = reading
    for cards in sub_multisets(Counter(hand)):
        as_set = set_reading(cards)
        if as_set is not None:
            found[as_set.shape()] = as_set
    return [found[key] for key in sorted(found)]


def keeps(old: Reading, new: Reading) -> bool:
    """Adding keeps the run: its naturals stay; its wild stays standing for its card, or its
    own card replaces it and the wild goes to an end of the run, beyond the old cards."""
    if new.suit != old.suit or new.low > old.low or new.high < old.high:
        return False
    for position in range(old.low, old.high + 1):
        card, stands_for = old.at(position)
        now = new.at(position)
        if now == (card, stands_for):
            continue
        if stands_for is None or now != (stands_for, None):
            return False
        ends = [end for end in (new.low, new.high) if not old.low <= end <= old.high]
        if not any(new.at(end)[0] == card for end in ends):
            return False
    return True


def brute_extensions(old: Reading, hand: Sequence[Card]) -> set[Shape]:
    base = Counter(card for card, _ in old.slots)
    found: set[Shape] = set()
    if old.kind == "set":
        for cards in sub_multisets(Counter(hand)):
            reading = set_reading([*base.elements(), *cards]) if cards else None
            if reading is not None:
                found.add(reading.shape())
        return found
    for seq, readings in run_sequences(base + Counter(hand)):
        if len(seq) <= len(old.slots) or Counter(seq) & base != base:
            continue
        for suit, low, _ in readings:
            reading = run_reading(suit, low, seq)
            if keeps(old, reading):
                found.add(reading.shape())
    return found


def wild_flags(reading: Reading) -> list[bool]:
    """Which slots hold a wild: in a run those standing for a card, in a set every 2 and joker."""
    return [sf is not None or (reading.kind == "set" and wild(c)) for c, sf in reading.slots]


def brute_burraco(reading: Reading) -> str | None:
    """7+ cards; clean: no wild; semi-clean: a wild and 7 consecutive naturals (a set: 7
    naturals); dirty otherwise."""
    if len(reading.slots) < 7:
        return None
    is_wild = wild_flags(reading)
    if not any(is_wild):
        return "clean"
    if reading.kind == "set":
        best = is_wild.count(False)
    else:
        best = run = 0
        for flag in is_wild:
            run = 0 if flag else run + 1
            best = max(best, run)
    return "semi-clean" if best >= 7 else "dirty"


# -- hands likely to meld: few suits, a few neighbouring ranks, some wilds --------------------

WILDS = [JOKER, *(Card.of(2, suit) for suit in Suit)]


@st.composite
def card_pools(draw: st.DrawFn) -> list[Card]:
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=3, unique=True))
    first = draw(st.integers(1, 13))
    ranks = [(first - 1 + k) % 13 + 1 for k in range(draw(st.integers(1, 6)))]  # may wrap K-A
    return [Card.of(rank, suit) for rank in ranks for suit in suits]


def hands_from(
    draw: st.DrawFn, pool: list[Card], max_size: int, on_table: Sequence[Card] = ()
) -> list[Card]:
    picks = draw(
        st.lists(
            st.one_of(st.sampled_from(pool), st.sampled_from(pool), st.sampled_from(WILDS)),
            max_size=max_size,
        )
    )
    held: Counter[Card] = Counter(on_table)
    for card in picks:
        if held[card] < DECK[card]:  # two decks: at most two of a card, four jokers
            held[card] += 1
    return list((held - Counter(on_table)).elements())


@st.composite
def small_hands(draw: st.DrawFn, max_size: int = 8) -> list[Card]:
    return hands_from(draw, draw(card_pools()), max_size)


@st.composite
def run_tables(draw: st.DrawFn) -> tuple[Reading, list[Card]]:
    """A run of 3-7 cards, with or without a wild, and a hand of its suit's neighbours."""
    suit = draw(st.sampled_from(list(Suit)))
    low = draw(st.one_of(st.integers(1, 4), st.integers(9, 12), st.integers(1, 12)))  # Aces, 2s
    size = draw(st.integers(3, min(7, HIGH_ACE + 1 - low)))
    slots: list[Pair] = [(card_at(suit, p), None) for p in range(low, low + size)]
    if draw(st.booleans()):
        index = draw(st.integers(0, size - 1))
        card = draw(st.sampled_from([Card.of(2, suit), *WILDS]))  # the suit's own 2 is subtle
        if card != slots[index][0]:  # the suit's 2 in the 2 place stays natural
            slots[index] = (card, slots[index][0])
    meld = Reading("run", suit, low, tuple(slots))
    near = {card_at(suit, p) for p in range(max(1, low - 3), min(HIGH_ACE, low + size + 2) + 1)}
    hand = hands_from(draw, sorted(near, key=str), 6, [card for card, _ in slots])
    return meld, hand


@st.composite
def set_tables(draw: st.DrawFn) -> tuple[Reading, list[Card]]:
    """A set of 3-6 cards, with or without a wild, and a hand of its rank and wilds."""
    rank = draw(st.sampled_from([1, *range(3, 14)]))
    pool = [Card.of(rank, suit) for suit in Suit]
    naturals = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=5))
    naturals = [card for card in pool for _ in range(min(2, naturals.count(card)))]
    wilds = draw(st.lists(st.sampled_from(WILDS), max_size=1))
    reading = set_reading([*naturals, *wilds])
    assume(reading is not None)
    assert reading is not None
    return reading, hands_from(draw, pool, 6, [card for card, _ in reading.slots])


tables = st.one_of(run_tables(), set_tables())


@st.composite
def full_hands(draw: st.DrawFn) -> list[Card]:
    """15 cards from the shuffled 108."""
    seed = draw(st.integers(0, 2**32))
    return random.Random(seed).sample(burraco_deck(), 15)


# Corners a random search seldom reaches: the 14-card run (one or two Aces), the suit's own 2
# replaced and landing in its place (the run then takes a new wild), identical 2s.
CORNERS = [
    ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AH JK 2C"),
    ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AH AH"),
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AH JK"),
    ("JK=AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AH AH"),
    ("2H 3H 4H 5H 6H JK=7H 8H 9H TH JH QH KH", "7H AH AH"),
    ("3H 4H 5H 6H 7H 8H 9H TH JH QH 2H=KH", "KH AH 2H JK"),
    ("3H 2H=4H 5H", "4H 2H 6H JK"),
    ("3H 2H=4H 5H", "4H 6H 7H 2C"),
    ("3H 4H 5H", "2H AH JK"),
    ("4S 2S=5S 6S", "5S 3S 2S 2S"),
]


@pytest.mark.parametrize(("meld", "hand"), CORNERS)
def test_corner_extensions_are_exactly_the_brute_force_ones(meld: str, hand: str) -> None:
    old = next(r for r in brute_new_melds(Meld.parse(meld).cards) if r.text() == meld)
    fast = [shape(result) for result in candidate_extensions(Meld.parse(meld), parse_cards(hand))]
    assert len(fast) == len(set(fast)), "a layout came out twice"
    assert set(fast) == brute_extensions(old, parse_cards(hand))


@pytest.mark.parametrize(
    "hand",
    [
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK",
        "AH AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C",
        "AH 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH JK",
    ],
)
def test_long_runs_are_exactly_the_brute_force_ones(hand: str) -> None:
    fast = [shape(meld) for meld in candidate_new_melds(parse_cards(hand))]
    assert len(fast) == len(set(fast)), "a layout came out twice"
    assert set(fast) == {reading.shape() for reading in brute_new_melds(parse_cards(hand))}


def tuned(examples: int) -> settings:
    """The whole melds suite stays under ~45 s on one core."""
    return settings(
        deadline=None, max_examples=examples, suppress_health_check=[HealthCheck.filter_too_much]
    )


# -- properties ------------------------------------------------------------------------------


@tuned(1000)
@given(small_hands(max_size=9))
def test_new_melds_are_exactly_the_brute_force_ones(hand: list[Card]) -> None:
    """Every valid new meld (every layout) of a sub-multiset of the hand, each once."""
    fast = [shape(meld) for meld in candidate_new_melds(hand)]
    assert len(fast) == len(set(fast)), "a layout came out twice"
    assert set(fast) == {reading.shape() for reading in brute_new_melds(hand)}


@tuned(1000)
@given(tables)
def test_extensions_are_exactly_the_brute_force_ones(table: tuple[Reading, list[Card]]) -> None:
    """Every valid result of adding a non-empty sub-multiset of the hand, each once."""
    old, hand = table
    meld = Meld.parse(old.text())
    assert shape(meld) == old.shape()
    fast = [shape(result) for result in candidate_extensions(meld, hand)]
    assert len(fast) == len(set(fast)), "a layout came out twice"
    assert set(fast) == brute_extensions(old, hand)


def check_meld(meld: Meld) -> None:
    """Valid by the brute force reading of its own cards, notation round trip, burraco kind."""
    cards = list(meld.cards)
    reading: Reading | None
    if meld.kind == "run":
        assert meld.suit is not None
        reading = run_reading(meld.suit, meld.low, cards)
        assert any(r.shape() == shape(meld) for r in brute_new_melds(cards))
    else:
        reading = set_reading(cards)
    assert reading is not None and reading.shape() == shape(meld)
    assert meld.burraco == brute_burraco(reading)
    assert Meld.parse(meld.text()) == meld
    assert read_layout(meld.slots) == meld


@tuned(80)
@given(full_hands())
def test_every_generated_meld_of_a_full_hand_is_valid(hand: list[Card]) -> None:
    """15 random cards: every new meld and every extension of them is a valid meld made
    of the hand's cards, named once, and reads back from its text."""
    held = Counter(hand)
    melds = candidate_new_melds(hand)
    assert len(melds) == len(set(melds))
    for meld in melds:
        check_meld(meld)
        assert Counter(meld.cards) <= held
    for meld in melds[:: max(1, len(melds) // 4)]:
        rest = list((held - Counter(meld.cards)).elements())
        results = candidate_extensions(meld, rest)
        assert len(results) == len(set(results))
        for result in results:
            check_meld(result)
            added = Counter(result.cards) - Counter(meld.cards)
            assert Counter(result.cards) == Counter(meld.cards) + added
            assert added <= held and added.total() >= 1


@tuned(200)
@given(small_hands(max_size=7), st.randoms(use_true_random=False))
def test_layouts_of_given_cards_match_the_generator(hand: list[Card], rnd: random.Random) -> None:
    """new_meld_layouts / extension_layouts: exactly the generated melds of those cards."""
    melds = candidate_new_melds(hand)
    for meld in melds:
        cards = list(meld.cards)
        rnd.shuffle(cards)
        same = [m for m in melds if Counter(m.cards) == Counter(cards)]
        assert sorted(map(shape, new_meld_layouts(cards))) == sorted(map(shape, same))
    for meld in melds[:3]:
        results = candidate_extensions(meld, hand)
        for result in results[:5]:
            added = list((Counter(result.cards) - Counter(meld.cards)).elements())
            assert result in extension_layouts(meld, added)
