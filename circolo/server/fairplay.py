"""Fair play in the room: each person's conduct in each match kept as matches end, and the
wait before Play now of a player who keeps abandoning (``circolo.fairplay``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from circolo.fairplay import Delay, delay
from circolo.store import Store
from circolo.table.outcomes import MatchEnd, conduct


class FairPlay:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def record(self, table_id: str, config: dict[str, Any], ends: Sequence[MatchEnd]) -> None:
        """Keep how each match of the table ended for each person (again: kept once)."""
        for end in ends:
            await self.store.record_conduct(table_id, end.number, conduct(config, end), end.at)

    async def delay(self, player_id: str, now: float) -> Delay | None:
        """How long this player waits before Play now, if at all."""
        return delay(await self.store.conduct(player_id), now)
