"""Chips in a real browser: a guest's profile says chips come with an account; once
registered, the profile shows the welcome chips (said once, as they are given), the
balance and the movement, on a phone and on a desktop, in English and in Italian."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import Player, running_server, shot

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def room() -> Iterator[str]:
    with running_server() as base:
        yield base


def register(page: Any, base: str, name: str) -> None:
    page.goto(base + "/#/profile")
    page.wait_for_selector(".account-page form.register")
    page.fill("#reg-name", name)
    page.fill("#reg-password", PASSWORD)
    page.click("form.register button[type=submit]")


def test_an_account_sees_its_welcome_chips_and_balance(browser: Any, room: str) -> None:
    desk = Player(browser, room)
    page = desk.page
    page.goto(room + "/#/profile")
    page.wait_for_selector(".account-page form.register")
    assert "Accounts get chips to enter tournaments." in page.inner_text(".account-why")
    register(page, room, "Carla Neri")
    page.wait_for_selector(".chips .chips-balance")
    assert page.inner_text(".chips h2") == "Chips"
    assert page.inner_text(".chips-balance") == "You have 1,000 chips."
    assert "Welcome: 1,000 chips" in page.inner_text(".chips-granted")
    assert "fewer than 500" in page.inner_text(".chips .account-why")
    rows = page.locator(".chips-list li")
    assert rows.count() == 1 and "Welcome chips" in rows.first.inner_text()
    assert "+1,000" in rows.first.inner_text()
    shot(page, "chips-profile-1280x800")
    page.reload()  # given once: not said again
    page.wait_for_selector(".chips .chips-balance")
    assert page.locator(".chips-granted").count() == 0
    desk.close()


def test_the_chips_on_a_phone_in_italian(browser: Any, room: str) -> None:
    phone = Player(browser, room, width=390, height=844, locale="it-IT")
    page = phone.page
    register(page, room, "Marco Rossi")
    page.wait_for_selector(".chips .chips-balance")
    assert page.inner_text(".chips h2") == "Fiches"
    assert page.inner_text(".chips-balance") == "Hai 1000 fiches."
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390  # nothing wider than the phone
    shot(page, "chips-profile-it-390x844")
    phone.close()
