"""The running turn's timer: the move timer (Scopa, Bisca) or Burraco's clock.

A turn keeps the time it used before any suspension (``used``) and, while it runs, when
it started running (``since``): suspending and resuming never loses or adds time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from circolo.table.settings import Timing


@dataclass
class Turn:
    """One seat's turn on the clock (a move; in Burraco a whole turn of moves)."""

    seat: int
    used: float = 0.0
    since: float | None = None
    warned: bool = False

    def elapsed(self, now: float) -> float:
        return self.used + (now - self.since if self.since is not None else 0.0)

    def run(self, now: float) -> None:
        if self.since is None:
            self.since = now

    def suspend(self, now: float) -> None:
        if self.since is not None:
            self.used += now - self.since
            self.since = None

    def deadline(self, limit: float) -> float | None:
        """When a turn of ``limit`` seconds runs out (None while suspended)."""
        return None if self.since is None else self.since + limit - self.used

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "used": self.used, "since": self.since, "warned": self.warned}


def burraco_limit(reserve: float, timing: Timing) -> float:
    """A Burraco turn may last its green part plus the seat's reserve."""
    return timing.burraco_green + reserve


def reserve_after(reserve: float, used: float, timing: Timing) -> float:
    """The reserve after a turn that lasted ``used`` seconds: what went past the green
    part comes off it, then it grows by gain × (green left ÷ green), capped."""
    green = timing.burraco_green
    left = max(0.0, reserve - max(0.0, used - green))
    gain = timing.burraco_reserve_gain * max(0.0, green - used) / green
    return min(timing.burraco_reserve_cap, left + gain)
