"""Accounts over a real store, on SQLite and PostgreSQL, with a clock the test moves:
registration upgrades a guest in place, every login is a new session (only its hash is
stored), logouts end sessions, a wrong password and an unknown name are answered alike,
limits hold per name and per address, bad fields are refused with nothing changed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any, Literal

import pytest
from argon2 import PasswordHasher

from circolo.server.accounts import (
    LOGIN_WINDOW,
    SESSION_DAYS,
    AccountProblem,
    Accounts,
    Login,
    agent_summary,
    digest,
)
from circolo.server.identity import Guest
from circolo.store import Store
from tests.test_store import url  # noqa: F401  (the SQLite and PostgreSQL fixture)

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


class CountingHasher(PasswordHasher):
    """A cheap argon2id hasher that counts its verifications (the work of a login)."""

    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=8, parallelism=1)
        self.verified = 0

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        self.verified += 1
        return super().verify(hash, password)


@pytest.fixture
async def env(url: str) -> AsyncIterator[tuple[Accounts, Store, Clock]]:  # noqa: F811
    store = await Store.open(url)
    clock = Clock()
    try:
        yield Accounts(store, clock, CountingHasher()), store, clock
    finally:
        await store.close()


Env = tuple[Accounts, Store, Clock]
LOGINS_PER_NAME = 10
LOGINS_PER_ADDRESS = 30
REGISTRATIONS_PER_ADDRESS = 5
"""The limits' defaults (settings ``logins_per_name``...)."""
MARCO = {"name": "Marco Polo", "password": "correct horse battery"}


async def problem(coroutine: Any) -> AccountProblem:
    with pytest.raises(AccountProblem) as caught:
        await coroutine
    return caught.value


async def test_a_guest_registers_in_place_keeping_its_id_name_and_history(env: Env) -> None:
    accounts, store, clock = env
    guest = Guest("g_marco", "Tucano Alegre 42")
    await store.ensure_guest(guest.id, guest.name, clock.now)
    await store.create_table("t1", {"game": "scopa"}, clock.now, players=[guest.id, "g_other"])
    await store.finish_table("t1", {"winner": 0}, clock.now + 60)
    account, session_id = await accounts.register(
        guest, {**MARCO, "email": "marco@example.org"}, "10.0.0.1", "Firefox · Linux"
    )
    assert account.player_id == guest.id and account.name == "Marco Polo"
    player = await store.player(guest.id)
    assert player is not None and player.kind == "account" and player.name == "Marco Polo"
    assert [t.table_id for t in await store.list_tables(player_id=guest.id)] == ["t1"]
    login = await accounts.who(session_id)
    assert login is not None and login.guest().id == guest.id
    assert login.account.email == "marco@example.org"
    assert account.password_hash.startswith("$argon2id$")
    assert MARCO["password"] not in account.password_hash


async def test_every_login_is_a_new_session_and_only_its_hash_is_stored(env: Env) -> None:
    accounts, store, _ = env
    _, first = await accounts.register(Guest("g_m", "Tucano"), MARCO, "a1", "x")
    _, second = await accounts.login(MARCO, "a1", "Chrome · Android")
    _, third = await accounts.login({**MARCO, "name": "marco  POLO"}, "a1", "x")
    assert len({first, second, third}) == 3 and all(len(s) >= 43 for s in (first, second))
    stored = await store.sessions("g_m")
    assert {s.session_hash for s in stored} == {digest(s) for s in (first, second, third)}
    assert not {first, second, third} & {s.session_hash for s in stored}
    for session_id in (first, second, third):
        assert await accounts.who(session_id) is not None
    assert await accounts.who(digest(first)) is None  # the hash is no way in


async def test_a_wrong_password_and_an_unknown_name_get_the_same_answer_and_work(
    env: Env,
) -> None:
    accounts, _, _ = env
    await accounts.register(Guest("g_m", "Tucano"), MARCO, "a1", "x")
    hasher = accounts.hasher
    assert isinstance(hasher, CountingHasher)
    hasher.verified = 0
    wrong = await problem(accounts.login({**MARCO, "password": "not the password"}, "a2", "x"))
    assert hasher.verified == 1
    unknown = await problem(accounts.login({**MARCO, "name": "Nobody Here"}, "a3", "x"))
    assert hasher.verified == 2  # a dummy hash was checked: the same work
    assert (wrong.status, wrong.code, wrong.message) == (401, "login_failed", unknown.message)
    assert (unknown.status, unknown.code) == (401, "login_failed")


async def test_logout_ends_only_this_session(env: Env) -> None:
    accounts, _, _ = env
    _, one = await accounts.register(Guest("g_m", "Tucano"), MARCO, "a1", "x")
    _, two = await accounts.login(MARCO, "a1", "x")
    login = await accounts.who(one)
    assert login is not None
    await accounts.logout(login)
    assert await accounts.who(one) is None
    assert await accounts.who(two) is not None


async def test_logout_everywhere_keeps_only_the_session_that_asked(env: Env) -> None:
    accounts, store, _ = env
    _, one = await accounts.register(Guest("g_m", "Tucano"), MARCO, "a1", "x")
    others = [(await accounts.login(MARCO, "a1", "x"))[1] for _ in range(3)]
    _, someone = await accounts.register(Guest("g_z", "Zeta"), {**MARCO, "name": "Zeta"}, "a2", "x")
    login = await accounts.who(one)
    assert login is not None
    await accounts.logout_everywhere(login)
    assert [await accounts.who(s) for s in others] == [None, None, None]
    assert await accounts.who(one) is not None
    assert await accounts.who(someone) is not None  # another account's sessions stay
    assert [s.session_hash for s in await store.sessions("g_m")] == [digest(one)]


async def test_changing_the_password_needs_the_current_one_and_ends_other_sessions(
    env: Env,
) -> None:
    accounts, store, _ = env
    _, one = await accounts.register(Guest("g_m", "Tucano"), MARCO, "a1", "x")
    _, other = await accounts.login(MARCO, "a1", "x")
    login = await accounts.who(one)
    assert login is not None
    before = await store.account("g_m")
    refused = await problem(
        accounts.change_password(login, {"current": "wrong guess!", "password": "a new secret"})
    )
    assert refused.code == "wrong_password" and await store.account("g_m") == before
    assert await accounts.who(other) is not None
    await accounts.change_password(login, {"current": MARCO["password"], "password": "new secret!"})
    assert await accounts.who(other) is None and await accounts.who(one) is not None
    assert (await problem(accounts.login(MARCO, "a1", "x"))).code == "login_failed"
    assert (await accounts.login({**MARCO, "password": "new secret!"}, "a1", "x"))[1]


async def test_logins_are_limited_per_name_then_free_after_the_window(env: Env) -> None:
    accounts, _, clock = env
    await accounts.register(Guest("g_m", "Tucano"), MARCO, "a0", "x")
    bad = {**MARCO, "password": "wrong password"}
    for i in range(LOGINS_PER_NAME):  # each from another address: the name's limit
        assert (await problem(accounts.login(bad, f"b{i}", "x"))).code == "login_failed"
    limited = await problem(accounts.login(MARCO, "c1", "x"))  # even the right password
    assert limited.status == 429 and limited.code == "rate_limited"
    assert 0 < limited.retry_after <= LOGIN_WINDOW
    clock.now += LOGIN_WINDOW + 1
    assert (await accounts.login(MARCO, "c1", "x"))[1]


async def test_logins_are_limited_per_address_whatever_the_name(env: Env) -> None:
    accounts, _, clock = env
    await accounts.register(Guest("g_m", "Tucano"), MARCO, "a0", "x")
    for i in range(LOGINS_PER_ADDRESS):
        attempt = {"name": f"Someone {i}", "password": "guessing..."}
        assert (await problem(accounts.login(attempt, "6.6.6.6", "x"))).code == "login_failed"
    assert (await problem(accounts.login(MARCO, "6.6.6.6", "x"))).status == 429
    assert (await accounts.login(MARCO, "7.7.7.7", "x"))[1]  # another address may
    clock.now += LOGIN_WINDOW + 1
    assert (await accounts.login(MARCO, "6.6.6.6", "x"))[1]


async def test_registrations_are_limited_per_address(env: Env) -> None:
    accounts, store, _ = env
    for i in range(REGISTRATIONS_PER_ADDRESS):
        form = {"name": f"Player {chr(65 + i)}", "password": "long enough"}
        await accounts.register(Guest(f"g_{i}", "x"), form, "5.5.5.5", "x")
    form = {"name": "Player Z", "password": "long enough"}
    limited = await problem(accounts.register(Guest("g_z", "x"), form, "5.5.5.5", "x"))
    assert limited.status == 429 and await store.account("g_z") is None


async def test_a_name_an_account_holds_is_refused_even_written_otherwise(env: Env) -> None:
    accounts, store, _ = env
    await accounts.register(Guest("g_m", "Tucano"), MARCO, "a1", "x")
    for name in ("marco polo", "MARCO  POLO", "Márco Pólo", "Mаrco Polo"):  # a Cyrillic а
        taken = await problem(
            accounts.register(Guest("g_x", "x"), {**MARCO, "name": name}, "a2", "x")
        )
        assert taken.code == "account_name_taken", name
    assert await store.account("g_x") is None
    again = await problem(
        accounts.register(Guest("g_m", "x"), {**MARCO, "name": "Other"}, "a3", "x")
    )
    assert again.code == "already_account"


@pytest.mark.parametrize(
    ("form", "code"),
    [
        ({"name": "Ok Name", "password": "short"}, "password_length"),
        ({"name": "Ok Name", "password": "x" * 129}, "password_length"),
        ({"name": "Ok Name", "password": 12345678}, "bad_request"),
        ({"name": 42, "password": "long enough"}, "name_length"),
        ({"name": "x", "password": "long enough"}, "name_length"),
        ({"name": "Bot Esperto", "password": "long enough"}, "name_reserved"),
        ({"name": "Ok Name", "password": "long enough", "email": "nope"}, "email_invalid"),
        ({"name": "Ok Name", "password": "long enough", "email": ["a@b.c"]}, "bad_request"),
    ],
)
async def test_a_bad_registration_is_refused_and_changes_nothing(
    env: Env, form: dict[str, Any], code: str
) -> None:
    accounts, store, _ = env
    refused = await problem(accounts.register(Guest("g_b", "x"), form, "a1", "x"))
    assert refused.code == code and refused.status == 400
    assert await store.account("g_b") is None and await store.player("g_b") is None


async def test_a_session_unused_for_its_days_is_over(env: Env) -> None:
    accounts, store, clock = env
    _, session_id = await accounts.register(Guest("g_m", "Tucano"), MARCO, "a1", "x")
    clock.now += SESSION_DAYS * 86400 - 60
    assert await accounts.who(session_id) is not None  # used: its time starts again
    clock.now += SESSION_DAYS * 86400 - 60
    assert await accounts.who(session_id) is not None
    clock.now += SESSION_DAYS * 86400 + 60
    assert await accounts.who(session_id) is None
    assert await store.sessions("g_m") == []


def test_a_session_lists_the_browser_in_a_few_words_only() -> None:
    ua = (
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
        "(KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
    )
    assert agent_summary(ua) == "Chrome · Android"
    assert agent_summary("") == "?"


def test_a_login_is_seen_by_the_room_as_the_guest_it_was() -> None:
    from circolo.store import AccountRecord

    record = AccountRecord("g_m", "Marco", "marco", "$argon2id$...", None, 1.0, 1.0)
    assert Login(record, "h").guest() == Guest("g_m", "Marco", named=True)


async def test_an_accounts_settings_are_kept_merged_and_checked(env: Env) -> None:
    accounts, store, _ = env
    _, session_id = await accounts.register(Guest("g_m", "Tucano"), MARCO, "a1", "x")
    login = await accounts.who(session_id)
    assert login is not None and login.account.settings is None
    await accounts.save_settings(login, {"faces": "french", "sound": False, "lang": "pt-BR"})
    kept = await accounts.save_settings(login, {"botLevel": "expert", "sound": True})
    french = {"scopa": "french", "bisca": "french", "burraco": "french"}  # one for every game
    assert kept == {"faces": french, "sound": True, "lang": "pt-BR", "botLevel": "expert"}
    again = await accounts.who(session_id)
    assert again is not None and again.account.settings == kept
    for bad in (
        {"faces": "klingon"}, {"sound": "yes"}, {"sound": 1}, {"lang": True},
        {"password_hash": "x"}, ["faces"], {"botLevel": None},
    ):  # fmt: skip
        refused = await problem(accounts.save_settings(login, bad))
        assert (refused.status, refused.code) == (400, "bad_request"), bad
    assert (await store.account("g_m")) == again.account
