"""Burraco's clock, with the fake clock: green part, reserve, growth, cap, warning, loss."""

from __future__ import annotations

import pytest

from circolo.table import Connected, Disconnected, ReturnToTable, TableSettings
from circolo.table.clock import reserve_after
from circolo.table.settings import Timing
from tests.test_table_support import clock_game as clock_game
from tests.test_table_support import config, mover, play_any, started
from tests.test_table_support import tricks_game as tricks_game

pytestmark = pytest.mark.usefixtures("clock_game")
STANDARD: Timing = TableSettings().timing("standard")


@pytest.mark.parametrize(
    ("reserve", "used", "after"),
    [
        (30, 0, 35),  # at once: the whole 5 s
        (30, 7.5, 32.5),  # half the green part left: half of it
        (30, 15, 30),  # all the green part used: nothing
        (30, 20, 25),  # 5 s of the reserve spent
        (30, 45, 0),
        (118, 0, 120),  # capped at 2 minutes
        (120, 3, 120),
    ],
)
def test_reserve_growth_and_cap(reserve: float, used: float, after: float) -> None:
    assert reserve_after(reserve, used, STANDARD) == pytest.approx(after)


def test_a_move_made_at_once_earns_5_seconds() -> None:
    d = started(config())
    seat = mover(d)
    play_any(d, 0)
    assert d.table.reserves[seat] == 35


def test_a_slow_move_spends_the_reserve() -> None:
    d = started(config())
    seat = mover(d)
    play_any(d, 20)
    assert d.table.reserves[seat] == 25


def test_the_cap() -> None:
    d = started(config(settings=TableSettings(burraco_reserve_start=118)))
    seat = mover(d)
    play_any(d, 1.5)
    assert d.table.reserves[seat] == 120


def test_warning_in_the_last_10_seconds() -> None:
    d = started(config())
    seat = mover(d)
    assert d.table.wake_at == 1035  # 15 + 30 - 10
    d.at(34.9)
    assert not d.presenter.snapshot(seat)["state"]["clock"]["warning"]
    d.at(35)
    clock = d.presenter.snapshot(seat)["state"]["clock"]
    assert clock["warning"] and clock["deadline"] == 1045
    warnings = [b for a, b in d.messages if b["type"] == "clock_warning"]
    assert {b["seat"] for b in warnings} == {seat} and len(warnings) == 3  # both seats, spectators


def test_loss_at_zero_with_the_lag_grace() -> None:
    d = started(config())
    seat = mover(d)
    d.at(45.9)
    assert d.table.status == "playing"
    d.at(46)
    result = d.table.result
    assert result is not None and (result["reason"], result["seat"]) == ("clock", seat)


def test_a_move_within_the_grace_saves_the_clock_with_nothing_left() -> None:
    d = started(config())
    seat = mover(d)
    play_any(d, 45.9)
    assert d.table.reserves[seat] == 0 and d.table.status == "playing"


def test_untimed_has_no_clock() -> None:
    d = started(config(speed="untimed", private=True))
    d.at(10_000)
    assert d.table.status == "playing" and d.table.turn is None


def test_relaxed_doubles_the_clock() -> None:
    d = started(config(speed="relaxed", private=True))
    assert d.table.wake_at == 1000 + 30 + 60 - 10


def test_the_clock_is_suspended_while_away() -> None:
    d = started(config())
    seat = mover(d)
    d.at(10, Disconnected(seat))
    d.at(15)  # counted: 15 s used, 30 s of the reserve left
    d.at(100, Connected(seat))
    d.at(110, ReturnToTable(seat))
    clock = d.presenter.snapshot(None)["state"]["clock"]
    assert clock["deadline"] == 1110 + 30


def test_2v2_clock_loss_is_a_team_loss() -> None:
    d = started(config(seats=4))
    seat = mover(d)
    d.at(46)
    result = d.table.result
    assert result is not None and result["losers"] == [seat % 2]
