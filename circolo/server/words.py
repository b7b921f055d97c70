"""``GET /i18n/{lang}``: one language's messages in the browser's JSON form.

The body is ``{"lang": ..., "messages": {id: [parts]}}`` from ``circolo.i18n.compile_messages``,
built once per language; the catalogues change only with a new release, so browsers may
keep it an hour. An unknown language is a 404 with the languages there are.
"""

from __future__ import annotations

import json
from functools import cache

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo.i18n import LANGUAGES, compile_messages

CACHE_CONTROL = "public, max-age=3600"


@cache
def catalogue_body(lang: str) -> bytes:
    """The JSON body for one language (compiled on first use, then kept)."""
    document = {"lang": lang, "messages": compile_messages(lang)}
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


async def catalogue(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in LANGUAGES:
        return JSONResponse(
            {
                "code": "unknown_language",
                "message": f"no catalogue {lang[:20]!r}",
                "languages": list(LANGUAGES),
            },
            status_code=404,
        )
    return Response(
        catalogue_body(lang),
        media_type="application/json",
        headers={"cache-control": CACHE_CONTROL},
    )


routes = [Route("/i18n/{lang}", catalogue, methods=["GET"])]
