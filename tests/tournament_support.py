"""Helpers for the tournament tests: a tournament driven through its log, the books."""

from __future__ import annotations

from typing import Any

from circolo.tournaments import (
    Command,
    CreateMatch,
    Draw,
    Fee,
    Output,
    Payout,
    Rake,
    Refund,
    Register,
    Tournament,
    TournamentConfig,
    replay,
)

ORDER = "11" * 32
SECRET = "22" * 32


class Driven:
    """A tournament, its log, every output so far, and the matches still open."""

    def __init__(self, config: TournamentConfig) -> None:
        self.config = config
        self.tournament = Tournament(config)
        self.log: list[dict[str, Any]] = []
        self.outputs: list[Output] = []
        self.open: dict[str, CreateMatch] = {}

    def send(self, command: Command, now: float = 0.0) -> list[Output]:
        step = self.tournament.handle(command, now)
        if step.entry is not None:
            self.log.append(step.entry)
        self.outputs += step.outputs
        for out in step.outputs:
            if isinstance(out, CreateMatch):
                self.open[out.match] = out
        return step.outputs

    def crash(self) -> None:
        """Rebuild from the log alone, and check the stored state reads back the same."""
        rebuilt = replay(self.config, self.log)
        assert rebuilt.to_json() == self.tournament.to_json()
        self.tournament = Tournament.from_json(rebuilt.to_json())

    def chips(self, kind: type[Output]) -> int:
        return sum(getattr(o, "amount", 0) for o in self.outputs if isinstance(o, kind))

    def books_balance(self) -> int:
        """fees - refunds - payouts - rake: zero once it is over."""
        return self.chips(Fee) - self.chips(Refund) - self.chips(Payout) - self.chips(Rake)


def scopa(entries: int, **settings: Any) -> TournamentConfig:
    values: dict[str, Any] = {"game": "scopa", "kind": "scheduled", "starts_at": 100.0}
    values["max_entries"] = max(2, entries)
    return TournamentConfig(**(values | settings))


def filled(entries: int, **settings: Any) -> Driven:
    """A scheduled tournament with ``entries`` players registered, started and drawn."""
    config = scopa(entries, **settings)
    driven = Driven(config)
    for n in range(entries):
        players = tuple((f"p{n}-{k}", f"Player {n}{'AB'[k]}") for k in range(config.team))
        driven.send(Register(f"e{n}", players, rating=float(n)))
    from circolo.tournaments import Tick

    driven.send(Tick(), 100.0)
    if driven.tournament.status == "drawing":
        driven.send(Draw(ORDER, SECRET), 100.0)
    return driven
