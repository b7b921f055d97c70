"""Scopa at the engine boundary: the events of every kind, what each seat may receive of
them, the recorded path against the fast one, and the views a bot must refuse."""

from __future__ import annotations

import random
from typing import Any

import pytest

from circolo.engine import Event, NotationError, Played
from circolo.games.scopa import ScopaHand, ScopaRules
from tests.case_kinds.scopa import ALL, position
from tests.test_scopa_rules import arranged


def events(played: Played[Any]) -> list[dict[str, Any]]:
    return [event.to_json() for event in played.events]


def test_the_cut_and_the_first_deal() -> None:
    """The cut is public; the deal shows the table to all and each hand only to its seat."""
    hand = ScopaRules().hand_from_position(position(2, 0, "c1", [[], []], stock=ALL))
    played = hand.play(1, "cut 4")
    deck = ALL[4:] + ALL[:4]
    assert events(played) == [
        {"kind": "cut", "seat": 1, "at": 4},
        {"kind": "deal", "deal": 1, "table": sorted_cards(deck[6:10])},
        {"kind": "dealt", "seat": 0, "cards": sorted_cards(deck[1:6:2])},
        {"kind": "dealt", "seat": 1, "cards": sorted_cards(deck[0:6:2])},
    ]
    assert events(played.for_seat(0))[3] == {"kind": "dealt", "seat": 1, "count": 3}
    assert events(played.for_seat(1))[2] == {"kind": "dealt", "seat": 0, "count": 3}
    spectator = events(played.for_seat(None))
    assert [e.get("cards") for e in spectator[2:]] == [None, None]


def sorted_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=ALL.index)


def test_a_void_deal() -> None:
    """Three or four Re on the table: the table is shown, then the deal is void."""
    hand = ScopaRules().hand_from_position(void_start())
    played = hand.play(1, "cut 4")
    assert played.kinds() == ["cut", "deal", "void_deal"]
    assert events(played)[1:] == [
        {"kind": "deal", "deal": 1, "table": ["QS", "KH", "KD", "KC"]},
        {"kind": "void_deal", "kings": 3},
    ]


def void_start() -> str:
    """A deck whose ``cut 4`` (1 v 1) deals three Re and a Cavallo to the table."""
    table = ["KH", "KD", "KC", "QS"]
    rest = [c for c in ALL if c not in table]
    deck = rest[:10] + table + rest[10:]
    return position(2, 0, "c1", [[], []], stock=deck)


def test_a_capture_a_scopa_and_the_next_deal() -> None:
    hand = arranged(["", "5S"], "2C 3D", turn=1, stock=6)
    played = hand.play(1, "5S x 2C 3D")
    assert played.kinds() == ["card_played", "capture", "scopa", "deal", "dealt", "dealt"]
    assert events(played)[:4] == [
        {"kind": "card_played", "seat": 1, "card": "5S"},
        {"kind": "capture", "seat": 1, "card": "5S", "cards": ["2C", "3D"]},
        {"kind": "scopa", "seat": 1, "side": 1},
        {"kind": "deal", "deal": 6, "table": []},
    ]
    assert played.text == "5S x 2C 3D" and played.seat == 1


def test_the_last_capturer_sweeps_the_rest_and_the_hand_is_over() -> None:
    hand = arranged(["AH", "KS"], "AC 5D 6H", turn=0)
    assert hand.play(0, "AH x AC").kinds() == ["card_played", "capture"]
    played = hand.play(1, "KS")
    assert played.kinds() == ["card_played", "sweep", "hand_over"]
    assert events(played)[1] == {"kind": "sweep", "side": 0, "cards": ["5D", "6H", "KS"]}
    assert events(played)[2] == {"kind": "hand_over", **hand.score().to_json()}


def test_a_private_event_is_hidden_from_every_other_seat() -> None:
    dealt = Event("dealt", {"seat": 2, "cards": ["7D"]}, only=2, public={"seat": 2, "count": 1})
    assert dealt.for_seat(2) == Event("dealt", {"seat": 2, "cards": ["7D"]})
    assert dealt.for_seat(0) == dealt.for_seat(None) == Event("dealt", {"seat": 2, "count": 1})


@pytest.mark.parametrize("players", [2, 4])
def test_recorded_play_reaches_the_state_apply_reaches_and_names_no_hidden_card(
    players: int,
) -> None:
    for seed in range(20):
        rng = random.Random(seed)
        hand = ScopaRules(players=players).new_hand(seed, seed % players)
        fast = hand.clone()
        texts = []
        while not hand.is_over():
            move = rng.choice(hand.legal_moves())
            before = {seat: hidden_from(hand, seat) for seat in [None, *range(players)]}
            played = hand.play(hand.to_move(), move)  # type: ignore[arg-type]
            fast.apply(move)
            assert hand.position() == fast.position()
            texts.append((played.seat, played.text))
            for seat, hidden in before.items():
                after = hidden & hidden_from(hand, seat)  # still hidden once the move is made
                assert not named(played.for_seat(seat).to_json()) & after
        assert hand.history() == texts
        assert hand.history() == [(seat, text) for seat, text in hand.view(0).core().history]


def hidden_from(hand: ScopaHand, seat: int | None) -> set[str]:
    hidden = {str(card) for card in hand.stock_cards()}
    for other in range(hand.rules.players):
        if other != seat:
            hidden |= {str(card) for card in hand.hand_cards(other)}
    return hidden


def named(data: Any) -> set[str]:
    if isinstance(data, str):
        return {data} & set(ALL)
    if isinstance(data, dict):
        return set().union(*map(named, data.values()))
    if isinstance(data, list):
        return set().union(*map(named, data))
    return set()


def in_play() -> dict[str, Any]:
    hand = ScopaRules().new_hand(8, 0)
    hand.play(1, "cut 9")
    hand.play(1, hand.legal_moves()[0])
    data: dict[str, Any] = hand.view(0).to_json()
    return data


@pytest.mark.parametrize(
    "change",
    [
        {"seat": 27},
        {"seat": True},
        {"to_move": 2},
        {"to_move": None},
        {"phase": "over"},
        {"phase": "cut"},
        {"phase": "deal"},
        {"dealer": 2},
        {"dealer": "0"},
        {"voided": -1},
        {"scores": [-1, 0]},
        {"scores": [0]},
        {"stock": 29},
        {"stock": -1},
        {"hand_sizes": [3, 3]},
        {"hand_sizes": [2]},
        {"table": ["AD", "AD"]},
        {"table": "AD"},
        {"piles": [[]]},
        {"piles": [["7D"], ["7D"]]},
        {"last_capture": {"seat": 5}},
        {"last_capture": "0"},
        {"history": [[0, "XX"]]},
        {"history": [[2, "cut 20"]]},
    ],
    ids=repr,
)
def test_a_view_no_hand_can_show_is_refused(change: dict[str, Any]) -> None:
    data = in_play()
    ScopaRules().view_from_json(data)
    with pytest.raises(NotationError):
        ScopaRules().view_from_json(data | change)


def test_a_view_over_or_at_the_cut_is_checked_too() -> None:
    start = ScopaRules().new_hand(3, 0)
    cut = start.view(1).to_json()
    assert ScopaRules().view_from_json(cut).to_json() == cut
    for change in ({"stock": 39}, {"piles": [["7D"], []]}, {"to_move": 0}, {"scores": [1, 0]}):
        with pytest.raises(NotationError):
            ScopaRules().view_from_json(cut | change)
    rng = random.Random(3)
    while not start.is_over():
        start.apply(rng.choice(start.legal_moves()))
    over = start.view(None).to_json()
    assert ScopaRules().view_from_json(over).to_json() == over
    with pytest.raises(NotationError):
        ScopaRules().view_from_json(over | {"table": [over["piles"][0][0]]})
