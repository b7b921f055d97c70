"""The steps of a Burraco turn, as small immutable values.

A turn is several moves: ``Draw`` or ``Take``, then any number of ``NewMeld`` and
``Extend``, then ``Discard``. Moves name card values, never physical cards: two 7H are
the same card for every rule, and the engine picks the physical copy itself. A meld
move names its whole layout, so where a wild goes is the player's choice, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass

from circolo.cards import Card
from circolo.games.burraco.melds import Meld


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock."""


@dataclass(frozen=True, slots=True)
class Take:
    """Take the whole discard pile."""


@dataclass(frozen=True, slots=True)
class NewMeld:
    """Lay a new meld down, exactly as ``meld`` reads."""

    meld: Meld


@dataclass(frozen=True, slots=True)
class Extend:
    """Add cards to the side's meld number ``index`` (0-based); ``meld`` is the result."""

    index: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card of this value: the turn ends."""

    card: Card


Move = Draw | Take | NewMeld | Extend | Discard
