"""Properties of whole random Bisca hands, 1 × 1 and 2 × 2: a few hundred hands in the
default run, thousands in the slow one (``make soak``)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from circolo.games.bisca import BiscaHand, BiscaRules
from circolo.games.bisca.deck import CARDS
from tests.test_bisca_reference import assert_view_hides, reference_legal

SEEDS = st.integers(0, 2**63 - 1)
MODES = st.sampled_from([2, 4])
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
THOROUGH = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new_hand(players: int, seed: int) -> tuple[BiscaHand, random.Random]:
    return BiscaRules(players=players).new_hand(seed, seed % players), random.Random(seed)


def all_cards(state: BiscaHand) -> list[str]:
    """Every card where it is now: hands, stock, the trick, the finished tricks."""
    view = state.view(None)
    cards = [str(c) for seat in range(state.players) for c in state.hand(seat)]
    cards += [str(c) for c in state.stock()]
    cards += [str(CARDS[c]) for c in view.trick]
    cards += [str(CARDS[c]) for _, trick in view.tricks for c in trick]
    return cards


@FAST
@given(seed=SEEDS, players=MODES)
def test_every_hand_conserves_cards_and_points_and_moves_match_the_reference(
    seed: int, players: int
) -> None:
    check_hand_against_the_reference(seed, players)


@pytest.mark.slow
@LONG
@given(seed=SEEDS, players=MODES)
def test_thousands_of_hands_conserve_cards_and_points_and_match_the_reference(
    seed: int, players: int
) -> None:
    check_hand_against_the_reference(seed, players)


def check_hand_against_the_reference(seed: int, players: int) -> None:
    """40 cards at every step, 120 card points at the end, legal moves as the rules text
    says (the reference, in hand order: the room auto-plays the leftmost legal card)."""
    state, rng = new_hand(players, seed)
    while not state.is_over():
        cards = all_cards(state)
        assert len(cards) == 40 and len(set(cards)) == 40
        seat = state.to_move()
        legal = state.legal_moves()
        view = state.view(seat).to_json()
        assert {state.move_text(m) for m in legal} == reference_legal(view)
        if view["phase"] == "play":
            assert [state.move_text(m) for m in legal] == [
                c for c in view["hand"] if c in reference_legal(view)
            ]
        state.apply(rng.choice(legal))
    score = state.score()
    assert sum(b["card_points"] for b in score.breakdown) == 120
    assert score.details["card_points"] == [b["card_points"] for b in score.breakdown]
    assert sum(state.view(None).piles) == 40
    for points, breakdown in zip(score.points, score.breakdown, strict=True):
        assert 0 <= points <= 4
        assert points == sum(v for k, v in breakdown.items() if k != "card_points")


@THOROUGH
@given(seed=SEEDS, players=MODES, sample_seed=st.integers(0, 2**32))
def test_views_hide_round_trip_and_sample_consistently(
    seed: int, players: int, sample_seed: int
) -> None:
    """No view names a card its seat has not seen; views, positions and moves round-trip;
    a sample shows the very same view and keeps publicly known cards where they are."""
    state, rng = new_hand(players, seed)
    rules = state.rules
    sample_rng = random.Random(sample_seed)
    step = 0
    while True:
        for seat in [*range(players), None]:
            assert_view_hides(state, seat)
        position = state.position()
        assert rules.hand_from_position(position).position() == position
        seat = state.to_move()
        watchers = [*range(players), None]
        watcher = seat if step % 2 else watchers[(step // 2) % len(watchers)]
        view = state.view(watcher)
        data = view.to_json()
        assert json.loads(json.dumps(data)) == data
        assert rules.view_from_json(data).to_json() == data
        if step % 3 == 0:
            sample = view.sample(sample_rng)
            assert sample.view(watcher).to_json() == data
            assert rules.hand_from_position(sample.position()).position() == sample.position()
            for other, known in view.known_in_hands().items():
                assert {CARDS[c] for c in known} <= set(sample.hand(other))
        if state.is_over():
            break
        for move in state.legal_moves():
            assert state.parse_move(state.move_text(move)) == move
        state.apply(rng.choice(state.legal_moves()))
        step += 1


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, players=MODES)
def test_the_seed_fixes_the_hand(seed: int, players: int) -> None:
    """Same seed, same moves: the same hand, position by position."""
    one, rng = new_hand(players, seed)
    two, _ = new_hand(players, seed)
    while not one.is_over():
        assert one.position() == two.position()
        move = rng.choice(one.legal_moves())
        one.apply(move)
        two.apply(move)
    assert one.position() == two.position() and one.score() == two.score()


def test_different_seeds_deal_different_hands() -> None:
    rules = BiscaRules()
    decks = {tuple(rules.new_hand(seed, 0).stock()) for seed in range(200)}
    assert len(decks) == 200


def test_a_turned_card_is_never_sampled_into_a_hand_before_any_draw() -> None:
    """The turned A or 7 went back into the stock after the deal: until the first draw it
    can only be in the stock, and samples put it there."""
    rules = BiscaRules()
    found = 0
    for seed in range(400):
        state = rules.new_hand(seed, 0)
        state.play(state.to_move(), "sorteio")
        view = state.view(0)
        if view.turned is None:
            continue
        found += 1
        for sample_seed in range(5):
            sample = view.sample(random.Random(sample_seed))
            assert CARDS[view.turned] in sample.stock()
    assert found > 20


def test_samples_spread_the_unseen_cards() -> None:
    """Over many samples every unseen card reaches the opponent's hand at times."""
    rules = BiscaRules()
    state = rules.new_hand(7, 0)
    state.play(state.to_move(), "copas")
    view = state.view(1)
    counts = Counter(c for i in range(600) for c in view.sample(random.Random(i)).hand(0))
    unseen = {c for c in CARDS if c not in state.hand(1)}
    assert set(counts) == unseen
    assert max(counts.values()) < 4 * min(counts.values())
