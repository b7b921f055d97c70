"""Settings, configs and commands: validated, named in every refusal, JSON round-trip."""

from __future__ import annotations

from typing import Any

import pytest

from circolo.table import (
    Command,
    Connected,
    Continue,
    Disconnected,
    Leave,
    Play,
    Rematch,
    Resume,
    ReturnToTable,
    SeatConfig,
    StartMatch,
    SupplySeed,
    TableConfig,
    TableError,
    TableSettings,
    Tick,
    Vote,
)
from circolo.table.settings import SPECS
from tests.test_table_support import config
from tests.test_table_support import tricks_game as tricks_game

pytestmark = pytest.mark.usefixtures("tricks_game")


def test_the_defaults_are_room_md() -> None:
    s = TableSettings()
    assert (s.move_timer, s.lag_grace, s.trick_display, s.hand_result_pause) == (30, 1, 4, 8)
    assert (s.burraco_green, s.burraco_reserve_start, s.burraco_reserve_gain) == (15, 30, 5)
    assert (s.burraco_reserve_cap, s.burraco_warning) == (120, 10)
    assert (s.disconnect_grace, s.disconnect_countdown, s.return_invitation) == (5, 120, 30)
    assert (s.max_disconnections, s.vote_window, s.start_deadline, s.rematch_window) == (
        2,
        30,
        120,
        60,
    )


@pytest.mark.parametrize("name", sorted(SPECS))
@pytest.mark.parametrize("value", [-1, 0, 10**9, float("nan"), float("inf"), "5", True, None])
def test_bad_settings_are_refused_by_name(name: str, value: Any) -> None:
    if name == "max_disconnections" and value == 0:
        TableSettings(max_disconnections=0)  # the first disconnection loses: allowed
        return
    if name in ("formality_timer", "secret_window") and value == 0:
        TableSettings(**{name: 0})  # the rule is off (a table recorded before it): allowed
        return
    with pytest.raises(TableError) as refused:
        TableSettings(**{name: value})
    assert refused.value.code == "bad_setting" and name in refused.value.message


def test_a_stored_table_without_the_newer_timers_keeps_them_off() -> None:
    stored = {k: v for k, v in TableSettings().to_json().items() if k != "secret_window"}
    assert TableSettings.recorded(stored).secret_window == 0
    assert TableSettings.recorded(stored).formality_timer == 5.0
    assert TableSettings.from_json({"move_timer": 20}).secret_window == 8.0


def test_settings_across_each_other_and_from_json() -> None:
    with pytest.raises(TableError, match="burraco_reserve_start"):
        TableSettings(burraco_reserve_start=200)
    with pytest.raises(TableError, match="unknown setting"):
        TableSettings.from_json({"move_timr": 30})
    with pytest.raises(TableError, match="whole number"):
        TableSettings(max_disconnections=2.5)  # type: ignore[arg-type]
    s = TableSettings(move_timer=20)
    assert TableSettings.from_json(s.to_json()) == s


def test_speeds() -> None:
    s = TableSettings()
    relaxed, untimed = s.timing("relaxed"), s.timing("untimed")
    assert relaxed.move_timer == 60 and relaxed.lag_grace == 1 and relaxed.timed
    assert relaxed.disconnect_countdown == 240 and relaxed.disconnect_grace == 5
    assert not untimed.timed and s.timing("standard").move_timer == 30


def test_config_json_round_trip() -> None:
    c = config(
        seats=4,
        bots=[1, 3],
        options={"target": 5},
        speed="relaxed",
        private=True,
        settings=TableSettings(move_timer=20),
    )
    assert TableConfig.from_json(c.to_json()) == c
    assert c.seats[1].name == "Bot (random)" and c.seats[1].is_bot


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"speed": "relaxed"}, "private"),
        ({"speed": "untimed", "private": True, "tournament": True}, "private"),
        ({"speed": "fast", "private": True}, "speed"),
        ({"bots": [0, 1]}, "human"),
        ({"options": {"players": 4}}, "players"),
        ({"options": {"target": 0}}, "target"),
        ({"options": {"colour": 1}}, "colour"),
        ({"game": "poker"}, "poker"),
    ],
)
def test_bad_configs_are_refused(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(TableError) as refused:
        config(**kwargs)
    assert words in refused.value.message


def test_bad_seats_are_refused() -> None:
    with pytest.raises(TableError):
        SeatConfig.bot("genius")
    with pytest.raises(TableError):
        SeatConfig.human("", "Ana")
    with pytest.raises(TableError):
        SeatConfig.human("p", "x" * 41)
    same = (SeatConfig.human("p", "Ana"), SeatConfig.human("p", "Bia"))
    with pytest.raises(TableError, match="one seat"):
        TableConfig("tricks", same)
    with pytest.raises(TableError):
        TableConfig.from_json({"game": "tricks", "seats": [{"kind": "alien", "name": "x"}]})


COMMANDS = [
    Play(0, "7D x AH 6H", 3),
    Play(1, "draw"),
    StartMatch(0),
    Continue(1),
    Vote(0, "replay"),
    Rematch(1, False),
    Leave(0),
    Connected(1),
    Disconnected(0),
    ReturnToTable(1),
    SupplySeed(2**256 - 1),
    SupplySeed(0),
    Tick(),
    Resume(12.5),
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.type)
def test_commands_round_trip(command: Command) -> None:
    assert Command.from_json(command.to_json()) == command


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"type": "dance"},
        {"type": "play", "seat": 0},
        {"type": "play", "seat": "0", "move": "7D"},
        {"type": "play", "seat": True, "move": "7D"},
        {"type": "play", "seat": 0, "move": ""},
        {"type": "play", "seat": 0, "move": "7D", "extra": 1},
        {"type": "vote", "seat": 0, "choice": 3},
        {"type": "rematch", "seat": 0, "accept": "yes"},
        {"type": "supply_seed", "seed": "12"},
        {"type": "supply_seed", "seed": "z" * 64},
        {"type": "supply_seed", "seed": -1},
        {"type": "resume", "grace": -1},
        {"type": "resume", "grace": float("nan")},
    ],
)
def test_malformed_commands_are_refused(data: Any) -> None:
    with pytest.raises(TableError) as refused:
        Command.from_json(data)
    assert refused.value.code in ("bad_command", "bad_seat", "bad_notation")
