"""Play now in the browser: the first card at once against bots of the level in Settings,
a seat beside a person who waits, the waiting screen of a room that waits for people,
and the lobby's list of tables with their players, settings and bots."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import Player, running_server, shot

FIRST_CARD = ".table-screen .hand .card"
FACES = "cards => cards.map((c) => c.dataset.faces)"
# the match has started and shows us something to play: our cards, or the first choice
# (Scopa's cut, Bisca's copas or sorteio) when it is ours before any card is dealt
STARTED = f"{FIRST_CARD}, .table-screen .cut button, .table-screen .actions button"


@pytest.fixture(scope="module")
def room() -> Iterator[str]:
    """The room's own defaults: Play now does not wait for people."""
    with running_server(CIRCOLO_PLAY_NOW_WAIT="0") as base:
        yield base


def play_now(page: Any, game: str, players: int, first: str = STARTED) -> float:
    """Press Play now; the seconds until ``first`` shows on the table."""
    pressed = time.monotonic()
    page.click(f".game-{game} .modes button[data-players='{players}']")
    page.wait_for_selector(first, timeout=30_000)
    return time.monotonic() - pressed


def test_play_now_deals_the_first_card_at_once_against_bots_of_my_level(
    browser: Any, room: str
) -> None:
    player = Player(browser, room)
    page = player.lobby()
    page.goto(room + "/#/settings")
    page.select_option("#set-botLevel", "expert")
    page.goto(room + "/")
    page.wait_for_selector(".game-tile")
    seconds = play_now(page, "scopa", 2)
    print(f"\nPlay now (Scopa 1 v 1, Expert bot, nobody waiting), first card: {seconds:.2f} s")
    assert seconds < 2, seconds
    assert "Bot · Expert" in page.locator(".seat-top .seat-name").inner_text()
    if page.locator(".cut button").count():  # we cut: then the cards come
        page.click(".cut button")
    page.wait_for_selector(FIRST_CARD, timeout=10_000)
    assert set(page.locator(".table-screen .card[data-faces]").evaluate_all(FACES)) == {"italian"}
    shot(page, "playnow-scopa-1280x800")
    player.close()

    phone = Player(browser, room, width=390, height=844, locale="it-IT")
    page = phone.lobby()
    seconds = play_now(page, "bisca", 4)
    print(f"Play now (Bisca 2 v 2, Medium bots, phone) to the first card: {seconds:.2f} s")
    assert seconds < 2, seconds
    assert page.locator(".table-title").inner_text() == "Bisca Capixaba · 2 contro 2"
    assert "Bot 2 · Medio" in page.locator(".seat-right .seat-name").inner_text()
    shot(page, "playnow-bisca-2v2-390x844")
    phone.close()


def test_play_now_seats_me_beside_a_person_waiting_and_the_lobby_lists_us(
    browser: Any, room: str
) -> None:
    host = Player(browser, room)
    page = host.lobby()
    page.select_option("#cf-game", "scopa")
    page.select_option("#cf-opt-players", "2")
    page.select_option("#cf-seat-1", "open")
    page.click(".create-form button[type=submit]")
    page.wait_for_selector(".table-screen .felt .waiting")
    table_url = page.url
    names = page.locator(".seat .seat-name").all_inner_texts()
    assert any("Open seat" in n for n in names) and not any("#" in n for n in names), names
    shot(page, "waiting-for-a-person-1280x800")

    guest = Player(browser, room, width=390, height=844, locale="pt-BR")
    guest_page = guest.lobby()
    guest_name = guest_page.locator("header .me").inner_text()
    pressed = time.monotonic()
    guest_page.click(".game-scopa .modes button[data-players='2']")
    # the match starts for both: the one of them who cuts (or the dealt cards) shows it
    page.wait_for_function(
        "name => document.querySelector('.seat-top .seat-name')?.textContent.includes(name)",
        arg=guest_name,
        timeout=10_000,
    )
    ready = f"{STARTED}, .table-screen .seat-top.turn"
    guest_page.wait_for_selector(ready, timeout=10_000)
    page.wait_for_selector(ready, timeout=10_000)
    seconds = time.monotonic() - pressed
    print(f"\nPlay now (Scopa 1 v 1, a person waiting), match on both screens: {seconds:.2f} s")
    assert guest_page.url == table_url
    host_name = page.locator("header .me").inner_text()
    assert host_name in guest_page.locator(".seat-top .seat-name").inner_text()
    shot(guest_page, "playnow-beside-a-person-390x844")

    alone = Player(browser, room)
    play_now(alone.lobby(), "bisca", 2)
    alone_table = alone.page.url.rsplit("/", 1)[1]
    watcher = Player(browser, room, locale="it-IT")
    lobby = watcher.lobby()
    row = lobby.locator(f".playing-tables .table-row[data-table='{table_url.rsplit('/', 1)[1]}']")
    row.wait_for()
    text = row.inner_text()
    assert host_name in text and guest_name in text, text
    assert "a 11 punti · Normale" in text and "In corso" in text, text
    assert "con bot" not in text  # two people
    text = lobby.locator(f".playing-tables .table-row[data-table='{alone_table}']").inner_text()
    assert "Bisca Capixaba · 1 contro 1" in text and "a 4 punti" in text, text
    assert "Bot · Medio" in text and "con bot" in text, text
    shot(lobby, "lobby-tables-1280x800")
    lobby.set_viewport_size({"width": 390, "height": 844})
    shot(lobby, "lobby-tables-390x844")
    for person in (host, guest, alone, watcher):
        person.close()


def test_the_waiting_screen_names_the_mode_and_starts_with_bots_on_request(
    browser: Any,
) -> None:
    with running_server(CIRCOLO_PLAY_NOW_WAIT="30") as base:
        player = Player(browser, base, width=390, height=844)
        page = player.lobby()
        page.click(".game-bisca .modes button[data-players='4']")
        page.wait_for_selector(".banner.bots-soon .countdown")
        assert page.locator(".table-title").inner_text() == "Bisca Capixaba · 2 v 2"
        me = page.locator(".seat.mine .seat-name").inner_text()
        assert page.locator("header .me").inner_text() in me
        others = page.locator(".seat:not(.mine) .seat-name").all_inner_texts()
        assert others == ["Open seat"] * 3, others
        assert page.get_by_text("Waiting for players…").count() == 1
        left = int(page.locator(".banner.bots-soon .countdown").inner_text().split()[0])
        assert 20 < left <= 30, left
        shot(page, "playnow-waiting-390x844")
        page.set_viewport_size({"width": 1280, "height": 800})
        shot(page, "playnow-waiting-1280x800")
        pressed = time.monotonic()
        page.click(".banner.bots-soon button")
        page.wait_for_selector(STARTED, timeout=10_000)
        print(f"\n'Start now with bots' to the first card: {time.monotonic() - pressed:.2f} s")
        assert "Bot" in page.locator(".seat-top .seat-name").inner_text()
        player.close()


def test_a_bisca_table_is_dealt_with_french_faces_unless_i_chose_others(
    browser: Any, room: str
) -> None:
    """Bisca Capixaba is played with the Brazilian deck: French faces (A, 7, K, J, Q) for a
    player who has not chosen faces, Italian for one who chose them."""
    phone = Player(browser, room, width=390, height=844, locale="pt-BR")
    page = phone.lobby()
    play_now(page, "bisca", 2)
    if not page.locator(FIRST_CARD).count():  # the trump choice is ours: then the cards come
        page.click(".table-screen .actions button")
    page.wait_for_selector(FIRST_CARD, timeout=10_000)
    assert set(page.locator(".table-screen .card[data-faces]").evaluate_all(FACES)) == {"french"}
    shot(page, "bisca-french-faces-390x844")
    table = page.url
    page.goto(room + "/#/settings")
    page.select_option("#set-faces-bisca", "italian")
    page.goto(table)
    page.wait_for_selector(FIRST_CARD, timeout=10_000)
    assert set(page.locator(".table-screen .card[data-faces]").evaluate_all(FACES)) == {"italian"}
    phone.close()


def test_a_table_is_dealt_with_the_faces_its_creator_chose_for_everyone_at_it(
    browser: Any, room: str
) -> None:
    """Faces are a table option of every game whose deck can be drawn two ways: a Scopa
    table created with French faces and a Bisca table with Italian ones are drawn so for a
    player who has not chosen faces in Settings; Burraco (French only) asks nothing."""
    player = Player(browser, room, locale="it-IT")
    page = player.lobby()
    page.select_option("#cf-game", "burraco")
    assert not page.locator("#cf-opt-faces").count()  # one deck only: nothing to choose
    page.select_option("#cf-game", "bisca")
    field = page.locator("label[for=cf-opt-faces]")
    assert field.inner_text().startswith("Tipo di carte")
    assert page.locator("#cf-opt-faces").input_value() == "french"  # the game's own
    assert page.locator("#cf-opt-faces option").all_inner_texts() == ["Francesi", "Italiane"]
    player.close()
    for game, faces, first in (("scopa", "french", ".cut button"), ("bisca", "italian", None)):
        player = Player(browser, room, locale="it-IT")
        page = player.lobby()
        page.select_option("#cf-game", game)
        page.select_option("#cf-opt-faces", faces)
        page.click(".create-form button[type=submit]")
        page.wait_for_selector(STARTED, timeout=30_000)
        if not page.locator(FIRST_CARD).count():  # the cut or the trump choice is ours
            page.click(first or ".table-screen .actions button")
        page.wait_for_selector(FIRST_CARD, timeout=10_000)
        cards = page.locator(".table-screen .card[data-faces]")
        assert set(cards.evaluate_all(FACES)) == {faces}, game
        shot(page, f"table-faces-{game}-{faces}-1280x800")
        player.close()


def test_play_now_tapped_while_the_page_still_connects_seats_me_once_it_is_connected(
    browser: Any, room: str
) -> None:
    """A phone on a slow network draws the lobby before its connection is up: the tap on
    Play now is sent once it is, not dropped (nor answered with an error)."""
    player = Player(browser, room, width=390, height=844, locale="pt-BR")
    page = player.page
    tapped = False
    refused = 0

    def route(ws: Any) -> None:
        nonlocal refused
        if tapped:
            ws.connect_to_server()
        else:  # the network fails this attempt: the page tries again, with back-off
            refused += 1
            ws.close()

    page.route_web_socket("**/ws", route)
    page.goto(room + "/")
    page.wait_for_selector(".game-bisca .modes button[data-players='2']")
    assert page.locator("#offline").is_hidden()  # never connected yet: no "connection lost"
    page.click(".game-bisca .modes button[data-players='2']")
    tapped = True
    page.wait_for_selector(STARTED, timeout=30_000)
    assert refused >= 1
    assert page.locator(".lobby-error").count() == 0
    shot(page, "playnow-tapped-while-connecting-390x844")
    player.close()
