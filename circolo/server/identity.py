"""Guests: a signed identity (id, display name, whether they chose it) in an HttpOnly,
SameSite cookie.

A token carries the time it was signed: it is refused once older than ``token_days``,
or older than its guest's revocation (``circolo revoke``), and a token in use is signed
again (sliding), so a player who comes back within the limit keeps their name.
Accounts come later and upgrade a guest in place: the id stays the same.
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from dataclasses import dataclass, field

from itsdangerous import BadSignature, URLSafeTimedSerializer

from circolo.server.names import generated

COOKIE = "circolo_guest"
REFRESH = 24 * 3600
"""A token older than this (seconds) is signed again when it is used."""


@dataclass(frozen=True)
class Guest:
    """A player known by a signed token: ``id`` is stable, ``name`` is what others see."""

    id: str
    name: str
    issued: float = field(default_factory=time.time, compare=False)
    """When its token was signed (a new guest: now)."""
    since: float = field(default_factory=time.time, compare=False)
    """When its first token was signed: renewals keep it, so a revocation voids every
    token of the guest's that existed then, renewed or not."""
    named: bool = False
    """Did the player choose this name (else the room made it up, and the page offers to
    choose one)?"""

    def to_json(self) -> dict[str, str | bool]:
        return {"id": self.id, "name": self.name, "named": self.named}


def new_guest(lang: str = "en") -> Guest:
    """A fresh guest with a display name made up in ``lang`` ("Tucano Alegre 42")."""
    return Guest("g_" + secrets.token_urlsafe(9), generated(lang))


class Identities:
    """Signs guests into tokens (the cookie's value) and reads them back; ``revoked``
    maps a guest id to the time before which its tokens are void (kept from the store)."""

    def __init__(self, secret_key: str, max_age: float = 30 * 24 * 3600) -> None:
        self._serializer = URLSafeTimedSerializer(secret_key, salt="circolo-guest-timed")
        self.max_age = max_age
        self.revoked: dict[str, float] = {}

    def token(self, guest: Guest) -> str:
        return self._serializer.dumps([guest.id, guest.name, guest.since, guest.named])

    def guest(self, token: str | None) -> Guest | None:
        """The guest a token names, or None when it is absent, forged, malformed, expired
        or revoked."""
        if not token or len(token) > 512:
            return None
        try:
            data, signed = self._serializer.loads(
                token, max_age=round(self.max_age), return_timestamp=True
            )
        except BadSignature:  # SignatureExpired is one
            return None
        if not (isinstance(data, list) and len(data) in (3, 4)):  # 3: signed before names
            return None
        player_id, name, since, named = [*data, False][:4]
        if not all(isinstance(part, str) and 0 < len(part) <= 64 for part in (player_id, name)):
            return None
        if not isinstance(since, int | float) or isinstance(since, bool):
            return None
        if not isinstance(named, bool):
            return None
        guest = Guest(player_id, clean_name(name), signed.timestamp(), float(since), named)
        return None if not guest.name or self.void(guest) else guest

    def void(self, guest: Guest) -> bool:
        """Was ``guest``'s token revoked (its first signed before its guest's revocation)?"""
        after = self.revoked.get(guest.id)
        return after is not None and guest.since < after

    def stale(self, guest: Guest) -> bool:
        """Should this guest's token be signed again (sliding expiry)?"""
        return time.time() - guest.issued > min(REFRESH, self.max_age / 2)


def cookie_header(token: str, max_age: float, secure: bool) -> str:
    """The ``Set-Cookie`` value of the guest cookie (the token is URL-safe text)."""
    flags = "; Secure" if secure else ""
    return f"{COOKIE}={token}; HttpOnly; Max-Age={round(max_age)}; Path=/; SameSite=lax{flags}"


_MARKS = 2
"""Combining marks kept in a row (a letter with two accents): more is 'Zalgo' text."""


def clean_text(text: str) -> str:
    """Text as others will see it: no control, format (bidi overrides, zero-width joiners)
    or line/paragraph separator characters, at most two combining marks in a row."""
    kept: list[str] = []
    marks = 0
    for ch in text:
        category = unicodedata.category(ch)
        if category in ("Cc", "Cf", "Zl", "Zp", "Cs"):
            continue
        marks = marks + 1 if category in ("Mn", "Me") else 0
        if marks <= _MARKS:
            kept.append(ch)
    return "".join(kept)


def clean_name(name: str) -> str:
    """A display name cleaned like chat, its spaces collapsed."""
    return " ".join(clean_text(name).split())
