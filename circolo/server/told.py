"""What a move log tells an audience: the happenings of the hand being played (and the
end of the one before), kept per audience, so a player back after a reload or a lost
connection reads the whole hand so far, not only its last moves."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

from circolo.server.bus import Message, encode
from circolo.table import Table, TableConfig
from circolo.table.log import replaying
from circolo.table.presenter import Presenter
from circolo.table.step import Audience

TOLD_TYPES = frozenset({"match_started", "deal", "move", "hand_over", "match_over", "table_closed"})
"""The happenings a move log has a line for."""

ENDS = frozenset({"hand_over", "match_over", "match_started"})
"""Kept before a new deal: how the last hand (and match) ended, and a new match's start."""

LIMIT = 2000
"""A bound no hand reaches (a long Burraco hand tells a few hundred happenings)."""


class Told:
    """One audience's move log: a new deal starts it again, after the ends just before."""

    def __init__(self) -> None:
        self._lines: deque[tuple[str, Message]] = deque(maxlen=LIMIT)

    def add(self, kind: str, text: Message) -> None:
        """Keep one happening (``kind`` is its type; others than ``TOLD_TYPES`` are not)."""
        if kind not in TOLD_TYPES:
            return
        if kind == "deal":
            ends: list[tuple[str, Message]] = []
            while self._lines and self._lines[-1][0] in ENDS:
                ends.insert(0, self._lines.pop())
            self._lines.clear()
            self._lines.extend(ends)
        self._lines.append((kind, text))

    def clear(self) -> None:
        self._lines.clear()

    def __iter__(self) -> Iterator[Message]:
        return (text for _, text in self._lines)


def retold(
    config: TableConfig, entries: Sequence[dict[str, Any]]
) -> tuple[Table, dict[Audience, Told]]:
    """A table brought back from its log after a restart, with what each of its seats'
    move log had told: the stored log is the source, so nothing told is lost."""
    table = Table(config)
    seats = [a for a in table.audiences() if a is not None]
    presenter = Presenter(table, audiences=seats)
    told: dict[Audience, Told] = {a: Told() for a in seats}
    for step in replaying(table, entries):
        for audience, body in presenter.messages(step):
            kind = body.get("type")
            if kind in TOLD_TYPES:
                told[audience].add(str(kind), encode(body))
    return table, told
