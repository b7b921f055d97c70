"""One test per rule and per [decided] point of shared/rules/scopa.md (quoted in each)."""

from __future__ import annotations

import doctest
import random
from types import ModuleType
from typing import Any

import pytest

from circolo.cards import Card
from circolo.engine import (
    BadSeatError,
    HandNotOverError,
    IllegalMoveError,
    NotationError,
    NotYourTurnError,
    OptionError,
)
from circolo.games import make_rules
from circolo.games.scopa import ScopaHand, ScopaRules, deck, moves, scoring
from tests.case_kinds.scopa import ALL, position
from tests.test_scopa_reference import ref_shuffle


def arranged(
    hands: list[str],
    table: str = "",
    *,
    stock: int = 0,
    turn: int = 0,
    scope: tuple[int, int] = (0, 0),
    pile: str = "",
) -> ScopaHand:
    """A hand in play: the named cards where given, ``stock`` more cards to deal, the
    rest in side 1's pile (``pile``: cards for side 0's). The dealer is whichever seat
    makes the hand sizes fit ``turn``."""
    players = len(hands)
    named = [c for text in [*hands, table, pile] for c in text.split()]
    rest = [c for c in ALL if c not in named]
    piles = (pile.split(), rest[stock:])
    for dealer in range(players):
        text = position(
            players,
            dealer,
            str(turn),
            [h.split() for h in hands],
            table.split(),
            piles,
            scope,
            rest[:stock],
        )
        try:
            return ScopaRules(players=players).hand_from_position(text)
        except NotationError:
            continue
    raise AssertionError(f"no dealer fits hands {hands} with seat {turn} to play")


def finished(pile0: str, scope: tuple[int, int] = (0, 0)) -> ScopaHand:
    """A finished 1 v 1 hand: side 0 captured ``pile0``, side 1 every other card."""
    rest = [c for c in ALL if c not in pile0.split()]
    text = position(2, 0, "-", [[], []], piles=(pile0.split(), rest), scope=scope)
    return ScopaRules().hand_from_position(text)


def options(hand: ScopaHand, card: str) -> set[str]:
    return {t for t in map(hand.move_text, hand.legal_moves()) if t.split()[0] == card}


def scope_of(hand: ScopaHand) -> list[int]:
    scope: list[int] = hand.view(None).to_json()["scores"]
    return scope


# -- Deck --------------------------------------------------------------------------------


def test_deck_forty_cards_with_capture_values_a1_to_re10() -> None:
    """'40 cards ... Capture values: A = 1, 2–7 face value, Fante/J = 8, Cavallo/Q = 9,
    Re/K = 10.' Each card takes a table card of its rank, or an Ace and a card one lower."""
    hand = ScopaRules().new_hand(0, 0)
    assert sorted(map(str, hand.stock_cards())) == sorted(ALL) and len(ALL) == 40
    ranks = "A234567JQK"
    for value, rank in enumerate(ranks, 1):
        single = arranged([f"{rank}H", f"{rank}S"], f"{rank}D")
        assert taken(single, f"{rank}H") == [{f"{rank}D"}]
        if value >= 2:
            table = f"AC {ranks[value - 2]}D"
            assert taken(arranged([f"{rank}H", f"{rank}S"], table), f"{rank}H") == [
                set(table.split())
            ]


def taken(hand: ScopaHand, card: str) -> list[set[str]]:
    """The sets of table cards ``card`` may capture."""
    return [
        set(text.partition(" x ")[2].split())
        for text in map(hand.move_text, hand.legal_moves())
        if text.split()[0] == card
    ]


def test_faces_italian_or_french_never_change_the_rules() -> None:
    """'The deck choice is only how cards look: the rules never change with it.'"""
    italian = ScopaRules(faces="italian").new_hand(5, 1)
    french = ScopaRules(faces="french").new_hand(5, 1)
    rng = random.Random(5)
    while not italian.is_over():
        assert italian.position() == french.position()
        assert italian.legal_moves() == french.legal_moves()
        move = rng.choice(italian.legal_moves())
        italian.apply(move)
        french.apply(move)
    assert italian.score() == french.score()


# -- Players -----------------------------------------------------------------------------


def test_two_or_four_players_partners_sit_opposite() -> None:
    """'2 players (1 v 1) or 4 players in two teams of 2 (partners sit opposite).'"""
    rules = ScopaRules(players=4)
    assert rules.sides == 2 and [rules.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    hand = arranged(["5H", "6H", "5D", "6D"], "5C 2S", stock=0, turn=2)
    hand.play(hand.to_move(), "5D x 5C")
    assert "5C" in [str(c) for c in hand.pile_cards(0)], "seat 2 captures for its team"
    with pytest.raises(OptionError, match="players must be one of 2, 4"):
        ScopaRules(players=3)


# -- Dealing -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_player_after_the_dealer_plays_first_primo_di_mano(players: int) -> None:
    """'The player after the dealer plays first ("primo di mano").'"""
    for dealer in range(players):
        hand = ScopaRules(players=players).new_hand(11, dealer)
        hand.play(hand.to_move(), "cut 20")
        assert hand.to_move() == (dealer + 1) % players


def test_cut_by_the_player_on_the_dealers_left_before_the_deal() -> None:
    """'The deck is cut by the player on the dealer's left before the deal (seed 003).'
    Play goes counter-clockwise, so the dealer's left is the player *before* the dealer in
    playing order (seat dealer - 1); in 1 v 1 that is the non-dealer."""
    assert ScopaRules().new_hand(1, 0).to_move() == 1
    assert ScopaRules().new_hand(1, 1).to_move() == 0
    for dealer, cutter in [(0, 3), (1, 0), (2, 1), (3, 2)]:
        hand = ScopaRules(players=4).new_hand(1, dealer)
        assert hand.to_move() == cutter
        assert hand.view(cutter).to_json()["phase"] == "cut"


def test_cut_is_a_move_of_4_to_36_cards_from_top_to_bottom() -> None:
    """[decided] 'a cut position that player may choose': ``cut N`` moves N cards from the
    top of the deck to the bottom; each packet keeps at least 4 cards."""
    hand = ScopaRules().new_hand(3, 0)
    assert [hand.move_text(m) for m in hand.legal_moves()] == [f"cut {n}" for n in range(4, 37)]
    for bad in ("cut 3", "cut 37", "cut", "cut x"):
        with pytest.raises(NotationError):
            hand.play(hand.to_move(), bad)
    assert hand.view(1).to_json()["phase"] == "cut"


def test_deal_three_cards_each_one_at_a_time_then_four_to_the_table() -> None:
    """'Each player gets 3 cards, then 4 cards are laid face up on the table.' One card at
    a time, from the player after the dealer."""
    for players in (2, 4):
        dealer = 1
        hand = ScopaRules(players=players).new_hand(8, dealer)
        deck = hand.stock_cards()
        hand.play(hand.to_move(), "cut 10")
        deck = deck[10:] + deck[:10]
        for seat in range(players):
            offset = (seat - dealer - 1) % players
            expected = {deck[offset + players * r] for r in range(3)}
            assert set(hand.hand_cards(seat)) == expected
        dealt = 3 * players
        assert set(hand.table_cards()) == set(deck[dealt : dealt + 4])
        assert hand.stock_cards() == deck[dealt + 4 :]


def void_deal(players: int) -> tuple[ScopaHand, str]:
    """Seed 15, dealer 0: the first deal is void after this cut."""
    return ScopaRules(players=players).new_hand(15, 0), "cut 28" if players == 2 else "cut 22"


@pytest.mark.parametrize("players", [2, 4])
def test_three_or_four_re_on_the_table_void_the_deal_reshuffle_same_dealer(players: int) -> None:
    """'If 3 or 4 of the table cards are Kings (Re), the hand is void and dealt again
    (seed 000). [decided]: reshuffle the whole deck, same dealer.' The same player cuts
    again; the new deck is the next shuffle by the hand's seed."""
    hand, cut = void_deal(players)
    probe = hand.clone()
    probe.apply(probe.parse_move(cut))
    cutter = hand.to_move()
    hand.play(hand.to_move(), cut)
    view = hand.view(None).to_json()
    assert view["phase"] == "cut" and view["voided"] == 1 and view["dealer"] == 0
    assert hand.to_move() == cutter and hand.table_cards() == []
    assert tuple(hand.stock_cards()) == ref_shuffle(15, 1)
    hand.play(hand.to_move(), "cut 20")
    assert hand.view(None).to_json()["phase"] == "play"


def stacked(table: list[str]) -> ScopaHand:
    """A deck whose ``cut 4`` (1 v 1) deals ``table`` to the table."""
    rest = [c for c in ALL if c not in table]
    deck = [""] * 40
    for i, card in enumerate(table):
        deck[4 + 6 + i] = card
    deck = [c or rest.pop() for c in deck]
    hand = ScopaRules().hand_from_position(position(2, 0, "c1", [[], []], stock=deck))
    hand.play(hand.to_move(), "cut 4")
    return hand


def test_four_re_void_the_deal_two_do_not() -> None:
    """'If 3 or 4 of the table cards are Kings (Re), the hand is void.'"""
    assert stacked(["KH", "KD", "KC", "KS"]).view(None).to_json()["voided"] == 1
    two = stacked(["KH", "KD", "QC", "QS"])
    assert two.view(None).to_json()["voided"] == 0
    assert sorted(map(str, two.table_cards())) == ["KD", "KH", "QC", "QS"]


@pytest.mark.parametrize(("players", "deals"), [(2, 6), (4, 3)])
def test_three_more_cards_each_when_hands_are_empty_no_more_to_the_table(
    players: int, deals: int
) -> None:
    """'When every player has played their 3 cards, 3 more are dealt to each, and no more
    cards go to the table. 1 v 1: 6 deals in a hand; 2 v 2: 3 deals.'"""
    hand = ScopaRules(players=players).new_hand(9, 0)
    rng = random.Random(9)
    counted = 0
    while not hand.is_over():
        before_stock = len(hand.stock_cards())
        table = set(hand.table_cards())
        move = rng.choice(hand.legal_moves())
        text = hand.move_text(move)
        hand.apply(move)
        if len(hand.stock_cards()) < before_stock:
            counted += 1
            assert all(len(hand.hand_cards(s)) == 3 for s in range(players))
            if not text.startswith("cut"):
                assert before_stock - len(hand.stock_cards()) == 3 * players
                after = set(hand.table_cards())
                card = Card.parse(text.split()[0])
                assert after - table <= {card}, "dealing adds no card to the table"
    assert counted == deals


# -- A turn ------------------------------------------------------------------------------


def test_single_card_match_is_compulsory_over_any_sum() -> None:
    """'A single-card match is compulsory over any sum (seed 003: table 3, 5, Fante; a
    Fante played takes only the Fante, not 3+5).'"""
    hand = arranged(["JH 2S", "4C 6C"], "3C 5S JD")
    assert options(hand, "JH") == {"JH x JD"}
    with pytest.raises(IllegalMoveError):
        hand.play(hand.to_move(), "JH x 3C 5S")


def test_several_single_matches_the_player_chooses_exactly_one() -> None:
    """'If several table cards have that value, the player chooses exactly one of them.'"""
    hand = arranged(["AH 2S", "4C 6C"], "AC AD 2D")
    assert options(hand, "AH") == {"AH x AD", "AH x AC"}
    hand.play(hand.to_move(), "AH x AC")
    assert sorted(map(str, hand.table_cards())) == ["2D", "AD"]


def test_a_summing_set_any_of_them_at_the_players_choice() -> None:
    """'Otherwise, if the value equals the sum of two or more table cards, it captures that
    whole set. If several sets qualify, the player chooses any one of them (seed 003:
    table A, 3, 4, 5 and a Cavallo (9) played: A+3+5 or 4+5).'"""
    hand = arranged(["QC 2S", "4C 6C"], "AC 3H 4S 5D")
    assert options(hand, "QC") == {"QC x AC 3H 5D", "QC x 4S 5D"}
    hand.play(hand.to_move(), "QC x AC 3H 5D")
    assert [str(c) for c in hand.table_cards()] == ["4S"]


def test_capturing_is_compulsory_a_card_that_can_capture_must_capture() -> None:
    """'Capturing is compulsory: a card that can capture must capture [decided].'"""
    hand = arranged(["7D 2S", "4C 6C"], "3H 4S")
    before = hand.position()
    with pytest.raises(IllegalMoveError, match="not legal"):
        hand.play(hand.to_move(), "7D")
    assert hand.position() == before
    assert options(hand, "7D") == {"7D x 3H 4S"}


def test_a_card_that_cannot_capture_stays_on_the_table() -> None:
    """'If it cannot, it stays on the table.' Compulsion is per card: the player may still
    choose a card that takes nothing."""
    hand = arranged(["7D 2S", "4C 6C"], "3H 4S")
    assert options(hand, "2S") == {"2S"}
    hand.play(hand.to_move(), "2S")
    assert sorted(map(str, hand.table_cards())) == ["2S", "3H", "4S"]
    with pytest.raises(IllegalMoveError):
        hand.play(hand.to_move(), "4C x 4S 2S")


def test_captured_and_capturing_cards_go_to_the_capturers_pile() -> None:
    """'Captured cards and the capturing card go face down to the capturer's pile.'"""
    hand = arranged(["7D 2S", "4C 6C"], "3H 4S KD")
    pile = set(hand.pile_cards(0))
    hand.play(hand.to_move(), "7D x 3H 4S")
    assert set(hand.pile_cards(0)) - pile == set(map(Card.parse, ["7D", "3H", "4S"]))


def test_scopa_a_capture_taking_every_table_card_is_one_point() -> None:
    """'A scopa is a capture that takes every card on the table: 1 point.'"""
    hand = arranged(["KD 2S", "4C 6C"], "AC 3H 4S 2D", stock=24)
    hand.play(hand.to_move(), "KD x AC 2D 3H 4S")
    assert scope_of(hand) == [1, 0]
    assert hand.table_cards() == []


def test_no_scopa_with_the_hands_final_card() -> None:
    """'The capture made with the last card of the hand never counts as a scopa
    [decided]'."""
    hand = arranged(["", "5S"], "2C 3D", turn=1)
    hand.play(hand.to_move(), "5S x 2C 3D")
    assert hand.is_over() and scope_of(hand) == [0, 0]
    assert hand.score().breakdown[1]["scope"] == 0


def test_sweep_with_the_last_card_of_a_deal_is_a_scopa_when_cards_remain() -> None:
    """'A sweep with the last card of a 3-card deal while cards remain to be dealt is a
    scopa.'"""
    hand = arranged(["", "5S"], "2C 3D", turn=1, stock=6)
    hand.play(hand.to_move(), "5S x 2C 3D")
    assert scope_of(hand) == [0, 1]
    assert [len(hand.hand_cards(s)) for s in (0, 1)] == [3, 3], "the next deal follows"
    four = arranged(["", "", "", "7C"], "AH 6D", turn=3, stock=12)
    four.play(four.to_move(), "7C x AH 6D")
    assert scope_of(four) == [0, 1]


def test_cards_left_on_the_table_go_to_the_last_capturer_not_a_scopa() -> None:
    """'When all cards are played, the cards still on the table go to the player (team)
    who made the last capture. This is not a scopa.'"""
    hand = arranged(["AH", "KS"], "AC 5D 6H", turn=0)
    hand.play(hand.to_move(), "AH x AC")
    hand.play(hand.to_move(), "KS")
    assert hand.is_over() and hand.table_cards() == []
    assert {"5D", "6H", "KS"} <= set(map(str, hand.pile_cards(0)))
    assert scope_of(hand) == [0, 0]
    assert hand.view(None).to_json()["last_capture"] == {"seat": 0, "move": "AH x AC"}


# -- Scoring a hand ----------------------------------------------------------------------


def points(hand: ScopaHand, category: str) -> tuple[int, int]:
    breakdown = hand.score().breakdown
    return breakdown[0][category], breakdown[1][category]


def test_carte_most_cards_one_point_20_20_none() -> None:
    """'Carte: most cards captured, 1 point; 20–20 gives no point.'"""
    assert points(finished(" ".join(ALL[:21])), "carte") == (1, 0)
    assert points(finished(" ".join(ALL[:19])), "carte") == (0, 1)
    assert points(finished(" ".join(ALL[:20])), "carte") == (0, 0)


def test_denari_most_diamonds_one_point_5_5_none() -> None:
    """'Denari: most denari (diamonds), 1 point; 5–5 gives no point.'"""
    assert points(finished("AD 2D 3D 4D 5D 6D"), "denari") == (1, 0)
    assert points(finished("AD 2D 3D 4D 5D"), "denari") == (0, 0)
    assert points(finished("AD"), "denari") == (0, 1)


def test_settebello_the_seven_of_denari_one_point() -> None:
    """'Settebello: the 7 of denari, 1 point.'"""
    assert points(finished("7D"), "settebello") == (1, 0)
    assert points(finished("7H 7C 7S"), "settebello") == (0, 1)


def test_primiera_best_card_per_suit_with_primiera_values() -> None:
    """'Primiera: ... valued 7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12,
    figures = 10, and adds them up. The higher total takes 1 point.'"""
    hand = finished("6H 6D AC AS 5H")  # best per suit: 18 + 18 + 16 + 16
    assert hand.score().details["primiera"] == [68, 84]
    assert points(hand, "primiera") == (0, 1)
    values = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "J": 10}
    for rank, value in values.items():
        one_suit_each = f"{rank}H {rank}D {rank}C {rank}S"
        assert finished(one_suit_each).score().details["primiera"][0] == 4 * value


def test_primiera_a_tie_gives_no_point() -> None:
    """'The higher total takes 1 point; a tie gives no point.'"""
    hand = finished("7H 6D 7C 6S")  # 78 against 7D 6H 7S 6C: 78
    assert hand.score().details["primiera"] == [78, 78]
    assert points(hand, "primiera") == (0, 0)


def test_primiera_a_side_lacking_a_suit_loses_it() -> None:
    """[decided] 'If one side lacks a suit entirely, the other side takes the point'
    (even with a higher total over its three suits)."""
    hand = finished("7D 7C 7S 6D 6C 6S AD AC AS 5D 5C 5S 4D 4C 4S")  # no coppe
    assert hand.score().details["primiera_suits"] == [3, 4]
    assert hand.score().details["primiera"] == [63, 60]
    assert points(hand, "primiera") == (0, 1)


def test_primiera_both_lacking_a_suit_compare_over_the_suits_each_holds() -> None:
    """[decided] '...unless the other side also lacks a suit; then both totals are compared
    over the suits each side holds (seed 000).'"""
    spades_and_clubs_low = "AS 2S 3S 4S 5S 6S 7S JS QS KS AC 2C 3C"  # 21 + 16 = 37
    hand = finished(spades_and_clubs_low)
    assert hand.score().details["primiera_suits"] == [2, 3]
    assert hand.score().details["primiera"] == [37, 63]
    assert points(hand, "primiera") == (0, 1)


def test_scope_one_point_each() -> None:
    """'Scope: 1 point each.'"""
    hand = finished("7D", scope=(3, 2))
    assert points(hand, "scope") == (3, 2)


def test_breakdown_per_side_per_category_sums_to_the_points() -> None:
    """'Keep the breakdown per side per category: the table shows it at hand end.'"""
    sevens_and_denari = ["7D", "7H", "7C", "7S", "AD", "2D", "3D", "4D", "5D", "6D"]
    more = [c for c in ALL if c not in sevens_and_denari][:12]
    score = finished(" ".join(sevens_and_denari + more), (1, 2)).score()
    assert [list(b) for b in score.breakdown] == [
        ["carte", "denari", "settebello", "primiera", "scope"]
    ] * 2
    assert list(score.points) == [sum(b.values()) for b in score.breakdown]
    assert set(score.details) >= {"cards", "denari", "primiera"}
    assert score.to_json()["points"] == list(score.points)


# -- Winning a match ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "totals", "status", "winner"),
    [
        (11, (11, 9), "won", 0),
        (11, (12, 13), "won", 1),
        (11, (10, 10), "continue", None),
        (11, (10, 9), "continue", None),
        (11, (11, 11), "continue", None),
        (7, (7, 3), "won", 0),
        (7, (7, 7), "continue", None),
        (7, (6, 6), "continue", None),
    ],
)
def test_at_or_over_the_target_the_higher_total_wins_equal_tops_play_on(
    target: int, totals: tuple[int, int], status: str, winner: int | None
) -> None:
    """'When a hand ends with one or more sides at or over the target, the side with the
    higher total wins. If the top totals are equal, further hands are played until a hand
    ends with one side ahead on the cumulative totals.'"""
    outcome = ScopaRules(target=target).match_outcome(list(totals), 3)
    assert (outcome.status, outcome.winner) == (status, winner)


def test_single_hand_the_higher_score_wins_a_tie_plays_on() -> None:
    """'Single-hand matches: the higher score wins; a tie is broken the same way.'"""
    rules = ScopaRules(target="single_hand")
    assert rules.match_outcome([4, 3], 1).winner == 0
    assert rules.match_outcome([3, 3], 1).status == "continue"
    assert rules.match_outcome([3, 5], 2).winner == 1


def test_options_are_named_and_validated_with_plain_messages() -> None:
    """'Target 11 (default), 7, or a single hand'; faces Italian or French. Values are
    taken as they are declared: no text for a number, no float, no bool."""
    assert make_rules("scopa").options() == {"players": 2, "target": 11, "faces": "italian"}
    assert ScopaRules.from_options({"target": 7}).target == 7
    assert make_rules("scopa", {"target": "single_hand", "players": 4}).players == 4
    assert [spec["name"] for spec in ScopaRules.describe()["options"]] == [
        "players",
        "target",
        "faces",
    ]
    bad_options: list[tuple[dict[str, object], str]] = [
        ({"target": 10}, "target must be one of 11, 7, 'single_hand'"),
        ({"target": "7"}, "target must be one of"),
        ({"target": True}, "target must be one of"),
        ({"target": 11.0}, "target must be one of"),
        ({"faces": "german"}, "faces must be one of 'italian', 'french'"),
        ({"players": 3}, "players must be one of 2, 4"),
        ({"players": 2.0}, "players must be one of 2, 4"),
        ({"colour": 1}, "unknown option 'colour'"),
    ]
    for bad, message in bad_options:
        with pytest.raises(OptionError, match=message):
            make_rules("scopa", bad)
    with pytest.raises(BadSeatError):
        ScopaRules().new_hand(1, 2)


# -- The engine's answers to bad input ---------------------------------------------------


def test_bad_input_is_an_answer_and_changes_nothing() -> None:
    hand = ScopaRules().new_hand(4, 0)
    hand.play(hand.to_move(), "cut 12")
    before = hand.position()
    for text in ("", "8D", "7D x 7D", "7D x", "XX", "7D AH", "JK"):
        with pytest.raises(NotationError):
            hand.play(hand.to_move(), text)
    for move in (-1, "cut 20", hand.legal_moves()[0] | 1 << 45):
        with pytest.raises(IllegalMoveError):
            hand.play(hand.to_move(), move)
    for bad in (10**20, 45, None, True, 1.0):
        with pytest.raises(NotationError):
            hand.play(hand.to_move(), bad)  # type: ignore[arg-type]
    with pytest.raises(NotYourTurnError):
        hand.play(1 - hand.to_move(), hand.legal_moves()[0])  # type: ignore[operator]
    with pytest.raises(HandNotOverError):
        hand.score()
    for seat in (2, -1, True):
        with pytest.raises(BadSeatError):
            hand.view(seat)
    assert hand.position() == before


def test_an_illegal_move_names_only_the_movers_own_cards() -> None:
    """The answer goes to the sender: it lists the sender's options, nothing hidden."""
    hand = arranged(["7D 2S", "4C 6C"], "3H 4S")
    with pytest.raises(IllegalMoveError) as refused:
        hand.play(0, "7D")
    assert "4C" not in refused.value.message and "6C" not in refused.value.message
    with pytest.raises(NotYourTurnError) as refused:
        hand.play(1, "4C")
    assert "7D" not in refused.value.message and "2S" not in refused.value.message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda f: f[:9], "10 fields"),
        (lambda f: [f[0], "c0", *f[2:]], "cuts"),
        (lambda f: [*f[:7], f[7][2:], *f[8:]], "missing"),
        (lambda f: [*f[:7], f[7][:2] + f[7], *f[8:]], "twice"),
        (lambda f: [*f[:8], "42", f[9]], "seed:deal"),
        (lambda f: [*f[:9], "1:cut99"], "cut"),
        (lambda f: ["5", *f[1:]], "seat"),
    ],
)
def test_a_bad_position_is_a_notation_error(change: object, message: str) -> None:
    fields = ScopaRules().new_hand(4, 0).position().split()
    with pytest.raises(NotationError, match=message):
        ScopaRules().hand_from_position(" ".join(change(fields)))  # type: ignore[operator]


def test_hand_sizes_must_fit_the_turn_in_a_position() -> None:
    """Players play in turn from the primo: a position cannot have seat 0 to play with one
    card while seat 1, who plays after it, already played."""
    fine = arranged(["AH 2H", "3H 4H"], turn=0).position().split()
    for hands, turn in [("AH/3H4H", "0"), ("AH2H/3H4H", "1"), ("-/-", "0")]:
        moved = "".join(c for c in ["AH", "2H", "3H", "4H"] if c not in hands)
        piles = fine[4] + moved
        text = " ".join([fine[0], turn, hands, fine[3], piles, *fine[5:]])
        with pytest.raises(NotationError, match=r"hand sizes|stock"):
            ScopaRules().hand_from_position(text)


def test_spectators_see_no_hand_and_a_seat_sees_only_its_own() -> None:
    hand = ScopaRules(players=4).new_hand(6, 2)
    hand.play(hand.to_move(), "cut 30")
    assert hand.view(None).to_json()["hand"] == []
    for seat in range(4):
        data = hand.view(seat).to_json()
        assert data["hand"] == [str(c) for c in hand.hand_cards(seat)]
        assert data["hand_sizes"] == [3, 3, 3, 3] and data["stock"] == 24


def test_a_clone_is_independent() -> None:
    hand = ScopaRules().new_hand(6, 0)
    clone = hand.clone()
    clone.play(clone.to_move(), "cut 5")
    clone.apply(clone.legal_moves()[0])
    assert hand.view(None).to_json()["phase"] == "cut"
    assert hand.position() != clone.position()


@pytest.mark.parametrize("module", [deck, moves, scoring], ids=lambda m: m.__name__)
def test_the_engine_docstring_examples_hold(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_a_malformed_view_is_a_notation_error() -> None:
    """A bot rebuilds its view from JSON: data that no real hand could show is refused."""
    hand = ScopaRules().new_hand(8, 0)
    hand.play(hand.to_move(), "cut 9")
    data = hand.view(0).to_json()
    stolen = str(hand.hand_cards(1)[0])
    changes: list[dict[str, Any]] = [
        {"hand": [*data["hand"], stolen]},
        {"table": [*data["table"], data["hand"][0]]},
        {"stock": 31},
        {"hand_sizes": [3]},
        {"players": 4},
        {"table": ["8D"]},
        {"history": [[1, "cut 99"]]},
    ]
    for change in changes:
        with pytest.raises(NotationError):
            ScopaRules().view_from_json(data | change)
    with pytest.raises(NotationError):
        ScopaRules().view_from_json({"game": "scopa"})
