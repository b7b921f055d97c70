"""A live table: one match (and its rematches) as a pure, replayable state machine.

``Table.handle(command, now)`` first lets time pass up to ``now`` (each due timer fires
at its own instant, in order), then applies the command, and returns a ``Step``. The log
is the accepted commands with their times: ``Table.replay`` handles them again, so the
state is a pure function of the log. Each entry also carries ``notes`` (auto-moves, the
first seat, timeouts, the end of a match) that replay recomputes and checks.
See docs/table.md.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable
from typing import Any, Literal

from circolo.bots.automove import auto_move
from circolo.cards import commitment
from circolo.engine import EngineError, HandState, Played, Rules
from circolo.match import Match, first_seat
from circolo.table import screen
from circolo.table.clock import Turn, burraco_limit, reserve_after
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
from circolo.table.config import SeatConfig, TableConfig
from circolo.table.errors import TableError
from circolo.table.games import profile
from circolo.table.presence import Presence
from circolo.table.step import Audience, BotTurn, Step

Status = Literal["waiting", "playing", "rematch", "finished"]
Phase = Literal["deal", "play", "trick", "result", "vote"]
FIXED = ("config", "rules", "timing", "profile", "_sent", "views", "watched", "_bot")
Happening = Callable[[Audience], dict[str, Any] | None]

# Timers due at the same instant fire in this order: presence first, so a player whose
# grace ends as their move timer runs out is away, not auto-moved.
TIMER_ORDER = ("start", "grace", "away", "invite", "display", "pause", "vote", "rematch")


class Table:
    """One table. Statuses: "waiting" (for every human to connect, or at a tournament
    table for every "start match"), "playing", "rematch" (the match is over and the
    rematch window is open), "finished" (nothing more will happen: store the result)."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.rules: Rules = config.rules()
        self.timing = config.timing()
        self.profile = profile(config.game)
        n = len(config.seats)
        self.status: Status = "waiting"
        self.phase: Phase | None = None
        self.opened_at: float | None = None
        self.last_at: float | None = None
        self.presence = [Presence() for _ in range(n)]
        self.started = [seat.is_bot for seat in config.seats]
        self.continued = [False] * n
        self.rematch_accepted = [False] * n
        self.votes: dict[int, str] = {}
        self.reserves = [self.timing.burraco_reserve_start] * n
        self.turn: Turn | None = None
        self.until: float | None = None  # the end of a display, pause, vote or rematch
        self.pending_seed: int | None = None
        self.seed: int | None = None
        self.match_no = 0
        self.hand_no = 0
        self.ply = 0
        self.match: Match | None = None
        self.hand: HandState[Any] | None = None
        self.last_trick: dict[str, Any] | None = None
        self.results: list[dict[str, Any]] = []
        self.entries = 0  # the log's length: see TableSettings.max_entries
        self._happenings: list[Happening] = []
        self._notes: list[dict[str, Any]] = []
        self._quiet = False
        self._sent: dict[Audience, dict[str, Any]] = {}
        self.views: dict[Audience, tuple[tuple[int, int, int], dict[str, Any]]] = {}
        self.watched = True  # see watch(); not part of the log
        self._bot: tuple[tuple[int, ...], BotTurn] | None = None  # see bot_turn

    # -- the public API ------------------------------------------------------------------

    @classmethod
    def new(cls, config: TableConfig) -> Table:
        return cls(config)

    @classmethod
    def replay(cls, config: TableConfig, entries: Iterable[dict[str, Any]]) -> Table:
        """The table its log describes: every entry handled again, in order; an entry
        that is refused or gives other notes is a ``log_mismatch``."""
        table = cls(config)
        table._quiet = True
        for index, entry in enumerate(entries):
            try:
                command = Command.from_json(entry["command"])
                table.handle(command, entry["at"])
            except (TableError, KeyError, TypeError) as error:
                raise TableError(
                    "log_mismatch", f"entry {index} does not replay: {error}"
                ) from None
            if table._notes != entry.get("notes", []):
                raise TableError("log_mismatch", f"entry {index} replays differently")
        table._quiet = False
        table._sent = {a: table.snapshot_state(a) for a in table.audiences()}
        return table

    def handle(self, command: Command, now: float) -> Step:
        """Handle one command at ``now`` (epoch seconds). Refusals raise ``TableError``
        and leave the table unchanged."""
        if not isinstance(command, Command) or type(command) is Command:
            raise TableError("bad_command", "not a table command")
        if isinstance(now, bool) or not isinstance(now, int | float) or now != now:
            raise TableError("bad_command", "now is a time in seconds")
        now = float(now) if self.last_at is None else max(float(now), self.last_at)
        bot_before = self._bot_key()
        self._happenings, self._notes = [], []
        due = self._next_timer()
        saved = None
        if due is not None and due[0] <= now and not isinstance(command, Tick):
            saved = copy.deepcopy({k: v for k, v in vars(self).items() if k not in FIXED})
        opening = self.opened_at is None
        try:
            if opening:
                self.opened_at = now
            if isinstance(command, Resume):  # before time passes: the downtime is given back
                self._resume(command.grace, now)
            fired = self._advance(now) or opening
            self._dispatch(command, now)
        except (TableError, EngineError) as error:
            if saved is not None:
                vars(self).update(saved)
            self._happenings, self._notes = [], []
            if isinstance(error, EngineError):
                raise TableError.from_engine(error) from None
            raise
        if isinstance(command, Tick) and not fired:
            return self._step([], [])
        self.entries += 1
        if self.entries >= self.timing.max_entries and self.status != "finished":
            self._log_full(now)
        self.last_at = now
        entry = {"at": now, "command": command.to_json(), "notes": self._notes}
        messages = [] if self._quiet else self._messages(now)
        bot = self.bot_turn
        return self._step([entry], messages, bot if bot and self._bot_key() != bot_before else None)

    def snapshot(self, audience: Audience, now: float | None = None) -> dict[str, Any]:
        """Everything ``audience`` (a seat, or None for spectators) needs to redraw its
        screen from nothing; with ``now``, also the server's time ("at")."""
        self._check_audience(audience)
        body: dict[str, Any] = {"type": "snapshot", "state": self.snapshot_state(audience)}
        if now is not None:
            body["at"] = now
        return body

    def snapshot_state(self, audience: Audience) -> dict[str, Any]:
        """The screen's sections; the "update" messages patch them section by section."""
        return screen.sections(self, audience)

    @property
    def seats(self) -> tuple[SeatConfig, ...]:
        return self.config.seats

    @property
    def result(self) -> dict[str, Any] | None:
        """The last match's result (winner side or None, losers, reason, totals, hands),
        once it is over; None while a match is waiting or in play."""
        return self.results[-1] if self.results and self.status in ("rematch", "finished") else None

    @property
    def wake_at(self) -> float | None:
        due = self._next_timer()
        return None if due is None else due[0]

    @property
    def wants_seed(self) -> bool:
        """The table needs the next hand's seed (asked ahead, between hands)."""
        between = self.status == "waiting" or self.phase in ("deal", "result", "vote")
        return self.pending_seed is None and self.status in ("waiting", "playing") and between

    @property
    def bot_turn(self) -> BotTurn | None:
        """The bot seat to move, with its view (kept while it is the same turn: asked for
        after every step, its JSON is the dearest part of one)."""
        mover = self._bot_key()
        if mover is None:
            self._bot = None
            return None
        seat, ply = mover
        key = (self.match_no, self.hand_no, seat, ply)
        if self._bot is None or self._bot[0] != key:
            level = self.seats[seat].level
            assert self.hand is not None and level is not None
            self._bot = (key, BotTurn(seat, level, self.hand.view(seat).to_json(), ply))
        return self._bot[1]

    def watch(self, watched: bool) -> None:
        """Spectators came (their messages follow from the screen they are shown now) or
        all left (their messages are not rendered: most tables have no spectator)."""
        if watched and not self.watched:
            self._sent[None] = self.snapshot_state(None)
        elif not watched:
            self._sent.pop(None, None)
            self.views.pop(None, None)
        self.watched = watched

    def audiences(self) -> list[Audience]:
        """Every audience that gets messages: the human seats and the spectators."""
        humans: list[Audience] = [s for s, seat in enumerate(self.seats) if not seat.is_bot]
        return [*humans, None]

    def dump(self) -> dict[str, Any]:
        """The whole state as JSON (with the true hand): two tables are the same table
        when their dumps are equal. Never send it to a client."""
        match = self.match
        state = {
            "status": self.status,
            "phase": self.phase,
            "opened_at": self.opened_at,
            "last_at": self.last_at,
            "presence": [p.to_json() for p in self.presence],
            "started": list(self.started),
            "continued": list(self.continued),
            "rematch_accepted": list(self.rematch_accepted),
            "votes": sorted(self.votes.items()),
            "reserves": list(self.reserves),
            "turn": None if self.turn is None else self.turn.to_json(),
            "until": self.until,
            "pending_seed": self.pending_seed,
            "seed": self.seed,
            "counters": [self.match_no, self.hand_no, self.ply],
            "match": None
            if match is None
            else {
                "first": match.first,
                "totals": list(match.totals),
                "outcome": match.outcome.status,
                "hands": len(match.hands),
            },
            "hand": None if self.hand is None else self.hand.position(),
            "last_trick": self.last_trick,
            "results": list(self.results),  # each result is never changed
        }
        return state

    # -- time ----------------------------------------------------------------------------

    def _next_timer(self) -> tuple[float, str, int | None] | None:
        """The earliest running timer: (when, kind, seat)."""
        timers: list[tuple[float, int, str, int | None]] = []

        def add(when: float | None, kind: str, seat: int | None = None) -> None:
            if when is not None:
                order = TIMER_ORDER.index(kind) if kind in TIMER_ORDER else len(TIMER_ORDER)
                timers.append((when, order, kind, seat))

        t = self.timing
        if self.status == "waiting" and self.config.tournament and self.opened_at is not None:
            add(self.opened_at + t.start_deadline, "start")
        if self.status == "playing":
            for seat, p in enumerate(self.presence):
                if p.closed_at is not None:
                    add(p.closed_at + t.disconnect_grace, "grace", seat)
                add(p.away_until, "away", seat)
                add(p.invited_until, "invite", seat)
            if self.phase in ("trick", "result", "vote"):
                add(self.until, {"trick": "display", "result": "pause"}.get(self.phase, "vote"))
        if self.status == "rematch":
            add(self.until, "rematch")
        turn = self.turn
        if turn is not None:
            deadline = turn.deadline(self._limit(turn.seat))
            if deadline is not None:
                add(deadline + t.lag_grace, "turn", turn.seat)
                if self.profile.clock and not turn.warned:
                    add(deadline - t.burraco_warning, "warning", turn.seat)
        if not timers:
            return None
        when, _, kind, who = min(timers)
        return when, kind, who

    def _advance(self, now: float) -> bool:
        """Fire every timer due by ``now``, each at its own instant; True if any fired."""
        fired = False
        while (due := self._next_timer()) is not None and due[0] <= now:
            when, kind, seat = due
            self._fire(kind, seat, when)
            fired = True
        return fired

    def _fire(self, kind: str, seat: int | None, at: float) -> None:
        t = self.timing
        if kind == "start":
            self._start_deadline(at)
        elif kind == "display":
            self.until = None
            if self.hand is not None and self.hand.is_over():
                self._hand_end(at)
            else:
                self.phase = "play"
                self._say_all({"type": "trick_cleared"})
        elif kind == "pause":
            self.until = None
            self._next_hand(at)
        elif kind == "vote":
            self._settle_vote(at)
        elif kind == "rematch":
            self._close("the rematch window closed")
        elif kind == "warning":
            assert self.turn is not None
            self.turn.warned = True
            deadline = self.turn.deadline(self._limit(self.turn.seat))
            self._say_all({"type": "clock_warning", "seat": seat, "deadline": deadline})
        elif kind == "turn":
            assert seat is not None
            if self.profile.clock:
                self._note("timeout", seat=seat)
                self._lose(seat, "clock", at)
            else:
                self._auto_move(seat, at)
        else:
            assert seat is not None
            p = self.presence[seat]
            if kind == "grace":
                p.closed_at = None
                p.disconnections += 1
                self._note("disconnection", seat=seat, count=p.disconnections)
                self._say_all({"type": "disconnection", "seat": seat, "count": p.disconnections})
                if p.disconnections > t.max_disconnections:
                    self._lose(seat, "disconnection", at)
                else:
                    p.away_until = at + t.disconnect_countdown
            else:
                self._note("not_back", seat=seat)
                self._lose(seat, "disconnection", at)
        self._sync_turn(at)

    def _limit(self, seat: int) -> float:
        if self.profile.clock:
            return burraco_limit(self.reserves[seat], self.timing)
        return self.timing.move_timer

    def _mover(self) -> int | None:
        """The seat whose move the table awaits now (None: nobody may move)."""
        if self.status != "playing" or self.phase != "play" or self.hand is None:
            return None
        return self.hand.to_move()

    def _sync_turn(self, at: float) -> None:
        """The turn timer exists when a human is to move at a timed table; it runs
        unless that seat is away."""
        seat = self._mover()
        if seat is None or self.seats[seat].is_bot or not self.timing.timed:
            self.turn = None
            return
        if self.turn is None or self.turn.seat != seat:
            self.turn = Turn(seat)
        if self.presence[seat].away:
            self.turn.suspend(at)
        else:
            self.turn.run(at)

    # -- commands ------------------------------------------------------------------------

    def _dispatch(self, command: Command, now: float) -> None:
        if isinstance(command, Tick):
            return
        if isinstance(command, SupplySeed):
            self._supply_seed(command.seed, now)
        elif isinstance(command, Resume):
            pass
        elif isinstance(command, Play):
            self._play(command, now)
        else:
            assert isinstance(command, SeatCommand)
            seat = self._human(command.seat)
            handler: Callable[[Any, int, float], None] = getattr(self, "_" + command.type)
            handler(command, seat, now)
        self._sync_turn(now)

    def _check_seat(self, seat: int) -> int:
        if not 0 <= seat < len(self.seats):
            raise TableError("bad_seat", f"a seat is a number from 0 to {len(self.seats) - 1}")
        return seat

    def _check_audience(self, audience: Audience) -> None:
        if audience is not None and (
            type(audience) is not int or not 0 <= audience < len(self.seats)
        ):
            raise TableError("bad_seat", f"a seat is a number from 0 to {len(self.seats) - 1}")

    def _human(self, seat: int) -> int:
        if self.seats[self._check_seat(seat)].is_bot:
            raise TableError("bot_seat", f"seat {seat} is a bot")
        return seat

    def _refuse_unless_playing(self) -> None:
        if self.status == "waiting":
            raise TableError("not_started", "the match has not started yet")
        if self.status != "playing":
            raise TableError("match_over", "the match is over")

    def _supply_seed(self, seed: int, now: float) -> None:
        if not self.wants_seed:
            raise TableError("no_seed_wanted", "the table has the next hand's seed")
        self.pending_seed = seed
        digest = commitment(seed)
        self._note("commitment", commitment=digest)
        self._say_all({"type": "commitment", "hand": self.hand_no + 1, "commitment": digest})
        if self.status == "playing" and self.phase == "deal":
            self._deal(now)

    def _resume(self, grace: float, now: float) -> None:
        """Every running timer gets back the time it had at the last entry, plus grace;
        every connection is gone, and may come back within the grace."""
        delta = now - (self.last_at if self.last_at is not None else now) + grace
        if self.opened_at is not None:
            self.opened_at += delta
        if self.until is not None:
            self.until += delta
        if self.turn is not None and self.turn.since is not None:
            self.turn.since += delta
        for p in self.presence:
            p.shift(delta)
            if p.connected:
                p.connected = False
                if self.status == "playing" and not p.away:
                    p.closed_at = now + grace
        self._say_all({"type": "resumed", "grace": grace})

    def _play(self, command: Play, now: float) -> None:
        seat = self._check_seat(command.seat)
        self._refuse_unless_playing()
        if self.phase == "deal":
            raise TableError("no_hand", "the next hand is not dealt yet")
        if self.phase == "trick":
            raise TableError("trick_on_display", "the trick is still on display")
        if self.phase != "play":
            raise TableError("hand_over", "the hand is over: no more moves")
        if self.presence[seat].away:
            raise TableError("away", "reopen the table first")
        if command.ply is not None and command.ply != self.ply:
            raise TableError("stale_move", "this move was meant for an earlier position")
        assert self.hand is not None
        try:
            played = self.hand.play(seat, command.move)
        except EngineError as error:
            raise TableError.from_engine(error) from None
        self._played(played, now, auto=False)

    def _auto_move(self, seat: int, at: float) -> None:
        """The move timer ran out for a connected player: the room's auto-move, from the
        seat's own view only, marked in the log and announced."""
        assert self.hand is not None and self.seed is not None
        rng = random.Random(f"auto-move {self.seed} {self.ply}")
        move = auto_move(self.config.game, self.hand.view(seat), rng)
        played = self.hand.play(seat, move)
        self._note("auto_move", seat=seat, move=played.text)
        self._played(played, at, auto=True)

    def _played(self, played: Played[Any], at: float, *, auto: bool) -> None:
        seat = played.seat
        self.ply += 1
        bot = self.seats[seat].is_bot

        def move_message(audience: Audience) -> dict[str, Any]:
            return {"type": "move", **played.for_seat(audience).to_json(), "auto": auto, "bot": bot}

        self._say(move_message)
        assert self.hand is not None
        if self.turn is not None and self.turn.seat == seat:
            if self.profile.clock and self.hand.to_move() == seat and not self.hand.is_over():
                pass  # Burraco: the turn goes on until the seat discards
            else:
                if self.profile.clock:
                    used = self.turn.elapsed(at)
                    self.reserves[seat] = reserve_after(self.reserves[seat], used, self.timing)
                self.turn = None
        trick = self.profile.trick_event
        for event in played.events:
            if event.kind == trick:
                self.last_trick = dict(event.data)
                self.phase = "trick"
                self.until = at + self.timing.trick_display
        if self.hand.is_over() and self.phase != "trick":
            self._hand_end(at)

    def _start_match(self, command: StartMatch, seat: int, now: float) -> None:
        if not self.config.tournament:
            raise TableError("no_start_needed", "this table starts when every player is here")
        if self.status != "waiting":
            raise TableError("already_started", "the match has started")
        if self.started[seat]:
            raise TableError("already_pressed", "you have pressed start already")
        self.started[seat] = True
        self._say_all({"type": "start_pressed", "seat": seat})
        if all(self.started):
            self._begin(now)

    def _continue(self, command: Continue, seat: int, now: float) -> None:
        self._refuse_unless_playing()
        if self.phase != "result":
            raise TableError("no_pause", "there is no hand result to leave")
        if self.continued[seat]:
            return
        self.continued[seat] = True
        self._say_all({"type": "continued", "seat": seat})
        if all(c or s.is_bot for c, s in zip(self.continued, self.seats, strict=True)):
            self.until = None
            self._next_hand(now)

    def _vote(self, command: Vote, seat: int, now: float) -> None:
        self._refuse_unless_playing()
        if self.phase != "vote":
            raise TableError("no_vote", "no vote is open")
        if command.choice not in self.rules.decision_choices:
            choices = ", ".join(self.rules.decision_choices)
            raise TableError("bad_vote", f"a vote is one of {choices}")
        if seat in self.votes:
            raise TableError("already_voted", "you have voted already")
        self.votes[seat] = command.choice
        self._say_all({"type": "voted", "seat": seat})
        if len(self.votes) == len(self.seats):
            self._settle_vote(now)

    def _rematch(self, command: Rematch, seat: int, now: float) -> None:
        if self.status != "rematch":
            raise TableError("no_rematch", "no rematch is on offer")
        if not command.accept:
            self._say_all({"type": "rematch_declined", "seat": seat})
            self._close("a player declined the rematch")
            return
        if self.rematch_accepted[seat]:
            return
        self.rematch_accepted[seat] = True
        self._say_all({"type": "rematch_accepted", "seat": seat})
        if all(a or s.is_bot for a, s in zip(self.rematch_accepted, self.seats, strict=True)):
            self._note("rematch")
            self.match_no += 1
            self._begin(now)

    def _leave(self, command: Leave, seat: int, now: float) -> None:
        p = self.presence[seat]
        if self.status == "finished" or p.left:
            raise TableError("table_closed", "you have left this table")
        if self.status == "rematch":
            p.left = True
            self._say_all({"type": "left", "seat": seat})
            self._close("a player left")
            return
        p.left = True
        self._say_all({"type": "left", "seat": seat})
        if self.status == "waiting" and not self.config.tournament:
            self.results.append(self._result(None, [], "cancelled", seat))
            self.status = "finished"
            self._note("cancelled", seat=seat)
            self._say_all({"type": "match_over", "result": self.results[-1]})
            return
        self._note("abandonment", seat=seat)
        self._lose(seat, "abandonment", now)

    def _connected(self, command: Connected, seat: int, now: float) -> None:
        p = self.presence[seat]
        p.connected = True
        p.closed_at = None
        if p.away_until is not None:
            p.away_until = None
            p.invited_until = now + self.timing.return_invitation
            self._say_all({"type": "invited", "seat": seat, "deadline": p.invited_until})
        self._say_all({"type": "presence", "seat": seat, "state": p.state()})
        if self.status == "waiting" and not self.config.tournament:
            here = [
                pr.connected or s.is_bot for pr, s in zip(self.presence, self.seats, strict=True)
            ]
            if all(here):
                self._begin(now)

    def _disconnected(self, command: Disconnected, seat: int, now: float) -> None:
        p = self.presence[seat]
        if not p.connected:
            return
        p.connected = False
        if self.status == "playing" and not p.away:
            p.closed_at = now
        self._say_all({"type": "presence", "seat": seat, "state": p.state()})

    def _return_to_table(self, command: ReturnToTable, seat: int, now: float) -> None:
        p = self.presence[seat]
        if self.status != "playing" or not p.away:
            raise TableError("no_invitation", "there is no invitation to accept")
        p.connected = True
        p.away_until = p.invited_until = p.closed_at = None
        self._say_all({"type": "returned", "seat": seat})

    # -- the match -----------------------------------------------------------------------

    def _begin(self, at: float) -> None:
        """Start a match (the first, or a rematch): fresh books, the same seats."""
        n = len(self.seats)
        self.status = "playing"
        self.match = None
        self.hand = None
        self.last_trick = None
        self.until = None
        self.votes = {}
        self.rematch_accepted = [False] * n
        self.reserves = [self.timing.burraco_reserve_start] * n
        for seat, p in enumerate(self.presence):
            p.calm()
            p.disconnections = 0
            if not p.connected and not self.seats[seat].is_bot:
                p.closed_at = at
        self._say_all({"type": "match_started", "match": self.match_no + 1})
        self._next_hand(at)

    def _next_hand(self, at: float) -> None:
        self.phase = "deal"
        self.continued = [False] * len(self.seats)
        if self.pending_seed is not None:
            self._deal(at)

    def _deal(self, at: float) -> None:
        assert self.pending_seed is not None
        seed: int = self.pending_seed
        if self.match is None:
            first = first_seat(seed, self.rules.players)
            self.match = Match(self.rules, first=first)
            self._note("first_seat", seat=first)
        self.pending_seed = None
        self.seed = seed
        self.hand = self.match.new_hand(seed)
        self.hand_no += 1
        self.last_trick = None
        self.phase = "play"
        self._say_all(
            {
                "type": "deal",
                "hand": self.hand_no,
                "first": self.match.first,
                "commitment": commitment(seed),
            }
        )

    def _hand_end(self, at: float) -> None:
        assert self.match is not None and self.hand is not None and self.seed is not None
        outcome = self.match.record(self.hand)
        record = self.match.hands[-1]
        self._say_all(
            {
                "type": "hand_over",
                "hand": self.hand_no,
                "seed": format(self.seed, "064x"),
                "commitment": commitment(self.seed),
                **record.score.to_json(),
                "totals": list(self.match.totals),
                "last_trick": self.last_trick,
            }
        )
        if outcome.status == "continue":
            self.phase = "result"
            self.until = at + self.timing.hand_result_pause
        elif outcome.status == "decision":
            self.phase = "vote"
            self.until = at + self.timing.vote_window
            self.votes = {s: outcome.choices[0] for s, seat in enumerate(self.seats) if seat.is_bot}
            self._say_all(
                {"type": "vote_open", "choices": list(outcome.choices), "deadline": self.until}
            )
        else:
            winner = outcome.winner
            losers = [side for side in range(self.rules.sides) if side != winner]
            self._finish(winner, losers if winner is not None else [], "score", None, at)

    def _settle_vote(self, at: float) -> None:
        assert self.match is not None
        choice = self.rules.settle(self.votes)
        self._note("vote", result=choice)
        self._say_all(
            {"type": "vote_result", "result": choice, "votes": sorted(self.votes.items())}
        )
        self.votes = {}
        self.until = None
        outcome = self.match.decide(choice)
        if outcome.status == "drawn":
            self._finish(None, [], "vote", None, at)
        else:
            self._next_hand(at)

    def _start_deadline(self, at: float) -> None:
        """Tournament: who has not pressed "start match" in time loses; both sides absent,
        both lose."""
        absent = sorted({self.rules.side_of(s) for s, ok in enumerate(self.started) if not ok})
        self._note("start_deadline", absent=absent)
        winner = None if len(absent) > 1 else 1 - absent[0]
        self._finish(winner, absent, "start_deadline", None, at)

    def _lose(self, seat: int, reason: str, at: float) -> None:
        """``seat``'s side loses the match (clock, disconnection, abandonment)."""
        side = self.rules.side_of(seat)
        winner = 1 - side if self.rules.sides == 2 else None
        self._finish(winner, [side], reason, seat, at)

    def _finish(
        self, winner: int | None, losers: list[int], reason: str, seat: int | None, at: float
    ) -> None:
        result = self._result(winner, losers, reason, seat)
        self.results.append(result)
        self._note("match_over", winner=winner, reason=reason)
        self.turn = None
        self.phase = None
        for p in self.presence:
            p.calm()
        if self.config.tournament or self.entries >= self.timing.max_entries // 2:
            self.status = "finished"  # no rematch: a tournament's, or too long a log for one
            self.until = None
        else:
            self.status = "rematch"
            self.until = at + self.timing.rematch_window
        self._say_all({"type": "match_over", "result": result})
        if self.status == "rematch":
            self._say_all({"type": "rematch_open", "deadline": self.until})

    def _result(
        self, winner: int | None, losers: list[int], reason: str, seat: int | None
    ) -> dict[str, Any]:
        hands = []
        if self.match is not None:
            for number, record in enumerate(self.match.hands, 1):
                hands.append(
                    {
                        "hand": number,
                        "first": record.first,
                        "seed": format(record.seed, "064x"),
                        "commitment": commitment(record.seed),
                        **record.score.to_json(),
                    }
                )
        unfinished = None
        if self.hand is not None and not self.hand.is_over() and self.seed is not None:
            unfinished = {"seed": format(self.seed, "064x"), "commitment": commitment(self.seed)}
        return {
            "match": self.match_no + 1,
            "winner": winner,
            "losers": losers,
            "reason": reason,
            "seat": seat,
            "totals": list(self.match.totals) if self.match else [0] * self.rules.sides,
            "hands": hands,
            "unfinished_hand": unfinished,
        }

    def _log_full(self, at: float) -> None:
        """The log holds ``max_entries``: a match in play ends as a draw, and the table
        closes (a safety net: no match the options allow gets this long)."""
        if self.status == "playing":
            self._finish(None, [], "log_full", None, at)
        else:
            self._note("log_full")
            self._close("the table's record is full")

    def _close(self, why: str) -> None:
        self.status = "finished"
        self.until = None
        self._say_all({"type": "table_closed", "why": why})

    # -- outputs -------------------------------------------------------------------------

    def _note(self, fact: str, **data: Any) -> None:
        self._notes.append({"fact": fact, **data})

    def _say(self, happening: Happening) -> None:
        if not self._quiet:
            self._happenings.append(happening)

    def _say_all(self, body: dict[str, Any]) -> None:
        self._say(lambda audience: body)

    def _bot_key(self) -> tuple[int, int] | None:
        seat = self._mover()
        if seat is None or not self.seats[seat].is_bot:
            return None
        return seat, self.ply

    def _messages(self, now: float) -> list[tuple[Audience, dict[str, Any]]]:
        """Every happening for every audience, then each audience's screen changes."""
        bots = [s for s, seat in enumerate(self.seats) if seat.is_bot]
        out: list[tuple[Audience, dict[str, Any]]] = []
        for audience in self.audiences():
            if audience is None and not self.watched:
                continue
            for happening in self._happenings:
                body = happening(audience)
                if body is not None:
                    out.append((audience, {**body, "at": now, "bots": bots}))
            state = self.snapshot_state(audience)
            sent = self._sent.get(audience, {})
            changed = {
                k: v
                for k, v in state.items()
                if k not in sent or (sent[k] is not v and sent[k] != v)
            }
            if changed:
                out.append(
                    (audience, {"type": "update", "state": changed, "at": now, "bots": bots})
                )
            self._sent[audience] = state
        self._happenings = []
        return out

    def _step(
        self,
        entries: list[dict[str, Any]],
        messages: list[tuple[Audience, dict[str, Any]]],
        bot: BotTurn | None = None,
    ) -> Step:
        return Step(entries, messages, self.wake_at, self.wants_seed, bot)
