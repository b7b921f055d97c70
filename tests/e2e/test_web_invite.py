"""Playing with friends from an invite link, in several browsers: the friend who opens the
link sits down and the match starts (1 v 1, standard and untimed); in 2 v 2 with a bot the
friends choose their seats (partners opposite); a late one finds the table started and
watches; a wrong code or none says the table is private. And a player who comes back
after a disconnection sees the match paused for them, with the invitation's countdown,
and the whole move log, the moves made while away too."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.e2e.conftest import Player, shot
from tests.e2e.test_web_together import log_lines, scopa_move

PHONE = {"width": 390, "height": 844}


def create_private(host: Player, players: int, seats: list[str], speed: str = "standard") -> str:
    """The host creates a private Scopa table from the lobby form; the invite link shown."""
    page = host.lobby()
    page.select_option("#cf-game", "scopa")
    page.select_option("#cf-opt-players", str(players))
    for i, kind in enumerate(seats, start=1):
        page.select_option(f"#cf-seat-{i}", kind)
    page.select_option("#cf-speed", speed)
    page.check("#cf-private")
    page.click(".create-form button[type=submit]")
    field = page.locator(".invite-panel input")
    field.wait_for(timeout=10_000)
    link = str(field.input_value())
    assert "/t/" in link and "?invite=" in link, link
    return link


def playing(page: Any) -> None:
    page.wait_for_selector(".table-screen .seat.turn", timeout=15_000)


def name_of(player: Player) -> str:
    return str(player.page.evaluate("() => window.circolo.conn.welcome.player.name"))


def waiting_with_link(page: Any) -> None:
    """The host's table waits for players, and offers its invite link."""
    page.wait_for_selector(".felt:has-text('Waiting for players')")
    page.wait_for_selector(".banner .invite-panel")


@pytest.mark.parametrize("speed", ["standard", "untimed"])
def test_the_friend_with_the_link_sits_down_and_the_match_starts(
    browser: Any, server: str, speed: str
) -> None:
    host = Player(browser, server)
    friend = Player(browser, server, **PHONE, locale="pt-BR")
    link = create_private(host, 2, ["open"], speed)
    waiting_with_link(host.page)
    shot(host.page, f"invite-host-waiting-{speed}-1280x800")
    started = time.monotonic()
    friend.page.goto(link)
    playing(friend.page)  # one free seat: taken at once, no question asked
    seated = time.monotonic() - started
    print(f"invite link to a live table: {seated:.2f} s ({speed})")
    assert seated < 5, seated
    playing(host.page)
    assert friend.page.locator(".seat.spectator").count() == 0
    end = time.monotonic() + 10
    while not friend.page.locator(".hand .card").count() and time.monotonic() < end:
        for p in (host, friend):
            if p.page.locator(".cut button").count():
                scopa_move(p.page)  # the cut, then the deal
        time.sleep(0.2)
    assert friend.page.locator(".hand .card").count() == 3
    assert friend.page.locator(".seat.mine .you").count() == 1
    assert name_of(host) in friend.page.locator(".opponents").inner_text()
    assert friend.page.locator(".table-title").inner_text().startswith("Scopa · 1 contra 1")
    if speed == "untimed":
        assert friend.page.locator(".move-clock").count() == 0
    shot(friend.page, f"invite-friend-playing-{speed}-390x844")
    for p in (host, friend):
        p.close()


def test_a_wrong_code_or_none_says_the_table_is_private(browser: Any, server: str) -> None:
    host = Player(browser, server, **PHONE)
    # a phone's share sheet: the page offers it where the browser has one
    host.page.add_init_script(
        "navigator.share = (d) => { window.shared = d; return Promise.resolve(); }"
    )
    link = create_private(host, 2, ["open"])
    shot(host.page, "invite-host-waiting-390x844")
    host.page.locator(".invite-panel button:has-text('Share')").click()
    assert host.page.evaluate("() => window.shared.url") == link
    stranger = Player(browser, server, **PHONE, locale="it-IT")
    bare = link.split("?")[0]
    for url in (bare, bare + "?invite=wrong", link[:-1]):
        stranger.page.goto(url)
        refused = stranger.page.locator(".gate-refused")
        refused.wait_for(timeout=10_000)
        assert refused.inner_text() == (
            "Questo tavolo è privato: aprilo con il link d'invito che ti hanno mandato i giocatori."
        )
        assert stranger.page.locator(".table-screen").count() == 0
    shot(stranger.page, "invite-wrong-code-390x844")
    stranger.page.locator(".gate button").click()  # back to the lobby
    stranger.page.wait_for_selector("#cf-opt-players")
    waiting_with_link(host.page)  # nobody sat
    for p in (host, stranger):
        p.close()


def test_friends_choose_their_seats_at_a_2v2_with_a_bot(browser: Any, server: str) -> None:
    host = Player(browser, server)
    # seat 2 a bot (an opponent), seat 3 the host's partner (opposite), seat 4 an opponent
    link = create_private(host, 4, ["bot:random", "open", "open"])
    first = Player(browser, server, **PHONE, locale="pt-BR")
    second = Player(browser, server, width=1280, height=800, locale="it-IT")
    for p in (first, second):
        p.page.goto(link)
        p.page.locator(".gate-seat.open button").nth(1).wait_for(timeout=10_000)
    gate = first.page.locator(".gate")
    assert "Escolha seu lugar" in gate.inner_text()
    assert "Os parceiros sentam frente a frente." in gate.inner_text()
    partner_seat = first.page.locator(".gate-seat[data-seat='2']")
    assert f"Em dupla com {name_of(host)}" in partner_seat.inner_text()
    assert "Robô · Fácil" in first.page.locator(".gate-seat[data-seat='1']").inner_text()
    shot(first.page, "invite-choose-seat-390x844")
    shot(second.page, "invite-choose-seat-1280x800")
    partner_seat.locator("button").click()
    first.page.wait_for_selector(".table-screen")
    # the second chose the same seat a moment later: told so, and asked again
    second.page.locator(".gate-seat[data-seat='2'] button").click()
    second.page.wait_for_selector(".gate .flash:has-text('Il posto è occupato')", timeout=10_000)
    assert second.page.locator(".gate-seat.open").count() == 1
    assert name_of(first) in second.page.locator(".gate-seat[data-seat='2']").inner_text()
    second.page.locator(".gate-seat[data-seat='3'] button").click()
    for p in (host, first, second):
        playing(p.page)
    # partners opposite: the host's partner is across the felt, and the host theirs
    assert name_of(host) in first.page.locator(".seat-top").inner_text()
    assert name_of(first) in host.page.locator(".seat-top").inner_text()
    shot(first.page, "invite-2v2-playing-390x844")

    late = Player(browser, server, **PHONE, locale="en-US")
    late.page.goto(link)
    started = late.page.locator(".gate-started")
    started.wait_for(timeout=10_000)
    assert started.inner_text() == "This table is full: its match has already started."
    shot(late.page, "invite-table-started-390x844")
    late.page.locator(".gate button.primary").click()  # watch
    late.page.wait_for_selector(".seat.spectator")
    assert late.page.locator(".hand .card").count() == 0
    for p in (host, first, second, late):
        p.close()


def moves_until(players: list[Player], count: int, seconds: float = 30) -> int:
    """Whoever is to move plays, until ``count`` moves were made."""
    made = 0
    end = time.monotonic() + seconds
    while made < count and time.monotonic() < end:
        for p in players:
            if made < count and scopa_move(p.page) not in (None, "cut"):
                made += 1
                time.sleep(0.6)
        time.sleep(0.2)
    return made


def test_coming_back_shows_the_paused_match_and_the_whole_log(browser: Any, server: str) -> None:
    host = Player(browser, server)
    friend = Player(browser, server, **PHONE, locale="pt-BR")
    link = create_private(host, 2, ["open"])
    friend.page.goto(link)
    for p in (host, friend):
        playing(p.page)
    assert moves_until([host, friend], 2) == 2
    friend.page.goto("about:blank")  # the friend's only connection closes
    host.page.wait_for_selector(".seat .away .countdown", timeout=20_000)
    made_away = moves_until([host], 1, seconds=10)  # the host plays on if it is their turn
    time.sleep(0.5)
    friend.page.goto(link)
    pause = friend.page.locator(".dialog.pause")
    pause.wait_for(timeout=10_000)
    assert "A partida está pausada para você" in pause.inner_text()
    assert pause.get_attribute("role") == "alertdialog"
    seconds = int(pause.locator(".countdown").inner_text().split()[0])
    assert 20 <= seconds <= 30, seconds
    assert friend.page.evaluate("() => document.activeElement.textContent") == "Volte para a mesa"
    assert friend.page.locator(".table-main[inert]").count() == 1  # nothing to play under it
    assert friend.page.locator(".table-screen.my-turn").count() == 0
    # the log is complete again: every move, those made while away too
    assert len(log_lines(friend.page)) == len(log_lines(host.page)), (
        log_lines(friend.page),
        log_lines(host.page),
    )
    moved = [json.loads(f) for f in friend.frames if '"table.snapshot"' in f]
    assert sum(1 for e in moved[-1]["log"] if e["type"] == "move") >= 2 + made_away
    shot(friend.page, "return-paused-390x844")
    friend.page.set_viewport_size({"width": 1280, "height": 800})
    shot(friend.page, "return-paused-1280x800")
    pause.locator("button").click()
    pause.wait_for(state="detached", timeout=5_000)
    host.page.wait_for_selector(".seat .away", state="detached", timeout=10_000)
    assert friend.page.locator(".table-main[inert]").count() == 0
    assert moves_until([host, friend], 1) == 1  # and the match goes on
    for p in (host, friend):
        p.close()
