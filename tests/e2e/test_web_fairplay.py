"""Fair play in a real browser: a guest who left two matches presses Play now and reads,
in their language, that it opens again at a given time, and no table opens."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from circolo.server.identity import COOKIE
from tests.conftest import Client
from tests.e2e.conftest import Player, running_server, shot
from tests.e2e.test_web_verify import FAST
from tests.test_fairplay import abandon


async def leave_twice(base: str) -> str:
    client = await Client.connect(base.replace("http", "ws") + "/ws")
    await abandon(client)
    await abandon(client)
    token = client.token
    await client.close()
    return token


def test_play_now_after_two_abandonments_says_when_it_opens_again(browser: Any) -> None:
    with running_server(**FAST) as base:
        with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this one
            token = thread.submit(asyncio.run, leave_twice(base)).result()
        player = Player(browser, base, width=390, height=844, locale="pt-BR")
        player.context.add_cookies([{"name": COOKIE, "value": token, "url": base}])
        page = player.lobby()
        page.click(".game-bisca .modes button[data-players='2']")
        flash = page.locator(".lobby-error")
        flash.wait_for()
        text = flash.inner_text()
        assert text.startswith("Você abandonou 2 partidas antes do fim"), text
        assert "volta às" in text and ":" in text.split("volta às")[1]
        assert page.locator(".table-screen").count() == 0
        shot(page, "fairplay-playnow-390x844")
        player.close()
