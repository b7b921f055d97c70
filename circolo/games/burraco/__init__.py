"""Burraco, 1 v 1 and 2 v 2: two French decks and four jokers, melds, pozzetti, burraco.

The rules are in ``rules`` (options, deal, match), the state in ``hand``, a turn's legal
moves in ``turn``, melds in ``melds``, scoring in ``scoring``, views in ``view``, the
move notation in ``notation`` and positions in ``position``.
"""

from circolo.games.burraco.rules import BurracoRules

__all__ = ["BurracoRules"]
