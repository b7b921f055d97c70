"""The exact endgame solver, the search inside worlds, and the arena."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from circolo.bots import bisca, make_bot, scopa
from circolo.bots.arena import ArenaConfig, format_report, run_arena
from circolo.bots.endgame import AlphaBeta
from circolo.engine import HandState
from circolo.games import make_rules
from circolo.games.bisca.state import PLAY, BiscaHand


def minimax(state: HandState[Any], side: int, final: Any) -> float:
    """Plain minimax without pruning: the reference the solver must agree with."""
    if state.is_over():
        return float(final(state, side))
    values = []
    for move in state.legal_moves():
        child = state.clone()
        child.apply(move)
        values.append(minimax(child, side, final))
    seat = state.to_move()
    assert seat is not None
    return max(values) if state.rules.side_of(seat) == side else min(values)


def endgames(game: str, count: int, left: int) -> list[HandState[Any]]:
    """1 v 1 positions with at most ``left`` cards to play, the stock empty."""
    rules = make_rules(game)
    rng = random.Random(2)
    found: list[HandState[Any]] = []
    while len(found) < count:
        hand = rules.new_hand(rng.getrandbits(32), rng.randrange(2))
        while not hand.is_over():
            view: Any = hand.view(hand.to_move())
            cards = sum(view.hand_sizes)
            stock = view.stock if game == "scopa" else view.stock_size
            if stock == 0 and cards <= left and len(hand.legal_moves()) > 1:
                found.append(hand.clone())
                break
            hand.apply(rng.choice(hand.legal_moves()))
    return found


@pytest.mark.parametrize(
    ("game", "module", "final"),
    [
        ("scopa", scopa, lambda s, side: scopa.final_value(s.piles, s.scope, side)),
        ("bisca", bisca, bisca.final_value),
    ],
)
def test_the_exact_solver_agrees_with_plain_minimax(game: str, module: Any, final: Any) -> None:
    """With every card known (1 v 1, stock empty) the solver's best move is a minimax one:
    the expert plays the rest of the hand perfectly. (Scopa's solver gives the minimax
    value; Bisca's breaks ties between equally good cards: see below.)"""
    for hand in endgames(game, 12, 6):
        seat = hand.to_move()
        assert seat is not None
        side = hand.rules.side_of(seat)
        moves = hand.legal_moves()
        exact = []
        for move in moves:
            child = hand.clone()
            child.apply(move)
            exact.append(minimax(child, side, final))
        values = module.solve(hand, moves, side)
        best = max(range(len(moves)), key=values.__getitem__)
        assert exact[best] == max(exact)
        if game == "scopa":
            assert values[best] == max(exact)

        def leaf(state: HandState[Any], depth: int, side: int = side) -> float | None:
            return float(final(state, side)) if state.is_over() else None

        assert AlphaBeta(side, leaf).move_values(hand, moves) == exact


def test_bisca_solver_breaks_ties_against_a_greedy_opponent() -> None:
    """Among the cards minimax rates equally, Bisca's solver takes the one that gains most
    if the opponent then plays greedy's card, and rates it by that."""
    for hand in endgames("bisca", 12, 6):
        seat = hand.to_move()
        assert seat is not None
        side = hand.rules.side_of(seat)
        moves = hand.legal_moves()
        exact = bisca._alpha_beta(side).move_values(hand, moves)
        lines = []
        for move in moves:
            child = hand.clone()
            child.apply(move)
            lines.append(lines_against_greedy(child, side))
        values = bisca.solve(hand, moves, side)
        for value, minimax_value, line in zip(values, exact, lines, strict=True):
            assert value == (line if minimax_value == max(exact) else -math.inf)


def test_the_expert_is_exact_once_every_card_is_known() -> None:
    """Scopa 1 v 1 after the last deal: the view alone fixes the opponent's three cards."""
    for hand in endgames("scopa", 5, 6):
        seat = hand.to_move()
        assert seat is not None
        view = hand.view(seat)
        assert scopa.is_exact(view)
        bot = make_bot("scopa", "expert", 1, iterations=50)
        move = bot.choose(view)
        side = hand.rules.side_of(seat)
        values = scopa.solve(hand, hand.legal_moves(), side)
        assert values[hand.legal_moves().index(move)] == max(values)


@pytest.mark.parametrize("players", [2, 4])
def test_the_arena_plays_paired_deals_and_reports(players: int) -> None:
    config = ArenaConfig("scopa", "greedy", "random", deals=3, seed=4, players=players)
    report = run_arena(config)
    assert report["games"] == 6
    assert report["won"] + report["drawn"] + report["lost"] == 6
    assert set(report["margin_per_game"]) == {"points"}
    assert report["ms_per_move_a"]["decisions"] > 0
    assert "greedy (A) vs random (B)" in format_report(report)
    again = run_arena(config)  # deals come from the seed; only the timings differ
    assert {k: v for k, v in again.items() if not k.startswith("ms_")} == {
        k: v for k, v in report.items() if not k.startswith("ms_")
    }


def test_paired_deals_cancel_the_cards() -> None:
    """The same bot on both sides of paired deals: each deal's margins cancel exactly."""
    config = ArenaConfig("bisca", "greedy", "greedy", deals=4, seed=1)
    report = run_arena(config)
    assert report["margin_per_game"]["card_points"]["mean"] == 0
    assert report["won"] == report["lost"]


def bisca_positions(players: int, count: int, left: int) -> list[BiscaHand]:
    """Bisca positions in play with at most ``left`` cards in the hands and the stock."""
    rules = make_rules("bisca", {"players": players})
    rng = random.Random(5)
    found: list[BiscaHand] = []
    while len(found) < count:
        hand = rules.new_hand(rng.getrandbits(32), rng.randrange(players))
        while not hand.is_over():
            assert isinstance(hand, BiscaHand)
            cards = len(hand.stock_codes()) + sum(len(h) for h in hand.hand_codes())
            if hand.phase == PLAY and cards <= left and len(hand.legal_moves()) > 1:
                found.append(hand.clone())
                break
            hand.apply(rng.choice(hand.legal_moves()))
    return found


def lines_against_greedy(state: BiscaHand, side: int) -> float:
    """Every line of ours against greedy opponents, without the search's shortcuts."""
    if state.is_over():
        return bisca.final_value(state, side)
    seat = state.to_move()
    assert seat is not None
    moves = state.legal_moves()
    if state.rules.side_of(seat) != side:
        moves = [bisca.greedy_card(state)]
    values = []
    for move in moves:
        child = state.clone()
        child.apply(move)
        values.append(lines_against_greedy(child, side))
    return max(values)


@pytest.mark.parametrize("players", [2, 4])
def test_bisca_best_line_against_greedy_opponents(players: int) -> None:
    """Near the end each world is valued by our best cards against the opponents' greedy
    ones: every line is tried, and it is worth at least playing greedy ourselves and, in
    1 × 1, at least the minimax value (the opponents' greedy cards are one of their choices)."""
    for hand in bisca_positions(players, 6, bisca.EXACT_CARDS[players]):
        seat = hand.to_move()
        assert seat is not None
        side = hand.rules.side_of(seat)
        moves = hand.legal_moves()
        values = bisca.world_values(hand, moves, side)
        for move, value in zip(moves, values, strict=True):
            child = hand.clone()
            child.apply(move)
            assert value == lines_against_greedy(child.clone(), side)
            playout = child.clone()
            while not playout.is_over():
                playout.apply(bisca.greedy_card(playout))
            assert value >= bisca.final_value(playout, side)
            if players == 2:
                assert value >= bisca._alpha_beta(side).value(child)


@pytest.mark.parametrize("players", [2, 4])
def test_bisca_playouts_end_with_our_best_line(players: int) -> None:
    """Far from the end a card's value is a playout: in 1 × 1 greedy for both seats until
    the stock is empty, then our best line against the greedy opponent (the expert searches
    the last tricks); in 2 × 2 greedy to the end."""
    for hand in bisca_positions(players, 6, 30):
        seat = hand.to_move()
        assert seat is not None
        side = hand.rules.side_of(seat)
        moves = hand.legal_moves()
        for move, value in zip(moves, bisca.world_values(hand, moves, side), strict=True):
            greedy = hand.clone()
            greedy.apply(move)
            while not greedy.is_over() and (players == 4 or greedy.stock_codes()):
                greedy.apply(bisca.greedy_card(greedy))
            assert value == lines_against_greedy(greedy, side)
