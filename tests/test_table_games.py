"""The room's rules with the real games, 1 v 1 and 2 v 2, with the fake clock.

A game that does not deal on this branch yet is skipped.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from circolo.engine import EngineError, MatchOutcome
from circolo.games import make_rules
from circolo.table import Disconnected, Play, TableError, Vote
from tests.support import auto_move
from tests.tables import dump
from tests.test_table_support import Driver, config, mover, play_any, started


def deals(game: str) -> bool:
    try:
        make_rules(game).new_hand(1, 0)
    except (ImportError, TypeError, EngineError, NotImplementedError):
        return False
    return True


GAMES = [
    pytest.param(g, marks=pytest.mark.skipif(not deals(g), reason=f"{g} not ported"))
    for g in ("scopa", "bisca", "burraco")
]
MODES = [2, 4]
TIMED = [
    pytest.param(g, marks=pytest.mark.skipif(not deals(g), reason=f"{g} not ported"))
    for g in ("scopa", "bisca")
]


def facts(d: Driver, fact: str) -> list[dict[str, Any]]:
    return [note for entry in d.log for note in entry["notes"] if note["fact"] == fact]


def past_the_cut(d: Driver) -> Driver:
    """Scopa's cut has its own short timer (tests/test_table_cut.py): made at once here,
    so the move timer is that of a card."""
    assert d.table.hand is not None
    if d.table.hand.formality():
        play_any(d, 0)
    return d


def advance(d: Driver, t: float) -> None:
    if d.table.phase == "play":
        play_any(d, t)
    else:
        d.at(t)


@pytest.mark.parametrize("players", MODES)
@pytest.mark.parametrize("game", TIMED)
def test_the_auto_move_is_the_rooms_move_from_the_seats_view(game: str, players: int) -> None:
    d = past_the_cut(started(config(game, players)))
    seat = mover(d)
    assert d.table.hand is not None and d.table.seed is not None
    view = d.table.hand.view(seat)
    rng = random.Random(f"auto-move {d.table.seed} {d.table.ply}")
    expected = d.table.hand.move_text(auto_move(game, view, rng))
    d.at(30.9)
    assert not facts(d, "auto_move")
    d.at(31.0)
    assert facts(d, "auto_move") == [{"fact": "auto_move", "seat": seat, "move": expected}]
    moves = [(a, b) for a, b in d.messages if b["type"] == "move" and b["move"] == expected]
    assert {a for a, _ in moves} == {*range(players), None} and all(b["auto"] for _, b in moves)


@pytest.mark.parametrize("players", MODES)
@pytest.mark.parametrize("game", TIMED)
def test_a_late_move_within_the_grace_is_accepted(game: str, players: int) -> None:
    d = past_the_cut(started(config(game, players)))
    ply = d.table.ply
    play_any(d, 30.9)
    assert not facts(d, "auto_move") and d.table.ply == ply + 1


@pytest.mark.parametrize("players", MODES)
def test_burraco_loses_on_the_clock_not_by_auto_move(players: int) -> None:
    if not deals("burraco"):
        pytest.skip("burraco not ported")
    d = started(config("burraco", players))
    seat = mover(d)
    d.at(45.9)
    assert d.table.status == "playing"
    d.at(46)
    result = d.table.result
    assert result is not None and (result["reason"], result["losers"]) == ("clock", [seat % 2])
    assert not facts(d, "auto_move")


@pytest.mark.parametrize("players", MODES)
def test_burraco_turn_is_one_clock_over_its_moves(players: int) -> None:
    if not deals("burraco"):
        pytest.skip("burraco not ported")
    d = started(config("burraco", players))
    seat = mover(d)
    t = 0.0
    while mover(d) == seat:
        t += 1
        play_any(d, t)
    assert d.table.reserves[seat] == pytest.approx(30 + 5 * (15 - t) / 15)


@pytest.mark.parametrize("players", MODES)
def test_bisca_trick_display_and_last_trick(players: int) -> None:
    if not deals("bisca"):
        pytest.skip("bisca not ported")
    d = started(config("bisca", players))
    t = 0.0
    while d.table.phase == "play":
        t += 1
        play_any(d, t)
    assert d.table.phase == "trick" and d.table.until == 1000 + t + 4
    assert d.table.turn is None and d.table.last_trick is not None
    with pytest.raises(TableError) as refused:
        play_any(d, t + 3.9)
    assert refused.value.code == "trick_on_display"
    d.at(t + 4)
    assert d.table.phase == "play" and d.table.wake_at == 1000 + t + 4 + 31
    for _ in range(2000):
        if d.table.phase in ("result", "vote") or d.table.status != "playing":
            break
        t += 1
        advance(d, t)
    over = [b for a, b in d.messages if a is None and b["type"] == "hand_over"]
    assert over and over[0]["last_trick"] is not None


@pytest.mark.parametrize("players", MODES)
def test_bisca_vote_through_settle(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    if not deals("bisca"):
        pytest.skip("bisca not ported")
    rules_class = type(make_rules("bisca"))

    def both_at_four(self: Any, totals: Any, hands_played: int) -> MatchOutcome:
        if hands_played == 1:
            return MatchOutcome("decision", choices=self.decision_choices)
        return MatchOutcome("won", winner=0)

    monkeypatch.setattr(rules_class, "match_outcome", both_at_four)
    d = started(config("bisca", players))
    t = 0.0
    while d.table.phase != "vote":
        t += 1
        advance(d, t)
    for seat in range(players):
        d.at(t, Vote(seat, "replay"))
    assert d.table.phase == "play" and d.table.match is not None
    assert d.table.match.totals == [0, 0] and d.table.hand_no == 2


@pytest.mark.parametrize("players", MODES)
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_match_replays_and_ends_with_a_reason(game: str, players: int) -> None:
    options = {"scopa": {"target": "single_hand"}, "bisca": {"target": 1}}.get(game, {})
    if game == "burraco":
        options = {"hands": 1}
    d = started(config(game, players, options=options))
    rng = random.Random(players)
    t = 0.0
    while d.table.status == "playing":
        t += 2
        if d.table.phase == "play":
            assert d.table.hand is not None
            seat = mover(d)
            moves = d.table.hand.view(seat).legal_moves()
            d.at(t, Play(seat, d.table.hand.move_text(rng.choice(moves))))
        else:
            d.at(t)
    result = d.table.result
    assert result is not None and result["reason"] == "score" and result["hands"]
    assert dump(d.replayed()) == dump(d.table)
    json.dumps(d.messages)


@pytest.mark.parametrize("players", MODES)
@pytest.mark.parametrize("game", GAMES)
def test_a_disconnection_suspends_the_real_games_timer(game: str, players: int) -> None:
    d = started(config(game, players))
    seat = mover(d)
    d.at(1, Disconnected(seat))
    d.at(6)
    d.at(120)
    assert d.table.status == "playing" and d.table.ply == 0
    d.at(126)
    result = d.table.result
    assert result is not None and result["reason"] == "disconnection"
    assert result["losers"] == [seat % 2]


@pytest.mark.parametrize("players", MODES)
@pytest.mark.parametrize("game", ["scopa", "bisca", "burraco"])
def test_only_the_seat_to_move_is_offered_its_legal_moves(game: str, players: int) -> None:
    """In every game the seat to move is sent its legal moves, each its text as id and the
    engine's label (so its table offers only these); nobody else is sent any."""
    d = started(config(game, players))
    t = 0.0
    checked = 0
    while d.table.status == "playing" and checked < 40:
        hand = d.table.hand
        if d.table.phase == "play" and hand is not None:
            seat = mover(d)
            sections = {a: d.presenter.snapshot_state(a)["hand"] for a in [*range(players), None]}
            view = hand.view(seat)
            offered = [{"id": hand.move_text(m), **view.move_label(m)} for m in hand.legal_moves()]
            assert offered and sections[seat]["legal"] == offered
            assert all(s["legal"] is None for a, s in sections.items() if a != seat)
            checked += 1
        t += 1
        advance(d, t)
    assert checked == 40
