"""The server's Prometheus metrics (served at /metrics), in one registry of their own."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

REGISTRY = CollectorRegistry()

CONNECTIONS = Gauge("circolo_connections", "Open WebSocket connections", registry=REGISTRY)
LIVE_TABLES = Gauge("circolo_live_tables", "Tables with a running owner", registry=REGISTRY)
MOVES = Counter("circolo_moves_total", "Accepted moves (rate: moves per second)", ["game"],
                registry=REGISTRY)  # fmt: skip
FRAMES = Counter("circolo_frames_total", "Client frames received", registry=REGISTRY)
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
MOVE_LATENCY = Histogram(
    "circolo_move_latency_seconds", "From a move frame to its events published",
    buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0), registry=REGISTRY,
)  # fmt: skip
STORE_COMMIT = Histogram(
    "circolo_store_commit_seconds", "One append to the store, committed",
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5), registry=REGISTRY,
)  # fmt: skip
STORE_TRANSACTIONS = Counter(
    "circolo_store_transactions_total", "Store transactions committed (each with its fsync "
    "under SQLite): writes_total over this is how many writes a commit carries",
    registry=REGISTRY,
)  # fmt: skip
STORE_WRITES = Counter("circolo_store_writes_total", "Store writes committed",
                       registry=REGISTRY)  # fmt: skip
BOT_THINK = Histogram(
    "circolo_bot_think_seconds", "A bot's move in the pool, round trip", ["game", "level"],
    buckets=(0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0), registry=REGISTRY,
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
