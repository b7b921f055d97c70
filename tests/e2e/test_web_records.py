"""Records in a real browser against a real server whose database holds known finished
tables (tests/test_server_records.py's): the history filtered by game and mode from its
controls, by an opponent from a click on their name (with the head-to-head above, kept in
the address), a player's public profile from there, and the leaderboard's name leading to
it; at 390 x 844 and 1280 x 800 (axe finds nothing above minor), in three languages."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from circolo.server.identity import COOKIE
from circolo.store import sqlite_url
from tests.conftest import run_sync
from tests.e2e.conftest import Player, running_server, shot
from tests.e2e.test_web_pages import above_minor
from tests.test_server_records import NAMES, SECRET, A, B, seed, token

FILTER_LABELS = {"en": "Game", "it": "Gioco", "pt-BR": "Jogo"}


def rows(page: Any) -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        ".history-list .history-row", "els => els.map(e => e.dataset.table)"
    )
    return found


def shows(page: Any, expected: list[str]) -> None:
    """Wait until the history lists exactly these tables, in this order."""
    page.wait_for_function(
        "ids => JSON.stringify([...document.querySelectorAll('.history-list .history-row')]"
        ".map(e => e.dataset.table)) === JSON.stringify(ids)",
        arg=expected,
    )


def fits(page: Any, width: int) -> None:
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= width, f"the page is {wide} px wide at {width}"


def test_filtered_history_head_to_head_and_a_public_profile(browser: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = sqlite_url(Path(folder) / "seeded.sqlite3")
        run_sync(seed(url))
        env = {
            "CIRCOLO_DATABASE_URL": url,
            "CIRCOLO_SECRET_KEY": SECRET,
            "CIRCOLO_RECORD_REQUESTS": "1000",
        }
        with running_server(**env) as base:
            for width, height in ((1280, 800), (390, 844)):
                player = Player(browser, base, width=width, height=height)
                player.context.add_cookies([{"name": COOKIE, "value": token(A), "url": base}])
                page = player.page
                size = f"{width}x{height}"
                page.goto(base + "/#/history")
                page.locator(".history-filters select[name=game]").wait_for()
                page.locator(".history-row").first.wait_for()
                assert len(rows(page)) == 10

                page.select_option(".history-filters select[name=game]", "scopa")
                page.wait_for_function("() => location.hash.includes('game=scopa')")
                page.wait_for_function(
                    "() => document.querySelectorAll('.history-row').length === 5"
                )
                page.select_option(".history-filters select[name=mode]", "1v1")
                page.wait_for_function("() => location.hash.includes('mode=1v1')")
                shows(page, ["t08", "b02", "t03", "t02", "t01"])

                # a click on Bruno's name: the matches with him, the head-to-head above
                page.locator(f".history-row[data-table=t02] a.who:has-text('{NAMES[B]}')").click()
                page.wait_for_function(f"() => location.hash.includes('opponent={B}')")
                page.locator(".h2h table.records").first.wait_for()
                page.wait_for_function(
                    "() => document.querySelectorAll('.history-row').length === 4"
                )
                shows(page, ["t08", "t03", "t02", "t01"])
                cells = page.locator(".h2h table.records tbody tr:has-text('Scopa')").first.locator(
                    "td"
                )
                assert [cells.nth(i).inner_text() for i in range(4)] == ["4", "2", "1", "1"]
                name = page.locator("#history-opponent").input_value()
                assert name == NAMES[B]
                # the replay and the check of the deals are still there on each row
                assert (
                    page.locator(
                        ".history-row[data-table=t01] a.button[href='#/replay?t=t01']"
                    ).count()
                    == 1
                )
                fits(page, width)
                assert not above_minor(page), above_minor(page)
                shot(page, f"records-history-{size}")

                page.reload()  # the filters live in the address
                page.locator(".h2h table.records").first.wait_for()
                assert page.locator(".history-filters select[name=game]").input_value() == "scopa"
                shows(page, ["t08", "t03", "t02", "t01"])

                # a typed name, every mode: the 2 v 2 tables with Bruno too
                page.select_option(".history-filters select[name=mode]", "")
                page.wait_for_function("() => !location.hash.includes('mode=')")
                page.select_option(".history-filters select[name=game]", "")
                page.wait_for_function(
                    "() => document.querySelectorAll('.history-row').length === 6"
                )
                page.fill("#history-opponent", NAMES[B])
                page.press("#history-opponent", "Enter")
                page.wait_for_function("() => location.hash.includes('name=Bruno')")
                page.wait_for_function(
                    "() => document.querySelectorAll('.history-row').length === 6"
                )
                assert page.locator(".h2h").count() == 0  # a name is no id: no head-to-head

                # Bruno's profile, from the head-to-head
                page.goto(base + f"/#/history?opponent={B}")
                page.locator(f".h2h a[href='#/player/{B}']").click()
                page.wait_for_function(f"() => location.hash === '#/player/{B}'")
                page.locator(".profile-page table.records").wait_for()
                assert page.locator(".profile-page h1").inner_text() == NAMES[B]
                body = page.locator(".profile-page").inner_text()
                assert "Guest" in body and "Playing here since" in body
                recent = page.eval_on_selector_all(
                    ".profile-page .history-row", "els => els.map(e => e.dataset.table)"
                )
                assert recent == ["t09", "t06", "t05", "t03", "t02", "t01"]  # no private t08
                first = page.locator(".profile-page table.records tbody tr").nth(1).locator("td")
                assert [first.nth(i).inner_text() for i in range(4)] == ["4", "2", "1", "1"]
                fits(page, width)
                assert not above_minor(page), above_minor(page)
                shot(page, f"records-profile-{size}")

                # the leaderboard's names open the profile
                page.goto(base + "/#/ratings?game=scopa")
                page.locator(f"table.leaderboard a[href='#/player/{B}']").click()
                page.wait_for_function(
                    "name => document.querySelector('.profile-page h1')?.textContent === name",
                    arg=NAMES[B],
                )
                page.goto(base + "/#/player/g_nobody")
                page.locator(".profile-page .empty").wait_for()
                assert "no such player" in page.locator(".profile-page .empty").inner_text()
                player.close()

            player = Player(browser, base)
            player.context.add_cookies([{"name": COOKIE, "value": token(A), "url": base}])
            page = player.page
            page.goto(base + f"/#/history?opponent={B}")
            page.locator(".h2h").wait_for()
            for lang, label in FILTER_LABELS.items():
                page.select_option("#lang", lang)
                page.wait_for_function(
                    "label => document.querySelector('.history-filters .filter span')"
                    "?.textContent === label",
                    arg=label,
                )
            shot(page, "records-history-pt-BR-1280x800")
            page.goto(base + f"/#/player/{A}")
            page.locator(".profile-page table.records").wait_for()
            shot(page, "records-profile-mine-pt-BR-1280x800")
            player.close()
