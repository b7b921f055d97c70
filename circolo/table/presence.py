"""A human seat's presence: connections, the disconnection grace, the countdown, the
invitation to return, and how many disconnections the match has counted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

State = Literal["here", "offline", "grace", "away", "invited", "left"]


@dataclass
class Presence:
    """``closed_at``: the last connection closed (the grace runs); ``away_until``: the
    disconnection counted, the countdown runs; ``invited_until``: back on the site, the
    invitation to reopen the table runs."""

    connected: bool = False
    closed_at: float | None = None
    away_until: float | None = None
    invited_until: float | None = None
    disconnections: int = 0
    left: bool = False

    @property
    def away(self) -> bool:
        """Counted as disconnected: the seat's timers are suspended."""
        return self.away_until is not None or self.invited_until is not None

    def state(self) -> State:
        if self.left:
            return "left"
        if self.invited_until is not None:
            return "invited"
        if self.away_until is not None:
            return "away"
        if self.closed_at is not None:
            return "grace"
        return "here" if self.connected else "offline"

    def deadline(self) -> float | None:
        return self.invited_until if self.invited_until is not None else self.away_until

    def calm(self) -> None:
        """Outside a match nothing counts: the grace and countdowns stop."""
        self.closed_at = self.away_until = self.invited_until = None

    def shift(self, delta: float) -> None:
        if self.closed_at is not None:
            self.closed_at += delta
        if self.away_until is not None:
            self.away_until += delta
        if self.invited_until is not None:
            self.invited_until += delta

    def to_json(self) -> dict[str, Any]:
        return {
            "connected": self.connected,
            "closed_at": self.closed_at,
            "away_until": self.away_until,
            "invited_until": self.invited_until,
            "disconnections": self.disconnections,
            "left": self.left,
        }
