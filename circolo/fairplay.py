"""Fair play: a player who keeps abandoning matches waits before the next Play now.

The slate is the player's recent matches, newest first, each "finished" or "abandoned"
(``circolo.table.outcomes.conduct``). Abandonments count back to the last run of
``RESET_AFTER`` finished matches in a row; from the second one, Play now opens again
``DELAYS[count]`` after the latest abandonment: 5 minutes, then 15, 1 hour, 4 hours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MINUTE = 60.0
DELAYS = (0.0, 0.0, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE, 240 * MINUTE)
"""The wait by abandonments counted (the last one for any more)."""
RESET_AFTER = 3
"""Finished matches in a row that wipe the slate."""
SLATE = 20
"""How many recent matches are read (more abandonments than this wait the longest)."""


@dataclass(frozen=True)
class Conduct:
    kind: str  # "finished" or "abandoned"
    at: float


@dataclass(frozen=True)
class Delay:
    """Play now opens again at ``until``, after ``abandoned`` abandonments."""

    abandoned: int
    until: float


def delay(slate: Sequence[Conduct], now: float) -> Delay | None:
    """The wait before this player's next Play now (None: none), from the slate, newest
    first."""
    abandoned, finished_run, latest = 0, 0, None
    for match in slate:
        if match.kind == "abandoned":
            abandoned += 1
            finished_run = 0
            latest = match.at if latest is None else latest
        else:
            finished_run += 1
            if finished_run >= RESET_AFTER:
                break
    if latest is None:
        return None
    until = latest + DELAYS[min(abandoned, len(DELAYS) - 1)]
    return Delay(abandoned, until) if until > now else None
