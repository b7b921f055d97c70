"""What a table is at one instant: every field the log determines, and the small reads
and checks that the table's concerns (timers, commands, the match's life) share.

Nothing here is presentation: what was last sent, who watches and the bot's cached view
belong to ``presenter.Presenter``. Everything here is a pure function of the log.
"""

from __future__ import annotations

from typing import Any, Literal

from circolo.engine import HandState, Rules
from circolo.match import Match
from circolo.table.clock import Turn, burraco_limit
from circolo.table.config import SeatConfig, TableConfig
from circolo.table.errors import TableError
from circolo.table.presence import Presence
from circolo.table.step import Audience, Happening

Status = Literal["waiting", "playing", "rematch", "finished"]
Phase = Literal["deal", "play", "trick", "result", "vote"]


class TableState:
    """One table's state. Statuses: "waiting" (for every human to connect, or at a
    tournament table for every "start match"), "playing", "rematch" (the match is over
    and the rematch window is open), "finished" (nothing more will happen: store the
    result)."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.rules: Rules = config.rules()
        self.timing = config.timing()
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
        # A secret asking (``HandState.secret_asking``): when it closes, the hand as it
        # began (what every seat but the one asked is shown) and the ply it began at.
        self.window_until: float | None = None
        self.window_hand: HandState[Any] | None = None
        self.window_ply = 0
        self.results: list[dict[str, Any]] = []
        self.entries = 0  # the log's length: see TableSettings.max_entries
        # The earliest running timer (``timers.next_timer``) as the last step left the
        # table, read once a step: a new table runs none.
        self.next_due: tuple[float, str, int | None] | None = None
        # What the step being handled produced (reset by every command):
        self.happenings: list[Happening] = []
        self.notes: list[dict[str, Any]] = []
        self.recorded: list[str] | None = None  # the auto-moves a logged entry made
        self.quiet = False  # replaying for recovery: nobody is told anything

    # -- reads -----------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[SeatConfig, ...]:
        return self.config.seats

    @property
    def on_clock(self) -> bool:
        """Burraco's clock (green part and reserve) rather than the move timer."""
        return self.rules.clock == "burraco"

    @property
    def result(self) -> dict[str, Any] | None:
        """The last match's result (winner side or None, losers, reason, totals, hands),
        once it is over; None while a match is waiting or in play."""
        return self.results[-1] if self.results and self.status in ("rematch", "finished") else None

    @property
    def wants_seed(self) -> bool:
        """The table needs the next hand's seed (asked ahead, between hands)."""
        between = self.status == "waiting" or self.phase in ("deal", "result", "vote")
        return self.pending_seed is None and self.status in ("waiting", "playing") and between

    def limit(self, seat: int) -> float:
        """The seconds ``seat``'s running turn may last in all."""
        if self.formality():
            return self.timing.formality_timer
        if self.on_clock:
            return burraco_limit(self.reserves[seat], self.timing)
        return self.timing.move_timer

    def formality(self) -> bool:
        """The move due is a formality (``HandState.formality``): a short timer at every
        speed, then the room makes it."""
        if self.timing.formality_timer <= 0:  # off: a table recorded before the rule
            return False
        return self.mover() is not None and self.hand is not None and self.hand.formality()

    def mover(self) -> int | None:
        """The seat whose move the table awaits now (None: nobody may move)."""
        if self.status != "playing" or self.phase != "play" or self.hand is None:
            return None
        if self.window_until is not None and not self.hand.secret_asking():
            return None  # answered in secret: the window stays open its whole time
        return self.hand.to_move()

    def asked(self, audience: Audience) -> bool:
        """Is ``audience`` the seat a secret asking waits for now (shown its live hand)?"""
        hand = self.hand
        return (
            audience is not None
            and hand is not None
            and hand.secret_asking()
            and hand.to_move() == audience
        )

    def bot_key(self) -> tuple[int, int] | None:
        """The bot seat to move and the ply it is asked for (None: no bot is to move)."""
        seat = self.mover()
        if seat is None or not self.seats[seat].is_bot:
            return None
        return seat, self.ply

    def audiences(self) -> list[Audience]:
        """Every audience that gets messages: the human seats and the spectators."""
        humans: list[Audience] = [s for s, seat in enumerate(self.seats) if not seat.is_bot]
        return [*humans, None]

    # -- checks ----------------------------------------------------------------------------

    def check_seat(self, seat: int) -> int:
        if not 0 <= seat < len(self.seats):
            raise TableError("bad_seat", f"a seat is a number from 0 to {len(self.seats) - 1}")
        return seat

    def check_audience(self, audience: Audience) -> None:
        if audience is not None and (
            type(audience) is not int or not 0 <= audience < len(self.seats)
        ):
            raise TableError("bad_seat", f"a seat is a number from 0 to {len(self.seats) - 1}")

    def human(self, seat: int) -> int:
        if self.seats[self.check_seat(seat)].is_bot:
            raise TableError("bot_seat", f"seat {seat} is a bot")
        return seat

    def refuse_unless_playing(self) -> None:
        if self.status == "waiting":
            raise TableError("not_started", "the match has not started yet")
        if self.status != "playing":
            raise TableError("match_over", "the match is over")

    # -- what a step produces --------------------------------------------------------------

    def note(self, fact: str, **data: Any) -> None:
        """A fact for the log entry: what the table decided by itself in this step."""
        self.notes.append({"fact": fact, **data})

    def say(self, happening: Happening) -> None:
        """Something to tell each audience (its body, or None for an audience that is not
        told): the presenter renders it."""
        if not self.quiet:
            self.happenings.append(happening)

    def say_all(self, body: dict[str, Any]) -> None:
        self.say(lambda audience: body)
