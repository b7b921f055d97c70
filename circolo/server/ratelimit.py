"""Rate limits: a token bucket (``rate`` tokens a second, at most ``burst`` saved up) and
the verdict on each of a connection's frames it gives, a sliding window for a player's chat
messages, and quotas of connections held at once (by address, by player)."""

from __future__ import annotations

import enum
import math
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


class Verdict(enum.Enum):
    """What to do with one frame: serve it, answer ``rate_limited``, drop it unanswered,
    or close the connection."""

    SERVE = "serve"
    ANSWER = "answer"
    DROP = "drop"
    CLOSE = "close"


class FrameLimit:
    """A connection's frames against its token bucket, each judged before it is parsed.

    A run of refusals starts with a frame over the limit and ends after ``grace`` seconds
    with no refusal. Only a run's first refusal is answered; a connection whose run lasts
    longer than ``grace`` seconds, or holds more than ``refusals`` refusals, is closed: a
    client that keeps sending too fast costs one answer and a close, not one answer a frame.
    """

    def __init__(
        self,
        rate: float,
        burst: float,
        grace: float = 1.0,
        refusals: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.bucket = TokenBucket(rate, burst, clock)
        self.grace = grace
        self.refusals = int(burst) if refusals is None else refusals
        self._clock = clock
        self._since = -math.inf  # the current run's first refusal
        self._last = -math.inf  # its latest
        self._count = 0

    def judge(self) -> Verdict:
        if self.bucket.take():
            return Verdict.SERVE
        now = self._clock()
        if now - self._last > self.grace:
            self._since, self._last, self._count = now, now, 1
            return Verdict.ANSWER
        self._last = now
        self._count += 1
        if now - self._since > self.grace or self._count > self.refusals:
            return Verdict.CLOSE
        return Verdict.DROP


class Quota:
    """At most ``limit`` held at once for each key (connections of one address, of one
    player); keys holding nothing are forgotten."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._held: dict[str, int] = {}

    def take(self, key: str) -> bool:
        """True (and held until ``give``) if ``key`` holds fewer than ``limit``."""
        held = self._held.get(key, 0)
        if held >= self.limit:
            return False
        self._held[key] = held + 1
        return True

    def give(self, key: str) -> None:
        held = self._held.get(key, 0) - 1
        if held > 0:
            self._held[key] = held
        else:
            self._held.pop(key, None)

    def held(self, key: str) -> int:
        return self._held.get(key, 0)


class CoolDown:
    """Keys refused for ``seconds`` after an abuse: an address whose connection was closed
    for flooding opens no new one for a while, so reconnecting in a loop costs it the
    accept and nothing more. Expired keys are forgotten now and then."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self._clock = clock
        self._until: dict[str, float] = {}
        self._sweep_at = 1024

    def start(self, key: str) -> None:
        if self.seconds > 0:
            if len(self._until) >= self._sweep_at:
                now = self._clock()
                self._until = {k: t for k, t in self._until.items() if t > now}
                self._sweep_at = max(1024, 2 * len(self._until))
            self._until[key] = self._clock() + self.seconds

    def __contains__(self, key: str) -> bool:
        """Is ``key`` cooling down now."""
        until = self._until.get(key)
        return until is not None and until > self._clock()
