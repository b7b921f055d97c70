"""Bots: they choose a move from their seat's view alone, never from the full state.

Levels, for every game and mode: ``random`` (the baseline), ``greedy`` (one move of
lookahead with a per-game evaluation) and ``expert`` (determinized search over states
sampled from the view, exact once the hidden cards are known). Each game's levels
live in ``circolo.bots.<game>``, registered by the game's name in ``circolo.bots.registry``.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from circolo.bots.budget import Budget
from circolo.bots.registry import BOTS
from circolo.engine import OptionError, View
from circolo.levels import LEVELS


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


def make_bot(
    game: str,
    level: str,
    seed: int | None = None,
    *,
    budget_ms: float | None = None,
    iterations: int | None = None,
) -> Bot:
    """A bot of the given level for ``game``.

    The expert thinks for ``budget_ms`` milliseconds and/or ``iterations`` sampled
    worlds per move (the game's default when neither is given). With an iteration
    budget alone and a seed, a bot is deterministic: the same view gives the same move.
    """
    if level == "random":
        return RandomBot(seed)
    if level not in LEVELS:
        raise OptionError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    if game not in BOTS:
        raise OptionError(f"no bots for game {str(game)[:40]!r}")
    module = BOTS[game]
    if level == "greedy":
        return module.greedy(seed)
    if budget_ms is None and iterations is None:
        budget = module.DEFAULT_BUDGET
    else:
        budget = Budget(budget_ms, iterations)
    return module.expert(budget, seed)
