"""Tournaments in a real browser against a real server and its standing sit-and-gos
(circolo/server/settings.py, STANDING): the lobby's list, a tournament's page, registering
and withdrawing from both, the reason a guest cannot enter one with a fee, and a practice
sit-and-go of single-hand Scopa for 8 filled with 7 bots, played to its end by clicking:
Start the match at each round, the cards, and the final standing; at 390 x 844 and
1280 x 800, with axe finding nothing above minor."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from tests.e2e.conftest import Player, running_server, shot
from tests.e2e.test_web_chips import register
from tests.e2e.test_web_pages import above_minor
from tests.e2e.test_web_play import my_turn, visible

FAST = {"CIRCOLO_BOT_DELAY": "0", "CIRCOLO_FINISHED_LINGER": "30"}


def standing(page: Any, **wanted: Any) -> dict[str, Any]:
    """The listed tournament with these fields (the server's own answer)."""
    listed: list[dict[str, Any]] = page.evaluate(
        "() => fetch('/api/tournaments').then(r => r.json()).then(d => d.tournaments)"
    )
    return next(s for s in listed if s["status"] == "registering" and wanted.items() <= s.items())


def play_match(page: Any, seconds: float) -> None:
    """Click legal cards until the match is over: the first card, the last capture offered,
    Continue after a hand and the cut when asked. A control that went away meanwhile (the
    hand's result closing by itself) is let go."""
    from playwright.sync_api import Error

    end = time.monotonic() + seconds
    while time.monotonic() < end and not visible(page, ".match-over"):
        try:
            if visible(page, ".hand-over button"):
                page.locator(".hand-over button").first.click(timeout=2_000)
            elif visible(page, ".cut button"):
                page.locator(".cut button").click(timeout=2_000)
            elif my_turn(page) and visible(page, ".hand button.card"):
                page.locator(".hand button.card").first.click(timeout=2_000)
                options = page.locator(".capture-option")
                if options.count() > 1:
                    options.nth(options.count() - 1).click(timeout=2_000)
        except Error:
            pass
        time.sleep(0.15)


def fits(page: Any, width: int) -> None:
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= width, f"the page is {wide} px wide at {width}"


def test_lobby_list_page_register_and_withdraw(browser: Any) -> None:
    with running_server(**FAST) as base:
        for width, height in ((1280, 800), (390, 844)):
            player = Player(browser, base, width=width, height=height)
            page = player.lobby()
            size = f"{width}x{height}"
            practice = standing(page, game="scopa", practice=True, seats=8)
            paid = standing(page, game="scopa", fee=100)
            row = page.locator(f".tour-row[data-tournament='{practice['id']}']")
            row.wait_for()
            assert row.locator(".tname").inner_text() == "Scopa · single hand · 8 seats"
            text = row.inner_text()
            for words in ("Sit and go", "0/8 entries", "Starts when full", "Free", "Practice"):
                assert words in text, (words, text)
            paid_row = page.locator(f".tour-row[data-tournament='{paid['id']}']")
            assert "Entry: 100 chips" in paid_row.inner_text()
            fits(page, width)
            assert not above_minor(page), above_minor(page)
            shot(page, f"tournaments-lobby-{size}")

            # Register right there: the row says so
            row.locator("button", has_text="Register").click()
            row = page.locator(f".tour-row[data-tournament='{practice['id']}']")
            row.locator(".mine-tag").wait_for()
            assert "1/8 entries" in row.inner_text()

            # the page: its rules, the split, the entries; withdraw, then register again
            row.locator("a.tname").click()
            page.wait_for_function(f"() => location.hash === '#/tournament/{practice['id']}'")
            page.locator(".tour-page h1", has_text="Scopa · single hand · 8 seats").wait_for()
            body = page.locator(".tour-page").inner_text()
            assert "2 minutes to press “Start the match”" in body
            assert "Under 8 entries the winner takes it all." in body
            assert "8 to 15 entries" in body and "16 entries or more" in body
            large = page.locator("table.tour-split", has_text="16 entries or more").inner_text()
            assert "Places 3–4\t12.5% each" in large and "5–8" not in large, large
            assert page.locator(".tour-entries li").count() == 1
            page.locator(".tour-actions button", has_text="Withdraw").click()
            page.locator(".tour-actions button", has_text="Register").wait_for()
            page.wait_for_function("() => !document.querySelector('.tour-entries li')")
            page.locator(".tour-actions button", has_text="Register").click()
            page.locator(".tour-actions button", has_text="Withdraw").wait_for()
            page.locator(".tour-actions button", has_text="Fill the empty seats").wait_for()
            fits(page, width)
            assert not above_minor(page), above_minor(page)
            shot(page, f"tournaments-page-{size}")
            page.locator(".tour-actions button", has_text="Withdraw").click()
            page.locator(".tour-actions button", has_text="Register").wait_for()

            # a page left asks no more
            asked: list[str] = []
            page.on(
                "request",
                lambda r, mine=practice["id"], seen=asked: (
                    seen.append(r.url) if mine in r.url else None
                ),
            )
            page.goto(base + "/#/history")
            page.wait_for_timeout(4_000)
            assert not asked, asked

            # a tournament with a fee asks a guest to log in
            page.goto(base + f"/#/tournament/{paid['id']}")
            why = page.locator(".tour-why[data-code=needs_account]")
            why.wait_for()
            assert why.locator("a[href='#/login']").count() == 1
            assert page.locator(".tour-actions button", has_text="Register").count() == 0
            player.close()


def press_start(page: Any, shots: set[str], size: str) -> None:
    """At a tournament's table before it starts: the countdown in minutes, then Start."""
    panel = page.locator(".start-panel")
    panel.wait_for(timeout=20_000)
    clock = panel.locator(".start-clock").inner_text()
    assert re.fullmatch(r"[0-2]:\d\d", clock), clock
    if "start" not in shots:
        shots.add("start")
        fits(page, int(size.split("x")[0]))
        assert not above_minor(page), above_minor(page)
        shot(page, f"tournaments-start-{size}")
    panel.locator("button.start-match").click()


def test_a_practice_sit_and_go_of_eight_played_to_its_end(browser: Any) -> None:
    with running_server(**FAST) as base:
        for width, height in ((390, 844), (1280, 800)):
            size = f"{width}x{height}"
            player = Player(browser, base, width=width, height=height)
            page = player.lobby()
            practice = standing(page, game="scopa", practice=True, seats=8)
            page.goto(base + f"/#/tournament/{practice['id']}")
            page.locator(".tour-actions button", has_text="Register").click()
            page.locator(".tour-actions button", has_text="Fill the empty seats").click()
            # the sit-and-go is full: it starts, and the notice leads to our table
            notice = page.locator(".tour-notice.what-round_started")
            notice.wait_for(timeout=20_000)
            assert "Round 1 of Scopa · single hand · 8 seats has started" in notice.inner_text()
            page.locator(".tour-yours a.button").wait_for()
            page.locator(".bracket .bracket-round").first.wait_for()
            assert page.locator(".bracket .bracket-round").count() == 1  # round 1 so far
            shot(page, f"tournaments-running-{size}")
            notice.locator("a.button", has_text="Go to the table").click()
            shots: set[str] = set()
            rounds = 0
            end = time.monotonic() + 300
            while time.monotonic() < end:
                page.wait_for_selector(".table-screen")
                rounds += 1
                press_start(page, shots, size)
                page.locator(".start-panel").wait_for(state="detached", timeout=20_000)
                play_match(page, 120)
                assert visible(page, ".match-over"), "the match did not end"
                won = "You won" in page.locator(".match-over h2").inner_text()
                assert page.locator(".match-over button", has_text="Rematch").count() == 0
                page.locator(".match-over a.back-tour").click()
                page.locator(".tour-page h1").wait_for()
                if not won:
                    break
                # the next round's table, or the end of the tournament
                page.wait_for_function(
                    "() => document.querySelector('.tour-yours a.button, .tour-end')",
                    timeout=30_000,
                )
                if visible(page, ".tour-end"):
                    break
                go = page.locator(".tour-notice a.button", has_text="Go to the table")
                (go if go.count() else page.locator(".tour-yours a.button")).first.click()
            assert rounds >= 1
            page.locator(".tour-end.champion").wait_for(timeout=60_000)  # bots finish it
            body = page.locator(".tour-page").inner_text()
            assert "Champion:" in body
            assert ("You went out in round" in body) != (rounds == 3 and won), body
            assert page.locator(".bracket .bracket-round").count() == 3
            assert page.locator(".tour-commitments tbody tr").count() == 3
            assert page.locator(".fly-ghost").count() == 0  # no card left flying over the page
            # round 1 over: its secret, and how my table played the round's deals
            page.locator(".tour-commitments summary").click()
            page.locator(".tour-commitments button", has_text="Round 1: the same deals").click()
            deals = page.locator(".tour-deals table")
            deals.first.wait_for()
            assert deals.count() == 1  # the other matches of round 1 were bots' coin tosses
            assert "Hand 1 (deal 1)" in deals.first.inner_text()
            assert "greedy" not in page.locator(".tour-page").inner_text()  # levels in words
            fits(page, width)
            assert not above_minor(page), above_minor(page)
            shot(page, f"tournaments-finished-{size}")
            # my profile lists it, with where I finished
            page.locator(".tour-entries a").first.click()
            row = page.locator(f".profile-tournaments [data-tournament='{practice['id']}']")
            row.wait_for()
            place = "Winner" if won else {3: "Runner-up", 2: "Places 3–4", 1: "Places 5–8"}[rounds]
            assert place in row.inner_text(), row.inner_text()
            player.close()


DUEL = [
    {
        "game": "scopa",
        "seats": 2,
        "options": {"target": "single_hand"},
        "practice": True,
        "start_deadline": 10,
    }
]
"""A practice sit-and-go for two whose start deadline is 10 s (the shortest one)."""


def test_one_presses_start_the_other_does_not(browser: Any) -> None:
    """Two people meet: the one who pressed waits for the other, who sees who is ready;
    the other never presses, loses at the deadline, and the bracket says why."""
    env = {**FAST, "CIRCOLO_TOURNAMENTS": json.dumps(DUEL)}
    with running_server(**env) as base:
        anna = Player(browser, base, width=390, height=844)
        bruno = Player(browser, base)
        duel = standing(anna.lobby(), seats=2)
        for player in (anna, bruno):
            page = player.page
            page.goto(base + f"/#/tournament/{duel['id']}")
            page.locator(".tour-rules", has_text="10 seconds to press").wait_for()
            page.locator(".tour-actions button", has_text="Register").click()
        for player in (anna, bruno):
            player.page.locator(".tour-notice a.button", has_text="Go to the table").click()
            player.page.locator(".start-panel button.start-match").wait_for()
        a, b = anna.page, bruno.page
        assert re.fullmatch(r"0:(10|0\d)", a.locator(".start-clock").inner_text())
        a.locator(".start-panel button.start-match").click()
        a.locator(".start-wait", has_text="Waiting for your opponent").wait_for()
        assert a.locator(".start-panel button.start-match").count() == 0
        me = a.locator(".seat.mine .name, .my-area .seat").first.inner_text().split(" (")[0]
        b.locator(".start-ready", has_text=f"Ready: {me}").wait_for()
        fits(a, 390)
        shot(a, "tournaments-waiting-390x844")
        shot(b, "tournaments-ready-1280x800")
        # Bruno lets the deadline pass: Anna wins, Bruno is out
        a.locator(".match-over h2", has_text="You won").wait_for(timeout=20_000)
        b.locator(".match-over h2", has_text="You lost").wait_for()
        b.locator(".tour-notice.what-eliminated").wait_for()
        a.locator(".match-over a.back-tour").click()
        a.locator(".tour-end.champion").wait_for()
        assert "did not press Start in time" in a.locator(".bracket").inner_text()
        assert a.locator(".bracket a", has_text="Replay").count() == 0  # nothing was played
        a.locator(".tour-notice.what-won").wait_for()
        shot(a, "tournaments-duel-over-390x844")
        anna.close()
        bruno.close()


def test_an_account_pays_the_fee_and_gets_it_back(browser: Any) -> None:
    """An account enters the Scopa to 11 for 100 chips: its balance says so, and
    withdrawing refunds them; in Portuguese on a phone."""
    with running_server(**FAST) as base:
        player = Player(browser, base, width=390, height=844, locale="pt-BR")
        page = player.lobby()
        paid = standing(page, game="scopa", fee=100)
        register(page, base, "Rita Lima")
        page.wait_for_selector(".chips .chips-balance")
        page.goto(base + f"/#/tournament/{paid['id']}")
        page.locator(".tour-page h1", has_text="Scopa · até 11 pontos · 4 lugares").wait_for()
        assert "Inscrição: 100 fichas" in page.locator(".tour-facts").inner_text()
        page.locator(".tour-actions button", has_text="Inscrever-se").click()
        page.locator(".tour-actions button", has_text="Cancelar inscrição").wait_for()
        assert "Você está inscrito" in page.locator(".tour-in").inner_text()
        fits(page, 390)
        shot(page, "tournaments-paid-pt-BR-390x844")
        page.goto(base + "/#/profile")
        page.locator(".chips-balance", has_text="900").wait_for()
        assert "Inscrição em torneio" in page.locator(".chips-list").inner_text()
        page.goto(base + f"/#/tournament/{paid['id']}")
        page.locator(".tour-actions button", has_text="Cancelar inscrição").click()
        page.locator(".tour-actions button", has_text="Inscrever-se").wait_for()
        page.goto(base + "/#/profile")
        page.locator(".chips-balance", has_text="1.000").wait_for()
        player.close()


def test_a_pair_enters_through_the_link_one_partner_sends_the_other(browser: Any) -> None:
    """2 v 2 (the standing practice Bisca for 4 pairs): the first partner is given a link
    to send, the second opens it and enters the pair; both see their pair's entry, the
    first in Italian on a phone, the second in Portuguese on a desktop."""
    with running_server(**FAST) as base:
        first = Player(browser, base, width=390, height=844, locale="it-IT")
        second = Player(browser, base, locale="pt-BR")
        page = first.lobby()
        pairs = standing(page, game="bisca", team=2)
        page.goto(base + f"/#/tournament/{pairs['id']}")
        page.locator(".tour-actions button", has_text="Iscriviti con un compagno").click()
        link = page.locator(".tour-pair-url")
        link.wait_for()
        url = link.input_value()
        assert f"#/tournament/{pairs['id']}/pair/" in url, url
        fits(page, 390)
        assert not above_minor(page), above_minor(page)
        shot(page, "tournaments-pair-link-390x844")
        other = second.lobby()
        other.goto(url)
        other.locator(".tour-pair", has_text="Um parceiro convidou você").wait_for()
        other.locator(".tour-actions button", has_text="Inscrever-se em dupla").click()
        other.locator(".tour-entries li").wait_for()
        names = other.locator(".tour-entries li").inner_text()
        theirs = [p.evaluate("() => fetch('/api/me').then(r => r.json()).then(d => d.name)")
                  for p in (page, other)]  # fmt: skip
        assert names.endswith(" & ".join(theirs)), (names, theirs)
        shot(other, "tournaments-pair-entered-1280x800")
        page.locator(".tour-pair-url").wait_for(state="detached", timeout=10_000)
        assert page.locator(".tour-entries li").count() == 1
        first.close()
        second.close()
