"""Bots play only legal moves, see only their seat's view, and are deterministic with a seed.

Every game and mode (1 v 1, 2 v 2) and every level; experts run on small iteration
budgets here so that the whole file stays fast.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from circolo.bots import LEVELS, Bot, make_bot
from circolo.bots.budget import Budget
from circolo.engine import HandState, OptionError, Rules
from circolo.games import make_rules

MODES = [(game, players) for game in ("scopa", "bisca", "burraco") for players in (2, 4)]
EXPERT_ITERATIONS = 2


def bots_for(game: str, rules: Rules, seed: int) -> dict[int, Bot]:
    """A mixed table: every level plays, the expert on a tiny budget."""
    levels = ["expert", "greedy", "random", "expert"]
    return {
        seat: make_bot(game, levels[seat % 4], seed + seat, iterations=EXPERT_ITERATIONS)
        for seat in range(rules.players)
    }


def random_position(
    rules: Rules, seed: int, random_moves: int, max_moves: int = 10_000
) -> HandState[Any]:
    """A hand after some uniformly random moves (odd positions, not only good play)."""
    rng = random.Random(seed)
    hand = rules.new_hand(seed, rng.randrange(rules.players))
    for _ in range(min(random_moves, max_moves)):
        if hand.is_over():
            break
        hand.apply(rng.choice(hand.legal_moves()))
    return hand


def play_with_bots(game: str, rules: Rules, hand: HandState[Any], seed: int, limit: int) -> int:
    """Let the bots play on the checked path (an illegal move raises); returns the moves."""
    bots = bots_for(game, rules, seed)
    moves = 0
    while not hand.is_over() and moves < limit:
        seat = hand.to_move()
        assert seat is not None
        view = hand.view(seat)
        move = bots[seat].choose(view)
        assert move in hand.legal_moves(), f"{bots[seat].name} chose {move!r}"
        hand.play(seat, move)
        moves += 1
    return moves


# Scopa and Bisca: whole hands after a random start; Burraco: 80 moves of a hand. In all,
# about 6,000 positions (every level chooses, on the checked path).
SETTINGS = {"scopa": (60, 200), "bisca": (60, 200), "burraco": (10, 80)}


@pytest.mark.parametrize(("game", "players"), MODES)
def test_bots_play_only_legal_moves(game: str, players: int) -> None:
    """Thousands of positions in all: every level, from odd starts, on the checked path."""
    rules = make_rules(game, {"players": players})
    examples, limit = SETTINGS[game]

    @settings(max_examples=examples, deadline=None, derandomize=True)
    @given(seed=st.integers(0, 2**32), prefix=st.integers(0, 80))
    def check(seed: int, prefix: int) -> None:
        hand = random_position(rules, seed, prefix)
        play_with_bots(game, rules, hand, seed, limit)

    check()


def decision_positions(game: str, players: int, count: int, seed: int = 1) -> list[Any]:
    """Positions where the seat to move has a real choice (two legal moves or more)."""
    rules = make_rules(game, {"players": players})
    rng = random.Random(seed)
    found: list[HandState[Any]] = []
    while len(found) < count:
        hand = random_position(rules, rng.getrandbits(32), rng.randrange(120))
        if not hand.is_over() and len(hand.legal_moves()) > 1:
            found.append(hand)
    return found


@pytest.mark.parametrize(("game", "players"), MODES)
def test_a_view_holds_only_what_its_json_holds(game: str, players: int) -> None:
    """A bot is given a view object; rebuilt from its JSON (which names no hidden card:
    tests/test_engines.py) it is the same value, so a bot cannot reach hidden state
    through it."""
    rules = make_rules(game, {"players": players})
    for hand in decision_positions(game, players, 6, seed=3):
        view = hand.view(hand.to_move())
        assert rules.view_from_json(view.to_json()) == view


@pytest.mark.parametrize(("game", "players"), MODES)
@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_moves_the_same_from_a_view_and_from_its_json(
    game: str, players: int, level: str
) -> None:
    """The move depends on what the seat sees and nothing else: the same seeded bot gives
    the same move from the live view and from the view rebuilt from JSON in a fresh
    object, whatever full state it came from (a sampled one with other hidden cards)."""
    rules = make_rules(game, {"players": players})
    rng = random.Random(7)
    for number, hand in enumerate(decision_positions(game, players, 6, seed=3)):
        seat = hand.to_move()
        view = hand.view(seat)
        other = view.sample(rng).view(seat)
        move = make_bot(game, level, number, iterations=3).choose(view)
        rebuilt = rules.view_from_json(json.loads(json.dumps(other.to_json())))
        assert make_bot(game, level, number, iterations=3).choose(rebuilt) == move


@pytest.mark.parametrize(("game", "players"), MODES)
def test_a_seeded_expert_with_an_iteration_budget_is_deterministic(game: str, players: int) -> None:
    for number, hand in enumerate(decision_positions(game, players, 4, seed=5)):
        view = hand.view(hand.to_move())
        bot = make_bot(game, "expert", number, iterations=4)
        moves = {repr(bot.choose(view)) for _ in range(2)}
        moves.add(repr(make_bot(game, "expert", number, iterations=4).choose(view)))
        assert len(moves) == 1


@pytest.mark.parametrize("game", ["scopa", "bisca", "burraco"])
def test_a_time_budget_stops_at_the_deadline(game: str) -> None:
    import time

    bot = make_bot(game, "expert", 1, budget_ms=30)
    for hand in decision_positions(game, 2, 3, seed=11):
        start = time.perf_counter()
        bot.choose(hand.view(hand.to_move()))
        # the deadline, plus one world's search (small) and the machine's noise
        assert time.perf_counter() - start < 1.0


def test_levels_and_budgets_are_checked() -> None:
    assert LEVELS == ("random", "greedy", "expert")
    with pytest.raises(OptionError):
        make_bot("scopa", "grandmaster")
    with pytest.raises(OptionError):
        Budget()
    with pytest.raises(OptionError):
        make_bot("scopa", "expert", iterations=0)
    with pytest.raises(OptionError):
        make_bot("chess", "greedy")
