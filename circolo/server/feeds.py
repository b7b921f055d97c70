"""Feeds: what a connection receives of a table, and who may receive it.

A feed is one connection's subscription to one audience of one table (a seat, or the
spectators), opened for one player. Holding a subscription is not a right to its frames:
every delivery is authorized for the feed's (player, seat) at the moment it is written
to the socket (complete mediation), so a player who left a seat never reads the next
occupant's cards, whatever was queued or missed. ``Feeds`` knows every open feed by
table, so leaving, a seat changing hands or a table ending closes all of a player's
feeds of that table, on every connection.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from circolo.server.bus import Subscription
from circolo.server.owner import Audience, Outgoing


@dataclass(eq=False)
class Feed:
    """One connection's view of one table, for ``player_id`` as ``audience``."""

    table_id: str
    audience: Audience
    player_id: str
    on_revoke: Callable[[Feed, str], None]
    """Tells the connection the room closed this feed, and why (it forgets it, and says so)."""
    subscription: Subscription | None = None
    open: bool = field(default=True, init=False)


@dataclass(frozen=True, slots=True)
class Delivery:
    """A frame of a feed on its way to the socket: authorized when it is written."""

    feed: Feed
    frame: Outgoing


class Feeds:
    """Every open feed of this process, by table."""

    def __init__(self) -> None:
        self._by_table: dict[str, set[Feed]] = {}

    def add(self, feed: Feed) -> None:
        self._by_table.setdefault(feed.table_id, set()).add(feed)

    def discard(self, feed: Feed) -> bool:
        """Close ``feed`` (its subscription too); False if it was closed already."""
        if not feed.open:
            return False
        feed.open = False
        if feed.subscription is not None:
            feed.subscription.close()
        feeds = self._by_table.get(feed.table_id)
        if feeds is not None:
            feeds.discard(feed)
            if not feeds:
                del self._by_table[feed.table_id]
        return True

    def of(self, table_id: str, player_id: str | None = None) -> list[Feed]:
        """The open feeds of a table (of one player, when given)."""
        feeds = self._by_table.get(table_id, ())
        return [f for f in feeds if player_id is None or f.player_id == player_id]

    def __len__(self) -> int:
        return sum(len(feeds) for feeds in self._by_table.values())
