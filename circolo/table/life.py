"""The match's life at a table: a move's consequences, deals, hand ends, votes, the end
of a match, rematches and the table's close. Functions of the table's state, called by
its commands and timers."""

from __future__ import annotations

from typing import Any

from circolo.cards import commitment
from circolo.engine import Played
from circolo.match import Match, first_seat
from circolo.table.clock import reserve_after
from circolo.table.state import TableState
from circolo.table.step import Audience


def after_move(
    t: TableState, played: Played[Any], at: float, *, auto: bool, forced: bool = False
) -> None:
    """A move was made (by its seat, the auto-move, or the table answering for a seat
    with no choice in a secret asking): the turn, a trick on display, the hand's end."""
    seat = played.seat
    t.ply += 1
    bot = t.seats[seat].is_bot
    secret = t.window_until is not None and not played.events  # told to its seat only

    def move_message(audience: Audience) -> dict[str, Any] | None:
        if secret and (forced or audience != seat):
            return None
        return {"type": "move", **played.for_seat(audience).to_json(), "auto": auto, "bot": bot}

    t.say(move_message)
    assert t.hand is not None
    if t.turn is not None and t.turn.seat == seat:
        if t.on_clock and t.hand.to_move() == seat and not t.hand.is_over():
            pass  # Burraco: the turn goes on until the seat discards
        else:
            if t.on_clock:
                used = t.turn.elapsed(at)
                t.reserves[seat] = reserve_after(t.reserves[seat], used, t.timing)
            t.turn = None
    trick = t.rules.trick_event
    for event in played.events:
        if event.kind == trick:
            t.last_trick = dict(event.data)
            t.phase = "trick"
            t.until = at + t.timing.trick_display
    if t.window_until is not None and played.events:
        close_window(t)  # answered by a move everyone sees (an exchange): no more secret
    if t.hand.is_over() and t.phase != "trick":
        hand_end(t, at)
    elif not forced:
        ask_in_secret(t, at)


def ask_in_secret(t: TableState, at: float) -> None:
    """A secret asking (``HandState.secret_asking``): opened when it begins, for
    ``secret_window`` seconds whatever happens; the table answers for every seat that
    has a single legal move, so only a seat with a choice is asked."""
    hand = t.hand
    assert hand is not None
    if not hand.secret_asking() or t.timing.secret_window <= 0:  # off: every seat asked
        return
    if t.window_until is None:
        t.window_until = at + t.timing.secret_window
        t.window_hand = hand.clone()
        t.window_ply = t.ply
    while hand.secret_asking() and len(legal := hand.legal_moves()) == 1:
        seat = hand.to_move()
        assert seat is not None
        after_move(t, hand.play(seat, legal[0]), at, auto=True, forced=True)


def close_window(t: TableState) -> None:
    t.window_until = None
    t.window_hand = None


def begin(t: TableState, at: float) -> None:
    """Start a match (the first, or a rematch): fresh books, the same seats."""
    n = len(t.seats)
    t.status = "playing"
    t.match = None
    t.hand = None
    t.last_trick = None
    t.until = None
    t.votes = {}
    t.rematch_accepted = [False] * n
    t.reserves = [t.timing.burraco_reserve_start] * n
    for seat, p in enumerate(t.presence):
        p.calm()
        p.disconnections = 0
        if not p.connected and not t.seats[seat].is_bot:
            p.closed_at = at
    t.say_all({"type": "match_started", "match": t.match_no + 1})
    next_hand(t, at)


def next_hand(t: TableState, at: float) -> None:
    t.phase = "deal"
    t.continued = [False] * len(t.seats)
    if t.pending_seed is not None:
        deal(t, at)


def deal(t: TableState, at: float) -> None:
    assert t.pending_seed is not None
    seed: int = t.pending_seed
    if t.match is None:
        first = first_seat(seed, t.rules.players)
        t.match = Match(t.rules, first=first)
        t.note("first_seat", seat=first)
    t.pending_seed = None
    t.seed = seed
    t.hand = t.match.new_hand(seed)
    t.hand_no += 1
    t.last_trick = None
    close_window(t)
    t.phase = "play"
    t.say_all(
        {
            "type": "deal",
            "hand": t.hand_no,
            "first": t.match.first,
            "commitment": commitment(seed),
        }
    )


def hand_end(t: TableState, at: float) -> None:
    assert t.match is not None and t.hand is not None and t.seed is not None
    outcome = t.match.record(t.hand)
    record = t.match.hands[-1]
    t.say_all(
        {
            "type": "hand_over",
            "hand": t.hand_no,
            "seed": format(t.seed, "064x"),
            "commitment": commitment(t.seed),
            **record.score.to_json(),
            "totals": list(t.match.totals),
            "last_trick": t.last_trick,
        }
    )
    if outcome.status == "continue":
        t.phase = "result"
        t.until = at + t.timing.hand_result_pause
    elif outcome.status == "decision":
        t.phase = "vote"
        t.until = at + t.timing.vote_window
        t.votes = {s: outcome.choices[0] for s, seat in enumerate(t.seats) if seat.is_bot}
        t.say_all({"type": "vote_open", "choices": list(outcome.choices), "deadline": t.until})
    else:
        winner = outcome.winner
        losers = [side for side in range(t.rules.sides) if side != winner]
        finish(t, winner, losers if winner is not None else [], "score", None, at)


def settle_vote(t: TableState, at: float) -> None:
    assert t.match is not None
    choice = t.rules.settle(t.votes)
    t.note("vote", result=choice)
    t.say_all({"type": "vote_result", "result": choice, "votes": sorted(t.votes.items())})
    t.votes = {}
    t.until = None
    outcome = t.match.decide(choice)
    if outcome.status == "drawn":
        finish(t, None, [], "vote", None, at)
    else:
        next_hand(t, at)


def start_deadline(t: TableState, at: float) -> None:
    """Tournament: who has not pressed "start match" in time loses; both sides absent,
    both lose."""
    absent = sorted({t.rules.side_of(s) for s, ok in enumerate(t.started) if not ok})
    t.note("start_deadline", absent=absent)
    winner = None if len(absent) > 1 else 1 - absent[0]
    finish(t, winner, absent, "start_deadline", None, at)


def lose(t: TableState, seat: int, reason: str, at: float) -> None:
    """``seat``'s side loses the match (clock, disconnection, abandonment)."""
    side = t.rules.side_of(seat)
    winner = 1 - side if t.rules.sides == 2 else None
    finish(t, winner, [side], reason, seat, at)


def finish(
    t: TableState, winner: int | None, losers: list[int], reason: str, seat: int | None, at: float
) -> None:
    result = result_of(t, winner, losers, reason, seat)
    t.results.append(result)
    t.note("match_over", winner=winner, reason=reason)
    t.turn = None
    t.phase = None
    for p in t.presence:
        p.calm()
    if t.config.tournament or t.entries >= t.timing.max_entries // 2:
        t.status = "finished"  # no rematch: a tournament's, or too long a log for one
        t.until = None
    else:
        t.status = "rematch"
        t.until = at + t.timing.rematch_window
    t.say_all({"type": "match_over", "result": result})
    if t.status == "rematch":
        t.say_all({"type": "rematch_open", "deadline": t.until})


def result_of(
    t: TableState, winner: int | None, losers: list[int], reason: str, seat: int | None
) -> dict[str, Any]:
    hands = []
    if t.match is not None:
        for number, record in enumerate(t.match.hands, 1):
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
    if t.hand is not None and not t.hand.is_over() and t.seed is not None:
        unfinished = {"seed": format(t.seed, "064x"), "commitment": commitment(t.seed)}
    return {
        "match": t.match_no + 1,
        "winner": winner,
        "losers": losers,
        "reason": reason,
        "seat": seat,
        "totals": list(t.match.totals) if t.match else [0] * t.rules.sides,
        "hands": hands,
        "unfinished_hand": unfinished,
    }


def log_full(t: TableState, at: float) -> None:
    """The log holds ``max_entries``: a match in play ends as a draw, and the table
    closes (a safety net: no match the options allow gets this long)."""
    if t.status == "playing":
        finish(t, None, [], "log_full", None, at)
    else:
        t.note("log_full")
        close(t, "the table's record is full")


def close(t: TableState, why: str) -> None:
    """The table ends for good; ``why`` is a code the client words: ``left``,
    ``rematch_declined`` or ``rematch_expired``."""
    t.status = "finished"
    t.until = None
    t.say_all({"type": "table_closed", "why": why})
