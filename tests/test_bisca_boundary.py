"""Bisca at the engine boundary: what each move records, who may see it, and the views a
client may send back (docs/engine.md)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from circolo.cards import Chance, deck40
from circolo.engine import BadSeatError, NotationError, NotYourTurnError, Played
from circolo.games.bisca import BiscaRules
from tests.case_kinds.bisca import ALL_CARDS, fresh_hand, position


def hidden_from(played: Played[Any], seat: int | None) -> set[str]:
    """Every card code in a seat's copy of a record."""
    text = json.dumps(played.for_seat(seat).to_json())
    return {card for card in ALL_CARDS if f'"{card}"' in text}


def test_the_trump_choice_deals_privately_and_turns_the_open_card() -> None:
    hand = fresh_hand(BiscaRules(), ["2C", "KD", "3S"], "6C")
    played = hand.play(1, "sorteio")
    assert played.kinds() == ["trump_choice", "dealt", "dealt", "turned"]
    assert played.events[0].data == {"seat": 1, "choice": "sorteio"}
    assert played.events[1].data == {"seat": 1, "cards": ["2C", "KD", "3S"]}
    assert played.events[3].data == {"card": "6C"}
    mine = hand.view(0).to_json()["hand"]
    assert hidden_from(played, 0) == set(mine) | {"6C"}
    assert hidden_from(played, None) == {"6C"}
    assert played.for_seat(0).events[1].data == {"seat": 1, "count": 3}


def test_the_exchange_and_the_passes_before_it() -> None:
    hand = fresh_hand(BiscaRules(), ["KD", "3S", "4S"], "6C", {0: ["2C"]})
    hand.play(1, "sorteio")
    assert hand.play(1, "pass").events == ()
    played = hand.play(0, "exchange")
    assert [e.to_json() for e in played.events] == [
        {"kind": "exchange", "seat": 0, "gave": "2C", "took": "6C"}
    ]
    assert hand.history() == [(1, "sorteio"), (1, "pass"), (0, "exchange")]


def test_every_event_kind_of_a_card_move() -> None:
    rules = BiscaRules()
    text = position(
        rules, "H", leader=0, trick=["7H"], fixed={1: ["AH", "2S", "3S"]}, size=3, done=0
    )
    hand = rules.hand_from_position(text)
    played = hand.play(1, "AH")
    assert played.kinds() == ["card_played", "relo", "trick_won", "draw", "draw"]
    assert played.events[1].data == {"seat": 1, "side": 1}
    assert played.events[2].data == {"seat": 1, "cards": ["7H", "AH"], "points": 21}
    drawn = [event.data["card"] for event in played.events[3:]]
    assert drawn[0] in hand.view(1).to_json()["hand"]
    assert played.for_seat(0).events[3].to_json() == {"kind": "draw", "seat": 1}
    assert played.for_seat(0).events[4].data["card"] == drawn[1]
    assert drawn[0] not in hidden_from(played, 0) | hidden_from(played, None)


def test_the_open_card_drawn_last_is_public() -> None:
    rules = BiscaRules()
    hand = fresh_hand(rules, [], "6C")
    hand.play(1, "sorteio")
    rng = random.Random(3)
    while hand.view(None).drawer is None:
        seat = hand.to_move()
        assert seat is not None
        played = hand.play(seat, rng.choice(hand.legal_moves()))
    open_draw = [e for e in played.events if e.kind == "draw" and e.only is None]
    assert [e.data for e in open_draw] == [{"seat": hand.view(None).drawer, "card": "6C"}]


@pytest.mark.parametrize("players", [2, 4])
def test_recorded_moves_give_the_same_hand_as_apply_and_the_history(players: int) -> None:
    rules = BiscaRules(players=players)
    for seed in range(20):
        hand, fast = rules.new_hand(seed, seed % players), rules.new_hand(seed, seed % players)
        rng, moves = random.Random(seed), []
        while not hand.is_over():
            seat = hand.to_move()
            assert seat is not None
            move = rng.choice(hand.legal_moves())
            played = hand.play(seat, move)
            fast.apply(move)
            moves.append((seat, played.text))
            assert hand.position() == fast.position()
            assert hand.history() == moves == list(hand.view(None).core().history)
        assert played.kinds()[-1] == "hand_over"


def test_no_copy_names_a_card_the_seat_cannot_see() -> None:
    """A card in a seat's copy of a record is in its own hand or public in every view."""
    for players in (2, 4):
        rules = BiscaRules(players=players)
        for seed in range(30):
            hand, rng = rules.new_hand(seed, 0), random.Random(seed)
            while not hand.is_over():
                seat = hand.to_move()
                assert seat is not None
                played = hand.play(seat, rng.choice(hand.legal_moves()))
                public = json.dumps(hand.view(None).to_json())
                for watcher in [None, *range(players)]:
                    own = (
                        set(hand.view(watcher).to_json()["hand"]) if watcher is not None else set()
                    )
                    for card in hidden_from(played, watcher) - own:
                        assert f'"{card}"' in public


def test_the_deal_follows_the_deck_and_slot_streams() -> None:
    """The deal re-derived from the spec in docs/notation.md ("Bisca", chance)."""
    seed = 12345
    order = Chance(seed, "deck").shuffled(40)
    expected = [str(deck40()[i]) for i in order]
    text = BiscaRules().new_hand(seed, 0).position()
    stock = text.split("stock=")[1].split()[0]
    assert [stock[i : i + 2] for i in range(0, 80, 2)] == expected
    assert f"slot={Chance(seed, 'slot').below(34)}" in text


def test_bad_seats_and_turns_change_nothing() -> None:
    hand = BiscaRules().new_hand(1, 0)
    before = hand.position()
    for seat in (-1, 2, True, None):
        with pytest.raises(BadSeatError):
            hand.view(seat) if seat is not None else hand.play(seat, "copas")  # type: ignore[arg-type]
    with pytest.raises(NotYourTurnError):
        hand.play(0, "copas")
    with pytest.raises(NotationError):
        hand.play(1, None)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        hand.play(1, 44)
    assert hand.position() == before


def a_view(players: int = 2) -> tuple[BiscaRules, dict[str, Any]]:
    rules = BiscaRules(players=players)
    hand, rng = rules.new_hand(7, 0), random.Random(7)
    for _ in range(9):
        hand.apply(rng.choice(hand.legal_moves()))
    return rules, hand.view(hand.to_move()).to_json()


def test_a_view_round_trips() -> None:
    rules, data = a_view()
    assert rules.view_from_json(data).to_json() == data


@pytest.mark.parametrize(
    "change",
    [
        {"hand_sizes": []},
        {"hand_sizes": [3, 9]},
        {"stock": 33},
        {"stock": 99},
        {"scores": [0, 999]},
        {"history": []},
        {"piles": [2, 2]},
        {"relo": [0, 1]},
        {"dealer": 5},
        {"trump": "X"},
        {"choice": "maybe"},
        {"open_card": "8D"},
        {"tricks": []},
        {"trick": {"leader": 0, "cards": ["JK"]}},
        {"phase": "deal"},
        {"to_move": 1},
        {"copas": "yes"},
        {"extra": 1},
    ],
)
def test_a_view_that_does_not_add_up_is_refused(change: dict[str, Any]) -> None:
    rules, data = a_view()
    with pytest.raises(NotationError):
        rules.view_from_json(data | change)


def test_a_view_whose_hand_repeats_a_played_card_is_refused() -> None:
    rules, data = a_view()
    played = data["tricks"][0]["cards"][0]
    with pytest.raises(NotationError):
        rules.view_from_json(data | {"hand": [played, *data["hand"][1:]]})
