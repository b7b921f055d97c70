"""Why Bisca keeps two playout paths: the expert's 1 x 1 playouts through ``Duel``
(``circolo/bots/bisca_duel.py``) against the engine's own fast path (``apply``,
``legal_moves``, ``clone``) playing greedy from the same rating tables.

Two figures, each the median of 3 interleaved runs on one core:
- playouts per second over positions after every root card of random 1 x 1 hands (the
  values are checked equal first), and the engine with the general greedy for reference;
- worlds per decision of the 1 x 1 expert in its default budget (85 ms of CPU) over
  decisions while the stock lasts (each world is a playout per legal card).

Times are CPU times (``time.process_time``), so a busy machine changes them less.

    python benchmarks/bisca_duel.py [--positions 3000] [--decisions 40]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from circolo.bots import bisca, make_bot
from circolo.bots.bisca_duel import Duel, Ratings
from circolo.bots.budget import Budget
from circolo.bots.search import WorldValues
from circolo.engine import View
from circolo.games import make_rules
from circolo.games.bisca.deck import ACE_STRENGTH, POINTS, SEVEN
from circolo.games.bisca.state import PLAY, BiscaHand


def table_greedy(state: BiscaHand, r: Ratings) -> int:
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    seat = state._turn
    hand = state._hands[seat]
    seven, ace = r.trump * 10 + SEVEN, r.trump * 10 + ACE_STRENGTH
    final = state.final_trick
    best, card = -math.inf, -1
    if not state._trick:
        for c in moves:
            v = r.lead[c]
            if c == seven and not final and ace not in hand:
                v -= r.seven_lead
            if v > best:
                best, card = v, c
        return card
    first = state._trick[0]
    relo_ok = first == seven and not final
    suit, taken = first // 10, POINTS[first]
    for c in moves:
        at_stake = taken + POINTS[c]
        won = c > first if c // 10 == suit else c // 10 == r.trump
        v = (at_stake if won else -at_stake) - r.keep[c]
        if relo_ok and c == ace:
            v += r.relo
        if v > best:
            best, card = v, c
    return card


def best_line(state: BiscaHand, side: int, r: Ratings) -> float:
    while state._turn is not None:
        seat = state._turn
        if (seat & 1) != side:
            state.apply(table_greedy(state, r))
            continue
        moves = state.legal_moves()
        best = -math.inf
        for move in moves[1:]:
            child = state.clone()
            child.apply(move)
            best = max(best, best_line(child, side, r))
        state.apply(moves[0])
        return max(best, best_line(state, side, r))
    return bisca.final_value(state, side)


def engine_tables(state: BiscaHand, side: int, fork_now: bool, r: Ratings) -> float:
    while not fork_now and state._turn is not None and state._stock:
        state.apply(table_greedy(state, r))
    return best_line(state, side, r)


def engine_general(state: BiscaHand, side: int, fork_now: bool, r: Ratings) -> float:
    state = state.clone()
    while not fork_now and state._turn is not None and state._stock:
        state.apply(bisca.greedy_card(state))
    return bisca.best_line(state, side)


def duel(state: BiscaHand, side: int, fork_now: bool, r: Ratings) -> float:
    return Duel(r, side).value(state, fork_now)


def cases(n: int, seed: int = 0) -> list[tuple[BiscaHand, int, bool, Ratings]]:
    """Positions as the expert values them: after each root card of random 1 x 1 hands;
    fork_now near the end (bisca.EXACT_CARDS), as world_values does."""
    rng = random.Random(seed)
    rules = make_rules("bisca", {"players": 2})
    out = []
    while len(out) < n:
        hand = rules.new_hand(rng.getrandbits(63), rng.randrange(2))
        while not hand.is_over():
            if hand.phase == PLAY:
                r = bisca.ratings(hand._trump)
                for move in hand.legal_moves():
                    child = hand.clone()
                    child.apply(move)
                    out.append(
                        (child, hand._turn & 1, bisca.cards_left(hand) <= bisca.EXACT_CARDS[2], r)
                    )
            hand.apply(rng.choice(hand.legal_moves()))
    return out[:n]


Case = tuple[BiscaHand, int, bool, Ratings]


def rate(fn: Callable[[BiscaHand, int, bool, Ratings], float], cs: list[Case]) -> float:
    states = [state.clone() for state, _, _, _ in cs]
    start = time.process_time()
    for state, (_, side, fork, r) in zip(states, cs, strict=True):
        fn(state, side, fork, r)
    return len(cs) / (time.process_time() - start)


def engine_world_values(world, moves, side):
    near_end = bisca.cards_left(world) <= bisca.EXACT_CARDS[world.players]
    r = bisca.ratings(world._trump)
    values = []
    for move in moves:
        state = world.clone()
        state.apply(move)
        values.append(engine_tables(state, side, near_end, r))
    return values


def views(n: int, seed: int = 1):
    rng = random.Random(seed)
    rules = make_rules("bisca", {"players": 2})
    greedy = make_bot("bisca", "greedy", 0)
    out = []
    while len(out) < n:
        hand = rules.new_hand(rng.getrandbits(63), rng.randrange(2))
        while not hand.is_over():
            view = hand.view(hand.to_move())
            if hand.phase == PLAY and len(hand.legal_moves()) > 1 and hand.stock_codes():
                out.append(view)
            hand.apply(greedy.choose(view))
    return out[:n]


def worlds_per_budget(world_values: WorldValues, vs: list[View[Any]], worlds: int = 60) -> float:
    """Worlds the expert searches in its default budget, from the CPU time (not the wall
    clock, which a loaded machine stretches) of ``worlds`` worlds per decision."""
    bot = bisca.BiscaExpert("expert", world_values, Budget(iterations=worlds), 7)
    start = time.process_time()
    for v in vs:
        bot.choose(v)
    per_world = (time.process_time() - start) / (worlds * len(vs))
    ms = bisca.DEFAULT_BUDGET.ms
    assert ms is not None
    return ms / 1000 / per_world


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--decisions", type=int, default=40)
    args = parser.parse_args()
    cs = cases(args.positions)
    for state, side, fork, r in cs[:500]:
        assert duel(state.clone(), side, fork, r) == engine_tables(state.clone(), side, fork, r)
    paths = {"duel": duel, "engine+tables": engine_tables, "engine+general greedy": engine_general}
    rates: dict[str, list[float]] = {name: [] for name in paths}
    for _ in range(3):
        for name, fn in paths.items():
            rates[name].append(rate(fn, cs))
    for name, runs in rates.items():
        print(
            f"{name:22} {statistics.median(runs):8.0f} playouts/s",
            f"(runs {[round(x) for x in runs]})",
        )
    vs = views(args.decisions)
    bots = {"duel": bisca.world_values, "engine+tables": engine_world_values}
    worlds: dict[str, list[float]] = {name: [] for name in bots}
    for _ in range(3):
        for name, values in bots.items():
            worlds[name].append(worlds_per_budget(values, vs))
    for name, runs in worlds.items():
        print(
            f"{name:22} {statistics.median(runs):8.1f} worlds per decision in 85 ms",
            f"(runs {[round(x, 1) for x in runs]})",
        )


if __name__ == "__main__":
    main()
