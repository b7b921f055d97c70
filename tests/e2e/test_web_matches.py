"""A table where a match and its rematch were played shows, in the history, that 2
matches were played at it and how each ended for the viewer; at 390 x 844 and 1280 x 800,
in three languages."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from circolo.server.identity import COOKIE
from circolo.store import MatchResult, Store, sqlite_url
from tests.conftest import run_sync
from tests.e2e.conftest import Player, running_server, shot
from tests.test_server_records import NAMES, SECRET, A, B, seat, token

SAID = {"en": "2 matches: You won! 11 – 7 · You lost 8 – 11",
        "it": "2 partite: Hai vinto! 11 – 7 · Hai perso 8 – 11",
        "pt-BR": "2 partidas: Você ganhou! 11 – 7 · Você perdeu 8 – 11"}  # fmt: skip


async def seed(url: str) -> None:
    """Anna and Bruno's one table: Anna won the match, Bruno the rematch."""
    store = await Store.open(url)
    try:
        for pid, name in NAMES.items():
            await store.ensure_guest(pid, name, at=1_761_000_000.0)
        config = {"game": "scopa", "seats": [seat(A), seat(B)], "options": {}, "private": False,
                  "speed": "standard", "tournament": False, "settings": {}}  # fmt: skip
        at = 1_764_000_000.0
        await store.create_table("r1", config, at, players=[A, B])
        result = {"winner": 1, "reason": "score", "totals": [8, 11], "hands": []}
        await store.finish_table("r1", result, at=at + 600)
        seats = ((A, 0), (B, 1))
        await store.record_matches([
            MatchResult("r1", 1, "scopa", "1v1", False, at + 300, "score", (11, 7), 0, seats),
            MatchResult("r1", 2, "scopa", "1v1", False, at + 600, "score", (8, 11), 1, seats),
        ])  # fmt: skip
    finally:
        await store.close()


def test_a_table_with_a_rematch_lists_its_two_matches(browser: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = sqlite_url(Path(folder) / "matches.sqlite3")
        run_sync(seed(url))
        with running_server(CIRCOLO_DATABASE_URL=url, CIRCOLO_SECRET_KEY=SECRET) as base:
            sizes = (("en", (1280, 800)), ("en", (390, 844)), ("it", (390, 844)),
                     ("pt-BR", (1280, 800)))  # fmt: skip
            for locale, (width, height) in sizes:
                player = Player(browser, base, width=width, height=height, locale=locale)
                player.context.add_cookies([{"name": COOKIE, "value": token(A), "url": base}])
                page = player.page
                page.goto(base + "/#/history")
                said = page.locator(".history-row[data-table=r1] .tmatches")
                said.wait_for()
                assert said.inner_text() == SAID[locale]
                wide = page.evaluate("() => document.documentElement.scrollWidth")
                assert wide <= width, f"the page is {wide} px wide at {width}"
                shot(page, f"matches-history-{locale}-{width}x{height}")
                player.context.close()
