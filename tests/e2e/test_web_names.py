"""A name of your own: the first visit offers one in the player's language, the player
chooses theirs, it shows in the header (on the phone too) and at the table, it is kept
on reload, refused when invalid or taken (in the player's language), and changed in
Settings."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import Player, shot


def choose(page: Any, name: str, field: str = "#name-first") -> None:
    """Send ``name`` from ``field`` and wait for the room's answer: while a save is on its
    way the Save button is disabled, and the browser does not submit on Enter."""
    with page.expect_response(lambda r: r.url.endswith("/api/me/name")):
        page.fill(field, name)
        page.locator(field).press("Enter")


def start_with_bot(page: Any) -> None:
    page.select_option("#cf-game", "scopa")
    page.select_option("#cf-opt-players", "2")
    page.click(".create-form button[type=submit]")
    page.wait_for_selector(".table-screen .seat-name")


def test_first_visit_chooses_a_name_shown_on_the_phone_and_at_the_table(
    browser: Any, server: str
) -> None:
    phone = Player(browser, server, width=390, height=844, locale="pt-BR")
    page = phone.lobby()
    card = page.locator(".name-card")
    card.wait_for()
    assert "Que nome você quer usar?" in card.inner_text()
    suggested = page.locator("#name-first")
    page.wait_for_function("() => document.querySelector('#name-first').value.length > 1")
    first = suggested.input_value()
    assert not any(word in first for word in ("Volpe", "Lupo", "Gufo", "Fox", "Owl")), first
    page.click(".name-card button.ghost >> nth=0")  # another suggestion
    page.wait_for_function(f"() => document.querySelector('#name-first').value !== {first!r}")
    shot(page, "names-first-visit-390")

    choose(page, "Zé Carioca")
    card.wait_for(state="detached")
    me = page.locator("header .me")
    assert me.is_visible() and me.inner_text().strip().endswith("Zé Carioca")
    box = me.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390 and box["y"] < 60
    start_with_bot(page)
    page.wait_for_selector(".seat-name:has-text('Zé Carioca')")
    shot(page, "names-table-390")

    page.reload()
    page.wait_for_selector("header .me:has-text('Zé Carioca')")
    page.evaluate("() => sessionStorage.setItem('circolo.stayLobby', '1')")  # not the table
    page.goto(server + "/")
    page.wait_for_selector("#cf-opt-players")
    page.wait_for_timeout(300)
    assert page.locator(".name-card").count() == 0  # chosen once: never asked again
    page.click("header .me")  # on the phone the name is the way to Settings
    assert page.locator("#name-set").input_value() == "Zé Carioca"
    shot(page, "names-settings-390")
    phone.close()


def test_invalid_and_taken_names_are_refused_and_settings_change_it(
    browser: Any, server: str
) -> None:
    marco = Player(browser, server)
    pm = marco.lobby()
    pm.locator(".name-card").wait_for()
    choose(pm, "Marco Polo")
    pm.wait_for_selector("header .me:has-text('Marco Polo')")

    other = Player(browser, server)
    page = other.lobby()
    page.locator(".name-card").wait_for()
    error = page.locator("#name-first-error")
    for name, words in [
        ("Bot", "pass for a bot"),
        ("R0bô", "pass for a bot"),
        ("Ci\u202erco", "invisible"),
        ("x", "2 to 20"),
        ("marco  polo", "already has that name"),
        ("Mаrco Polo", "already has that name"),  # a Cyrillic а
    ]:
        choose(page, name)
        page.wait_for_function(
            "w => document.querySelector('#name-first-error').textContent.includes(w)", arg=words
        )
        assert page.locator(".name-card").count() == 1
    shot(page, "names-taken-1280")
    choose(page, "Giulia")
    page.locator(".name-card").wait_for(state="detached")

    page.click("header .me")  # the name leads to Settings
    field = page.locator("#name-set")
    field.wait_for()
    assert field.input_value() == "Giulia"
    choose(page, "Marco Polo", "#name-set")
    page.wait_for_function(
        "() => document.querySelector('#name-set-error').textContent.includes('already')"
    )
    choose(page, "Giulia Bianchi", "#name-set")
    page.wait_for_selector("header .me:has-text('Giulia Bianchi')")
    assert error.count() == 0
    shot(page, "names-settings-1280")
    page.reload()
    page.wait_for_selector("header .me:has-text('Giulia Bianchi')")
    page.goto(server + "/")
    start_with_bot(page)
    page.wait_for_selector(".seat-name:has-text('Giulia Bianchi')")
    shot(page, "names-table-1280")
    marco.close()
    other.close()
