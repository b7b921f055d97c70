"""What the table must know of each game: which clock it plays with, and which move
event ends a trick that stays on display (Bisca)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Profile:
    """``clock``: Burraco's green part and reserve instead of the move timer (no
    auto-move: a reserve at zero loses); ``trick_event``: the event kind after which the
    trick stays on display, no timer running."""

    clock: bool = False
    trick_event: str | None = None


PROFILES: dict[str, Profile] = {
    "scopa": Profile(),
    "bisca": Profile(trick_event="trick_won"),
    "burraco": Profile(clock=True),
}


def profile(game: str) -> Profile:
    return PROFILES.get(game, Profile())
