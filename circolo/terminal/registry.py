"""Each game's terminal screen, by the game's name (its ``Rules.game``): the one place
the terminal names its games. A game's module declares the game it shows (``RULES``)."""

from __future__ import annotations

from circolo.engine import OptionError
from circolo.terminal import bisca, burraco, scopa
from circolo.terminal.common import TerminalGame

TERMINALS: dict[str, TerminalGame] = {ui.RULES.game: ui for ui in (scopa, bisca, burraco)}


def terminal_game(game: str) -> TerminalGame:
    """The terminal screen of ``game``; ``OptionError`` for a game without one."""
    if game not in TERMINALS:
        raise OptionError(f"no terminal screen for game {str(game)[:40]!r}")
    return TERMINALS[game]
