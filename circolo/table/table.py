"""A live table: one match (and its rematches) as a pure, replayable state machine.

``Table.handle(command, now)`` returns a ``Step``; the table's state is a pure function
of its log (``Table.replay``). See docs/table.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from circolo.table.commands import Command
from circolo.table.config import SeatConfig, TableConfig
from circolo.table.step import Audience, BotTurn, Step

Status = Literal["waiting", "playing", "rematch", "finished"]


class Table:
    """One table. Statuses: "waiting" (for players, or for every "start match" at a
    tournament table), "playing", "rematch" (the match is over, the rematch window is
    open), "finished" (nothing more will happen: store the result)."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config

    @classmethod
    def new(cls, config: TableConfig) -> Table:
        return cls(config)

    @classmethod
    def replay(cls, config: TableConfig, entries: Iterable[dict[str, Any]]) -> Table:
        """The table its log describes: every entry handled again, in order."""
        raise NotImplementedError

    def handle(self, command: Command, now: float) -> Step:
        """Handle one command at ``now`` (epoch seconds). Refusals raise ``TableError``
        and leave the table unchanged."""
        raise NotImplementedError

    def snapshot(self, audience: Audience) -> dict[str, Any]:
        """Everything ``audience`` needs to redraw its screen from nothing."""
        raise NotImplementedError

    @property
    def status(self) -> Status:
        raise NotImplementedError

    @property
    def seats(self) -> tuple[SeatConfig, ...]:
        return self.config.seats

    @property
    def result(self) -> dict[str, Any] | None:
        """The last match's result (winner side or None, reason, totals, hands)."""
        raise NotImplementedError

    @property
    def wake_at(self) -> float | None:
        raise NotImplementedError

    @property
    def wants_seed(self) -> bool:
        raise NotImplementedError

    @property
    def bot_turn(self) -> BotTurn | None:
        raise NotImplementedError
