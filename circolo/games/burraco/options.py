"""The meld moves a hand can make, found group by group and remembered.

A run can only use cards of its suit and wilds, a set only cards of its rank and wilds:
the new melds of a hand are the runs of each suit plus the sets of each rank (its
*groups*), and each group depends only on a few card counts and on which wilds the hand
holds. ``plans.py`` finds a group's melds as plans; each plan's option (its move, how
many cards it takes) is built once and shared, and each group's list is kept in a
bounded memo (``MEMO_LIMIT`` entries; a full memo forgets its older half): a drawn card
changes one suit and one rank, the rest is looked up. A group without options is one
shared empty list, so that it never looks changed.

A meld on the table likewise only takes cards of its suit (run) or rank (set) and
wilds: its extensions depend on those counts alone (its ``look``), and a meld that no
wild may join has none while the hand holds no card next to it. ``HandOptions`` keeps one
hand's lists and refreshes only the groups its changed cards touch, and the side's melds
as they grow.

Options come group by group, each group in the order ``plans.py`` lists it: the state
and a view always list the same moves in the same order. (Python 3.11 gives every
comprehension a frame of its own: the few-item lists here are built by plain loops.)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain, islice
from operator import itemgetter
from typing import Any, TypeVar

from circolo.games.burraco.codes import CARD_OF_CODE as CARD_OF_CODE
from circolo.games.burraco.codes import CODE_OF_CARD as CODE_OF_CARD
from circolo.games.burraco.codes import CODES as CODES
from circolo.games.burraco.codes import (
    JOKER_CODE,
    POSITION_CODES,
    SET_RANKS,
    TWO_CODES,
    held_wilds,
)
from circolo.games.burraco.codes import code_of as code_of
from circolo.games.burraco.codes import counts_of as counts_of
from circolo.games.burraco.melds import BURRACO_SIZE, Meld, meld_of, plan_of
from circolo.games.burraco.moves import Extend, NewMeld
from circolo.games.burraco.plans import (
    AT_MOST_ONE,
    SET,
    Plan,
    extensions,
    new_runs,
    new_sets,
)

# The move, how many cards it takes from the hand, the rank of a new set (else None), and
# whether the meld is a burraco once the move is made. (Which cards it takes matters only
# when it would leave the hand almost empty: ``turn.used_codes`` tells.)
Option = tuple[NewMeld | Extend, int, int | None, bool]
Key = tuple[Any, ...]
MEMO_LIMIT = 50_000
T = TypeVar("T")


def _remember(memo: dict[Key, T], key: Key, found: T) -> T:
    """Keep ``found``; a full memo forgets its older half (dicts keep insertion order)."""
    if len(memo) >= MEMO_LIMIT:
        for old in list(islice(memo, MEMO_LIMIT // 2)):
            del memo[old]
    memo[key] = found
    return found


# -- new melds ------------------------------------------------------------------------------

_NONE: list[Option] = []  # no option: one shared list (never changed), so that a group
# without options stays the same list and nothing is rebuilt for it
_NEW: dict[Plan, Option] = {}  # every plan met so far -> its option (plans are few)
_SUITS: dict[Key, list[Option]] = {}  # (suit, wilds, its Aces, its 2s, its cards) -> runs
_RANKS: dict[Key, list[Option]] = {}  # (rank, wilds, its 4 counts) -> its sets


def new_option(plan: Plan) -> Option:
    option = _NEW.get(plan)
    if option is None:
        meld = meld_of(plan)
        rank = plan[1] if plan[0] == SET else None
        option = _NEW[plan] = (NewMeld(meld), meld.size, rank, meld.size >= BURRACO_SIZE)
    return option


def suit_runs(counts: Sequence[int], suit: int, wilds: tuple[int, ...]) -> list[Option]:
    """Every run of ``suit`` the hand can make (``wilds``: its ``held_wilds``)."""
    start = 13 * suit
    own = counts[start : start + 13]
    if sum(own) < 2:
        return _NONE
    # a run takes one copy of a card (its Aces and its own 2: two): cap the others at one
    key = (suit, wilds, own[0], own[1], bytes(own).translate(AT_MOST_ONE))
    found = _SUITS.get(key)
    if found is None:
        found = [new_option(p) for p in new_runs(counts, suit, wilds)] or _NONE
        _remember(_SUITS, key, found)
    return found


def rank_sets(counts: Sequence[int], rank: int, wilds: tuple[int, ...]) -> list[Option]:
    """Every set of ``rank`` the hand can make (``wilds``: its ``held_wilds``)."""
    a = rank - 1
    hearts, diamonds, clubs, spades = counts[a], counts[a + 13], counts[a + 26], counts[a + 39]
    naturals = hearts + diamonds + clubs + spades
    if naturals < 2 or (naturals == 2 and not wilds):
        return _NONE
    key = (rank, wilds, hearts, diamonds, clubs, spades)
    found = _RANKS.get(key)
    if found is None:
        found = [new_option(p) for p in new_sets(counts, rank, wilds)] or _NONE
        _remember(_RANKS, key, found)
    return found


# -- extensions -------------------------------------------------------------------------------


class _TableMeld:
    """One meld of the side, as a hand sees it: what may join it, and the options."""

    __slots__ = (
        "burraco",
        "by_look",
        "group",
        "has_wild",
        "index",
        "look",
        "made",
        "meld",
        "near",
        "options",
        "plan",
        "seen",
        "size",
        "takes_wild",
    )

    def __init__(self, index: int, meld: Meld) -> None:
        self.index = index
        self.meld = meld
        self.plan = plan = plan_of(meld)
        self.group, self.look, self.takes_wild, self.near, self.has_wild = _looks(plan)
        self.size = meld.size
        self.burraco = meld.size >= BURRACO_SIZE
        self.seen: Key | None = None
        self.by_look: dict[Key, list[Option]] = {}
        self.made: dict[Plan, Option] = {}  # result plan -> its option
        self.options: list[Option] = _NONE

    def refresh(self, counts: Sequence[int], wilds: tuple[int, ...]) -> list[Option]:
        """Its options for this hand (``wilds``: the hand's ``held_wilds``)."""
        if self.has_wild or not wilds:  # no wild may join, so nothing without a card near
            a, b, c, d = self.near
            if not (counts[a] or counts[b] or counts[c] or counts[d]):
                self.seen = None
                self.options = _NONE
                return _NONE
        seen: Key = (self.look(counts), wilds if self.takes_wild else ())
        if seen == self.seen:
            return self.options
        self.seen = seen
        options = self.by_look.get(seen)
        if options is None:
            options = [self._option(p) for p in extensions(self.plan, counts, wilds)] or _NONE
            self.by_look[seen] = options
        self.options = options
        return options

    def _option(self, plan: Plan) -> Option:
        option = self.made.get(plan)
        if option is None:
            meld = meld_of(plan)
            size = meld.size
            option = (Extend(self.index, meld), size - self.size, None, size >= BURRACO_SIZE)
            self.made[plan] = option
        return option


Looks = tuple[int, Any, bool, tuple[int, int, int, int], bool]
_LOOKS: dict[Plan, Looks] = {}


def _looks(plan: Plan) -> Looks:
    """A table meld's group (a run's suit 0-3, 4 + a set's rank); how to read the counts
    of the cards that could join it; whether the wilds held matter (only to a meld without
    wild, or to a run whose own 2 may go down to position 2); and the cards of which one
    must be held for any extension without a new wild (a set's rank; a run's places next
    to its ends and its wild's own card); and whether it has a wild."""
    found = _LOOKS.get(plan)
    if found is None:
        if plan[0] == SET:
            rank = plan[1]
            group = 4 + rank
            codes = list(range(rank - 1, 52, 13))
            takes_wild = plan[6] < 0
            near = codes
            has_wild = not takes_wild
        else:
            _, suit, low, high, wild_at, wild = plan
            group = suit
            # not the places it fills (but its wild's, and the Aces: the other end may
            # take one); and its own 2 (natural below 3, wild anywhere)
            inside = set(range(low, high + 1)) - {wild_at, 1, 2, 14}
            codes = [13 * suit + p - 1 for p in range(1, 14) if p not in inside]
            takes_wild = not wild_at or wild == TWO_CODES[suit]
            positions = POSITION_CODES[suit]
            near = [positions[p] for p in (low - 1, high + 1, wild_at) if 0 < p <= 14]
            has_wild = wild_at > 0
        # 2+ codes, so the itemgetter gives a tuple
        found = _LOOKS[plan] = (group, itemgetter(*codes), takes_wild, _four(near), has_wild)
    return found


def _four(codes: list[int]) -> tuple[int, int, int, int]:
    """Four of these codes, repeated, to be looked at without a loop (none: the joker's,
    whose count then only ever sends the look further)."""
    a, b, c, d = (codes * 4 + [JOKER_CODE] * 4)[:4]
    return (a, b, c, d)


# A hand's groups: the runs of each suit (0-3), the sets of each rank (4 + rank); listed
# in this order, they list the new melds runs suit by suit, then sets rank by rank.
GROUPS = 18
ALL_GROUPS = (0, 1, 2, 3, *(4 + rank for rank in SET_RANKS))
# the groups a card touches: its suit's runs and its rank's sets (a 2 only its suit's runs:
# every 2 in a set is wild; the joker none: it matters only as a wild held, and a change in
# the wilds held touches every group)
GROUPS_OF_CODE = (
    *(((code // 13, 5 + code % 13) if code % 13 != 1 else (code // 13,)) for code in range(52)),
    (),
)


class HandOptions:
    """One hand's meld options, refreshed only where the hand has changed since.

    The hand state tells it which card codes came or went (``changed``); a change in the
    wilds held touches every group, any other card one suit's runs and one rank's sets
    (and the melds on the table of that suit or rank). Every list comes from the same pure
    group functions as a fresh computation, so both always agree.
    """

    __slots__ = (
        "_burraco",
        "_by_group",
        "_extensions",
        "_groups",
        "_melds",
        "_new",
        "_set_ranks",
        "_table",
        "_touched",
        "_wilds",
    )

    def __init__(self) -> None:
        self._touched: set[int] | None = None  # the groups touched since; None: all
        self._wilds: tuple[int, ...] = ()
        self._groups: list[list[Option]] = [_NONE] * GROUPS
        self._new: list[Option] = []
        self._melds: list[Meld] = []  # the side's melds, as last seen
        self._table: list[_TableMeld] = []
        self._by_group: list[list[_TableMeld]] = [[] for _ in range(GROUPS)]
        self._set_ranks: set[int] = set()
        self._burraco = False
        self._extensions: list[Option] = []

    def changed(self, code: int) -> None:
        """One copy of the card ``code`` came into the hand or left it."""
        if self._touched is not None:
            self._touched.update(GROUPS_OF_CODE[code])

    def options(
        self, counts: Sequence[int], melds: Sequence[Meld]
    ) -> tuple[list[Option], list[Option], set[int], bool]:
        """New melds, extensions, the ranks of the side's sets, whether it has a burraco."""
        touched: Iterable[int] | None = self._touched
        wilds = held_wilds(counts)
        if touched is None or wilds != self._wilds:
            self._wilds = wilds
            touched = ALL_GROUPS
        self._touched = set()
        extended = melds != self._melds  # melds are one value per layout
        if extended:
            for entry in self._lay(melds):
                entry.refresh(counts, wilds)
        groups = self._groups
        by_group = self._by_group
        renewed = False
        for group in touched:
            if group < 4:
                found = suit_runs(counts, group, wilds)
            else:
                a = group - 5  # the code of the rank's hearts
                if counts[a] + counts[a + 13] + counts[a + 26] + counts[a + 39] < 2:
                    found = _NONE  # no set: the usual case, settled without a call
                else:
                    found = rank_sets(counts, group - 4, wilds)
            if found is not groups[group]:
                groups[group] = found
                renewed = True
            for entry in by_group[group]:
                before = entry.options
                if entry.refresh(counts, wilds) is not before:
                    extended = True
        if renewed:
            self._new = list(chain.from_iterable(groups))
        if extended:
            self._extensions = []
            for entry in self._table:
                self._extensions += entry.options
        return self._new, self._extensions, self._set_ranks, self._burraco

    def _lay(self, melds: Sequence[Meld]) -> list[_TableMeld]:
        """Take in the side's melds: keep each one still at its place, read the others
        (which it returns). A side's melds only grow: a meld is added, or extended in its
        place (same suit or rank, still a burraco if it was one), so what is known of the
        side only grows too; anything else is read again from scratch."""
        table = self._table
        if len(melds) < len(table):
            return self._lay_anew(melds)
        by_group = self._by_group
        new = []
        for index, meld in enumerate(melds):
            if index == len(table):
                entry = _TableMeld(index, meld)
                table.append(entry)
            elif table[index].meld is not meld:
                old = table[index]
                entry = table[index] = _TableMeld(index, meld)
                if old.group != entry.group or old.burraco > entry.burraco:
                    return self._lay_anew(melds)
                by_group[old.group].remove(old)
            else:
                continue
            new.append(entry)
            by_group[entry.group].append(entry)
            if entry.group >= 4:
                self._set_ranks.add(entry.group - 4)
            self._burraco = self._burraco or entry.burraco
        self._melds = list(melds)
        return new

    def _lay_anew(self, melds: Sequence[Meld]) -> list[_TableMeld]:
        self._table, self._set_ranks, self._burraco = [], set(), False
        self._by_group = [[] for _ in range(GROUPS)]
        return self._lay(melds)
