"""A match's length is bounded, and so is its table's log: every whole-number option has a
maximum, the longest match the options allow (played by auto-moves) takes well under the
table's ``max_entries``, and a log that reaches it anyway ends the match as a draw."""

from __future__ import annotations

import random
from typing import Any

import pytest

from circolo.engine import OptionError, OptionSpec
from circolo.games import GAMES, make_rules, rules_class
from circolo.table import (
    Rematch,
    SeatConfig,
    Table,
    TableConfig,
    TableSettings,
)
from tests.support import auto_play
from tests.tables import dump
from tests.test_table_support import config, play_any, started
from tests.test_table_support import tricks_game as tricks_game

LONGEST = [
    ("bisca", {"target": 12}),
    ("scopa", {"target": 11}),
    ("burraco", {"hands": 12}),
    ("burraco", {"target": 6000}),
]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_whole_number_option_has_a_maximum(game: str) -> None:
    for spec in rules_class(game).describe()["options"]:
        if spec["type"] == "number" and "choices" not in spec:
            assert "minimum" in spec and "maximum" in spec, (game, spec["name"])


@pytest.mark.parametrize(
    ("game", "options", "words"),
    [
        ("bisca", {"target": 10**30}, "target must be a whole number from 1 to 12, not a longer"),
        ("bisca", {"target": 13}, "target must be a whole number from 1 to 12, not 13"),
        ("bisca", {"target": None}, "target must be a whole number, not None"),
        ("burraco", {"target": 10**18}, "target must be a whole number from 1 to 6000, or unset"),
        ("burraco", {"hands": 13}, "hands must be a whole number from 1 to 12, or unset, not 13"),
        ("scopa", {"target": 10**18}, "target must be one of 11, 7, 'single_hand'"),
    ],
)
def test_an_option_over_its_maximum_is_refused_in_words(
    game: str, options: dict[str, Any], words: str
) -> None:
    with pytest.raises(OptionError, match=words) as error:
        make_rules(game, options)
    assert error.value.code == "bad_option"


def test_a_whole_number_option_cannot_be_declared_without_bounds() -> None:
    with pytest.raises(ValueError, match="needs a minimum and a maximum"):
        OptionSpec("target", int, 4, "points", minimum=1)


def longest_match(game: str, players: int, options: dict[str, Any], seed: int) -> Table:
    """A match at an untimed table, every seat played by the room's auto-move; a vote is
    settled as a draw (a unanimous replay is the players' own choice to play on)."""
    seats = (SeatConfig.human("p0", "P0"),) + (SeatConfig.bot("random"),) * (players - 1)
    table = Table(TableConfig(game, seats, options, speed="untimed", private=True))
    auto_play(table, random.Random(seed))
    return table


@pytest.mark.parametrize(("game", "options"), LONGEST)
@pytest.mark.parametrize("players", [2, 4])
def test_the_longest_match_the_options_allow_fits_a_quarter_of_the_log(
    game: str, options: dict[str, Any], players: int
) -> None:
    """A quarter: a rematch is offered while under half, so two such matches always fit."""
    table = longest_match(game, players, options, seed=players)
    assert table.status == "rematch"  # ended by its own rules, with a rematch on offer
    assert table.results[-1]["reason"] != "log_full"
    assert table.entries < TableSettings().max_entries // 4, table.entries


@pytest.mark.usefixtures("tricks_game")
def test_a_log_that_reaches_max_entries_ends_the_match_as_a_draw() -> None:
    d = started(config(options={"target": 20}, settings=TableSettings(max_entries=120)))
    t = 0.0
    while d.table.status == "playing":
        t += 10
        play_any(d, t) if d.table.phase == "play" else d.at(t)
    assert len(d.log) == 120 == d.table.entries
    result = d.table.results[-1]
    assert result["reason"] == "log_full" and result["winner"] is None
    assert d.table.status == "finished"  # no rematch: the table is done
    assert d.log[-1]["notes"][-1] == {"fact": "match_over", "winner": None, "reason": "log_full"}
    assert dump(d.replayed()) == dump(d.table)


@pytest.mark.usefixtures("tricks_game")
def test_no_rematch_once_half_the_log_is_used() -> None:
    d = started(config(options={"target": 1}, settings=TableSettings(max_entries=300)))
    t = 0.0
    matches = 0
    while d.table.status != "finished":
        t += 10
        if d.table.status == "rematch":
            matches += 1
            assert d.table.entries < 150
            d.at(t, Rematch(0, True))
            d.at(t, Rematch(1, True))
        else:
            play_any(d, t) if d.table.phase == "play" else d.at(t)
    assert matches >= 2 and d.table.entries >= 150
    assert d.table.results[-1]["reason"] == "score"  # ended by its rules; just no rematch
    with pytest.raises(Exception, match="no rematch"):
        d.at(t + 1, Rematch(0, True))
