"""What each audience of a table has been shown, and what it is told next.

The table's steps say what happened (``Step.happenings``); the presenter renders them for
every audience (a human seat, or the spectators), then each audience's screen changes
since the last step (an "update" with the sections that changed: ``screen.py``). It
keeps what it last sent, whether anyone watches, the views it already rendered and the
bot's view: state about the readers, not about the table, so it lives outside the
replayable machine. The server's owner holds one per live table; a replay page holds one
for the spectators.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from circolo.table import screen
from circolo.table.commands import Command
from circolo.table.step import Audience, BotTurn, Step
from circolo.table.table import Table


class Presenter:
    """Renders ``table``'s steps. ``shown``: every audience already has the table's
    screen as it is (a table replayed after a restart); else they have nothing yet.
    ``audiences``: who is told (default: the human seats and the spectators)."""

    def __init__(
        self, table: Table, *, shown: bool = False, audiences: Sequence[Audience] | None = None
    ) -> None:
        self.table = table
        self.audiences: list[Audience] = list(table.audiences() if audiences is None else audiences)
        self.watched = True  # see watch()
        self.kept = screen.Kept()
        # What was last sent: the shared sections (every audience told has them), and each
        # audience's hand section.
        self._shared: dict[str, Any] = {}
        self._hands: dict[Audience, Any] = {}
        self._bot: tuple[tuple[int, ...], BotTurn] | None = None
        if shown:
            self._shared = screen.shared(table, self.kept)
            self._hands = {a: screen.hand(table, a, self.kept) for a in self.audiences}

    def handle(self, command: Command, now: float) -> Step:
        """The table handles ``command``; its step with the messages for every audience,
        and the bot turn that step made due (``TableError`` as the table raises it)."""
        before = self.table.bot_key()
        step = self.table.handle(command, now)
        if not step.entries:
            return step
        messages = self.messages(step)
        bot = self.bot_turn
        due = bot if bot is not None and (bot.seat, bot.ply) != before else None
        return Step(step.entries, messages, step.wake_at, step.wants_seed, due)

    def messages(self, step: Step) -> list[tuple[Audience, dict[str, Any]]]:
        """Every happening of ``step`` for every audience, then each audience's screen
        changes (a step the table just took: its time is the table's ``last_at``). The
        shared sections are rendered and compared once for all audiences."""
        table = self.table
        now = table.last_at
        bots = [s for s, seat in enumerate(table.seats) if seat.is_bot]
        shared, sent = screen.shared(table, self.kept), self._shared
        changed_shared = {k: v for k, v in shared.items() if k not in sent or _differs(sent[k], v)}
        self._shared = shared
        out: list[tuple[Audience, dict[str, Any]]] = []
        for audience in self.audiences:
            if audience is None and not self.watched:
                continue
            for happening in step.happenings:
                body = happening(audience)
                if body is not None:
                    out.append((audience, {**body, "at": now, "bots": bots}))
            changed = dict(changed_shared)
            hand = screen.hand(table, audience, self.kept)
            if audience not in self._hands or _differs(self._hands[audience], hand):
                changed["hand"] = hand
            self._hands[audience] = hand
            if changed:
                out.append(
                    (audience, {"type": "update", "state": changed, "at": now, "bots": bots})
                )
        return out

    def snapshot(self, audience: Audience, now: float | None = None) -> dict[str, Any]:
        """Everything ``audience`` (a seat, or None for spectators) needs to redraw its
        screen from nothing; with ``now``, also the server's time ("at")."""
        self.table.check_audience(audience)
        body: dict[str, Any] = {"type": "snapshot", "state": self.snapshot_state(audience)}
        if now is not None:
            body["at"] = now
        return body

    def snapshot_state(self, audience: Audience) -> dict[str, Any]:
        """The screen's sections; the "update" messages patch them section by section."""
        return screen.sections(self.table, audience, self.kept)

    def watch(self, watched: bool) -> None:
        """Spectators came (their messages follow from the screen they are shown now) or
        all left (their messages are not rendered: most tables have no spectator)."""
        if watched and not self.watched:
            self._hands[None] = screen.hand(self.table, None, self.kept)
        elif not watched:
            self._hands.pop(None, None)
            self.kept.hands.pop(None, None)
        self.watched = watched

    @property
    def bot_turn(self) -> BotTurn | None:
        """The bot seat to move, with its view (kept while it is the same turn: it is asked
        for after every step)."""
        table = self.table
        mover = table.bot_key()
        if mover is None:
            self._bot = None
            return None
        seat, ply = mover
        key = (table.match_no, table.hand_no, seat, ply)
        if self._bot is None or self._bot[0] != key:
            level = table.seats[seat].level
            assert table.hand is not None and level is not None
            self._bot = (key, BotTurn(seat, level, table.hand.view(seat), ply))
        return self._bot[1]


def _differs(before: Any, now: Any) -> bool:
    return before is not now and before != now
