"""The games, by name: the one registry. Engines are pure rules: they import nothing from
the room. Everything a bot, the terminal, the table or the browser must know of a game is
declared on its ``Rules`` class (``circolo.engine.Rules``), so adding a game is adding its
package here."""

from __future__ import annotations

from collections.abc import Mapping

from circolo.engine import OptionError, Rules
from circolo.games.bisca import BiscaRules
from circolo.games.burraco import BurracoRules
from circolo.games.scopa import ScopaRules

GAMES: dict[str, type[Rules]] = {
    rules.game: rules for rules in (ScopaRules, BiscaRules, BurracoRules)
}
"""Every game's ``Rules`` class, by its name (``Rules.game``), in the lobby's order."""


def rules_class(game: str) -> type[Rules]:
    """The rules of the game named ``game``; ``OptionError`` for anything else (a name
    that is not text included: it comes from clients and logs)."""
    if not isinstance(game, str) or game not in GAMES:
        raise OptionError(f"unknown game {str(game)[:40]!r}; choose one of {', '.join(GAMES)}")
    return GAMES[game]


def make_rules(game: str, options: Mapping[str, object] | None = None) -> Rules:
    """The rules of ``game`` with validated options (an ``OptionError`` says what is wrong)."""
    return rules_class(game).from_options(options)
