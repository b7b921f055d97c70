"""A table's log: what each entry holds, its versions, and the one loop that replays it.

An entry is ``{"v": 2, "at": seconds, "command": the command's JSON, "notes": facts}``.
The notes are what the table decided by itself in that step (the first seat, a
commitment, a timeout, the end of a match...) and, for an auto-move, the move it made
(``{"fact": "auto_move", "seat": 0, "move": "7C x 3D 4S"}``). Replay handles each
command again at its time and *applies the recorded auto-moves*: nothing a replay
does depends on how the room would choose a move today, so a change to a game's
auto-move or to a bot never makes a stored table unrecoverable.

Versions (``v``):

- 1 (no ``v``: every log written before the log carried versions). Its auto-moves are
  computed again with the game's ``Rules.auto_move``, as they were when it was written,
  and compared with the notes. This reader exists for those logs only.
- 2: auto-moves applied as recorded.

``replaying`` is the only replay loop: ``Table.replay`` (recovery after a restart) and
the history's replay page (``server/history.py``) both fold a log through it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Protocol

from circolo.table.commands import Command
from circolo.table.errors import TableError
from circolo.table.step import Step

VERSION = 2
"""The version of every entry this code writes."""
READABLE = (1, 2)


def entry(at: float, command: Command, notes: list[dict[str, Any]]) -> dict[str, Any]:
    """A log entry as this code writes it."""
    return {"v": VERSION, "at": at, "command": command.to_json(), "notes": notes}


def recorded_moves(data: dict[str, Any]) -> list[str] | None:
    """The auto-moves an entry recorded, in order; None for a version-1 entry (the
    reader of version-1 logs: its auto-moves are computed again)."""
    version = data.get("v", 1)
    if version not in READABLE or isinstance(version, bool):
        raise TableError("log_version", f"log entries of version {version!r} are unknown here")
    if version == 1:
        return None
    notes = data.get("notes", [])
    if not isinstance(notes, list):
        raise TableError("log_mismatch", "an entry's notes are a list")
    moves = []
    for note in notes:
        if isinstance(note, dict) and note.get("fact") == "auto_move":
            move = note.get("move")
            if not isinstance(move, str):
                raise TableError("log_mismatch", "an auto-move note records its move")
            moves.append(move)
    return moves


class Replayable(Protocol):
    """A table, as a replay sees it (``Table.handle_logged``)."""

    def handle_logged(self, command: Command, at: float, moves: list[str] | None) -> Step: ...


def replaying(table: Replayable, entries: Iterable[dict[str, Any]]) -> Iterator[Step]:
    """Handle every entry again, in order, and yield each step; an entry that is refused,
    gives other notes or leaves a recorded move unplayed is a ``log_mismatch``."""
    for index, data in enumerate(entries):
        try:
            if not isinstance(data, dict):
                raise TableError("log_mismatch", "an entry is an object")
            moves = recorded_moves(data)
            command = Command.from_json(data["command"])
            step = table.handle_logged(command, data["at"], moves)
        except (TableError, KeyError, TypeError) as error:
            raise TableError("log_mismatch", f"entry {index} does not replay: {error}") from None
        notes = [e["notes"] for e in step.entries]
        if notes != [data.get("notes", [])] or (moves is not None and moves):
            raise TableError("log_mismatch", f"entry {index} replays differently")
        yield step
