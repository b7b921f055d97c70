"""The live table: every card-room rule as a pure, replayable state machine.

No asyncio, sockets, clock or database: the server passes commands and "now" in, and
stores and sends what comes out. See docs/table.md.
"""

from circolo.table.commands import (
    Command,
    Connected,
    Continue,
    Disconnected,
    Leave,
    Play,
    Rematch,
    Resume,
    ReturnToTable,
    StartMatch,
    SupplySeed,
    Tick,
    Vote,
)
from circolo.table.config import SeatConfig, TableConfig
from circolo.table.errors import TableError
from circolo.table.presenter import Presenter
from circolo.table.settings import Speed, TableSettings
from circolo.table.step import Audience, BotTurn, Step
from circolo.table.table import Table

__all__ = [
    "Audience",
    "BotTurn",
    "Command",
    "Connected",
    "Continue",
    "Disconnected",
    "Leave",
    "Play",
    "Presenter",
    "Rematch",
    "Resume",
    "ReturnToTable",
    "SeatConfig",
    "Speed",
    "StartMatch",
    "Step",
    "SupplySeed",
    "Table",
    "TableConfig",
    "TableError",
    "TableSettings",
    "Tick",
    "Vote",
]
