"""Guests: a signed identity (id and display name) in an HttpOnly, SameSite cookie.

Accounts come later and upgrade a guest in place: the id stays the same.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeSerializer

COOKIE = "circolo_guest"
COOKIE_AGE = 365 * 24 * 3600

_ANIMALS = (
    "Volpe", "Lupo", "Gufo", "Falco", "Riccio", "Tasso", "Cervo", "Airone", "Delfino", "Lince",
    "Passero", "Merlo", "Orso", "Castoro", "Gabbiano", "Tartaruga", "Coniglio", "Fenicottero",
)  # fmt: skip
_WORDS = (
    "Gentile", "Audace", "Saggio", "Allegro", "Astuto", "Sereno", "Fiero", "Veloce", "Calmo",
    "Curioso", "Brillante", "Tenace", "Cortese", "Vivace", "Paziente", "Sincero",
)  # fmt: skip


@dataclass(frozen=True)
class Guest:
    """A player known by a signed token: ``id`` is stable, ``name`` is what others see."""

    id: str
    name: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name}


def new_guest() -> Guest:
    """A fresh guest with a generated display name ("Volpe Gentile 42")."""
    name = f"{secrets.choice(_ANIMALS)} {secrets.choice(_WORDS)} {secrets.randbelow(90) + 10}"
    return Guest("g_" + secrets.token_urlsafe(9), name)


class Identities:
    """Signs guests into tokens (the cookie's value) and reads them back."""

    def __init__(self, secret_key: str) -> None:
        self._serializer = URLSafeSerializer(secret_key, salt="circolo-guest")

    def token(self, guest: Guest) -> str:
        return self._serializer.dumps([guest.id, guest.name])

    def guest(self, token: str | None) -> Guest | None:
        """The guest a token names, or None when it is absent, forged or malformed."""
        if not token or len(token) > 512:
            return None
        try:
            data = self._serializer.loads(token)
        except BadSignature:
            return None
        if (
            isinstance(data, list)
            and len(data) == 2
            and all(isinstance(part, str) and 0 < len(part) <= 64 for part in data)
        ):
            return Guest(data[0], data[1])
        return None


def cookie_args(token: str, secure: bool) -> dict[str, object]:
    """``Response.set_cookie`` arguments for the guest cookie."""
    return {
        "key": COOKIE,
        "value": token,
        "max_age": COOKIE_AGE,
        "httponly": True,
        "samesite": "lax",
        "secure": secure,
        "path": "/",
    }
