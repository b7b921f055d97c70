"""A person plays at the real server in headless Chromium, by clicking."""

from __future__ import annotations

import time
from typing import Any

from tests.e2e.conftest import shot

RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


def create(page: Any, game: str, players: int = 2, **options: str) -> None:
    page.select_option("#cf-game", game)
    page.select_option("#cf-opt-players", str(players))
    for name, value in options.items():
        page.select_option(f"#cf-opt-{name}", value)
    page.click(".create-form button[type=submit]")
    page.wait_for_selector(".table-screen")
    page.wait_for_selector(".hand .card, .actions button", timeout=10_000)


def visible(page: Any, selector: str) -> bool:
    return bool(page.locator(selector).count())


def my_turn(page: Any) -> bool:
    return visible(page, ".table-screen.my-turn")


def continue_hand(page: Any) -> bool:
    button = page.locator(".hand-over button")
    if button.count():
        button.first.click()
        return True
    return False


def play_scopa(page: Any, seconds: float, stop: str = ".match-over") -> dict[str, int]:
    seen = {"moves": 0, "choices": 0}
    end = time.monotonic() + seconds
    while time.monotonic() < end and not visible(page, stop):
        if continue_hand(page):
            continue
        if visible(page, ".cut button"):
            page.click(".cut button")
        elif my_turn(page) and visible(page, ".hand button.card"):
            page.locator(".hand button.card").first.click()
            options = page.locator(".capture-option")
            if options.count() > 1:
                seen["choices"] += 1
                assert visible(page, ".table-cards .card.highlight")
                options.nth(options.count() - 1).click()
            elif visible(page, ".hand button.card.selected"):
                page.locator(".hand button.card.selected").click()
            seen["moves"] += 1
        time.sleep(0.15)
    return seen


def test_scopa_whole_match_against_a_bot(page: Any) -> None:
    create(page, "scopa", 2, target="single_hand")
    shot(page, "scopa-1280x800")
    seen = play_scopa(page, 120)
    assert visible(page, ".match-over"), "the match did not end"
    assert seen["moves"] >= 10
    shot(page, "scopa-match-over-1280x800")
    assert page.locator(".match-over h2").inner_text()


def test_scopa_phone_portrait_and_reload_resumes(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="it-IT")
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector(".game-tile")
    assert page.locator("html").get_attribute("lang") == "it"
    shot(page, "lobby-390x844")
    create(page, "scopa", 2)
    play_scopa(page, 6, stop=".hand-over")
    shot(page, "scopa-390x844")
    url = page.url
    page.reload()
    page.wait_for_selector(".table-screen .hand .card, .cut button", timeout=10_000)
    assert page.url == url
    play_scopa(page, 3, stop=".hand-over")
    context.close()


def test_bisca_two_by_two_with_three_bots(page: Any) -> None:
    create(page, "bisca", 4)
    chose = played = 0
    tricks = False
    end = time.monotonic() + 60
    while time.monotonic() < end and played < 6:
        if continue_hand(page):
            continue
        if my_turn(page):
            sorteio = page.locator(".actions button", has_text="Draw the trump")
            passing = page.locator(".actions button", has_text="Pass")
            if sorteio.count():
                sorteio.click()
                chose += 1
            elif passing.count():
                passing.click()
            elif visible(page, ".hand button.card"):
                page.locator(".hand button.card").first.click()
                page.locator(".hand button.card.selected").click()
                played += 1
        if visible(page, ".trick-slot"):
            tricks = True
            if played == 2:
                shot(page, "bisca-1280x800")
        time.sleep(0.15)
    assert played >= 3
    assert tricks
    assert visible(page, ".trump-box strong")


def burraco_meld_in(hand: list[str]) -> list[str] | None:
    """Three natural cards that form a set or a run, if the hand has them."""
    naturals = [c for c in hand if c != "JK" and c[0] != "2"]
    by_rank: dict[str, list[str]] = {}
    for c in naturals:
        by_rank.setdefault(c[0], []).append(c)
    for cards in by_rank.values():
        suits = {c[1]: c for c in cards}
        if len(suits) >= 3:
            return list(suits.values())[:3]
    for suit in "HDCS":
        ranks = {RANKS.get(c[0]) or int(c[0]): c for c in naturals if c[1] == suit}
        for r in range(3, 12):
            if r in ranks and r + 1 in ranks and r + 2 in ranks:
                return [ranks[r], ranks[r + 1], ranks[r + 2]]
    return None


def click_cards(page: Any, cards: list[str]) -> None:
    for code in cards:
        page.locator(f".hand button.card[data-card='{code}']:not(.selected)").first.click()


def test_burraco_meld_and_discard(page: Any) -> None:
    create(page, "burraco", 2)
    discards = melds = 0
    end = time.monotonic() + 60
    while time.monotonic() < end and discards < 3:
        if continue_hand(page):
            continue
        if my_turn(page):
            draw = page.locator(".actions button", has_text="Draw")
            if draw.count() and draw.first.is_enabled() and not visible(page, ".actions .prompt"):
                draw.first.click()
                time.sleep(0.3)
                continue
            hand = [el.get_attribute("data-card") for el in page.locator(".hand button.card").all()]
            meld = burraco_meld_in(hand)
            if meld and melds == 0:
                click_cards(page, meld)
                page.locator(".actions button", has_text="Meld").first.click()
                page.wait_for_timeout(600)
                melds += 1
                shot(page, "burraco-1280x800")
                continue
            page.locator(".hand button.card").last.click()
            page.locator(".actions button", has_text="Discard").click()
            discards += 1
            page.wait_for_timeout(400)
        time.sleep(0.15)
    assert discards >= 2
    shot(page, "burraco-end-1280x800")


def test_language_switch(page: Any) -> None:
    page.select_option("#lang", "pt-BR")
    page.wait_for_selector("text=Jogar agora")
    assert page.locator("html").get_attribute("lang") == "pt-BR"
    page.select_option("#lang", "it")
    page.wait_for_selector("text=Gioca subito")
    page.select_option("#lang", "en")


def test_keyboard_play_of_scopa(page: Any) -> None:
    create(page, "scopa", 2)
    played = 0
    end = time.monotonic() + 30
    while time.monotonic() < end and played < 3:
        if visible(page, ".cut button"):
            page.focus(".cut button")
            page.keyboard.press("Enter")
        elif my_turn(page) and visible(page, ".hand button.card"):
            page.keyboard.press("1")
            options = page.locator(".capture-option")
            if options.count() > 1:
                options.first.focus()
                page.keyboard.press("Enter")
            else:
                page.keyboard.press("Enter")
            played += 1
        time.sleep(0.2)
    assert played >= 2


def test_lobby_and_tables_accessibility(page: Any) -> None:
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    result = axe.run(page)
    bad = [v for v in result.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, [(v["id"], v["help"]) for v in bad]
    create(page, "scopa", 2)
    result = axe.run(page)
    bad = [v for v in result.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, [(v["id"], v["help"], v["nodes"][0]["target"]) for v in bad]
