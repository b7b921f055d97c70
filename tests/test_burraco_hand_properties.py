"""Burraco hand properties over thousands of random steps (hypothesis seeds, random moves).

At every step: the 108 physical cards are all somewhere, once; every meld on the table is
valid (checked by an independent reading written from the rules text, and by
``melds.read_layout``); no side holds two sets of one rank; the legal moves are exactly
those the rules allow, computed again from the whole hand without the engine's caches;
views hide what they must (shuffling every hidden card changes no view); samples agree
with their view; positions and move texts round-trip; the same seed and moves give the
same hand; every hand ends, and its score adds up.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from circolo.cards import ACE, Card, burraco_deck
from circolo.games.burraco import BurracoRules
from circolo.games.burraco.hand import CODE_OF_ID, BurracoHand
from circolo.games.burraco.melds import (
    Meld,
    can_open,
    candidate_extensions,
    candidate_new_melds,
    card_points,
    read_layout,
)
from circolo.games.burraco.moves import Discard, Draw, Extend, Move, NewMeld, Take
from tests.burraco_setup import position_text

DECK = burraco_deck()
SEEDS = st.integers(0, 2**63 - 1)
FAST = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def wild(card: Card) -> bool:
    return card.is_joker or card.rank == 2


# -- an independent reading of a meld, from the rules text ------------------------------------


def run_value(slot_card: Card, stands_for: Card | None) -> Card:
    return stands_for if stands_for is not None else slot_card


def valid_meld(meld: Meld) -> bool:
    """Runs: 3+ cards of one suit in sequence (A low or high, never around the corner),
    one wild at most, a 2 natural only in its own suit's 2 place. Sets: 3+ cards of one
    rank (not 2), one wild at most."""
    slots = meld.slots
    if len(slots) < 3:
        return False
    if meld.kind == "set":
        naturals = [s.card for s in slots if not wild(s.card)]
        wilds = [s for s in slots if wild(s.card)]
        return (
            len(wilds) <= 1
            and all(s.stands_for is None for s in slots)
            and len({c.rank for c in naturals}) == 1
            and len(naturals) >= 2
        )
    values = [run_value(s.card, s.stands_for) for s in slots]
    suits = {v.suit for v in values}
    if len(suits) != 1 or None in suits:
        return False
    wilds = [s for s in slots if s.stands_for is not None]
    if len(wilds) > 1 or any(not wild(s.card) for s in wilds):
        return False
    if any(s.stands_for is None and s.card.is_joker for s in slots):
        return False
    for place, slot in enumerate(slots):
        natural_two = slot.stands_for is None and slot.card.rank == 2
        if natural_two and (slot.card.suit not in suits or values[place].rank != 2):
            return False
    ranks = [v.rank for v in values]
    for start in range(1, 13):
        wanted = [(start + i - 1) % 13 + 1 for i in range(len(ranks))]
        if start + len(ranks) - 1 <= 14 and ranks == wanted:
            return all(r != ACE or i in (0, len(ranks) - 1) for i, r in enumerate(ranks))
    return False


def burraco_kind(meld: Meld) -> str | None:
    if len(meld.slots) < 7:
        return None
    wilds = [
        i
        for i, s in enumerate(meld.slots)
        if s.stands_for is not None or (meld.kind == "set" and wild(s.card))
    ]
    if not wilds:
        return "clean"
    naturals = (
        len(meld.slots) - 1 if meld.kind == "set" else max(wilds[0], len(meld.slots) - 1 - wilds[0])
    )
    return "semi-clean" if naturals >= 7 else "dirty"


# -- invariants ---------------------------------------------------------------------------------


def check_cards(state: BurracoHand) -> None:
    """108 cards, each exactly once, and every meld's physical cards are its cards."""
    places: list[int] = [i for hand in state.hands for i in hand]
    places += [i for pozzetto in state.pozzetti if pozzetto for i in pozzetto]
    places += state.pile + state.stock
    for side in state.melds:
        for meld, ids in side:
            assert Counter(DECK[i] for i in ids) == Counter(meld.cards)
            places += ids
    assert sorted(places) == list(range(108))


def check_melds(state: BurracoHand) -> None:
    for side in range(2):
        melds = state.side_melds(side)
        for meld in melds:
            assert valid_meld(meld), meld.text()
            assert read_layout(meld.slots) == meld
            assert meld.burraco == burraco_kind(meld)
        ranks = [m.rank for m in melds if m.kind == "set"]
        assert len(ranks) == len(set(ranks)), "no two sets of one rank per side"


def way_on(hand: Sequence[Card], used: Sequence[Card], state: BurracoHand, burraco: bool) -> bool:
    """The rules of running out, applied to a meld that takes ``used`` from ``hand``."""
    left = list(hand)
    for card in used:
        left.remove(card)
    taken_side = state.pozzetti[state.rules.side_of(state.seat)] is None
    if not left:
        return not taken_side
    if len(left) >= 2:
        return True
    last = left[0]
    if last == state.taken:
        return False
    return not taken_side or (burraco and not wild(last))


def expected_moves(state: BurracoHand) -> set[Move]:
    """The legal moves from the rules, the whole hand at once, no cache."""
    if state.phase == "draw":
        return {m for m, ok in ((Draw(), state.stock), (Take(), state.pile)) if ok}
    seat = state.seat
    side = state.rules.side_of(seat)
    hand = list(state.hand_cards(seat))
    melds = state.side_melds(side)
    burraco = any(m.burraco for m in melds)
    moves: set[Move] = set()
    for meld in candidate_new_melds(hand):
        if can_open(meld, melds) and way_on(hand, meld.cards, state, burraco or bool(meld.burraco)):
            moves.add(NewMeld(meld))
    for index, base in enumerate(melds):
        for meld in candidate_extensions(base, hand):
            used = list((Counter(meld.cards) - Counter(base.cards)).elements())
            if way_on(hand, used, state, burraco or bool(meld.burraco)):
                moves.add(Extend(index, meld))
    taken_side = state.pozzetti[side] is None
    for card in set(hand):
        if card == state.taken and hand.count(card) < 2:
            continue
        if len(hand) == 1 and taken_side and (not burraco or wild(card)):
            continue
        moves.add(Discard(card))
    return moves


def shuffle_hidden(state: BurracoHand, seat: int | None, rng: random.Random) -> BurracoHand:
    """The same state with every card ``seat`` cannot see dealt again at random (the cards
    a hand is publicly known to hold, its recall, stay in it)."""
    other = state.clone()
    kept: list[list[int]] = []
    hidden_places: list[list[int]] = []
    for s, hand in enumerate(other.hands):
        if s == seat:
            continue
        known = list(other.recall[s])
        keep = []
        for i in list(hand):
            if CODE_OF_ID[i] in known:
                known.remove(CODE_OF_ID[i])
                keep.append(i)
                hand.remove(i)
        kept.append(keep)
        hidden_places.append(hand)
    hidden_places += [p for p in other.pozzetti if p is not None] + [other.stock]
    pool = [i for place in hidden_places for i in place]
    rng.shuffle(pool)
    for place in hidden_places:
        size = len(place)
        place[:] = pool[:size]
        del pool[:size]
    for hand, keep in zip(hidden_places, kept, strict=False):
        hand.extend(keep)
    return BurracoHand(
        other.rules,
        hands=other.hands,
        melds=other.melds,
        pozzetti=other.pozzetti,
        pile=other.pile,
        stock=other.stock,
        seat=other.seat,
        phase=other.phase,
        taken=other.taken,
        ending=other.ending,
        recall=other.recall,
        past=tuple(state.history()),
    )


def test_a_sample_never_leaves_the_player_to_move_without_a_move() -> None:
    """Seen by the opponent, a player to move with one card after the pozzetto must hold a
    card that may close: samples are dealt again until that holds."""
    text = position_text(
        2,
        hands=["KD", "AC AD AS"],
        phase="play",
        pozzetti=["taken"],
        melds=[["3S 4S 5S 6S 7S 8S 9S"]],
    )
    state = BurracoRules().hand_from_position(text)
    view = state.view(1)
    for seed in range(30):
        sample = view.sample(random.Random(seed))
        assert sample.legal_moves() and sample.view(1).to_json() == view.to_json()


def check_views(state: BurracoHand, rng: random.Random) -> None:
    rules = state.rules
    for seat in [None, *range(rules.players)]:
        data = state.view(seat).to_json()
        assert json.loads(json.dumps(data)) == data
        assert rules.view_from_json(data).to_json() == data
        assert shuffle_hidden(state, seat, rng).view(seat).to_json() == data, "no leak"
        if seat is None:
            assert data["hand"] == []


def play_random(seed: int, players: int, check_every: int = 1) -> BurracoHand:
    rules = BurracoRules(players=players)
    state = rules.new_hand(seed, seed % players)
    replay = rules.new_hand(seed, seed % players)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        legal = state.legal_moves()
        if state.phase == "draw":
            assert Draw() in legal, "a turn can always draw: random hands end"
        if steps % check_every == 0:
            check_cards(state)
            check_melds(state)
            assert set(legal) == expected_moves(state)
            assert state.view(state.seat).legal_moves() == legal, "cached and fresh agree"
            assert len(set(legal)) == len(legal)
            position = state.position()
            assert rules.hand_from_position(position).position() == position
            for move in legal:
                assert state.parse_move(state.move_text(move)) == move
        if steps % (check_every * 9) == 0:
            check_views(state, rng)
            seat = state.to_move()
            sample = state.view(seat).sample(random.Random(steps))
            check_cards(sample)
            assert sample.view(seat).to_json() == state.view(seat).to_json()
            assert sample.legal_moves() == legal
        move = rng.choice(legal)
        state.apply(move)
        replay.play(replay.seat, replay.move_text(move))
        steps += 1
        assert steps < 5000
    assert replay.position() == state.position(), "same seed, same moves, same hand"
    check_cards(state)
    check_views(state, rng)
    return state


def check_score(state: BurracoHand) -> None:
    score = state.score()
    for side in range(2):
        breakdown = score.breakdown[side]
        assert sum(breakdown.values()) == score.points[side]
        melds = state.side_melds(side)
        assert breakdown["melded"] == sum(card_points(c) for m in melds for c in m.cards)
        hands = [state.hands[s] for s in state.rules.seats_of(side)]
        assert breakdown["in_hand"] == -sum(card_points(DECK[i]) for h in hands for i in h)
        kinds = Counter(m.burraco for m in melds)
        assert breakdown["burraco_clean"] == 200 * kinds["clean"]
        assert breakdown["burraco_semi_clean"] == 150 * kinds["semi-clean"]
        assert breakdown["burraco_dirty"] == 100 * kinds["dirty"]
        assert breakdown["no_pozzetto"] == (-100 if state.pozzetti[side] is not None else 0)
        closer = score.details["closer"]
        closed = closer is not None and state.rules.side_of(closer) == side
        assert breakdown["closing"] == (100 if closed else 0)
        if closed:
            assert not any(state.hands[closer]) and any(m.burraco for m in melds)


@FAST
@given(seed=SEEDS)
def test_random_hands_1v1_keep_every_invariant(seed: int) -> None:
    check_score(play_random(seed, 2))


@FAST
@given(seed=SEEDS)
def test_random_hands_2v2_keep_every_invariant(seed: int) -> None:
    check_score(play_random(seed, 4))


def test_hundreds_of_random_hands_end_and_score() -> None:
    playouts_end_and_score(200, 80)


@pytest.mark.slow
def test_thousands_of_random_hands_end_and_score() -> None:
    playouts_end_and_score(1000, 400)


def playouts_end_and_score(duels: int, fours: int) -> None:
    """Random playouts end: a draw is always offered, so the stock runs down."""
    ends: Counter[str] = Counter()
    for players, hands in ((2, duels), (4, fours)):
        rules = BurracoRules(players=players)
        rng = random.Random(players)
        for number in range(hands):
            state = rules.new_hand(rng.getrandbits(63), number % players)
            for _ in range(5000):
                if state.is_over():
                    break
                state.apply(rng.choice(state.legal_moves()))
            assert state.is_over(), "a random hand ends within 5000 moves"
            score = state.score()
            assert all(
                sum(b.values()) == p for b, p in zip(score.breakdown, score.points, strict=True)
            )
            ends[score.details["ended"]] += 1
    assert ends["stock"] and ends["closed"], "both endings happen"
