"""A token bucket: ``rate`` tokens a second, at most ``burst`` saved up."""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """``take()`` is True while the bucket has a token; a refusal costs nothing."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._at = clock()

    def take(self) -> bool:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def retry_after(self) -> float:
        """Seconds until the next token."""
        return max(0.0, (1 - self._tokens) / self.rate)
