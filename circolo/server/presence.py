"""Who has a table open: every feed of this process, and how many connections each seat's
player has on it. The room is told when a seat's player opens the table on a first
connection and when the last one closes (their seat is connected or disconnected)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import structlog

from circolo.server.feeds import Feed, Feeds
from circolo.table import SeatConfig

log = structlog.get_logger(__name__)


class Presence:
    """Open feeds, and connections by (table, seat, player)."""

    def __init__(
        self,
        on_open: Callable[[Feed, bool], None],
        on_last_closed: Callable[[Feed], None],
    ) -> None:
        self.feeds = Feeds()
        self._live: dict[tuple[str, int, str], int] = {}  # (table, seat, player): connections
        self._on_open = on_open  # (feed, first connection of its seat's player)
        self._on_last_closed = on_last_closed

    def add(self, feed: Feed) -> None:
        """A connection opened a table (as a seat, or to watch it)."""
        self.feeds.add(feed)
        if feed.audience is not None:
            key = (feed.table_id, feed.audience, feed.player_id)
            self._live[key] = self._live.get(key, 0) + 1
            self._on_open(feed, self._live[key] == 1)

    def close_feed(self, feed: Feed) -> None:
        """A connection closes one of its feeds (closing the table, going, or reopening it
        as another audience)."""
        if self.feeds.discard(feed) and feed.audience is not None:
            key = (feed.table_id, feed.audience, feed.player_id)
            count = self._live.get(key, 0) - 1
            if count > 0:
                self._live[key] = count
                return
            self._live.pop(key, None)
            self._on_last_closed(feed)

    def revoke(self, table_id: str, reason: str, player_id: str | None = None) -> None:
        """Close every feed of this table (of one player, when given) on every connection,
        and tell each connection why: ``left``, ``gone`` (a waiting table dropped) or
        ``over`` (a finished table retired)."""
        for feed in self.feeds.of(table_id, player_id):
            self.close_feed(feed)
            feed.on_revoke(feed, reason)
            log.debug("feed_revoked", table=table_id, seat=feed.audience, reason=reason)

    def connections(self, table_id: str, seat: int, player_id: str) -> int:
        """How many connections of ``player_id`` have this table open as ``seat``."""
        return self._live.get((table_id, seat, player_id), 0)

    def present(self, table_id: str, seats: Iterable[SeatConfig | None]) -> bool:
        """Someone seated at this table has it open on a connection."""
        return any(
            self.connections(table_id, i, seat.player_id) > 0
            for i, seat in enumerate(seats)
            if seat is not None and seat.player_id is not None
        )

    def holds_open(self, table_id: str, player_id: str) -> bool:
        """``player_id`` has this table open as a seat, on some connection."""
        return any(
            count > 0
            for (t, _, player), count in self._live.items()
            if t == table_id and player == player_id
        )
