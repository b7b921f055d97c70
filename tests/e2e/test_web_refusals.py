"""A refused move is told in the player's words, and Scopa's cut takes one tap or none
(newcomer review defects 10 and 33), at the real server in Chromium."""

from __future__ import annotations

import json
from typing import Any

from tests.e2e.conftest import Player, shot
from tests.e2e.test_web_play import create, cut_at

# Seed 238: we cut (20) and hold KH; the table is AH 3D 3C 3S, which KH takes whole.
SEED = 238


def test_a_refused_move_is_told_in_portuguese_words_never_in_the_engines(
    browser: Any, seeded_server: Any
) -> None:
    with seeded_server(SEED) as base:
        player = Player(browser, base, locale="pt-BR")
        page = player.lobby()
        create(page, "scopa", 2, target="single_hand")
        cut_at(page)
        king = page.locator(".table-screen.my-turn .hand button.card[data-card='KH']")
        king.wait_for()
        # The client offers only legal moves: this page's next move is changed on its way
        # to the server into laying the King, which must take the table.
        page.evaluate(
            """() => { const c = window.circolo.conn; const send = c.request.bind(c);
                 c.request = (f) => send(f.type === "play" ? { ...f, move: "KH" } : f); }"""
        )
        king.click()
        flash = page.locator(".flash", has_text="tem que capturá-las")
        flash.wait_for()
        text = flash.inner_text()
        assert "Rei de" in text and "10" in text, text
        for engine_words in ("KH", "legal", "not", "move", "x AH"):
            assert engine_words not in text, text
        shot(page, "refusal-pt-BR-1280x800")
        page.set_viewport_size({"width": 390, "height": 844})
        shot(page, "refusal-pt-BR-390x844")
        refusals = [json.loads(f) for f in player.frames if '"illegal_move"' in f]
        assert refusals and refusals[0]["reason"] == "scopa_must_take"
        assert refusals[0]["params"] == {"card": "KH", "value": 10}
        player.close()


def test_the_scopa_cut_takes_one_tap(browser: Any, seeded_server: Any) -> None:
    with seeded_server(SEED) as base:
        player = Player(browser, base, width=390, height=844)
        page = player.lobby()
        create(page, "scopa", 2, target="single_hand")
        page.wait_for_selector(".cut-now")
        assert not page.locator("#cut-n").is_visible()  # where to cut is folded away
        shot(page, "cut-one-tap-390x844")
        page.click(".cut-now")
        page.wait_for_selector(".table-screen .hand button.card")
        assert not page.locator(".cut").count()
        player.close()


def test_the_scopa_cut_takes_no_tap(browser: Any, seeded_server: Any) -> None:
    short = {"CIRCOLO_TABLE": json.dumps({"formality_timer": 1})}
    with seeded_server(SEED, **short) as base:
        player = Player(browser, base)
        page = player.lobby()
        create(page, "scopa", 2, target="single_hand")
        page.wait_for_selector(".cut-now")
        shot(page, "cut-no-tap-1280x800")
        page.wait_for_selector(".table-screen .hand button.card", timeout=15_000)
        assert not page.locator(".cut").count()
        assert page.locator(".table-screen .hand button.card").count() == 3
        player.close()


def test_bisca_players_without_the_trump_two_are_not_asked_about_the_exchange(
    browser: Any, seeded_server: Any
) -> None:
    # Seed 1: the bot deals, we cut and choose sorteio; the trump 2 is in the stock.
    # Seed 16: the same, and we hold the trump 2.
    short = {"CIRCOLO_TABLE": json.dumps({"secret_window": 3})}
    with seeded_server(1, **short) as base:
        player = Player(browser, base, width=390, height=844, locale="it")
        page = player.lobby()
        create(page, "bisca", 2)
        page.click("[data-move=sorteio]")
        page.wait_for_selector(".exchange-waiting")
        assert "2 di briscola" in page.locator(".exchange-waiting").inner_text()
        assert not page.locator("[data-move=pass]").count()
        assert not page.locator(".table-screen.my-turn").count()
        shot(page, "bisca-exchange-waiting-390x844")
        page.wait_for_selector(".table-screen.my-turn .hand button.card", timeout=15_000)
        player.close()
    with seeded_server(16, **short) as base:
        player = Player(browser, base, locale="pt-BR")
        page = player.lobby()
        create(page, "bisca", 2)
        page.click("[data-move=sorteio]")
        page.wait_for_selector("[data-move=exchange]")
        shot(page, "bisca-exchange-holder-1280x800")
        page.click("[data-move=pass]")
        page.wait_for_selector(".exchange-waiting")  # kept: the window stays its whole time
        page.wait_for_selector(".table-screen.my-turn .hand button.card", timeout=15_000)
        player.close()
