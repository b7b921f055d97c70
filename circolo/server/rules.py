"""The rules pages: ``GET /api/rules/{lang}/{game}`` gives one game's page as Markdown.

The texts are plain files, ``circolo/web/rules/<lang>/<game>.md``, one per game and
language, so that native speakers review words, not code. Two things are filled in here:
``{{name}}`` is one of the room's numbers (a ``TableSettings`` name: the page tells the
timers this room really runs with, "30 s", "2 min"), and a line ``{{room}}`` takes the
language's ``room.md`` (disconnections, leaving, speeds: the same for every game). The
browser renders the Markdown subset (circolo/web/js/rules.js) as text nodes, never HTML.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo.games import GAMES
from circolo.i18n import LANGUAGES
from circolo.table import TableSettings

PAGES = Path(__file__).resolve().parent.parent / "web" / "rules"
PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
COUNTS = {"max_disconnections", "relaxed_factor", "max_entries"}
"""Settings that are plain numbers; every other one is a time in seconds."""
CACHE_CONTROL = "public, max-age=3600"


def duration(seconds: float) -> str:
    """A time as players read it: whole minutes as "2 min", else seconds ("30 s"), with a
    no-break space so that the unit never wraps away from its number."""
    if seconds >= 60 and seconds % 60 == 0:
        return f"{seconds / 60:g}\u00a0min"
    return f"{seconds:g}\u00a0s"


def numbers(table: TableSettings) -> dict[str, str]:
    """Every setting's value as a page shows it."""
    values = table.to_json()
    return {k: f"{v:g}" if k in COUNTS else duration(float(v)) for k, v in values.items()}


def page_text(lang: str, game: str, table: TableSettings) -> str:
    """One game's page in ``lang`` with the room's part and numbers filled in; a
    placeholder that names no setting is a ``KeyError`` (the unit test reads every page)."""
    folder = PAGES / lang
    text = (folder / f"{game}.md").read_text(encoding="utf-8")
    text = text.replace("{{room}}", (folder / "room.md").read_text(encoding="utf-8"))
    values = numbers(table)
    return PLACEHOLDER.sub(lambda m: values[m.group(1)], text)


def routes(table: TableSettings) -> list[Route]:
    """The page route, for a room that runs with ``table``'s numbers."""

    @cache
    def body(lang: str, game: str) -> bytes:
        return page_text(lang, game, table).encode("utf-8")

    async def rules(request: Request) -> Response:
        lang, game = request.path_params["lang"], request.path_params["game"]
        if lang not in LANGUAGES or game not in GAMES:
            return JSONResponse(
                {
                    "code": "unknown_page",
                    "message": f"no rules page {lang[:20]!r}/{game[:20]!r}",
                    "languages": list(LANGUAGES),
                    "games": list(GAMES),
                },
                status_code=404,
            )
        return Response(
            body(lang, game),
            media_type="text/markdown; charset=utf-8",
            headers={"cache-control": CACHE_CONTROL},
        )

    return [Route("/api/rules/{lang}/{game}", rules, methods=["GET"])]
