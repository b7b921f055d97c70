"""How one match of a table ended, as the records keep it: written by the server from the
table's log (``circolo.table.outcomes.match_results``) and read by the store, so it lives
beside both and imports neither."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Json = dict[str, Any]


@dataclass(frozen=True)
class MatchResult:
    """How one match of a table ended, kept when it ends: a table may hold several
    (rematches), and each counts in its players' records. ``seats``: each seat's player id
    (None for a bot) and side; ``winner`` a side, or None for a draw."""

    table_id: str
    match: int
    game: str
    mode: str
    private: bool
    finished_at: float
    reason: str
    totals: tuple[int, ...]
    winner: int | None
    seats: tuple[tuple[str | None, int], ...]

    def to_json(self) -> Json:
        """What a history row says of this match (its table's seats are in the row)."""
        return {"match": self.match, "winner": self.winner, "reason": self.reason,
                "totals": list(self.totals), "finished_at": self.finished_at}  # fmt: skip
