"""Golden table logs: one whole match per game and mode, played through the real table
with a fake clock, kept as the store keeps them (``tests/golden/logs/``).

Each scenario has a timeout (an auto-move; Burraco's clock instead loses the match), a
disconnection and the player's return, a restart (``resume``), the hand-result pause, a
rematch accepted and the end of the table. Each file holds the table's config, its log
as the store's rows (``seq``, ``data``, ``at``), the final result, and a digest of every
replay step (``digests``: the machine's whole state, and what every audience was told and
shown), so that any change to how a log replays fails ``tests/test_golden_logs.py``.

``python -m tests.golden_logs write v1|v2`` writes the files: ``v1`` were written by the
code before the log carried versions and must never be rewritten; ``v2`` by the code of
now. ``python -m tests.golden_logs digests`` rewrites what every file replays to (its
``expected`` results and its digests), never its log, after a change to the replay that
is meant (say so in the commit).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from circolo.table import (
    Connected,
    Continue,
    Disconnected,
    Leave,
    Play,
    Rematch,
    Resume,
    ReturnToTable,
    SeatConfig,
    SupplySeed,
    Table,
    TableConfig,
    Tick,
    Vote,
)
from tests.tables import replay_outputs

LOGS = Path(__file__).resolve().parent / "golden" / "logs"
START = 1_000_000.0
SCENARIOS: dict[str, tuple[str, int, dict[str, Any]]] = {
    "scopa_1v1": ("scopa", 2, {"target": 7}),
    "scopa_2v2": ("scopa", 4, {"target": 7}),
    "bisca_1v1": ("bisca", 2, {"target": 2}),
    "bisca_2v2": ("bisca", 4, {"target": 2}),
    "burraco_1v1": ("burraco", 2, {"hands": 1}),
    "burraco_2v2": ("burraco", 4, {"hands": 1}),
}


class Scenario:
    """A table driven like the server drives it: seeds from a seeded random, the seat to
    move plays a random legal move one second after the last command."""

    def __init__(self, game: str, players: int, options: dict[str, Any], seed: int) -> None:
        humans = 2
        seats = tuple(
            SeatConfig.human(f"p{s}", f"Player {s}") if s < humans else SeatConfig.bot("random")
            for s in range(players)
        )
        self.config = TableConfig(game, seats, options)
        self.table = Table(self.config)
        self.rng = random.Random(seed)
        self.now = START
        self.log: list[dict[str, Any]] = []

    def at(self, command: Any, wait: float = 1.0) -> None:
        self.now += wait
        self.log.extend(self.table.handle(command, self.now).entries)
        while self.table.wants_seed:
            seed = SupplySeed(self.rng.getrandbits(64))
            self.log.extend(self.table.handle(seed, self.now).entries)

    def tick(self) -> None:
        """Let the next timer run out."""
        wake = self.table.wake_at
        assert wake is not None
        self.at(Tick(), max(0.0, wake - self.now))

    def play(self) -> None:
        hand = self.table.hand
        assert hand is not None
        seat = hand.to_move()
        assert seat is not None
        move = self.rng.choice(hand.legal_moves())
        self.at(Play(seat, hand.move_text(move), self.table.ply))

    def mover(self) -> int | None:
        t = self.table
        if t.status != "playing" or t.phase != "play" or t.hand is None:
            return None
        return t.hand.to_move()

    def step(self) -> None:
        """One step towards the end of the match in play."""
        t = self.table
        if t.phase == "play":
            self.play()
        elif t.phase == "result":
            self.at(Continue(0), 0.5)
            if t.phase == "result":
                self.tick()
        elif t.phase == "vote":
            for seat, spec in enumerate(self.config.seats):
                if not spec.is_bot and t.phase == "vote":
                    self.at(Vote(seat, t.rules.decision_choices[-1]))
        else:
            self.tick()

    def until_human_moves(self) -> int:
        while (seat := self.mover()) is None or self.config.seats[seat].is_bot:
            assert self.table.status == "playing"
            self.step()
        return seat

    def run(self) -> None:
        clock = self.table.timing.timed and self.config.game == "burraco"
        self.at(Tick(), 0.0)
        self.at(Connected(0))
        self.at(Connected(1))
        assert self.table.status == "playing"
        for _ in range(3):
            self.step()
        # a disconnection past its grace, and the player's return
        self.at(Disconnected(0))
        while not self.table.presence[0].away:
            self.tick()
        self.at(Connected(0))
        self.at(ReturnToTable(0))
        if clock:  # Burraco: the clock's warning, then the move in time
            self.until_human_moves()
            self.tick()
            self.play()
        else:  # a timeout: the room's auto-move
            self.until_human_moves()
            self.tick()
        self.step()
        self.at(Resume(10.0), 40.0)  # the server restarted
        self.at(Connected(0), 2.0)
        self.at(Connected(1), 0.5)
        while self.table.status == "playing":
            self.step()
        assert self.table.status == "rematch"
        self.at(Rematch(0, True))
        self.at(Rematch(1, True))
        assert self.table.status == "playing"
        for _ in range(4):
            self.step()
        if clock:  # Burraco: a silent player loses on the clock
            self.until_human_moves()
            while self.table.status == "playing":
                self.tick()
        else:
            self.at(Leave(1))
        assert self.table.status == "rematch"
        self.at(Rematch(0, False))
        assert self.table.status == "finished"


def digests(config: TableConfig, entries: list[dict[str, Any]]) -> list[list[str]]:
    """For each entry replayed: [the machine's state, what every audience got]."""
    out = []
    for state, messages, snapshots in replay_outputs(config, entries):
        out.append([_digest(state), _digest([messages, snapshots])])
    return out


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def write(version: str) -> None:
    LOGS.mkdir(parents=True, exist_ok=True)
    for n, (name, (game, players, options)) in enumerate(SCENARIOS.items()):
        scenario = Scenario(game, players, options, seed=100 + n)
        scenario.run()
        table = scenario.table
        facts = [note["fact"] for entry in scenario.log for note in entry["notes"]]
        wanted = ["disconnection", "rematch", "match_over"]
        wanted.append("timeout" if game == "burraco" else "auto_move")
        assert all(fact in facts for fact in wanted), (name, sorted(set(facts)))
        events = [
            {"seq": seq, "data": entry, "at": entry["at"] + 0.001}
            for seq, entry in enumerate(scenario.log, 1)
        ]
        golden = {
            "written_by": version,
            "table": {
                "table_id": f"t_golden_{name}",
                "game": game,
                "config": scenario.config.to_json(),
                "status": table.status,
                "result": table.result,
            },
            "events": events,
            "expected": {"status": table.status, "results": table.results, "result": table.result},
            "digests": digests(scenario.config, scenario.log),
        }
        path = LOGS / f"{name}.{version}.json"
        path.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(events)} entries, facts {sorted(set(facts))}")


def rewrite_digests() -> None:
    """What each log replays to, written again (never the log nor the table as stored)."""
    for path in sorted(LOGS.glob("*.json")):
        golden = json.loads(path.read_text(encoding="utf-8"))
        config = TableConfig.from_json(golden["table"]["config"])
        entries = [e["data"] for e in golden["events"]]
        table = Table.replay(config, entries)
        golden["expected"] = {
            "status": table.status,
            "results": table.results,
            "result": table.result,
        }
        golden["digests"] = digests(config, entries)
        path.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:2] == ["write"] and sys.argv[2:3] in (["v1"], ["v2"]):
        write(sys.argv[2])
    elif sys.argv[1:] == ["digests"]:
        rewrite_digests()
    else:
        sys.exit(__doc__)
