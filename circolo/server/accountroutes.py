"""The account's HTTP routes (register, log in and out, sessions, password).

Every POST changes state on the strength of a cookie, so like ``POST /api/me/name`` it
takes only what a page of the room itself sends: a JSON body (another site's form cannot
send ``application/json`` without a CORS preflight, which we never grant) from the room's
own ``Origin``, with ``Sec-Fetch-Site: same-origin`` when the browser sends it. That needs
no token kept per session, and a page never has to read one. Bad input (too long, not
JSON, a field missing, of the wrong type, or one not asked for) is refused with a ``code``
before anything changes.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from circolo.server import naming, prefs
from circolo.server.accounts import (
    SESSION_COOKIE,
    SESSION_DAYS,
    AccountProblem,
    Accounts,
    Login,
    agent_summary,
)
from circolo.server.forms import FormProblem, read_form
from circolo.server.http import client_address
from circolo.server.identity import Guest, new_guest
from circolo.server.names import language

if TYPE_CHECKING:
    from circolo.server.app import Server

FIELDS = {
    "register": ({"name", "password"}, {"email"}),
    "login": ({"name", "password"}, set()),
    "logout": (set(), set()),
    "logout_everywhere": (set(), set()),
    "password": ({"current", "password"}, set()),
    "settings": ({"settings"}, set()),
    "delete": ({"password"}, set()),
}
"""Each form's fields: (required, optional). Any other field is refused."""


def session_cookie(session_id: str, secure: bool) -> str:
    """The ``Set-Cookie`` value of a session (an empty id with Max-Age 0 clears it)."""
    age = round(SESSION_DAYS * 86400) if session_id else 0
    flags = "; Secure" if secure else ""
    return f"{SESSION_COOKIE}={session_id}; HttpOnly; Max-Age={age}; Path=/; SameSite=lax{flags}"


def _problem(problem: AccountProblem) -> JSONResponse:
    body: dict[str, Any] = {"code": problem.code, "message": problem.message, **problem.details}
    headers = None
    if problem.retry_after:
        body["retry_after"] = problem.retry_after
        headers = {"retry-after": str(math.ceil(problem.retry_after))}
    return JSONResponse(body, status_code=problem.status, headers=headers)


async def _form(request: Request, form: str) -> dict[str, object]:
    """The form's JSON object, checked (server/forms.py): from the room's page, small,
    only known fields."""
    required, optional = FIELDS[form]
    try:
        return await read_form(request, required, frozenset(optional))
    except FormProblem as problem:
        raise AccountProblem(problem.status, problem.code, problem.message) from None


def _server(request: Request) -> tuple[Server, Accounts]:
    server: Server = request.app.state.server
    assert server.accounts is not None
    return server, server.accounts


def _secure(server: Server) -> bool:
    return server.settings.base_url.startswith("https:")


def _account_json(login: Login | None, guest: Guest) -> dict[str, Any]:
    """What the page shows of its own player: the e-mail only to its owner (this is)."""
    account = None
    if login is not None:
        account = {
            "name": login.account.name,
            "email": login.account.email,
            "created_at": login.account.created_at,
            "settings": prefs.migrated(login.account.settings),
        }
    return {"player": guest.to_json(), "account": account}


async def account(request: Request) -> Response:
    """``GET /api/account``: this player, and its account when logged in."""
    return JSONResponse(_account_json(request.state.login, request.state.guest))


async def sessions(request: Request) -> Response:
    """``GET /api/account/sessions``: the account's logged-in browsers (no ids)."""
    login: Login | None = request.state.login
    if login is None:
        return _problem(AccountProblem(401, "not_logged_in", "log in first"))
    _, accounts = _server(request)
    found = await accounts.sessions(login.account.player_id)
    return JSONResponse(
        {
            "sessions": [
                {
                    "created_at": s.created_at,
                    "last_seen_at": s.last_seen_at,
                    "agent": s.agent,
                    "current": s.session_hash == login.session_hash,
                }
                for s in found
            ]
        }
    )


def _logged_in(
    request: Request, server: Server, found: Login, session_id: str, answer: dict[str, Any]
) -> Response:
    """The answer to a login or registration: the new session's cookie; the page's
    WebSockets are the account's from their next connection."""
    request.state.login = found
    request.state.guest = found.guest()
    response = JSONResponse(answer)
    response.headers.append("set-cookie", session_cookie(session_id, _secure(server)))
    return response


async def register(request: Request) -> Response:
    """``POST /api/account/register`` ``{name, password, email?}``: the guest becomes an
    account in place (same player id: its name and matches stay). Its old guest cookie
    is revoked and a fresh guest's replaces it, for after a logout."""
    server, accounts = _server(request)
    try:
        data = await _form(request, "register")
        if request.state.login is not None:
            raise AccountProblem(409, "already_account", "log out first")
        guest: Guest = request.state.guest
        if isinstance(data.get("name"), str) and naming.taken(server, str(data["name"]), guest.id):
            raise AccountProblem(409, "name_taken", "another player present has this name")
        created, session_id = await accounts.register(
            guest,
            data,
            client_address(request),
            agent_summary(request.headers.get("user-agent", "")),
        )
    except AccountProblem as problem:
        return _problem(problem)
    await server.upgraded(guest, created.name)
    request.state.cookie_guest = new_guest(language(request.headers.get("accept-language", "")))
    request.state.sign = True
    found = Login(created, "")
    return _logged_in(request, server, found, session_id, _account_json(found, found.guest()))


async def login(request: Request) -> Response:
    """``POST /api/account/login`` ``{name, password}``: a new session (a new id, always)."""
    server, accounts = _server(request)
    try:
        data = await _form(request, "login")
        found, session_id = await accounts.login(
            data, client_address(request), agent_summary(request.headers.get("user-agent", ""))
        )
    except AccountProblem as problem:
        return _problem(problem)
    old: Login | None = request.state.login
    if old is not None:  # a login over another: the old session ends here
        await accounts.logout(old)
    signed_in = Login(found, "")
    return _logged_in(
        request, server, signed_in, session_id, _account_json(signed_in, signed_in.guest())
    )


async def logout(request: Request) -> Response:
    """``POST /api/account/logout``: this session ends; the page is its guest again."""
    server, accounts = _server(request)
    try:
        await _form(request, "logout")
    except AccountProblem as problem:
        return _problem(problem)
    found: Login | None = request.state.login
    if found is not None:
        await accounts.logout(found)
        server.close_logins(found.account.player_id, keep=None)
    request.state.login = None
    request.state.guest = request.state.cookie_guest
    response = JSONResponse(_account_json(None, request.state.guest))
    response.headers.append("set-cookie", session_cookie("", _secure(server)))
    return response


async def logout_everywhere(request: Request) -> Response:
    """``POST /api/account/logout-everywhere``: every other session ends (their open
    connections are closed); this one stays."""
    server, accounts = _server(request)
    try:
        await _form(request, "logout_everywhere")
        found: Login | None = request.state.login
        if found is None:
            raise AccountProblem(401, "not_logged_in", "log in first")
    except AccountProblem as problem:
        return _problem(problem)
    await accounts.logout_everywhere(found)
    server.close_logins(found.account.player_id, keep=found.session_hash)
    return JSONResponse({"ok": True})


async def password(request: Request) -> Response:
    """``POST /api/account/password`` ``{current, password}``: a new password; every
    other session ends."""
    server, accounts = _server(request)
    try:
        data = await _form(request, "password")
        found: Login | None = request.state.login
        if found is None:
            raise AccountProblem(401, "not_logged_in", "log in first")
        await accounts.change_password(found, data)
    except AccountProblem as problem:
        return _problem(problem)
    server.close_logins(found.account.player_id, keep=found.session_hash)
    return JSONResponse({"ok": True})


async def settings(request: Request) -> Response:
    """``POST /api/account/settings`` ``{settings: {...}}``: the account's preferences
    (those named change; the page's names and values only). All of them are answered."""
    _, accounts = _server(request)
    try:
        data = await _form(request, "settings")
        found: Login | None = request.state.login
        if found is None:
            raise AccountProblem(401, "not_logged_in", "log in first")
        kept = await accounts.save_settings(found, data["settings"])
    except AccountProblem as problem:
        return _problem(problem)
    return JSONResponse({"settings": kept})


ROUTES = [
    Route("/api/account", account, methods=["GET"]),
    Route("/api/account/sessions", sessions, methods=["GET"]),
    Route("/api/account/register", register, methods=["POST"]),
    Route("/api/account/login", login, methods=["POST"]),
    Route("/api/account/logout", logout, methods=["POST"]),
    Route("/api/account/logout-everywhere", logout_everywhere, methods=["POST"]),
    Route("/api/account/password", password, methods=["POST"]),
    Route("/api/account/settings", settings, methods=["POST"]),
]
"""Add to ``create_app``'s routes: ``*accountroutes.ROUTES``."""
