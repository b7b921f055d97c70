"""Determinized search: play from a view by sampling the hidden cards.

Perfect-information Monte Carlo (PIMC): deal the unseen cards at random into full
states consistent with the view (``view.sample``), value every legal move in each
sampled world with a per-game search, and play the move with the best mean value.
When the view already fixes every card (``exact``), one world is the truth and the
per-game search is solved once, exactly. An optional ``weight`` makes worlds count by
how well they explain what the other players did (inference from their plays).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from circolo.bots.budget import Budget
from circolo.engine import HandState, Side, View

WorldValues = Callable[[HandState[Any], list[Any], Side], list[float]]
"""Values of the root moves in one full state, for a side (higher is better)."""


class Determinized:
    """A bot that averages per-world move values over sampled worlds (PIMC)."""

    def __init__(
        self,
        name: str,
        world_values: WorldValues,
        budget: Budget,
        seed: int | None = None,
        exact: Callable[[View[Any]], bool] | None = None,
        solve: WorldValues | None = None,
        weight: Callable[[View[Any], HandState[Any]], float] | None = None,
    ) -> None:
        self.name = name
        self.world_values = world_values
        self.budget = budget
        self.seed = seed
        self.exact = exact
        self.solve = solve
        self.weight = weight
        self.last_worlds = 0

    def choose(self, view: View[Any]) -> Any:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = view.seat
        assert seat is not None, "a spectator cannot move"
        rng = random.Random(self.seed)
        first = view.sample(rng)
        side = first.rules.side_of(seat)
        if self.exact is not None and self.exact(view):
            values = (self.solve or self.world_values)(first, moves, side)
            self.last_worlds = 1
            return moves[max(range(len(moves)), key=values.__getitem__)]
        totals = [0.0] * len(moves)
        clock = self.budget.start()
        world = first
        while clock.more():
            if clock.done > 1:
                world = view.sample(rng)
            weight = 1.0 if self.weight is None else self.weight(view, world)
            if weight <= 0.0:
                continue
            for index, value in enumerate(self.world_values(world, moves, side)):
                totals[index] += weight * value
        self.last_worlds = clock.done
        return moves[max(range(len(moves)), key=totals.__getitem__)]
