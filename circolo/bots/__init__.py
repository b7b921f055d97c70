"""Bots: they choose a move from their seat's view alone, never from the full state."""

from __future__ import annotations

import random
from typing import Any, Protocol

from circolo.engine import OptionError, View


class Bot(Protocol):
    """A player that sees only its seat's view."""

    name: str

    def choose(self, view: View[Any]) -> Any: ...


class RandomBot:
    """Uniformly random legal moves: the baseline every other level must beat."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View[Any]) -> Any:
        return self._rng.choice(view.legal_moves())


LEVELS = ("random",)


def make_bot(game: str, level: str, seed: int | None = None) -> Bot:
    """A bot of the given level for ``game``."""
    if level == "random":
        return RandomBot(seed)
    raise OptionError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
