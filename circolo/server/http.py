"""What the room's JSON routes share: the refusal every one answers (``{code, message}``)
and the address a request came from (what their per-address limits count)."""

from __future__ import annotations

import math

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

ROUTING_CODES = {404: "not_found", 405: "method_not_allowed"}


def http_error(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    return JSONResponse({"code": code, "message": message}, status_code=status, headers=headers)


def too_many(what: str, wait: float) -> JSONResponse:
    """429 ``rate_limited``, with the whole seconds to wait in the message and Retry-After."""
    seconds = math.ceil(wait)
    return http_error(
        429,
        "rate_limited",
        f"too many {what}: wait {seconds} seconds",
        {"Retry-After": str(seconds)},
    )


def client_address(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


async def routing_refusal(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such route, a method the route does not take): under
    ``/api/`` a JSON refusal with a code, as every JSON route answers; plain text elsewhere."""
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith("/api/"):
        code = ROUTING_CODES.get(exc.status_code, "bad_request")
        return http_error(exc.status_code, code, exc.detail, dict(exc.headers or {}))
    return PlainTextResponse(exc.detail, exc.status_code, exc.headers)
