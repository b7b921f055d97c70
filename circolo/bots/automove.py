"""The table's move for a player whose timer ran out (shared/rules/room.md).

It sees only that seat's view, and it is fixed by the rules, not by a bot level:

- Scopa: the leftmost card of the hand (the order the view lists it: by value, then
  suit), with the capture the greedy evaluation rates best; the cut, a random one
  (scopa.md: "a random one when they do not choose within the move timer").
- Bisca: the leftmost legal card (hand order as the view lists it); before the first
  card, ``sorteio`` for the trump choice and ``pass`` in the trump-2 window, so that a
  silent player never changes the stakes or trades cards.
- Burraco: see ``burraco_auto_turn``.
"""

from __future__ import annotations

import random
from typing import Any

from circolo.engine import View


def auto_move(game: str, view: View[Any], rng: random.Random) -> Any:
    """The move the table plays for ``view.seat`` (``rng`` only draws Scopa's random cut)."""
    if game == "scopa":
        return scopa_auto_move(view, rng)
    if game == "bisca":
        return bisca_auto_move(view)
    return burraco_auto_turn(view)


def scopa_auto_move(view: View[Any], rng: random.Random) -> int:
    from circolo.bots.scopa import greedy_value
    from circolo.games.scopa.deck import cards_of
    from circolo.games.scopa.moves import CUT_MOVES, played_card
    from circolo.games.scopa.view import ScopaView

    assert isinstance(view, ScopaView)
    if view.cutting:
        return rng.choice(CUT_MOVES)
    leftmost = cards_of(view.hand)[0]
    options = [m for m in view.legal_moves() if played_card(m) == leftmost]
    return max(options, key=lambda move: greedy_value(view, move))


def bisca_auto_move(view: View[Any]) -> int:
    from circolo.games.bisca.moves import PASS, SORTEIO
    from circolo.games.bisca.state import PLAY
    from circolo.games.bisca.view import BiscaView

    assert isinstance(view, BiscaView)
    legal = view.legal_moves()
    if view.phase != PLAY:
        return SORTEIO if SORTEIO in legal else PASS
    return next(card for card in view.hand if card in legal)


def burraco_auto_turn(view: View[Any]) -> Any:
    from circolo.bots.burraco import auto_move as burraco_auto

    return burraco_auto(view)
