"""Random tournaments (2-64 entries, absences, draws, results in any order, crashes
rebuilt from the log): the bracket stays a valid single elimination and the chips add up."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from circolo.tournaments import (
    CreateMatch,
    Draw,
    MatchOver,
    Notice,
    Payout,
    Register,
    Tick,
    TournamentConfig,
    Unregister,
)
from circolo.tournaments.bracket import bracket_size, rounds_of
from tests.tournament_support import Driven

COMMON: dict[str, Any] = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
RESULTS = st.sampled_from(["side0", "side1", "both_absent", "draw"])


def run_tournament(data: st.DataObject) -> None:
    team = data.draw(st.sampled_from([1, 2]), "team")
    entries = data.draw(st.integers(2, 64), "entries")
    config = TournamentConfig(
        game="scopa",
        kind="scheduled",
        starts_at=100.0,
        team=team,
        max_entries=64,
        fee=data.draw(st.integers(0, 1000), "fee"),
        rake_bp=data.draw(st.integers(0, 2000), "rake"),
        seeding=data.draw(st.sampled_from(["random", "rating"]), "seeding"),
        max_replays=data.draw(st.integers(0, 2), "replays"),
    )
    driven = Driven(config)
    for n in range(entries):
        players = tuple((f"p{n}-{k}", f"P{n}{k}") for k in range(team))
        rating = data.draw(st.none() | st.floats(0, 3000), "rating")
        driven.send(Register(f"e{n}", players, rating=rating), float(n % 50))
    leaving = data.draw(st.integers(0, entries - 1), "leaving")
    for n in range(leaving):
        driven.send(Unregister(f"e{n}"), 60.0)
    driven.send(Tick(), 100.0)
    if driven.tournament.status == "cancelled":
        assert entries - leaving < 2 and driven.books_balance() == 0
        return
    order = data.draw(st.binary(min_size=32, max_size=32), "order").hex()
    secret = data.draw(st.binary(min_size=32, max_size=32), "secret").hex()
    driven.send(Draw(order, secret), 100.0)
    done: set[str] = set()
    now = 100.0
    while driven.tournament.status == "running":
        waiting = sorted(m for m in driven.open if m not in done)
        match = data.draw(st.sampled_from(waiting), "match")
        done.add(match)
        result = data.draw(RESULTS, "result")
        now += 1.0
        command = {
            "side0": MatchOver(match, 0, (1,), "points"),
            "side1": MatchOver(match, 1, (0,), "points"),
            "both_absent": MatchOver(match, None, (0, 1), "start_deadline"),
            "draw": MatchOver(match, None, (), "vote"),
        }[result]
        driven.send(command, now)
        if data.draw(st.integers(0, 9), "crash") == 0:
            driven.crash()
    check_over(driven, set(done))


def check_over(driven: Driven, done: set[str]) -> None:
    t = driven.tournament
    assert t.status == "finished"
    entries = set(t.seeds)
    rounds = t.rounds
    assert len(rounds) == rounds_of(bracket_size(len(entries)))
    # a valid single elimination: each round's sides are the winners of the one before
    for before, after in pairwise(rounds):
        winners = [slot["winner"] for slot in before]
        assert [s["sides"] for s in after] == [
            winners[i : i + 2] for i in range(0, len(winners), 2)
        ]
    assert sorted(s for pair in rounds[0] for s in pair["sides"] if s) == sorted(entries)
    # every match has a result
    assert all(slot["done"] for rnd in rounds for slot in rnd)
    assert set(driven.open) == done
    created = Counter(o.match for o in driven.outputs if isinstance(o, CreateMatch))
    assert max(created.values(), default=1) == 1
    # one champion at most (none only when both finalists stayed away), everyone else out once
    eliminated = Counter(
        o.player for o in driven.outputs if isinstance(o, Notice) and o.what == "eliminated"
    )
    assert max(eliminated.values(), default=1) == 1
    final = rounds[-1][0]
    if final["how"] in ("both_lost", "empty"):
        assert t.champion is None
    else:
        assert t.champion in entries and t.champion not in t.out
    assert set(t.out) | ({t.champion} - {None}) == entries
    # the chips: payouts are the pool, and the books balance
    assert driven.chips(Payout) == t.pool()
    assert driven.books_balance() == 0


@settings(max_examples=40, **COMMON)
@given(st.data())
def test_random_tournaments_are_valid_brackets_whose_chips_add_up(data: st.DataObject) -> None:
    run_tournament(data)


@pytest.mark.slow
@settings(max_examples=2000, **COMMON)
@given(st.data())
def test_random_tournaments_long(data: st.DataObject) -> None:
    run_tournament(data)
