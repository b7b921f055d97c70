"""The games, by name. Engines are pure rules: they import nothing from the room."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from circolo.engine import OptionError, Rules

GAMES: dict[str, str] = {
    "scopa": "circolo.games.scopa:ScopaRules",
    "bisca": "circolo.games.bisca:BiscaRules",
    "burraco": "circolo.games.burraco:BurracoRules",
}


def rules_class(game: str) -> type[Rules]:
    """The rules of the game named ``game``; ``OptionError`` for anything else (a name
    that is not text included: it comes from clients and logs)."""
    if not isinstance(game, str) or game not in GAMES:
        raise OptionError(f"unknown game {str(game)[:40]!r}; choose one of {', '.join(GAMES)}")
    module, name = GAMES[game].split(":")
    cls: type[Rules] = getattr(importlib.import_module(module), name)
    return cls


def make_rules(game: str, options: Mapping[str, object] | None = None) -> Rules:
    """The rules of ``game`` with validated options (an ``OptionError`` says what is wrong)."""
    return rules_class(game).from_options(options)
