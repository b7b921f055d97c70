"""The table's commands, each handled by the function the ``HANDLERS`` table names for
its type. A handler checks before it changes anything where it can; what a refusal
after a timer fired leaves behind, ``Table.handle`` undoes (see ``table.Saved``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from circolo.cards import commitment
from circolo.engine import EngineError
from circolo.table import life, timers
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
    SeatCommand,
    StartMatch,
    SupplySeed,
    Tick,
    Vote,
)
from circolo.table.errors import TableError
from circolo.table.state import TableState

Handler = Callable[[TableState, Any, float], None]
SeatHandler = Callable[[TableState, Any, int, float], None]


def dispatch(t: TableState, command: Command, now: float) -> None:
    """Apply ``command`` (time has passed up to ``now``), then keep the turn timer in
    step with the seat to move (a tick: every timer that fired kept it)."""
    HANDLERS[type(command)](t, command, now)
    if isinstance(command, Tick):
        return
    timers.sync_turn(t, now)


def _nothing(t: TableState, command: Command, now: float) -> None:
    """A tick only lets time pass; a resume gave the time back before it passed."""


def _human(handler: SeatHandler) -> Handler:
    """A human seat's command: a bot seat sends only moves."""

    def handle(t: TableState, command: SeatCommand, now: float) -> None:
        handler(t, command, t.human(command.seat), now)

    return handle


def supply_seed(t: TableState, command: SupplySeed, now: float) -> None:
    seed = command.seed
    if not t.wants_seed:
        raise TableError("no_seed_wanted", "the table has the next hand's seed")
    t.pending_seed = seed
    digest = commitment(seed)
    t.note("commitment", commitment=digest)
    t.say_all({"type": "commitment", "hand": t.hand_no + 1, "commitment": digest})
    if t.status == "playing" and t.phase == "deal":
        life.deal(t, now)


def play(t: TableState, command: Play, now: float) -> None:
    seat = t.check_seat(command.seat)
    t.refuse_unless_playing()
    if t.phase == "deal":
        raise TableError("no_hand", "the next hand is not dealt yet")
    if t.phase == "trick":
        raise TableError("trick_on_display", "the trick is still on display")
    if t.phase != "play":
        raise TableError("hand_over", "the hand is over: no more moves")
    if t.presence[seat].away:
        raise TableError("away", "reopen the table first")
    if t.window_until is not None and not t.asked(seat):
        raise TableError("asking", "wait: the table is waiting for an answer")
    if command.ply is not None and command.ply != t.ply:
        raise TableError("stale_move", "this move was meant for an earlier position")
    assert t.hand is not None
    try:
        played = t.hand.play(seat, command.move)
    except EngineError as error:
        raise TableError.from_engine(error) from None
    life.after_move(t, played, now, auto=False)


def start_match(t: TableState, command: StartMatch, seat: int, now: float) -> None:
    if not t.config.tournament:
        raise TableError("no_start_needed", "this table starts when every player is here")
    if t.status != "waiting":
        raise TableError("already_started", "the match has started")
    if t.started[seat]:
        raise TableError("already_pressed", "you have pressed start already")
    t.started[seat] = True
    t.say_all({"type": "start_pressed", "seat": seat})
    if all(t.started):
        life.begin(t, now)


def continue_(t: TableState, command: Continue, seat: int, now: float) -> None:
    t.refuse_unless_playing()
    if t.phase != "result":
        raise TableError("no_pause", "there is no hand result to leave")
    if t.continued[seat]:
        return
    t.continued[seat] = True
    t.say_all({"type": "continued", "seat": seat})
    if all(c or s.is_bot for c, s in zip(t.continued, t.seats, strict=True)):
        t.until = None
        life.next_hand(t, now)


def vote(t: TableState, command: Vote, seat: int, now: float) -> None:
    t.refuse_unless_playing()
    if t.phase != "vote":
        raise TableError("no_vote", "no vote is open")
    if command.choice not in t.rules.decision_choices:
        choices = ", ".join(t.rules.decision_choices)
        raise TableError("bad_vote", f"a vote is one of {choices}")
    if seat in t.votes:
        raise TableError("already_voted", "you have voted already")
    t.votes[seat] = command.choice
    t.say_all({"type": "voted", "seat": seat})
    if len(t.votes) == len(t.seats):
        life.settle_vote(t, now)


def rematch(t: TableState, command: Rematch, seat: int, now: float) -> None:
    if t.status != "rematch":
        raise TableError("no_rematch", "no rematch is on offer")
    if not command.accept:
        t.say_all({"type": "rematch_declined", "seat": seat})
        life.close(t, "rematch_declined")
        return
    if t.rematch_accepted[seat]:
        return
    t.rematch_accepted[seat] = True
    t.say_all({"type": "rematch_accepted", "seat": seat})
    if all(a or s.is_bot for a, s in zip(t.rematch_accepted, t.seats, strict=True)):
        t.note("rematch")
        t.match_no += 1
        life.begin(t, now)


def leave(t: TableState, command: Leave, seat: int, now: float) -> None:
    p = t.presence[seat]
    if t.status == "finished" or p.left:
        raise TableError("table_closed", "you have left this table")
    if t.status == "rematch":
        p.left = True
        t.say_all({"type": "left", "seat": seat})
        life.close(t, "left")
        return
    p.left = True
    t.say_all({"type": "left", "seat": seat})
    if t.status == "waiting" and not t.config.tournament:
        t.results.append(life.result_of(t, None, [], "cancelled", seat))
        t.status = "finished"
        t.note("cancelled", seat=seat)
        t.say_all({"type": "match_over", "result": t.results[-1]})
        return
    t.note("abandonment", seat=seat)
    life.lose(t, seat, "abandonment", now)


def connected(t: TableState, command: Connected, seat: int, now: float) -> None:
    p = t.presence[seat]
    p.connected = True
    p.closed_at = None
    if p.away_until is not None:
        p.away_until = None
        p.invited_until = now + t.timing.return_invitation
        t.say_all({"type": "invited", "seat": seat, "deadline": p.invited_until})
    t.say_all({"type": "presence", "seat": seat, "state": p.state()})
    if t.status == "waiting" and not t.config.tournament:
        here = [pr.connected or s.is_bot for pr, s in zip(t.presence, t.seats, strict=True)]
        if all(here):
            life.begin(t, now)


def disconnected(t: TableState, command: Disconnected, seat: int, now: float) -> None:
    p = t.presence[seat]
    if not p.connected:
        return
    p.connected = False
    if t.status == "playing" and not p.away:
        p.closed_at = now
    t.say_all({"type": "presence", "seat": seat, "state": p.state()})


def return_to_table(t: TableState, command: ReturnToTable, seat: int, now: float) -> None:
    p = t.presence[seat]
    if t.status != "playing" or not p.away:
        raise TableError("no_invitation", "there is no invitation to accept")
    p.connected = True
    p.away_until = p.invited_until = p.closed_at = None
    t.say_all({"type": "returned", "seat": seat})


HANDLERS: dict[type[Command], Handler] = {
    Tick: _nothing,
    Resume: _nothing,
    SupplySeed: supply_seed,
    Play: play,
    StartMatch: _human(start_match),
    Continue: _human(continue_),
    Vote: _human(vote),
    Rematch: _human(rematch),
    Leave: _human(leave),
    Connected: _human(connected),
    Disconnected: _human(disconnected),
    ReturnToTable: _human(return_to_table),
}
"""Every command type and its handler: the JSON name of a command (``commands.py``) and
the function that handles it are tied here, and only here."""
