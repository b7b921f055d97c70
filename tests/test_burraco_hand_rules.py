"""Burraco hand rules (rules/burraco.md), one test per rule and per [decided] point.

Positions are set up with ``tests.burraco_setup.position_text`` and read by the
public ``rules.hand_from_position``; moves go through the checked path ``play``.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

import pytest

from circolo.cards import Card, burraco_deck, parse_cards, shuffled
from circolo.engine import (
    BadSeatError,
    HandNotOverError,
    IllegalMoveError,
    NotationError,
    OptionError,
)
from circolo.games import make_rules
from circolo.games.burraco import BurracoRules
from circolo.games.burraco.hand import BurracoHand
from circolo.games.burraco.melds import Meld
from circolo.games.burraco.moves import Discard, Draw, Extend, Move, NewMeld, Take
from circolo.match import Match
from tests.burraco_setup import position_text
from tests.support import play_out

TWO = BurracoRules(players=2)
FOUR = BurracoRules(players=4)


def setup(rules: BurracoRules = TWO, **position: object) -> BurracoHand:
    position.setdefault("hands", [[] for _ in range(rules.players)])
    return rules.hand_from_position(position_text(rules.players, **position))  # type: ignore[arg-type]


def playing(hand: str, rules: BurracoRules = TWO, **position: object) -> BurracoHand:
    """Seat 0 to play (after drawing), holding ``hand``; the other hands hold 3 cards."""
    others = ["AC AD AS"] * (rules.players - 1)
    return setup(rules, hands=[hand, *others], phase="play", **position)


def texts(state: BurracoHand) -> list[str]:
    return [state.move_text(m) for m in state.legal_moves()]


def discards(state: BurracoHand) -> list[str]:
    return [t.split()[1] for t in texts(state) if t.startswith("discard")]


def refused(state: BurracoHand, move: str) -> bool:
    before = state.position()
    with pytest.raises(IllegalMoveError):
        state.play(state.seat, move)
    assert state.position() == before, "a refused move leaves the state unchanged"
    return True


# -- cards and deal -----------------------------------------------------------------------


def test_cards_two_french_decks_and_four_jokers_108() -> None:
    """Cards: two French decks and 4 jokers: 108 cards; identical cards exist."""
    hand = TWO.new_hand(1, 0)
    everywhere = hand.hands[0] + hand.hands[1] + hand.pile + hand.stock
    everywhere += [c for p in hand.pozzetti if p for c in p]
    assert sorted(everywhere) == list(range(108))
    assert Counter(burraco_deck())[Card.parse("7H")] == 2


@pytest.mark.parametrize("players", [2, 4])
def test_deal_eleven_each_one_face_up_two_pozzetti_rest_stock(players: int) -> None:
    """Deal: 11 cards each from the first player, one face up, two pozzetti of 11 taken one
    card at a time from the bottom of the deck, the rest is the stock."""
    rules = BurracoRules(players=players)
    first = players - 1
    hand = rules.new_hand(42, first)
    order = shuffled(42, 108, "deck")
    assert hand.hands[first][0] == order[0], "the first card goes to the first player"
    assert hand.hands[0][0] == order[1]
    assert all(len(h) == 11 for h in hand.hands)
    assert hand.pile == [order[11 * players]]
    assert hand.pozzetti[0] == order[::-1][0:22:2]
    assert hand.pozzetti[1] == order[::-1][1:22:2]
    assert len(hand.stock) == 108 - 11 * players - 1 - 22
    assert hand.stock == order[11 * players + 1 : 108 - 22], "the stock, top first"
    assert hand.to_move() == first and texts(hand) == ["draw", "take"]


def test_deal_is_fixed_by_the_seed() -> None:
    assert TWO.new_hand(7, 1).position() == TWO.new_hand(7, 1).position()
    assert TWO.new_hand(7, 1).position() != TWO.new_hand(8, 1).position()


def test_first_player_must_be_a_seat() -> None:
    with pytest.raises(BadSeatError):
        TWO.new_hand(1, 2)


# -- a turn ---------------------------------------------------------------------------------


def test_turn_step1_draw_takes_the_top_of_the_stock() -> None:
    state = setup(hands=["5H 9C", "AC AD AS"], stock="KH QS KD", pile="3C")
    stock = state.view(0).stock
    state.play(state.seat, "draw")
    assert Counter(state.view(0).hand) == Counter(parse_cards("5H 9C KH"))
    assert state.view(0).stock == stock - 1


def test_turn_step1_take_the_whole_discard_pile_never_part() -> None:
    state = setup(hands=["5H 9C", "AC AD AS"], stock="KH QS KD", pile="3C 4D 8S")
    assert texts(state) == ["draw", "take"]
    state.play(state.seat, "take")
    view = state.view(0)
    assert view.pile == () and Counter(view.hand) == Counter(parse_cards("5H 9C 3C 4D 8S"))


def test_turn_step1_take_needs_a_pile() -> None:
    state = setup(hands=["5H 9C", "AC AD AS"], stock="KH QS KD", pile="")
    assert texts(state) == ["draw"]


def test_turn_steps_in_order_no_meld_before_drawing() -> None:
    state = setup(hands=["5H 6H 7H 9C", "AC AD AS"], stock="KH QS KD", pile="3C")
    assert refused(state, "meld 5H 6H 7H")
    assert refused(state, "discard 9C")


def test_turn_step2_meld_then_step3_discard_ends_the_turn() -> None:
    state = playing("5H 6H 7H 9C 9D")
    state.play(state.seat, "meld 5H 6H 7H")
    assert state.view(0).melds[0] == (Meld.parse("5H 6H 7H"),)
    assert state.to_move() == 0
    state.play(state.seat, "discard 9C")
    assert state.to_move() == 1 and state.phase == "draw"
    assert state.view(1).pile[-1] == Card.parse("9C")


def test_turn_step2_melding_is_optional() -> None:
    state = playing("5H 6H 7H 9C")
    assert "discard 9C" in texts(state)


def test_meld_the_move_names_the_layout_and_the_engine_never_rereads_it() -> None:
    """How a meld reads is the player's choice: 2H..8H clean from 2, or 3-9 with the 2H wild."""
    state = playing("2H 3H 4H 5H 6H 7H 8H KS KD")
    moves = texts(state)
    assert "meld 2H 3H 4H 5H 6H 7H 8H" in moves
    assert "meld 3H 4H 5H 6H 7H 8H 2H=9H" in moves
    state.play(state.seat, "meld 3H 4H 5H 6H 7H 8H 2H=9H")
    assert state.view(0).melds[0][0].text() == "3H 4H 5H 6H 7H 8H 2H=9H"
    assert state.view(0).melds[0][0].burraco == "dirty"


def test_extend_names_the_resulting_layout() -> None:
    """Adding to a meld: the move names the result, e.g. the wild moved to either end."""
    state = playing("4H KS KD", melds=[["3H 2C=4H 5H"]])
    moves = texts(state)
    assert "extend 1 2C=2H 3H 4H 5H" in moves and "extend 1 3H 4H 5H 2C=6H" in moves
    state.play(state.seat, "extend 1 2C=2H 3H 4H 5H")
    assert state.view(0).melds[0][0].text() == "2C=2H 3H 4H 5H"


def test_extend_only_the_own_sides_melds_never_the_opponents() -> None:
    """Never to the opponents' melds: extend counts only the side's own melds."""
    state = playing("8H KS KD", melds=[[], ["5H 6H 7H"]])
    assert not [t for t in texts(state) if t.startswith("extend")]
    assert refused(state, "extend 1 5H 6H 7H 8H")


def test_2v2_partners_extend_the_teams_melds() -> None:
    """In 2 v 2 the melds belong to the team (side = seat % 2)."""
    state = setup(
        FOUR, hands=["", "AC AD", "8H KS KD", "AC"], melds=[["5H 6H 7H"]], phase="play", to_move=2
    )
    state.play(state.seat, "extend 1 5H 6H 7H 8H")
    assert state.view(0).melds[0][0].text() == "5H 6H 7H 8H"


def test_no_two_sets_of_the_same_rank_per_side() -> None:
    """A player (team) may not hold two separate sets of the same rank."""
    state = playing("7C 7D 7S KS KD", melds=[["7H 7D JK"]])
    assert "meld 7D 7C 7S" not in texts(state)
    assert refused(state, "meld 7D 7C 7S")
    other = playing("7C 7D 7S KS KD", melds=[[], ["7H 7D JK"]])
    assert "meld 7D 7C 7S" in texts(other), "the opponents' set of 7s does not count"


def test_two_runs_of_the_same_suit_are_allowed() -> None:
    state = playing("9H TH JH KS KD", melds=[["3H 4H 5H"]])
    assert "meld 9H TH JH" in texts(state)


# -- the discard rule -----------------------------------------------------------------------


def test_discard_rule_single_card_taken_may_not_be_discarded() -> None:
    """If the pile taken was a single card, that card may not be discarded."""
    state = setup(hands=["9C KD", "AC AD AS"], stock="7S 6S 5S", pile="7H")
    state.play(state.seat, "take")
    assert discards(state) == ["KD", "9C"]
    assert refused(state, "discard 7H")


def test_discard_rule_unless_the_player_holds_another_identical_card() -> None:
    state = setup(hands=["7H KD", "AC AD AS"], stock="7S 6S 5S", pile="7H")
    state.play(state.seat, "take")
    assert "7H" in discards(state)


def test_discard_rule_all_jokers_are_identical() -> None:
    state = setup(hands=["JK KD", "AC AD AS"], stock="7S 6S 5S", pile="JK")
    state.play(state.seat, "take")
    assert "JK" in discards(state)
    alone = setup(hands=["2H KD", "AC AD AS"], stock="7S 6S 5S", pile="JK")
    alone.play(alone.seat, "take")
    assert "JK" not in discards(alone)


def test_discard_rule_does_not_bind_a_pile_of_several_cards() -> None:
    state = setup(hands=["9C KD", "AC AD AS"], stock="7S 6S 5S", pile="3D 7H")
    state.play(state.seat, "take")
    assert "7H" in discards(state) and "3D" in discards(state)


def test_discard_rule_does_not_bind_a_drawn_card() -> None:
    state = setup(hands=["9C KD", "AC AD AS"], stock="7H 6S 5S", pile="7H")
    state.play(state.seat, "draw")
    assert "7H" in discards(state)


# -- pozzetto -------------------------------------------------------------------------------


def test_pozzetto_con_scarto_turn_ends_pozzetto_is_the_hand_next_turn() -> None:
    """By discarding the last card: the turn ends and the pozzetto is played next turn."""
    state = playing("JK", pozzetti=["5C 5C 6C 6C 7C 7C 8C 8C 9C 9C TC"])
    assert texts(state) == ["discard JK"], "the last card may be a wild"
    state.play(state.seat, "discard JK")
    assert state.to_move() == 1 and state.view(1).pozzetti[0] is None
    assert Counter(state.view(0).hand) == Counter(parse_cards("5C 5C 6C 6C 7C 7C 8C 8C 9C 9C TC"))


def test_pozzetto_in_diretta_taken_at_once_the_turn_goes_on() -> None:
    """By melding the last cards: the pozzetto is taken at once and the turn goes on."""
    state = playing("3H 4H 5H", pozzetti=["5C 5C 6C 6C 7C 7C 8C 8C 9C 9C TC"])
    state.play(state.seat, "meld 3H 4H 5H")
    assert state.to_move() == 0 and state.phase == "play"
    assert len(state.view(0).hand) == 11 and state.view(0).pozzetti[0] is None
    assert "meld 5C 6C 7C" in texts(state)


def test_pozzetto_in_diretta_by_extending_with_the_last_card() -> None:
    state = playing("6H", melds=[["3H 4H 5H"]])
    state.play(state.seat, "extend 1 3H 4H 5H 6H")
    assert state.to_move() == 0 and len(state.view(0).hand) == 11


def test_pozzetto_in_diretta_lifts_the_discard_rule() -> None:
    """The single card taken was melded: the pozzetto's cards are free to discard."""
    state = setup(
        hands=["3H 4H", "AC AD AS"],
        stock="7S 6S 5S",
        pile="5H",
        pozzetti=["5H 5C 6C 6C 7C 7C 8C 8C 9C 9C TC"],
    )
    state.play(state.seat, "take")
    state.play(state.seat, "meld 3H 4H 5H")
    assert "5H" in discards(state)


def test_pozzetto_2v2_the_player_who_ran_out_takes_it() -> None:
    state = setup(FOUR, hands=["", "AC AD", "KD", "AC"], phase="play", to_move=2)
    state.play(state.seat, "discard KD")
    assert state.view(2).hand_sizes == (0, 2, 11, 1)


def test_pozzetto_one_per_side_running_out_again_is_a_close() -> None:
    """Each player (team) takes one pozzetto only: after it, running out is a close."""
    state = playing("KD", pozzetti=["taken"], melds=[["3S 4S 5S 6S 7S 8S 9S"]])
    state.play(state.seat, "discard KD")
    assert state.is_over() and state.score().details["closer"] == 0


def test_pozzetto_2v2_after_the_teams_pozzetto_running_out_is_a_close() -> None:
    """In 2 v 2, once the team has taken its pozzetto, running out needs what a close needs."""
    with pytest.raises(NotationError, match="no legal move"):
        setup(FOUR, hands=["", "AC AD", "KD", "AC"], phase="play", to_move=2, pozzetti=["taken"])
    with_burraco = setup(
        FOUR,
        hands=["", "AC AD", "KD", "AC"],
        phase="play",
        to_move=2,
        pozzetti=["taken"],
        melds=[["3S 4S 5S 6S 7S 8S 9S"]],
    )
    with_burraco.play(with_burraco.seat, "discard KD")
    assert with_burraco.is_over()
    assert with_burraco.score().breakdown[0]["closing"] == 100


def test_pozzetto_side_without_burraco_may_not_run_out_after_it() -> None:
    state = playing("KD QD", pozzetti=["taken"])
    state.play(state.seat, "discard KD")
    assert state.to_move() == 1


# -- closing --------------------------------------------------------------------------------


def test_close_needs_a_burraco() -> None:
    """A player closes ... only if the player (team) has at least one burraco."""
    with pytest.raises(NotationError, match="no legal move"):
        playing("KD", pozzetti=["taken"], melds=[["3S 4S 5S 6S 7S 8S"]])


def test_close_by_discarding_a_card_that_is_not_wild() -> None:
    """Closing is always by discarding a card that is not wild (jokers and every 2)."""
    for wild in ("JK", "2S", "2H"):
        state = playing(f"{wild} KD", pozzetti=["taken"], melds=[["3S 4S 5S 6S 7S 8S 9S"]])
        state.play(state.seat, "discard KD")
        assert state.to_move() == 1, f"discarding KD keeps {wild}; the hand goes on"
        state = playing(f"{wild} 4D 5D 6D", pozzetti=["taken"], melds=[["3S 4S 5S 6S 7S 8S 9S"]])
        assert not any(t.startswith("meld 4D 5D 6D") for t in texts(state)), (
            "melding would leave only a wild, which may not close"
        )


def test_close_scores_100() -> None:
    state = playing("KD 4D 5D 6D", pozzetti=["taken"], melds=[["3S 4S 5S 6S 7S 8S 9S"]])
    state.play(state.seat, "meld 4D 5D 6D")
    state.play(state.seat, "discard KD")
    score = state.score()
    assert score.breakdown[0]["closing"] == 100 and score.breakdown[1]["closing"] == 0


def test_decided_melding_every_card_after_the_pozzetto_is_illegal() -> None:
    """[decided] A move that would leave a player out of cards without a valid close is
    illegal: after the pozzetto, melding the last cards is never a close."""
    state = playing("4D 5D 6D", pozzetti=["taken"], melds=[["3S 4S 5S 6S 7S 8S 9S"]])
    assert "meld 4D 5D 6D" not in texts(state)
    assert refused(state, "meld 4D 5D 6D")


def test_decided_meld_leaving_one_card_that_could_not_close_is_illegal() -> None:
    """[decided] ...they must keep a card to discard: one that may close the hand."""
    no_burraco = playing("KD 4D 5D 6D", pozzetti=["taken"])
    assert "meld 4D 5D 6D" not in texts(no_burraco)
    burraco_by_this_meld = playing("KD 9S", pozzetti=["taken"], melds=[["3S 4S 5S 6S 7S 8S"]])
    assert "extend 1 3S 4S 5S 6S 7S 8S 9S" in texts(burraco_by_this_meld)


def test_decided_meld_leaving_the_taken_single_card_alone_is_illegal() -> None:
    state = setup(hands=["4D 5D", "AC AD AS"], stock="7S 6S 5S", pile="6D")
    state.play(state.seat, "take")
    assert "meld 4D 5D 6D" in texts(state), "pozzetto in diretta"
    other = setup(hands=["4D 5D 6D", "AC AD AS"], stock="7S 6S 5S", pile="KH")
    other.play(other.seat, "take")
    assert "meld 4D 5D 6D" not in texts(other), "the KH alone could not be discarded"


# -- the end of the hand ----------------------------------------------------------------------


def test_stock_end_the_hand_ends_at_the_discard_after_a_draw_leaves_two() -> None:
    """The hand ends when only two cards are left in the stock: the player who discards at
    that point is the last to play."""
    state = setup(hands=["5H 6H", "AC AD AS"], stock="9S 9D 9C", pile="QC", rest="pile")
    state.play(state.seat, "draw")
    assert not state.is_over() and state.to_move() == 0
    state.play(state.seat, "discard 5H")
    assert state.is_over() and state.to_move() is None
    assert state.score().details["ended"] == "stock"
    assert state.legal_moves() == [] and refused_over(state)


def refused_over(state: BurracoHand) -> bool:
    with pytest.raises(IllegalMoveError, match="over"):
        state.play(state.seat, "draw")
    return True


def test_stock_end_taking_the_pile_does_not_end_the_hand() -> None:
    state = setup(hands=["5H 6H", "AC AD AS"], stock="9S 9D 9C", pile="QC", rest="pile")
    state.play(state.seat, "take")
    state.play(state.seat, "discard 5H")
    assert not state.is_over()


def test_stock_end_with_pozzetto_con_scarto_the_pozzetto_counts_in_hand() -> None:
    """[decided] The pozzetto taken by the last discard is the player's hand: its cards count
    against the side, and the side escapes the -100."""
    state = setup(
        hands=["3H 4H 5H", "AC AD AS"],
        stock="KC QS QD",
        pile="QC",
        pozzetti=["5C 5C 6C 6C 7C 7C 8C 8C 9C 9C TC"],
        rest="pile",
    )
    state.play(state.seat, "draw")
    state.play(state.seat, "meld 3H 4H 5H")
    state.play(state.seat, "discard KC")
    assert state.is_over() and state.view(1).hand_sizes[0] == 11
    breakdown = state.score().breakdown[0]
    assert breakdown["no_pozzetto"] == 0
    assert breakdown["in_hand"] == -80 and breakdown["melded"] == 15


def test_hand_score_before_the_end_is_refused() -> None:
    with pytest.raises(HandNotOverError):
        TWO.new_hand(1, 0).score()


# -- scoring --------------------------------------------------------------------------------


def test_score_melded_minus_in_hand_burraco_bonuses_closing_no_pozzetto() -> None:
    """Scoring: cards melded minus cards in hand; +200/+150/+100 per clean/semi-clean/dirty
    burraco; +100 for closing; -100 without the pozzetto (whose cards count for nobody)."""
    state = setup(
        hands=["KS 2D", ""],
        melds=[
            ["5H 6H 7H", "3C 4C 5C 6C 7C 8C 9C", "3D 4D 5D 6D 7D 8D 9D JK=TD"],
            ["4S 5S 6S 7S 8S 2H=9S TS", "KH KD KC"],
        ],
        pozzetti=[None, "taken"],
        stock="",
        rest="pile",
        phase="over",
        ended="closed",
        closer=1,
        to_move=1,
    )
    score = state.score()
    assert score.breakdown[0] == {
        "melded": 15 + 45 + 75,
        "in_hand": -30,
        "burraco_clean": 200,
        "burraco_semi_clean": 150,
        "burraco_dirty": 0,
        "closing": 0,
        "no_pozzetto": -100,
    }
    assert score.breakdown[1] == {
        "melded": 60 + 30,
        "in_hand": 0,
        "burraco_clean": 0,
        "burraco_semi_clean": 0,
        "burraco_dirty": 100,
        "closing": 100,
        "no_pozzetto": 0,
    }
    assert score.points == (sum(score.breakdown[0].values()), sum(score.breakdown[1].values()))


def test_score_2v2_both_partners_hands_count_for_the_team() -> None:
    state = setup(
        FOUR,
        hands=["KS", "", "2H AC", ""],
        melds=[["9H 9D 9C"]],
        pozzetti=["taken", "taken"],
        stock="",
        rest="pile",
        phase="over",
        ended="stock",
    )
    assert state.score().breakdown[0]["in_hand"] == -(10 + 20 + 15)
    assert state.score().points[0] == 30 - 45


# -- options and the match ------------------------------------------------------------------


def test_options_defaults_and_validation() -> None:
    rules = make_rules("burraco", {})
    assert rules.options() == {"players": 2, "hands": None, "target": None, "faces": "french"}
    assert isinstance(rules, BurracoRules) and rules.match_hands == 4
    assert BurracoRules.from_options({"target": 2005}).match_hands is None
    for bad in ({"hands": 0}, {"hands": "3"}, {"target": -5}, {"target": True}):
        with pytest.raises(OptionError):
            make_rules("burraco", bad)
    with pytest.raises(OptionError, match="not both"):
        make_rules("burraco", {"hands": 3, "target": 2005})


def test_match_a_set_number_of_hands_highest_total_wins() -> None:
    rules = BurracoRules(hands=2)
    assert rules.match_outcome([300, 100], 1).status == "continue"
    outcome = rules.match_outcome([300, 400], 2)
    assert outcome.status == "won" and outcome.winner == 1


def test_match_decided_a_tie_after_the_last_hand_plays_one_more_hand() -> None:
    rules = BurracoRules(hands=2)
    assert rules.match_outcome([300, 300], 2).status == "continue"
    assert rules.match_outcome([300, 450], 3).winner == 1


def test_match_decided_first_to_2005_option() -> None:
    rules = BurracoRules(target=2005)
    assert rules.match_outcome([2000, 1000], 7).status == "continue"
    assert rules.match_outcome([2005, 1000], 3).winner == 0


def test_match_decided_both_pass_2005_in_the_same_hand_higher_total_wins() -> None:
    rules = BurracoRules(target=2005)
    assert rules.match_outcome([2100, 2300], 4).winner == 1
    assert rules.match_outcome([2100, 2100], 4).status == "continue"


# -- notation --------------------------------------------------------------------------------


def test_move_notation_round_trips() -> None:
    melds = [Meld.parse("3H 2C=4H 5H"), Meld.parse("7H 7C JK")]
    moves: list[Move] = [
        Draw(),
        Take(),
        Discard(Card.parse("JK")),
        NewMeld(melds[0]),
        Extend(2, melds[1]),
    ]
    for move in moves:
        assert TWO.new_hand(1, 0).parse_move(TWO.new_hand(1, 0).move_text(move)) == move
    assert TWO.new_hand(1, 0).move_text(Extend(0, melds[0])) == "extend 1 3H 2C=4H 5H"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "drew",
        "draw 5",
        "meld",
        "meld 3H 5H 9C",
        "extend 0 3H 4H 5H",
        "extend x",
        "discard",
        "discard 1Z",
        "discard 5H 6H",
        "meld 3H 4H ZZ",
    ],
)
def test_bad_move_text_is_a_notation_error(text: str) -> None:
    state = TWO.new_hand(1, 0)
    before = state.position()
    with pytest.raises(NotationError):
        state.play(state.seat, text)
    assert state.position() == before


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.replace("players=2", "players=4"),
        lambda t: t.replace("stock: ", "stock: JK "),
        lambda t: t.replace("phase=draw", "phase=nap"),
        lambda t: "\n".join(line for line in t.splitlines() if not line.startswith("stock")),
        lambda t: t.replace("recall 0:", "recall 0: 7H 7H 7H"),
        lambda t: t.replace("to_move=0", "to_move=5"),
        lambda t: t.replace("melds 0:", "melds 0: 3H 9H KH"),
    ],
)
def test_bad_positions_are_notation_errors(change: object) -> None:
    text = TWO.new_hand(3, 0).position()
    assert TWO.hand_from_position(text).position() == text
    with pytest.raises(NotationError):
        TWO.hand_from_position(change(text))  # type: ignore[operator]


def test_decided_a_run_from_ace_to_ace_takes_the_second_ace() -> None:
    """[decided] A-2-...-K-A (14 cards) is allowed: the Ace inside the run may still join
    at the other end, and only while the hand holds one."""
    run = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    state = setup(hands=["AH QS", "AC AD AS"], melds=[[run]], stock="7S 6S 5S", pile="9C")
    state.play(state.seat, "draw")
    assert f"extend 1 {run} AH" in texts(state)
    state.play(state.seat, "discard AH")
    state.play(state.seat, "draw")
    state.play(state.seat, "discard AC")
    state.play(state.seat, "draw")
    assert not [t for t in texts(state) if t.startswith("extend")]


def test_match_plays_its_hands_and_the_first_player_moves_on() -> None:
    """A match is a set number of hands; [decided] the first player of each later hand is
    the next player in turn order."""
    match = Match(BurracoRules(hands=2), seed=5)
    rng = random.Random(5)
    outcome = play_out(match, lambda hand: rng.choice(hand.legal_moves()))
    assert outcome.status == "won" and len(match.hands) >= 2
    firsts = [record.first for record in match.hands]
    assert all((b - a) % 2 == 1 for a, b in pairwise(firsts))
    totals = [sum(r.score.points[side] for r in match.hands) for side in (0, 1)]
    assert outcome.winner == max((0, 1), key=lambda side: totals[side])
