"""The connection as a player lives it: a socket lost mid-hand and back (the log whole, no
old notice), a move made while offline (sent once back, or refused in words), leaving a
match (it loses it, and says so), the chat's limits in words, a rematch's log, and the
heartbeat (a ping only while nothing else is sent)."""

from __future__ import annotations

import json
import time
from typing import Any

from tests.e2e.conftest import Player, shot
from tests.e2e.test_web_play import play_scopa, start_seeded_scopa

LOG = ".log-list li"
FAST = {"CIRCOLO_BOT_DELAY": "0.1"}


def log_lines(page: Any) -> list[str]:
    return [str(x) for x in page.locator(LOG).all_inner_texts()]


def choose_card(page: Any) -> None:
    """Our move: the first card of the hand (its first capture, if asked)."""
    page.wait_for_selector(".table-screen.my-turn .hand button.card")
    page.locator(".hand button.card").first.click()
    options = page.locator(".capture-option")
    if options.count():
        options.first.click()


def play_one(page: Any) -> None:
    before = len(log_lines(page))
    choose_card(page)
    page.wait_for_function(f"() => document.querySelectorAll('{LOG}').length > {before}")


def go_offline(player: Player) -> None:
    """The network drops: no new connection, and the open socket is gone."""
    player.context.set_offline(True)
    player.page.evaluate("() => window.circolo.conn.ws && window.circolo.conn.ws.close()")
    player.page.wait_for_selector("#offline:not([hidden])")


def come_back(player: Player) -> None:
    player.context.set_offline(False)
    player.page.wait_for_selector("#offline", state="hidden", timeout=15_000)


SEEN = """() => {
  window.__flashes = [];
  new MutationObserver(() => {
    const text = document.querySelector('.actions .flash')?.textContent;
    if (text && window.__flashes.at(-1) !== text) window.__flashes.push(text);
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}"""
"""Keeps every notice the table shows, however short-lived."""


def flash(page: Any) -> str:
    notice = page.locator(".actions .flash")
    return str(notice.inner_text()) if notice.count() else ""


def test_after_a_reconnection_or_a_reopening_the_log_is_whole_and_no_old_notice_stays(
    browser: Any, seeded_server: Any
) -> None:
    table = json.dumps({"disconnect_grace": 0.5})
    with seeded_server(6, **FAST, CIRCOLO_TABLE=table) as base:
        player = Player(browser, base)
        page = player.lobby()
        start_seeded_scopa(page)
        play_one(page)
        play_one(page)
        page.wait_for_selector(".table-screen.my-turn")
        told = log_lines(page)
        assert len(told) >= 6  # the deal, the cut, and four moves
        # a move sent into a dead socket: "no answer" is shown, then goes once back
        page.evaluate("() => { window.circolo.conn.ws.send = () => {}; }")
        page.locator(".hand button.card").first.click()
        if page.locator(".capture-option").count():
            page.locator(".capture-option").first.click()
        page.wait_for_function(
            "() => (document.querySelector('.actions .flash')?.textContent || '')"
            ".includes('did not answer')",
            timeout=10_000,
        )
        go_offline(player)
        come_back(player)
        # the unanswered move goes again once back (at most once: the same request id), once
        # the table is reopened if we were away long enough to be counted disconnected
        page.wait_for_selector(f".dialog.pause, {LOG}:nth-child({len(told) + 1})")
        if page.locator(".dialog.pause").count():
            page.locator(".dialog.pause button.primary").click()
        page.wait_for_function(f"() => document.querySelectorAll('{LOG}').length > {len(told)}")
        page.wait_for_selector(".table-screen.my-turn")
        assert "did not answer" not in flash(page)
        again = log_lines(page)
        assert again[: len(told)] == told, "the log is whole after a reconnection"
        assert again[len(told)].startswith("You "), again[len(told) :]
        assert sum(line.startswith("You ") for line in again) == 4, "played once"
        told = again
        shot(page, "reconnected-1280x800")
        page.reload()
        page.wait_for_selector(".table-screen.my-turn")
        assert log_lines(page) == told, "and after a reload"
        # away long enough to count as a disconnection: back, the table is reopened
        go_offline(player)
        page.wait_for_timeout(1_500)
        come_back(player)
        page.locator(".dialog.pause button.primary").click()
        page.wait_for_selector(".table-screen.my-turn")
        assert log_lines(page) == told, "and after reopening the table"
        assert flash(page) == ""
        player.close()


def test_a_move_made_offline_is_sent_once_back_and_lands(browser: Any, seeded_server: Any) -> None:
    with seeded_server(6, **FAST) as base:
        player = Player(browser, base, width=390, height=844)
        page = player.lobby()
        start_seeded_scopa(page)
        page.wait_for_selector(".table-screen.my-turn .hand button.card")
        told = len(log_lines(page))
        go_offline(player)
        page.click(".hand button.card[data-card='4S']")  # seed 6: no capture for it
        page.wait_for_function(
            "() => (document.querySelector('.actions .flash')?.textContent || '')"
            ".includes('will be sent')"
        )
        shot(page, "move-offline-390x844")
        assert page.locator(".hand.pending").count() == 1
        come_back(player)
        page.wait_for_function(f"() => document.querySelectorAll('{LOG}').length > {told}")
        assert log_lines(page)[told] == "You play the Four of swords to the table."
        page.wait_for_selector(".actions .flash", state="detached")
        assert page.locator(".hand button.card[data-card='4S']").count() == 0
        player.close()


def test_a_move_made_offline_is_refused_in_words_when_the_table_moved_on(
    browser: Any, seeded_server: Any
) -> None:
    # a short move timer that keeps running (the disconnection's grace is long): while we
    # are offline, the table plays for us; the move we made meanwhile is then stale
    table = json.dumps({"move_timer": 2, "lag_grace": 0.1, "disconnect_grace": 60})
    with seeded_server(6, **FAST, CIRCOLO_TABLE=table) as base:
        player = Player(browser, base, locale="it-IT")
        page = player.lobby()
        start_seeded_scopa(page)
        page.wait_for_selector(".table-screen.my-turn .hand button.card")
        go_offline(player)
        page.click(".hand button.card[data-card='4S']")
        page.wait_for_function(
            "() => (document.querySelector('.actions .flash')?.textContent || '')"
            ".includes('offline')"
        )
        page.wait_for_timeout(4_000)  # the timer runs out meanwhile
        page.evaluate(SEEN)  # the notice lasts until our next (automatic) move: keep each
        come_back(player)
        page.wait_for_function(
            "() => window.__flashes.some((x) => x.includes('non è stata inviata'))"
        )
        shot(page, "move-refused-1280x800")
        said = page.evaluate("() => window.__flashes")
        assert "La tua mossa non è stata inviata: il gioco è andato avanti." in said
        player.close()


def test_leaving_a_match_being_played_says_it_loses_it_and_escape_stays(
    browser: Any, seeded_server: Any
) -> None:
    with seeded_server(6, **FAST) as base:
        player = Player(browser, base, locale="it-IT")
        page = player.lobby()
        start_seeded_scopa(page)
        page.wait_for_selector(".table-screen.my-turn")
        leave = page.locator(".table-head button", has_text="Lascia il tavolo")
        leave.click()
        dialog = page.locator("dialog.ask")
        dialog.wait_for()
        assert "conta come" in dialog.inner_text() or "la perdi" in dialog.inner_text()
        assert page.evaluate("() => document.activeElement.textContent") == "Resta"
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == "Lascia e perdi"
        page.keyboard.press("Tab")  # round the two answers, never behind the dialog
        assert page.evaluate("() => document.activeElement.textContent") == "Resta"
        shot(page, "leave-dialog-1280x800")
        page.keyboard.press("Escape")
        dialog.wait_for(state="detached")
        assert "/t/" in page.url and page.locator(".table-screen").count() == 1
        link = page.url
        # a watcher leaves at once: nothing about losing, and the chat says why it is closed
        watcher = Player(browser, base, width=390, height=844)
        watcher.page.goto(link + "?watch=1")
        watcher.page.wait_for_selector(".table-screen .hand, .table-screen .felt")
        watcher.page.fill("#chat-input", "ciao")
        watcher.page.click(".chat-form button[type=submit]")
        watcher.page.wait_for_selector(".chat-error:has-text('Only the players')")
        watcher.page.click(".table-head button:has-text('Leave the table')")
        watcher.page.wait_for_selector("#cf-opt-players")
        assert watcher.page.locator("dialog.ask").count() == 0
        watcher.close()
        # confirming leaves, and the match is lost
        leave.click()
        page.click("dialog.ask button[data-answer=yes]")
        page.wait_for_selector("#cf-opt-players")
        player.close()


def test_a_leave_dialog_at_the_phone_size(browser: Any, seeded_server: Any) -> None:
    with seeded_server(6, **FAST) as base:
        player = Player(browser, base, width=390, height=844, locale="pt-BR")
        page = player.lobby()
        start_seeded_scopa(page)
        page.wait_for_selector(".table-screen.my-turn")
        page.click(".table-head button:has-text('Sair da mesa')")
        dialog = page.locator("dialog.ask")
        dialog.wait_for()
        assert "conta como derrota" in dialog.inner_text()
        box = dialog.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
        shot(page, "leave-dialog-390x844")
        page.click("dialog.ask button:has-text('Ficar')")
        dialog.wait_for(state="detached")
        player.close()


def chat(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click(".chat-form button[type=submit]")


def test_a_long_word_in_chat_wraps_and_a_dropped_message_says_why(
    browser: Any, seeded_server: Any
) -> None:
    for width, height, locale, why in (
        (390, 844, "pt-BR", "Mensagens demais: espere um pouco."),
        (1280, 800, "en-US", "Too many messages: wait a moment."),
    ):
        with seeded_server(6, **FAST) as base:
            player = Player(browser, base, width=width, height=height, locale=locale)
            page = player.lobby()
            start_seeded_scopa(page)
            page.wait_for_selector(".table-screen .hand button.card")
            side = page.locator(".table-side")
            before = side.bounding_box()
            chat(page, "x" * 300)
            page.wait_for_selector(".chat-list li")
            chat(page, "https://example.org/" + "a" * 200)
            page.wait_for_function("() => document.querySelectorAll('.chat-list li').length === 2")
            after = side.bounding_box()
            assert before and after and after["width"] == before["width"], "the panel's width"
            page.locator(".chat-form").scroll_into_view_if_needed()
            send = page.locator(".chat-form button[type=submit]").bounding_box()
            assert send and send["x"] >= 0 and send["x"] + send["width"] <= width
            item = page.locator(".chat-list li").first
            assert item.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), "no line clipped"
            for n in range(6):  # five in ten seconds: the sixth is dropped, and says why
                chat(page, f"m{n}")
                page.wait_for_timeout(50)
            page.wait_for_selector(f".chat-error:has-text('{why}')")
            assert page.input_value("#chat-input") == "m5", "the dropped message is kept"
            page.locator(".chat-form").scroll_into_view_if_needed()
            reason = page.locator(".chat-error").bounding_box()
            assert reason and reason["y"] + reason["height"] <= height, "the reason is in sight"
            shot(page, f"chat-{width}x{height}", full_page=False)
            player.close()


def test_a_rematch_starts_its_log_with_the_new_match(browser: Any, seeded_server: Any) -> None:
    with seeded_server(6, **FAST) as base:
        player = Player(browser, base, locale="it-IT")
        page = player.lobby()
        start_seeded_scopa(page)
        play_scopa(page, 120)
        page.locator(".match-over button.primary").first.click()  # the rematch
        separator = page.locator(".log-list li.separator")
        separator.wait_for(timeout=15_000)
        assert separator.inner_text() == "Partita 2"
        page.wait_for_selector(".cut button, .table-screen.my-turn, .hand button.card")
        shot(page, "rematch-log-1280x800")
        page.reload()
        page.locator(".log-list li.separator").wait_for()
        player.close()


def test_a_client_pings_only_while_it_sends_nothing_else(browser: Any, seeded_server: Any) -> None:
    """Any frame is a sign of life (docs/protocol.md): a playing client's moves keep its
    connection, and it pings once ``heartbeat.interval`` (2 s) passed with nothing sent."""
    with seeded_server(6) as base:
        player = Player(browser, base)
        heartbeats: list[float] = []  # when the client sent a ping of its own (no id)

        def sent(payload: str | bytes) -> None:
            frame = json.loads(payload)
            if frame.get("type") == "ping" and "id" not in frame:
                heartbeats.append(time.monotonic())

        player.page.on("websocket", lambda ws: ws.on("framesent", sent))
        page = player.lobby()
        page.wait_for_function("() => window.circolo.conn.online")
        page.wait_for_timeout(3_500)  # idle: a ping 2-3 s after the last frame
        assert heartbeats, "an idle client pings"
        busy = time.monotonic()
        for n in range(10):  # a frame every 0.5 s for 5 s: no ping of its own
            page.evaluate(f"() => {{ window.circolo.conn.raw({{type: 'ping', id: 'b{n}'}}); }}")
            page.wait_for_timeout(500)
        assert not [at for at in heartbeats if at > busy + 0.2]
        assert page.evaluate("() => window.circolo.conn.online")
        page.wait_for_timeout(3_500)  # idle again
        assert [at for at in heartbeats if at > busy + 5]
        player.close()
