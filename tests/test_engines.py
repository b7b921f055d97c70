"""One generic suite runs every game and mode through the engine API, as OpenSpiel's one
random-simulation test does: whatever the game, the contract of docs/engine.md holds at
every step, hidden cards stay hidden, and the boundary refuses bad input with an
``EngineError`` and nothing else.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from circolo.engine import (
    BadSeatError,
    EngineError,
    HandOverError,
    HandState,
    IllegalMoveError,
    NotationError,
    NotYourTurnError,
    OptionError,
    OptionSpec,
    Played,
    Rules,
    View,
    ViewCore,
)
from circolo.games import GAMES, make_rules, rules_class
from tests.hidden import hidden_codes

MODES = [
    pytest.param(game, players, id=f"{game}-{players}p") for game in GAMES for players in (2, 4)
]
# a card code, but not the card a Burraco wild stands for ("2D=JH" names 2D only)
CARD_CODE = re.compile(r"(?<![=\w])(?:[A2-9TJQK][HDCS]|JK)\b")
FUZZ_EXAMPLES = int(os.environ.get("CIRCOLO_FUZZ_EXAMPLES", "40"))
FUZZ_BATCH = 100  # inputs per example: 40 examples x 100 inputs x 6 modes = 24,000 inputs


def random_hand(game: str, players: int, seed: int) -> tuple[HandState[Any], random.Random]:
    rules = make_rules(game, {"players": players})
    return rules.new_hand(seed, seed % players), random.Random(seed)


def hand_after(game: str, players: int, seed: int, moves: int) -> HandState[Any]:
    """A hand after ``moves`` random moves on the checked path (fewer if it ends)."""
    hand, rng = random_hand(game, players, seed)
    for _ in range(moves):
        if hand.is_over():
            break
        seat = hand.to_move()
        assert seat is not None
        hand.play(seat, hand.move_text(rng.choice(hand.legal_moves())))
    return hand


def codes(data: object) -> set[str]:
    """Every card code named anywhere in a JSON-ready value (or a message)."""
    text = data if isinstance(data, str) else json.dumps(data)
    return set(CARD_CODE.findall(text))


@pytest.mark.parametrize(("game", "players"), MODES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**256 - 1))
def test_contract_holds_at_every_step(game: str, players: int, seed: int) -> None:
    hand, rng = random_hand(game, players, seed)
    rules = hand.rules
    replay = rules.new_hand(seed, seed % players)
    records: list[Played[Any]] = []
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
        assert data["history"] == [list(entry) for entry in hand.history()]
        if steps % 7 == 0:
            sampled = view.sample(random.Random(steps))
            assert sampled.view(seat).to_json() == data, "a sample is consistent with the view"
            assert sampled.legal_moves() == legal
        for move in legal:
            assert hand.parse_move(hand.move_text(move)) == move
        move = rng.choice(legal)
        clone = hand.clone()
        played = hand.play(seat, hand.move_text(move))
        records.append(played)
        assert played.seat == seat and played.move == move
        assert played.text == clone.move_text(move)
        clone.apply(move)
        assert clone.position() == hand.position(), "the checked path does what apply does"
        replay.apply(move)
        steps += 1
        assert steps < 5000, "random hands end"
    assert hand.to_move() is None and hand.legal_moves() == []
    assert replay.position() == hand.position(), "same seed, same moves, same hand"
    score = hand.score()
    assert len(score.points) == rules.sides == len(score.breakdown)
    assert records[-1].events[-1].to_json() == {"kind": "hand_over", **score.to_json()}
    assert [e.kind for r in records for e in r.events].count("hand_over") == 1
    spectator = hand.view(None).to_json()
    assert json.loads(json.dumps(spectator)) == spectator


@pytest.mark.parametrize(("game", "players"), MODES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64))
def test_a_hand_replays_from_its_seed_and_history(game: str, players: int, seed: int) -> None:
    """The seed and the public history are the whole hand: same state, same records."""
    hand, rng = random_hand(game, players, seed)
    records = []
    while not hand.is_over():
        seat = hand.to_move()
        assert seat is not None
        records.append(hand.play(seat, hand.move_text(rng.choice(hand.legal_moves()))))
    again = hand.rules.new_hand(seed, seed % players)
    replayed = [again.play(seat, text) for seat, text in hand.history()]
    assert again.position() == hand.position()
    assert [r.to_json() for r in replayed] == [r.to_json() for r in records]


@pytest.mark.parametrize(("game", "players"), MODES)
def test_hidden_cards_stay_hidden(game: str, players: int) -> None:
    """Over many random hands, no view, no ``Played.for_seat`` copy and no refusal given
    to a seat names a card hidden from it (``tests/hidden.py`` says where they are);
    spectators see no hidden card at all."""
    default = "20" if game == "burraco" else "60"  # random Burraco hands run long
    hands = int(os.environ.get("CIRCOLO_HIDDEN_HANDS", default))
    for seed in range(hands):
        hand, rng = random_hand(game, players, seed)
        while not hand.is_over():
            mover = hand.to_move()
            assert mover is not None
            audiences: list[int | None] = [*range(players), None]
            hidden = {seat: hidden_codes(hand, seat) for seat in audiences}
            for seat in audiences:
                view = hand.view(seat)
                leaked = codes(view.to_json()) & hidden[seat]
                assert not leaked, f"seat {seat}'s view names {leaked}"
                offered = view.offered()
                assert bool(offered) == (seat == mover), f"seat {seat} is offered {offered}"
                leaked = codes(offered) & hidden[seat]  # a wild's stand-in is no card
                assert not leaked, f"seat {seat}'s legal moves name {leaked}"
            move = rng.choice(hand.legal_moves())
            for seat in range(players):
                if seat != mover:
                    with pytest.raises(NotYourTurnError) as refusal:
                        hand.play(seat, hand.move_text(move))
                    assert not codes(refusal.value.message) & hidden[seat]
            played = hand.play(mover, move)
            for seat in audiences:
                seen = hidden[seat] & hidden_codes(hand, seat)
                leaked = codes(played.for_seat(seat).to_json()) & seen
                assert not leaked, f"{played.text} tells seat {seat} of {leaked}"


def test_the_hidden_card_check_can_fail() -> None:
    """The adapter is not empty-handed: a full position names cards hidden from a seat."""
    for game in GAMES:
        hand = hand_after(game, 2, 1, 3)
        assert codes(hand.view(1).to_json()) & hidden_codes(hand, 0)
        assert hidden_codes(hand, None) >= hidden_codes(hand, 0)


# The fuzz test: every entry point, random and mutated real inputs.

JSON_VALUES: list[object] = [-1, 0, 1, 2, 3, 27, 40, 10**9, 2.0, True, None, "", "7D", "ZZ"]
JSON_VALUES += [[], [0], ["7D"], {}, [[0, "7D"]], "over", "play"]


def mutated_text(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        where = rng.randrange(len(chars) + 1)
        action = rng.randrange(3)
        pool = "0123456789AJQKTHDCS xX=-+,;|:/ ²é\n"
        if action == 0 or not chars:
            chars.insert(where, rng.choice(pool))
        elif action == 1:
            del chars[min(where, len(chars) - 1)]
        else:
            chars[min(where, len(chars) - 1)] = rng.choice(pool)
    return "".join(chars)


def mutated_json(data: object, rng: random.Random) -> object:
    """A copy of ``data`` with one value somewhere replaced, dropped or duplicated."""
    if isinstance(data, dict) and data and rng.random() < 0.8:
        key = rng.choice(list(data))
        mapping = dict(data)
        if rng.random() < 0.15:
            del mapping[key]
        else:
            mapping[key] = mutated_json(mapping[key], rng)
        return mapping
    if isinstance(data, list) and data and rng.random() < 0.7:
        copy = list(data)
        where = rng.randrange(len(copy))
        roll = rng.random()
        if roll < 0.2:
            del copy[where]
        elif roll < 0.35:
            copy.insert(where, copy[where])
        else:
            copy[where] = mutated_json(copy[where], rng)
        return copy
    if type(data) is int and rng.random() < 0.5:
        return data + rng.choice([-2, -1, 1, 2, 40])
    if isinstance(data, str) and data and rng.random() < 0.5:
        return mutated_text(data, rng)
    return rng.choice(JSON_VALUES)


def fuzz_inputs(
    hand: HandState[Any], rng: random.Random
) -> Iterator[tuple[str, Callable[[], Any]]]:
    """Calls at the boundary with random or mutated real inputs, each with a name."""
    rules = hand.rules
    players = rules.players
    legal_texts = [hand.move_text(m) for m in hand.legal_moves()] or ["pass"]
    past_texts = [text for _, text in hand.history()] or legal_texts  # well-formed, stale
    position = hand.position()
    view_json = hand.view(hand.to_move() if hand.to_move() is not None else 0).to_json()
    seats: list[object] = [*range(players), -1, players, 7, True, None, "0", 1.0]
    while True:
        roll = rng.randrange(10)
        if roll < 4:
            seat = hand.to_move() if rng.random() < 0.5 else rng.choice(seats)
            move: object = rng.choice(legal_texts)
            if rng.random() < 0.3:
                move = rng.choice(past_texts)
            elif rng.random() < 0.5:
                move = mutated_text(str(move), rng)
            elif rng.random() < 0.2:
                move = rng.choice([None, 5, 5.0, [], b"7D", -3, 10**6, object()])
            yield "play", lambda seat=seat, move=move: hand.play(seat, move)  # type: ignore[misc]
        elif roll == 4:
            seat = rng.choice(seats)
            yield "view", lambda seat=seat: hand.view(seat)  # type: ignore[misc]
        elif roll == 5:
            text = rng.choice([mutated_text(rng.choice(legal_texts), rng), 5, None, ""])
            yield "parse_move", lambda text=text: hand.parse_move(text)  # type: ignore[misc]
        elif roll == 6:
            bad = rng.choice([mutated_text(position, rng), 5, None, ""])
            yield "hand_from_position", lambda bad=bad: rules.hand_from_position(bad)  # type: ignore[misc]
        elif roll == 7:
            data = mutated_json(view_json, rng)
            yield "view_from_json", lambda data=data: rules.view_from_json(data)  # type: ignore[misc]
        elif roll == 8:
            seed = rng.choice([-1, 2**256, 1.5, True, None, "1", rng.getrandbits(64)])
            first = rng.choice(seats)
            yield "new_hand", lambda seed=seed, first=first: rules.new_hand(seed, first)  # type: ignore[misc]
        else:
            options = mutated_json(rules.options(), rng)
            if not isinstance(options, dict):
                options = {"players": options}
            yield "from_options", lambda o=options: type(rules).from_options(o)  # type: ignore[misc]


def exercise(result: object, rng: random.Random) -> None:
    """What a boundary accepted must then work: a parsed state or view is used at once."""
    if isinstance(result, HandState):
        result.position()
        if not result.is_over():
            assert result.legal_moves()
            result.view(result.to_move()).to_json()
    elif isinstance(result, Rules):
        result.new_hand(1, 0)
    elif isinstance(result, View):
        result.legal_moves()
        sampled = result.sample(rng)
        assert sampled.view(result.seat).to_json() == result.to_json(), "a sample matches"


@pytest.mark.parametrize(("game", "players"), MODES)
@settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**64), moves=st.integers(0, 120))
def test_the_boundary_refuses_bad_input_with_engine_errors_only(
    game: str, players: int, seed: int, moves: int
) -> None:
    """Only ``EngineError`` may escape, a refusal leaves the hand unchanged, and whatever
    is accepted works."""
    fuzz_hand(hand_after(game, players, seed, moves), random.Random(seed), FUZZ_BATCH)


def fuzz_hand(hand: HandState[Any], rng: random.Random, inputs: int) -> Counter[str]:
    """``inputs`` fuzzed calls on ``hand`` (and the hands its legal moves lead to): the
    refusal codes counted, anything but an ``EngineError`` or a changed hand a failure."""
    tally: Counter[str] = Counter()
    calls = fuzz_inputs(hand, rng)
    for _ in range(inputs):
        name, call = next(calls)
        position = hand.position()
        try:
            result = call()
        except EngineError as refusal:
            assert refusal.code and refusal.message, name
            assert hand.position() == position, f"a refused {name} changed the hand"
            tally[refusal.code] += 1
            continue
        tally["accepted"] += 1
        if name == "play":
            calls = fuzz_inputs(hand, rng)
            if hand.is_over():
                break
        else:
            assert hand.position() == position, f"{name} changed the hand"
            exercise(result, rng)
    return tally


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_a_million_fuzzed_inputs(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The long run (make soak): CIRCOLO_FUZZ_INPUTS inputs per game (default 1,000,000)
    from seeded hands of both modes; prints the figures."""
    target = int(os.environ.get("CIRCOLO_FUZZ_INPUTS", "1000000"))
    tally: Counter[str] = Counter()
    start = time.perf_counter()
    seed = 0
    while sum(tally.values()) < target:
        players = (2, 4)[seed % 2]
        rng = random.Random(seed)
        hand = hand_after(game, players, seed, rng.randrange(150))
        tally += fuzz_hand(hand, rng, min(FUZZ_BATCH, target - sum(tally.values())))
        seed += 1
    seconds = time.perf_counter() - start
    with capsys.disabled():
        print(
            f"\n{game}: {sum(tally.values()):,} fuzzed inputs over {seed:,} hands in "
            f"{seconds:.0f} s; only EngineError escaped; {dict(tally.most_common())}"
        )


@pytest.mark.parametrize(("game", "players"), MODES)
def test_refusals_have_their_codes_and_leave_the_hand_unchanged(game: str, players: int) -> None:
    hand = hand_after(game, players, 3, 5)
    mover = hand.to_move()
    assert mover is not None
    position = hand.position()
    legal = hand.move_text(hand.legal_moves()[0])
    other = (mover + 1) % players
    cases: list[tuple[type[EngineError], str, Callable[[], Any]]] = [
        (BadSeatError, "bad_seat", lambda: hand.play(-1, legal)),
        (BadSeatError, "bad_seat", lambda: hand.play(players, legal)),
        (BadSeatError, "bad_seat", lambda: hand.play(True, legal)),
        (BadSeatError, "bad_seat", lambda: hand.view(-1)),
        (BadSeatError, "bad_seat", lambda: hand.view(7)),
        (NotYourTurnError, "not_your_turn", lambda: hand.play(other, legal)),
        (NotationError, "bad_notation", lambda: hand.play(mover, None)),
        (NotationError, "bad_notation", lambda: hand.play(mover, "no such move ~")),
        (NotationError, "bad_notation", lambda: hand.parse_move(5)),  # type: ignore[arg-type]
        (NotationError, "bad_notation", lambda: hand.rules.hand_from_position(5)),  # type: ignore[arg-type]
    ]
    for error, code, call in cases:
        with pytest.raises(error) as refusal:
            call()
        assert refusal.value.code == code
        assert hand.position() == position
    illegal = next(
        (m for m in hand_after(game, players, 4, 9).legal_moves() if m not in hand.legal_moves()),
        None,
    )
    if illegal is not None and hand._is_move(illegal):
        with pytest.raises(IllegalMoveError) as refusal:
            hand.play(mover, illegal)
        assert refusal.value.code == "illegal_move"
        assert refusal.value.reason in (*hand.rules.refusals, "illegal")
        assert hand.move_text(illegal) not in refusal.value.message  # no notation
        assert hand.position() == position
    finished = hand_after(game, players, 3, 10_000)
    with pytest.raises(HandOverError) as over:
        finished.play(0, legal)
    assert over.value.code == "hand_over"


@pytest.mark.parametrize("game", list(GAMES))
def test_an_optional_number_left_unset_has_an_example_for_the_form(game: str) -> None:
    """A create form never shows an empty number field with no hint (Burraco's hands and
    target): the spec gives an example, itself a valid value."""
    for spec in rules_class(game).describe()["options"]:
        if spec["optional"] and spec["type"] == "number" and spec["default"] is None:
            assert "example" in spec, spec["name"]
            make_rules(game, {spec["name"]: spec["example"]})
    specs = {spec["name"]: spec for spec in rules_class("burraco").describe()["options"]}
    assert (specs["hands"]["example"], specs["target"]["example"]) == (4, 2005)


def test_an_example_outside_its_bounds_cannot_be_declared() -> None:
    with pytest.raises(OptionError, match="from 1 to 12"):
        OptionSpec("hands", int, None, "hands", minimum=1, maximum=12, optional=True, example=20)


@pytest.mark.parametrize("game", list(GAMES))
def test_options_come_from_the_declared_spec(game: str) -> None:
    cls = rules_class(game)
    described = cls.describe()
    assert described["game"] == game and described["players"] == [2, 4]
    names = [spec["name"] for spec in described["options"]]
    assert names == list(cls().options()), "the dataclass fields are the declared options"
    assert json.loads(json.dumps(described)) == described
    for spec in cls.option_specs:
        assert make_rules(game, {spec.name: spec.default}).options()[spec.name] == spec.default
    for bad in (2.0, "2", True, 3, None):
        with pytest.raises(OptionError, match="players"):
            make_rules(game, {"players": bad})
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        make_rules(game, {"colour": "red"})
    with pytest.raises(OptionError):
        make_rules(game, [("players", 2)])  # type: ignore[arg-type]
    with pytest.raises(EngineError):
        make_rules("chess")


@pytest.mark.parametrize(("game", "players"), MODES)
def test_every_view_shares_the_core_keys_and_types(game: str, players: int) -> None:
    hand = hand_after(game, players, 11, 7)
    for seat in [*range(players), None]:
        data = hand.view(seat).to_json()
        assert set(ViewCore.KEYS) <= set(data)
        assert data["game"] == game and data["players"] == players and data["seat"] == seat
        assert isinstance(data["phase"], str) and isinstance(data["stock"], int)
        assert all(isinstance(card, str) for card in data["hand"])
        assert len(data["hand_sizes"]) == players and len(data["scores"]) == 2
        assert all(type(n) is int for n in data["hand_sizes"] + data["scores"])
        assert data["hand"] == [] if seat is None else len(data["hand"]) == data["hand_sizes"][seat]
        assert all(len(entry) == 2 for entry in data["history"])


@pytest.mark.parametrize(("game", "players"), MODES)
def test_a_match_decision_is_settled_by_the_generic_vote(game: str, players: int) -> None:
    rules = make_rules(game, {"players": players})
    if not rules.decision_choices:
        with pytest.raises(EngineError):
            rules.settle({})
        return
    first, last = rules.decision_choices[0], rules.decision_choices[-1]
    assert rules.settle(dict.fromkeys(range(players), first)) == first
    assert rules.settle(dict.fromkeys(range(players - 1), first)) == last
    assert rules.settle({0: last, **dict.fromkeys(range(1, players), first)}) == last
    with pytest.raises(OptionError):
        rules.settle({0: "maybe"})
    with pytest.raises(BadSeatError):
        rules.settle({players: first})
