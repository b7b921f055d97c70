"""The tests' own views of a table: its whole state as JSON (two tables are the same
table when these are equal), and a log replayed step by step with everything it tells."""

from __future__ import annotations

from typing import Any

from circolo.table import Presenter, Table, TableConfig
from circolo.table.log import replaying


def dump(table: Table) -> dict[str, Any]:
    """The whole state as JSON (with the true hand). Never sent to a client."""
    match = table.match
    return {
        "status": table.status,
        "phase": table.phase,
        "opened_at": table.opened_at,
        "last_at": table.last_at,
        "presence": [p.to_json() for p in table.presence],
        "started": list(table.started),
        "continued": list(table.continued),
        "rematch_accepted": list(table.rematch_accepted),
        "votes": sorted(table.votes.items()),
        "reserves": list(table.reserves),
        "turn": None if table.turn is None else table.turn.to_json(),
        "until": table.until,
        "pending_seed": table.pending_seed,
        "seed": table.seed,
        "counters": [table.match_no, table.hand_no, table.ply],
        "match": None
        if match is None
        else {
            "first": match.first,
            "totals": list(match.totals),
            "outcome": match.outcome.status,
            "hands": len(match.hands),
        },
        "hand": None if table.hand is None else table.hand.position(),
        "last_trick": table.last_trick,
        "results": list(table.results),
    }


def replay_outputs(
    config: TableConfig, entries: list[dict[str, Any]]
) -> list[tuple[dict[str, Any], list[Any], dict[str, Any]]]:
    """Each entry replayed (``log.replaying``) and rendered for every audience: (the
    table's whole state after it, the messages of that step, every audience's screen
    after it)."""
    table = Table(config)
    presenter = Presenter(table)
    out: list[tuple[dict[str, Any], list[Any], dict[str, Any]]] = []
    for step in replaying(table, entries):
        messages = [[audience, body] for audience, body in presenter.messages(step)]
        screens = {str(a): presenter.snapshot_state(a) for a in presenter.audiences}
        out.append((dump(table), messages, screens))
    return out
