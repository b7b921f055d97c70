"""Scopa's cut takes one tap or none (newcomer review defect 33): when the cutter does
not cut within the short formality timer (5 s at every speed, well inside the move
timer), the room makes a random cut, noted as an auto-move; with the fake clock."""

from __future__ import annotations

import random
from typing import Any

import pytest

from circolo.table import Play
from circolo.table.settings import TableSettings
from tests.support import auto_move
from tests.test_table_support import Driver, config, mover, started


def facts(d: Driver, fact: str) -> list[dict[str, Any]]:
    return [note for entry in d.log for note in entry["notes"] if note["fact"] == fact]


@pytest.mark.parametrize("speed", ["standard", "relaxed", "untimed"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_room_cuts_at_random_when_the_cutter_does_not_within_the_formality_timer(
    players: int, speed: str
) -> None:
    d = started(config("scopa", players, speed=speed, private=speed != "standard"))
    assert d.table.hand is not None and d.table.seed is not None
    assert d.table.hand.formality()
    seat = mover(d)
    view = d.table.hand.view(seat)
    rng = random.Random(f"auto-move {d.table.seed} {d.table.ply}")
    expected = d.table.hand.move_text(auto_move("scopa", view, rng))
    assert expected.startswith("cut ")
    d.at(5.9)  # 5 s, and the lag grace
    assert not facts(d, "auto_move")
    d.at(6.0)
    assert facts(d, "auto_move") == [{"fact": "auto_move", "seat": seat, "move": expected}]
    assert not d.table.hand.formality()


def test_the_cut_shows_its_short_deadline_and_the_next_move_gets_the_whole_move_timer() -> None:
    d = started(config("scopa", 2))
    clock = d.presenter.snapshot_state(mover(d))["clock"]
    assert clock["deadline"] == d.start + 5.0
    d.at(6.0)  # the room cut
    assert d.table.turn is not None
    clock = d.presenter.snapshot_state(mover(d))["clock"]
    assert clock["deadline"] == d.start + 6.0 + 30.0


def test_a_cut_by_the_cutter_within_the_timer_is_theirs() -> None:
    d = started(config("scopa", 2))
    d.at(4.5, Play(mover(d), "cut 12"))
    assert not facts(d, "auto_move")
    assert d.table.hand is not None and d.table.hand.history()[0][1] == "cut 12"


def test_the_formality_timer_is_a_table_setting() -> None:
    d = started(config("scopa", 2, settings=TableSettings(formality_timer=2.0)))
    d.at(2.9)
    assert not facts(d, "auto_move")
    d.at(3.0)
    assert len(facts(d, "auto_move")) == 1


def test_a_replayed_table_makes_the_same_default_cut() -> None:
    d = started(config("scopa", 2))
    d.at(6.0)
    assert d.replayed().hand.position() == d.table.hand.position()  # type: ignore[union-attr]
