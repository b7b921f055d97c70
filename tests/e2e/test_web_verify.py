"""Verifying deals in a real browser against a real server: real matches (Scopa with its
cut, Bisca with its trump choice, Burraco) are played to their end over the protocol by a
guest, whose browser then verifies every hand from the history with one click (each ✓),
opens one hand's deal on the verify page, runs its "check it yourself" snippet, and sees a
tampered seed refused (✗)."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from circolo.deal import deal_of
from circolo.server.identity import COOKIE
from tests.conftest import Client, TableClient
from tests.e2e.conftest import Player, running_server, shot
from tests.test_server_games import FAST as QUICK_GAMES
from tests.test_server_games import play_match

FAST = {**QUICK_GAMES, "CIRCOLO_BOT_DELAY": "0"}
VOIDED = "8427c6ef34f7e560b71ed3bfeaf8bf48c70d3bb725518b0e28b1484fd69b05b4"
"""A Scopa seed whose deal, cut at 20, is void once (three or four Kings on the table):
its hand is dealt from the second shuffle."""
MATCHES = [
    ("scopa", {"target": "single_hand"}),
    ("bisca", {"target": 2}),
    ("burraco", {"hands": 1}),
]


async def play_matches(base: str) -> str:
    """Each match of ``MATCHES`` against a bot, played to its end: the guest's token."""
    client = await Client.connect(base.replace("http", "ws") + "/ws")
    for number, (game, options) in enumerate(MATCHES):
        created = await client.request(
            {"type": "table.create", "game": game, "options": options, "private": False,
             "seats": [{"kind": "me"}, {"kind": "bot", "level": "greedy"}]}
        )  # fmt: skip
        assert created["type"] == "table.created", created
        await play_match(TableClient(client, created["table_id"]), random.Random(number))
    token = client.token
    await client.close()
    return token


def finished_in_history(base: str, token: str) -> None:
    """Until the store lists every match as finished (after its rematch window)."""
    request = urllib.request.Request(base + "/api/history", headers={"cookie": f"{COOKIE}={token}"})
    for _ in range(100):
        with urllib.request.urlopen(request, timeout=5) as answer:
            if answer.read().count(b'"table_id"') == len(MATCHES):
                return
        time.sleep(0.2)
    raise AssertionError("the matches never reached the history")


def guest(browser: Any, base: str, token: str, width: int, height: int) -> Player:
    player = Player(browser, base, width=width, height=height)
    player.context.add_cookies([{"name": COOKIE, "value": token, "url": base}])
    return player


def test_every_hand_of_real_matches_verifies_and_a_tampered_seed_does_not(browser: Any) -> None:
    with running_server(**FAST) as base:
        with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this one
            token = thread.submit(asyncio.run, play_matches(base)).result()
        finished_in_history(base, token)
        player = guest(browser, base, token, 1280, 800)
        page = player.page
        page.goto(base + "/#/history")
        rows = page.locator(".history-row")
        rows.first.wait_for()
        assert rows.count() == len(MATCHES)
        for n in range(len(MATCHES)):
            rows.nth(n).locator("button.verify-all").click()
            rows.nth(n).locator(".verify-summary").wait_for()
        hands = page.locator(".verify-hand")
        assert hands.count() >= len(MATCHES)
        verdicts = [hands.nth(i).get_attribute("data-verdict") for i in range(hands.count())]
        assert verdicts == ["ok"] * len(verdicts)
        assert all(hands.nth(i).inner_text().startswith("✓") for i in range(hands.count()))
        summaries = page.locator(".verify-summary").all_inner_texts()
        assert all(s.startswith("Hands verified: ") for s in summaries)
        page.wait_for_timeout(300)
        shot(page, "verify-history-1280x800")

        # One Scopa hand's deal, as the verify page shows it from the history's link.
        scopa = page.locator(".history-row", has_text="Scopa")
        scopa.locator(".verify-hand a").first.click()
        result = page.locator(".verify-result")
        result.wait_for()
        page.locator(".deal").wait_for()
        assert result.inner_text().startswith("✓ The seed matches the fingerprint")
        assert page.locator(".deal-cards.deal-hand .card").count() == 6
        assert page.locator(".deal-place", has_text="On the table").locator(".card").count() == 4
        seed = page.input_value("#v-seed")
        cut = [int(c) for c in page.input_value("#v-cut").split(",")]
        first = int(page.input_value("#v-first"))
        deal = deal_of("scopa", seed, 2, first, cut)
        shown = page.locator(".deal-cards.deal-hand").nth(0).locator(".card")
        codes = [shown.nth(i).get_attribute("data-card") for i in range(shown.count())]
        assert codes == deal.hands[deal.order[0]]

        # The "check it yourself" snippet works on the seed exactly as the page prints it.
        page.click(".yourself summary")
        code = page.locator(".yourself code").inner_text()
        ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert ran.returncode == 0, ran.stderr
        assert ran.stdout.splitlines() == [deal.commitment, " ".join(deal.deck)]
        shot(page, "verify-deal-1280x800")

        # A tampered seed: one digit changed.
        tampered = ("1" if seed[10] != "1" else "2").join([seed[:10], seed[11:]])
        page.fill("#v-seed", tampered)
        page.click(".verify-form button[type=submit]")
        page.wait_for_function(
            "() => document.querySelector('.verify-result').classList.contains('bad')"
        )
        said = page.locator(".verify-result").inner_text()
        assert said.startswith("✗ This seed does NOT match the fingerprint")
        assert page.locator(".deal").count() == 0  # no deal for a seed that is not the hand's
        shot(page, "verify-tampered-1280x800")

        # A deal dealt again after a void one: the snippet prints the deck of that deal.
        page.goto(base + "/#/verify?" + urllib.parse.urlencode(
            {"game": "scopa", "players": 2, "first": 0, "cut": 20, "s": VOIDED, "c": ""}
        ))  # fmt: skip
        page.locator(".deal").wait_for()
        voided = deal_of("scopa", VOIDED, 2, 0, [20])
        assert voided.void_deals == 1
        assert page.locator(".deal p", has_text="void").count() == 1
        page.click(".yourself summary")
        code = page.locator(".yourself code").inner_text()
        ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert ran.stdout.splitlines() == [voided.commitment, " ".join(voided.deck)]

        # Bisca's trump and open or turned card, Burraco's pile and pozzetti, from their links.
        for game, name, place, count in (("bisca", "Bisca", None, 0),
                                         ("burraco", "Burraco", "Pozzetto 2", 11)):  # fmt: skip
            page.goto(base + "/#/history")
            row = page.locator(".history-row", has_text=name)
            row.locator("button.verify-all").click()
            row.locator(".verify-hand a").first.click()
            page.locator(".deal").wait_for()
            assert page.input_value("#v-game") == game
            if place:
                assert page.locator(".deal-place", has_text=place).locator(".card").count() == count
            else:
                assert (
                    page.locator(".deal p", has_text="Turn-up:").count()
                    + page.locator(".deal p", has_text="Copas:").count()
                    == 1
                )
            shot(page, f"verify-{game}-1280x800")
        player.close()

        phone = guest(browser, base, token, 390, 844)
        phone.page.goto(base + "/#/history")
        phone.page.locator(".history-row button.verify-all").first.click()
        phone.page.locator(".verify-summary").first.wait_for()
        assert phone.page.locator("header a[href='#/verify']").is_visible()
        shot(phone.page, "verify-history-390x844")
        phone.page.goto(base + "/" + page.url.split("/", 3)[3].lstrip("/"))
        phone.page.locator(".deal").wait_for()
        phone.page.click(".yourself summary")  # its code scrolls in its box, not the page
        assert phone.page.evaluate("() => document.documentElement.scrollWidth") <= 390
        shot(phone.page, "verify-deal-390x844")
        phone.page.fill("#v-seed", tampered)
        phone.page.click(".verify-form button[type=submit]")
        phone.page.locator(".verify-result.bad").wait_for()
        shot(phone.page, "verify-tampered-390x844")
        phone.close()
