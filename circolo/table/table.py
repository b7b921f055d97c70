"""A live table: one match (and its rematches) as a pure, replayable state machine.

``Table.handle(command, now)`` first lets time pass up to ``now`` (each due timer fires
at its own instant, in order: ``timers.py``), then applies the command (``handlers.py``;
the match's life is ``life.py``), and returns a ``Step``: the log entry and what happened.
The log is the accepted commands with their times and the facts the table decided
(``log.py``): ``Table.replay`` folds it again, so the state is a pure function of the
log. What each audience is shown is the presenter's (``presenter.py``), not the table's.
See docs/table.md.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from circolo.engine import EngineError
from circolo.table import handlers, life, timers
from circolo.table.commands import Command, Resume, Tick
from circolo.table.config import TableConfig
from circolo.table.errors import TableError
from circolo.table.log import entry, replaying
from circolo.table.state import TableState
from circolo.table.step import Step


class Table(TableState):
    """One table: its state (``TableState``) and the one way to change it, ``handle``."""

    @classmethod
    def replay(cls, config: TableConfig, entries: Iterable[dict[str, Any]]) -> Table:
        """The table its log describes (see ``log.replaying``); ``TableError``
        ``log_mismatch`` if the log does not replay."""
        table = cls(config)
        table.quiet = True
        for _ in replaying(table, entries):
            pass
        table.quiet = False
        return table

    def handle(self, command: Command, now: float) -> Step:
        """Handle one command at ``now`` (epoch seconds). Refusals raise ``TableError``
        and leave the table unchanged."""
        return self._handle(command, now, None)

    def handle_logged(self, command: Command, at: float, moves: list[str] | None) -> Step:
        """Handle a stored entry again: ``moves`` are the auto-moves it recorded, played
        as they were (None: a version-1 entry, whose auto-moves are computed again)."""
        return self._handle(command, at, moves)

    @property
    def wake_at(self) -> float | None:
        due = self.next_due
        return None if due is None else due[0]

    def _handle(self, command: Command, now: float, moves: list[str] | None) -> Step:
        if not isinstance(command, Command) or type(command) not in handlers.HANDLERS:
            raise TableError("bad_command", "not a table command")
        if isinstance(now, bool) or not isinstance(now, int | float) or now != now:
            raise TableError("bad_command", "now is a time in seconds")
        now = float(now) if self.last_at is None else max(float(now), self.last_at)
        self.happenings, self.notes, self.recorded = [], [], moves
        due = self.next_due
        saved = None
        if due is not None and due[0] <= now and not isinstance(command, Tick):
            saved = Saved(self)
        opening = self.opened_at is None
        try:
            if opening:
                self.opened_at = now
            if isinstance(command, Resume):  # before time passes: the downtime is given back
                timers.resume(self, command.grace, now)
            unchanged = not opening and not isinstance(command, Resume)  # the timers as read
            fired = timers.advance(self, now, due if unchanged else None) or opening
            handlers.dispatch(self, command, now)
        except (TableError, EngineError) as error:
            if saved is not None:
                saved.restore(self)
            if opening:
                self.opened_at = None
            self.happenings, self.notes = [], []
            if isinstance(error, EngineError):
                raise TableError.from_engine(error) from None
            raise
        finally:
            self.recorded = None
        if isinstance(command, Tick) and not fired:
            return self._step([])
        self.entries += 1
        if self.entries >= self.timing.max_entries and self.status != "finished":
            life.log_full(self, now)
        self.last_at = now
        return self._step([entry(now, command, self.notes)])

    def _step(self, entries: list[dict[str, Any]]) -> Step:
        happenings, self.happenings = self.happenings, []
        self.next_due = timers.next_timer(self)
        return Step(entries, [], self.wake_at, self.wants_seed, None, happenings)


class Saved:
    """What a command may find changed by the timers that fired before it, kept so that
    a refused command leaves the table as it was (the timers fire again with the next
    command). Only taken when a timer is due, which is rare: the server ticks at
    ``wake_at``. The fields not kept here are plain values (numbers, strings, tuples,
    results) that the table replaces and never changes in place; those kept are the few
    small lists, the turn, the match's books and the hand (a clone), which it changes in
    place."""

    PLAIN = (
        "status", "phase", "opened_at", "last_at", "until", "pending_seed", "seed",
        "match_no", "hand_no", "ply", "last_trick", "entries", "window_until", "window_hand",
        "window_ply", "next_due",
    )  # fmt: skip
    LISTS = ("started", "continued", "rematch_accepted", "reserves", "results")
    OBJECTS = ("presence", "votes", "turn", "match", "hand")
    FIXED = ("config", "rules", "timing")  # never change
    STEP = ("happenings", "notes", "recorded", "quiet")  # what one step is doing

    def __init__(self, t: TableState) -> None:
        self.plain = {name: getattr(t, name) for name in self.PLAIN}
        self.presence = [replace(p) for p in t.presence]
        self.lists = {name: list(getattr(t, name)) for name in self.LISTS}
        self.votes = dict(t.votes)
        self.turn = None if t.turn is None else replace(t.turn)
        self.match = None
        if t.match is not None:
            self.match = copy.copy(t.match)  # its books: the hands list and plain values
            self.match.hands = list(t.match.hands)
        self.hand = None if t.hand is None else t.hand.clone()

    def restore(self, t: TableState) -> None:
        for name, value in {**self.plain, **self.lists}.items():
            setattr(t, name, value)
        t.presence, t.votes, t.turn = self.presence, self.votes, self.turn
        t.match, t.hand = self.match, self.hand
