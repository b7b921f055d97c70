"""Two people in two browsers at one table, and a spectator: each sees the other's moves,
nobody sees a hidden card (neither in the page nor in the WebSocket frames), and a player
who goes away is counted down, invited back with 30 s to reopen, and plays on."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.e2e.conftest import Player, shot
from tests.e2e.test_web_play import CUT_AT


def code_in(code: str, text: str) -> bool:
    """Whether a card code stands on its own in some text (not inside a longer word)."""
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])", text) is not None


def hand_of(page: Any) -> list[str]:
    return [str(el.get_attribute("data-card")) for el in page.locator(".hand .card").all()]


def log_lines(page: Any) -> list[str]:
    return [el.inner_text() for el in page.locator(".log-list li").all()]


def settle(players: list[Player], table_id: str) -> None:
    """Wait until every page has applied the same last frame of the table (no move in flight)."""
    last = f"window.circolo.conn.last.get('{table_id}')"
    js = f"() => [{last}, !!document.querySelector('.hand.pending')]"
    end = time.monotonic() + 5
    while time.monotonic() < end:
        states = [p.page.evaluate(js) for p in players]
        if len({s[0] for s in states}) == 1 and not any(s[1] for s in states):
            return
        time.sleep(0.1)
    raise AssertionError(f"the pages did not settle: {states}")


def assert_hidden(cards: list[str], viewer: Player, whose: str) -> None:
    """None of these cards (another seat's hand) is in the viewer's page or frames."""
    # the page's text and attributes (labels, data-card), without the drawings' path data
    page_text = viewer.page.evaluate(
        "() => { const c = document.documentElement.cloneNode(true);"
        " c.querySelectorAll('svg').forEach((e) => e.remove()); return c.outerHTML; }"
    )
    frames = "\n".join(viewer.frames)
    for code in cards:
        if code_in(code, page_text):
            at = re.search(rf"(?<![A-Za-z0-9]){code}(?![A-Za-z0-9])", page_text)
            assert at is not None
            around = page_text[max(0, at.start() - 400) : at.end() + 100]
            raise AssertionError(f"{whose}'s {code} is in the page of another: {around}")
        assert not code_in(code, frames), f"{whose}'s {code} was sent to another"


def sit_two(browser: Any, base: str) -> tuple[Player, Player, str]:
    """A creates a public Scopa 1 v 1 table with an open seat; B joins it from the lobby."""
    a = Player(browser, base)
    b = Player(browser, base, width=390, height=844, locale="pt-BR")
    pa = a.lobby()
    pa.select_option("#cf-game", "scopa")
    pa.select_option("#cf-opt-players", "2")
    pa.select_option("#cf-seat-1", "open")
    pa.select_option("#cf-speed", "standard")
    pa.click(".create-form button[type=submit]")
    pa.wait_for_selector(".table-screen")
    table_id = pa.url.split("/t/")[1].split("?")[0]
    pb = b.lobby()
    row = pb.locator(f".table-row[data-table='{table_id}']")
    row.wait_for(timeout=5_000)
    row.locator("button").first.click()
    pb.wait_for_selector(".table-screen")
    for p in (pa, pb):
        start = p.locator(".banner button.primary")
        if start.count():
            start.first.click()
    for p in (pa, pb):
        p.wait_for_selector(".table-screen .seat.turn", timeout=10_000)
    return a, b, table_id


def scopa_move(page: Any) -> str | None:
    """If it is this page's turn, make a move (cut, or play the first card); its card. A
    cut that went away meanwhile (made by the room when its time ran out) is let go."""
    from playwright.sync_api import Error

    if page.locator(".cut button").count():
        try:
            page.eval_on_selector(".cut", CUT_AT, 20)  # a known deal
        except Error:
            return None
        return "cut"
    if not page.locator(".table-screen.my-turn .hand button.card").count():
        return None
    card = page.locator(".hand button.card").first
    code = str(card.get_attribute("data-card"))
    card.click()
    options = page.locator(".capture-option")
    if options.count() > 1:
        options.first.click()
    elif page.locator(".hand button.card.selected").count():
        page.locator(".hand button.card.selected").click()
    return code


def test_two_browsers_see_each_others_moves_and_nothing_of_each_others_hands(
    browser: Any, seeded_server: Any
) -> None:
    # Seed 6 cut at 20: a deal that is not voided, so no card of a hand was ever shown
    # before (a voided deal, or a past hand, makes cards public that a hand may hold later).
    with seeded_server(6) as base:
        together(browser, base)


def together(browser: Any, server: str) -> None:
    a, b, table_id = sit_two(browser, server)
    watcher = Player(browser, server)
    watcher.page.goto(f"{server}/t/{table_id}?watch=1")
    watcher.page.wait_for_selector(".table-screen .seat.turn")
    players = {"A": a, "B": b}
    moves = 0
    end = time.monotonic() + 60
    while moves < 8 and time.monotonic() < end:
        for me, other in (("A", "B"), ("B", "A")):
            page, them = players[me].page, players[other].page
            before = len(log_lines(them))
            played = scopa_move(page)
            if played is None:
                continue
            moves += 1
            # the other sees the move at once, in its log (and the card, if one was played)
            them.wait_for_function(
                f"() => document.querySelectorAll('.log-list li').length > {before}", timeout=5_000
            )
            if played != "cut":
                assert any(code_in(played, f) for f in players[other].frames)
            settle([a, b, watcher], table_id)
            for whose, player in players.items():
                cards = hand_of(player.page)
                for viewer_name, viewer in (*players.items(), ("spectator", watcher)):
                    if viewer_name != whose:
                        assert_hidden(cards, viewer, whose)
        time.sleep(0.2)
    assert moves >= 6, f"only {moves} moves were made"
    assert watcher.page.locator(".hand .card").count() == 0
    assert log_lines(watcher.page)
    shot(a.page, "two-browsers-a-1280x800")
    shot(b.page, "two-browsers-b-390x844")
    for p in (a, b, watcher):
        p.close()


def test_disconnect_and_return_with_the_invitation(browser: Any, server: str) -> None:
    a, b, _ = sit_two(browser, server)
    url = b.page.url
    b.page.goto("about:blank")  # B's only connection closes
    # A sees B away, with the 2-minute countdown beside B's name
    a.page.wait_for_selector(".seat .away .countdown, .seat .away [role=timer]", timeout=20_000)
    shot(a.page, "opponent-away-1280x800")
    b.page.goto(url)
    invite = b.page.locator(".dialog.pause")
    invite.wait_for(timeout=10_000)
    assert invite.locator("button").count() == 1
    shot(b.page, "return-invitation-390x844")
    invite.locator("button").click()
    b.page.wait_for_selector(".dialog.pause", state="detached", timeout=5_000)
    a.page.wait_for_selector(".seat .away", state="detached", timeout=10_000)
    # and the match goes on: whoever is to move plays
    end = time.monotonic() + 20
    played = None
    while played is None and time.monotonic() < end:
        played = scopa_move(a.page) or scopa_move(b.page)
        time.sleep(0.2)
    assert played
    a.close()
    b.close()
