"""The server's Prometheus metrics (served at /metrics), in one registry of their own.

The few a move bumps (moves, frames, its latency, the store's commits, a bot's thinking)
are ``LoopCounter`` and ``LoopHistogram``: plain numbers changed on the event loop alone,
which the registry reads at each scrape through ``LoopMetrics``. prometheus_client's own
take a lock and check their state at every change: 2-4 µs of a move's CPU.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector

REGISTRY = CollectorRegistry()


class LoopCounter:
    """A counter changed on the event loop only (no lock)."""

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value = 0.0

    def inc(self, amount: float = 1.0) -> None:
        self.value += amount


class LoopHistogram:
    """A histogram observed on the event loop only (no lock): a count per bucket, and the
    sum."""

    __slots__ = ("bounds", "counts", "sum")

    def __init__(self, bounds: Sequence[float]) -> None:
        self.bounds = tuple(bounds)
        self.counts = [0] * (len(self.bounds) + 1)  # the last: over every bound (+Inf)
        self.sum = 0.0

    def observe(self, value: float) -> None:
        self.counts[bisect_left(self.bounds, value)] += 1
        self.sum += value


class LoopFamily:
    """One metric's children by their label values, made on first use."""

    def __init__(self, name: str, doc: str, labels: Sequence[str], buckets: Sequence[float]):
        self.name, self.doc, self.labels, self.buckets = name, doc, tuple(labels), buckets
        self.children: dict[tuple[str, ...], LoopCounter | LoopHistogram] = {}

    def child(self, values: tuple[str, ...]) -> LoopCounter | LoopHistogram:
        found = self.children.get(values)
        if found is None:
            if len(values) != len(self.labels):
                raise ValueError(f"{self.name}: labels {self.labels}, not {values}")
            found = LoopHistogram(self.buckets) if self.buckets else LoopCounter()
            self.children[values] = found
        return found


class LoopMetrics(Collector):
    """The loop's counters and histograms, in the registry's text at each scrape."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self._families: list[LoopFamily] = []
        registry.register(self)

    def counter(self, name: str, doc: str, labels: Sequence[str] = ()) -> LoopFamily:
        """A counter ``name`` (its samples ``name_total``)."""
        return self._add(LoopFamily(name, doc, labels, ()))

    def histogram(
        self, name: str, doc: str, labels: Sequence[str] = (), *, buckets: Sequence[float]
    ) -> LoopFamily:
        return self._add(LoopFamily(name, doc, labels, buckets))

    def _add(self, family: LoopFamily) -> LoopFamily:
        self._families.append(family)
        return family

    def collect(self) -> Iterator[Metric]:
        for family in self._families:
            if not family.buckets:
                counters = CounterMetricFamily(family.name, family.doc, labels=family.labels)
                for values, child in family.children.items():
                    assert isinstance(child, LoopCounter)
                    counters.add_metric(values, child.value)
                yield counters
                continue
            histograms = HistogramMetricFamily(family.name, family.doc, labels=family.labels)
            for values, child in family.children.items():
                assert isinstance(child, LoopHistogram)
                seen, buckets = 0, []
                for bound, count in zip((*child.bounds, float("inf")), child.counts, strict=True):
                    seen += count
                    buckets.append((_bound(bound), seen))
                histograms.add_metric(values, buckets, child.sum)
            yield histograms


def _bound(bound: float) -> str:
    return "+Inf" if bound == float("inf") else repr(float(bound))


def counter(family: LoopFamily, *values: str) -> LoopCounter:
    """The child of a counter family for these label values (bind it once)."""
    child = family.child(values)
    assert isinstance(child, LoopCounter)
    return child


def histogram(family: LoopFamily, *values: str) -> LoopHistogram:
    """The child of a histogram family for these label values (bind it once)."""
    child = family.child(values)
    assert isinstance(child, LoopHistogram)
    return child


LOOP = LoopMetrics(REGISTRY)

CONNECTIONS = Gauge("circolo_connections", "Open WebSocket connections", registry=REGISTRY)
LIVE_TABLES = Gauge("circolo_live_tables", "Tables with a running owner", registry=REGISTRY)
MOVES = LOOP.counter("circolo_moves", "Accepted moves (rate: moves per second)", ["game"])
FRAMES = counter(LOOP.counter("circolo_frames", "Client frames received"))
DELIVERIES_REFUSED = Counter(
    "circolo_deliveries_refused_total",
    "Table frames not written: their player no longer holds the seat (or closed the feed)",
    registry=REGISTRY,
)
ERRORS = Counter("circolo_errors_total", "Error frames sent", ["code"], registry=REGISTRY)
REFUSED = Counter(
    "circolo_refused_total", "Frames and connections refused by a limit (rate: a frame over "
    "the rate; rate_close, address, player, sockets, full, header_timeout, slow_reader: a "
    "connection; files: a second out of file descriptors)",
    ["limit"], registry=REGISTRY,
)  # fmt: skip
MOVE_LATENCY = histogram(LOOP.histogram(
    "circolo_move_latency_seconds", "From a move frame to its events published",
    buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0),
))  # fmt: skip
STORE_COMMIT = histogram(LOOP.histogram(
    "circolo_store_commit_seconds", "One append to the store, committed",
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5),
))  # fmt: skip
STORE_TRANSACTIONS = counter(LOOP.counter(
    "circolo_store_transactions", "Store transactions committed (each with its fsync "
    "under SQLite): writes_total over this is how many writes a commit carries",
))  # fmt: skip
STORE_WRITES = counter(LOOP.counter("circolo_store_writes", "Store writes committed"))
BOT_THINK = LOOP.histogram(
    "circolo_bot_think_seconds", "A bot's move in the pool, round trip", ["game", "level"],
    buckets=(0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0),
)  # fmt: skip
GC_PAUSE = Histogram(
    "circolo_gc_pause_seconds", "A cycle collection, every table stopped", ["generation"],
    buckets=(0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0), registry=REGISTRY,
)  # fmt: skip
GC_COLLECTED = Counter(
    "circolo_gc_collected_total", "Objects a cycle collection found unreachable (cyclic garbage)",
    registry=REGISTRY,
)  # fmt: skip
GC_LOOKS = Counter(
    "circolo_gc_looks_total",
    "Full collections run in a forked copy of the server, by whether the room then swept",
    ["swept"], registry=REGISTRY,
)  # fmt: skip
BOT_REPLACED = Counter("circolo_bot_replaced_total", "Bot processes killed and replaced",
                       registry=REGISTRY)  # fmt: skip


def committed(writes: int, entries: int, seconds: float) -> None:
    """The store's commit hook (``Store.open``'s ``on_commit``)."""
    STORE_TRANSACTIONS.inc()
    STORE_WRITES.inc(writes)


def render() -> bytes:
    return generate_latest(REGISTRY)
