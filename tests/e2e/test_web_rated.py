"""A private table played rated, in two browsers: the host offers it rated in the create
form; the friend who opens the invite link (a phone, in Portuguese) is told so and asked,
accepts rated and sits; both see the "Rated" badge, play the match out and see each
rating's change at its end. Not a private table unless both chose rated: a friend who
declines sits at a table marked "Not rated". A 2 v 2's match end lists my rating's
change, then my partner's, then the other side's. At 390 x 844 and 1280 x 800."""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from circolo.server.identity import COOKIE
from tests.conftest import Client, TableClient
from tests.e2e.conftest import Player, running_server, shot
from tests.e2e.test_web_together import scopa_move
from tests.e2e.test_web_verify import FAST
from tests.test_server_games import play_match

PHONE = {"width": 390, "height": 844}


def offer_rated(host: Player) -> str:
    """The host creates a private 1 v 1 Scopa of one hand, offered rated; its invite link."""
    page = host.lobby()
    page.select_option("#cf-game", "scopa")
    page.select_option("#cf-opt-players", "2")
    page.select_option("#cf-opt-target", "single_hand")
    page.select_option("#cf-seat-1", "open")
    assert not page.locator("label[for=cf-rated]").is_visible()  # a public table: rated anyway
    page.check("#cf-private")
    page.select_option("#cf-speed", "relaxed")
    assert page.locator("#cf-rated").is_disabled()  # rated is the standard speed only
    page.select_option("#cf-speed", "standard")
    page.check("#cf-rated")
    shot(page, "rated-create-form-1280x800")
    page.click(".create-form button[type=submit]")
    field = page.locator(".invite-panel input")
    field.wait_for(timeout=10_000)
    return str(field.input_value())


def sit(friend: Player, link: str, *, rated: bool) -> None:
    """The friend opens the link: asked whether to play rated before sitting down."""
    friend.page.goto(link)
    gate = friend.page.locator(".gate")
    gate.locator(".gate-rated").wait_for(timeout=10_000)
    assert "Quem te convidou propõe uma partida que vale ranking" in gate.inner_text()
    box = friend.page.locator("#gate-rated")
    assert box.is_checked()
    if not rated:
        box.uncheck()
    shot(friend.page, f"rated-gate-{'accept' if rated else 'decline'}-390x844")
    gate.locator(".gate-seat.open button").click()
    friend.page.wait_for_selector(".table-screen .seat.turn", timeout=15_000)


def test_a_private_table_both_chose_rated_shows_rated_and_each_rating_change(
    browser: Any,
) -> None:
    with running_server(**FAST, CIRCOLO_FINISHED_LINGER="120") as base:
        host = Player(browser, base)
        friend = Player(browser, base, **PHONE, locale="pt-BR")
        sit(friend, offer_rated(host), rated=True)
        host.page.wait_for_selector(".table-screen .seat.turn", timeout=15_000)
        assert host.page.locator(".table-head .rated-badge.rated").inner_text() == "Rated"
        assert friend.page.locator(".table-head .rated-badge.rated").inner_text() == "Vale ranking"
        shot(friend.page, "rated-playing-390x844")
        shot(host.page, "rated-playing-1280x800")
        end = time.monotonic() + 150
        while not all(p.page.locator(".match-over").count() for p in (host, friend)):
            assert time.monotonic() < end, "the match did not end"
            for p in (host, friend):
                scopa_move(p.page)
            time.sleep(0.15)
        for p, word in ((host, "Rating: 1000 → "), (friend, "Pontuação: 1000 → ")):
            mine = p.page.locator(".match-over .rating-changes li.mine")
            mine.wait_for(timeout=10_000)
            assert mine.inner_text().startswith(word), mine.inner_text()
            assert p.page.locator(".match-over .rating-changes li").count() == 2
        shot(friend.page, "rated-match-over-390x844")
        shot(host.page, "rated-match-over-1280x800")
        for p in (host, friend):
            p.close()


def test_a_private_table_is_not_rated_unless_both_chose_rated(browser: Any, server: str) -> None:
    host = Player(browser, server)
    friend = Player(browser, server, **PHONE, locale="pt-BR")
    sit(friend, offer_rated(host), rated=False)
    host.page.wait_for_selector(".table-screen .seat.turn", timeout=15_000)
    assert host.page.locator(".table-head .rated-badge").inner_text() == "Not rated"
    assert host.page.locator(".table-head .rated-badge.rated").count() == 0
    assert friend.page.locator(".table-head .rated-badge").inner_text() == "Não vale ranking"
    shot(friend.page, "unrated-playing-390x844")
    for p in (host, friend):
        p.close()


async def play_2v2(base: str) -> tuple[str, str, list[str]]:
    """A rated 2 v 2 Scopa of people (four guests over the protocol): the table, the
    first guest's token and each seat's name."""
    url = base.replace("http", "ws") + "/ws"
    clients = [await Client.connect(url) for _ in range(4)]
    created = await clients[0].request({"type": "table.create", "game": "scopa",
                                        "options": {"players": 4, "target": "single_hand"},
                                        "seats": [{"kind": "me"}]})  # fmt: skip
    table_id = created["table_id"]
    for client in clients[1:]:
        joined = await client.request({"type": "table.join", "table_id": table_id})
        assert joined["type"] == "table.joined", joined
    tables = [TableClient(c, table_id) for c in clients]
    await asyncio.gather(*(play_match(t, random.Random(i)) for i, t in enumerate(tables)))
    await clients[0].until(lambda f: f["type"] == "ratings", 10)
    names = [s["name"] for s in tables[0].state["seats"]]
    token = clients[0].token
    for client in clients:
        await client.close()
    return table_id, token, names


def test_a_2v2_match_end_lists_my_rating_change_then_my_partners_then_the_others(
    browser: Any,
) -> None:
    with running_server(**FAST, CIRCOLO_FINISHED_LINGER="120") as base:
        with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this one
            table_id, token, names = thread.submit(asyncio.run, play_2v2(base)).result()
        player = Player(browser, base, **PHONE)
        player.context.add_cookies([{"name": COOKIE, "value": token, "url": base}])
        player.page.goto(f"{base}/t/{table_id}")
        rows = player.page.locator(".match-over .rating-changes li")
        rows.first.wait_for(timeout=10_000)
        lines = rows.all_inner_texts()
        assert len(lines) == 4, lines
        assert lines[0].startswith("Rating: 1000 → ")  # mine, then my partner's (seat 2)
        assert lines[1].startswith(f"{names[2]}: 1000 → "), lines
        assert {line.split(":")[0] for line in lines[2:]} == {names[1], names[3]}, lines
        shot(player.page, "rated-2v2-match-over-390x844")
        player.close()
