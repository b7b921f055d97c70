"""Cards, decks and the card notation."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from circolo.cards import (
    JOKER,
    Card,
    CardNotationError,
    Chance,
    Suit,
    burraco_deck,
    commitment,
    deck40,
    format_cards,
    parse_cards,
    shuffled,
)

ALL_CARDS = sorted(set(burraco_deck()), key=lambda c: c.key)


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=20))
def test_card_lists_round_trip(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == cards


def test_cards_are_interned_small_values() -> None:
    assert Card.parse("7d") is Card.parse("7D") is Card.of(7, Suit.DIAMONDS)
    assert Card.parse("JK") is JOKER and JOKER.is_joker


@pytest.mark.parametrize("token", ["", "1H", "7X", "10H", "JKR", "7", "HH", "2C=4H"])
def test_bad_text_names_the_bad_token(token: str) -> None:
    with pytest.raises(CardNotationError) as error:
        parse_cards(f"AH {token} KS") if token else Card.parse(token)
    assert repr(token) in str(error.value) or token == ""
    assert error.value.code == "bad_card"


def test_decks() -> None:
    forty = deck40()
    assert len(forty) == len(set(forty)) == 40
    assert {c.rank for c in forty} == {1, 2, 3, 4, 5, 6, 7, 11, 12, 13}
    burraco = burraco_deck()
    assert len(burraco) == 108
    assert burraco.count(JOKER) == 4
    assert burraco.count(Card.parse("7H")) == 2
    assert len(set(burraco)) == 53


def spec_shuffle(seed: int, n: int, stream: str) -> list[int]:
    """docs/notation.md's shuffle, written again from the spec alone."""
    prefix, k, order = seed.to_bytes(32, "big") + stream.encode(), 0, list(range(n))
    for i in range(n - 1, 0, -1):
        while True:
            block = hashlib.sha256(prefix + k.to_bytes(8, "big")).digest()
            word, k = int.from_bytes(block[:8], "big"), k + 1
            if word < 2**64 - 2**64 % (i + 1):
                break
        j = word % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


@given(
    seed=st.integers(0, 2**256 - 1),
    n=st.sampled_from([1, 2, 5, 40, 108]),
    stream=st.sampled_from(["deck", "deck 1", "slot", "first seat", "è"]),
)
def test_the_shuffle_is_the_documented_one(seed: int, n: int, stream: str) -> None:
    assert shuffled(seed, n, stream) == spec_shuffle(seed, n, stream)


def test_the_shuffle_is_pinned_and_the_commitment_is_sha256_of_the_seed_bytes() -> None:
    """Pinned values: a change to the generator would change every past deal."""
    assert shuffled(0, 10) == [0, 2, 7, 1, 3, 5, 9, 4, 6, 8]
    assert shuffled(2**256 - 1, 5, "slot") == shuffled(2**256 - 1, 5, "slot")
    assert commitment(1) == hashlib.sha256(b"\0" * 31 + b"\1").hexdigest()
    assert Chance(5, "x").below(1) == 0


def test_chance_draws_are_uniform_enough() -> None:
    """Each of 40 positions gets each card about equally often over many seeds."""
    counts = [0] * 40
    for seed in range(4000):
        counts[shuffled(seed, 40).index(0)] += 1
    assert min(counts) > 50 and max(counts) < 160


@pytest.mark.parametrize("seed", [-1, 2**256, True, 1.0, "1"])
def test_a_bad_seed_is_refused(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        commitment(seed)  # type: ignore[arg-type]


def test_the_fast_shuffle_draws_what_below_draws() -> None:
    """``shuffled`` is ``below`` written out: the same answer and the stream left at the
    same word."""
    for seed in range(50):
        fast, slow = Chance(seed, "deck"), Chance(seed, "deck")
        order = list(range(40))
        for i in range(39, 0, -1):
            j = slow.below(i + 1)
            order[i], order[j] = order[j], order[i]
        assert fast.shuffled(40) == order
        assert fast.word() == slow.word()
