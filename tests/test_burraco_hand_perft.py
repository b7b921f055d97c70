"""Perft for Burraco: the number of move sequences of each length from seeded deals.

Golden counts in ``tests/golden/burraco_perft.json``, from fresh hands (players, seed,
first player) and from mid-hand positions reached by seeded random play (where melds are
on the table and pozzetti may be taken). Each step of a turn is a move (draw or take,
melds, extensions, the discard). The small depths are counted again with the legal moves
rebuilt from the rules text (``expected_moves`` of the property tests).

Regenerate after a deliberate rule change: ``python -m tests.test_burraco_hand_perft``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from circolo.games.burraco import BurracoRules
from circolo.games.burraco.hand import BurracoHand
from tests.support import perft
from tests.test_burraco_hand_properties import expected_moves

GOLDEN = Path(__file__).parent / "golden" / "burraco_perft.json"
DEAL_STARTS = [(2, 1, 0), (2, 2026, 1), (4, 3, 0), (4, 2026, 2)]
MID_STARTS = [(2, 7, 60), (2, 11, 120), (4, 5, 90)]  # players, seed, random moves played
DEPTH = 5
REFERENCE_DEPTH = 3


def reference_perft(state: BurracoHand, depth: int) -> int:
    if depth == 0 or state.is_over():
        return 1
    total = 0
    for move in expected_moves(state):
        child = state.rules.hand_from_position(state.position())
        child.play(child.seat, move)
        total += reference_perft(child, depth - 1)
    return total


def start(kind: str, players: int, seed: int, extra: int) -> BurracoHand:
    rules = BurracoRules(players=players)
    if kind == "deal":
        return rules.new_hand(seed, extra)
    state = rules.new_hand(seed, seed % players)
    rng = random.Random(seed)
    for _ in range(extra):
        state.apply(rng.choice(state.legal_moves()))
    assert not state.is_over()
    return state


def starts() -> list[tuple[str, int, int, int]]:
    return [("deal", *s) for s in DEAL_STARTS] + [("mid", *s) for s in MID_STARTS]


def name(kind: str, players: int, seed: int, extra: int) -> str:
    return f"{kind} players={players} seed={seed} " + (
        f"first={extra}" if kind == "deal" else f"after={extra}"
    )


def compute() -> dict[str, Any]:
    return {
        name(*s): {
            "position": start(*s).position(),
            "counts": [perft(start(*s), d) for d in range(1, DEPTH + 1)],
        }
        for s in starts()
    }


@pytest.mark.parametrize("where", starts(), ids=lambda s: name(*s))
def test_perft_matches_the_golden_counts(where: tuple[str, int, int, int]) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))[name(*where)]
    state = start(*where)
    assert state.position() == golden["position"], "the same seed deals the same hand"
    assert [perft(state, d) for d in range(1, DEPTH + 1)] == golden["counts"]


@pytest.mark.parametrize("where", starts(), ids=lambda s: name(*s))
def test_perft_agrees_with_moves_rebuilt_from_the_rules(where: tuple[str, int, int, int]) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))[name(*where)]
    state = start(*where)
    counts = [reference_perft(state, d) for d in range(1, REFERENCE_DEPTH + 1)]
    assert counts == golden["counts"][:REFERENCE_DEPTH]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(compute(), indent=1) + "\n", encoding="utf-8")
    print(f"written {GOLDEN}")
