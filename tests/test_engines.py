"""One generic random-simulation test runs every game through the engine API (as OpenSpiel
does): whatever the game, the contract of docs/engine.md holds at every step."""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from circolo.engine import EngineError, HandState, IllegalMoveError, NotationError, OptionError
from circolo.games import GAMES, make_rules


def landed(game: str) -> bool:
    module = GAMES[game].split(":")[0]
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name == module:
            return False
        raise
    return True


MODES = [
    pytest.param(game, players, id=f"{game}-{players}p") for game in GAMES for players in (2, 4)
]


def skip_if_pending(game: str) -> None:
    if not landed(game):
        pytest.skip(f"the {game} engine has not landed yet")


def random_hand(game: str, players: int, seed: int) -> tuple[HandState[Any], random.Random]:
    rules = make_rules(game, {"players": players})
    rng = random.Random(seed)
    return rules.new_hand(seed, seed % players), rng


@pytest.mark.parametrize(("game", "players"), MODES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1))
def test_contract_holds_at_every_step(game: str, players: int, seed: int) -> None:
    skip_if_pending(game)
    hand, rng = random_hand(game, players, seed)
    rules = hand.rules
    replay = rules.new_hand(seed, seed % players)
    steps = 0
    while not hand.is_over():
        seat = hand.to_move()
        assert seat is not None and 0 <= seat < players
        legal = hand.legal_moves()
        assert legal, "a hand that is not over always has a legal move"
        assert len(set(legal)) == len(legal), "no move is listed twice"
        position = hand.position()
        assert rules.hand_from_position(position).position() == position
        view = hand.view(seat)
        assert view.legal_moves() == legal
        data = view.to_json()
        assert json.loads(json.dumps(data)) == data
        assert rules.view_from_json(data).to_json() == data
        if steps % 7 == 0:
            sampled = view.sample(random.Random(steps))
            assert sampled.view(seat).to_json() == data, "a sample is consistent with the view"
            assert sampled.legal_moves() == legal
        for move in legal:
            assert hand.parse_move(hand.move_text(move)) == move
        with pytest.raises(NotationError):
            hand.play("no such move ~")
        assert hand.position() == position, "a refused move leaves the state unchanged"
        move = rng.choice(legal)
        clone = hand.clone()
        hand.play(hand.move_text(move))
        replay.apply(move)
        assert clone.position() == position, "a clone is independent"
        steps += 1
        assert steps < 5000, "random hands end"
    assert hand.to_move() is None and hand.legal_moves() == []
    assert replay.position() == hand.position(), "same seed, same moves, same hand"
    score = hand.score()
    assert len(score.points) == rules.sides == len(score.breakdown)
    with pytest.raises(IllegalMoveError):
        hand.play(hand.move_text(move))
    spectator = hand.view(None).to_json()
    assert json.loads(json.dumps(spectator)) == spectator


@pytest.mark.parametrize("game", list(GAMES))
def test_bad_options_are_clear_errors(game: str) -> None:
    skip_if_pending(game)
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        make_rules(game, {"colour": "red"})
    with pytest.raises(OptionError, match="players"):
        make_rules(game, {"players": 3})
    with pytest.raises(EngineError):
        make_rules("chess")
