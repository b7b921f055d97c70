"""Page-level accessibility: axe finds nothing above minor on the lobby and at a table of
each game, at the phone and the desktop size; every page has one h1; the skip link says
where it goes, in the page's language; the landmarks' labels are translated; the icon loads."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Player, shot
from tests.e2e.test_web_fit import await_my_turn, open_table

SIZES = [(390, 844), (1280, 800)]


def above_minor(page: Any) -> list[Any]:
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    found = Axe().run(page).response["violations"]
    return [
        (v["id"], v["impact"], v["nodes"][0]["target"]) for v in found if v["impact"] != "minor"
    ]


def h1s(page: Any) -> list[str]:
    return [str(x) for x in page.locator("h1").all_inner_texts()]


def test_the_lobby_at_both_sizes(browser: Any, server: str) -> None:
    for width, height in SIZES:
        player = Player(browser, server, width=width, height=height)
        page = player.lobby()
        assert not above_minor(page), above_minor(page)
        assert len(page.locator("h1").all()) == 1
        player.close()


@pytest.mark.parametrize("game", ["scopa", "bisca", "burraco"])
def test_a_table_at_both_sizes(browser: Any, server: str, game: str) -> None:
    tables: dict[tuple[str, int], Player] = {}
    page = open_table(tables, browser, server, game, 2)
    try:
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            await_my_turn(page)
            page.wait_for_timeout(300)
            assert not above_minor(page), (width, above_minor(page))
            assert len(h1s(page)) == 1, h1s(page)
    finally:
        for player in tables.values():
            player.close()


def test_headings_skip_link_labels_and_icon_in_italian(browser: Any, server: str) -> None:
    player = Player(browser, server, width=390, height=844, locale="it-IT")
    page = player.lobby()
    skip = page.locator("a.skip")
    assert skip.inner_text() == "Vai al contenuto"
    assert skip.get_attribute("href") == "#main"
    assert page.locator("nav").first.get_attribute("aria-label") == "Sito"
    # the phone header: the brand (the lobby), your name and the language, all whole
    for sel in (".brand", "header a.me", "#lang"):
        box = page.locator(sel).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, (sel, box)
    lang = page.locator("#lang")
    assert lang.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), "the language select is cut"
    assert page.locator("header a.me").evaluate("el => el.scrollWidth <= el.clientWidth + 1"), (
        "the name is cut"
    )
    icon = page.evaluate(
        "() => fetch(document.querySelector('link[rel=icon]').href)"
        ".then(r => r.headers.get('content-type'))"
    )
    assert icon.startswith("image/svg+xml")
    for route in ("#/settings", "#/verify", "#/history", "#/rules"):
        page.goto(f"{server}/{route}")
        page.wait_for_selector("h1")
        page.wait_for_timeout(200)
        assert len(h1s(page)) == 1, (route, h1s(page))
    page.goto(f"{server}/")
    page.wait_for_selector("#cf-opt-players")
    page.select_option("#cf-game", "scopa")
    page.click(".create-form button[type=submit]")
    page.wait_for_selector(".table-screen")
    assert skip.inner_text() == "Vai al tavolo"
    assert page.locator(".actions").get_attribute("aria-label") == "Le tue mosse"
    labels = page.eval_on_selector_all(
        "[aria-label]", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert not {"main", "actions"} & set(labels), labels
    # a long word in chat wraps: the side keeps the screen's width, Send stays on screen
    await_my_turn(page)
    page.fill("#chat-input", "x" * 300)
    page.press("#chat-input", "Enter")
    page.wait_for_selector(".chat-list li", state="attached")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    send = page.locator(".chat-form button").bounding_box()
    assert send and send["x"] + send["width"] <= 390, send
    shot(page, "pages-scopa-it-390x844")
    player.close()
