"""See what the others did: the felt keeps the last move of every other player until yours
(Scopa: the card played and the cards it took; Bisca: the trick taken), a scopa is called
out over the felt with a sound and marked on its side's pile for the whole hand, the clock's
automatic moves are marked on the felt, cards fly where they go unless the player asked for
less motion, and on a phone the last moves are on screen without scrolling.

The Scopa deals are pinned (seeded_server): with seed 6 the bot deals, we cut 20 and hold
KC (tests/e2e/test_web_play.py); with seed 238 our KH sweeps the table at the first move."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.e2e.conftest import Player, running_server, shot
from tests.e2e.test_web_fit import outside
from tests.e2e.test_web_narrate import moves
from tests.e2e.test_web_play import (
    continue_hand,
    create,
    cut_at,
    my_turn,
    start_seeded_scopa,
    visible,
)

PHONE = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
DESK = {"width": 1280, "height": 800}

# Counts the page's tones by pitch and its card flights, before any script of the page runs.
WATCH = """
window.__tones = [];
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...a) {
  window.__tones.push(this.frequency.value);
  return start.apply(this, a);
};
window.__flights = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...a) {
  window.__flights += 1;
  return animate.apply(this, a);
};
"""
CHEER = 1319  # the top note of sounds.cheer (web/js/sound.js)


def player_at(browser: Any, base: str, size: dict[str, int], locale: str = "en-US") -> Player:
    player = Player(browser, base, width=size["width"], height=size["height"], locale=locale)
    player.context.add_init_script(WATCH)
    player.lobby()
    return player


def settled(page: Any) -> None:
    """Until no card is moving: a click on a moving card makes the browser driver scroll."""
    page.wait_for_function(
        "() => !document.getAnimations().some((a) => a.playState === 'running'"
        " && a.effect?.target?.closest?.('.card'))"
    )


def play_first_card(page: Any) -> None:
    """Our move: the first card of the hand, and the last capture offered when it has several."""
    settled(page)
    page.locator(".table-screen.my-turn .hand button.card").first.click()
    options = page.locator(".capture-option")
    if options.count() > 1:
        options.nth(options.count() - 1).click()


def bot_capture(player: Player, seconds: float = 60) -> dict[str, Any]:
    """Plays our turns until the bot captures; its move, once it is our turn again."""
    page = player.page
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        continue_hand(page)
        if my_turn(page) and visible(page, ".hand button.card"):
            sent = moves(player, 0)
            last = sent[-1] if sent else {"seat": 0, "events": []}
            if last["seat"] == 1 and any(e["kind"] == "capture" for e in last["events"]):
                return last
            play_first_card(page)
            page.wait_for_function("() => !document.querySelector('.table-screen.my-turn')")
        time.sleep(0.1)
    pytest.fail("the bot made no capture")


def test_a_bots_capture_stays_on_the_felt_until_my_next_move(
    browser: Any, seeded_server: Any
) -> None:
    with seeded_server(6) as base:
        player = player_at(browser, base, DESK)
        page = player.page
        start_seeded_scopa(page)
        move = bot_capture(player)
        capture = next(e for e in move["events"] if e["kind"] == "capture")
        line = page.locator(".felt .last-move[data-seat='1']")
        assert line.count() == 1, "the bot's move is on the felt"
        shown = [c.get_attribute("data-card") for c in line.locator(".card").all()]
        assert shown == [*capture["cards"], capture["card"]], "the cards it took, with its card"
        assert "Bot · Medium takes" in line.inner_text()
        assert "with" in line.inner_text()
        shot(page, "felt-bot-capture-1280x800")
        # still there while we choose (a redraw), gone once we have played
        page.locator(".table-screen.my-turn .hand button.card").first.hover()
        page.locator(".table-screen.my-turn .hand button.card").first.focus()
        assert page.locator(f".last-move .card[data-card='{capture['card']}']").count() == 1
        play_first_card(page)
        page.wait_for_function(
            "(card) => !document.querySelector(`.last-move .card[data-card='${card}']`)",
            arg=capture["card"],
        )
        player.close()


def test_a_bots_lay_is_told_on_the_felt_in_every_language(browser: Any, seeded_server: Any) -> None:
    """Whatever the bot's first move is, the felt says it in the player's words."""
    words = {
        "it-IT": ("ha preso", "ha calato"),
        "pt-BR": ("leva", "joga na mesa"),
        "en-US": ("takes", "lays down"),
    }
    with seeded_server(6, 6, 6) as base:
        for locale, (takes, lays) in words.items():
            player = player_at(browser, base, PHONE, locale)
            page = player.page
            start_seeded_scopa(page)
            king = page.locator(".table-screen.my-turn .hand button.card[data-card='KC']")
            king.click()
            page.click(".capture-option[data-move='KC x 2S JH']")
            page.wait_for_selector(".felt .last-move[data-seat='1']")
            page.wait_for_selector(".table-screen.my-turn")
            text = page.locator(".felt .last-move[data-seat='1']").inner_text()
            assert takes in text or lays in text, (locale, text)
            assert "{" not in text and "felt-" not in text, text
            shot(page, f"felt-bot-move-{locale}-390x844")
            player.close()


@pytest.mark.parametrize(
    ("locale", "word"), [("en-US", "Scopa!"), ("it-IT", "Scopa!"), ("pt-BR", "Escopa!")]
)
def test_a_scopa_is_called_out_with_a_sound_and_marked_for_the_hand(
    browser: Any, seeded_server: Any, locale: str, word: str
) -> None:
    with seeded_server(238) as base:
        player = player_at(browser, base, DESK, locale)
        page = player.page
        create(page, "scopa", 2, target="single_hand")
        cut_at(page)
        page.locator(".table-screen.my-turn .hand button.card[data-card='KH']").click()
        callout = page.locator(".felt .felt-callout")
        callout.wait_for()
        assert callout.inner_text() == word
        shot(page, f"felt-scopa-callout-{locale}-1280x800")
        assert CHEER in page.evaluate("window.__tones"), "the scopa sounded"
        callout.wait_for(state="detached", timeout=5_000)  # short-lived
        # the mark stays on our pile for the whole hand: through the bot's moves and ours
        marks = page.locator(".pile-box[data-side='0'] .scope-marks")
        for _ in range(2):
            page.wait_for_selector(".table-screen.my-turn")
            assert marks.inner_text() == "✦"
            play_first_card(page)
            page.wait_for_function("() => !document.querySelector('.table-screen.my-turn')")
            assert marks.inner_text().count("✦") >= 1
        player.close()


def test_a_scopa_with_sounds_off_is_silent(browser: Any, seeded_server: Any) -> None:
    with seeded_server(238) as base:
        player = player_at(browser, base, DESK)
        page = player.page
        page.evaluate(
            "() => localStorage.setItem('circolo.settings', JSON.stringify({sound: false}))"
        )
        player.lobby()
        create(page, "scopa", 2, target="single_hand")
        cut_at(page)
        page.locator(".table-screen.my-turn .hand button.card[data-card='KH']").click()
        page.locator(".felt .felt-callout").wait_for()
        assert CHEER not in page.evaluate("window.__tones")
        player.close()


FAST_CLOCK = {
    "CIRCOLO_TABLE": json.dumps(
        {"move_timer": 1.0, "lag_grace": 0.05, "trick_display": 0.3, "formality_timer": 1}
    )
}


def test_my_automatic_move_is_marked_on_the_felt(browser: Any, seeded_server: Any) -> None:
    # Nobody plays for us: the clock cuts and plays our card; the felt says so.
    with seeded_server(6, **FAST_CLOCK) as base:
        player = player_at(browser, base, PHONE)
        page = player.page
        create(page, "scopa", 2, target="single_hand")
        line = page.locator(".felt .last-move.auto[data-seat='0']")
        line.wait_for(timeout=15_000)
        assert "Time's up: automatic move" in line.locator(".auto-tag").inner_text()
        auto = [m for m in moves(player, 0) if m["auto"] and m["seat"] == 0]
        played = [e["card"] for m in auto for e in m["events"] if e["kind"] == "card_played"]
        assert line.locator(".card").last.get_attribute("data-card") in played
        assert outside(page, ".felt .last-move.auto", **PHONE) is None
        shot(page, "felt-auto-move-390x844")
        player.close()


def test_an_automatic_bisca_card_is_marked_in_the_trick(browser: Any) -> None:
    with running_server(**FAST_CLOCK) as base:
        player = player_at(browser, base, DESK)
        page = player.page
        create(page, "bisca", 2)
        # each card the clock plays for us is marked in the trick
        tag = page.locator(".trick-slot .auto-tag")
        tag.first.wait_for(timeout=30_000)
        assert tag.first.inner_text() == "Time's up: automatic move"
        auto = [m for m in moves(player, 0) if m["auto"] and m["seat"] == 0]
        played = {e["card"] for m in auto for e in m["events"] if e["kind"] == "card_played"}
        marked = tag.first.locator("xpath=..").locator(".card").get_attribute("data-card")
        assert marked in played, "the mark is on the card the clock played"
        shot(page, "felt-bisca-auto-1280x800")
        player.close()


def test_the_trick_a_bot_took_stays_on_the_felt_until_my_next_card(browser: Any) -> None:
    with running_server(CIRCOLO_TABLE=json.dumps({"trick_display": 0.3})) as base:
        player = player_at(browser, base, PHONE)
        page = player.page
        create(page, "bisca", 2)
        end = time.monotonic() + 90
        while time.monotonic() < end:
            continue_hand(page)
            for kind in ("sorteio", "pass"):
                if visible(page, f".actions [data-move={kind}]"):
                    page.click(f".actions [data-move={kind}]")
            if my_turn(page) and visible(page, ".hand button.card.playable"):
                sent = moves(player, 0)
                took = (
                    [e for e in sent[-2]["events"] if e["kind"] == "trick_won"]
                    if len(sent) > 1
                    else []
                )
                if took and sent[-1]["seat"] == 1 and sent[-2]["seat"] == 1:
                    break  # the bot took the last trick and leads the next: the felt has both
                settled(page)
                page.locator(".hand button.card.playable").first.click()
                page.locator(".hand button.card.selected").click()
                page.wait_for_function("() => !document.querySelector('.table-screen.my-turn')")
            time.sleep(0.1)
        else:
            pytest.fail("the bot took no trick and led the next")
        box = page.locator(".felt .last-moves")
        shown = [c.get_attribute("data-card") for c in box.locator(".card").all()]
        assert sorted(shown) == sorted(took[0]["cards"]), "the trick the bot took"
        assert "takes the trick" in box.inner_text()
        assert outside(page, ".felt .last-moves", **PHONE) is None
        shot(page, "felt-bisca-last-trick-390x844")
        settled(page)
        page.locator(".hand button.card.playable").first.click()
        page.locator(".hand button.card.selected").click()
        box.wait_for(state="detached")
        player.close()


def test_cards_fly_unless_the_player_asked_for_less_motion(
    browser: Any, seeded_server: Any
) -> None:
    with seeded_server(6, 6) as base:
        for reduce in (False, True):
            player = player_at(browser, base, DESK)
            page = player.page
            if reduce:
                page.emulate_media(reduced_motion="reduce")
            start_seeded_scopa(page)
            page.locator(".table-screen.my-turn .hand button.card[data-card='KC']").click()
            page.evaluate("window.__flights = 0")
            page.click(".capture-option[data-move='KC x 2S JH']")
            page.wait_for_selector(".felt .last-move[data-seat='1']")
            flights = page.evaluate("window.__flights")
            styles = page.evaluate(
                "() => [...document.querySelectorAll('.card')].map((c) => getComputedStyle(c))"
                ".filter((s) => s.animationName !== 'none' || s.transitionDuration !== '0s')"
                ".length"
            )
            if reduce:
                assert flights == 0, "no card flies under reduced motion"
                assert styles == 0, "no card animates under reduced motion"
                assert not visible(page, ".fly-ghost")
            else:
                assert flights > 0, "the cards flew where they went"
            player.close()


@pytest.mark.parametrize("size", [PHONE, LANDSCAPE], ids=["390x844", "844x390"])
def test_on_a_phone_the_last_move_is_on_screen(
    browser: Any, seeded_server: Any, size: dict[str, int]
) -> None:
    with seeded_server(6) as base:
        player = player_at(browser, base, size)
        page = player.page
        start_seeded_scopa(page)
        bot_capture(player)
        for selector in (".felt .last-move[data-seat='1']", ".hand", ".table-cards"):
            assert outside(page, selector, **size) is None, selector
        assert page.evaluate("document.querySelector('main').scrollTop") == 0
        shot(page, f"felt-last-move-{size['width']}x{size['height']}")
        player.close()
