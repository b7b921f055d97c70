"""Meld plans: every run, set and extension a hand allows, found from its card counts.

A run is fixed by its suit, its first and last positions and its wild (where it stands,
which card it is): every other slot holds the natural card of its position. A set is
fixed by its rank, its naturals of each suit and its wild. So a *plan* names a layout
with a few integers and the generators here never touch a card object; ``melds.py``
builds the ``Meld`` of a plan, once (there are a few tens of thousands in all).

    run plan: (RUN, suit, low, high, wild_at, wild)   wild_at 0 and wild -1: no wild
    set plan: (SET, rank, hearts, diamonds, clubs, spades, wild)

Positions go from 1 (the low Ace) to 14 (the high Ace); in a run of its own suit a 2 in
position 2 is natural, anywhere else a 2 is wild, like a joker. Cards are codes
(``codes.py``); a hand is its counts by code, and ``wilds`` the codes of the distinct
wilds it holds (``held_wilds``).

The generators never try subsets of the hand: runs grow suit by suit over windows of
consecutive positions with at most one hole (for the one wild), sets come from the
counts of each rank, extensions grow from the meld's two ends and its wild. Each layout
comes out once, in an order that depends only on the counts: the order of the moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from circolo.games.burraco.codes import POSITION_CODES, TWO_CODES

RUN, SET = 0, 1
HIGH_ACE = 14  # the Ace above the King; the low Ace is position 1
MIN_MELD = 3  # cards in a meld, at least
Plan = tuple[int, ...]
Reach = list[tuple[int, int]]  # (an end, the one hole on the way there or 0)


def plan_codes(plan: Plan) -> tuple[int, ...]:
    """The codes of the plan's cards (a run low to high; a set by suit, its wild last)."""
    found = _CODES.get(plan)
    if found is None:
        if plan[0] == RUN:
            _, suit, low, high, wild_at, wild = plan
            codes = POSITION_CODES[suit]
            found = tuple(wild if p == wild_at else codes[p] for p in range(low, high + 1))
        else:
            rank, wild = plan[1], plan[6]
            naturals = [13 * suit + rank - 1 for suit in range(4) for _ in range(plan[2 + suit])]
            found = tuple(naturals if wild < 0 else [*naturals, wild])
        _CODES[plan] = found
    return found


_CODES: dict[Plan, tuple[int, ...]] = {}  # plans are a few tens of thousands in all


def _row(counts: Sequence[int], suit: int) -> list[int]:
    """The copies held of each run position's natural card (index 0 unused)."""
    start = 13 * suit
    return [0, *counts[start : start + 13], counts[start]]


class _Wilds:
    """The wilds that may stand in a run of one suit.

    The suit's own 2 is natural in position 2, and is a wild elsewhere only if a copy is
    left over after the natural 2 the layout already takes from the hand."""

    __slots__ = ("all", "others", "own_twos")

    def __init__(self, wilds: tuple[int, ...], suit: int, own_twos: int) -> None:
        own = TWO_CODES[suit]
        self.all = tuple(wilds)
        self.others = tuple(code for code in wilds if code != own)
        self.own_twos = own_twos

    def at(self, position: int, natural_two_used: bool) -> tuple[int, ...]:
        if position == 2 or self.own_twos < 1 + natural_two_used:
            return self.others
        return self.all


_MAY: dict[tuple[tuple[int, ...], int, int], _Wilds] = {}


def _wilds(wilds: tuple[int, ...], suit: int, own_twos: int) -> _Wilds:
    """``_Wilds`` for these wilds, made once (there are a few hundred)."""
    key = (wilds, suit, own_twos)
    may = _MAY.get(key)
    if may is None:
        may = _MAY[key] = _Wilds(wilds, suit, own_twos)
    return may


# -- new melds ------------------------------------------------------------------------------


def new_runs(counts: Sequence[int], suit: int, wilds: tuple[int, ...]) -> list[Plan]:
    """Every run of ``suit``: each window of 3+ consecutive positions holding the hand's
    naturals but for one hole at most, without wild, with the one hole filled, or with a
    wild in any one position."""
    start = 13 * suit
    own = bytes(counts[start : start + 13])
    may = _wilds(wilds, suit, own[1])
    out: list[Plan] = []
    for low, high, hole in _windows(own):
        two_in_window = low <= 2 <= high
        if hole:
            for wild in may.at(hole, two_in_window and hole != 2):
                out.append((RUN, suit, low, high, hole, wild))
            if low == 1 and high == HIGH_ACE and hole == HIGH_ACE:  # one Ace: either end
                for wild in may.at(1, two_in_window):
                    out.append((RUN, suit, low, high, 1, wild))
            continue
        out.append((RUN, suit, low, high, 0, -1))
        for position in range(low, high + 1):
            for wild in may.at(position, two_in_window and position != 2):
                out.append((RUN, suit, low, high, position, wild))
    return out


AT_MOST_ONE = bytes([0, *[1] * 255])  # for bytes.translate: a count -> held or not
_WINDOWS: dict[tuple[bool, bytes], list[tuple[int, int, int]]] = {}  # 16k keys at most


def _windows(own: bytes) -> list[tuple[int, int, int]]:
    """The windows of 3+ positions that a suit's counts (A-K) fill but for one hole at
    most: (low, high, the hole or 0), low to high, then short to long."""
    key = (own[0] > 1, own.translate(AT_MOST_ONE))  # only a second Ace counts twice
    found = _WINDOWS.get(key)
    if found is None:
        row = [0, *own, own[0]]
        found = []
        for low in range(1, HIGH_ACE - 1):
            hole = 0
            for high in range(low, HIGH_ACE + 1):
                if row[high] - (high == HIGH_ACE and low == 1) <= 0:  # the low Ace took one
                    if hole:
                        break
                    hole = high
                if high - low >= MIN_MELD - 1:
                    found.append((low, high, hole))
        _WINDOWS[key] = found
    return found


def new_sets(counts: Sequence[int], rank: int, wilds: tuple[int, ...]) -> list[Plan]:
    """Every set of ``rank`` (not 2: in a set every 2 is wild): any 2+ of its naturals
    with a wild, or 3+ without."""
    held = counts[rank - 1 :: 13][:4]
    total = sum(held)
    if total < MIN_MELD and (total < MIN_MELD - 1 or not wilds):
        return []
    out: list[Plan] = []
    for taken in product(*(range(n + 1) for n in held)):
        size = sum(taken)
        if size < MIN_MELD - 1:
            continue
        if size >= MIN_MELD:
            out.append((SET, rank, *taken, -1))
        for wild in wilds:
            out.append((SET, rank, *taken, wild))
    return out


# -- extensions -----------------------------------------------------------------------------


def extensions(plan: Plan, counts: Sequence[int], wilds: tuple[int, ...]) -> list[Plan]:
    """Every result of adding some of the hand's cards to the meld ``plan``, once each."""
    if plan[0] == SET:
        if not wilds or plan[6] >= 0:  # no wild may join: only its naturals
            a = plan[1] - 1
            if not (counts[a] or counts[a + 13] or counts[a + 26] or counts[a + 39]):
                return []
        return _extend_set(plan, counts, wilds)
    _, suit, low, high, wild_at, _ = plan
    if not wilds or wild_at:  # no wild may join: a natural next to it, or the wild's own
        codes = POSITION_CODES[suit]
        if not (
            (low > 1 and counts[codes[low - 1]])
            or (high < HIGH_ACE and counts[codes[high + 1]])
            or (wild_at and counts[codes[wild_at]])
        ):
            return []
    out: list[Plan] = []
    _extend_run(plan, counts, wilds, out)
    return list(dict.fromkeys(out))  # identical 2s can reach one layout two ways


def _extend_set(plan: Plan, counts: Sequence[int], wilds: tuple[int, ...]) -> list[Plan]:
    """Any of the hand's cards of the set's rank, and a wild if the set has none."""
    _, rank, h, d, c, s, wild = plan
    a = rank - 1
    takes = product(
        range(counts[a] + 1),
        range(counts[a + 13] + 1),
        range(counts[a + 26] + 1),
        range(counts[a + 39] + 1),
    )
    new_wilds = wilds if wild < 0 else ()
    out: list[Plan] = []
    for th, td, tc, ts in takes:
        if th or td or tc or ts:
            out.append((SET, rank, h + th, d + td, c + tc, s + ts, wild))
        for new_wild in new_wilds:
            out.append((SET, rank, h + th, d + td, c + tc, s + ts, new_wild))
    return out


def _reach(row: list[int], end: int, step: int) -> Reach:
    """Walking from a run's ``end`` by ``step``: each end reachable with the hand's naturals
    but for one hole at most, with that hole (the first entry adds no card)."""
    ends = [(end, 0)]
    hole = 0
    position = end + step
    while 0 < position <= HIGH_ACE:
        if not row[position]:
            if hole:
                break
            hole = position
        ends.append((position, hole))
        position += step
    return ends


def _extend_run(plan: Plan, counts: Sequence[int], wilds: tuple[int, ...], out: list[Plan]) -> None:
    """Grow the run at its ends with the hand's naturals (and one new wild if it has none);
    or let the natural card replace the run's wild, which then goes to either end."""
    suit, low, high = plan[1], plan[2], plan[3]
    row = _row(counts, suit)
    may = _wilds(wilds, suit, row[2])
    downs = _reach(row, low, -1)
    ups = _reach(row, high, 1)
    _grow(plan, row, may, downs, ups, out)
    if plan[4]:
        _replace_wild(plan, row, may, downs, ups, out)


def _grow(
    plan: Plan, row: list[int], may: _Wilds, downs: Reach, ups: Reach, out: list[Plan]
) -> None:
    """The run's wild (if any) stays where it is, standing for its card; a run without wild
    may take one, in the one hole left or at any new place."""
    _, suit, low, high, wild_at, wild = plan
    aces = row[1]
    may_add_wild = not wild_at
    for first, below in downs:
        for last, above in ups:
            if first == low and last == high:
                continue
            holes = (below > 0) + (above > 0)
            if holes > may_add_wild:
                break
            two_from_hand = first <= 2 < low
            if first == 1 < low and last == HIGH_ACE > high and aces < 2:
                # both Aces are new but the hand holds one: a new wild takes either end
                if aces == 1 and not holes and may_add_wild:
                    for position in (1, HIGH_ACE):
                        for new in may.at(position, two_from_hand and position != 2):
                            out.append((RUN, suit, first, last, position, new))
                continue
            if holes:
                hole = below or above
                for new in may.at(hole, two_from_hand and hole != 2):
                    out.append((RUN, suit, first, last, hole, new))
                continue
            out.append((RUN, suit, first, last, wild_at, wild))
            if may_add_wild:
                for position in (*range(first, low), *range(high + 1, last + 1)):
                    for new in may.at(position, two_from_hand and position != 2):
                        out.append((RUN, suit, first, last, position, new))


def _replace_wild(
    plan: Plan, row: list[int], may: _Wilds, downs: Reach, ups: Reach, out: list[Plan]
) -> None:
    """The wild's own card replaces it; once all cards are placed the wild goes to either
    end (a run spans 14 positions at most, so the two Aces never both come in here). The
    run's own 2 going down to position 2 is natural there, and the run may then take one
    new wild among the cards placed."""
    _, suit, low, high, replaced, displaced = plan
    if not row[replaced]:
        return
    own_two = displaced == TWO_CODES[suit]
    for first, below in downs:
        for last, above in ups:
            hole = below or above
            if below and above:
                break
            for end in (first - 1, last + 1):
                if not 1 <= end <= HIGH_ACE:
                    continue
                if own_two and end == 2:
                    if hole:
                        for new in may.at(hole, False):
                            out.append((RUN, suit, 2, last, hole, new))
                        continue
                    out.append((RUN, suit, 2, last, 0, -1))
                    for position in (*range(first, low), *range(high + 1, last + 1)):
                        for new in may.at(position, False):
                            out.append((RUN, suit, 2, last, position, new))
                elif not hole:
                    out.append((RUN, suit, min(end, first), max(end, last), end, displaced))
