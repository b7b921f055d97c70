"""Ratings in a real browser against a real server: two guests play a Scopa match at a
public table (over the protocol); the winner's browser then sees the match end with each
rating's change, its own rating with a chart, and the leaderboard with both players, in
three languages, at 390 x 844 and 1280 x 800."""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from circolo.server.identity import COOKIE
from tests.conftest import Client, TableClient
from tests.e2e.conftest import Player, running_server, shot
from tests.e2e.test_web_verify import FAST
from tests.test_server_games import play_match

TITLES = {"en": "Ratings", "it": "Classifica", "pt-BR": "Ranking"}


async def play_rated_match(base: str) -> tuple[str, str, int | None]:
    """A Scopa match between two guests at a public table: the table, the first guest's
    token, and the winning side."""
    url = base.replace("http", "ws") + "/ws"
    host, guest = await Client.connect(url), await Client.connect(url)
    created = await host.request({"type": "table.create", "game": "scopa",
                                  "options": {"target": "single_hand"},
                                  "seats": [{"kind": "me"}, {"kind": "open"}]})  # fmt: skip
    table_id = created["table_id"]
    joined = await guest.request({"type": "table.join", "table_id": table_id})
    assert joined["type"] == "table.joined", joined
    tables = [TableClient(host, table_id), TableClient(guest, table_id)]
    await asyncio.gather(*(play_match(t, random.Random(i)) for i, t in enumerate(tables)))
    await host.until(lambda f: f["type"] == "ratings", 10)
    winner = tables[0].state["result"]["winner"]
    token = host.token
    await host.close()
    await guest.close()
    return table_id, token, winner


def my_ratings(base: str, token: str) -> list[dict[str, Any]]:
    request = urllib.request.Request(
        base + "/api/me/ratings", headers={"cookie": f"{COOKIE}={token}"}
    )
    with urllib.request.urlopen(request, timeout=5) as answer:
        ratings: list[dict[str, Any]] = json.loads(answer.read())["ratings"]
    return ratings


def test_a_rated_match_shows_its_change_my_rating_and_the_leaderboard(browser: Any) -> None:
    with running_server(**FAST, CIRCOLO_FINISHED_LINGER="120") as base:
        with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this one
            table_id, token, winner = thread.submit(asyncio.run, play_rated_match(base)).result()
        for _ in range(50):
            if mine := my_ratings(base, token):
                break
            time.sleep(0.1)
        (rating,) = mine
        assert (rating["game"], rating["mode"], rating["matches"]) == ("scopa", "1v1", 1)
        assert rating["history"][0]["before"] == 1000
        if winner is not None:
            assert (rating["rating"] > 1000) == (winner == 0)

        player = Player(browser, base)
        player.context.add_cookies([{"name": COOKIE, "value": token, "url": base}])
        page = player.page
        page.goto(f"{base}/t/{table_id}")
        change = page.locator(".match-over .rating-changes li.mine")
        change.wait_for()
        delta = rating["rating"] - 1000
        sign = "+" if delta >= 0 else ""
        assert change.inner_text() == f"Rating: 1000 → {rating['rating']} ({sign}{delta})"
        assert page.locator(".match-over .rating-changes li").count() == 2
        links = page.locator(".match-over .with-links a")  # the matches with the other player
        assert links.count() == 1 and links.get_attribute("href").startswith("#/history?name=")
        shot(page, "ratings-match-over-1280x800")

        page.goto(base + "/#/ratings")
        page.locator(".my-rating .rating-figure").wait_for()
        assert page.locator(".my-rating .rating-figure").inner_text() == str(rating["rating"])
        assert page.locator(".my-rating svg.rating-chart polyline").count() == 1
        rows = page.locator("table.leaderboard tbody tr")
        assert rows.count() == 2
        assert page.locator("table.leaderboard a[href^='#/player/g_']").count() == 2  # profiles
        assert page.locator("table.leaderboard tr.me td").nth(2).inner_text() == str(
            rating["rating"]
        )
        figures = [int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(2)]
        assert figures == sorted(figures, reverse=True)
        shot(page, "ratings-1280x800")
        page.click(".tabs a:has-text('This month')")
        page.wait_for_function("() => location.hash.includes('period=month')")
        page.locator("table.leaderboard tbody tr").first.wait_for()
        assert page.locator("table.leaderboard tbody tr").count() == 2
        page.click(".tabs a:has-text('Bisca')")
        page.locator(".ratings-page .empty").wait_for()
        for lang, title in TITLES.items():
            page.select_option("#lang", lang)
            page.wait_for_function(f"() => document.querySelector('h1')?.textContent === {title!r}")
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(base + "/#/ratings?game=scopa")
        page.locator("table.leaderboard").wait_for()
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width} px wide on a phone"
        assert page.locator("header a[href='#/ratings']").is_visible()
        shot(page, "ratings-390x844")
        player.close()
