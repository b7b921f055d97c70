"""Burraco on the engine boundary: what each move records, what each seat may receive,
the public recall in views and samples, and the views a bot may be handed."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from circolo.cards import Card, parse_cards
from circolo.engine import (
    BadSeatError,
    IllegalMoveError,
    NotationError,
    NotYourTurnError,
    Played,
)
from circolo.games.burraco import BurracoRules
from circolo.games.burraco.hand import DECK, BurracoHand
from circolo.games.burraco.moves import Move, NewMeld
from tests.burraco_setup import position_text

TWO = BurracoRules(players=2)


def setup(**position: Any) -> BurracoHand:
    return TWO.hand_from_position(position_text(TWO.players, **position))


def play(state: BurracoHand, *moves: str) -> list[Played[Move]]:
    return [state.play(state.seat, move) for move in moves]


def events(played: Played[Move]) -> list[dict[str, Any]]:
    return [event.to_json() for event in played.events]


def held(state: BurracoHand, seat: int) -> Counter[Card]:
    return Counter(DECK[i] for i in state.hands[seat])


# -- events ---------------------------------------------------------------------------------


def test_a_draw_is_private_to_the_drawer() -> None:
    state = setup(hands=["5H 9C", "AC AD AS"], stock="KH QS KD", pile="3C")
    (draw,) = play(state, "draw")
    assert events(draw) == [{"kind": "draw", "seat": 0, "card": "KH"}]
    assert events(draw.for_seat(0)) == events(draw)
    for seat in (1, None):
        assert events(draw.for_seat(seat)) == [{"kind": "draw", "seat": 0}]


def test_taking_the_pile_then_melding_and_discarding() -> None:
    state = setup(hands=["3H 4H 9C KD", "AC AD AS"], pile="8S 5H", stock="KH QS KD")
    take, meld, discard = play(state, "take", "meld 3H 4H 5H", "discard KD")
    assert events(take) == [{"kind": "pile_taken", "seat": 0, "cards": ["8S", "5H"]}]
    assert events(meld) == [
        {"kind": "meld", "seat": 0, "side": 0, "meld": 0, "cards": ["3H", "4H", "5H"]}
    ]
    assert events(discard) == [{"kind": "discard", "seat": 0, "card": "KD"}]
    assert events(take.for_seat(1)) == events(take), "public events reach everyone"
    assert state.history() == [(0, "take"), (0, "meld 3H 4H 5H"), (0, "discard KD")]


def test_an_extension_makes_a_burraco_and_a_discard_closes() -> None:
    state = setup(
        hands=["9H KD", "AC AD AS"],
        melds=[["3H 4H 5H 6H 7H 8H"]],
        pozzetti=["taken"],
        phase="play",
    )
    extend, close = play(state, "extend 1 3H 4H 5H 6H 7H 8H 9H", "discard KD")
    assert events(extend) == [
        {"kind": "extend", "seat": 0, "side": 0, "meld": 0, "cards": ["9H"]},
        {"kind": "burraco", "side": 0, "meld": 0, "type": "clean"},
    ]
    assert close.kinds() == ["discard", "close", "hand_over"]
    assert events(close)[1] == {"kind": "close", "seat": 0, "side": 0}
    assert events(close)[2]["points"] == list(state.score().points)


def test_a_pozzetto_is_private_to_the_player_who_takes_it() -> None:
    pozzetto = "3S QS 7H 4D 8S 8H 2C QH 2H 5C 6D"
    state = setup(hands=["KD", "AC AD AS"], phase="play", pozzetti=[pozzetto])
    (discard,) = play(state, "discard KD")
    assert discard.kinds() == ["discard", "pozzetto_taken"]
    taken = events(discard)[1]
    assert Counter(taken.pop("cards")) == Counter(pozzetto.split())
    assert taken == {"kind": "pozzetto_taken", "seat": 0}
    for seat in (1, None):
        assert events(discard.for_seat(seat))[1] == {
            "kind": "pozzetto_taken",
            "seat": 0,
            "count": 11,
        }


def test_a_pozzetto_in_diretta_follows_the_meld() -> None:
    state = setup(hands=["3H 4H 5H", "AC AD AS"], phase="play")
    (meld,) = play(state, "meld 3H 4H 5H")
    assert meld.kinds() == ["meld", "pozzetto_taken"]
    assert state.phase == "play" and len(state.hands[0]) == 11


def test_recorded_play_leaves_the_state_apply_leaves() -> None:
    for seed in range(6):
        fast = TWO.new_hand(seed, seed % 2)
        checked = fast.clone()
        rng = random.Random(seed)
        while not fast.is_over():
            move = rng.choice(fast.legal_moves())
            fast.apply(move)
            checked.play(checked.seat, move)
            assert checked.position() == fast.position()
        assert checked.history() == fast.history()


# -- refusals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "move", "error"),
    [
        (1, "draw", NotYourTurnError),
        (0, None, NotationError),
        (0, 5, NotationError),
        (0, NewMeld(5), NotationError),  # type: ignore[arg-type]
        (0, "discard KD", IllegalMoveError),
        (True, "draw", BadSeatError),
        (-1, "draw", BadSeatError),
    ],
)
def test_refusals_leave_the_state_unchanged(seat: Any, move: Any, error: type) -> None:
    state = setup(hands=["5H 9C", "AC AD AS"], stock="KH QS KD", pile="3C")
    before = state.position(), state.history()
    with pytest.raises(error):
        state.play(seat, move)
    assert (state.position(), state.history()) == before


def test_bad_seats_and_texts_are_engine_errors() -> None:
    state = TWO.new_hand(1, 0)
    for seat in (-1, 7, True):
        with pytest.raises(BadSeatError):
            state.view(seat)
    with pytest.raises(NotationError):
        state.parse_move(5)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        TWO.hand_from_position(5)  # type: ignore[arg-type]


# -- the public recall ----------------------------------------------------------------------


def test_views_recall_the_pile_cards_a_seat_holds_until_it_lays_them() -> None:
    state = setup(hands=["3H 4H 9C KD", "AC AD AS"], pile="8S 5H", stock="KH QS KD")
    play(state, "take")
    assert state.view(1).recall == (tuple(parse_cards("5H 8S")), ())
    assert state.view(None).to_json()["recall"] == [["5H", "8S"], []]
    play(state, "meld 3H 4H 5H")
    assert state.view(1).recall == (tuple(parse_cards("8S")), ())
    play(state, "discard 8S")
    assert state.view(1).recall == ((), ())
    text = state.position()
    assert TWO.hand_from_position(text).position() == text


def test_samples_put_recalled_cards_in_their_hands() -> None:
    state = setup(hands=["3H 4H 9C KD", "AC AD AS"], pile="8S 7S 7S JK", stock="KH QS KD")
    play(state, "take", "discard KD")
    view = state.view(1)
    for seed in range(20):
        sample = view.sample(random.Random(seed))
        assert not Counter(parse_cards("7S 7S 8S JK")) - held(sample, 0)
        assert sample.view(1).to_json() == view.to_json()
        assert sample.history() == state.history()


# -- views from JSON ------------------------------------------------------------------------


def test_a_recall_in_any_order_is_read_in_the_views_order() -> None:
    """Found by the fuzz: a recall listed out of order was accepted as written, and its
    samples (which keep the state's order) then showed another view."""
    state = setup(hands=["3H 4H 9C KD", "AC AD AS"], pile="8S 7S 7S JK", stock="KH QS KD")
    play(state, "take", "discard KD")
    data = state.view(1).to_json()
    data["recall"][0].reverse()
    view = TWO.view_from_json(data)
    assert view.to_json() == state.view(1).to_json()
    assert view.sample(random.Random(1)).view(1).to_json() == view.to_json()


def a_view() -> dict[str, Any]:
    """Seat 1's view after seat 0 took a pile of four and discarded."""
    state = setup(hands=["3H 4H 9C KD", "AC AD AS"], pile="8S 7S 7S JK", stock="KH QS KD")
    play(state, "take", "meld 7S 8S JK", "discard KD")
    data = state.view(1).to_json()
    assert TWO.view_from_json(data).to_json() == data
    return data


def changed(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


def plus_one(key: str, index: int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key][index] += 1

    return change


@pytest.mark.parametrize(
    "change",
    [
        plus_one("hand_sizes", 0),
        changed("stock", 70),
        changed("stock", 0),
        plus_one("pozzetti", 1),
        changed("pozzetti", [11]),
        changed("pozzetti", [11, -1]),
        changed("pile", ["7H", "7H", "7H"]),
        changed("pile", "KD"),
        changed("recall", [["7S", "7S", "3H", "4H", "9C", "AC"], []]),
        changed("recall", [[], ["KH"]]),
        changed("recall", [["KD"]]),
        changed("recall", [["7S", "7S", "7S"], []]),
        changed("melds", [["7S 8S JK", "3H 9H KH"], []]),
        changed("melds", [["7S 8S JK"]]),
        plus_one("scores", 0),
        changed("player", 2),
        changed("player", True),
        changed("to_move", 0),
        changed("phase", "nap"),
        changed("phase", "over"),
        changed("taken", "KD"),
        changed("ending", {"reason": "closed", "closer": None}),
        changed("ending", {"reason": "stock", "closer": None}),
    ],
)
def test_views_that_do_not_add_up_are_refused(change: Callable[[dict[str, Any]], None]) -> None:
    data = copy.deepcopy(a_view())
    change(data)
    with pytest.raises(NotationError):
        TWO.view_from_json(data)
