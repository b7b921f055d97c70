"""Random-playout speed of every engine: hands per second, deal to final score.

Each hand is dealt from a fresh seed and played with uniformly random legal moves on
the engine's fast path (``apply``), then scored. Figures are medians of 5 runs on one
core; they are printed and written to ``benchmarks/results/engines.json``.

    python benchmarks/engines.py [--game scopa] [--runs 5] [--seconds 2]

``--movegen`` measures Burraco's meld move generator instead (``burraco_movegen``).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from circolo.cards import Card, burraco_deck
from circolo.engine import Rules
from circolo.games import GAMES, make_rules

if TYPE_CHECKING:
    from circolo.games.burraco.melds import Meld

RESULTS = Path(__file__).parent / "results"


def playout_rate(rules: Rules, seconds: float, seed: int) -> tuple[float, float]:
    """Hands per second over at least ``seconds`` of whole random hands, and the mean
    microseconds of a deal (the shuffle from the seed), which the rate includes."""
    rng = random.Random(seed)
    hands = 0
    dealing = 0.0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        before = time.perf_counter()
        hand = rules.new_hand(rng.getrandbits(63), hands % rules.players)
        dealing += time.perf_counter() - before
        while not hand.is_over():
            hand.apply(rng.choice(hand.legal_moves()))
        hand.score()
        hands += 1
        now = time.perf_counter()
        if now >= deadline:
            return hands / (now - start), dealing / hands * 1e6


def measure(game: str, players: int, runs: int, seconds: float) -> dict[str, Any]:
    rules = make_rules(game, {"players": players})
    rates, deals = zip(*(playout_rate(rules, seconds, seed) for seed in range(runs)), strict=True)
    return {
        "game": game,
        "players": players,
        "hands_per_second_median": round(statistics.median(rates), 1),
        "deal_us_median": round(statistics.median(deals), 1),
        "runs": [round(r, 1) for r in rates],
    }


def burraco_movegen(hands: int = 2000, seed: int = 0) -> dict[str, Any]:
    """Burraco's meld move generator: microseconds for every new meld of a random 15-card
    hand plus every extension of 4 melds on the table (median and 90th percentile)."""
    from circolo.games.burraco.melds import candidate_extensions, candidate_new_melds

    rng = random.Random(seed)
    deck = list(burraco_deck())
    cases: list[tuple[list[Card], list[Meld]]] = []
    while len(cases) < hands:
        rng.shuffle(deck)
        table = candidate_new_melds(deck[15:45])  # melds of cards outside the hand
        if len(table) >= 4:
            cases.append((deck[:15], rng.sample(table, 4)))
    times = []
    for hand, melds in cases:
        start = time.perf_counter()
        candidate_new_melds(hand)
        for meld in melds:
            candidate_extensions(meld, hand)
        times.append(time.perf_counter() - start)
    times.sort()
    return {
        "hands": hands,
        "median_us": round(statistics.median(times) * 1e6, 1),
        "p90_us": round(times[len(times) * 9 // 10] * 1e6, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--movegen", action="store_true", help="Burraco's meld move generator")
    args = parser.parse_args()
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / "engines.json"
    if args.movegen:
        movegen = burraco_movegen()
        print(
            f"burraco movegen: {movegen['median_us']} us median, {movegen['p90_us']} us p90 "
            f"(new melds of a 15-card hand + extensions of 4 melds; {movegen['hands']} hands)"
        )
        data = json.loads(out.read_text()) if out.exists() else {}
        out.write_text(json.dumps(data | {"burraco_movegen": movegen}, indent=2))
        print(f"written {out}")
        return
    results = []
    for game in args.game or list(GAMES):
        for players in (2, 4):
            try:
                result = measure(game, players, args.runs, args.seconds)
            except ModuleNotFoundError as error:
                print(f"{game}: engine not available ({error})")
                break
            results.append(result)
            mode = "1v1" if players == 2 else "2v2"
            print(
                f"{game:8} {mode}: {result['hands_per_second_median']:>9.1f} random hands/s "
                f"(median of {args.runs}; runs {result['runs']}); "
                f"a deal {result['deal_us_median']} us"
            )
    out.write_text(json.dumps({"python": platform.python_version(), "results": results}, indent=2))
    print(f"written {out}")


if __name__ == "__main__":
    main()
