"""What a table returns for each command: log entries, messages, and what it needs next."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from circolo.engine import View

Audience = int | None
"""A seat number, or None for the spectators' copy."""

Happening = Callable[[Audience], dict[str, Any] | None]
"""Something a step tells: the body each audience gets (None: that audience is not told)."""


class BotTurn(NamedTuple):
    """A bot seat must move: the server computes the move from ``view`` (the seat's, and
    nothing more) and feeds it back as ``Play(seat, text, ply)``."""

    seat: int
    level: str
    view: View[Any]
    ply: int


@dataclass(frozen=True)
class Step:
    """The effects of one accepted command.

    ``entries``: JSON-ready dicts to append to the table's log (empty when nothing
    changed); ``messages``: (audience, body) pairs, bodies JSON-ready with a "type"
    (rendered by the presenter; the table itself leaves them empty and gives its
    ``happenings``); ``wake_at``: when to send the next ``Tick`` (None: no timer runs);
    ``wants_seed``: send ``SupplySeed``; ``bot_turn``: a bot must move (set by the
    presenter in the step that made it due; ``Presenter.bot_turn`` keeps it after a
    restart)."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    messages: list[tuple[Audience, dict[str, Any]]] = field(default_factory=list)
    wake_at: float | None = None
    wants_seed: bool = False
    bot_turn: BotTurn | None = None
    happenings: list[Happening] = field(default_factory=list)
