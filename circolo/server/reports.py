"""Players' reports of a match: a reason from a short list and a few words, kept with a
reference to the table, whose log stays in the store, so ``circolo admin reports`` reviews
the report with the match's replay (docs/fairplay.md).

Only a player who sat at the table reports it (live or finished), once; reports are limited
per player and per address, and the words are cleaned as chat is.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo.server.forms import FormProblem, read_form, text_field
from circolo.server.http import client_address, too_many
from circolo.server.identity import Guest, clean_text
from circolo.server.ratelimit import SlidingWindow
from circolo.store import ReportExists, StoreError, UnknownTable

if TYPE_CHECKING:
    from circolo.server.app import Server

REASONS = ("abuse", "cheating", "stalling", "other")
"""Abuse in chat, cheating or collusion, stalling, something else."""
TEXT_CHARS = 300
WINDOW = 3600.0
"""Seconds over which reports are counted (per player, per address: settings)."""


class ReportLimits:
    """The sliding windows of one server's reports."""

    def __init__(self, per_player: int, per_address: int) -> None:
        self.players = SlidingWindow(per_player, WINDOW)
        self.addresses = SlidingWindow(per_address, WINDOW)


def check(data: dict[str, object]) -> tuple[str, str, str]:
    """(table id, reason, text) from a report's form, or a refusal."""
    table_id = text_field(data, "table_id", 64)
    reason = data.get("reason")
    if reason not in REASONS:
        raise FormProblem(400, "report_reason", "reason: one of " + ", ".join(REASONS))
    raw = text_field(data, "text", 4 * TEXT_CHARS) if "text" in data else ""
    text = " ".join(clean_text(raw).split())
    if len(text) > TEXT_CHARS:
        raise FormProblem(400, "report_too_long", f"at most {TEXT_CHARS} characters")
    return table_id, str(reason), text


async def report(request: Request) -> Response:
    """``POST /api/reports`` ``{table_id, reason, text?}``: report a match one sat in."""
    server: Server = request.app.state.server
    assert server.store is not None
    guest: Guest = request.state.guest
    limits = server.report_limits
    try:
        data = await read_form(request, {"table_id", "reason"}, frozenset({"text"}))
        table_id, reason, text = check(data)
        try:
            record = await server.store.table(table_id)
        except UnknownTable:
            raise FormProblem(404, "no_table", "no such table") from None
        if guest.id not in record.players:
            raise FormProblem(403, "not_seated", "only a player of the match reports it")
        now = time.monotonic()
        checks = ((limits.players, guest.id), (limits.addresses, client_address(request)))
        waits = [window.retry_after(key, now) for window, key in checks]
        if any(waits):
            return too_many("reports", max(waits))
        await server.store.add_report(table_id, guest.id, reason, text, time.time())
        for window, key in checks:
            window.allow(key, now)
    except FormProblem as problem:
        return problem.response()
    except ReportExists:
        return FormProblem(409, "already_reported", "you reported this match already").response()
    except StoreError:
        return FormProblem(503, "busy", "not stored: try again").response()
    return JSONResponse({"ok": True})


ROUTES = [Route("/api/reports", report, methods=["POST"])]
