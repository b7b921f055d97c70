"""The prize pool and its split, in whole chips that add up exactly to the pool.

The pool is the entry fees minus the rake. Under 8 entries the winner takes it all;
from 8 the published split applies: by default 65 % / 35 % (winner, runner-up) for 8-15
entries, and from 16 50 % / 25 % / 12.5 % to each losing semi-finalist. A split is given
in basis points (1/100 of a percent) per place; places lost in the same round share
equally. Every share is rounded down; a place nobody holds (both sides absent) and the
rounding remainder go to the best place somebody holds — the winner when there is one.

>>> split_for(8, DEFAULT_SMALL, DEFAULT_LARGE)
(6500, 3500)
>>> place_amounts(1001, (5000, 2500, 1250, 1250), [["a"], ["b"], ["c", "d"]])
{'a': 501, 'b': 250, 'c': 125, 'd': 125}
"""

from __future__ import annotations

from collections.abc import Sequence

from circolo.tournaments.errors import TournamentError

__all__ = [
    "BASIS",
    "DEFAULT_LARGE",
    "DEFAULT_SMALL",
    "check_split",
    "place_amounts",
    "rake_of",
    "split_for",
]

BASIS = 10_000
"""Basis points in a whole (100 %)."""
DEFAULT_SMALL = (6500, 3500)
"""The split for 8-15 entries: winner, runner-up."""
DEFAULT_LARGE = (5000, 2500, 1250, 1250)
"""The split from 16 entries: winner, runner-up, each losing semi-finalist."""
WINNER_ALL = (BASIS,)


def group_ranges(places: int) -> list[range]:
    """Places grouped by the round they are lost in: [1], [2], [3, 4], [5..8]."""
    groups, low = [range(0, 1)], 1
    while low < places:
        groups.append(range(low, min(2 * low, places)))
        low *= 2
    return groups


def check_split(split: object) -> tuple[int, ...]:
    """A split as published: 1, 2, 4 or 8 places in basis points adding up to 10 000,
    best place first, the places lost in the same round equal."""
    if not isinstance(split, list | tuple) or len(split) not in (1, 2, 4, 8):
        raise TournamentError("bad_split", "a split gives 1, 2, 4 or 8 places")
    if not all(type(bp) is int and 0 <= bp <= BASIS for bp in split):
        raise TournamentError("bad_split", "each place's share is whole basis points")
    if sum(split) != BASIS:
        raise TournamentError("bad_split", "the shares add up to 10000 basis points (100 %)")
    values = tuple(split)
    for group in group_ranges(len(values)):
        if len({values[i] for i in group}) != 1:
            raise TournamentError("bad_split", "places lost in the same round share equally")
    if list(values) != sorted(values, reverse=True):
        raise TournamentError("bad_split", "a better place never gets less")
    return values


def split_for(entries: int, small: Sequence[int], large: Sequence[int]) -> tuple[int, ...]:
    """The split that applies to ``entries`` entries."""
    if entries < 8:
        return WINNER_ALL
    return tuple(small) if entries < 16 else tuple(large)


def rake_of(fees: int, rake_bp: int) -> int:
    """The house's part of the fees, rounded down."""
    return fees * rake_bp // BASIS


def place_amounts(
    pool: int, split: Sequence[int], holders: Sequence[Sequence[str]]
) -> dict[str, int]:
    """Chips per entry: ``holders[g]`` are the entries in place group ``g`` (the winner,
    the final's losers, the semi-finals' losers...), best seed first; the amounts add up
    to ``pool``."""
    groups = group_ranges(len(split))
    amounts: dict[str, int] = {}
    best: list[str] | None = None
    for index, places in enumerate(groups):
        who = list(holders[index]) if index < len(holders) else []
        if not who:
            continue
        if best is None:
            best = who
        if len(who) <= len(places):  # each holder their own place's share
            for entry in who:
                _share(amounts, [entry], pool * split[places[0]] // BASIS)
        else:  # more holders than places (both finalists absent): they share the places
            _share(amounts, who, pool * split[places[0]] * len(places) // BASIS)
    if best is None:
        best = next(([*group] for group in holders if group), [])
    if not best:
        if pool:
            raise TournamentError("no_winner", "nobody holds a place to pay")
        return amounts
    _share(amounts, best, pool - sum(amounts.values()))
    return amounts


def _share(amounts: dict[str, int], who: Sequence[str], total: int) -> None:
    """``total`` shared equally by ``who``; the remainder to the first (the better seed)."""
    each, rest = divmod(total, len(who))
    for position, entry in enumerate(who):
        amounts[entry] = amounts.get(entry, 0) + each + (rest if position == 0 else 0)
