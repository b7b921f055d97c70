"""What the server tells browsers to protect a page, and whose pages may open a WebSocket.

``SecurityHeaders`` is plain ASGI (no BaseHTTPMiddleware): every HTTP answer gets a strict
Content-Security-Policy (our own scripts, styles and WebSocket only; never framed),
``nosniff``, ``no-referrer`` (an invite link carries its code in the URL) and
``X-Frame-Options`` for older browsers. A route that sets its own policy keeps it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from circolo.server.settings import Settings

_HOST = re.compile(r"^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$")

FIXED = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


def policy(hosts: Iterable[str]) -> str:
    """The Content-Security-Policy: our origin only (no inline script or style), and the
    WebSocket of ``hosts`` (host and port)."""
    sockets = " ".join(f"ws://{host} wss://{host}" for host in hosts)
    directives = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        f"connect-src 'self'{sockets and ' ' + sockets}",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
    return "; ".join(directives)


def room_hosts(settings: Settings, scope: Scope) -> list[str]:
    """The room's own host names (with port): the public URL's, and the one this request
    was sent to (when it is a well-formed host)."""
    hosts = []
    if settings.public_url:
        hosts.append(urlsplit(settings.public_url).netloc.lower())
    asked = Headers(scope=scope).get("host", "").lower()
    if _HOST.match(asked) and asked not in hosts:
        hosts.append(asked)
    return hosts


def origin_allowed(settings: Settings, scope: Scope) -> bool:
    """May this WebSocket upgrade in: no ``Origin`` (not a browser: a bot or a script), the
    room's own origin (the public URL's, or the host the request came to), or one of
    ``allowed_origins``. A page of another site is refused, even carrying our cookie."""
    origin = Headers(scope=scope).get("origin")
    if origin is None:
        return True
    origin = origin.strip().lower()
    if origin in settings.allowed_origins:
        return True
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or parts.path or parts.query:
        return False
    return parts.netloc in room_hosts(settings, scope)


class SecurityHeaders:
    """Adds the security headers to every HTTP response."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        csp = policy(room_hosts(self.settings, scope))

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("content-security-policy", csp)
                for name, value in FIXED.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, sending)
