"""Moves as small ints, the capture rules, and the move notation.

A play is ``card | captured << 6``: the card played (0..39) and the mask of the table
cards it takes (0: the card is laid). The cut is ``-n``: move ``n`` cards from the top of
the deck to the bottom. Moves are hashable, cheap to compare and cheap to generate.

>>> from circolo.games.scopa.deck import mask_of, parse_card_run
>>> [move_text(m) for m in moves_for(mask_of([parse_card("QC")]), mask_of(
...     parse_card_run("AC3H4S5D")))]
['QC x AC 3H 5D', 'QC x 4S 5D']
>>> move_text(parse_move("cut 17")), move_text(parse_move("7dxah6h"))
('cut 17', '7D x AH 6H')
"""

from __future__ import annotations

from functools import lru_cache

from circolo.engine import NotationError
from circolo.games.scopa.deck import TEXT, VALUE_MASKS, parse_card, texts

#: A cut moves between 4 and 36 cards: each packet keeps at least a tenth of the deck.
CUT_MIN, CUT_MAX = 4, 36
CUT_MOVES: tuple[int, ...] = tuple(-n for n in range(CUT_MIN, CUT_MAX + 1))

_SUMS_CACHE: dict[int, tuple[int, ...]] = {}
_SUMS_CACHE_SIZE = 1 << 16
#: ``LOWER[value - 1]``: every card of a smaller value (the only ones a sum can use).
LOWER: tuple[int, ...] = tuple((1 << (4 * i)) - 1 for i in range(10))


def played_card(move: int) -> int:
    return move & 63


def captured_mask(move: int) -> int:
    return move >> 6


def sum_options(table: int, target: int) -> tuple[int, ...]:
    """The sets of two or more table cards adding up to ``target``, as masks already
    shifted into move position (``<< 6``).

    Only the table cards of smaller values matter, so the answer is memoized on them:
    search revisits tables, and small targets share their answer across many tables.
    """
    lower = table & LOWER[target - 1]
    key = lower | target << 40
    options = _SUMS_CACHE.get(key)
    if options is None:
        if len(_SUMS_CACHE) >= _SUMS_CACHE_SIZE:
            _SUMS_CACHE.clear()
        options = _SUMS_CACHE[key] = _compute_sums(lower, target)
    return options


def _compute_sums(cards: int, target: int) -> tuple[int, ...]:
    """Every subset of ``cards`` (all of value below ``target``) adding up to ``target``:
    a subset-sum table of the sets reaching each smaller total, one card at a time."""
    by_sum: list[list[int]] = [[0]] + [[] for _ in range(target)]
    while cards:
        low = cards & -cards
        cards ^= low
        card_value = ((low.bit_length() - 1) >> 2) + 1
        bit = low << 6
        for total in range(target - card_value, -1, -1):
            subsets = by_sum[total]
            if subsets:
                by_sum[total + card_value].extend([taken | bit for taken in subsets])
    return tuple(by_sum[target])


def moves_for(hand: int, table: int) -> list[int]:
    """Every legal play of a hand on a table, by card (ascending), then capture.

    A card equal in value to a table card must take exactly one such card (the player
    chooses which); otherwise it must take a set adding up to its value if there is one
    (any such set); otherwise it is laid.
    """
    moves: list[int] = []
    while hand:
        low = hand & -hand
        hand ^= low
        card = low.bit_length() - 1
        singles = table & VALUE_MASKS[card >> 2]
        if singles:
            while singles:
                bit = singles & -singles
                singles ^= bit
                moves.append(card | bit << 6)
            continue
        lower = table & LOWER[card >> 2]
        if not lower:
            moves.append(card)
            continue
        options = _SUMS_CACHE.get(lower | ((card >> 2) + 1) << 40)  # sum_options, inlined
        if options is None:
            options = sum_options(table, (card >> 2) + 1)
        if options:
            moves += [card | taken for taken in options]
        else:
            moves.append(card)
    return moves


@lru_cache(maxsize=4096)
def move_text(move: int) -> str:
    """``cut 17``, ``7D`` (laid) or ``7D x AH 6H`` (captured cards by value, then suit).
    Kept: every view writes its hand's whole history."""
    if move < 0:
        return f"cut {-move}"
    card = TEXT[move & 63]
    taken = move >> 6
    if not taken:
        return card
    return card + " x " + " ".join(texts(taken))


def compact_move_text(move: int) -> str:
    """The notation without spaces (``cut17``, ``7DxAH6H``): the position's form."""
    return move_text(move).replace(" ", "")


def parse_move(text: str) -> int:
    """Read a move; case and spaces do not matter (``7dxah 6h`` is ``7D x AH 6H``)."""
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}")
    flat = "".join(text.split()).upper()
    if flat.startswith("CUT"):
        number = flat[3:]
        if not number.isdigit() or not CUT_MIN <= int(number) <= CUT_MAX:
            raise NotationError(
                f"bad cut {text.strip()!r}: write 'cut N' with N from {CUT_MIN} to {CUT_MAX}"
            )
        return -int(number)
    played, cross, rest = flat.partition("X")
    if len(played) != 2 or (cross and not rest) or len(rest) % 2:
        raise NotationError(
            f"bad move {text.strip()!r}: write a card ('7D'), a capture ('7D x AH 6H') or 'cut N'"
        )
    card = parse_card(played)
    taken = 0
    for i in range(0, len(rest), 2):
        bit = 1 << parse_card(rest[i : i + 2])
        if taken & bit or bit == 1 << card:
            raise NotationError(f"bad move {text.strip()!r}: a card is named twice")
        taken |= bit
    return card | taken << 6
