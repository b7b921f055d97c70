"""Successive elimination: clear races end early, close ones run on, ties settle."""

from __future__ import annotations

import random

from circolo.bots import make_bot
from circolo.bots.elimination import Race
from tests.test_bots import decision_positions


def run(race: Race, means: list[float], noise: float, worlds: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    while not race.settled() and race.worlds < worlds:
        shared = rng.gauss(0.0, 50.0)  # the world's luck, common to every candidate
        race.add([means[i] + shared + rng.gauss(0.0, noise) for i in race.alive])


def test_a_clearly_best_candidate_wins_after_few_worlds() -> None:
    race = Race(3, min_worlds=8, z=2.0, tolerance=0.0)
    run(race, [0.0, 30.0, 5.0], noise=5.0, worlds=1000)
    assert race.settled() and race.leader() == 1
    assert race.worlds < 30


def test_paired_differences_ignore_the_luck_shared_by_a_world() -> None:
    """The shared luck (sd 50) would hide a 10-point gap in unpaired means for long."""
    race = Race(2, min_worlds=8, z=2.0, tolerance=0.0)
    run(race, [10.0, 0.0], noise=3.0, worlds=1000)
    assert race.settled() and race.leader() == 0 and race.worlds < 40


def test_a_close_race_runs_on_without_a_tolerance() -> None:
    race = Race(2, min_worlds=8, z=2.0, tolerance=0.0)
    run(race, [0.0, 0.0], noise=20.0, worlds=200)
    assert race.alive == [0, 1] or race.worlds > 50


def test_a_tie_within_the_tolerance_is_settled() -> None:
    race = Race(2, min_worlds=8, z=2.0, tolerance=5.0)
    run(race, [0.0, 0.5], noise=2.0, worlds=1000)
    assert race.settled()


def test_no_candidate_leaves_before_the_minimum() -> None:
    race = Race(2, min_worlds=10, z=2.0, tolerance=0.0)
    run(race, [100.0, 0.0], noise=1.0, worlds=9)
    assert race.alive == [0, 1]


def test_the_burraco_expert_stops_early_when_the_choice_is_clear() -> None:
    """Some decisions settle well before a generous world budget (the point of the race)."""
    bot = make_bot("burraco", "expert", 3, iterations=400)
    worlds = []
    for hand in decision_positions("burraco", 2, 12, seed=9):
        bot.last_worlds = 0
        bot.choose(hand.view(hand.to_move()))
        if bot.last_worlds:
            worlds.append(bot.last_worlds)
    assert worlds and min(worlds) < 400
