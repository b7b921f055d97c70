"""Why a Bisca move is refused, as the player is told: the rule it breaks.

Worked out from the mover's view only (its hand, the trump, the trick and the cards
played), so a refusal names no card the mover cannot see: at most the card it tried.
"""

from __future__ import annotations

from collections.abc import Sequence

from circolo.engine import ILLEGAL, Refusal
from circolo.games.bisca.deck import ACE_STRENGTH, SEVEN, TWO, card_text, trump_card
from circolo.games.bisca.moves import COPAS, EXCHANGE, SORTEIO, Move, is_card

CHOOSE_TRUMP = "bisca_choose_trump"
ANSWER_EXCHANGE = "bisca_answer_exchange"
NO_TRUMP_TWO = "bisca_no_trump_two"
PLAY_A_CARD = "bisca_play_a_card"
NOT_IN_HAND = "bisca_not_in_hand"
ACE_BEFORE_SEVEN = "bisca_ace_before_seven"
SEVEN_LAST = "bisca_seven_last"

REFUSALS = (
    CHOOSE_TRUMP,
    ANSWER_EXCHANGE,
    NO_TRUMP_TWO,
    PLAY_A_CARD,
    NOT_IN_HAND,
    ACE_BEFORE_SEVEN,
    SEVEN_LAST,
)


def refusal(
    phase: str,
    hand: Sequence[int],
    trump: int,
    position: int,
    players: int,
    seven_out: bool,
    move: Move,
) -> Refusal:
    """The rule ``move`` breaks; ``position`` is the mover's place in the trick."""
    if phase == "choose":
        return Refusal(ILLEGAL if move in (COPAS, SORTEIO) else CHOOSE_TRUMP)
    if phase == "exchange":
        if move == EXCHANGE and trump_card(trump, TWO) not in hand:
            return Refusal(NO_TRUMP_TWO)
        return Refusal(ANSWER_EXCHANGE)
    if phase != "play":
        return Refusal(ILLEGAL)
    if not is_card(move):
        return Refusal(PLAY_A_CARD)
    card = {"card": card_text(move)}
    if move not in hand:
        return Refusal(NOT_IN_HAND, card)
    if move == trump_card(trump, ACE_STRENGTH) and not seven_out:
        return Refusal(ACE_BEFORE_SEVEN, card)
    if move == trump_card(trump, SEVEN) and players == 4 and position == players - 1:
        return Refusal(SEVEN_LAST, card)
    return Refusal(ILLEGAL)
