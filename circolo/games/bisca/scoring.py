"""A finished hand's match points: win, copas, capote, relo, the house rules, the 4 cap."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from circolo.engine import HandScore

WIN_AT = 61
"""Card points that win a hand (of 120)."""
CAPOTE_UNDER = 30
"""A loser with fewer card points than this is capote."""
MAX_HAND_POINTS = 4
"""No team scores more than this in one hand, relo included."""


def hand_score(
    card_points: Sequence[int],
    copas: bool,
    relo: Sequence[int],
    *,
    seven_opening: Sequence[int] | None = None,
    bonus_61_59: bool = False,
    details: Mapping[str, Any] | None = None,
) -> HandScore:
    """Match points per team and the categories that make them.

    ``win`` is 1 for 61+; ``copas`` adds 1 (copas is worth 2); ``capote`` doubles what the
    win is worth (2, or 2 + 2 in copas); ``relo`` is what the team earned by relo;
    ``cap`` is the (negative) correction down to 4. ``card_points`` is for information
    and is not part of the sum. The house rules appear only when their option is on:
    ``seven_opening`` (+1 for leading the first trick with the trump 7) and ``win_61_59``
    (+1 for the winner of a 61 × 59 hand).

    ``details`` adds the counts the sheet shows beside the points: ``relos`` (how many
    relos each team made: one is worth 2 in copas, 1 otherwise), ``winner`` (the team
    with 61 or more, None at 60 × 60) and ``capote`` (the winner held the loser under 30).
    """
    points: list[int] = []
    breakdown: list[dict[str, int]] = []
    for team in (0, 1):
        mine, theirs = card_points[team], card_points[1 - team]
        win = 1 if mine >= WIN_AT else 0
        copas_extra = win if copas else 0
        capote = win + copas_extra if win and theirs < CAPOTE_UNDER else 0
        earned = {"win": win, "copas": copas_extra, "capote": capote, "relo": relo[team]}
        if seven_opening is not None:
            earned["seven_opening"] = seven_opening[team]
        if bonus_61_59:
            earned["win_61_59"] = 1 if mine == WIN_AT else 0
        total = sum(earned.values())
        earned["cap"] = min(0, MAX_HAND_POINTS - total)
        points.append(total + earned["cap"])
        breakdown.append({"card_points": mine, **earned})
    per_relo = 2 if copas else 1
    winner = next((team for team in (0, 1) if card_points[team] >= WIN_AT), None)
    counts = {
        "relos": [relo[team] // per_relo for team in (0, 1)],
        "winner": winner,
        "capote": winner is not None and card_points[1 - winner] < CAPOTE_UNDER,
    }
    return HandScore(tuple(points), tuple(breakdown), {**(details or {}), **counts})
