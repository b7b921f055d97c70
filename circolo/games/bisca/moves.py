"""Bisca moves: small ints. 0-39 play that card (see ``deck``); 40-43 are the decisions.

Notation: a card as "7D", and the words ``copas``, ``sorteio`` (the cutter's trump
choice), ``exchange`` and ``pass`` (the trump-2 exchange window).

>>> [move_text(parse_move(text)) for text in ("7d", "Copas", "pass")]
['7D', 'copas', 'pass']
"""

from __future__ import annotations

from circolo.engine import NotationError
from circolo.games.bisca.deck import DECK_SIZE, card_text, parse_card

Move = int

COPAS: Move = 40
SORTEIO: Move = 41
EXCHANGE: Move = 42
PASS: Move = 43

WORDS: dict[Move, str] = {COPAS: "copas", SORTEIO: "sorteio", EXCHANGE: "exchange", PASS: "pass"}
_BY_WORD = {word: move for move, word in WORDS.items()}


def is_card(move: Move) -> bool:
    return 0 <= move < DECK_SIZE


def move_text(move: Move) -> str:
    if is_card(move):
        return card_text(move)
    try:
        return WORDS[move]
    except KeyError:
        raise NotationError(f"{move!r} is not a Bisca move") from None


def parse_move(text: str) -> Move:
    word = text.strip().lower()
    if word in _BY_WORD:
        return _BY_WORD[word]
    try:
        return parse_card(word)
    except NotationError:
        raise NotationError(
            f"bad move {text!r}: a card such as 7D, or copas, sorteio, exchange, pass"
        ) from None
