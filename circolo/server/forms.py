"""A JSON form from the room's own page, checked before anything changes: the same walls
as the account's forms (docs/accounts.md, "Cross-site requests"): the room's ``Origin``,
``Content-Type: application/json``, a small body, one object with exactly its fields."""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import JSONResponse

from circolo.server import naming
from circolo.server.http import http_error

BODY_BYTES = 2048


class FormProblem(Exception):
    """A refusal: the HTTP status, a ``code`` the page words (error-<code>), a message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def response(self) -> JSONResponse:
        return http_error(self.status, self.code, self.message)


async def read_form(
    request: Request, required: set[str], optional: frozenset[str] = frozenset()
) -> dict[str, object]:
    """The form's JSON object: from the room's page, at most ``BODY_BYTES``, with every
    ``required`` field and no field but those and ``optional``."""
    if not naming._same_origin(request):
        raise FormProblem(403, "cross_site", "send this from the room's own page")
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise FormProblem(415, "bad_request", "send a JSON object")
    body = await naming._body(request, BODY_BYTES)
    if body is None:
        raise FormProblem(413, "too_large", f"a form is at most {BODY_BYTES} bytes")
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise FormProblem(400, "bad_request", "the body is not JSON") from None
    if not isinstance(data, dict):
        raise FormProblem(400, "bad_request", "send a JSON object")
    missing = sorted(required - data.keys())
    unknown = sorted(data.keys() - required - optional)
    if missing or unknown:
        parts = [
            *(["missing: " + ", ".join(missing)] if missing else []),
            *(["unknown: " + ", ".join(unknown)] if unknown else []),
        ]
        raise FormProblem(400, "bad_request", "; ".join(parts))
    return data


def text_field(data: dict[str, object], name: str, longest: int) -> str:
    """A text field of at most ``longest`` characters (a refusal otherwise)."""
    value = data.get(name)
    if not isinstance(value, str):
        raise FormProblem(400, "bad_request", f"{name}: text expected")
    if len(value) > longest:
        raise FormProblem(400, "bad_request", f"{name}: at most {longest} characters")
    return value


def int_field(data: dict[str, object], name: str, lowest: int, highest: int) -> int:
    """A whole number from ``lowest`` to ``highest`` (a refusal otherwise)."""
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not lowest <= value <= highest:
        raise FormProblem(400, "bad_request", f"{name}: a whole number {lowest} to {highest}")
    return value
