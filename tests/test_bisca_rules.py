"""One test per rule of rules/bisca.md and per [decided] point, named for it.

Situations are real positions (``rules.hand_from_position``) built by the case-kind
helpers, or hands dealt from a seed; the engine is asked only through its public API.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence

import pytest

from circolo.cards import Card
from circolo.engine import (
    BadSeatError,
    HandNotOverError,
    IllegalMoveError,
    NotationError,
    OptionError,
)
from circolo.games import make_rules
from circolo.games.bisca import BiscaHand, BiscaRules
from circolo.games.bisca.deck import CARDS, POINTS, STRENGTH_RANKS, parse_card
from circolo.games.bisca.tricks import legal_cards, restricted_cards, trick_winner
from circolo.match import Match
from tests.case_kinds.bisca import final_trick_state, fresh_hand, position
from tests.support import play_out


def moves(state: BiscaHand) -> list[str]:
    return [state.move_text(m) for m in state.legal_moves()]


def table(
    players: int,
    trump: str,
    hand: Sequence[str],
    trick: Sequence[str] = (),
    *,
    leader: int = 0,
    seven_earlier: bool = False,
    final: bool = False,
    others: dict[int, list[str]] | None = None,
    rules: BiscaRules | None = None,
) -> BiscaHand:
    """The seat after ``trick`` to move, holding ``hand``; tricks finished as the hand
    size requires (2 cards: the stock is empty)."""
    rules = rules or BiscaRules(players=players)
    seat = (leader + len(trick)) % players
    if final:
        done = 40 // players - 1
    elif len(hand) == 2:
        done = 40 // players - 2
    else:
        done = int(seven_earlier)
    text = position(
        rules,
        trump,
        leader=leader,
        trick=list(trick),
        fixed={seat: list(hand), **(others or {})},
        size=len(hand),
        done=done,
        seven_earlier=seven_earlier,
    )
    state = rules.hand_from_position(text)
    assert state.to_move() == seat
    return state


def play_trick(
    players: int, trump: str, cards: Sequence[str], *, leader: int = 0, final: bool = False
) -> BiscaHand:
    """A trick played card by card through the checked path, the cards in their players'
    hands beforehand."""
    rules = BiscaRules(players=players)
    fixed = {(leader + i) % players: [card] for i, card in enumerate(cards)}
    size, done = (1, 40 // players - 1) if final else (3, 0)
    state = rules.hand_from_position(
        position(rules, trump, leader=leader, trick=[], fixed=fixed, size=size, done=done)
    )
    for card in cards:
        state.play(state.to_move(), card)
    return state


def random_hand(players: int, seed: int, **options: bool) -> BiscaHand:
    state = BiscaRules(players=players, **options).new_hand(seed, seed % players)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
    return state


# -- Cards ---------------------------------------------------------------------------


def test_cards_forty_french_cards_a_2_7_j_q_k_no_8_9_10_no_jokers() -> None:
    assert len(CARDS) == len(set(CARDS)) == 40
    assert {c.rank for c in CARDS} == {1, 2, 3, 4, 5, 6, 7, 11, 12, 13}
    assert all(not c.is_joker for c in CARDS)


def test_card_points_a11_7_10_k4_j3_q2_others_0_120_in_all() -> None:
    value = {str(c)[0]: POINTS[i] for i, c in enumerate(CARDS)}
    assert value == {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2} | dict.fromkeys("23456", 0)
    assert sum(POINTS) == 120


def test_strength_a_7_k_j_q_6_5_4_3_2() -> None:
    order = ["A", "7", "K", "J", "Q", "6", "5", "4", "3", "2"]
    assert [Card.parse(r + "H").rank for r in reversed(order)] == list(STRENGTH_RANKS)
    for strong, weak in itertools.combinations(order, 2):
        for first, second in ((strong, weak), (weak, strong)):
            cards = [parse_card(first + "C"), parse_card(second + "C")]
            winner = trick_winner(cards, trump=0)
            assert CARDS[cards[winner]].rank == Card.parse(strong + "C").rank


# -- Options ---------------------------------------------------------------------------


def test_options_are_named_validated_and_the_house_rules_are_off_by_default() -> None:
    rules = make_rules("bisca")
    assert rules.options() == {
        "players": 2,
        "target": 4,
        "seven_opening": False,
        "bonus_61_59": False,
        "faces": "french",
    }
    bad_options: list[tuple[dict[str, object], str]] = [
        ({"players": 3}, "players must be one of 2, 4"),
        ({"players": 2.0}, "players must be one of 2, 4"),
        ({"target": 0}, "target must be a whole number from 1"),
        ({"target": "4"}, "target must be a whole number"),
        ({"target": True}, "target must be a whole number"),
        ({"seven_opening": "yes"}, "seven_opening must be true or false"),
        ({"bonus_61_59": 1}, "bonus_61_59 must be true or false"),
        ({"relo": True}, "unknown option 'relo'"),
        ({"faces": "spanish"}, "faces must be one of 'french', 'italian'"),
    ]
    for bad, words in bad_options:
        with pytest.raises(OptionError, match=words):
            make_rules("bisca", bad)
    with pytest.raises(BadSeatError, match="a seat is a number from 0 to 1"):
        BiscaRules().new_hand(1, 2)


# -- Players, the cutter, preparing the trump -----------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_cutter_is_the_seat_after_the_dealer_and_chooses_before_anyone_sees_a_hand(
    players: int,
) -> None:
    """[decided] the cutter is the opponent who plays right after the dealer; the trump is
    prepared before anyone sees a hand."""
    for dealer in range(players):
        state = BiscaRules(players=players).new_hand(99, dealer)
        assert state.to_move() == (dealer + 1) % players
        assert moves(state) == ["copas", "sorteio"]
        for seat in [*range(players), None]:
            view = state.view(seat).to_json()
            assert view["hand"] == [] and view["hand_sizes"] == [0] * players
            assert view["stock"] == 40 and view["phase"] == "choose"


@pytest.mark.parametrize("players", [2, 4])
def test_deal_three_cards_each_from_the_top_starting_with_the_cutter(players: int) -> None:
    state = BiscaRules(players=players).new_hand(5, 0)
    deck = state.stock()
    state.play(state.to_move(), "copas")
    for offset in range(players):
        seat = (1 + offset) % players
        assert state.hand(seat) == deck[3 * offset : 3 * offset + 3]
    assert state.stock() == deck[3 * players :]


@pytest.mark.parametrize("players", [2, 4])
def test_the_cutter_leads_the_first_trick(players: int) -> None:
    state = BiscaRules(players=players).new_hand(11, players - 1)
    state.play(state.to_move(), "copas")
    assert state.view(None).phase == "play" and state.to_move() == 0


def test_copas_hearts_trump_no_card_turned_the_stock_closed() -> None:
    state = BiscaRules().new_hand(3, 0)
    deck = state.stock()
    state.play(state.to_move(), "copas")
    view = state.view(0).to_json()
    assert view["trump"] == "H" and view["copas"] is True
    assert view["open_card"] is None and view["turned_back"] is None
    assert state.stock() == deck[6:], "no card is turned: the stock stays as it was"


def test_sorteio_turns_the_top_card_of_the_stock_after_the_deal() -> None:
    """[decided] the turned card is the top of the stock once every seat has its 3 cards."""
    for seed in range(30):
        state = BiscaRules(players=4).new_hand(seed, 0)
        turned = state.stock()[12]
        state.play(state.to_move(), "sorteio")
        view = state.view(None)
        shown = view.open_card if view.open_card is not None else view.turned
        assert shown is not None and CARDS[shown] == turned


@pytest.mark.parametrize("turned", ["AH", "7H", "AD", "7D", "AC", "7C", "AS", "7S"])
def test_sorteio_a_turned_ace_or_seven_switches_to_the_other_suit_of_its_colour(
    turned: str,
) -> None:
    """♥ ↔ ♦, ♣ ↔ ♠; the card goes back into the stock at a random place: no open card."""
    state = fresh_hand(BiscaRules(), [], turned)
    state.play(state.to_move(), "sorteio")
    switched = {"H": "D", "D": "H", "C": "S", "S": "C"}[turned[1]]
    view = state.view(0).to_json()
    assert view["trump"] == switched
    assert view["open_card"] is None and view["turned_back"] == turned
    stock = [str(c) for c in state.stock()]
    assert len(stock) == 34 and stock[::-1].index(turned) == 5, "at the seeded slot (5)"
    assert state.view(None).phase == "play", "no open card: no exchange window"


def test_sorteio_the_turned_card_goes_back_at_a_slot_drawn_from_the_hand_seed() -> None:
    slots = set()
    for seed in range(300):
        state = BiscaRules().new_hand(seed, 0)
        again = BiscaRules().new_hand(seed, 0)
        assert state.slot == again.slot
        slots.add(state.slot)
        state.play(state.to_move(), "sorteio")
        view = state.view(None)
        if view.turned is not None:
            stock = state.stock()
            assert stock[::-1].index(CARDS[view.turned]) == again.slot
    assert slots == set(range(34)), "every place in the stock, the top and bottom included"


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("turned", ["2H", "5D", "KC", "QS", "JH"])
def test_sorteio_another_card_lies_open_under_the_stock_and_is_drawn_last(
    turned: str, players: int
) -> None:
    state = fresh_hand(BiscaRules(players=players), [], turned)
    state.play(state.to_move(), "sorteio")
    assert state.view(0).to_json()["trump"] == turned[1]
    assert str(state.open_card) == turned and str(state.stock()[-1]) == turned
    rng = random.Random(1)
    while state.view(None).stock_size:
        state.apply(rng.choice(state.legal_moves()))
    view = state.view(None)
    winner = view.to_json()["tricks"][-1]["winner"]
    assert view.drawer == (winner - 1) % players, "the last in seat order from the winner"
    assert Card.parse(turned) in state.hand(view.drawer or 0)


@pytest.mark.parametrize(
    ("choice", "turned", "trump", "copas"),
    [
        ("copas", None, "H", True),
        ("sorteio", "7D", "H", True),
        ("sorteio", "AD", "H", True),
        ("sorteio", "4H", "H", True),
        ("sorteio", "AH", "D", False),
        ("sorteio", "6S", "S", False),
    ],
)
def test_the_hand_counts_as_copas_whenever_the_final_trump_is_hearts(
    choice: str, turned: str | None, trump: str, copas: bool
) -> None:
    state = fresh_hand(BiscaRules(), [], turned)
    state.play(state.to_move(), choice)
    assert state.view(0).to_json()["trump"] == trump
    assert state.copas is copas
    rng = random.Random(2)
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
    assert state.score().details["copas"] is copas


# -- The trump-2 exchange -------------------------------------------------------------


def test_exchange_the_trump_two_takes_the_open_card_and_lies_in_its_place() -> None:
    state = fresh_hand(BiscaRules(), ["2D", "KC", "4S"], "5D")
    state.play(state.to_move(), "sorteio")
    assert state.to_move() == 1 and moves(state) == ["pass", "exchange"]
    state.play(state.to_move(), "exchange")
    assert [str(c) for c in state.hand(1)] == ["5D", "KC", "4S"]
    assert str(state.open_card) == "2D" and str(state.stock()[-1]) == "2D"
    view = state.view(0).to_json()
    assert view["exchange"] == {"seat": 1, "took": "5D"} and view["open_card"] == "2D"
    assert view["phase"] == "play" and state.to_move() == 1, "the window closes; the cutter leads"


def test_exchange_window_asks_every_seat_from_the_cutter_so_it_shows_no_holder() -> None:
    """[decided] an exchange window before the first lead: every seat in turn from the
    cutter moves ``pass`` (or ``exchange`` holding the trump 2), so a seat that is not the
    leader can exchange and the turn order tells nobody who holds the 2."""
    for holder in [*range(4), None]:
        others = {} if holder is None else {holder: ["2C"]}
        state = fresh_hand(BiscaRules(players=4), [], "6C", others)
        state.play(state.to_move(), "sorteio")
        asked = []
        while state.view(None).phase == "exchange":
            asked.append((state.to_move(), moves(state)))
            state.play(state.to_move(), "pass")
        assert [seat for seat, _ in asked] == [1, 2, 3, 0]
        assert all(m == (["pass", "exchange"] if s == holder else ["pass"]) for s, m in asked)
        assert state.to_move() == 1


def test_exchange_by_a_seat_that_does_not_lead() -> None:
    state = fresh_hand(BiscaRules(), ["KC", "4S", "QD"], "6C", {0: ["2C"]})
    state.play(state.to_move(), "sorteio")
    state.play(state.to_move(), "pass")  # the cutter
    assert state.to_move() == 0 and moves(state) == ["pass", "exchange"]
    state.play(state.to_move(), "exchange")
    assert Card.parse("6C") in state.hand(0) and str(state.open_card) == "2C"
    assert state.to_move() == 1 and state.view(None).phase == "play"


def test_no_exchange_without_an_open_card() -> None:
    for choice, turned in (("copas", None), ("sorteio", "AD"), ("sorteio", "7S")):
        trump2 = "2H" if turned != "7S" else "2C"
        state = fresh_hand(BiscaRules(), [trump2, "KC", "4S"], turned)
        state.play(state.to_move(), choice)
        assert state.view(None).phase == "play" and "exchange" not in moves(state)
        with pytest.raises(IllegalMoveError):
            state.play(state.to_move(), "exchange")


def test_no_exchange_window_when_the_open_card_is_the_trump_two_itself() -> None:
    state = fresh_hand(BiscaRules(), [], "2S")
    state.play(state.to_move(), "sorteio")
    assert str(state.open_card) == "2S" and state.view(None).phase == "play"


def test_no_exchange_after_the_first_card_of_the_first_trick() -> None:
    state = fresh_hand(BiscaRules(), ["KC", "4S", "QD"], "5D", {0: ["2D"]})
    state.play(state.to_move(), "sorteio")
    state.play(state.to_move(), "pass")
    state.play(state.to_move(), "pass")  # the holder (seat 0) lets the window close
    state.play(state.to_move(), "KC")
    assert state.to_move() == 0 and "exchange" not in moves(state)
    position = state.position()
    with pytest.raises(IllegalMoveError):
        state.play(state.to_move(), "exchange")
    assert state.position() == position


# -- Play ------------------------------------------------------------------------------


def test_following_suit_is_never_required_also_after_the_stock_is_empty() -> None:
    state = table(2, "S", ["2H", "KC"], ["AH"], leader=1)
    assert state.view(0).stock_size == 0
    assert moves(state) == ["2H", "KC"]
    state = table(4, "S", ["3D", "5C", "QD"], ["KH", "2H", "6H"], leader=1)
    assert moves(state) == ["3D", "5C", "QD"]


@pytest.mark.parametrize(
    ("trump", "cards", "winner"),
    [
        ("H", ["5C", "KC"], 1),  # the highest of the suit led
        ("H", ["7C", "AD"], 0),  # another non-trump suit never wins
        ("D", ["AH", "2D"], 1),  # the lowest trump beats a non-trump Ace
        ("C", ["3H", "2C", "4C", "5C"], 3),  # the highest trump
        ("S", ["AS", "KH", "2H", "7S"], 0),
        ("H", ["QD", "JD", "KD", "3D"], 2),
    ],
)
def test_the_highest_trump_wins_else_the_highest_card_of_the_suit_led(
    trump: str, cards: list[str], winner: int
) -> None:
    state = final_trick_state(BiscaRules(players=len(cards)), trump, cards, leader=1)
    for card in cards:
        state.play(state.to_move(), card)
    last = state.view(None).to_json()["tricks"][-1]
    assert (last["winner"] - 1) % len(cards) == winner


@pytest.mark.parametrize("players", [2, 4])
def test_the_winner_collects_draws_first_and_leads_the_others_draw_in_seat_order(
    players: int,
) -> None:
    cards = ["2D", "AD", "3D", "4D"][:players]
    rules = BiscaRules(players=players)
    fixed = {seat: [cards[seat]] for seat in range(players)}
    state = rules.hand_from_position(
        position(rules, "C", leader=0, trick=[], fixed=fixed, size=3, done=0)
    )
    top = state.stock()[:players]
    for card in cards:
        state.play(state.to_move(), card)
    assert state.to_move() == 1, "the AD wins and leads"
    for offset in range(players):
        seat = (1 + offset) % players
        assert state.hand(seat)[-1] == top[offset]
    assert state.view(None).piles[1] == players and state.view(None).card_points[1] == 11


@pytest.mark.parametrize("players", [2, 4])
def test_final_trick_is_the_last_trick_of_the_hand_each_player_holds_one_card(
    players: int,
) -> None:
    state = BiscaRules(players=players).new_hand(8, 0)
    rng = random.Random(8)
    tricks = 0
    while not state.is_over():
        view = state.view(None)
        if not view.trick and view.phase == "play":
            tricks += 1
            assert view.final_trick == (set(view.hand_sizes) == {1} and view.stock_size == 0)
        state.apply(rng.choice(state.legal_moves()))
    assert tricks == 40 // players


# -- The trump Ace and the trump 7 ---------------------------------------------------


def test_trump_seven_one_by_one_may_be_the_last_card_of_any_trick() -> None:
    assert moves(table(2, "H", ["7H", "2C", "QS"], ["5D"])) == ["7H", "2C", "QS"]
    assert moves(table(2, "H", ["7H", "2C"], ["5D"])) == ["7H", "2C"]


def test_trump_seven_two_by_two_may_not_be_the_last_card_of_a_trick() -> None:
    assert moves(table(4, "H", ["7H", "2C", "QS"], ["5H", "6C", "KD"])) == ["2C", "QS"]
    assert moves(table(4, "H", ["7H", "AD"], ["2S", "3S", "4S"])) == ["AD"]


def test_trump_seven_two_by_two_may_be_played_anywhere_but_last() -> None:
    for trick in ([], ["5D"], ["5D", "6D"]):
        assert "7H" in moves(table(4, "H", ["7H", "2C", "QS"], trick))


def test_trump_seven_two_by_two_may_close_the_final_trick() -> None:
    assert moves(table(4, "H", ["7H"], ["2S", "3S", "4S"], final=True)) == ["7H"]


def test_trump_seven_two_by_two_may_close_a_trick_when_the_last_holds_exactly_a_and_7() -> None:
    assert moves(table(4, "H", ["AH", "7H"], ["5D", "6C", "KD"])) == ["AH", "7H"]


@pytest.mark.parametrize("players", [2, 4])
def test_trump_ace_only_after_the_trump_seven_before_the_final_trick(players: int) -> None:
    assert moves(table(players, "H", ["AH", "3C", "KD"])) == ["3C", "KD"]
    trick = ["3D", "4D", "5D"][: players - 1]
    assert moves(table(players, "S", ["AS", "AH", "2S"], trick)) == ["AH", "2S"]


@pytest.mark.parametrize("players", [2, 4])
def test_trump_ace_free_once_the_trump_seven_fell_in_an_earlier_trick(players: int) -> None:
    assert moves(table(players, "H", ["AH", "3C", "KD"], seven_earlier=True)) == [
        "AH",
        "3C",
        "KD",
    ]


def test_trump_ace_free_after_the_trump_seven_earlier_in_this_trick_even_the_partners() -> None:
    assert moves(table(2, "H", ["AH", "3C", "KD"], ["7H"])) == ["AH", "3C", "KD"]
    assert moves(table(4, "H", ["AH", "5D", "6S"], ["7H", "3C"])) == ["AH", "5D", "6S"]


@pytest.mark.parametrize("players", [2, 4])
def test_trump_ace_exception_the_last_player_holding_exactly_a_and_7(players: int) -> None:
    trick = ["5D", "6C", "KD"][: players - 1]
    assert moves(table(players, "H", ["AH", "7H"], trick)) == ["AH", "7H"]


def test_trump_ace_exception_only_for_the_last_player() -> None:
    assert moves(table(4, "H", ["AH", "7H"], ["5D", "6C"])) == ["7H"]
    assert moves(table(2, "H", ["AH", "7H"])) == ["7H"]


@pytest.mark.parametrize("players", [2, 4])
def test_trump_ace_free_in_the_final_trick_even_leading(players: int) -> None:
    assert moves(table(players, "D", ["AD"], final=True)) == ["AD"]
    state = final_trick_state(
        BiscaRules(players=players), "D", ["AD", "7D", "2C", "3C"][:players], 0
    )
    state.play(state.to_move(), "AD")
    assert moves(state) == ["7D"]


def test_other_aces_are_free() -> None:
    assert moves(table(4, "S", ["AS", "AH", "2S"], ["3D", "4D", "5D"])) == ["AH", "2S"]


def test_decided_fallback_every_card_is_legal_if_the_rules_leave_none() -> None:
    """[decided] a hand the rules would leave without a card: a lone trump Ace before the
    final trick (no real hand reaches it: see the next test)."""
    ace = parse_card("AH")
    assert restricted_cards([ace], 0, 2, 0, seven_out=False) == []
    assert legal_cards([ace], 0, 2, 0, seven_out=False, final_trick=False) == [ace]


@pytest.mark.parametrize("players", [2, 4])
def test_decided_fallback_is_unreachable_every_hand_before_the_final_trick_has_a_card(
    players: int,
) -> None:
    """Before the final trick a hand holds 2 or 3 cards. Only the trump A and 7 are ever
    forbidden, so a hand with no legal card would be exactly {A, 7}: the Ace waits for the
    7, and the 7 is forbidden only to the last player of a 2 × 2 trick, to whom the
    "exactly A and 7" exception gives both. Every hand, place and history is checked."""
    trump = 2
    universe = [parse_card(c) for c in ("AC", "7C", "2C", "KC", "AH", "7H", "QS")]
    for size in (2, 3):
        for hand in itertools.combinations(universe, size):
            for place in range(players):
                for seven_out in (False, True):
                    if seven_out and parse_card("7C") in hand:
                        continue
                    assert restricted_cards(hand, place, players, trump, seven_out), hand


# -- Relo --------------------------------------------------------------------------------


@pytest.mark.parametrize(("trump", "points"), [("H", 2), ("D", 1), ("S", 1)])
def test_relo_trump_ace_over_an_opponents_trump_seven_scores_2_in_copas_1_otherwise(
    trump: str, points: int
) -> None:
    state = play_trick(2, trump, ["7" + trump, "A" + trump])
    assert state.view(None).relo == (0, points)


def test_relo_at_any_later_place_of_the_trick_not_only_right_after_the_seven() -> None:
    state = play_trick(4, "D", ["7D", "2C", "3C", "AD"], leader=1)  # seat 1 then seat 0
    assert state.view(None).relo == (1, 0)
    state = play_trick(4, "S", ["2D", "3D", "7S", "AS"], leader=0)
    assert state.view(None).relo == (0, 1)


def test_no_relo_over_the_partners_seven() -> None:
    state = play_trick(4, "H", ["7H", "2C", "AH", "3D"])
    assert state.view(None).relo == (0, 0)


def test_no_relo_with_the_ace_played_before_the_seven() -> None:
    """Before the final trick the Ace cannot come before the 7; in the final trick it can,
    and scores no relo."""
    state = play_trick(4, "H", ["AH", "7H", "2C", "3C"], final=True)
    assert state.view(None).relo == (0, 0)


def test_no_relo_in_the_final_trick() -> None:
    state = play_trick(2, "D", ["7D", "AD"], final=True)
    assert state.view(None).relo == (0, 0)
    state = play_trick(4, "D", ["7D", "AD", "2C", "3C"], final=True)
    assert state.view(None).relo == (0, 0)


def test_relo_scores_even_for_the_team_that_loses_the_hand() -> None:
    score = BiscaRules().score_hand([29, 91], copas=False, relo=[1, 0])
    assert score.points == (1, 2)
    score = BiscaRules().score_hand([20, 100], copas=True, relo=[2, 0])
    assert score.points == (2, 4)


def test_relo_is_credited_at_the_end_of_the_hand_inside_the_cap() -> None:
    """[decided] a relo never ends a match in the middle of a hand: no score until the
    hand is over, and the match adds nothing before it."""
    state = play_trick(2, "H", ["7H", "AH"])
    assert state.view(None).relo == (0, 2)
    with pytest.raises(HandNotOverError):
        state.score()
    score = BiscaRules().score_hand([95, 25], copas=True, relo=[2, 0])
    assert score.points == (4, 0) and score.breakdown[0]["cap"] == -2


def test_relo_in_real_hands_is_in_the_hand_score() -> None:
    seen = 0
    for seed in range(400):
        state = random_hand(2, seed)
        relo = state.view(None).relo
        assert [b["relo"] for b in state.score().breakdown] == list(relo)
        seen += any(relo)
    assert seen > 0


# -- Scoring a hand ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card_points", "copas", "relo", "points", "rule"),
    [
        ((61, 59), False, (0, 0), (1, 0), "61 or more card points wins the hand: 1"),
        ((59, 61), False, (0, 0), (0, 1), "61 or more card points wins the hand: 1"),
        ((91, 29), False, (0, 0), (2, 0), "capote (the loser under 30): 2"),
        ((90, 30), False, (0, 0), (1, 0), "exactly 30 is not capote"),
        ((120, 0), False, (0, 0), (2, 0), "capote"),
        ((70, 50), True, (0, 0), (2, 0), "copas: 2 instead of 1"),
        ((95, 25), True, (0, 0), (4, 0), "copas with capote: 2 + 2"),
        ((100, 20), False, (1, 0), (3, 0), "relo points are added"),
        ((95, 25), True, (2, 0), (4, 0), "at most 4 per team per hand"),
        ((60, 60), False, (0, 0), (0, 0), "60 x 60: no win points"),
        ((60, 60), True, (2, 1), (2, 1), "60 x 60: relo points still count"),
    ],
)
def test_scoring_a_hand(
    card_points: tuple[int, int],
    copas: bool,
    relo: tuple[int, int],
    points: tuple[int, int],
    rule: str,
) -> None:
    score = BiscaRules().score_hand(card_points, copas, relo)
    assert score.points == points, rule


def test_scoring_breakdown_names_each_category_and_sums_to_the_points() -> None:
    score = BiscaRules().score_hand([95, 25], copas=True, relo=[2, 1])
    assert score.breakdown[0] == {
        "card_points": 95,
        "win": 1,
        "copas": 1,
        "capote": 2,
        "relo": 2,
        "cap": -2,
    }
    assert score.breakdown[1] == {
        "card_points": 25,
        "win": 0,
        "copas": 0,
        "capote": 0,
        "relo": 1,
        "cap": 0,
    }


def test_a_real_hand_scores_its_card_points_and_relo() -> None:
    for seed in range(50):
        state = random_hand(4, seed)
        view = state.view(None)
        expected = state.rules.score_hand(view.card_points, state.copas, view.relo)
        assert state.score().points == expected.points
        assert state.score().details["trump"] == view.to_json()["trump"]


# -- House rules ------------------------------------------------------------------------


def test_house_rule_seven_opening_plus_one_for_leading_the_first_trick_with_the_trump_7() -> None:
    for on in (False, True):
        rules = BiscaRules(seven_opening=on)
        text = position(rules, "C", leader=1, trick=[], fixed={1: ["7C"]}, size=3, done=0)
        state = rules.hand_from_position(text)
        state.play(state.to_move(), "7C")
        assert state.view(None).seven_opening == ((0, 1) if on else (0, 0))
        rng = random.Random(0)
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        breakdown = state.score().breakdown[1]
        assert breakdown.get("seven_opening") == (1 if on else None)


def test_house_rule_seven_opening_only_for_the_first_card_of_the_hand() -> None:
    rules = BiscaRules(seven_opening=True)
    text = position(rules, "C", leader=1, trick=["2D"], fixed={0: ["7C"]}, size=3, done=0)
    state = rules.hand_from_position(text)
    state.play(state.to_move(), "7C")
    assert state.view(None).seven_opening == (0, 0)


def test_house_rule_bonus_61_59_plus_one_to_the_winner_of_a_61_59_hand() -> None:
    on, off = BiscaRules(bonus_61_59=True), BiscaRules()
    assert on.score_hand([61, 59], False).points == (2, 0)
    assert on.score_hand([59, 61], True).points == (0, 3)
    assert on.score_hand([62, 58], False).points == (1, 0)
    assert off.score_hand([61, 59], False).points == (1, 0)
    assert on.score_hand([61, 59], False).breakdown[0]["win_61_59"] == 1
    assert "win_61_59" not in off.score_hand([61, 59], False).breakdown[0]


# -- The match ---------------------------------------------------------------------------


def test_match_first_team_to_four_wins() -> None:
    rules = BiscaRules()
    assert rules.match_outcome([4, 2], 3).status == "won"
    assert rules.match_outcome([3, 5], 3).winner == 1
    assert rules.match_outcome([3, 3], 3).status == "continue"


def test_match_both_teams_reach_four_in_the_same_hand_the_players_decide() -> None:
    outcome = BiscaRules().match_outcome([4, 5], 2)
    assert outcome.status == "decision" and outcome.choices == ("replay", "draw")


def test_match_unanimous_replay_else_a_draw() -> None:
    """[decided] a unanimous "replay" replays the hand; otherwise (or without every vote
    when the 30 s close) the match is a draw."""
    two, four = BiscaRules(), BiscaRules(players=4)
    assert two.decision_choices == ("replay", "draw")
    assert two.settle({0: "replay", 1: "replay"}) == "replay"
    assert two.settle({0: "replay", 1: "draw"}) == "draw"
    assert two.settle({1: "replay"}) == "draw"
    assert four.settle(dict.fromkeys(range(4), "replay")) == "replay"
    assert four.settle(dict.fromkeys(range(3), "replay")) == "draw"
    with pytest.raises(OptionError):
        two.settle({0: "again"})
    with pytest.raises(BadSeatError):
        two.settle({2: "replay"})


def test_match_sixty_all_is_simply_another_hand() -> None:
    score = BiscaRules().score_hand([60, 60], copas=False)
    assert score.points == (0, 0)
    assert BiscaRules().match_outcome([3, 3], 5).status == "continue"


def random_match(players: int, seed: int) -> tuple[Match, list[tuple[int, ...]]]:
    """A match of random hands; decision points alternate draw and replay."""
    match = Match(BiscaRules(players=players), seed)
    rng = random.Random(seed)
    decided: list[tuple[int, ...]] = []

    def decide(outcome: object) -> str:
        decided.append(tuple(match.totals))
        return "replay" if len(decided) % 2 else "draw"

    play_out(match, lambda hand: rng.choice(hand.legal_moves()), decide)
    return match, decided


@pytest.mark.parametrize("players", [2, 4])
def test_a_match_plays_to_four_and_the_deal_passes_clockwise(players: int) -> None:
    decisions = 0
    for seed in range(150):
        match, decided = random_match(players, seed)
        decisions += len(decided)
        assert all(min(totals) >= 4 for totals in decided), "a decision: both teams at 4"
        dealers = [hand.first for hand in match.hands]
        for before, after in itertools.pairwise(dealers):
            assert after in (before, (before + 1) % players)  # the same one after a replay
        if match.outcome.status == "won":
            assert match.totals[match.outcome.winner or 0] >= 4 > min(match.totals)
        else:
            assert match.outcome.status == "drawn" and min(match.totals) >= 4
    assert decisions > 0, "some matches reach the decision point"


# -- Bad input is an answer ---------------------------------------------------------------


def test_illegal_moves_and_bad_text_are_answers_and_change_nothing() -> None:
    state = table(2, "H", ["AH", "3C", "KD"])
    before = state.position()
    for bad, error in [
        ("AH", IllegalMoveError),
        ("2S", IllegalMoveError),
        ("copas", IllegalMoveError),
        ("exchange", IllegalMoveError),
        ("8D", NotationError),
        ("JK", NotationError),
        ("", NotationError),
        ("seven of hearts", NotationError),
    ]:
        with pytest.raises(error):
            state.play(state.to_move(), bad)
        assert state.position() == before


def test_bad_positions_are_notation_errors() -> None:
    good = BiscaRules().new_hand(1, 0).position()
    stock = good.split("stock=")[1].split()[0]
    for bad in [
        "",
        "scopa " + good[6:],
        good.replace("players=2", "players=4"),
        good.replace("phase=choose", "phase=deal"),
        good.replace(stock, stock[:-2]),
        good.replace(stock, stock[:-2] + stock[:2]),
        good.replace(" slot=", " slop="),
        good.replace("turn=1", "turn=0"),
        re.sub(r"slot=\d+", "slot=34", good),
    ]:
        with pytest.raises(NotationError):
            BiscaRules().hand_from_position(bad)
    with pytest.raises(NotationError):
        BiscaRules(players=4).hand_from_position(good)


def test_bad_view_json_is_a_notation_error() -> None:
    rules = BiscaRules()
    data = rules.new_hand(1, 0).view(0).to_json()
    for broken in [{}, data | {"players": 4}, data | {"hand": ["8D"]}, data | {"seat": 7}]:
        with pytest.raises(NotationError):
            rules.view_from_json(broken)


# -- Views ------------------------------------------------------------------------------


def test_views_show_trump_open_card_trick_played_cards_sizes_and_scores() -> None:
    state = fresh_hand(BiscaRules(), ["2C", "KD", "3S"], "6C")
    state.play(state.to_move(), "sorteio")
    state.play(state.to_move(), "pass")
    state.play(state.to_move(), "pass")
    state.play(state.to_move(), "KD")
    view = state.view(0).to_json()
    assert view["trump"] == "C" and view["open_card"] == "6C"
    assert view["trick"] == {"leader": 1, "cards": ["KD"]}
    assert view["hand_sizes"] == [3, 2] and view["stock"] == 34
    assert view["scores"] == [0, 0] and view["piles"] == [0, 0] and view["relo"] == [0, 0]
    assert len(view["hand"]) == 3 and "2C" not in view["hand"]
    spectator = state.view(None).to_json()
    assert spectator["hand"] == [] and spectator["trick"] == view["trick"]


def test_the_open_card_drawn_last_stays_known_in_its_drawers_hand() -> None:
    state = fresh_hand(BiscaRules(), [], "6C")
    state.play(state.to_move(), "sorteio")
    rng = random.Random(4)
    while state.view(None).drawer is None:
        state.apply(rng.choice(state.legal_moves()))
    view = state.view(None)
    drawer = view.drawer
    assert drawer is not None
    if parse_card("6C") not in view.played():
        assert view.known_in_hands() == {drawer: [parse_card("6C")]}
        sample = state.view(1 - drawer).sample(random.Random(0))
        assert Card.parse("6C") in sample.hand(drawer)


def test_move_notation_cards_and_words_round_trip() -> None:
    state = BiscaRules().new_hand(1, 0)
    for text in ("copas", "sorteio", "exchange", "pass", "7D", "AH", "QS"):
        assert state.move_text(state.parse_move(text)) == text
    assert state.parse_move("SORTEIO") == state.parse_move("sorteio")
    assert state.parse_move("7d") == state.parse_move("7D")
    for bad in ("8D", "TD", "JK", "troca", "", "7"):
        with pytest.raises(NotationError):
            state.parse_move(bad)
