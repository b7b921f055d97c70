"""Alpha-beta over a full state, for two sides: the exact endgame solver and the
search inside each sampled world.

Seats may move in any order (Bisca's trick winner leads): each node maximizes or
minimizes by the side of the seat to move, so 1 v 1 and 2 v 2 are the same code.
``leaf(state, depth)`` says where to stop: it returns the value for ``side`` (the
final score at the end of the hand, an evaluation at a horizon) or None to go on.
An optional opponent ``model`` replaces the minimum over the other side's moves by the
move the model predicts (players who cannot see our cards do not play as if they did).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from circolo.engine import HandState, Side

Leaf = Callable[[HandState[Any], int], float | None]
Order = Callable[[HandState[Any], list[Any]], list[Any]]
Model = Callable[[HandState[Any]], Any]

INFINITY = float("inf")


class AlphaBeta:
    """Minimax with alpha-beta pruning for ``side`` over ``clone``/``apply``."""

    def __init__(
        self, side: Side, leaf: Leaf, order: Order | None = None, model: Model | None = None
    ) -> None:
        self.side = side
        self.leaf = leaf
        self.order = order
        self.model = model
        self.nodes = 0

    def value(
        self,
        state: HandState[Any],
        depth: int = 0,
        alpha: float = -INFINITY,
        beta: float = INFINITY,
    ) -> float:
        """The minimax value of ``state`` for ``self.side`` (exact inside the window)."""
        self.nodes += 1
        stop = self.leaf(state, depth)
        if stop is not None:
            return stop
        seat = state.to_move()
        assert seat is not None
        maximizing = state.rules.side_of(seat) == self.side
        if not maximizing and self.model is not None:
            moves = [self.model(state)]
        else:
            moves = state.legal_moves()
        if self.order is not None and len(moves) > 1:
            moves = self.order(state, moves)
        best = -INFINITY if maximizing else INFINITY
        for move in moves:
            child = state.clone()
            child.apply(move)
            score = self.value(child, depth + 1, alpha, beta)
            if maximizing:
                if score > best:
                    best = score
                    alpha = max(alpha, score)
            elif score < best:
                best = score
                beta = min(beta, score)
            if alpha >= beta:
                break
        return best

    def move_values(self, state: HandState[Any], moves: Sequence[Any]) -> list[float]:
        """The exact value of each root move (a full window for each: PIMC averages them)."""
        values = []
        for move in moves:
            child = state.clone()
            child.apply(move)
            values.append(self.value(child, 1))
        return values

    def best_move(self, state: HandState[Any], moves: Sequence[Any]) -> tuple[Any, float]:
        """The best root move for ``side`` (which must be to move) and its exact value;
        the bounds of the best move so far prune the others."""
        best_move, best = moves[0], -INFINITY
        for move in moves:
            child = state.clone()
            child.apply(move)
            score = self.value(child, 1, best, INFINITY)
            if score > best:
                best_move, best = move, score
        return best_move, best
