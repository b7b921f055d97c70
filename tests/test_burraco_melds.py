"""Burraco melds, one test per rule of rules/burraco.md "Melds" and "Burraco" (quoted)."""

from __future__ import annotations

import doctest
import json
from collections.abc import Iterator
from typing import Any

import pytest

from circolo.cards import parse_cards
from circolo.engine import NotationError
from circolo.games.burraco import melds
from circolo.games.burraco.melds import (
    Meld,
    Slot,
    can_open,
    candidate_extensions,
    candidate_new_melds,
    card_points,
    extension_layouts,
    is_wild_card,
    meld_type,
    new_meld_layouts,
    read_cards,
    read_layout,
    set_rank,
)
from tests.case_kinds.burraco_melds import KINDS
from tests.test_cases import case_files


def kind(cards: str) -> str:
    return meld_type(parse_cards(cards))


def texts(melds: list[Meld]) -> set[str]:
    return {meld.text() for meld in melds}


def extend(meld: str, add: str) -> set[str]:
    return texts(extension_layouts(Meld.parse(meld), parse_cards(add)))


def layouts(cards: str) -> set[str]:
    return texts(new_meld_layouts(parse_cards(cards)))


# -- Runs ------------------------------------------------------------------------------------


def test_run_is_three_or_more_cards_of_one_suit_in_sequence() -> None:
    """Run (scala): 3 or more cards of one suit in sequence."""
    assert kind("5C 6C 7C 8C") == "run"
    assert kind("5C 6C 7C") == "run"
    assert kind("5C 6C") == "invalid"
    assert kind("5H 6D 7H") == "invalid"
    assert kind("5H 6H 8H") == "invalid"
    assert kind("7H 6H 5H") == "invalid"  # laid low to high


def test_ace_goes_below_the_two_or_above_the_king() -> None:
    """The Ace goes below the 2 or above the King."""
    assert kind("AH 2H 3H") == "run"
    assert kind("QH KH AH") == "run"
    assert kind("TH JH QH KH AH") == "run"
    assert Meld.parse("QH KH AH").low == 12
    assert Meld.parse("AH 2H 3H").low == 1


def test_never_around_the_corner_k_a_2() -> None:
    """Never both around the corner: K-A-2-3 is not a run."""
    assert kind("KH AH 2H 3H") == "invalid"
    assert kind("KH AH 2H") == "invalid"
    assert kind("KH JK 2H") == "invalid"
    assert extend("QH KH AH", "2H") == {"2H=JH QH KH AH"}  # a 2 after the Ace is only a wild
    for meld in candidate_new_melds(parse_cards("QH KH AH 2H 3H 4H")):
        assert "KH AH 2H" not in meld.text()


def test_decided_full_run_ace_to_ace_is_allowed() -> None:
    """[decided] A-2-...-K-A (14 cards) is allowed, as in FIBUR rules."""
    full = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    assert kind(full) == "run"
    assert read_cards(parse_cards(full)) == Meld.parse(full)
    assert full in layouts(full)
    assert extend("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AH") == {full}
    assert kind("AH 2H 3H AH") == "invalid"  # both Aces only in the full run
    assert extend(full, "JK") == set()  # nothing goes beyond the two Aces


def test_full_run_with_one_ace_and_a_wild_takes_the_wild_at_either_end() -> None:
    """The 14-card run: with one Ace and a wild, the wild is the low or the high Ace."""
    cards = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK"
    assert layouts(cards) == {
        "JK=AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK=AH",
    }


def test_identical_cards_are_equal_for_every_rule() -> None:
    """Identical cards exist (two 7♥): the engine treats them as equal for every rule,
    so each layout is offered once whichever copy it takes."""
    melds = candidate_new_melds(parse_cards("7H 7H 7C 8H 8H 9H"))
    assert len(melds) == len(set(melds))
    assert texts(melds) == {"7H 7H 7C", "7H 8H 9H"}
    results = candidate_extensions(Meld.parse("3H 2H=4H 5H"), parse_cards("4H 2H"))
    assert len(results) == len(set(results))
    assert "2H 3H 4H 5H 2H=6H" in texts(results)  # either 2H to either end: one layout


# -- Sets ------------------------------------------------------------------------------------


def test_set_is_three_or_more_of_a_rank_suits_may_repeat() -> None:
    """Set (combinazione): 3 or more cards of the same rank; suits may repeat."""
    assert kind("7H 7H 7C 7D") == "set"
    assert kind("7H 7C") == "invalid"
    assert kind("7H 7C 8C") == "invalid"
    assert extend("7H 7C 7D", "7H") == {"7H 7H 7D 7C"}
    assert extend("7H 7C 7D", "8H") == set()


def test_a_set_lists_its_naturals_by_suit_then_the_wild() -> None:
    """A set is a multiset: any order the player names reads as the same meld."""
    assert Meld.parse("JK 7C 7H") == Meld.parse("7H 7C JK") == Meld.parse("7C JK 7H")
    assert Meld.parse("7C JK 7H").text() == "7H 7C JK"
    assert Meld.parse("7S 7C 7D 7H").text() == "7H 7D 7C 7S"  # suits in the order H D C S


def test_decided_sets_of_twos_are_not_allowed() -> None:
    """[decided] Sets of 2s are not allowed (every 2 in a set is wild)."""
    assert kind("2H 2D 2C 2S") == "invalid"
    assert kind("2H 2D 2C") == "invalid"
    assert all(meld.kind == "run" for meld in candidate_new_melds(parse_cards("2H 2D 2C 2S JK")))
    assert kind("5H 5D 2C 2D") == "invalid"  # two wilds


def test_side_may_not_hold_two_sets_of_one_rank() -> None:
    """A player (team) may not hold two separate sets of the same rank."""
    sevens = Meld.parse("7H 7C 7D")
    assert not can_open(Meld.parse("7S 7S JK"), [sevens])
    assert can_open(Meld.parse("8S 8S JK"), [sevens])
    assert set_rank(sevens) == 7
    assert set_rank(Meld.parse("5H 6H 7H")) is None


def test_two_runs_of_the_same_suit_are_allowed() -> None:
    """Two runs of the same suit are allowed."""
    assert can_open(Meld.parse("9H TH JH"), [Meld.parse("3H 4H 5H")])
    assert can_open(Meld.parse("3H 4H 5H"), [Meld.parse("3H 4H 5H")])


# -- Wilds -----------------------------------------------------------------------------------


def test_jokers_and_twos_are_wild() -> None:
    """Wild cards ("matte"): the 4 jokers and the eight 2s ("pinelle")."""
    assert all(is_wild_card(card) for card in parse_cards("JK 2H 2D 2C 2S"))
    assert not any(is_wild_card(card) for card in parse_cards("AH 3H KS"))
    assert kind("5H 5D 2C") == "set"
    assert kind("KH KD JK") == "set"
    assert Meld.parse("3H 2H=4H 5H").wild == Slot(*parse_cards("2H 4H"))


def test_at_most_one_wild_per_meld() -> None:
    """A meld holds at most one wild card."""
    assert kind("5H JK 7H JK") == "invalid"
    assert kind("JK 5H JK") == "invalid"
    assert extend("9C 9D JK", "2H") == set()
    assert extend("5H JK=6H 7H", "JK") == set()
    assert all(
        sum(slot.stands_for is not None for slot in meld.slots) <= 1
        for meld in candidate_new_melds(parse_cards("4H 5H 6H JK JK 2C"))
    )


def test_no_meld_of_wild_cards_only() -> None:
    """So no meld is made of wild cards only."""
    assert kind("JK JK JK") == "invalid"
    assert kind("2C 2D JK") == "invalid"
    assert candidate_new_melds(parse_cards("JK JK JK 2C 2D 2S")) == []


def test_two_in_its_natural_place_in_its_own_suit_is_not_wild() -> None:
    """A 2 in its natural place in a run of its own suit (A♥ 2♥ 3♥ 4♥) is not wild."""
    meld = Meld.parse("AH 2H 3H 4H")
    assert meld.wild is None
    assert Meld.parse("2H=2H 3H 4H").wild is None  # named as its own card: natural
    assert Meld.parse("2H 3H 4H 5H 6H 7H 8H").burraco == "clean"
    assert kind("3H 2H 5H") == "run"  # out of its place: wild, for the 4H
    assert Meld.parse("3H 2H 5H").text() == "3H 2H=4H 5H"
    assert Meld.parse("2C 3C 4C").wild is None
    assert Meld.parse("2D 3C 4C").text() == "2D=2C 3C 4C"  # another suit's 2 is wild


def test_run_may_hold_a_natural_two_and_one_wild() -> None:
    """A run may hold a natural 2 and one wild (A♥ 2♥ 3♥ 2♣ 5♥)."""
    assert Meld.parse("AH 2H 3H 2C 5H").text() == "AH 2H 3H 2C=4H 5H"
    assert Meld.parse("2C 2H 3H 4H").text() == "2C=AH 2H 3H 4H"
    assert extend("AH 2H 3H", "2C") == {"AH 2H 3H 2C=4H"}
    assert "2H 3H 2H=4H 5H" in layouts("2H 2H 3H 5H")


def test_wild_stands_for_one_fixed_card_and_only_that_card_replaces_it() -> None:
    """In a run, a wild stands for one fixed card and can only be replaced by that card
    (seed: 2♣ may not join 3♥ 2♥ 5♥, the 2♥ stands for the 4♥)."""
    assert extend("3H 2H=4H 5H", "2C") == set()
    assert "2H 3H 2C=4H 5H" in layouts("2H 3H 2C 5H")  # laid this way it would be valid
    assert extend("3H 2H=4H 5H", "6H") == {"3H 2H=4H 5H 6H"}
    assert Meld.parse("3H 2H=4H 5H").wild == Slot(*parse_cards("2H 4H"))


def test_decided_replaced_wild_moves_to_either_end_and_stays_in_the_meld() -> None:
    """[decided] When the natural card replaces it, the wild moves to either end of the run,
    at the player's choice, and stays in the meld."""
    assert extend("5H JK=6H 7H", "6H") == {"JK=4H 5H 6H 7H", "5H 6H 7H JK=8H"}
    assert extend("JK=AH 2H 3H", "AH") == {"AH 2H 3H JK=4H"}  # nothing below the low Ace
    assert extend("QH KH JK=AH", "AH") == {"JK=JH QH KH AH"}  # nothing above the high Ace


def test_replace_a_wild_and_add_more_cards_in_one_move() -> None:
    """One move may replace a wild and add more cards: all its cards are placed, then the
    displaced wild goes to an end."""
    assert extend("5H JK=6H 7H", "6H 8H") == {"JK=4H 5H 6H 7H 8H", "5H 6H 7H 8H JK=9H"}
    assert extend("5H JK=6H 7H", "4H 6H 8H") == {"JK=3H 4H 5H 6H 7H 8H", "4H 5H 6H 7H 8H JK=9H"}
    assert extend("5H JK=6H 7H", "6H 9H") == set()  # the wild goes to an end, not into a gap


def test_own_two_landing_in_its_natural_place_is_natural_and_the_run_takes_a_wild_again() -> None:
    """A 2 of the run's own suit that comes to sit in its natural place (A-2-3) is natural
    from then on, and the run may take one wild again."""
    assert extend("3H 2H=4H 5H", "4H") == {"2H 3H 4H 5H", "3H 4H 5H 2H=6H"}
    assert Meld.parse("2H 3H 4H 5H").wild is None
    assert extend("3H 2H=4H 5H", "4H JK") == {"2H 3H 4H 5H JK=6H"}
    assert extend("2H 3H 4H 5H", "JK") == {"JK=AH 2H 3H 4H 5H", "2H 3H 4H 5H JK=6H"}


def test_extending_never_moves_a_wild_that_is_not_replaced() -> None:
    """Extending never moves a wild that is not replaced (it keeps standing for its card)."""
    assert extend("5H JK=6H 7H", "8H") == {"5H JK=6H 7H 8H"}
    assert extend("5H JK=6H 7H", "3H 4H") == {"3H 4H 5H JK=6H 7H"}
    for meld in candidate_extensions(Meld.parse("5H JK=6H 7H"), parse_cards("3H 4H 8H 9H 2C")):
        assert "JK=6H" in meld.text().split()


def test_wild_added_to_a_clean_run_goes_to_either_end() -> None:
    """A wild added to a clean run goes to either end; where an end is blocked (nothing below
    a low Ace, nothing above a high Ace) only the other."""
    assert extend("5H 6H 7H", "JK") == {"JK=4H 5H 6H 7H", "5H 6H 7H JK=8H"}
    assert extend("AH 2H 3H", "JK") == {"AH 2H 3H JK=4H"}
    assert extend("QH KH AH", "JK") == {"JK=JH QH KH AH"}
    assert extend("5H 6H 7H", "JK 9H") == {"5H 6H 7H JK=8H 9H"}  # or fills the one gap


def test_layout_is_the_players_choice_and_never_reread() -> None:
    """How a meld reads is the player's choice when laying it down (2♥ 3♥ … 8♥ may be a clean
    run 2-8 or a dirty run 3-9 with the 2♥ for the 9♥); the engine never re-reads it."""
    choices = layouts("2H 3H 4H 5H 6H 7H 8H")
    assert choices == {"2H 3H 4H 5H 6H 7H 8H", "3H 4H 5H 6H 7H 8H 2H=9H"}
    dirty = Meld.parse("3H 4H 5H 6H 7H 8H 2H=9H")
    assert (dirty.burraco, Meld.parse("2H 3H 4H 5H 6H 7H 8H").burraco) == ("dirty", "clean")
    assert extend(dirty.text(), "TH") == {"3H 4H 5H 6H 7H 8H 2H=9H TH"}
    assert layouts("5H JK 7H") == {"5H JK=6H 7H"}  # a wild inside a gap is fixed by the gap


def test_new_meld_layouts_takes_the_cards_in_any_order() -> None:
    assert layouts("7H JK 5H") == {"5H JK=6H 7H"}
    assert layouts("6H JK 5H") == {"JK=4H 5H 6H", "5H 6H JK=7H"}
    assert layouts("7C JK 7H") == {"7H 7C JK"}


# -- Burraco ---------------------------------------------------------------------------------


def test_burraco_is_a_meld_of_seven_or_more_cards() -> None:
    """Burraco: a meld of 7 or more cards."""
    assert Meld.parse("3H 4H 5H 6H 7H 8H").burraco is None
    assert Meld.parse("3H 4H 5H 6H 7H 8H 9H").burraco == "clean"
    assert Meld.parse("7H 7H 7C 7C 7D 7S").burraco is None


def test_clean_burraco_has_no_wild() -> None:
    """clean (pulito): no wild."""
    assert Meld.parse("7H 7H 7D 7D 7C 7C 7S").burraco == "clean"
    assert Meld.parse("AH 2H 3H 4H 5H 6H 7H").burraco == "clean"  # a natural 2 is not a wild


def test_semi_clean_burraco_has_a_wild_and_seven_consecutive_naturals() -> None:
    """semi-clean (semipulito): holds a wild, and also 7 natural cards that are consecutive
    in a run (for a set: 7 natural cards)."""
    assert Meld.parse("JK 4S 5S 6S 7S 8S 9S TS").burraco == "semi-clean"
    assert Meld.parse("3H 4H 5H 6H 7H 8H 9H JK JH").burraco == "semi-clean"
    assert Meld.parse("7H 7H 7D 7D 7C 7C 7S JK").burraco == "semi-clean"
    # 8 naturals, but not 7 in a row on either side of the wild: dirty
    assert Meld.parse("3H 4H 5H 6H JK 8H 9H TH JH").burraco == "dirty"


def test_dirty_burraco_has_a_wild_and_is_not_semi_clean() -> None:
    """dirty (sporco): holds a wild and is not semi-clean."""
    assert Meld.parse("AH 2H 3H 4H 5H 6H JK").burraco == "dirty"
    assert Meld.parse("7H 7H 7D 7D 7C 7C JK").burraco == "dirty"


def test_card_points() -> None:
    """3–7 = 5, 8–K = 10, A = 15, 2 = 20, joker = 30 (a 2 counts 20 natural or wild)."""
    values = {"3H": 5, "7S": 5, "8D": 10, "TC": 10, "KH": 10, "AS": 15, "2D": 20, "JK": 30}
    for card, points in values.items():
        assert card_points(parse_cards(card)[0]) == points
    assert Meld.parse("AH 2H 3H").points == 15 + 20 + 5
    assert Meld.parse("3H 2H=4H 5H").points == 5 + 20 + 5
    assert Meld.parse("KH KD JK").points == 10 + 10 + 30


# -- Notation --------------------------------------------------------------------------------


def test_text_round_trips_and_bad_text_is_a_notation_error() -> None:
    for text in ("3H 2C=4H 5H", "7H 7C JK", "JK=AH 2H 3H", "QH KH 2S=AH"):
        assert Meld.parse(text).text() == text
        assert Meld.parse(Meld.parse(text).text()) == Meld.parse(text)
    for bad in ("3H 4H", "3H 2C=5H 5H", "7H 7C 2C=7S", "5H=5H 6H 7H 9H", "XX 1H 2H", "5H JK 7H JK"):
        with pytest.raises(NotationError):
            Meld.parse(bad)
    assert read_layout([Slot(card) for card in parse_cards("3H 4H")]) is None


# -- the rule vectors ------------------------------------------------------------------------


def meld_cases() -> Iterator[Any]:
    for path in case_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["game"] == "burraco":
            for case in data["cases"]:
                if case["kind"] in KINDS:
                    yield pytest.param(case, id=f"{path.name}:{case['id']}")


@pytest.mark.parametrize("case", list(meld_cases()))
def test_meld_rule_vectors(case: dict[str, Any]) -> None:
    """The meld kinds of the rule vectors, also before the hand engine's runner merges them."""
    KINDS[case["kind"]](case["input"], case["expect"])


def test_the_module_examples_run_and_hold() -> None:
    result = doctest.testmod(melds)
    assert result.attempted and not result.failed
