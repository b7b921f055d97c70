"""A player's data in a real browser: a guest who played a match creates an account,
downloads its data from the profile (the file holds its name, e-mail and match), then on a
phone, in Italian, deletes the account: a wrong password is refused, the question can be
answered no (nothing happens), and yes erases it: the page is a guest's again, told so,
and the name and password no longer log in."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Player, running_server, shot
from tests.e2e.test_web_accounts import ROOM, STARTED, history_rows

PASSWORD = "correct horse battery"
NAME = "Marta Verdi"


@pytest.fixture(scope="module")
def room() -> Iterator[str]:
    with running_server(**ROOM) as base:
        yield base


def test_a_player_downloads_its_data_then_deletes_its_account(
    browser: Any, room: str, tmp_path: Path
) -> None:
    home = Player(browser, room)
    page = home.lobby()
    page.click(".game-scopa .modes button[data-players='2']")
    page.wait_for_selector(STARTED, timeout=30_000)
    if page.locator(".table-screen .cut button").count():
        page.click(".table-screen .cut button")
    page.wait_for_selector(".table-screen .hand .card", timeout=30_000)
    page.click(".table-screen button.ghost:has-text('Leave')")
    page.click("dialog.ask button[data-answer=yes]")
    page.wait_for_selector("section.open-tables")
    played = history_rows(page, room)

    page.goto(room + "/#/register")
    page.wait_for_selector(".account-page form.register")
    page.fill("#reg-name", NAME)
    page.fill("#reg-password", PASSWORD)
    page.fill("#reg-email", "marta@example.org")
    page.click("form.register button[type=submit]")
    page.wait_for_selector(".account-facts .account-name")
    assert page.inner_text(".account-page h2 >> nth=-2") == "Your data"
    with page.expect_download() as downloading:
        page.click(".account-page button.download-data")
    download = downloading.value
    assert download.suggested_filename.startswith("circolo-data-")
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["account"]["name"] == NAME and data["account"]["email"] == "marta@example.org"
    assert [m["table_id"] for m in data["matches"]] == played
    assert [s["current"] for s in data["sessions"]] == [True]
    page.locator("form.delete").scroll_into_view_if_needed()
    shot(page, "privacy-profile-1280x800")
    home.close()

    phone = Player(browser, room, width=390, height=844, locale="it-IT")
    page = phone.page
    page.goto(room + "/#/login")
    page.wait_for_selector(".account-page form.login")
    page.fill("#login-name", NAME)
    page.fill("#login-password", PASSWORD)
    page.click("form.login button[type=submit]")
    page.wait_for_selector("form.delete")
    assert page.inner_text("form.delete h2") == "Elimina il mio account"
    page.fill("#delete-password", "not the password")
    page.click("form.delete button[type=submit]")
    page.wait_for_selector("dialog.ask")
    assert page.inner_text("dialog.ask h2") == "Eliminare il tuo account per sempre?"
    shot(page, "privacy-delete-ask-390x844")
    page.click("dialog.ask button[data-answer=yes]")
    page.wait_for_selector("form.delete .account-error:not(:empty)")
    assert page.inner_text("form.delete .account-error") == "La password attuale è sbagliata."
    page.fill("#delete-password", PASSWORD)
    page.click("form.delete button[type=submit]")
    page.wait_for_selector("dialog.ask")
    page.keyboard.press("Escape")  # no: nothing happens
    page.wait_for_selector("dialog.ask", state="detached")
    assert page.inner_text(".account-facts .account-name") == NAME
    shot(page, "privacy-delete-form-390x844")
    page.click("form.delete button[type=submit]")
    page.click("dialog.ask button[data-answer=yes]")
    page.wait_for_selector(".account-page .account-deleted")
    assert "Il tuo account è stato eliminato" in page.inner_text(".account-deleted")
    assert page.locator("header a.account-link").inner_text() == "Accedi"
    shot(page, "privacy-deleted-390x844")
    page.goto(room + "/#/login")
    page.wait_for_selector(".account-page form.login")
    page.fill("#login-name", NAME)
    page.fill("#login-password", PASSWORD)
    page.click("form.login button[type=submit]")
    page.wait_for_selector(".account-error:not(:empty)")
    assert page.inner_text(".account-error") == "Nome o password sbagliati."
    phone.close()
