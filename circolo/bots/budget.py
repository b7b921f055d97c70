"""How long a bot may think: milliseconds per move, iterations per move, or both.

An iteration budget with a seed makes a bot deterministic (tests, replays); a time
budget is what a live table uses. With both, the search stops at whichever comes first.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from circolo.engine import OptionError


@dataclass(frozen=True)
class Budget:
    """The thinking allowance for one move."""

    ms: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.ms is None and self.iterations is None:
            raise OptionError("a budget needs milliseconds, iterations or both")
        if self.ms is not None and self.ms <= 0:
            raise OptionError(f"budget_ms must be positive, not {self.ms!r}")
        if self.iterations is not None and self.iterations < 1:
            raise OptionError(f"iterations must be at least 1, not {self.iterations!r}")

    def start(self) -> Clock:
        return Clock(self)


class Clock:
    """A running budget: ``while clock.more(): ...`` counts iterations and watches time."""

    def __init__(self, budget: Budget) -> None:
        self.done = 0
        self._max = budget.iterations
        self._deadline = None if budget.ms is None else time.perf_counter() + budget.ms / 1000

    def more(self) -> bool:
        """True while the budget allows another iteration (always at least one)."""
        if self.done == 0:
            self.done = 1
            return True
        if self._max is not None and self.done >= self._max:
            return False
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            return False
        self.done += 1
        return True
