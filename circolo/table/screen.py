"""What an audience (a seat, or the spectators) sees of a table, in sections.

``sections`` is a pure function of the table's state: a snapshot holds all of them, and
each step's "update" message holds the sections that changed, so a client that applies
the updates in order has the same screen as one that just got a snapshot. Only views
reach an audience: never another seat's hand, never the stock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from circolo.cards import commitment
from circolo.table.step import Audience

if TYPE_CHECKING:
    from circolo.table.table import Table


def sections(table: Table, audience: Audience) -> dict[str, Any]:
    return {
        "table": _table(table),
        "seats": _seats(table),
        "match": _match(table),
        "hand": _hand(table, audience),
        "phase": _phase(table),
        "clock": _clock(table),
        "vote": _vote(table),
        "rematch": _rematch(table),
        "start": _start(table),
        "result": table.result,
    }


def _table(table: Table) -> dict[str, Any]:
    config, timing = table.config, table.timing
    return {
        "game": config.game,
        "options": table.rules.options(),
        "players": len(config.seats),
        "speed": config.speed,
        "tournament": config.tournament,
        "private": config.private,
        "status": table.status,
        "match": table.match_no + 1,
        "timed": timing.timed,
        "clock": "burraco" if table.profile.clock else "move",
    }


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


def _match(table: Table) -> dict[str, Any]:
    match = table.match
    hands = []
    if match is not None:
        for number, record in enumerate(match.hands, 1):
            hands.append(
                {
                    "hand": number,
                    "first": record.first,
                    "points": list(record.score.points),
                    "breakdown": [dict(b) for b in record.score.breakdown],
                    "seed": format(record.seed, "064x"),
                }
            )
    pending = table.pending_seed
    current = table.seed if table.hand is not None and not table.hand.is_over() else None
    return {
        "hand": table.hand_no,
        "first": None if match is None else match.first,
        "totals": [0] * table.rules.sides if match is None else list(match.totals),
        "hands": hands,
        "commitment": None if current is None else commitment(current),
        "next_commitment": None if pending is None else commitment(pending),
    }


def _hand(table: Table, audience: Audience) -> dict[str, Any] | None:
    """The audience's view and, in games whose profile says so, the legal moves of the
    seat to move (to that seat only); a view changes only with a move or a deal, so it is
    kept."""
    hand = table.hand
    if hand is None:
        return None
    key = (table.match_no, table.hand_no, table.ply)
    kept = table.views.get(audience)
    if kept is not None and kept[0] == key:
        return kept[1]
    section: dict[str, Any] = {"view": hand.view(audience).to_json(), "ply": table.ply}
    if table.profile.legal_moves:
        mover = audience is not None and not hand.is_over() and hand.to_move() == audience
        section["legal"] = [hand.move_text(m) for m in hand.legal_moves()] if mover else None
    table.views[audience] = (key, section)
    return section


def _phase(table: Table) -> dict[str, Any] | None:
    if table.phase is None:
        return None
    return {
        "name": table.phase,
        "until": table.until if table.phase in ("trick", "result", "vote") else None,
        "last_trick": table.last_trick,
        "continued": [s for s, done in enumerate(table.continued) if done],
    }


def _clock(table: Table) -> dict[str, Any] | None:
    reserves = list(table.reserves) if table.profile.clock and table.timing.timed else None
    turn = table.turn
    if turn is None:
        return None if reserves is None else {"seat": None, "reserves": reserves}
    limit = table._limit(turn.seat)
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
