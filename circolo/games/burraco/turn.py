"""Which moves the player to move may make: the rules of a turn, in one place.

The full state and the mover's own view both know everything these rules need (the
mover's hand, the side's melds, whether the side has its pozzetto, the card taken from
the pile), so both list the moves with the same code and always agree.

The rules that shape the list:
- the discard rule: a single card taken from the pile may not be discarded in the same
  turn unless the player holds another identical card;
- running out the first time takes the side's pozzetto (by discarding: con scarto; by
  melding the last cards: in diretta);
- after the pozzetto, running out is a close: it needs a burraco and a discard that is
  not wild. [decided] A move that would leave the player out of cards without a valid
  close is illegal, and so is a meld that leaves one card the player could not discard:
  a player is never left without a legal move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Literal

from circolo.cards import Card
from circolo.games.burraco.codes import CARD_OF_CODE, CODES
from circolo.games.burraco.melds import Meld, is_wild_card
from circolo.games.burraco.moves import Discard, Draw, Extend, Move, NewMeld, Take
from circolo.games.burraco.options import HandOptions
from circolo.games.burraco.plans import plan_codes

Phase = Literal["draw", "play", "over"]
GoOut = Literal["pozzetto_con_scarto", "pozzetto_in_diretta", "close", "illegal"]
DRAW, TAKE = Draw(), Take()
DISCARDS = tuple(Discard(card) for card in CARD_OF_CODE)


@dataclass(frozen=True, slots=True)
class Turn:
    """What decides the mover's legal moves. ``counts[code]``: copies of each card held."""

    phase: Phase
    counts: Sequence[int]
    size: int  # how many cards the mover holds
    melds: Sequence[Meld]
    pozzetto_taken: bool
    taken: int | None  # the code of the single card taken from the pile this turn
    stock: int
    pile: int


def discard_allowed(held: int, taken: bool) -> bool:
    """The discard rule: the single card taken from the pile (``taken``) stays, unless the
    player holds another identical card (``held``: the copies in hand)."""
    return not taken or held >= 2


def go_out_by_discard(card: Card, *, pozzetto_taken: bool, has_burraco: bool) -> GoOut:
    """Discarding the last card: the pozzetto the first time, then a close (if it may)."""
    if not pozzetto_taken:
        return "pozzetto_con_scarto"
    if has_burraco and not is_wild_card(card):
        return "close"
    return "illegal"


def go_out_by_meld(*, pozzetto_taken: bool) -> GoOut:
    """Melding the last cards: the pozzetto in diretta, never a close (one card must stay)."""
    return "illegal" if pozzetto_taken else "pozzetto_in_diretta"


def _way_on(
    counts: Sequence[int],
    move: NewMeld | Extend,
    melds: Sequence[Meld],
    left: int,
    pozzetto_taken: bool,
    taken: int | None,
    burraco: bool,
) -> bool:
    """After a meld that leaves ``left`` cards (0 or 1), can the player finish the turn?"""
    if left == 0:
        return go_out_by_meld(pozzetto_taken=pozzetto_taken) != "illegal"
    rest = list(counts)
    for code in used_codes(move, melds):
        rest[code] -= 1
    last = next(code for code in range(CODES) if rest[code])
    if not discard_allowed(1, last == taken):
        return False
    card = CARD_OF_CODE[last]
    outcome = go_out_by_discard(card, pozzetto_taken=pozzetto_taken, has_burraco=burraco)
    return outcome != "illegal"


def draw_moves(stock: int, pile: int) -> list[Move]:
    """Step 1 of a turn: draw from the stock (if any card is left), or take the pile."""
    return [DRAW, TAKE] if stock and pile else [DRAW] if stock else [TAKE] if pile else []


def legal_moves(turn: Turn, options: HandOptions | None = None) -> list[Move]:
    """Every legal move, in a fixed order: draw/take; new melds, extensions, discards."""
    if turn.phase == "draw":
        return draw_moves(turn.stock, turn.pile)
    if turn.phase != "play":
        return []
    return play_moves(
        turn.counts,
        turn.size,
        turn.melds,
        turn.pozzetto_taken,
        turn.taken,
        HandOptions() if options is None else options,
    )


def play_moves(
    counts: Sequence[int],
    size: int,
    melds: Sequence[Meld],
    pozzetto_taken: bool,
    taken: int | None,
    options: HandOptions,
) -> list[Move]:
    """Step 2 of a turn (the fields of a ``Turn`` in play): new melds, extensions, discards."""
    new, extensions, set_ranks, has_burraco = options.options(counts, melds)
    moves: list[Move] = []
    for move, count, rank, burraco in new:
        if rank in set_ranks:
            continue
        left = size - count
        if left >= 2 or _way_on(
            counts, move, melds, left, pozzetto_taken, taken, has_burraco or burraco
        ):
            moves.append(move)
    for move, count, _, burraco in extensions:
        left = size - count
        if left >= 2 or _way_on(
            counts, move, melds, left, pozzetto_taken, taken, has_burraco or burraco
        ):
            moves.append(move)
    if size > 1:  # every card held may go, but the single card taken from the pile
        if taken is None or discard_allowed(counts[taken], True):
            moves += compress(DISCARDS, counts)
        else:
            may_go = list(counts)
            may_go[taken] = 0
            moves += compress(DISCARDS, may_go)
        return moves
    for code in compress(range(CODES), counts):  # the last card: running out
        if not discard_allowed(counts[code], code == taken):
            continue
        card = CARD_OF_CODE[code]
        going_out = go_out_by_discard(card, pozzetto_taken=pozzetto_taken, has_burraco=has_burraco)
        if going_out != "illegal":
            moves.append(DISCARDS[code])
    return moves


def used_cards(move: NewMeld | Extend, melds: Sequence[Meld]) -> list[Card]:
    """The cards a meld move takes from the hand, by code (comparing cards is slow)."""
    return [CARD_OF_CODE[code] for code in used_codes(move, melds)]


def used_codes(move: NewMeld | Extend, melds: Sequence[Meld]) -> list[int]:
    """The codes of the cards a meld move takes from the hand, lowest first."""
    codes = list(plan_codes(move.meld.plan))
    if isinstance(move, Extend):
        for code in plan_codes(melds[move.index].plan):
            codes.remove(code)
    codes.sort()
    return codes
