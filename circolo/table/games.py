"""What the table must know of each game: which clock it plays with, and which move
event ends a trick that stays on display (Bisca)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Profile:
    """``clock``: Burraco's green part and reserve instead of the move timer (no
    auto-move: a reserve at zero loses); ``trick_event``: the event kind after which the
    trick stays on display, no timer running; ``legal_moves``: the seat to move is sent
    its legal moves, for a game whose rules forbid some cards at times (Bisca's trump Ace
    before the 7), so that its table can show which ones."""

    clock: bool = False
    trick_event: str | None = None
    legal_moves: bool = False


PROFILES: dict[str, Profile] = {
    "scopa": Profile(),
    "bisca": Profile(trick_event="trick_won", legal_moves=True),
    "burraco": Profile(clock=True),
}


def profile(game: str) -> Profile:
    return PROFILES.get(game, Profile())
