"""Properties of random Scopa hands, 1 v 1 and 2 v 2, checked at every step.

Hundreds of random hands in the default run, thousands in the slow one: cards are
conserved, legal moves equal the separate brute-force reference's, points add up, views
leak nothing, every text form round-trips, hands are reproducible and samples are
consistent with their view.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from circolo.cards import Card, Suit, deck40
from circolo.games.scopa import ScopaHand, ScopaRules
from circolo.games.scopa.deck import ALL_CARDS, CARDS, TEXT, cards_of, texts
from tests.test_scopa_reference import (
    RefHand,
    engine_move_as_ref,
    follow_with_reference,
    ref_legal,
    ref_score,
)

DECK = set(deck40())
CARD_TEXTS = {str(card) for card in DECK}
SEEDS = st.integers(0, 2**63 - 1)
PLAYERS = st.sampled_from([2, 4])


def every_card(hand: ScopaHand) -> Counter[Card]:
    cards: Counter[Card] = Counter(hand.table_cards() + hand.stock_cards())
    for seat in range(hand.rules.players):
        cards.update(hand.hand_cards(seat))
    for side in (0, 1):
        cards.update(hand.pile_cards(side))
    return cards


def named_cards(data: Any) -> set[str]:
    """Every card named anywhere in a JSON value (strings are split into words)."""
    if isinstance(data, str):
        return {word for word in data.split() if word in CARD_TEXTS}
    if isinstance(data, dict):
        return set().union(*(named_cards(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(named_cards(v) for v in data)) if data else set()
    return set()


def hidden_from(hand: ScopaHand, seat: int | None) -> set[str]:
    hidden = {str(card) for card in hand.stock_cards()}
    for other in range(hand.rules.players):
        if other != seat:
            hidden |= {str(card) for card in hand.hand_cards(other)}
    return hidden


def check_views(hand: ScopaHand, step: int) -> None:
    rules = hand.rules
    for seat in [None, *range(rules.players)]:
        view = hand.view(seat)
        data = view.to_json()
        assert json.loads(json.dumps(data)) == data
        assert not named_cards(data) & hidden_from(hand, seat), "a view names a hidden card"
        if seat is None:
            assert data["hand"] == []
        else:
            assert data["hand"] == [str(c) for c in hand.hand_cards(seat)]
        rebuilt = rules.view_from_json(data)
        assert rebuilt == view and rebuilt.to_json() == data
        if (step + (seat or 0)) % 5 == 0:
            check_sample(hand, view.sample(random.Random(step)), seat)


def check_sample(hand: ScopaHand, sample: ScopaHand, seat: int | None) -> None:
    """A sample is a legal state the seat cannot tell from the true one."""
    assert sample.view(seat).to_json() == hand.view(seat).to_json()
    assert every_card(sample) == Counter(DECK)
    assert [len(sample.hand_cards(s)) for s in range(hand.rules.players)] == [
        len(hand.hand_cards(s)) for s in range(hand.rules.players)
    ]
    assert len(sample.stock_cards()) == len(hand.stock_cards())
    assert sample.to_move() == hand.to_move()
    if seat is not None and hand.to_move() == seat:
        assert sample.legal_moves() == hand.legal_moves()
    position = sample.position()
    assert hand.rules.hand_from_position(position).position() == position


def check_score(hand: ScopaHand) -> None:
    score = hand.score()
    breakdown = [dict(b) for b in score.breakdown]
    assert list(score.points) == [sum(b.values()) for b in breakdown]
    assert breakdown == ref_score(RefHand.of(hand))
    piles = [hand.pile_cards(0), hand.pile_cards(1)]
    assert score.details["cards"] == [len(p) for p in piles]
    assert sum(score.details["cards"]) == 40
    denari = [sum(1 for c in p if c.suit == Suit.DIAMONDS) for p in piles]
    assert score.details["denari"] == denari
    assert sum(b["settebello"] for b in breakdown) == 1
    assert [b["scope"] for b in breakdown] == hand.view(None).to_json()["scores"]
    assert sum(b["carte"] for b in breakdown) == (0 if len(piles[0]) == 20 else 1)
    assert sum(b["denari"] for b in breakdown) == (0 if denari[0] == 5 else 1)


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_every_invariant_holds_at_every_step(seed: int, players: int) -> None:
    rules = ScopaRules(players=players)
    rng = random.Random(seed)
    hand = rules.new_hand(seed, seed % players)
    moves = []
    step = 0
    while not hand.is_over():
        assert every_card(hand) == Counter(DECK), "the 40 cards are conserved"
        legal = hand.legal_moves()
        assert len(set(legal)) == len(legal)
        assert {engine_move_as_ref(hand, m) for m in legal} == ref_legal(RefHand.of(hand))
        for move in legal:
            assert hand.parse_move(hand.move_text(move)) == move
            assert hand.parse_move(hand.move_text(move).lower().replace(" ", "")) == move
        position = hand.position()
        assert rules.hand_from_position(position).position() == position
        check_views(hand, step)
        move = rng.choice(legal)
        hand.play(hand.to_move(), hand.move_text(move))
        moves.append(move)
        step += 1
    assert every_card(hand) == Counter(DECK)
    check_views(hand, step)
    check_score(hand)
    replay = rules.new_hand(seed, seed % players)
    for move in moves:
        replay.play(replay.to_move(), move)
    assert replay.position() == hand.position(), "same seed, same moves, same hand"


@settings(max_examples=300, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_many_hands_conserve_cards_follow_the_reference_and_add_up(seed: int, players: int) -> None:
    follow_a_whole_hand(seed, players)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_thousands_of_hands_conserve_cards_follow_the_reference_and_add_up(
    seed: int, players: int
) -> None:
    follow_a_whole_hand(seed, players)


def follow_a_whole_hand(seed: int, players: int) -> None:
    """A random hand played along the reference (its legal moves at every step), scored."""
    rules = ScopaRules(players=players)
    rng = random.Random(seed)
    hand = rules.new_hand(seed, seed % players)
    follow_with_reference(hand, rng)
    check_score(hand)


@given(mask=st.integers(0, ALL_CARDS))
def test_a_mask_lists_its_cards_and_their_codes_in_order(mask: int) -> None:
    """``cards_of`` and ``texts`` read masks from tables a byte at a time: the same as bit
    by bit, ascending (by value, then suit)."""
    bits = [card for card in range(CARDS) if mask >> card & 1]
    assert cards_of(mask) == bits
    assert texts(mask) == [TEXT[card] for card in bits]


@pytest.mark.parametrize("mask", [-1, ALL_CARDS + 1, 1 << 63])
def test_a_number_that_is_no_mask_of_scopa_cards_is_refused(mask: int) -> None:
    with pytest.raises(ValueError, match="not a mask of Scopa cards"):
        cards_of(mask)
    with pytest.raises(ValueError, match="not a mask of Scopa cards"):
        texts(mask)
