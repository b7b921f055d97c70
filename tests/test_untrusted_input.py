"""Untrusted values the engine reads: refused with its own errors, never a crash
(TypeError, OverflowError)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from circolo.engine import EngineError, NotationError, OptionError
from circolo.games import GAMES, make_rules, rules_class


@pytest.mark.parametrize("name", [["scopa"], {"game": "scopa"}, 5, None, b"scopa", 1.5])
def test_a_game_name_that_is_not_text_is_an_option_error(name: Any) -> None:
    with pytest.raises(OptionError):
        rules_class(name)
    with pytest.raises(EngineError):
        make_rules(name)


def a_view(game: str) -> dict[str, Any]:
    rules = make_rules(game, {"players": 2})
    hand = rules.new_hand(7, 0)
    for _ in range(4):
        hand.apply(hand.legal_moves()[0])
    found: dict[str, Any] = hand.view(hand.to_move()).to_json()
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize(
    ("key", "value"),
    [
        (("scores", 0), 10**400),
        (("scores", 1), -(10**30)),
        (("stock",), 10**400),
        (("hand_sizes", 1), 2**64),
        (("stock",), 1e308),
        (("scores", 0), float("inf")),
    ],
    ids=["score-huge", "score-negative", "stock-huge", "size-2**64", "stock-float", "inf"],
)
def test_an_absurd_number_in_a_view_is_a_notation_error(
    game: str, key: tuple[Any, ...], value: Any
) -> None:
    view = a_view(game)
    make_rules(game, {"players": 2}).view_from_json(view)  # the true view reads back
    bad = copy.deepcopy(view)
    place = bad
    for part in key[:-1]:
        place = place[part]
    place[key[-1]] = value
    with pytest.raises(NotationError):
        make_rules(game, {"players": 2}).view_from_json(bad)
