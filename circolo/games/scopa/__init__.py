"""Scopa, 1 v 1 and 2 v 2: the rules of shared/rules/scopa.md as a fast, pure engine.

``ScopaRules`` deals ``ScopaHand``s; a seat sees a ``ScopaView``. Cards are ints and sets
are masks inside (``deck``), moves are ints (``moves``); everything has a text form.
"""

from circolo.games.scopa.rules import ScopaRules
from circolo.games.scopa.state import ScopaHand
from circolo.games.scopa.view import ScopaView

__all__ = ["ScopaHand", "ScopaRules", "ScopaView"]
