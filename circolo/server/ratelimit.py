"""Rate limits: a token bucket (``rate`` tokens a second, at most ``burst`` saved up) for a
connection's frames, and a sliding window for a player's chat messages."""

from __future__ import annotations

import time
from collections import deque
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


class SlidingWindow:
    """At most ``count`` events in any ``window`` seconds for each key. Keys with nothing
    left in their window are forgotten now and then, so a server that runs for days holds
    only its recent senders."""

    def __init__(self, count: int, window: float) -> None:
        self.count = count
        self.window = window
        self._times: dict[str, deque[float]] = {}
        self._sweep_at = 1024

    def allow(self, key: str, now: float) -> bool:
        """True (and counted) if ``key`` may have one more event at ``now``."""
        if len(self._times) >= self._sweep_at:
            self._sweep(now)
        times = self._times.setdefault(key, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.count:
            return False
        times.append(now)
        return True

    def retry_after(self, key: str, now: float) -> float:
        """Seconds until ``key`` may have one more event (0 when it may now)."""
        times = self._times.get(key)
        if times is None or len(times) < self.count:
            return 0.0
        return max(0.0, times[-self.count] + self.window - now)

    def __len__(self) -> int:
        return len(self._times)

    def _sweep(self, now: float) -> None:
        cutoff = now - self.window
        self._times = {key: times for key, times in self._times.items() if times[-1] > cutoff}
        self._sweep_at = max(1024, 2 * len(self._times))
