"""Your next match against a person: two people who each pressed Play now for the same
game and mode, and each got bots at once because nobody waited, are offered to play their
next match together. The room pairs them and, once both accept, seats them at a new table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def player_topic(player_id: str) -> str:
    """The bus topic of one player's connections: offers that are about no one table."""
    return f"player:{player_id}"


@dataclass(frozen=True)
class Solo:
    """A Play now match of one person against bots."""

    table_id: str
    game: str
    players: int
    player_id: str
    name: str
    level: str | None


@dataclass
class Offer:
    """Two solo Play now matches whose people may meet at the next one."""

    first: Solo
    second: Solo
    accepted: set[str] = field(default_factory=set)

    def sides(self) -> tuple[Solo, Solo]:
        return self.first, self.second

    def of(self, player_id: str) -> Solo | None:
        return next((s for s in self.sides() if s.player_id == player_id), None)

    def other(self, player_id: str) -> Solo:
        return self.second if self.first.player_id == player_id else self.first

    def frame(self, player_id: str) -> dict[str, Any]:
        """What ``player_id`` is offered (``accepted``: they said yes already)."""
        mine = self.of(player_id)
        assert mine is not None
        return {
            "type": "next_match.offer", "table_id": mine.table_id,
            "with": self.other(player_id).name, "accepted": player_id in self.accepted,
        }  # fmt: skip


def matches(waiting: Solo, new: Solo) -> bool:
    """May the person of ``waiting`` be offered a next match against the one of ``new``."""
    return (
        waiting.game == new.game and waiting.players == new.players
        and waiting.player_id != new.player_id
    )  # fmt: skip
