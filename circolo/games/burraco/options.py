"""The melds a hand can make, found group by group and remembered.

A run can only use cards of its suit and wilds, a set only cards of its rank and wilds;
a meld holds one wild at most and a run one copy of each card (but its two Aces, and its
own 2 both natural and wild); and a run cannot bridge two missing places, so a suit
splits into segments that share no run. The new melds of a hand are therefore the runs
of each segment plus the sets of each rank, and each depends only on a few card counts.
They are computed by ``melds.py`` once per distinct group and kept in bounded memos of
these pure functions (``MEMO_LIMIT`` entries each; a full memo forgets its older half): a drawn card
changes one suit and one rank, the rest is looked up.

A meld on the table likewise only takes cards of its suit (run) or rank (set) and wilds:
its extensions are looked up by the cards that could join it (outward from its ends,
until a second missing place). ``HandOptions`` keeps one hand's lists and refreshes only
the groups its changed cards touch.

Cards are counted by code (0-51 by suit then rank, 52 the joker) so that keys are small
integer tuples. Options come group by group, each group in the order ``melds.py`` lists
it for the group's cards alone: the state and a view always list the same moves in the
same order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import islice
from operator import itemgetter
from typing import Any

from circolo.cards import JOKER, Card, Suit
from circolo.games.burraco.melds import Meld, candidate_extensions, candidate_new_melds
from circolo.games.burraco.moves import Extend, NewMeld

JOKER_CODE = 52
CODES = 53
TWO_CODES = tuple(13 * suit + 1 for suit in range(4))
WILD_CODES = (JOKER_CODE, *TWO_CODES)
SET_RANKS = (1, *range(3, 14))  # no sets of 2s: every 2 in a set is wild
CARD_OF_CODE: tuple[Card, ...] = (
    *(Card.of(rank, suit) for suit in Suit for rank in range(1, 14)),
    JOKER,
)
CODE_OF_CARD: dict[Card, int] = {card: code for code, card in enumerate(CARD_OF_CODE)}
# position 1..14 of a suit's run -> card code (14 is the Ace again); 0 unused
POSITION_CODES = tuple(
    tuple(13 * suit + (position - 1) % 13 for position in range(15)) for suit in range(4)
)

Needs = tuple[tuple[int, int], ...]  # (card code, copies) the option takes from the hand
# The move, the cards it takes, how many, the rank of a new set (else None), and whether
# the meld is a burraco once the move is made.
Option = tuple[NewMeld | Extend, Needs, int, int | None, bool]
Key = tuple[int, ...]
MEMO_LIMIT = 50_000


def counts_of(cards: Iterable[Card]) -> list[int]:
    counts = [0] * CODES
    for card in cards:
        counts[code_of(card)] += 1
    return counts


def code_of(card: Card) -> int:
    """The card's code, by arithmetic (hashing a card is slow)."""
    suit = card.suit
    return JOKER_CODE if suit is None else 13 * suit + card.rank - 1


def _options(
    results: Iterable[Meld], index: int | None = None, base: Meld | None = None
) -> list[Option]:
    """Options in the order ``melds.py`` gives them, which depends only on its input: the
    same group always lists the same moves. ``index``, ``base``: extensions of that meld."""
    options: list[Option] = []
    base_codes = [] if base is None else [code_of(card) for card in base.cards]
    for meld in results:
        needs: dict[int, int] = {}
        for card in meld.cards:
            code = code_of(card)
            needs[code] = needs.get(code, 0) + 1
        for code in base_codes:
            needs[code] -= 1
        pairs = tuple((code, n) for code, n in needs.items() if n > 0)
        if index is None:
            rank = meld.rank if meld.kind == "set" else None
            move: NewMeld | Extend = NewMeld(meld)
        else:
            rank, move = None, Extend(index, meld)
        size = sum(n for _, n in pairs)
        options.append((move, pairs, size, rank, meld.burraco is not None))
    return options


def _remember(memo: dict[Any, Any], key: Any, found: list[Any]) -> list[Any]:
    """Keep ``found``; a full memo forgets its older half (dicts keep insertion order)."""
    if len(memo) >= MEMO_LIMIT:
        for old in list(islice(memo, MEMO_LIMIT // 2)):
            del memo[old]
    memo[key] = found
    return found


def _cards(codes: Iterable[int]) -> list[Card]:
    return [CARD_OF_CODE[code] for code in codes]


# -- new melds ------------------------------------------------------------------------------

_SUITS: dict[Key, list[Option]] = {}  # (suit, its 13 counts, wild counts) -> its runs
_SEGMENTS: dict[Key, list[Option]] = {}  # (suit, capped segment cards) -> its runs
_SETS: dict[Key, list[Option]] = {}  # (rank tag, its cards, wilds held) -> its sets
_RANKS: dict[Key, list[Option]] = {}  # (rank, its 4 counts, wild counts) -> its sets


def _present(counts: Sequence[int], suit: int) -> list[bool]:
    codes = POSITION_CODES[suit]
    return [False, *(counts[codes[position]] > 0 for position in range(1, 15))]


def _run_cards(counts: Sequence[int], suit: int, positions: Iterable[int]) -> list[int]:
    """The codes of the run cards at ``positions`` (capped) and of the wilds held."""
    codes = POSITION_CODES[suit]
    own_two = codes[2]
    taken: dict[int, int] = {}
    for position in positions:
        code = codes[position]
        if counts[code]:
            taken[code] = min(counts[code], taken.get(code, 0) + 1)
    for code in WILD_CODES:
        if counts[code]:
            taken[code] = min(counts[code], taken.get(code, 0) + 1) if code == own_two else 1
    return [code for code in sorted(taken) for _ in range(taken[code])]


def _segments(present: list[bool]) -> list[list[int]]:
    """Positions held, split where two places in a row are missing (no run spans that)."""
    segments: list[list[int]] = []
    current: list[int] = []
    gap = 0
    for position in range(1, 15):
        if present[position]:
            if gap >= 2 and current:
                segments.append(current)
                current = []
            current.append(position)
            gap = 0
        else:
            gap += 1
    if current:
        segments.append(current)
    return [segment for segment in segments if len(segment) >= 2]


def _suit_runs(counts: Sequence[int], suit: int, any_wild: bool) -> list[Option]:
    options: list[Option] = []
    for segment in _segments(_present(counts, suit)):
        if len(segment) < 3 and not any_wild:
            continue
        key = (suit, *_run_cards(counts, suit, segment))
        found = _SEGMENTS.get(key)
        if found is None:
            runs = [m for m in candidate_new_melds(_cards(key[1:])) if m.kind == "run"]
            found = _remember(_SEGMENTS, key, _options(m for m in runs if m.suit == suit))
        options += found
    # A segment's cards may still make a run of another segment (its Ace or its own 2
    # reach the other end): keep each run once, where it first comes.
    unique = {option[0]: option for option in options}
    return list(unique.values())


def _rank_sets(counts: Sequence[int], rank: int) -> list[Option]:
    own = [code for code in range(rank - 1, 52, 13) for _ in range(counts[code])]
    wilds = [code for code in WILD_CODES if counts[code]]
    key = (4 + rank, *own, -1, *wilds)
    found = _SETS.get(key)
    if found is None:
        sets = [m for m in candidate_new_melds(_cards(own + wilds)) if m.kind == "set"]
        found = _remember(_SETS, key, _options(sets))
    return found


def wild_signature(counts: Sequence[int]) -> Key:
    """The wilds held as far as any meld can tell: a joker or not, and each 2 up to two
    copies (a suit's own 2 may sit natural in its run and be its wild too)."""
    return (
        1 if counts[52] else 0,
        min(counts[1], 2),
        min(counts[14], 2),
        min(counts[27], 2),
        min(counts[40], 2),
    )


_RUN_CAPS = (2, 2, *([1] * 11))  # copies a run may take: Aces and its own 2 twice, else once


def suit_runs(counts: Sequence[int], suit: int, wilds: Key | None = None) -> list[Option]:
    """Every run of ``suit`` the hand can make (``wilds``: its ``wild_signature``)."""
    start = 13 * suit
    own = counts[start : start + 13]
    if sum(own) < 2:
        return []
    if wilds is None:
        wilds = wild_signature(counts)
    # a run takes one copy of a card (its Aces and its own 2: two), so cap the counts
    key = (suit, *map(min, own, _RUN_CAPS), *wilds)
    found = _SUITS.get(key)
    if found is None:
        found = _remember(_SUITS, key, _suit_runs(counts, suit, any(wilds)))
    return found


def rank_sets(counts: Sequence[int], rank: int, wilds: Key | None = None) -> list[Option]:
    """Every set of ``rank`` the hand can make (``wilds``: its ``wild_signature``)."""
    a = rank - 1
    naturals = counts[a] + counts[a + 13] + counts[a + 26] + counts[a + 39]
    if naturals < 2:
        return []
    if wilds is None:
        wilds = wild_signature(counts)
    if naturals == 2 and not any(wilds):
        return []
    key = (rank, counts[a], counts[a + 13], counts[a + 26], counts[a + 39], *wilds)
    found = _RANKS.get(key)
    if found is None:
        found = _remember(_RANKS, key, _rank_sets(counts, rank))
    return found


# -- extensions -------------------------------------------------------------------------------


def _relevant(meld: Meld, counts: Sequence[int]) -> list[int]:
    """The codes of the hand's cards that could join ``meld`` (capped): a set's rank and
    wilds; a run's cards outward from both ends until a second missing place (one wild
    fills one gap at most), its wild's own card, and the wilds."""
    if meld.kind == "set":
        assert meld.rank is not None
        own = [code for code in range(meld.rank - 1, 52, 13) for _ in range(counts[code])]
        wilds = [code for code in WILD_CODES if counts[code]] if meld.wild is None else []
        return own + wilds
    assert meld.suit is not None
    codes = POSITION_CODES[int(meld.suit)]
    low = meld.low
    high = low + meld.size - 1
    positions = []
    for start, stop, step in ((low - 1, 0, -1), (high + 1, 15, 1)):
        missing = 0
        for position in range(start, stop, step):
            if counts[codes[position]]:
                positions.append(position)
            else:
                missing += 1
                if missing == 2:
                    break
    if meld.wild_index is not None:
        positions.append(low + meld.wild_index)
    return _run_cards(counts, int(meld.suit), positions)


# Extensions without the meld's index: (the meld, its needs, how many, burraco after).
Extension = tuple[Meld, Needs, int, bool]
_BY_RELEVANT: dict[tuple[Key, Key], list[Extension]] = {}
_BY_LOOK: dict[tuple[Key, Key], list[Extension]] = {}


def _extensions(meld: Meld, relevant: Sequence[int]) -> list[Extension]:
    if not relevant:
        return []
    return [
        (move.meld, needs, size, burraco)
        for move, needs, size, _, burraco in _options(
            candidate_extensions(meld, _cards(relevant)), 0, meld
        )
    ]


def _getter(codes: Sequence[int]) -> Any:
    """``counts -> tuple`` of the counts of ``codes`` (an itemgetter, always a tuple)."""
    if len(codes) >= 2:
        return itemgetter(*codes)
    if codes:
        code = codes[0]
        return lambda counts: (counts[code],)
    return lambda counts: ()


class _TableMeld:
    """One meld of the side, as a hand sees it: what may join it, and the options."""

    __slots__ = (
        "burraco",
        "by_look",
        "group",
        "index",
        "key",
        "look",
        "meld",
        "options",
        "seen",
        "takes_wild",
    )

    def __init__(self, index: int, meld: Meld) -> None:
        self.index = index
        self.meld = meld
        self.burraco = meld.burraco is not None
        self.key: Key = tuple(
            code_of(slot.card) * 64 + (code_of(slot.stands_for) + 1 if slot.stands_for else 0)
            for slot in meld.slots
        )
        # a run's suit 0-3, or 4 + a set's rank; the codes of the natural cards that could
        # join it (the wilds are seen through the hand's wild signature)
        if meld.kind == "set":
            assert meld.rank is not None
            self.group = 4 + meld.rank
            codes = list(range(meld.rank - 1, 52, 13))
            self.takes_wild = meld.wild is None
        else:
            assert meld.suit is not None
            self.group = int(meld.suit)
            inside = {code_of(slot.stands_for or slot.card) for slot in meld.slots}
            if meld.wild is not None:
                inside.discard(code_of(meld.wild.stands_for or meld.wild.card))
            inside.discard(13 * self.group)  # an Ace inside may still join at the other end
            inside.add(13 * self.group + 1)  # the suit's own 2: in the wild signature
            codes = [c for c in range(13 * self.group, 13 * self.group + 13) if c not in inside]
            self.takes_wild = True
        self.look = _getter(codes)
        self.seen: Key | None = None
        self.by_look: dict[Key, list[Option]] = {}
        self.options: list[Option] = []

    def refresh(self, counts: Sequence[int], wilds: Key) -> list[Option]:
        seen: Key = (*self.look(counts), *wilds) if self.takes_wild else self.look(counts)
        if seen == self.seen:
            return self.options
        self.seen = seen
        options = self.by_look.get(seen)
        if options is None:
            found = _BY_LOOK.get((self.key, seen))
            if found is None:
                relevant = tuple(_relevant(self.meld, counts))
                found = _BY_RELEVANT.get((self.key, relevant))
                if found is None:
                    found = _extensions(self.meld, relevant)
                    _remember(_BY_RELEVANT, (self.key, relevant), found)
                _remember(_BY_LOOK, (self.key, seen), found)
            index = self.index
            options = [(Extend(index, m), needs, n, None, b) for m, needs, n, b in found]
            self.by_look[seen] = options
        self.options = options
        return options


class HandOptions:
    """One hand's meld options, refreshed only where the hand has changed since.

    The hand state tells it which card codes came or went (``changed``); a change in the
    wilds held touches every group, any other card one suit's runs and one rank's sets
    (and the melds on the table of that suit or rank). Every list comes from the same pure
    group functions as a fresh computation, so both always agree.
    """

    __slots__ = ("_dirty", "_extensions", "_new", "_runs", "_sets", "_table", "_wilds")

    def __init__(self) -> None:
        self._runs: list[list[Option]] = [[] for _ in range(4)]
        self._sets: list[list[Option]] = [[] for _ in range(14)]
        self._table: list[_TableMeld] = []
        self._dirty: set[int] | None = None  # None: everything
        self._wilds: Key = ()
        self._new: list[Option] = []
        self._extensions: list[Option] = []

    def changed(self, code: int) -> None:
        if self._dirty is not None:
            self._dirty.add(code)

    def options(
        self, counts: Sequence[int], melds: Sequence[Meld]
    ) -> tuple[list[Option], list[Option], set[int], bool]:
        """New melds, extensions, the ranks of the side's sets, whether it has a burraco."""
        dirty = self._dirty
        wilds = wild_signature(counts)
        everything = dirty is None or wilds != self._wilds
        self._wilds = wilds
        self._dirty = set()
        suits = set(range(4)) if everything else {code // 13 for code in dirty or ()}
        ranks = set(SET_RANKS) if everything else {code % 13 + 1 for code in dirty or ()}
        renewed = everything
        for suit in suits:
            if suit < 4:
                runs = suit_runs(counts, suit, wilds)
                renewed = renewed or runs is not self._runs[suit]
                self._runs[suit] = runs
        for rank in ranks:
            if rank != 2:
                sets = rank_sets(counts, rank, wilds)
                renewed = renewed or sets is not self._sets[rank]
                self._sets[rank] = sets
        if renewed:
            self._new = []
            for runs in self._runs:
                self._new += runs
            for rank in SET_RANKS:
                self._new += self._sets[rank]

        table = self._table
        renewed = everything or len(table) != len(melds)
        del table[len(melds) :]
        set_ranks: set[int] = set()
        has_burraco = False
        for index, meld in enumerate(melds):
            if index == len(table):
                table.append(_TableMeld(index, meld))
            elif table[index].meld is not meld:
                table[index] = _TableMeld(index, meld)
            entry = table[index]
            group = entry.group
            if group >= 4:
                set_ranks.add(group - 4)
            has_burraco = has_burraco or entry.burraco
            if entry.seen is None or (group in suits if group < 4 else group - 4 in ranks):
                before = entry.options
                if entry.refresh(counts, wilds) is not before:
                    renewed = True
        if renewed:
            self._extensions = []
            for entry in table:
                self._extensions += entry.options
        return self._new, self._extensions, set_ranks, has_burraco
