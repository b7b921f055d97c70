"""Why a Burraco move is refused, as the player is told: the rule of a turn it breaks.

Worked out from the mover's view only (``turn.Turn``: its hand, its side's melds, the
card it took from the pile), so a refusal names no card the mover cannot see: at most a
card of its own move.
"""

from __future__ import annotations

from collections import Counter

from circolo.engine import ILLEGAL, Refusal
from circolo.games.burraco.codes import CARD_OF_CODE, CODE_OF_CARD
from circolo.games.burraco.melds import can_open, is_wild_card
from circolo.games.burraco.moves import Discard, Draw, Extend, Move, NewMeld, Take
from circolo.games.burraco.turn import Turn, discard_allowed, used_codes

DRAW_FIRST = "burraco_draw_first"
DRAWN_ALREADY = "burraco_drawn_already"
STOCK_EMPTY = "burraco_stock_empty"
PILE_EMPTY = "burraco_pile_empty"
NOT_IN_HAND = "burraco_not_in_hand"
TAKEN_CARD = "burraco_taken_card"
CLOSE_NEEDS_BURRACO = "burraco_close_needs_burraco"
CLOSE_WILD = "burraco_close_wild"
KEEP_A_CARD = "burraco_keep_a_card"
NO_SUCH_MELD = "burraco_no_such_meld"
NOT_AN_EXTENSION = "burraco_not_an_extension"
SET_EXISTS = "burraco_set_exists"

REFUSALS = (
    DRAW_FIRST,
    DRAWN_ALREADY,
    STOCK_EMPTY,
    PILE_EMPTY,
    NOT_IN_HAND,
    TAKEN_CARD,
    CLOSE_NEEDS_BURRACO,
    CLOSE_WILD,
    KEEP_A_CARD,
    NO_SUCH_MELD,
    NOT_AN_EXTENSION,
    SET_EXISTS,
)


def refusal(turn: Turn, move: Move) -> Refusal:
    """The rule ``move`` breaks in the mover's ``turn``."""
    if turn.phase == "draw":
        if isinstance(move, Draw):
            return Refusal(ILLEGAL if turn.stock else STOCK_EMPTY)
        if isinstance(move, Take):
            return Refusal(ILLEGAL if turn.pile else PILE_EMPTY)
        return Refusal(DRAW_FIRST)
    if turn.phase != "play":
        return Refusal(ILLEGAL)
    if isinstance(move, Draw | Take):
        return Refusal(DRAWN_ALREADY)
    if isinstance(move, Discard):
        return _discard(turn, move)
    return _meld(turn, move)


def _discard(turn: Turn, move: Discard) -> Refusal:
    card = {"card": str(move.card)}
    code = CODE_OF_CARD[move.card]
    held = turn.counts[code]
    if not held:
        return Refusal(NOT_IN_HAND, card)
    if not discard_allowed(held, code == turn.taken):
        return Refusal(TAKEN_CARD, card)
    return Refusal(ILLEGAL)  # a last card that may not go never stays: see ``_meld``


def _meld(turn: Turn, move: NewMeld | Extend) -> Refusal:
    if isinstance(move, Extend):
        if move.index >= len(turn.melds):
            return Refusal(NO_SUCH_MELD)
        try:
            codes = used_codes(move, turn.melds)
        except ValueError:
            return Refusal(NOT_AN_EXTENSION)
    else:
        if not can_open(move.meld, turn.melds):
            return Refusal(SET_EXISTS)
        codes = used_codes(move, turn.melds)
    for code, wanted in Counter(codes).items():
        if turn.counts[code] < wanted:
            return Refusal(NOT_IN_HAND, {"card": str(CARD_OF_CODE[code])})
    left = turn.size - len(codes)
    if left == 0:
        return Refusal(KEEP_A_CARD)
    if left == 1:
        return _last_card(turn, codes, burraco=move.meld.burraco is not None)
    return Refusal(ILLEGAL)


def _last_card(turn: Turn, codes: list[int], *, burraco: bool) -> Refusal:
    """A meld that leaves one card, which could not be discarded to go out."""
    rest = list(turn.counts)
    for code in codes:
        rest[code] -= 1
    last = next(code for code, held in enumerate(rest) if held)
    card = CARD_OF_CODE[last]
    if last == turn.taken:
        return Refusal(TAKEN_CARD, {"card": str(card)})
    if turn.pozzetto_taken:
        if not burraco and not any(meld.burraco for meld in turn.melds):
            return Refusal(CLOSE_NEEDS_BURRACO)
        if is_wild_card(card):
            return Refusal(CLOSE_WILD, {"card": str(card)})
    return Refusal(ILLEGAL)
