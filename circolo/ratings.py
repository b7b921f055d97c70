"""Ratings: OpenSkill (Plackett-Luce) per game and mode.

A player's rating is shown as ``1000 + 40 × (μ − 3σ)``: a cautious estimate that starts
at 1000 and rises as the system grows surer of the player. Which matches are rated is
the table's to say (``circolo.table.outcomes``), from what is stored, so every number here
can be computed again from the stored tables (``replay``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
SHOWN_BASE = 1000
SHOWN_SCALE = 40


@dataclass(frozen=True)
class Skill:
    """What the model believes of a player: mean ``mu`` and uncertainty ``sigma``."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def shown(self) -> int:
        return round(SHOWN_BASE + SHOWN_SCALE * (self.mu - 3 * self.sigma))


@dataclass(frozen=True)
class RatedMatch:
    """One rated match: who played on each side, and which side won (None: a draw)."""

    table_id: str
    match: int
    game: str
    mode: str
    sides: tuple[tuple[str, ...], ...]
    winner: int | None
    at: float


@dataclass(frozen=True)
class Change:
    """One player's rating before and after one rated match."""

    player_id: str
    side: int
    before: Skill
    after: Skill
    won: bool


def rate(match: RatedMatch, skills: Mapping[str, Skill]) -> list[Change]:
    """Each player's change for one match, from the skills they had before it."""
    before = [[skills.get(pid, Skill()) for pid in side] for side in match.sides]
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in before]
    ranks = [1.0 if match.winner in (None, side) else 2.0 for side in range(len(teams))]
    after = MODEL.rate(teams, ranks=ranks)
    return [
        Change(
            pid,
            side,
            before[side][i],
            Skill(after[side][i].mu, after[side][i].sigma),
            match.winner == side,
        )
        for side, members in enumerate(match.sides)
        for i, pid in enumerate(members)
    ]


Key = tuple[str, str, str]
"""(player id, game, mode)."""


def replay(matches: Iterable[RatedMatch]) -> dict[Key, Skill]:
    """Every player's skill after these matches, played in order from the start."""
    skills: dict[Key, Skill] = {}
    for match in sorted(matches, key=lambda m: (m.at, m.table_id, m.match)):
        known = {pid: skills[(pid, match.game, match.mode)]
                 for side in match.sides for pid in side
                 if (pid, match.game, match.mode) in skills}  # fmt: skip
        for change in rate(match, known):
            skills[(change.player_id, match.game, match.mode)] = change.after
    return skills
