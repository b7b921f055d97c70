"""A refused move says which rule it breaks (a stable reason the game declares, worded in
every language), and names no card the mover cannot see: newcomer review defect 10."""

from __future__ import annotations

import random
from typing import Any

import pytest

from circolo.engine import ILLEGAL, HandState, IllegalMoveError
from circolo.games import make_rules
from circolo.games.bisca import BiscaRules
from circolo.games.bisca.moves import EXCHANGE, PASS
from circolo.games.burraco import BurracoRules
from circolo.games.burraco.melds import Meld
from circolo.games.burraco.moves import Draw, Extend, Move, NewMeld, Take
from circolo.games.scopa import ScopaRules
from circolo.i18n import LANGUAGES, export
from tests.burraco_setup import position_text
from tests.hidden import hidden_codes

GAMES = ("scopa", "bisca", "burraco")


def refused(hand: HandState[Any], seat: int, move: Any) -> IllegalMoveError:
    before = hand.position()
    with pytest.raises(IllegalMoveError) as refusal:
        hand.play(seat, move)
    assert hand.position() == before
    return refusal.value


def reason(hand: HandState[Any], move: Any) -> tuple[str | None, dict[str, str | int]]:
    seat = hand.to_move()
    assert seat is not None
    error = refused(hand, seat, move)
    return error.reason, error.params


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_reason_is_worded_in_every_language(game: str, lang: str) -> None:
    messages = export(lang)
    for code in (*make_rules(game, {}).refusals, ILLEGAL):
        assert f"refusal-{code}" in messages, (lang, code)


# -- Scopa -------------------------------------------------------------------------------


def scopa_dealt(seed: int = 3) -> HandState[int]:
    hand = ScopaRules().new_hand(seed, 0)
    hand.play(hand.to_move(), "cut 20")  # type: ignore[arg-type]
    return hand


def test_scopa_the_cut_comes_before_any_card() -> None:
    hand = ScopaRules().new_hand(3, 0)
    assert reason(hand, "7D") == ("scopa_cut_first", {})
    assert reason(hand, -2) == ("scopa_cut_depth", {"min": 4, "max": 36})


def test_scopa_no_second_cut_once_dealt() -> None:
    assert reason(scopa_dealt(), "cut 10") == ("scopa_no_cut", {})


def test_scopa_a_card_not_held_names_only_the_card_sent() -> None:
    hand = scopa_dealt()
    seat = hand.to_move()
    assert seat is not None
    other = str(hand.hand_cards(1 - seat)[0])  # type: ignore[attr-defined]
    assert reason(hand, other) == ("scopa_not_in_hand", {"card": other})
    mine = str(hand.hand_cards(seat)[0])  # type: ignore[attr-defined]
    assert reason(hand, f"{mine} x {other}")[0] == "scopa_not_on_table"


def scopa_at(table: str, hand: str) -> HandState[int]:
    """Seat 1 to play ``hand`` on ``table`` (a position: the rest in seat 0's pile)."""
    from circolo.games.scopa.deck import DECK_ORDER, TEXT

    used = set(table.split()) | set(hand.split())
    rest = [TEXT[c] for c in DECK_ORDER if TEXT[c] not in used]
    other, pile = rest[:3], rest[3:]
    text = " ".join(
        (
            "0", "1", "".join(other) + "/" + "".join(hand.split()), "".join(table.split()),
            "".join(pile) + "/-", "0/0", "0", "-", "1:0", "-",
        )
    )  # fmt: skip
    return ScopaRules().hand_from_position(text)


def test_scopa_a_card_of_equal_value_must_take_one_equal_card() -> None:
    hand = scopa_at("7C 3D 4S", "7D 2H 5H")
    assert reason(hand, "7D") == ("scopa_take_equal", {"card": "7D", "value": 7})
    assert reason(hand, "7D x 3D 4S") == ("scopa_take_equal", {"card": "7D", "value": 7})


def test_scopa_a_capture_adds_up_to_the_card_played() -> None:
    hand = scopa_at("AC 3D 4S", "6D 2H 5H")
    assert reason(hand, "6D x AC 3D") == ("scopa_wrong_sum", {"card": "6D", "value": 6})


def test_scopa_a_card_that_can_take_may_not_be_laid() -> None:
    hand = scopa_at("AC 3D 4S", "5D 2H KH")
    assert reason(hand, "5D") == ("scopa_must_take", {"card": "5D", "value": 5})


# -- Bisca -------------------------------------------------------------------------------


def test_bisca_the_trump_is_chosen_first() -> None:
    hand = BiscaRules().new_hand(5, 0)
    assert reason(hand, "pass") == ("bisca_choose_trump", {})


def bisca_window(players: int = 2) -> HandState[int]:
    """A sorteio hand whose exchange window is open."""
    for seed in range(200):
        hand = BiscaRules(players=players).new_hand(seed, 0)
        hand.play(hand.to_move(), "sorteio")  # type: ignore[arg-type]
        if hand.phase == "exchange":  # type: ignore[attr-defined]
            return hand
    raise AssertionError("no exchange window in 200 deals")


def test_bisca_the_exchange_needs_the_trump_two_and_comes_first() -> None:
    hand = bisca_window()
    seat = hand.to_move()
    assert seat is not None
    if EXCHANGE not in hand.legal_moves():
        assert reason(hand, "exchange") == ("bisca_no_trump_two", {})
    card = hand.hand(seat)[0]  # type: ignore[attr-defined]
    assert reason(hand, str(card)) == ("bisca_answer_exchange", {})


def bisca_states(players: int, seeds: range) -> list[HandState[int]]:
    """Every state of a few hands played at random (decisions and cards)."""
    states = []
    for seed in seeds:
        rng = random.Random(seed)
        hand = BiscaRules(players=players).new_hand(seed, seed % players)
        while not hand.is_over():
            states.append(hand.clone())
            hand.apply(rng.choice(hand.legal_moves()))
    return states


@pytest.mark.parametrize("players", [2, 4])
def test_bisca_every_refused_card_names_its_rule_and_no_hidden_card(players: int) -> None:
    found = set()
    for hand in bisca_states(players, range(12)):
        seat = hand.to_move()
        assert seat is not None
        hidden = hidden_codes(hand, seat)
        legal = hand.legal_moves()
        for move in range(PASS + 1):
            if move in legal:
                continue
            error = refused(hand, seat, move)
            assert error.reason in (*hand.rules.refusals, ILLEGAL)
            found.add(error.reason)
            sent = hand.move_text(move)
            for value in error.params.values():
                assert value == sent or value not in hidden, (error.reason, value)
    expected = {"bisca_play_a_card", "bisca_not_in_hand", "bisca_ace_before_seven"}
    if players == 4:
        expected.add("bisca_seven_last")
    assert expected <= found
    assert ILLEGAL not in found


@pytest.mark.parametrize("players", [2, 4])
def test_scopa_every_refused_move_names_its_rule_and_no_hidden_card(players: int) -> None:
    from circolo.games.scopa.deck import CARDS

    found = set()
    for seed in range(6):
        rng = random.Random(seed)
        hand = ScopaRules(players=players).new_hand(seed, 0)
        while not hand.is_over():
            seat = hand.to_move()
            assert seat is not None
            hidden = hidden_codes(hand, seat)
            legal = set(hand.legal_moves())
            table = [c for c in range(CARDS) if hand.table >> c & 1]  # type: ignore[attr-defined]
            tries = [-5, *range(CARDS)]
            tries += [card | 1 << t << 6 for card in range(CARDS) for t in table if t != card]
            for move in tries:
                if move in legal:
                    continue
                error = refused(hand, seat, move)
                assert error.reason in (*hand.rules.refusals, ILLEGAL)
                found.add(error.reason)
                sent = hand.move_text(move).split(" x ")[0]
                for value in error.params.values():
                    assert value == sent or value not in hidden, (error.reason, value)
            hand.apply(rng.choice(sorted(legal)))
    assert ILLEGAL not in found
    assert {"scopa_cut_first", "scopa_no_cut", "scopa_not_in_hand", "scopa_take_equal"} <= found


# -- Burraco -----------------------------------------------------------------------------


def burraco(hand: str, **position: object) -> HandState[Move]:
    """Seat 0 to play (after drawing) holding ``hand``; seat 1 holds three cards."""
    position.setdefault("phase", "play")
    text = position_text(2, hands=[hand, "AC AD AS"], **position)  # type: ignore[arg-type]
    return BurracoRules(players=2).hand_from_position(text)


def meld(text: str) -> Meld:
    return Meld.parse(text)


def test_burraco_the_single_card_taken_from_the_pile_stays() -> None:
    hand = burraco("TC 4H 5D 9S", taken="TC")
    assert reason(hand, "discard TC") == (
        "burraco_taken_card",
        {"card": "TC"},
    )


def test_burraco_a_turn_draws_first_and_once() -> None:
    drawing = burraco("4H 5D 9S", phase="draw", pile="7C")
    assert reason(drawing, "discard 4H")[0] == "burraco_draw_first"
    assert reason(burraco("4H 5D 9S"), Draw()) == ("burraco_drawn_already", {})
    assert reason(burraco("4H 5D 9S", phase="draw"), Take()) == ("burraco_pile_empty", {})


def test_burraco_a_card_not_held_names_only_the_card_sent() -> None:
    hand = burraco("4H 5D 9S KD")
    assert reason(hand, "discard QS") == ("burraco_not_in_hand", {"card": "QS"})
    assert reason(hand, "meld 4H 5H 6H") == ("burraco_not_in_hand", {"card": "5H"})


def test_burraco_going_out_after_the_pozzetto_needs_a_burraco_and_a_natural_discard() -> None:
    assert reason(burraco("KD 4D 5D 6D", pozzetti=["taken"]), "meld 4D 5D 6D") == (
        "burraco_close_needs_burraco",
        {},
    )
    run = "3S 4S 5S 6S 7S 8S 9S"
    assert reason(burraco("2C 4D 5D 6D", pozzetti=["taken"], melds=[[run]]), "meld 4D 5D 6D") == (
        "burraco_close_wild",
        {"card": "2C"},
    )
    assert reason(burraco("4D 5D 6D", pozzetti=["taken"], melds=[[run]]), "meld 4D 5D 6D") == (
        "burraco_keep_a_card",
        {},
    )
    assert reason(burraco("TC 4D 5D 6D", taken="TC"), "meld 4D 5D 6D") == (
        "burraco_taken_card",
        {"card": "TC"},
    )


def test_burraco_melds_keep_to_the_sides_melds() -> None:
    hand = burraco("7C 7D 7S 9H TH JH", melds=[["7H 7D JK"]])
    assert reason(hand, NewMeld(meld("7C 7D 7S"))) == ("burraco_set_exists", {})
    assert reason(hand, Extend(3, meld("9H TH JH"))) == ("burraco_no_such_meld", {})
    assert reason(hand, Extend(0, meld("9H TH JH"))) == ("burraco_not_an_extension", {})
