"""Pit two bot levels against each other over paired deals, and report honestly.

A *deal* is a seed. A game's bots say what a deal is (``ARENA_HANDS``): one hand from a
random first seat, or a match of so many hands (Burraco), so that "matches won" means
what it says.
Paired: each deal is played twice with the seats swapped (bot A first at the seats of
side 0, then side 1; in 2 v 2 each bot level is a team of two), which cancels the luck
of the cards; the standard error is taken over deals. Time per move is measured for
decisions only (moves with two or more legal choices): a forced move costs nothing.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import click

from circolo.bots import Bot, make_bot
from circolo.bots.registry import BOTS
from circolo.engine import HandScore, Rules
from circolo.games import make_rules
from circolo.match import Match


@dataclass(frozen=True)
class ArenaConfig:
    game: str
    a: str
    b: str
    deals: int
    seed: int = 0
    paired: bool = True
    players: int = 2
    budget_ms: float | None = None
    iterations: int | None = None
    workers: int = 1


@dataclass
class GameResult:
    """One hand (or Burraco match) seen from bot A: margins per metric and A's result."""

    margins: dict[str, float]
    result: int
    ms_a: list[float] = field(default_factory=list)
    ms_b: list[float] = field(default_factory=list)


def margins(game: str, score: HandScore, side: int) -> dict[str, float]:
    """What a finished hand is worth to ``side`` minus the other side, per reported metric:
    the game's own metrics first (``ARENA_METRICS``), then the points."""
    other = 1 - side
    result = {
        name: float(score.breakdown[side][name] - score.breakdown[other][name])
        for name in BOTS[game].ARENA_METRICS
    }
    return result | {"points": float(score.points[side] - score.points[other])}


def _bots(config: ArenaConfig, rules: Rules, a_side: int, seed: int) -> dict[int, Bot]:
    bots: dict[int, Bot] = {}
    for seat in range(rules.players):
        level = config.a if rules.side_of(seat) == a_side else config.b
        bots[seat] = make_bot(
            config.game,
            level,
            seed=seed * 8 + seat,
            budget_ms=config.budget_ms,
            iterations=config.iterations,
        )
    return bots


def _play_hand(hand: Any, bots: dict[int, Bot], rules: Rules, a_side: int, out: GameResult) -> None:
    while not hand.is_over():
        seat = hand.to_move()
        view = hand.view(seat)
        decision = len(view.legal_moves()) > 1
        start = time.perf_counter()
        move = bots[seat].choose(view)
        ms = (time.perf_counter() - start) * 1000
        if decision:
            (out.ms_a if rules.side_of(seat) == a_side else out.ms_b).append(ms)
        hand.play(seat, move)  # the checked path: a bot's illegal move is a bug, not a win


def play_game(config: ArenaConfig, seed: int, a_side: int) -> GameResult:
    """Play one deal with bot A at the seats of ``a_side``."""
    rules = make_rules(config.game, {"players": config.players})
    bots = _bots(config, rules, a_side, seed)
    out = GameResult({}, 0)
    hands = BOTS[config.game].ARENA_HANDS
    if hands is None:
        first = random.Random(seed).randrange(rules.players)
        played = [rules.new_hand(seed, first)]
        _play_hand(played[0], bots, rules, a_side, out)
    else:
        match = Match(rules, seed)
        played = []
        for _ in range(hands):
            played.append(match.new_hand())
            _play_hand(played[-1], bots, rules, a_side, out)
            match.record(played[-1])
    totals: dict[str, float] = {}
    for hand in played:
        for name, margin in margins(config.game, hand.score(), a_side).items():
            totals[name] = totals.get(name, 0.0) + margin
    out.margins = totals
    main = next(iter(out.margins.values()))
    out.result = (main > 0) - (main < 0)
    return out


def play_deal(config: ArenaConfig, seed: int) -> list[GameResult]:
    """A deal: once, or twice with the seats swapped when paired."""
    sides = (0, 1) if config.paired else (random.Random(seed).randrange(2),)
    return [play_game(config, seed, side) for side in sides]


def _play_deal_args(args: tuple[ArenaConfig, int]) -> list[GameResult]:
    return play_deal(*args)


def deal_seeds(seed: int, deals: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(deals)]


def run_deals(config: ArenaConfig) -> Iterator[list[GameResult]]:
    """Every deal's results, as they finish (in a process pool with ``workers`` > 1)."""
    tasks = [(config, s) for s in deal_seeds(config.seed, config.deals)]
    if config.workers <= 1:
        yield from map(_play_deal_args, tasks)
        return
    with ProcessPoolExecutor(max_workers=config.workers) as pool:
        yield from pool.map(_play_deal_args, tasks, chunksize=1)


def _mean_se(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, se


def _ms(values: list[float]) -> dict[str, float]:
    if not values:
        return {"median": 0.0, "p95": 0.0, "decisions": 0}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {"median": statistics.median(ordered), "p95": p95, "decisions": len(ordered)}


def summarize(config: ArenaConfig, deals: list[list[GameResult]]) -> dict[str, Any]:
    """Won/drawn/lost over games, mean margin ± standard error over deals, ms per move."""
    games = [g for deal in deals for g in deal]
    names = list(games[0].margins) if games else []
    figures = {}
    for name in names:
        per_deal = [statistics.fmean(g.margins[name] for g in deal) for deal in deals]
        mean, se = _mean_se(per_deal)
        figures[name] = {"mean": round(mean, 4), "se": round(se, 4)}
    return {
        "game": config.game,
        "players": config.players,
        "a": config.a,
        "b": config.b,
        "deals": len(deals),
        "paired": config.paired,
        "seed": config.seed,
        "budget_ms": config.budget_ms,
        "iterations": config.iterations,
        "unit": "hand" if BOTS[config.game].ARENA_HANDS is None else "match",
        "games": len(games),
        "won": sum(g.result > 0 for g in games),
        "drawn": sum(g.result == 0 for g in games),
        "lost": sum(g.result < 0 for g in games),
        "margin_per_game": figures,
        "ms_per_move_a": {
            k: round(v, 2) for k, v in _ms([m for g in games for m in g.ms_a]).items()
        },
        "ms_per_move_b": {
            k: round(v, 2) for k, v in _ms([m for g in games for m in g.ms_b]).items()
        },
    }


def run_arena(config: ArenaConfig, label: str | None = None) -> dict[str, Any]:
    """Run the arena and summarize it; with a ``label``, a progress bar on stderr."""
    for level in (config.a, config.b):  # a bad level is an answer before any deal is played
        make_bot(config.game, level, 0, budget_ms=config.budget_ms, iterations=config.iterations)
    results = run_deals(config)
    if label is None:
        return summarize(config, list(results))
    with click.progressbar(results, length=config.deals, label=label, file=sys.stderr) as bar:
        deals = list(bar)
    return summarize(config, deals)


def format_report(report: dict[str, Any]) -> str:
    """The arena's figures as a few plain lines."""
    games = f"{report['games']} {'matches' if report['unit'] == 'match' else 'hands'}"
    budget = f", budget {report['budget_ms']} ms" if report["budget_ms"] else ""
    if report["iterations"]:
        budget += f", {report['iterations']} iterations"
    lines = [
        f"{report['game']} {report['players']}p: {report['a']} (A) vs {report['b']} (B), "
        f"{report['deals']} deals{' paired' if report['paired'] else ''}, {games}{budget}",
        f"A won {report['won']}, drawn {report['drawn']}, lost {report['lost']}",
    ]
    for name, figure in report["margin_per_game"].items():
        lines.append(
            f"A's margin, {name.replace('_', ' ')} per {report['unit']}: "
            f"{figure['mean']:+.3f} ± {figure['se']:.3f}"
        )
    for who in ("a", "b"):
        ms = report[f"ms_per_move_{who}"]
        lines.append(
            f"{who.upper()} ms per move: median {ms['median']:.1f}, p95 {ms['p95']:.1f} "
            f"({ms['decisions']} decisions)"
        )
    return "\n".join(lines)
