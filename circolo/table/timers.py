"""The table's timers: which runs out next, firing each due one at its own instant, the
turn timer kept in step with the seat to move, and the time given back after a restart.
Functions of the table's state.

Timers due at the same instant fire in ``TIMER_ORDER``: presence first, so a player whose
grace ends as their move timer runs out is away, not auto-moved.
"""

from __future__ import annotations

import random
from typing import Any

from circolo.table import life
from circolo.table.clock import Turn
from circolo.table.errors import TableError
from circolo.table.state import TableState

TIMER_ORDER = (
    "start", "grace", "away", "invite", "display", "pause", "vote", "rematch", "window",
)  # fmt: skip


def next_timer(t: TableState) -> tuple[float, str, int | None] | None:
    """The earliest running timer: (when, kind, seat)."""
    timers: list[tuple[float, int, str, int | None]] = []

    def add(when: float | None, kind: str, seat: int | None = None) -> None:
        if when is not None:
            order = TIMER_ORDER.index(kind) if kind in TIMER_ORDER else len(TIMER_ORDER)
            timers.append((when, order, kind, seat))

    timing = t.timing
    if t.status == "waiting" and t.config.tournament and t.opened_at is not None:
        add(t.opened_at + timing.start_deadline, "start")
    if t.status == "playing":
        for seat, p in enumerate(t.presence):
            if p.closed_at is not None:
                add(p.closed_at + timing.disconnect_grace, "grace", seat)
            add(p.away_until, "away", seat)
            add(p.invited_until, "invite", seat)
        if t.phase in ("trick", "result", "vote"):
            add(t.until, {"trick": "display", "result": "pause"}.get(t.phase, "vote"))
        add(t.window_until, "window")
    if t.status == "rematch":
        add(t.until, "rematch")
    turn = t.turn
    if turn is not None:
        deadline = turn.deadline(t.limit(turn.seat))
        if deadline is not None:
            add(deadline + timing.lag_grace, "turn", turn.seat)
            if t.on_clock and not turn.warned and not t.formality():
                add(deadline - timing.burraco_warning, "warning", turn.seat)
    if not timers:
        return None
    when, _, kind, who = min(timers)
    return when, kind, who


def advance(t: TableState, now: float, due: tuple[float, str, int | None] | None = None) -> bool:
    """Fire every timer due by ``now``, each at its own instant; True if any fired.
    ``due``: the table's ``next_timer`` as it is, when the caller has it already."""
    fired = False
    if due is None:
        due = next_timer(t)
    while due is not None and due[0] <= now:
        when, kind, seat = due
        fire(t, kind, seat, when)
        fired = True
        due = next_timer(t)
    return fired


def fire(t: TableState, kind: str, seat: int | None, at: float) -> None:
    """One timer runs out at its own instant ``at``."""
    timing = t.timing
    if kind == "start":
        life.start_deadline(t, at)
    elif kind == "display":
        t.until = None
        if t.hand is not None and t.hand.is_over():
            life.hand_end(t, at)
        else:
            t.phase = "play"
            t.say_all({"type": "trick_cleared"})
    elif kind == "pause":
        t.until = None
        life.next_hand(t, at)
    elif kind == "vote":
        life.settle_vote(t, at)
    elif kind == "rematch":
        life.close(t, "rematch_expired")
    elif kind == "window":
        close_secret_window(t, at)
    elif kind == "warning":
        assert t.turn is not None
        t.turn.warned = True
        deadline = t.turn.deadline(t.limit(t.turn.seat))
        t.say_all({"type": "clock_warning", "seat": seat, "deadline": deadline})
    elif kind == "turn":
        assert seat is not None
        if t.on_clock and not t.formality():
            t.note("timeout", seat=seat)
            life.lose(t, seat, "clock", at)
        else:
            auto_move(t, seat, at)
    else:
        assert seat is not None
        p = t.presence[seat]
        if kind == "grace":
            p.closed_at = None
            p.disconnections += 1
            t.note("disconnection", seat=seat, count=p.disconnections)
            t.say_all({"type": "disconnection", "seat": seat, "count": p.disconnections})
            if p.disconnections > timing.max_disconnections:
                life.lose(t, seat, "disconnection", at)
            else:
                p.away_until = at + timing.disconnect_countdown
        else:
            t.note("not_back", seat=seat)
            life.lose(t, seat, "disconnection", at)
    sync_turn(t, at)


def sync_turn(t: TableState, at: float) -> None:
    """The turn timer exists when a human is to move at a timed table, or a formality is
    due at any table; it runs unless that seat is away."""
    seat = t.mover()
    if t.window_until is not None:  # a secret asking: its window is the only timer
        seat = None
    if seat is None or t.seats[seat].is_bot or not (t.timing.timed or t.formality()):
        t.turn = None
        return
    if t.turn is None or t.turn.seat != seat:
        t.turn = Turn(seat)
    if t.presence[seat].away:
        t.turn.suspend(at)
    else:
        t.turn.run(at)


def resume(t: TableState, grace: float, now: float) -> None:
    """Every running timer gets back the time it had at the last entry, plus grace;
    every connection is gone, and may come back within the grace."""
    delta = now - (t.last_at if t.last_at is not None else now) + grace
    if t.opened_at is not None:
        t.opened_at += delta
    if t.until is not None:
        t.until += delta
    if t.window_until is not None:
        t.window_until += delta
    if t.turn is not None and t.turn.since is not None:
        t.turn.since += delta
    for p in t.presence:
        p.shift(delta)
        if p.connected:
            p.connected = False
            if t.status == "playing" and not p.away:
                p.closed_at = now + grace
    t.say_all({"type": "resumed", "grace": grace})


def close_secret_window(t: TableState, at: float) -> None:
    """A secret asking's window ran out: a seat still asked gets the room's auto-move
    (told to it alone), the others are answered by the table, and the play goes on."""
    hand = t.hand
    assert hand is not None
    while t.window_until is not None and hand.secret_asking():
        seat = hand.to_move()
        assert seat is not None
        auto_move(t, seat, at)
    life.close_window(t)


def auto_move(t: TableState, seat: int, at: float) -> None:
    """The move timer ran out for a connected player: the room's auto-move
    (``Rules.auto_move``, from the seat's own view only), noted in the log with the move
    made and announced. Replaying an entry that recorded it plays the recorded move: the
    rule is not asked again (see ``log.py``; version-1 entries, which recorded only
    text to compare, ask it again)."""
    assert t.hand is not None and t.seed is not None
    if t.recorded is None:
        rng = random.Random(f"auto-move {t.seed} {t.ply}")
        move: Any = t.rules.auto_move(t.hand.view(seat), rng)
    elif t.recorded:
        move = t.recorded.pop(0)
    else:
        raise TableError("log_mismatch", "an auto-move is due that the entry did not record")
    played = t.hand.play(seat, move)
    t.note("auto_move", seat=seat, move=played.text)
    life.after_move(t, played, at, auto=True)
