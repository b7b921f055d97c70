"""Perft for Bisca: the number of move sequences of each length from fixed starts.

Golden counts in ``tests/golden/bisca_perft.json``, from two kinds of start: fresh hands
(seed, dealer: the trump choice, the exchange window, the first tricks) and positions
where the stock has just run out and the trump A or 7 is still in a hand (counted to
the end of the hand, where the A/7 rules bite). Small depths, and every endgame in
full, are counted again with the reference legal moves written from the rules text.

Regenerate after a deliberate rule change: ``python -m tests.test_bisca_perft``.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from circolo.games.bisca import BiscaHand, BiscaRules
from tests.support import perft
from tests.test_bisca_reference import reference_legal

GOLDEN = Path(__file__).parent / "golden" / "bisca_perft.json"
HAND_STARTS = [(2, 1, 0, 9), (2, 2026, 1, 9), (4, 3, 0, 10), (4, 2026, 2, 10)]
REFERENCE_DEPTH = 5


def reference_perft(state: BiscaHand, depth: int) -> int:
    """The same count with the moves of ``reference_legal`` (the mover's view JSON)."""
    if depth == 0 or state.is_over():
        return 1
    total = 0
    for text in sorted(reference_legal(state.view(state.to_move()).to_json())):
        child = state.clone()
        child.play(child.to_move(), text)
        total += reference_perft(child, depth - 1)
    return total


def endgame_positions(players: int, wanted: int) -> list[str]:
    """Positions where the stock has just emptied and the trump A or 7 is in a hand."""
    found: list[str] = []
    rules = BiscaRules(players=players)
    for seed in range(1000):
        state = rules.new_hand(seed, seed % players)
        rng = random.Random(seed)
        while state.view(None).phase != "play" or state.view(None).stock_size:
            state.apply(rng.choice(state.legal_moves()))
        trump = state.trump
        held = {str(c) for seat in range(players) for c in state.hand(seat)}
        if trump is not None and {"A" + trump.letter, "7" + trump.letter} <= held:
            found.append(state.position())
        if len(found) == wanted:
            return found
    raise AssertionError("no such endgame")


def compute() -> dict[str, Any]:
    hands = []
    for players, seed, dealer, depth in HAND_STARTS:
        state = BiscaRules(players=players).new_hand(seed, dealer)
        counts = [perft(state, d) for d in range(1, depth + 1)]
        hands.append({"players": players, "seed": seed, "dealer": dealer, "perft": counts})
    endgames = []
    for players in (2, 4):
        for text in endgame_positions(players, 3):
            state = BiscaRules(players=players).hand_from_position(text)
            plies = sum(state.view(None).hand_sizes)
            counts = [perft(state, d) for d in range(1, plies + 1)]
            endgames.append({"players": players, "position": text, "perft": counts})
    return {
        "about": "Bisca perft: move sequences of each length; see tests/test_bisca_perft.py",
        "hands": hands,
        "endgames": endgames,
    }


def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("index", range(len(HAND_STARTS)))
def test_perft_from_fresh_hands_matches_the_golden_counts(index: int) -> None:
    entry = golden()["hands"][index]
    state = BiscaRules(players=entry["players"]).new_hand(entry["seed"], entry["dealer"])
    counts = entry["perft"]
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts
    depth = min(REFERENCE_DEPTH, len(counts))
    assert reference_perft(state, depth) == counts[depth - 1]


@pytest.mark.parametrize("index", range(6))
def test_perft_from_endgames_matches_the_golden_counts_and_the_reference(index: int) -> None:
    entry = golden()["endgames"][index]
    state = BiscaRules(players=entry["players"]).hand_from_position(entry["position"])
    counts = entry["perft"]
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts
    assert reference_perft(state, len(counts)) == counts[-1]
    assert state.view(None).stock_size == 0


if __name__ == "__main__":
    text = json.dumps(compute(), indent=1)
    text = re.sub(
        r"\[\s+([\d,\s]+?)\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text
    )
    GOLDEN.write_text(text + "\n", encoding="utf-8")
    print(f"written {GOLDEN}")
