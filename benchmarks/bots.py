"""Bot strength and speed: the arena's figures for every game and mode, as JSON.

For each game and mode: expert vs greedy and greedy vs random over paired deals (each
deal played twice with the seats swapped), with each expert's default time budget
unless ``--budget-ms`` is given. Burraco's expert is measured 1 v 1 only by default
(it is slow: ``--burraco-4`` adds 2 v 2). Figures are printed and written to
``benchmarks/results/bots.json``; the targets are in the issue and in docs/bots.md.

    python benchmarks/bots.py [--game scopa] [--deals 600] [--workers 2] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path
from typing import Any

from circolo.bots.arena import ArenaConfig, format_report, run_arena

RESULTS = Path(__file__).parent / "results"
GAMES = ("scopa", "bisca", "burraco")


def matchups(games: list[str], burraco_4: bool) -> list[tuple[str, int, str, str]]:
    found = []
    for game in games:
        for players in (2, 4):
            if game != "burraco" or players == 2 or burraco_4:
                found.append((game, players, "expert", "greedy"))
            found.append((game, players, "greedy", "random"))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--deals", type=int, default=600, help="paired deals per matchup")
    parser.add_argument("--burraco-deals", type=int, default=100, help="paired Burraco matches")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget-ms", type=float, default=None)
    parser.add_argument("--burraco-4", action="store_true", help="also Burraco 2 v 2 expert")
    args = parser.parse_args()
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / "bots.json"
    data: dict[str, Any] = json.loads(out.read_text()) if out.exists() else {}
    data["machine"] = {"python": platform.python_version(), "processor": platform.machine()}
    for game, players, a, b in matchups(args.game or list(GAMES), args.burraco_4):
        deals = args.burraco_deals if game == "burraco" else args.deals
        config = ArenaConfig(
            game, a, b, deals, args.seed, True, players, args.budget_ms, None, args.workers
        )
        start = time.perf_counter()
        report = run_arena(config, label=f"{game} {players}p {a} vs {b}")
        report["seconds"] = round(time.perf_counter() - start, 1)
        report["when"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        print(format_report(report), flush=True)
        data[f"{game}_{players}p_{a}_vs_{b}"] = report
        out.write_text(json.dumps(data, indent=2))
    print(f"written {out}")


if __name__ == "__main__":
    main()
