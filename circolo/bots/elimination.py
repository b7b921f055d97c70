"""Successive elimination: stop sampling worlds once the choice among candidates is made.

Each sampled world values every candidate still in the race (the same world for all,
so the differences between two candidates are paired and far less noisy than their
values). After ``min_worlds`` worlds, a candidate leaves the race once its mean
shortfall behind the leader (the best mean) is, with ``z`` standard errors of
confidence, more than ``-tolerance``: that is, once it is confidently not better than
the leader by more than ``tolerance``. The race is settled when one candidate is left;
a close race runs on until its caller's budget ends, and the leader is chosen.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


class Race:
    """Paired statistics of candidates over sampled worlds, and who is still running."""

    def __init__(self, count: int, min_worlds: int, z: float, tolerance: float) -> None:
        self.alive = list(range(count))
        self.worlds = 0
        self._min = min_worlds
        self._z = z
        self._tolerance = tolerance
        self._sum = [0.0] * count
        self._diff = [[0.0] * count for _ in range(count)]  # sum of value[i] - value[j]
        self._square = [[0.0] * count for _ in range(count)]  # sum of its squares

    def add(self, values: Sequence[float]) -> None:
        """One world's values, one per candidate alive (in ``alive`` order); then eliminate."""
        self.worlds += 1
        for i, value in zip(self.alive, values, strict=True):
            self._sum[i] += value
        for a, i in enumerate(self.alive):
            for b in range(a + 1, len(self.alive)):
                j = self.alive[b]
                d = values[a] - values[b]
                self._diff[i][j] += d
                self._square[i][j] += d * d
        if self.worlds >= self._min:
            self._eliminate()

    def leader(self) -> int:
        """The candidate alive with the best mean value."""
        return max(self.alive, key=self._sum.__getitem__)

    def settled(self) -> bool:
        return len(self.alive) == 1

    def _eliminate(self) -> None:
        best = self.leader()
        self.alive = [i for i in self.alive if i == best or not self._behind(i, best)]

    def _behind(self, i: int, best: int) -> bool:
        """Is ``best`` confidently no worse than ``i`` by more than the tolerance?"""
        n = self.worlds
        if i < best:
            total, square = -self._diff[i][best], self._square[i][best]
        else:
            total, square = self._diff[best][i], self._square[best][i]
        mean = total / n
        variance = max(0.0, square / n - mean * mean) * n / (n - 1)
        return mean - self._z * math.sqrt(variance / n) > -self._tolerance
