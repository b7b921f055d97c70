"""The hidden-card check itself: it reads a Burraco wild's stand-in (``2S=AH``) as no card,
so the legal moves offered to a seat pass it, and it still catches a real leak."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from circolo.games import make_rules
from tests.conftest import check_hidden
from tests.hidden import hidden_codes, named_words
from tests.test_engines import codes

DECK = {r + s for r in "A23456789TJQK" for s in "HDCS"} | {"JK"}


def snapshot(hand: list[str], legal: list[dict[str, Any]] | None) -> dict[str, Any]:
    """A seat's first frame: its view (its hand) and the moves offered to it."""
    view = {"seat": 0, "to_move": 0, "hand": hand, "melds": [[], []], "pile": ["9C"]}
    state = {"hand": {"ply": 4, "view": view, "legal": legal}}
    return {"type": "table.snapshot", "table_id": "t_1", "snapshot": {"state": state}}


MELD = {"id": "meld 3H 2S=4H 5H", "kind": "meld", "cards": ["3H", "2S", "5H"]}


def test_a_stand_in_is_not_a_card() -> None:
    assert named_words("meld 3H 2S=4H 5H") == ["meld", "3H", "2S", "5H"]
    frame = snapshot(["3H", "2S", "5H", "KD"], [MELD | {"layout": ["3H", "2S=4H", "5H"]}])
    assert check_hidden([frame], DECK) == 1


def test_a_void_deals_table_cards_are_seen_by_everyone() -> None:
    """Three kings on the table void the deal: its four cards were dealt face up, so the
    move that says so names them, though no view ever holds them (they go back)."""
    view = {"seat": 0, "to_move": 3, "table": [], "hand": [], "voided": 1}
    deal = {"kind": "deal", "deal": 1, "table": ["JS", "KH", "KD", "KC"]}
    frame = {
        "type": "table.events",
        "events": [
            {"type": "move", "seat": 3, "move": "cut 19",
             "events": [{"kind": "cut", "seat": 3, "at": 19}, deal]},
            {"type": "update", "state": {"hand": {"ply": 1, "view": view, "legal": None}}},
        ],
    }  # fmt: skip
    assert check_hidden([snapshot([], None), frame], DECK) == 2
    frame["events"][0]["events"][1] = {"kind": "capture", "cards": ["KH"]}  # not face up
    with pytest.raises(AssertionError, match="hidden cards"):
        check_hidden([snapshot([], None), frame], DECK)


@pytest.mark.parametrize(
    "leak",
    [
        {"id": "discard 4H", "kind": "discard", "card": "4H"},  # a card it does not hold
        {"id": "meld 4H 5H 6H", "kind": "meld"},  # in the id alone
        MELD | {"layout": ["3H", "4H=2S", "5H"]},  # a card written where a wild goes
    ],
)
def test_a_hidden_card_in_the_offered_moves_is_caught(leak: dict[str, Any]) -> None:
    frame = snapshot(["3H", "2S", "5H", "KD"], [leak])
    with pytest.raises(AssertionError, match="hidden cards"):
        check_hidden([frame], DECK)


def test_an_engine_offers_stand_ins_for_hidden_cards_and_the_check_reads_them() -> None:
    """Random Burraco play reaches a seat offered a wild standing for a card hidden from it
    (so the check's rule is needed), and the engine's check still finds no card in it."""
    rules = make_rules("burraco", {"players": 2})
    for seed in range(40):
        rng = random.Random(seed)
        hand = rules.new_hand(seed, 0)
        while not hand.is_over():
            seat = hand.to_move()
            offered = hand.view(seat).offered()
            hidden = hidden_codes(hand, seat)
            stand_ins = set(re.findall(r"=([A2-9TJQK][HDCS])", str(offered)))
            if stand_ins & hidden:
                assert not codes(offered) & hidden
                assert not set(named_words(str(offered))) & hidden
                return
            hand.play(seat, rng.choice(hand.legal_moves()))
    pytest.fail("no seat was offered a wild standing for a card hidden from it")
