"""Muting and reporting in real browsers: at a table of two, one mutes the other from a
chat line (their next lines never reach that page's WebSocket, after a reload too) and
unmutes; each reports the match from the chat in a small dialog, in their language, on a
phone (390×844) and a desktop (1280×800); a match is reported from the history too."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from circolo.server.identity import COOKIE
from tests.conftest import Client, TableClient
from tests.e2e.conftest import Player, running_server, shot
from tests.e2e.test_web_together import sit_two
from tests.e2e.test_web_verify import FAST


def chat(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click(".chat-form button[type=submit]")


def chat_lines(page: Any) -> list[str]:
    return [el.inner_text() for el in page.locator(".chat-list li").all()]


def test_mute_a_players_chat_and_report_the_match(browser: Any) -> None:
    with running_server(**FAST) as base:
        a, b, _ = sit_two(browser, base)  # a: desktop, English; b: phone, pt-BR
        pa, pb = a.page, b.page
        chat(pb, "olá a todos")
        pa.wait_for_selector(".chat-list li:has-text('olá a todos')")
        line = pa.locator(".chat-list li", has_text="olá a todos")
        mute = line.locator("button.chat-mute")
        assert mute.inner_text() == "Mute" and pa.locator(".chat-list li button").count() == 1
        shot(pa, "conduct-chat-1280x800")
        mute.click()
        pa.wait_for_selector(".chat-muted:has-text('Muted:')")
        assert "is muted: you will not see their messages." in pa.inner_text(".chat-error")
        assert not any("olá a todos" in text for text in chat_lines(pa))  # gone from sight too
        shot(pa, "conduct-muted-1280x800")
        chat(pb, "palavrão")
        pb.wait_for_selector(".chat-list li:has-text('palavrão')")
        chat(pa, "marker")
        pa.wait_for_selector(".chat-list li:has-text('marker')")
        pb.wait_for_selector(".chat-list li:has-text('marker')")
        assert not [f for f in a.frames if "palavrão" in f], "a muted line reached the muter"
        # a reload: the list is the server's, and still nothing of theirs arrives
        pa.reload()
        pa.wait_for_selector(".chat-muted:has-text('Muted:')")
        chat(pb, "de novo")
        pb.wait_for_selector(".chat-list li:has-text('de novo')")
        chat(pa, "marker 2")
        pa.wait_for_selector(".chat-list li:has-text('marker 2')")
        assert not [f for f in a.frames if "de novo" in f or "palavrão" in f]
        # the phone reports the match, in Portuguese
        pb.locator(".chat-report button").scroll_into_view_if_needed()
        assert pb.inner_text(".chat-report button") == "Denunciar"
        pb.click(".chat-report button")
        dialog = pb.locator("dialog.report")
        dialog.wait_for()
        assert "O que aconteceu?" in dialog.inner_text()
        pb.check("dialog.report input[value=cheating]")
        pb.fill("#report-text", "combinaram as jogadas")
        box = dialog.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
        shot(pb, "conduct-report-390x844")
        pb.click("dialog.report button[type=submit]")
        pb.wait_for_selector("dialog.report .report-sent")
        assert "sua denúncia foi enviada" in pb.inner_text("dialog.report")
        shot(pb, "conduct-report-sent-390x844")
        pb.click("dialog.report button.primary")
        dialog.wait_for(state="detached")
        # the desktop reports too, then once more: already reported, said in words
        pa.click(".chat-report button")
        pa.locator("dialog.report").wait_for()
        shot(pa, "conduct-report-1280x800")
        pa.click("dialog.report button[type=submit]")
        pa.wait_for_selector("dialog.report .report-sent")
        pa.click("dialog.report button.primary")
        pa.click(".chat-report button")
        pa.click("dialog.report button[type=submit]")
        pa.wait_for_selector("dialog.report .report-error:has-text('You already reported')")
        pa.keyboard.press("Escape")
        pa.locator("dialog.report").wait_for(state="detached")
        # unmute: their lines come again
        pa.click(".chat-muted button:has-text('Unmute')")
        pa.wait_for_selector(".chat-muted p", state="detached")
        chat(pb, "desculpa")
        pa.wait_for_selector(".chat-list li:has-text('desculpa')")
        # the one who stays reads the match's end, with Report there too
        pa.click(".table-head button:has-text('Leave the table')")
        pa.click("dialog.ask button[data-answer=yes]")
        over = pb.locator(".match-over")
        over.wait_for(timeout=15_000)
        assert over.locator("button.report-button").inner_text() == "Denunciar"
        shot(pb, "conduct-match-over-390x844")
        a.close()
        b.close()


async def left_against_a_person(base: str) -> str:
    """A guest's match against another person, left once dealt: the guest's token."""
    url = base.replace("http", "ws") + "/ws"
    host, other = await Client.connect(url), await Client.connect(url)
    seats = [{"kind": "me"}, {"kind": "open"}]
    created = await host.request({"type": "table.create", "game": "scopa", "seats": seats})
    table = TableClient(host, created["table_id"])
    await other.request({"type": "table.join", "table_id": table.table_id})
    while table.status != "playing":
        await table.pump()
    left = await host.request({"type": "table.leave", "table_id": table.table_id})
    assert left["type"] == "ack", left
    token = host.token
    await host.close()
    await other.close()
    return token


def test_report_a_match_from_the_history(browser: Any) -> None:
    with running_server(**FAST) as base:
        with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this one
            token = thread.submit(asyncio.run, left_against_a_person(base)).result()
        player = Player(browser, base, width=390, height=844, locale="it-IT")
        player.context.add_cookies([{"name": COOKIE, "value": token, "url": base}])
        page = player.lobby()
        page.click("header a[href='#/history']")
        row = page.locator(".history-row").first
        row.wait_for(timeout=15_000)
        report = row.locator("button.report-button")
        assert report.inner_text() == "Segnala"
        shot(page, "conduct-history-390x844")
        report.click()
        page.locator("dialog.report").wait_for()
        page.check("dialog.report input[value=stalling]")
        page.click("dialog.report button[type=submit]")
        page.wait_for_selector("dialog.report .report-sent")
        assert "la segnalazione è stata inviata" in page.inner_text("dialog.report")
        player.close()
