"""Scopa matches through the generic Match: to 11, to 7, single hand, with tie-breaks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from circolo.engine import HandNotOverError, HandState
from circolo.games.scopa import ScopaHand, ScopaRules
from circolo.match import Match
from tests.case_kinds.scopa import ALL, position
from tests.support import play_out

# Side 0: all coppe, denari A-5, figures of bastoni and two of spade (20 cards, holds every
# suit, primiera 7H + 5D + 10 + 10 = 56). Side 1: the other 20, no coppe: side 0 takes the
# primiera, side 1 the settebello; carte 20-20 and denari 5-5 give nothing. So a hand
# worth (1 + a, 1 + b) is this split with a and b scope.
SIDE0 = [c for c in ALL if c[1] == "H"] + ["AD", "2D", "3D", "4D", "5D", "JC", "QC", "KC", "JS"]
SIDE0.append("QS")
SIDE1 = [c for c in ALL if c not in SIDE0]


def hand_worth(rules: ScopaRules, first: int, second: int) -> ScopaHand:
    """A finished hand worth ``first`` and ``second`` points (each at least 1)."""
    text = position(
        rules.players,
        0,
        "-",
        [[]] * rules.players,
        piles=(SIDE0, SIDE1),
        scope=(first - 1, second - 1),
    )
    return rules.hand_from_position(text)


def record(match: Match, first: int, second: int) -> str:
    match.new_hand()
    assert isinstance(match.rules, ScopaRules)
    outcome = match.record(hand_worth(match.rules, first, second))
    return outcome.status if outcome.winner is None else f"side{outcome.winner}"


def test_a_hand_worth_is_what_it_says() -> None:
    score = hand_worth(ScopaRules(), 3, 1).score()
    assert score.points == (3, 1)
    assert score.breakdown[0]["primiera"] == 1 and score.breakdown[1]["settebello"] == 1


def test_to_11_the_first_side_at_or_over_the_target_wins() -> None:
    """'Target 11 (default)': hands add up; reaching 11 ahead wins."""
    match = Match(ScopaRules(), seed=1)
    assert [record(match, 4, 2), record(match, 4, 3), record(match, 3, 2)] == [
        "continue",
        "continue",
        "side0",
    ]
    assert match.totals == [11, 7]


def test_both_over_the_target_the_higher_total_wins() -> None:
    """'When a hand ends with one or more sides at or over the target, the side with the
    higher total wins.'"""
    match = Match(ScopaRules(), seed=2)
    record(match, 5, 5)
    record(match, 5, 5)
    assert record(match, 2, 3) == "side1"
    assert match.totals == [12, 13]


def test_equal_top_totals_play_on_until_one_side_is_ahead() -> None:
    """'If the top totals are equal, further hands are played until a hand ends with one
    side ahead on the cumulative totals.'"""
    match = Match(ScopaRules(target=7), seed=3)
    assert record(match, 4, 3) == "continue"
    assert record(match, 3, 4) == "continue"  # 7-7
    assert record(match, 2, 2) == "continue"  # 9-9
    assert record(match, 1, 2) == "side1"  # 10-11
    assert len(match.hands) == 4


def test_single_hand_the_higher_score_wins_a_tie_is_broken_by_more_hands() -> None:
    """'Single-hand matches: the higher score wins; a tie is broken the same way.'"""
    match = Match(ScopaRules(target="single_hand"), seed=4)
    assert record(match, 3, 3) == "continue"
    assert record(match, 2, 1) == "side0"
    won = Match(ScopaRules(target="single_hand"), seed=4)
    assert record(won, 1, 4) == "side1"


def test_the_deal_passes_to_the_next_player_at_every_hand() -> None:
    """'The first dealer of a match is drawn at random; the deal passes to the next player
    in playing order at every hand.'"""
    for players in (2, 4):
        match = Match(ScopaRules(players=players), seed=5)
        dealers = []
        for _ in range(6):
            dealt = match.new_hand()
            dealers.append(dealt.view(None).to_json()["dealer"])
            match.record(hand_worth(ScopaRules(players=players), 1, 1))
        assert dealers == [(dealers[0] + i) % players for i in range(6)]
    firsts = {Match(ScopaRules(), seed=s).first for s in range(20)}
    assert firsts == {0, 1}, "the first dealer is drawn at random"


def random_choice(seed: int) -> Any:
    rng = random.Random(seed)

    def choose(hand: HandState[Any]) -> Any:
        return rng.choice(hand.legal_moves())

    return choose


@pytest.mark.parametrize("target", [11, 7, "single_hand"])
@pytest.mark.parametrize("players", [2, 4])
def test_random_matches_end_with_a_rightful_winner(players: int, target: int | str) -> None:
    """Whole matches of random play: the winner is ahead and at the target."""
    for seed in range(3):
        match = Match(ScopaRules(players=players, target=target), seed=seed)
        outcome = play_out(match, random_choice(seed))
        assert outcome.status == "won" and outcome.winner is not None
        totals = match.totals
        assert totals[outcome.winner] > totals[1 - outcome.winner]
        if target != "single_hand":
            assert totals[outcome.winner] >= int(target)
        assert totals == [sum(h.score.points[s] for h in match.hands) for s in (0, 1)]
        dealers = [h.first for h in match.hands]
        assert dealers == [(dealers[0] + i) % players for i in range(len(dealers))]


def test_a_hand_once_started_is_finished_before_it_counts() -> None:
    """'A hand once started is always finished.' An unfinished hand has no score."""
    match = Match(ScopaRules(), seed=6)
    hand = match.new_hand()
    with pytest.raises(HandNotOverError):
        match.record(hand)
