"""The room's turn for a silent Burraco player, and what a discard costs: the bots build on
it (``circolo.bots.burraco``). Changing anything here changes the room's auto-move; logs
keep the moves made, so no stored table changes with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from circolo.cards import Card
from circolo.engine import Side, View
from circolo.games.burraco.melds import Meld, candidate_extensions, card_points, is_wild_card
from circolo.games.burraco.moves import Discard, Draw, Move
from circolo.games.burraco.options import CARD_OF_CODE, CODE_OF_CARD
from circolo.games.burraco.view import BurracoView


def usefulness(code: int, counts: Sequence[int], melds: Sequence[Meld]) -> float:
    """How much a card in hand helps our own future melds."""
    card = CARD_OF_CODE[code]
    if is_wild_card(card):
        return 100.0
    value = 0.0
    suit, rank = code // 13, code % 13
    same_rank = sum(counts[s * 13 + rank] for s in range(4)) - 1
    value += 12.0 * min(same_rank, 2)
    for distance, weight in ((1, 10.0), (2, 6.0)):
        for other in (rank - distance, rank + distance):
            if 0 <= other < 13 and counts[suit * 13 + other]:
                value += weight
    if counts[code] > 1:
        value += 4.0
    if any(candidate_extensions(meld, [card]) for meld in melds):
        value += 40.0
    return value


def danger(card: Card, their_melds: Sequence[Meld], pile_size: int) -> float:
    """How much a discard may help the opponents: a card that extends their melds
    invites them to take the whole pile."""
    if is_wild_card(card):
        return 60.0 + 5.0 * pile_size
    if any(candidate_extensions(meld, [card]) for meld in their_melds):
        return 30.0 + 5.0 * pile_size
    return 0.0


def discard_cost(
    code: int, counts: Sequence[int], melds: Sequence[Meld], their: Sequence[Meld], pile: int
) -> float:
    card = CARD_OF_CODE[code]
    return usefulness(code, counts, melds) + danger(card, their, pile) - 0.5 * card_points(card)


def their_melds(melds: Sequence[Sequence[Meld]], side: Side) -> list[Meld]:
    return [meld for s, ms in enumerate(melds) if s != side for meld in ms]


def auto_turn(view: View[Any]) -> Move:
    """The room's turn for a silent player (``BurracoRules.auto_move``): draw from the
    stock (the pile only when the stock is empty), lay no meld, discard the card that
    costs least. Laying nothing keeps the player's plans their own; the discard is the
    safe one."""
    assert isinstance(view, BurracoView) and view.seat is not None
    moves = view.legal_moves()
    if view.phase == "draw":
        return Draw() if Draw() in moves else moves[0]
    discards = [m for m in moves if isinstance(m, Discard)]
    if not discards:
        return moves[0]
    side = view.rules.side_of(view.seat)
    their = their_melds(view.melds, side)
    turn = view.turn()
    return min(
        discards,
        key=lambda m: discard_cost(
            CODE_OF_CARD[m.card], turn.counts, turn.melds, their, len(view.pile)
        ),
    )
