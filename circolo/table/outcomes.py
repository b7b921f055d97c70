"""What each match of a table came to, read off its config and its stored log alone: the
ratings (``rated_matches``), fair play (``conduct``) and each match's result for the
records (``match_results``) are always computed again from what is stored, through the
ends of its matches (``MatchEnds``: read off the log as it is read back, or entry by
entry as a live table's owner stores it).

A match is rated when
- every seat is a person (no bots), at the standard speed, at a public table or at a
  private table where every person chose "rated" (not a private table unless both chose
  rated: each seat's choice is in the config, ``SeatConfig.rated``);
- it ended by the score, an agreed vote, or a loss (clock, disconnection, abandonment) of a
  seat that had made a move of its own in that match: leaving at the first move rates
  nobody; a tournament's start deadline or a full log rate nobody.

A person's conduct in a match is "abandoned" when the match was lost by their leaving or by
their not coming back after a disconnection, else "finished".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from circolo.ratings import RatedMatch
from circolo.results import MatchResult
from circolo.table.config import TableConfig

UNRATED_REASONS = frozenset({"start_deadline", "log_full"})
FORFEIT_REASONS = frozenset({"clock", "disconnection", "abandonment"})
ABANDONMENTS = frozenset({"disconnection", "abandonment"})
FORFEITS = frozenset({"timeout", "disconnection", "not_back", "abandonment"})
"""The notes that name the seat a forfeit is charged to."""


@dataclass(frozen=True)
class MatchEnd:
    """How one match of a table ended: ``forfeit`` is the seat a loss on the clock, by
    disconnection or by abandonment is charged to; ``moved`` the seats that made a move of
    their own in it."""

    number: int
    winner: int | None
    reason: str
    forfeit: int | None
    moved: frozenset[int]
    at: float


class MatchEnds:
    """Every match a table's log entries (``{"command", "notes", "at"}``) saw end, in order,
    read one entry at a time: the owner of a live table reads each entry as it is stored,
    so a match's end needs no log read back."""

    def __init__(self, log: Iterable[Any] = ()) -> None:
        self.ends: list[MatchEnd] = []
        self._moved: set[int] = set()  # the seats that made a move in the match going on
        for data in log:
            self.read(data)

    def read(self, data: Mapping[str, Any]) -> None:
        """One more entry of the log."""
        command = data.get("command") or {}
        if command.get("type") == "play" and isinstance(command.get("seat"), int):
            self._moved.add(command["seat"])
        forfeit = None  # the seat whose loss a note of this entry records
        for note in data.get("notes") or []:
            if note.get("fact") in FORFEITS:
                forfeit = note.get("seat")
            if note.get("fact") == "match_over":
                reason = str(note.get("reason"))
                charged = forfeit if reason in FORFEIT_REASONS else None
                self.ends.append(
                    MatchEnd(len(self.ends) + 1, note.get("winner"), reason, charged,
                             frozenset(self._moved), float(data.get("at", 0.0)))
                )  # fmt: skip
                self._moved = set()


def match_ends(log: Iterable[Any]) -> list[MatchEnd]:
    """Every match a table's log entries saw end, in order."""
    return MatchEnds(log).ends


def mode_of(seats: int) -> str:
    """``1v1`` or ``2v2``: ratings are kept apart per mode."""
    return f"{seats // 2}v{seats // 2}"


def rated_table(config: Mapping[str, Any]) -> bool:
    """Whether a table's matches are rated (when they end by the score, a vote or a loss
    of a seat that moved): people only, at the standard speed, and at a private table
    only when every person there chose "rated"; a tournament's, when the tournament is
    rated (its seats say so)."""
    seats = config.get("seats") or []
    people = all(
        seat.get("kind") == "human" and isinstance(seat.get("player_id"), str) for seat in seats
    )
    if not seats or not people or config.get("speed", "standard") != "standard":
        return False
    chosen = config.get("private") or config.get("tournament")
    return not chosen or all(seat.get("rated") is True for seat in seats)


def rated_matches(
    table_id: str, config: Mapping[str, Any], ends: Iterable[MatchEnd]
) -> list[RatedMatch]:
    """The rated matches of one table, in order, of the ends of its matches."""
    if not rated_table(config):
        return []
    ids = [seat.get("player_id") for seat in config["seats"]]
    rules = TableConfig.from_json(dict(config)).rules()
    members = tuple(
        tuple(str(ids[s]) for s in range(len(ids)) if rules.side_of(s) == side)
        for side in range(rules.sides)
    )
    return [
        RatedMatch(
            table_id,
            end.number,
            str(config["game"]),
            mode_of(len(ids)),
            members,
            end.winner,
            end.at,
        )
        for end in ends
        if end.reason not in UNRATED_REASONS and (end.forfeit is None or end.forfeit in end.moved)
    ]


def match_results(
    table_id: str,
    config: Mapping[str, Any],
    ends: Iterable[MatchEnd],
    results: Sequence[Mapping[str, Any]] = (),
) -> list[MatchResult]:
    """Every match of one table that ended, in order, as the records count it. Its
    ``ends`` (``match_ends``) say who won and why; ``results`` (the table's own,
    ``Table.results``, when it is at hand) add each match's totals."""
    seats = config.get("seats") or []
    rules = TableConfig.from_json(dict(config)).rules()
    players = tuple(
        (seat.get("player_id") if isinstance(seat.get("player_id"), str) else None,
         rules.side_of(n))
        for n, seat in enumerate(seats)
    )  # fmt: skip
    out = []
    for end in ends:
        told = results[end.number - 1] if end.number <= len(results) else {}
        totals = told.get("totals")
        out.append(
            MatchResult(
                table_id, end.number, str(config["game"]), mode_of(len(seats)),
                bool(config.get("private")), end.at, end.reason,
                tuple(int(t) for t in totals) if isinstance(totals, list) else (),
                end.winner, players,
            )
        )  # fmt: skip
    return out


def conduct(config: Mapping[str, Any], end: MatchEnd) -> dict[str, str]:
    """Each person's conduct in one match: player id -> "abandoned" or "finished"."""
    out = {}
    for seat, data in enumerate(config.get("seats") or []):
        player = data.get("player_id")
        if data.get("kind") == "human" and isinstance(player, str):
            left = end.forfeit == seat and end.reason in ABANDONMENTS
            out[player] = "abandoned" if left else "finished"
    return out
