"""Burraco move generation kept up to date: a hand's ``HandOptions``, told only which cards
came and went, always answers like a fresh one that reads the whole hand and table.

The hand engine's own walks only ever grow a side's melds; here the table also changes in
ways no hand makes (a meld replaced by another of a different suit or rank, melds taken
away), so that the refresh never relies on more than it checks.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from circolo.cards import burraco_deck
from circolo.games.burraco.codes import code_of, counts_of
from circolo.games.burraco.melds import Meld, candidate_extensions, candidate_new_melds
from circolo.games.burraco.options import HandOptions

DECK = burraco_deck()


def some_meld(rng: random.Random) -> Meld:
    while True:
        melds = candidate_new_melds(rng.sample(DECK, 14))
        if melds:
            return rng.choice(melds)


def next_table(table: list[Meld], rng: random.Random) -> list[Meld]:
    """The table after one change: a meld grows, a new one comes, or (what no hand does)
    one is replaced by another or the last goes away."""
    table = list(table)
    change = rng.random()
    if change < 0.4 and table:
        index = rng.randrange(len(table))
        grown = candidate_extensions(table[index], rng.sample(DECK, 8))
        if grown:
            table[index] = rng.choice(grown)
    elif change < 0.7 or not table:
        table.append(some_meld(rng))
    elif change < 0.85:
        table[rng.randrange(len(table))] = some_meld(rng)
    else:
        table.pop()
    return table


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**63 - 1))
def test_refreshed_options_equal_fresh_ones(seed: int) -> None:
    rng = random.Random(seed)
    hand = rng.sample(DECK, rng.randint(3, 20))
    table: list[Meld] = []
    options = HandOptions()
    for _ in range(60):
        if rng.random() < 0.6:  # the hand changes: cards come and go
            for _ in range(rng.randint(1, 3)):
                if hand and rng.random() < 0.5:
                    options.changed(code_of(hand.pop(rng.randrange(len(hand)))))
                else:
                    hand.append(rng.choice(DECK))
                    options.changed(code_of(hand[-1]))
        if rng.random() < 0.4:
            table = next_table(table, rng)
        counts = counts_of(hand)
        assert options.options(counts, table) == HandOptions().options(counts, table)
