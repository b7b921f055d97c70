"""Untrusted values the engine and the identity read: refused with their own errors, or
cleaned, never a crash (TypeError, OverflowError) or a spoofed name."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from circolo.engine import EngineError, NotationError, OptionError
from circolo.games import GAMES, make_rules, rules_class
from circolo.server.identity import Guest, Identities, clean_text


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


def test_names_in_tokens_are_cleaned() -> None:
    identities = Identities("secret")
    spoof = identities.token(Guest("g_1", "Volpe\u202e 42 \u200bAirone\u0301\u0301\u0301\u0301"))
    guest = identities.guest(spoof)
    assert guest is not None and guest.name == "Volpe 42 Airone\u0301\u0301"
    assert identities.guest(identities.token(Guest("g_2", "\u202e\u2066\u200d"))) is None


def test_clean_text_keeps_words_and_emoji() -> None:
    words = "Però, è già l'una! 1\ufe0f\u20e3 ok"  # a keycap: two marks
    assert clean_text(words) == words
    assert clean_text("a\x00b\x1bc\u0085d\u2028e\u2029f\u200eg") == "abcdefg"
