"""Bisca Capixaba: the Brazilian (Espírito Santo) member of the Briscola family, 1 × 1 and 2 × 2.

The rules are in ``rules/bisca.md`` of the shared rule book; our decisions where it
is silent are written where they are implemented and in docs/notation.md ("Bisca").

>>> hand = BiscaRules().new_hand(1, 0)
>>> hand.to_move(), [hand.move_text(move) for move in hand.legal_moves()]
(1, ['copas', 'sorteio'])
>>> hand.play(1, "copas").kinds()
['trump_choice', 'dealt', 'dealt']
>>> hand.play(0, "copas")
Traceback (most recent call last):
...
circolo.engine.NotYourTurnError: it is not your turn: seat 1 is to move
"""

from circolo.games.bisca.moves import COPAS, EXCHANGE, PASS, SORTEIO, Move
from circolo.games.bisca.rules import BiscaRules
from circolo.games.bisca.state import BiscaHand
from circolo.games.bisca.view import BiscaView

__all__ = ["COPAS", "EXCHANGE", "PASS", "SORTEIO", "BiscaHand", "BiscaRules", "BiscaView", "Move"]
