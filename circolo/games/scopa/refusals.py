"""Why a Scopa move is refused, as the player is told: the rule it breaks.

Worked out from the mover's view only (its hand and the table), so a refusal names no
card the mover cannot see: at most the card it tried to play.
"""

from __future__ import annotations

from circolo.engine import ILLEGAL, Refusal
from circolo.games.scopa.deck import TEXT, VALUE_MASKS, cards_of
from circolo.games.scopa.moves import CUT_MAX, CUT_MIN, CUT_MOVES, sum_options

CUT_FIRST = "scopa_cut_first"
CUT_DEPTH = "scopa_cut_depth"
NO_CUT = "scopa_no_cut"
NOT_IN_HAND = "scopa_not_in_hand"
NOT_ON_TABLE = "scopa_not_on_table"
TAKE_EQUAL = "scopa_take_equal"
WRONG_SUM = "scopa_wrong_sum"
MUST_TAKE = "scopa_must_take"

REFUSALS = (
    CUT_FIRST,
    CUT_DEPTH,
    NO_CUT,
    NOT_IN_HAND,
    NOT_ON_TABLE,
    TAKE_EQUAL,
    WRONG_SUM,
    MUST_TAKE,
)


def refusal(cutting: bool, hand: int, table: int, move: int) -> Refusal:
    """The rule ``move`` breaks, given the mover's ``hand`` and the ``table`` (masks)."""
    if cutting:
        if move >= 0:
            return Refusal(CUT_FIRST)
        if move not in CUT_MOVES:
            return Refusal(CUT_DEPTH, {"min": CUT_MIN, "max": CUT_MAX})
        return Refusal(ILLEGAL)
    if move < 0:
        return Refusal(NO_CUT)
    card = move & 63
    taken = move >> 6
    if not hand >> card & 1:
        return Refusal(NOT_IN_HAND, {"card": TEXT[card]})
    if taken & ~table:
        return Refusal(NOT_ON_TABLE, {"card": TEXT[card]})
    value = (card >> 2) + 1
    equal = table & VALUE_MASKS[card >> 2]
    if equal:
        return Refusal(TAKE_EQUAL, {"card": TEXT[card], "value": value})
    if taken:
        total = sum((c >> 2) + 1 for c in cards_of(taken))
        if total != value:
            return Refusal(WRONG_SUM, {"card": TEXT[card], "value": value})
    elif sum_options(table, value):
        return Refusal(MUST_TAKE, {"card": TEXT[card], "value": value})
    return Refusal(ILLEGAL)
