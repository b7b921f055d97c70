"""Every room rule and its boundaries, with the fake clock, on the tiny "tricks" game.

The clock starts at 1000.0; ``d.at(t, ...)`` handles at 1000.0 + t.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from circolo.cards import commitment
from circolo.match import first_seat
from circolo.table import (
    Connected,
    Continue,
    Disconnected,
    Leave,
    Play,
    Presenter,
    Rematch,
    Resume,
    ReturnToTable,
    StartMatch,
    SupplySeed,
    TableError,
    TableSettings,
    Tick,
    Vote,
)
from circolo.table.table import Saved, Table
from tests.tables import dump
from tests.test_table_support import Driver, config, mover, play_any, started
from tests.test_table_support import tricks_game as tricks_game

LOCALES = Path(__file__).parents[1] / "circolo" / "locales"

pytestmark = pytest.mark.usefixtures("tricks_game")


def types(d: Driver, audience: Any = None) -> list[str]:
    return [body["type"] for a, body in d.messages if a == audience]


def notes(d: Driver) -> list[dict[str, Any]]:
    return [note for entry in d.log for note in entry["notes"]]


def facts(d: Driver, fact: str) -> list[dict[str, Any]]:
    return [note for note in notes(d) if note["fact"] == fact]


def advance(d: Driver, t: float) -> None:
    """At ``t``: the seat to move plays, or time passes."""
    if d.table.phase == "play":
        play_any(d, t)
    else:
        d.at(t)


def finish_trick(d: Driver, t: float) -> None:
    """Play moves at ``t`` until the trick is on display."""
    while d.table.phase == "play":
        play_any(d, t)


# -- starting --------------------------------------------------------------------------


def test_a_casual_table_starts_when_every_human_is_here() -> None:
    d = Driver(config())
    d.at(0)
    assert d.table.status == "waiting" and d.table.wants_seed is False  # supplied by the driver
    d.at(1, Connected(0))
    assert d.table.status == "waiting"
    d.at(2, Connected(1))
    assert d.table.status == "playing" and d.table.phase == "play"


def test_the_commitment_comes_before_the_deal_and_the_seed_after_the_hand() -> None:
    d = started()
    kinds = types(d, 0)
    assert kinds.index("commitment") < kinds.index("deal")
    committed = next(b for a, b in d.messages if b["type"] == "commitment")["commitment"]
    assert d.table.seed is not None and committed == commitment(d.table.seed)
    first_seed = d.table.seed
    assert facts(d, "first_seat") == [{"fact": "first_seat", "seat": first_seat(first_seed, 2)}]
    t = 1.0
    while d.table.phase != "result":
        advance(d, t)
        t += 5
    over = next(b for a, b in d.messages if b["type"] == "hand_over")
    assert int(over["seed"], 16) == first_seed and over["commitment"] == committed


def test_tournament_start_deadline_boundary() -> None:
    d = Driver(config(tournament=True))
    d.at(0)
    d.at(10, StartMatch(0))
    d.at(119.9)
    assert d.table.status == "waiting"
    assert d.table.wake_at == 1120.0
    d.at(120)
    result = d.table.result
    assert result is not None
    assert (result["reason"], result["winner"], result["losers"]) == ("start_deadline", 0, [1])
    assert d.table.status == "finished"  # no rematch at a tournament table


def test_tournament_both_absent_both_lose() -> None:
    d = Driver(config(tournament=True))
    d.at(0)
    d.at(120)
    result = d.table.result
    assert result is not None and result["winner"] is None and result["losers"] == [0, 1]


def test_tournament_starts_when_every_human_presses_start() -> None:
    d = Driver(config(tournament=True, bots=[1]))
    d.at(0)
    with pytest.raises(TableError) as refused:
        d.at(1, StartMatch(1))
    assert refused.value.code == "bot_seat"
    d.at(119.9, StartMatch(0))
    assert d.table.status == "playing"


def test_start_match_at_a_casual_table_is_refused() -> None:
    d = Driver(config())
    d.at(0)
    with pytest.raises(TableError) as refused:
        d.at(1, StartMatch(0))
    assert refused.value.code == "no_start_needed"


# -- the move timer --------------------------------------------------------------------


def test_move_timer_with_lag_grace_boundary() -> None:
    d = started()
    seat = mover(d)
    assert d.table.wake_at == 1031.0  # 30 s + 1 s lag grace
    d.at(29.9)
    d.at(30.0)
    assert mover(d) == seat and not facts(d, "auto_move")
    play_any(d, 30.9)  # late, within the grace: accepted
    assert not facts(d, "auto_move")


def test_a_move_after_the_grace_is_refused_and_the_auto_move_played() -> None:
    d = started()
    seat = mover(d)
    move = d.table.hand.legal_moves()[0] if d.table.hand else ""
    before = dump(d.table)
    with pytest.raises(TableError) as refused:
        d.at(31.1, Play(seat, "2H" if move != "2H" else "3H"))
    assert refused.value.code in ("not_your_turn", "illegal_move")
    assert dump(d.table) == before  # refused: the auto-move waits for the tick
    d.at(31.1)
    auto = facts(d, "auto_move")
    assert auto == [{"fact": "auto_move", "seat": seat, "move": move}]
    announced = [(a, b) for a, b in d.messages if b["type"] == "move"]
    assert {a for a, _ in announced} == {0, 1, None}
    assert all(b["auto"] for _, b in announced)


def test_no_timer_runs_while_a_trick_is_on_display() -> None:
    d = started()
    finish_trick(d, 5)
    assert d.table.phase == "trick"
    assert d.table.wake_at == 1009.0  # 4 s display
    with pytest.raises(TableError) as refused:
        play_any(d, 6)
    assert refused.value.code == "trick_on_display"
    d.at(9)
    assert d.table.phase == "play"
    assert d.table.wake_at == 1009.0 + 31.0


def test_hand_result_pause_and_continue() -> None:
    d = started()
    t = 1.0
    while d.table.phase != "result":
        advance(d, t)
        t += 5
    until = d.table.until
    assert until is not None and d.table.wake_at == until
    assert d.table.last_trick is not None  # the last trick is shown again with the result
    d.at(until - 1000 - 0.1)
    assert d.table.phase == "result"
    d.at(until - 1000)
    assert d.table.phase == "play" and d.table.hand_no == 2


def test_every_human_saying_continue_ends_the_pause() -> None:
    d = started()
    t = 1.0
    while d.table.phase != "result":
        advance(d, t)
        t += 5
    d.at(t, Continue(0))
    assert d.table.phase == "result"
    d.at(t, Continue(1))
    assert d.table.phase == "play" and d.table.hand_no == 2


# -- speeds ----------------------------------------------------------------------------


def test_relaxed_doubles_the_move_timer() -> None:
    d = started(config(speed="relaxed", private=True))
    assert d.table.wake_at == 1061.0


def test_untimed_never_auto_moves_but_disconnection_rules_hold() -> None:
    d = started(config(speed="untimed", private=True))
    seat = mover(d)
    assert d.table.wake_at is None
    d.at(10_000)
    assert not facts(d, "auto_move") and mover(d) == seat
    d.at(10_001, Disconnected(seat))
    d.at(10_001 + 5)
    assert d.table.presence[seat].disconnections == 1
    d.at(10_001 + 5 + 240)  # relaxed numbers: a 4-minute countdown
    assert d.table.result is not None and d.table.result["reason"] == "disconnection"


# -- disconnection ---------------------------------------------------------------------


def test_a_reload_within_the_grace_does_not_count() -> None:
    d = started()
    d.at(1, Disconnected(0))
    d.at(5.9, Connected(0))
    d.at(7)
    assert d.table.presence[0].disconnections == 0


def test_the_disconnection_counts_after_5_seconds() -> None:
    d = started()
    d.at(1, Disconnected(0))
    d.at(5.9)
    assert d.table.presence[0].disconnections == 0
    d.at(6)
    assert d.table.presence[0].disconnections == 1
    assert d.table.presence[0].away_until == 1006 + 120


def test_an_away_seat_timer_is_suspended_and_resumes_with_its_time() -> None:
    d = started()
    seat = mover(d)
    d.at(10, Disconnected(seat))
    d.at(15)  # counted: the timer stops with 15 s used
    d.at(100)
    assert not facts(d, "auto_move")
    d.at(100, Connected(seat))
    d.at(101, ReturnToTable(seat))
    assert d.table.wake_at == 1101 + 15 + 1  # 15 s left, plus the grace
    assert d.presenter.snapshot(None)["state"]["clock"]["running"] is True


def test_countdown_boundary_loses_at_two_minutes() -> None:
    d = started()
    d.at(0, Disconnected(1))
    d.at(5 + 119.9)
    assert d.table.status == "playing"
    d.at(5 + 120)
    result = d.table.result
    assert result is not None and result["reason"] == "disconnection"
    assert (result["winner"], result["losers"], result["seat"]) == (0, [1], 1)


def test_invitation_boundary() -> None:
    d = started()
    d.at(0, Disconnected(1))
    d.at(60, Connected(1))
    assert d.table.presence[1].invited_until == 1090
    d.at(89.9)
    assert d.table.status == "playing"
    d.at(90)
    assert d.table.result is not None and d.table.result["reason"] == "disconnection"


def test_accepting_the_invitation_in_time() -> None:
    d = started()
    d.at(0, Disconnected(1))
    d.at(60, Connected(1))
    d.at(89.9, ReturnToTable(1))
    d.at(500)
    assert d.table.presence[1].state() == "here"
    with pytest.raises(TableError) as refused:
        d.at(501, ReturnToTable(1))
    assert refused.value.code == "no_invitation"


def test_the_third_disconnection_loses_at_once() -> None:
    d = started(config(speed="untimed", private=True))
    for k in range(2):
        d.at(100 * k, Disconnected(0))
        d.at(100 * k + 5, Connected(0))
        d.at(100 * k + 6, ReturnToTable(0))
    assert d.table.status == "playing"
    d.at(300, Disconnected(0))
    d.at(304.9)
    assert d.table.status == "playing"
    d.at(305)
    result = d.table.result
    assert result is not None and result["reason"] == "disconnection" and result["losers"] == [0]


def test_a_disconnection_is_a_team_loss_in_2v2() -> None:
    d = started(config(seats=4))
    d.at(0, Disconnected(3))
    d.at(125)
    result = d.table.result
    assert result is not None and (result["winner"], result["losers"]) == (0, [1])


def test_a_moving_away_player_cannot_play() -> None:
    d = started()
    seat = mover(d)
    d.at(0, Disconnected(seat))
    d.at(6, Connected(seat))
    with pytest.raises(TableError) as refused:
        play_any(d, 7)
    assert refused.value.code == "away"


# -- votes -----------------------------------------------------------------------------


def tied_config(**kwargs: Any) -> Any:
    """Every hand ends with both sides at the target: a vote."""
    return config(options={"target": 3, "bonus": 3}, **kwargs)


def open_vote(d: Driver) -> float:
    """Play the hand until the vote opens; the time then."""
    t = 1.0
    while d.table.phase != "vote":
        if d.table.phase == "play":
            play_any(d, t)
        else:
            d.at(t)
        t += 5
    return t


def test_vote_unanimous_replay_restores_the_score() -> None:
    d = started(tied_config())
    t = open_vote(d)
    assert d.table.match is not None
    before = list(d.table.match.totals)
    assert before[0] >= 3 and before[1] >= 3
    d.at(t, Vote(0, "replay"))
    d.at(t + 1, Vote(1, "replay"))
    assert d.table.phase == "play"
    last = d.table.match.hands[-1].score.points
    assert d.table.match.totals == [b - p for b, p in zip(before, last, strict=True)]


def test_vote_any_draw_is_a_draw() -> None:
    d = started(tied_config())
    t = open_vote(d)
    d.at(t, Vote(0, "replay"))
    d.at(t, Vote(1, "draw"))
    result = d.table.result
    assert result is not None and (result["reason"], result["winner"]) == ("vote", None)


def test_vote_timeout_boundary_is_a_draw() -> None:
    d = started(tied_config())
    t = open_vote(d)
    d.at(t, Vote(0, "replay"))
    assert d.table.until is not None
    opened = d.table.until - 30 - 1000
    d.at(opened + 29.9)
    assert d.table.phase == "vote"
    d.at(opened + 30)
    assert d.table.result is not None and d.table.result["reason"] == "vote"


def test_bots_vote_replay_and_humans_decide() -> None:
    d = started(tied_config(bots=[1]))
    t = 1.0
    for _ in range(400):
        if d.table.phase == "vote" or d.table.status != "playing":
            break
        bot = d.presenter.bot_turn
        if bot is not None:
            d.at(t, Play(bot.seat, bot.view.to_json()["hand"][0], bot.ply))
        elif d.table.phase == "play":
            play_any(d, t)
        else:
            d.at(t)
        t += 5
    assert d.table.votes == {1: "replay"}
    d.at(t, Vote(0, "replay"))
    assert d.table.phase == "play"


def test_a_vote_when_none_is_open_is_refused() -> None:
    d = started()
    with pytest.raises(TableError) as refused:
        d.at(1, Vote(0, "replay"))
    assert refused.value.code == "no_vote"


# -- the end, rematch, abandonment -----------------------------------------------------


def lose_by_abandonment(d: Driver, seat: int = 1, t: float = 1) -> None:
    d.at(t, Leave(seat))


def test_leaving_is_an_abandonment_and_a_team_loss() -> None:
    d = started(config(seats=4))
    lose_by_abandonment(d, 2)
    result = d.table.result
    assert result is not None
    assert (result["reason"], result["winner"], result["losers"]) == ("abandonment", 1, [0])


def test_leaving_a_casual_table_before_the_start_cancels_it() -> None:
    d = Driver(config())
    d.at(0, Connected(0))
    d.at(1, Leave(0))
    assert d.table.status == "finished" and d.table.result is not None
    assert d.table.result["reason"] == "cancelled"


def test_rematch_window_boundary() -> None:
    d = started()
    lose_by_abandonment(d, 1, 10)
    assert d.table.status == "rematch"
    d.at(69.9)
    assert d.table.status == "rematch"
    d.at(70)
    assert d.table.status == "finished"


def test_rematch_when_every_human_accepts() -> None:
    d = started()
    lose_by_abandonment(d, 1, 10)
    d.at(20, Rematch(0, True))
    assert d.table.status == "rematch"
    d.at(69.9, Rematch(1, True))
    assert d.table.status == "playing" and d.table.match_no == 1
    assert d.table.result is None
    firsts = facts(d, "first_seat")
    assert len(firsts) == 2 and d.table.seed is not None
    assert firsts[1]["seat"] == first_seat(d.table.seed, 2)


def test_a_declined_rematch_closes_the_table() -> None:
    d = started()
    lose_by_abandonment(d, 1, 10)
    d.at(20, Rematch(0, False))
    assert d.table.status == "finished"
    with pytest.raises(TableError) as refused:
        d.at(21, Rematch(1, True))
    assert refused.value.code == "no_rematch"


def close_by_leaving(d: Driver) -> None:
    d.at(20, Leave(0))


def close_by_declining(d: Driver) -> None:
    d.at(20, Rematch(0, False))


def close_by_waiting(d: Driver) -> None:
    d.at(70)


@pytest.mark.parametrize(
    ("close", "why"),
    [
        (close_by_leaving, "left"),
        (close_by_declining, "rematch_declined"),
        (close_by_waiting, "rematch_expired"),
    ],
)
def test_a_closed_table_says_why_as_a_code_every_language_words(close: Any, why: str) -> None:
    """The table says why it closed as a code; the client words it (in English, Italian
    and Brazilian Portuguese), never an English sentence shown as it came."""
    d = started()
    lose_by_abandonment(d, 1, 10)
    d.messages.clear()
    close(d)
    assert d.table.status == "finished"
    closed = [body for _, body in d.messages if body["type"] == "table_closed"]
    assert closed and {body["why"] for body in closed} == {why}
    for language in ("en", "it", "pt-BR"):
        words = (LOCALES / language / "web.ftl").read_text(encoding="utf-8")
        assert f"\nweb-table-closed-{why} = " in words, language


# -- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "code"),
    [
        (Play(5, "2H"), "bad_seat"),
        (Play(-1, "2H"), "bad_seat"),
        (Play(0, "ZZ"), "not_your_turn"),
        (Vote(0, "replay"), "no_vote"),
        (Continue(0), "no_pause"),
        (ReturnToTable(0), "no_invitation"),
        (SupplySeed(3), "no_seed_wanted"),
        (Rematch(0, True), "no_rematch"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(command: Any, code: str) -> None:
    d = started()
    if isinstance(command, Play) and command.seat == 0 and mover(d) == 0:
        command = Play(1, "ZZ")
    before, log = dump(d.table), list(d.log)
    with pytest.raises(TableError) as refused:
        d.at(1, command)
    assert refused.value.code == code
    assert dump(d.table) == before and d.log == log


def test_a_refusal_puts_back_every_field_a_step_may_change() -> None:
    """``Saved`` keeps each field of the table that a timer or a command changes: a new
    field must be named there (or among the fixed or per-step ones)."""
    table = Table(config("scopa"))
    named = Saved.PLAIN + Saved.LISTS + Saved.OBJECTS + Saved.FIXED + Saved.STEP
    assert sorted(vars(table)) == sorted(named)


def test_a_malformed_move_is_the_engines_error() -> None:
    d = started()
    with pytest.raises(TableError) as refused:
        d.at(1, Play(mover(d), "ZZ"))
    assert refused.value.code == "bad_notation"


def test_an_illegal_move_names_only_the_senders_cards() -> None:
    d = started()
    seat = mover(d)
    assert d.table.hand is not None
    other = d.table.hand.view(1 - seat).to_json()["hand"][0]
    with pytest.raises(TableError) as refused:
        d.at(1, Play(seat, other))
    assert refused.value.code == "illegal_move"
    assert refused.value.reason == "illegal"  # the test game explains no further
    assert refused.value.params == {}
    for card in d.table.hand.view(1 - seat).to_json()["hand"]:
        assert card not in refused.value.message


def test_commands_after_the_match_are_refused() -> None:
    d = started()
    lose_by_abandonment(d, 1, 10)
    for command, code in [(Play(0, "2H"), "match_over"), (Vote(0, "draw"), "match_over")]:
        with pytest.raises(TableError) as refused:
            d.at(11, command)
        assert refused.value.code == code
    d.at(11, Rematch(0, False))
    with pytest.raises(TableError) as refused:
        d.at(12, Leave(0))
    assert refused.value.code == "table_closed"


def test_a_stale_ply_is_refused() -> None:
    d = started()
    seat = mover(d)
    assert d.table.hand is not None
    move = d.table.hand.legal_moves()[0]
    with pytest.raises(TableError) as refused:
        d.at(1, Play(seat, move, ply=d.table.ply + 1))
    assert refused.value.code == "stale_move"
    d.at(1, Play(seat, move, ply=d.table.ply))


# -- bots ------------------------------------------------------------------------------


def test_a_bot_turn_is_asked_once_and_fed_back() -> None:
    d = Driver(config(bots=[0, 1][:1]))
    d.at(0)
    step = d.at(0, Connected(1))
    bot = d.presenter.bot_turn
    if bot is None:
        play_any(d, 1)
        bot = d.presenter.bot_turn
        step = None
    assert bot is not None and bot.seat == 0 and bot.level == "random"
    if step is not None:
        assert step.bot_turn == bot
    assert d.at(1).bot_turn is None  # not asked again
    d.at(2, Play(0, bot.view.to_json()["hand"][0], bot.ply))
    assert all(body["bots"] == [0] for _, body in d.messages)
    assert d.presenter.snapshot(1)["state"]["seats"][0]["bot"] is True


def test_bots_have_no_timer() -> None:
    d = Driver(config(bots=[0]))
    d.at(0)
    d.at(0, Connected(1))
    if d.presenter.bot_turn is None:
        play_any(d, 1)
    d.at(500)
    assert not facts(d, "auto_move")


# -- restart ---------------------------------------------------------------------------


def test_resume_gives_back_every_timer_plus_grace() -> None:
    d = started()
    d.at(10)  # a tick that changes nothing is not logged: the last entry is at t = 0
    assert d.table.wake_at == 1031
    table = d.replayed()
    step = table.handle(Resume(20), 5000)
    assert Presenter(table).snapshot(0)["state"]["clock"]["deadline"] == 5000 + 30 + 20
    assert step.wake_at == 5000 + 20 + 5  # the connections' grace comes first
    assert all(not p.connected for p in table.presence)
    grace_end = [p.closed_at for p in table.presence]
    assert grace_end == [5020, 5020]
    table.handle(Connected(0), 5010)
    table.handle(Connected(1), 5015)
    table.handle(Tick(), 5030)
    assert [p.disconnections for p in table.presence] == [0, 0]


def test_replay_gives_the_identical_table() -> None:
    d = started()
    t = 1.0
    while d.table.status == "playing":
        if d.table.phase == "play" and int(t) % 3:
            play_any(d, t)
        else:
            d.at(t)
        t += 7
    assert dump(d.replayed()) == dump(d.table)


def test_a_tampered_log_is_a_mismatch() -> None:
    d = started()
    d.at(40)
    assert facts(d, "auto_move")
    for entry in d.log:
        for note in entry["notes"]:
            if note["fact"] == "auto_move":
                note["move"] = "XX"
    with pytest.raises(TableError) as refused:
        d.replayed()
    assert refused.value.code == "log_mismatch"


def test_settings_numbers_reach_the_table() -> None:
    d = started(config(settings=TableSettings(move_timer=10, lag_grace=0.5)))
    assert d.table.wake_at == 1010.5
