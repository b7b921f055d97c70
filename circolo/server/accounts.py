"""Accounts: a name and a password (argon2id, docs/accounts.md), and the server-side
sessions of the browsers logged in.

A session's id is random (256 bits) and lives only in the browser's HttpOnly cookie; the
store keeps its SHA-256, so reading the database logs nobody in. Every login and
registration makes a new id (a session id planted before the login is never promoted).
Answers to a login never tell whether a name exists: an unknown name is checked against
a dummy hash, so it costs the same time and gets the same refusal as a wrong password.
Logins are limited per name and per address, registrations per address (sliding windows
on an injected clock, so tests can move time).
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import structlog
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from circolo.server import names, prefs
from circolo.server.identity import Guest
from circolo.server.ratelimit import SlidingWindow
from circolo.store import AccountExists, AccountRecord, NameTaken, SessionRecord, Store

log = structlog.get_logger(__name__)

SESSION_COOKIE = "circolo_session"
SESSION_DAYS = 60.0
"""A session unused this long is over (each use moves it: a sliding expiry)."""
TOUCH_EVERY = 300.0
"""Seconds between two writes of a session's ``last_seen_at`` (not one write a request)."""

PASSWORD_MIN = 8
PASSWORD_MAX = 128
EMAIL_MAX = 254
_EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s.]+(\.[^@\s.]+)+$")

TIME_COST = 2
MEMORY_KIB = 19 * 1024
PARALLELISM = 1
"""argon2id with OWASP's first recommended set (19 MiB, 2 passes, 1 lane): see
docs/accounts.md for why."""

LOGIN_WINDOW = 900.0
REGISTER_WINDOW = 3600.0
"""Seconds over which logins (per name, per address) and registrations (per address) are
counted; how many are allowed are settings (``logins_per_name``...)."""


class AccountProblem(Exception):
    """A refusal: an HTTP ``status``, a ``code`` the page words (error-<code>), a message
    in English for scripts, and for a rate limit the seconds to wait."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        retry_after: float = 0.0,
        details: dict[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after
        self.details = details or {}
        """More of the answer's fields (``account_suspended``: ``until``)."""


WRONG = AccountProblem(401, "login_failed", "wrong name or password")


@dataclass(frozen=True)
class Login:
    """Who a session cookie stands for: the account's player, and the session's hash."""

    account: AccountRecord
    session_hash: str

    def guest(self) -> Guest:
        """The account as the room knows a player (the id of the guest it was)."""
        return Guest(self.account.player_id, self.account.name, named=True)


def digest(session_id: str) -> str:
    """What the store keeps of a session id."""
    return hashlib.sha256(session_id.encode()).hexdigest()


def agent_summary(user_agent: str) -> str:
    """A few words about a browser for the list of sessions ("Firefox on Android"), never
    the whole header (it could identify the player across sites)."""
    ua = user_agent.lower()
    browser = next(
        (
            label
            for needle, label in (
                ("edg/", "Edge"), ("opr/", "Opera"), ("firefox/", "Firefox"),
                ("chrome/", "Chrome"), ("chromium/", "Chromium"), ("safari/", "Safari"),
            )
            if needle in ua
        ),
        "",
    )  # fmt: skip
    system = next(
        (
            label
            for needle, label in (
                ("android", "Android"), ("iphone", "iPhone"), ("ipad", "iPad"),
                ("windows", "Windows"), ("mac os", "macOS"), ("linux", "Linux"),
            )
            if needle in ua
        ),
        "",
    )  # fmt: skip
    return " · ".join(part for part in (browser, system) if part) or "?"


def check_password(raw: object) -> str:
    """A new password as given, or a refusal: text of ``PASSWORD_MIN``..``PASSWORD_MAX``
    characters (any characters: a passphrase is welcome)."""
    if not isinstance(raw, str):
        raise AccountProblem(400, "bad_request", "password: text expected")
    if not PASSWORD_MIN <= len(raw) <= PASSWORD_MAX:
        raise AccountProblem(
            400, "password_length", f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters"
        )
    return raw


def check_email(raw: object) -> str | None:
    """An optional e-mail address (None or empty: none), roughly checked."""
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str):
        raise AccountProblem(400, "bad_request", "email: text expected")
    email = raw.strip()
    if len(email) > EMAIL_MAX or not _EMAIL.match(email):
        raise AccountProblem(400, "email_invalid", "that is not an e-mail address")
    return email


class Accounts:
    """Registration, login, sessions and passwords of one server, over its store."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        hasher: PasswordHasher | None = None,
        *,
        logins_per_name: int = 10,
        logins_per_address: int = 30,
        registrations_per_address: int = 5,
    ) -> None:
        self.store = store
        self.clock = clock
        self.hasher = hasher or PasswordHasher(
            time_cost=TIME_COST, memory_cost=MEMORY_KIB, parallelism=PARALLELISM
        )
        self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
        self.login_names = SlidingWindow(logins_per_name, LOGIN_WINDOW)
        self.login_addresses = SlidingWindow(logins_per_address, LOGIN_WINDOW)
        self.registrations = SlidingWindow(registrations_per_address, REGISTER_WINDOW)

    # -- limits -------------------------------------------------------------------------------

    def _limit(self, *checks: tuple[SlidingWindow, str]) -> None:
        """Count one attempt in each window, or refuse (429) with the longest wait."""
        now = self.clock()
        waits = [w.retry_after(key, now) for w, key in checks if w.retry_after(key, now) > 0]
        if waits:
            raise AccountProblem(
                429, "rate_limited", "too many attempts: wait", retry_after=max(waits)
            )
        for window, key in checks:
            window.allow(key, now)

    # -- passwords ----------------------------------------------------------------------------

    async def _hash(self, password: str) -> str:
        return await asyncio.to_thread(self.hasher.hash, password)

    async def _verify(self, password_hash: str, password: str) -> bool:
        def verify() -> bool:
            try:
                return self.hasher.verify(password_hash, password)
            except (VerificationError, InvalidHashError):
                return False

        return await asyncio.to_thread(verify)

    # -- sessions -----------------------------------------------------------------------------

    async def _open_session(self, player_id: str, agent: str) -> str:
        """A new session of ``player_id``: its id (for the cookie only)."""
        session_id = secrets.token_urlsafe(32)
        await self.store.add_session(digest(session_id), player_id, self.clock(), agent)
        return session_id

    async def who(self, session_id: str | None) -> Login | None:
        """The login a session cookie stands for, or None (absent, unknown, expired)."""
        if not session_id or len(session_id) > 128:
            return None
        hashed = digest(session_id)
        found = await self.store.session(hashed)
        now = self.clock()
        if found is None:
            return None
        if found.last_seen_at < now - SESSION_DAYS * 86400:
            await self.store.drop_sessions(session_hash=hashed)
            return None
        account = await self.store.account(found.player_id)
        if account is None or account.suspended(now):
            return None
        if now - found.last_seen_at > TOUCH_EVERY:
            await self.store.touch_session(hashed, now)
        return Login(account, hashed)

    async def sessions(self, player_id: str) -> list[SessionRecord]:
        return await self.store.sessions(player_id)

    async def logout(self, login: Login) -> None:
        await self.store.drop_sessions(session_hash=login.session_hash)
        log.info("logged_out", player=login.account.player_id)

    async def logout_everywhere(self, login: Login) -> None:
        """End every session of the account but this one."""
        await self.store.drop_sessions(player_id=login.account.player_id, keep=login.session_hash)
        log.info("logged_out_everywhere", player=login.account.player_id)

    # -- the three forms ----------------------------------------------------------------------

    async def register(
        self, guest: Guest, raw: Mapping[str, object], address: str, agent: str
    ) -> tuple[AccountRecord, str]:
        """``guest`` becomes an account in place (same id: its history stays): the account
        and a new session id."""
        name = _name(raw.get("name"))
        password = check_password(raw.get("password"))
        email = check_email(raw.get("email"))
        self._limit((self.registrations, address))
        if names.impersonates(name):
            raise AccountProblem(400, "name_reserved", "that name could pass for a bot")
        key = names.key(name)
        if await self.store.account_named(key) is not None:
            raise AccountProblem(409, "account_name_taken", "an account has that name")
        password_hash = await self._hash(password)
        try:
            await self.store.create_account(guest.id, name, key, password_hash, email, self.clock())
        except NameTaken:
            raise AccountProblem(409, "account_name_taken", "an account has that name") from None
        except AccountExists:
            raise AccountProblem(409, "already_account", "you have an account") from None
        account = await self.store.account(guest.id)
        assert account is not None
        log.info("account_created", player=guest.id)
        return account, await self._open_session(guest.id, agent)

    async def login(
        self, raw: Mapping[str, object], address: str, agent: str
    ) -> tuple[AccountRecord, str]:
        """The account a name and password open, and a new session id; ``WRONG`` for an
        unknown name or a wrong password alike (same answer, same work)."""
        name, password = raw.get("name"), raw.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise AccountProblem(400, "bad_request", "name and password: text expected")
        if len(name) > 4 * names.LONGEST or len(password) > PASSWORD_MAX:
            raise WRONG
        key = names.key(name)
        self._limit((self.login_names, key), (self.login_addresses, address))
        account = await self.store.account_named(key) if key else None
        valid = await self._verify(account.password_hash if account else self._dummy, password)
        if account is None or not valid:
            log.info("login_refused")
            raise WRONG
        if account.suspended(self.clock()):  # said only to who knows the password
            log.info("login_suspended", player=account.player_id)
            raise suspended(account)
        if self.hasher.check_needs_rehash(account.password_hash):
            await self.store.set_password(
                account.player_id, await self._hash(password), account.password_changed_at
            )
        log.info("logged_in", player=account.player_id)
        return account, await self._open_session(account.player_id, agent)

    async def save_settings(self, login: Login, raw: object) -> dict[str, object]:
        """Merge the preferences in ``raw`` (checked) into the account's: all of them."""
        try:
            changed = prefs.check(raw)
        except prefs.PrefsProblem as problem:
            raise AccountProblem(400, "bad_request", str(problem)) from None
        account = await self.store.account(login.account.player_id)
        merged = prefs.merge(account.settings if account else None, changed)
        await self.store.set_settings(login.account.player_id, merged)
        return merged

    async def confirm_password(self, login: Login, raw: object) -> None:
        """The account's password typed again (before erasing it), counted against the
        name's logins; 403 ``wrong_password`` otherwise."""
        if not isinstance(raw, str):
            raise AccountProblem(400, "bad_request", "password: text expected")
        self._limit((self.login_names, login.account.name_key))
        account = await self.store.account(login.account.player_id)
        if (
            account is None
            or len(raw) > PASSWORD_MAX
            or not await self._verify(account.password_hash, raw)
        ):
            raise AccountProblem(403, "wrong_password", "the password is wrong")

    async def change_password(self, login: Login, raw: Mapping[str, object]) -> None:
        """A new password, given the current one; every other session ends."""
        current = raw.get("current")
        if not isinstance(current, str):
            raise AccountProblem(400, "bad_request", "current: text expected")
        password = check_password(raw.get("password"))
        player_id = login.account.player_id
        self._limit((self.login_names, login.account.name_key))
        account = await self.store.account(player_id)
        if account is None or not await self._verify(account.password_hash, current):
            raise AccountProblem(403, "wrong_password", "the current password is wrong")
        await self.store.set_password(player_id, await self._hash(password), self.clock())
        await self.store.drop_sessions(player_id=player_id, keep=login.session_hash)
        log.info("password_changed", player=player_id)


def suspended(account: AccountRecord) -> AccountProblem:
    """The refusal of a suspended account's login: until when (None: until lifted)."""
    until = account.suspended_until
    when = f" until {until:.0f} (epoch seconds)" if until is not None else ""
    return AccountProblem(
        403, "account_suspended", f"this account is suspended{when}", details={"until": until}
    )


def _name(raw: object) -> str:
    try:
        return names.check_name(raw)
    except names.NameProblem as problem:
        raise AccountProblem(400, problem.code, problem.message) from None
