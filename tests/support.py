"""Helpers shared by the games' tests."""

from __future__ import annotations

from typing import Any

from circolo.engine import HandState


def perft(hand: HandState[Any], depth: int) -> int:
    """The number of distinct move sequences of ``depth`` moves (fewer if the hand ends),
    as python-chess counts them: golden values catch any change in move generation."""
    if depth == 0 or hand.is_over():
        return 1
    moves = hand.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = hand.clone()
        child.apply(move)
        total += perft(child, depth - 1)
    return total
