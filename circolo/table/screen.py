"""What an audience (a seat, or the spectators) sees of a table, in sections.

``sections`` is a pure function of the table's state (``Kept``, the caller's cache of
what it rendered, only saves work): a snapshot holds all of them, and each step's
"update" message holds the sections that changed, so a client that applies the updates
in order has the same screen as one that just got a snapshot. Only the "hand" section
differs from one audience to another (``shared`` are the others, the same for all), and
only views reach an audience: never another seat's hand, never the stock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from circolo.cards import commitment
from circolo.table.outcomes import rated_table
from circolo.table.state import TableState as Table
from circolo.table.step import Audience


@dataclass
class Kept:
    """Sections rendered before, by what they depend on: each audience's hand section by
    (match, hand, ply), since a view changes only with a move or a deal; the table section
    by (status, match), since the rest of it is the table's configuration; the match section
    by its hands and seeds, since it changes only when a hand is dealt or ends."""

    hands: dict[Audience, tuple[tuple[int, int, int], dict[str, Any]]] = field(default_factory=dict)
    table: tuple[tuple[str, int], dict[str, Any]] | None = None
    match: tuple[tuple[Any, ...], dict[str, Any]] | None = None


def sections(table: Table, audience: Audience, kept: Kept) -> dict[str, Any]:
    return {**shared(table, kept), "hand": hand(table, audience, kept)}


def shared(table: Table, kept: Kept) -> dict[str, Any]:
    """Every section but the hand: the same for every audience."""
    return {
        "table": _table(table, kept),
        "seats": _seats(table),
        "match": _match(table, kept),
        "phase": _phase(table),
        "clock": _clock(table),
        "vote": _vote(table),
        "rematch": _rematch(table),
        "start": _start(table),
        "result": table.result,
    }


def _table(table: Table, kept: Kept) -> dict[str, Any]:
    key = (table.status, table.match_no)
    if kept.table is not None and kept.table[0] == key:
        return kept.table[1]
    config, timing = table.config, table.timing
    section = {
        "game": config.game,
        "options": table.rules.options(),
        "players": len(config.seats),
        "speed": config.speed,
        "tournament": config.tournament,
        "private": config.private,
        "rated": rated_table(config.to_json()),
        "status": table.status,
        "match": table.match_no + 1,
        "timed": timing.timed,
        "clock": table.rules.clock,
    }
    kept.table = (key, section)
    return section


def _seats(table: Table) -> list[dict[str, Any]]:
    return [
        {
            "seat": number,
            "name": seat.name,
            "bot": seat.is_bot,
            "level": seat.level,
            "side": table.rules.side_of(number),
            "presence": "here" if seat.is_bot else presence.state(),
            "deadline": presence.deadline(),
            "disconnections": presence.disconnections,
        }
        for number, (seat, presence) in enumerate(zip(table.seats, table.presence, strict=True))
    ]


def _match(table: Table, kept: Kept) -> dict[str, Any]:
    match = table.match
    pending = table.pending_seed
    current = table.seed if table.hand is not None and not table.hand.is_over() else None
    key = (table.hand_no, pending, current) + (
        () if match is None else (match, len(match.hands), match.first, *match.totals)
    )
    if kept.match is not None and kept.match[0] == key:
        return kept.match[1]
    hands = []
    if match is not None:
        for number, record in enumerate(match.hands, 1):
            hands.append(
                {
                    "hand": number,
                    "first": record.first,
                    "points": list(record.score.points),
                    "breakdown": [dict(b) for b in record.score.breakdown],
                    "details": dict(record.score.details),
                    "seed": format(record.seed, "064x"),
                }
            )
    section = {
        "hand": table.hand_no,
        "first": None if match is None else match.first,
        "totals": [0] * table.rules.sides if match is None else list(match.totals),
        "hands": hands,
        "commitment": None if current is None else commitment(current),
        "next_commitment": None if pending is None else commitment(pending),
    }
    kept.match = (key, section)
    return section


def hand(table: Table, audience: Audience, kept: Kept) -> dict[str, Any] | None:
    """The audience's view and, for the seat to move only, its legal moves as the engine
    offers them (``View.offered``: each an id and a label); everyone else gets None."""
    hand = table.hand
    if hand is None:
        return None
    if table.window_hand is not None and not table.asked(audience):
        return _asking(table, audience, kept)
    key = (table.match_no, table.hand_no, table.ply)
    before = kept.hands.get(audience)
    if before is not None and before[0] == key:
        return before[1]
    view = hand.view(audience)
    mover = audience is not None and not hand.is_over() and hand.to_move() == audience
    section: dict[str, Any] = {
        "view": view.to_json(),
        "ply": table.ply,
        "legal": view.offered() if mover else None,
    }
    if table.window_hand is not None:
        section["asking"] = True
    kept.hands[audience] = (key, section)
    return section


def _asking(table: Table, audience: Audience, kept: Kept) -> dict[str, Any]:
    """During a secret asking, every audience but the seat asked sees the hand as it was
    when the asking began, whoever is asked and whatever was answered."""
    hand = table.window_hand
    assert hand is not None
    key = (table.match_no, table.hand_no, -1 - table.window_ply)  # not a live ply's key
    before = kept.hands.get(audience)
    if before is not None and before[0] == key:
        return before[1]
    view = hand.view(audience).to_json()
    view["to_move"] = None  # nobody's turn is shown: whose it is would say who is asked
    section: dict[str, Any] = {
        "view": view,
        "ply": table.window_ply,
        "legal": None,
        "asking": True,
    }
    kept.hands[audience] = (key, section)
    return section


def _phase(table: Table) -> dict[str, Any] | None:
    if table.phase is None:
        return None
    return {
        "name": table.phase,
        "until": table.until if table.phase in ("trick", "result", "vote") else table.window_until,
        "last_trick": table.last_trick,
        "continued": [s for s, done in enumerate(table.continued) if done],
    }


def _clock(table: Table) -> dict[str, Any] | None:
    reserves = list(table.reserves) if table.on_clock and table.timing.timed else None
    turn = table.turn
    if turn is None:
        return None if reserves is None else {"seat": None, "reserves": reserves}
    limit = table.limit(turn.seat)
    data: dict[str, Any] = {
        "seat": turn.seat,
        "running": turn.since is not None,
        "deadline": turn.deadline(limit),
        "left": limit - turn.used if turn.since is None else None,
        "reserves": reserves,
    }
    if reserves is not None:
        green = table.timing.burraco_green
        data["green_until"] = None if turn.since is None else turn.since + green - turn.used
        data["warning"] = turn.warned
    return data


def _vote(table: Table) -> dict[str, Any] | None:
    if table.phase != "vote":
        return None
    return {
        "choices": list(table.rules.decision_choices),
        "deadline": table.until,
        "voted": sorted(table.votes),
    }


def _rematch(table: Table) -> dict[str, Any] | None:
    if table.status != "rematch":
        return None
    accepted = [s for s, ok in enumerate(table.rematch_accepted) if ok]
    return {"deadline": table.until, "accepted": accepted}


def _start(table: Table) -> dict[str, Any] | None:
    if table.status != "waiting" or not table.config.tournament or table.opened_at is None:
        return None
    pressed = [s for s, ok in enumerate(table.started) if ok and not table.seats[s].is_bot]
    return {"deadline": table.opened_at + table.timing.start_deadline, "pressed": pressed}
