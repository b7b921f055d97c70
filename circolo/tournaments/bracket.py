"""The knock-out bracket's shape: its size, where each seed sits, and who meets whom.

The bracket is the entry count rounded up to a power of two; the places left over are
byes, and they go to the top seeds (seed 1 meets the bottom seed, or nobody).

>>> seed_order(8)
[1, 8, 4, 5, 2, 7, 3, 6]
>>> [pair for pair in first_round(3)]
[(1, None), (2, 3)]
"""

from __future__ import annotations

__all__ = ["bracket_size", "first_round", "rounds_of", "seed_order"]


def bracket_size(entries: int) -> int:
    """The smallest power of two holding ``entries`` (at least 2)."""
    size = 2
    while size < entries:
        size *= 2
    return size


def rounds_of(size: int) -> int:
    """How many rounds a bracket of ``size`` plays (2 → 1, 8 → 3)."""
    return size.bit_length() - 1


def seed_order(size: int) -> list[int]:
    """The seeds (1 = best) in bracket order: seeds 1 and 2 can meet only in the final,
    1-4 only from the semi-finals, and each first-round pair of seeds adds to size + 1."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def first_round(entries: int) -> list[tuple[int | None, int | None]]:
    """The first round's pairs of seeds; None where a seed above ``entries`` would sit
    (a bye for the seed it meets)."""
    order = [s if s <= entries else None for s in seed_order(bracket_size(entries))]
    return [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
