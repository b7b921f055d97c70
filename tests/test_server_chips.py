"""``GET /api/account/chips`` against a real server, on SQLite and PostgreSQL: chips are
for accounts; the first look gives the opening grant once; a balance below the floor is
topped up once a UTC day; movements page back; bad input, cross-site requests and too
many requests are refused with a code and grant nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from circolo import chips
from circolo.server.names import key
from tests.conftest import ServerProcess, server_on, server_store
from tests.test_server_accounts import LIMITS, PASSWORD, browser, fresh_name, post
from tests.test_server_conduct import admin
from tests.test_server_games import FAST

pytestmark = pytest.mark.anyio
PER_PLAYER = 12


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    env = {**FAST, **LIMITS, "CIRCOLO_CHIPS_PER_PLAYER": str(PER_PLAYER)}
    with server_on(request.param, tmp_path_factory.mktemp("chips"), env) as process:
        yield process


async def test_a_guest_has_no_chips(server: ServerProcess) -> None:
    async with browser(server) as guest:
        answer = await guest.get("/api/account/chips")
    assert answer.status_code == 401
    assert answer.json()["code"] == "not_logged_in"


async def test_the_opening_grant_is_given_once_even_to_pages_asking_together(
    server: ServerProcess,
) -> None:
    async with browser(server) as one:
        await post(one, "register", {"name": fresh_name(), "password": PASSWORD})
        answers = await asyncio.gather(*(one.get("/api/account/chips") for _ in range(4)))
        bodies = [a.json() for a in answers]
        assert all(a.status_code == 200 for a in answers)
        assert [b["balance"] for b in bodies] == [chips.OPENING_GRANT] * 4
        granted = [b["granted"] for b in bodies if b["granted"]]
        assert granted == [{"kind": "opening", "amount": chips.OPENING_GRANT}]
        again = (await one.get("/api/account/chips")).json()
        assert again["granted"] is None and again["floor"] == chips.DAILY_FLOOR
        assert [(m["kind"], m["amount"], m["balance"]) for m in again["movements"]] == [
            ("opening", chips.OPENING_GRANT, chips.OPENING_GRANT)
        ]
        assert again["next"] is None
        assert answers[0].headers["cache-control"] == "no-store"


async def test_below_the_floor_the_first_look_of_the_day_tops_up_once(
    server: ServerProcess,
) -> None:
    name = fresh_name()
    async with browser(server) as one:
        await post(one, "register", {"name": name, "password": PASSWORD})
        await one.get("/api/account/chips")
        db = await server_store(server)
        try:
            account = await db.account_named(key(name))
            assert account is not None
            pid = account.player_id
            await db.post_chips(chips.fee(pid, "cup1", 900, at=1.0))
            first = (await one.get("/api/account/chips")).json()
            assert first["granted"] == {"kind": "daily", "amount": chips.DAILY_FLOOR - 100}
            assert first["balance"] == chips.DAILY_FLOOR
            await db.post_chips(chips.fee(pid, "cup2", 450, at=2.0))
            later = (await one.get("/api/account/chips")).json()
            assert later["granted"] is None and later["balance"] == 50  # once a day
            check = await db.verify_ledger()
            assert check.ok, check
        finally:
            await db.close()
        kinds = [m["kind"] for m in later["movements"]]
        assert kinds == ["fee", "daily", "fee", "opening"]
        page = (await one.get("/api/account/chips?limit=3")).json()
        assert [m["kind"] for m in page["movements"]] == kinds[:3]
        rest = (await one.get(f"/api/account/chips?before={page['next']}")).json()
        assert [m["kind"] for m in rest["movements"]] == ["opening"] and rest["next"] is None


@pytest.mark.parametrize(
    "query", ["limit=0", "limit=51", "limit=x", "before=-1", "before=1e3", "page=2", "limit=٣"]
)
async def test_bad_paging_is_refused(server: ServerProcess, query: str) -> None:
    async with browser(server) as one:
        await post(one, "register", {"name": fresh_name(), "password": PASSWORD})
        answer = await one.get(f"/api/account/chips?{query}")
        assert answer.status_code == 400 and answer.json()["code"] == "bad_request"
        assert (await one.get("/api/account/chips")).json()["balance"] == chips.OPENING_GRANT


async def test_a_cross_site_request_is_refused_and_grants_nothing(server: ServerProcess) -> None:
    async with browser(server) as one:
        await post(one, "register", {"name": fresh_name(), "password": PASSWORD})
        answer = await one.get("/api/account/chips", headers={"sec-fetch-site": "cross-site"})
        assert answer.status_code == 403 and answer.json()["code"] == "cross_site"
        first = (await one.get("/api/account/chips")).json()
        assert first["granted"] == {"kind": "opening", "amount": chips.OPENING_GRANT}


async def test_too_many_requests_are_refused_with_a_wait(server: ServerProcess) -> None:
    async with browser(server) as one:
        await post(one, "register", {"name": fresh_name(), "password": PASSWORD})
        codes = [(await one.get("/api/account/chips")).status_code for _ in range(PER_PLAYER + 1)]
        assert codes == [200] * PER_PLAYER + [429]
        refused = await one.get("/api/account/chips")
        assert refused.json()["code"] == "rate_limited"
        assert int(refused.headers["retry-after"]) > 0


async def test_the_operator_sees_a_balance_and_verifies_the_ledger(server: ServerProcess) -> None:
    name = fresh_name()
    async with browser(server) as one:
        await post(one, "register", {"name": name, "password": PASSWORD})
        await one.get("/api/account/chips")
    shown = await asyncio.to_thread(admin, server, "chips", name)
    assert f"{name}: {chips.OPENING_GRANT} chips" in shown.stdout
    assert "opening  +1000 -> 1000" in shown.stdout
    assert "the balance is the sum of its entries" in shown.stdout
    verified = await asyncio.to_thread(admin, server, "ledger-verify")
    assert "the ledger is whole" in verified.stdout
    unknown = await asyncio.to_thread(admin, server, "chips", "Nobody Here", check=False)
    assert unknown.returncode == 1 and "no account named" in unknown.stderr
