"""The bot levels every game offers, named once for the bots, the table, the server's
frames and the browser (which gets them in the lobby data)."""

from __future__ import annotations

from typing import Literal, get_args

Level = Literal["random", "greedy", "expert"]
LEVELS: tuple[Level, ...] = get_args(Level)
"""``random`` (the baseline), ``greedy`` (one move of lookahead) and ``expert``
(determinized search), weakest first."""
