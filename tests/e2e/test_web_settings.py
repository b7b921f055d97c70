"""Every setting per player, in the browser for a guest: card faces per game (one faces
saved for every game before is read per game, a change writes each game's), and the
confirmations: turned off, a Bisca card is played with one tap and leaving a match in
play asks nothing. At 390 x 844 and 1280 x 800."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import Player, running_server, shot

FACES = "cards => cards.map((c) => c.dataset.faces)"
STORED = "() => JSON.parse(localStorage.getItem('circolo.settings'))"


@pytest.fixture(scope="module")
def room() -> Iterator[str]:
    with running_server(CIRCOLO_PLAY_NOW_WAIT="0") as base:
        yield base


def test_one_faces_saved_before_is_read_per_game_and_a_change_writes_each_games(
    browser: Any, room: str
) -> None:
    phone = Player(browser, room, width=390, height=844, locale="it-IT")
    page = phone.page
    page.goto(room + "/")
    page.wait_for_selector(".game-scopa")  # drawn: the page has read and written its settings
    page.evaluate(
        "() => localStorage.setItem('circolo.settings', JSON.stringify({faces: 'italian'}))"
    )
    page.goto(room + "/#/settings")
    page.reload()  # the page reads what this browser stored before
    page.locator("#set-faces-burraco").wait_for()
    shown = {
        g: page.locator(f"#set-faces-{g}").input_value() for g in ("scopa", "bisca", "burraco")
    }
    assert shown == {
        "scopa": "italian",
        "bisca": "italian",
        "burraco": "auto",
    }  # no Italian Burraco
    burraco = page.locator("#set-faces-burraco option").all_inner_texts()
    assert burraco == ["Come scelto per il tavolo", "Francesi"], burraco
    assert page.locator("#set-confirm").is_checked()  # confirmations on by default
    shot(page, "settings-faces-per-game-390x844")
    page.select_option("#set-faces-scopa", "french")
    stored = page.evaluate(STORED)
    assert stored["faces"] == {"scopa": "french", "bisca": "italian", "burraco": "auto"}
    page.goto(room + "/")
    page.click(".game-scopa .modes button[data-players='2']")
    if page.locator(".cut button").count():
        page.click(".cut button")
    page.wait_for_selector(".table-screen .hand .card", timeout=30_000)
    assert set(page.locator(".table-screen .card[data-faces]").evaluate_all(FACES)) == {"french"}
    phone.close()


def test_with_confirmations_off_one_tap_plays_a_bisca_card_and_leaving_asks_nothing(
    browser: Any, room: str
) -> None:
    desk = Player(browser, room)
    page = desk.page
    page.goto(room + "/#/settings")
    page.uncheck("#set-confirm")
    assert page.evaluate(STORED)["confirm"] is False
    shot(page, "settings-confirm-off-1280x800")
    page.goto(room + "/")
    page.click(".game-bisca .modes button[data-players='2']")
    mine = ".table-screen.my-turn .hand button.card:not(.forbidden)"
    for _ in range(20):  # a choice before the cards (copas, sorteio) is made first
        page.wait_for_selector(f"{mine}, .table-screen .actions button.primary", timeout=30_000)
        if page.locator(mine).count():
            break
        page.locator(".table-screen .actions button.primary").first.click()
    card = page.locator(mine).first
    code = str(card.get_attribute("data-card"))
    assert json.loads(json.dumps(code))
    card.click()  # one tap: played, not selected
    page.wait_for_selector(f".hand button.card[data-card='{code}']", state="detached")
    assert page.locator(".hand button.card.selected").count() == 0
    page.click(".table-head button:has-text('Leave the table')")
    page.wait_for_selector(".game-tile", timeout=10_000)  # the lobby, no question asked
    assert page.locator("dialog.ask").count() == 0
    desk.close()
