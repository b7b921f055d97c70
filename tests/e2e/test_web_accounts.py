"""Accounts in a real browser: a guest who played a match creates an account from the
profile page (told it keeps the name and history), chooses French faces, logs out, and
logs in from a fresh browser (a phone) to find the same match in its history and the
same faces in its settings."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import Player, running_server, shot

PASSWORD = "correct horse battery"
ROOM = {
    "CIRCOLO_PLAY_NOW_WAIT": "0",
    "CIRCOLO_FINISHED_LINGER": "0.5",
    # a match left is over, then its rematch offer waits: 2 s, not a minute, before the
    # table is finished and in the history
    "CIRCOLO_TABLE": json.dumps({"rematch_window": 2}),
}
STARTED = ".table-screen .hand .card, .table-screen .cut button, .table-screen .actions button"


@pytest.fixture(scope="module")
def room() -> Iterator[str]:
    with running_server(**ROOM) as base:
        yield base


def history_rows(page: Any, base: str) -> list[str]:
    """The table ids of the history page, once it has some (a match left takes a moment
    to be finished in the store)."""
    page.goto(base + "/#/history")
    for _ in range(120):
        page.reload()
        page.wait_for_selector(".history-page .history-list, .history-page .empty")
        rows = page.locator(".history-row").evaluate_all("rows => rows.map((r) => r.dataset.table)")
        if rows:
            return list(rows)
        page.wait_for_timeout(500)
    live = page.evaluate("() => JSON.stringify(window.circolo.conn.welcome?.tables)")
    raise AssertionError(f"no match in the history; the player's live tables: {live}")


def test_a_guest_who_played_creates_an_account_and_finds_its_history_on_another_browser(
    browser: Any, room: str
) -> None:
    home = Player(browser, room)
    page = home.lobby()
    page.click(".game-scopa .modes button[data-players='2']")
    page.wait_for_selector(STARTED, timeout=30_000)
    if page.locator(".table-screen .cut button").count():  # we cut: then the cards come
        page.click(".table-screen .cut button")
    page.wait_for_selector(".table-screen .hand .card", timeout=30_000)
    page.click(".table-screen button.ghost:has-text('Leave')")
    page.click("dialog.ask button[data-answer=yes]")  # leaving loses the match: yes
    page.wait_for_selector("section.open-tables")
    played = history_rows(page, room)

    assert page.locator("header a.account-link").inner_text() == "Log in"
    page.click("header a.account-link")
    page.wait_for_selector(".account-page form.login")
    page.click(".account-page a[href='#/register']")
    page.wait_for_selector(".account-page form.register")
    assert "Create an account to keep your name and history" in page.inner_text(".account-why")
    page.fill("#reg-name", "Giulia Bianchi")
    page.fill("#reg-password", "short")
    page.click("form.register button[type=submit]")
    page.wait_for_selector(".account-error:not(:empty)")
    assert page.inner_text(".account-error") == "A password has 8 to 128 characters."
    shot(page, "account-register-error-1280x800")
    page.fill("#reg-password", PASSWORD)
    page.fill("#reg-email", "giulia@example.org")
    page.click("form.register button[type=submit]")
    page.wait_for_selector(".account-facts .account-name")
    assert page.inner_text(".account-name") == "Giulia Bianchi"
    assert page.locator("header a.account-link").inner_text() == "Profile"
    page.wait_for_function(
        "() => document.querySelector('header a.me')?.textContent === 'Giulia Bianchi'"
    )
    assert page.locator(".session-list li").count() == 1
    shot(page, "account-profile-1280x800")
    assert history_rows(page, room) == played  # the same player: the same history
    page.goto(room + "/#/settings")
    with page.expect_response("**/api/account/settings") as saved:
        page.select_option("#set-faces-scopa", "french")
    assert saved.value.ok
    assert "Giulia Bianchi" in page.inner_text(".settings-page .account-who")

    page.goto(room + "/#/profile")
    with page.expect_response("**/api/account/logout") as out:
        page.click(".account-page button.primary:has-text('Log out')")
    assert out.value.ok, out.value.text()
    page.wait_for_selector(".account-page form.login", timeout=60_000)
    assert page.locator("header a.account-link").inner_text() == "Log in"
    shot(page, "account-login-1280x800")
    page.goto(room + "/#/history")  # a guest again: her matches are not this guest's
    page.wait_for_selector(".history-page .empty")
    home.close()

    phone = Player(browser, room, width=390, height=844, locale="pt-BR")
    page = phone.lobby()
    page.goto(room + "/#/profile")  # a guest's profile: why and how to create an account
    page.wait_for_selector(".account-page form.register")
    assert "Crie uma conta para guardar seu nome e seu histórico" in page.inner_text(".account-why")
    shot(page, "account-guest-profile-390x844")
    page.click("header a.account-link")
    page.wait_for_selector(".account-page form.login")
    page.fill("#login-name", "giulia bianchi")
    page.fill("#login-password", "not the password")
    page.click("form.login button[type=submit]")
    page.wait_for_selector(".account-error:not(:empty)")
    assert page.inner_text(".account-error") == "Nome ou senha errados."
    shot(page, "account-login-error-390x844")
    page.fill("#login-password", PASSWORD)
    page.click("form.login button[type=submit]")
    page.wait_for_selector(".account-facts .account-name")
    assert page.inner_text(".account-name") == "Giulia Bianchi"
    assert "giulia@example.org" in page.inner_text(".account-facts")
    assert page.locator(".session-list li").count() == 1  # the first browser logged out
    shot(page, "account-profile-390x844")
    assert history_rows(page, room) == played
    shot(page, "account-history-390x844")
    page.goto(room + "/#/settings")  # her settings came with her
    assert page.locator("#set-faces-scopa").input_value() == "french"
    phone.close()
