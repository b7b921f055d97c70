"""Burraco's move notation: "draw", "take", "meld 3H 2C=4H 5H", "extend 1 ...", "discard 9C".

Moves:  ``draw`` | ``take`` | ``meld <layout>`` | ``extend <n> <layout>`` | ``discard <card>``
where ``n`` counts the side's melds from 1 and ``<layout>`` is the whole resulting meld as
laid (a run low to high, ``2C=4H`` for a wild standing for the 4H).
"""

from __future__ import annotations

from circolo.cards import Card
from circolo.engine import NotationError
from circolo.games.burraco.melds import Meld
from circolo.games.burraco.moves import Discard, Draw, Extend, Move, NewMeld, Take

MOVE_WORDS = "draw, take, meld <layout>, extend <n> <layout>, discard <card>"


def move_text(move: Move) -> str:
    if isinstance(move, Draw):
        return "draw"
    if isinstance(move, Take):
        return "take"
    if isinstance(move, NewMeld):
        return "meld " + move.meld.text()
    if isinstance(move, Extend):
        return f"extend {move.index + 1} {move.meld.text()}"
    return f"discard {move.card}"


def parse_layout(text: str) -> Meld:
    """A meld as written; ``NotationError`` in plain words when it is not a valid meld."""
    try:
        return Meld.parse(text)
    except NotationError:
        raise
    except ValueError as error:
        raise NotationError(f"bad meld {text!r}: {error}") from None


def parse_card(text: str) -> Card:
    try:
        return Card.parse(text)
    except ValueError as error:
        raise NotationError(str(error)) from None


def parse_move(text: str) -> Move:
    word, _, rest = text.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    if word in ("draw", "take") and not rest:
        return Draw() if word == "draw" else Take()
    if word == "meld" and rest:
        return NewMeld(parse_layout(rest))
    if word == "extend":
        number, _, layout = rest.partition(" ")
        if not number.isdigit() or int(number) < 1 or not layout.strip():
            raise NotationError(
                f"bad move {text!r}: write extend <n> <layout>, n counting your melds from 1"
            )
        return Extend(int(number) - 1, parse_layout(layout))
    if word == "discard" and rest and " " not in rest:
        return Discard(parse_card(rest))
    raise NotationError(f"bad move {text!r}: a move is one of {MOVE_WORDS}")
