"""A person plays at the real server in headless Chromium, by clicking."""

from __future__ import annotations

import json
import time
from typing import Any

from tests.e2e.conftest import Player, running_server, shot

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
            seen["moves"] += 1
        time.sleep(0.15)
    return seen


def table_cards(page: Any) -> list[str]:
    return [str(el.get_attribute("data-card")) for el in page.locator(".table-cards .card").all()]


CUT_AT = """(cut, n) => {
  cut.querySelector('#cut-n').value = String(n);
  cut.querySelector('button.cut-now').click();
}"""
"""Where to cut set and Cut pressed in one task of the page: a screen drawn between the two
makes a new cut control, whose slider starts at a random place."""


def cut_at(page: Any, n: int = 20) -> None:
    """We cut the deck at ``n`` (with a pinned seed: a known deal)."""
    page.wait_for_selector(".cut button.cut-now")
    page.eval_on_selector(".cut", CUT_AT, n)


def start_seeded_scopa(page: Any) -> None:
    """A one-hand Scopa table against a bot, the deck cut at 20 (with seed 6: a known deal)."""
    create(page, "scopa", 2, target="single_hand")
    cut_at(page)


def test_scopa_whole_match_against_a_bot(browser: Any, seeded_server: Any) -> None:
    # Seed 6: the bot deals, we cut 20 and hold KC with two captures on the table
    # (AD 2S 7H, or 2S JH); the match is a single hand, played to its end by clicking.
    # Then we leave, and its link, once the table has retired, leads to its replay.
    with seeded_server(6, CIRCOLO_FINISHED_LINGER="1") as base:
        player = Player(browser, base)
        page = player.lobby()
        start_seeded_scopa(page)
        page.wait_for_selector(".table-screen.my-turn .hand button.card[data-card='KC']")
        assert sorted(table_cards(page)) == ["2S", "7H", "AD", "JH"]
        shot(page, "scopa-1280x800")
        page.click(".hand button.card[data-card='KC']")
        options = page.locator(".capture-option")
        assert options.count() == 2
        assert page.locator(".table-cards .card.highlight").count() == 4
        shot(page, "scopa-capture-choice-1280x800")
        page.click(".capture-option[data-move='KC x 2S JH']")
        page.wait_for_function(
            "() => document.querySelectorAll('.table-cards .card').length === 2", timeout=5_000
        )
        assert sorted(table_cards(page)) == ["7H", "AD"], "the chosen capture (2S JH) was made"
        seen = play_scopa(page, 120)
        assert visible(page, ".match-over"), "the match did not end"
        assert seen["moves"] >= 8
        shot(page, "scopa-match-over-1280x800")
        assert page.locator(".match-over h2").inner_text()
        link = page.url
        page.click(".match-over .buttons button:not(.primary)")  # back to the lobby
        page.wait_for_selector("section.open-tables")
        page.wait_for_timeout(2_500)  # the table's end, then its linger of 1 s
        page.goto(link)
        over = page.locator(".banner.over")
        over.wait_for()
        assert "This match is over" in over.inner_text()
        shot(page, "scopa-table-over-1280x800")
        over.locator("a.button.primary").click()
        page.wait_for_selector(".replay-page .replay-caption")
        assert page.locator(".replay-caption").inner_text().startswith("Hand 1 · 1 / ")
        player.close()


def test_scopa_capture_by_dragging(browser: Any, seeded_server: Any) -> None:
    # The same deal as above: KC dragged onto JH takes the one capture with JH (2S JH).
    with seeded_server(6) as base:
        player = Player(browser, base)
        page = player.lobby()
        start_seeded_scopa(page)
        king = page.locator(".table-screen.my-turn .hand button.card[data-card='KC']")
        king.wait_for()
        king.drag_to(page.locator(".table-cards .card[data-card='JH']"))
        page.wait_for_function(
            "() => document.querySelectorAll('.table-cards .card').length === 2", timeout=5_000
        )
        assert sorted(table_cards(page)) == ["7H", "AD"]
        # a tap still selects: a drag never also counts as a click
        assert not visible(page, ".hand button.card.selected")
        player.close()


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


QUICK_TRICKS = {"CIRCOLO_BOT_DELAY": "0.1", "CIRCOLO_TABLE": json.dumps({"trick_display": 0.3})}
"""Bots that answer in 0.1 s and a trick shown 0.3 s, not the room's 0.6 s and 4 s: six tricks
of four cards take seconds, not half a minute."""


def test_bisca_two_by_two_with_three_bots(browser: Any) -> None:
    with running_server(**QUICK_TRICKS) as base:
        player = Player(browser, base)
        play_bisca_two_by_two(player.lobby())
        player.close()


def play_bisca_two_by_two(page: Any) -> None:
    create(page, "bisca", 4)
    chose = played = 0
    tricks = False
    end = time.monotonic() + 60
    while time.monotonic() < end and played < 6:
        if continue_hand(page):
            continue
        if my_turn(page):
            sorteio = page.locator(".actions button", has_text="Turn up the trump")
            passing = page.locator(".actions button", has_text="Pass")
            if sorteio.count():
                sorteio.click()
                chose += 1
            elif passing.count():  # the 2 of trumps: the choice is said in words
                assert "2 of trumps" in page.locator(".actions .prompt").inner_text()
                shot(page, "bisca-exchange")
                passing.click()
            elif visible(page, ".hand button.card.playable"):
                # only the cards the rules allow now can be played (not the trump Ace
                # before the 7: it is shown dimmed)
                page.locator(".hand button.card.playable").first.click()
                page.locator(".hand button.card.selected").click()
                played += 1
                page.wait_for_timeout(200)
                refused = page.locator(".flash", has_text="not allowed")
                assert not refused.count(), refused.inner_text()
        if visible(page, ".trick-slot"):
            tricks = True
            assert "NaN" not in page.locator(".bisca-felt").inner_text(), "a trick card's player"
            if played == 2:
                shot(page, "bisca-1280x800")
        time.sleep(0.15)
    assert played >= 3
    assert tricks
    assert visible(page, ".trump-box strong")
    log = page.locator(".log-list").inner_text()
    assert "You play" in log and "Bot 2" in log  # one's own moves in the second person


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


def burraco_turns(page: Any, turns: int, seconds: float = 60) -> int:
    """Play simple turns (draw, meld once if a meld is in hand, discard the last card)."""
    discards = melds = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end and discards < turns:
        if continue_hand(page):
            continue
        if my_turn(page):
            draw = page.locator(".actions button", has_text="Draw")
            if draw.count() and draw.first.is_enabled() and not visible(page, ".actions .prompt"):
                draw.first.click()
                time.sleep(0.3)
                continue
            hand = [el.get_attribute("data-card") for el in page.locator(".hand button.card").all()]
            meld = burraco_meld_in([c for c in hand if c])
            if meld and melds == 0:
                click_cards(page, meld)
                page.locator(".actions button", has_text="Meld").first.click()
                page.wait_for_timeout(600)
                melds += 1
                continue
            page.locator(".hand button.card").last.click()
            page.locator(".actions button", has_text="Discard").click()
            discards += 1
            page.wait_for_timeout(400)
        time.sleep(0.15)
    return discards


def my_melds(page: Any) -> Any:
    return page.locator(".melds.side-0 .meld")


def test_burraco_meld_extension_and_discard(browser: Any, seeded_server: Any) -> None:
    # Seed 2: we play first and, after drawing, hold 4C 5C 6C 7C: meld three, extend with 7C.
    with seeded_server(2) as base:
        player = Player(browser, base)
        page = player.lobby()
        create(page, "burraco", 2)
        page.wait_for_selector(".table-screen.my-turn .actions button:has-text('Draw')")
        page.locator(".actions button", has_text="Draw").first.click()
        page.wait_for_function("() => document.querySelectorAll('.hand button.card').length === 12")
        hand = [el.get_attribute("data-card") for el in page.locator(".hand button.card").all()]
        assert {"4C", "5C", "6C", "7C"} <= set(hand), hand
        click_cards(page, ["4C", "5C", "6C"])
        page.locator(".actions button", has_text="Meld").first.click()
        my_melds(page).first.wait_for(timeout=5_000)
        assert my_melds(page).count() == 1
        click_cards(page, ["7C"])
        page.click(".melds.side-0 .meld.target")
        page.wait_for_function(
            "() => document.querySelectorAll('.melds.side-0 .meld .card').length === 4"
        )
        assert page.locator(".hand button.card").count() == 8
        shot(page, "burraco-1280x800")
        last = page.locator(".hand button.card").last
        discard = str(last.get_attribute("data-card"))
        last.drag_to(page.locator("[data-drop=discard]"))  # discarding by dragging to the pile
        sent = f'"move":"discard {discard}"'
        end = time.monotonic() + 5
        while not any(sent in f for f in player.frames) and time.monotonic() < end:
            page.wait_for_timeout(100)
        assert any(sent in f for f in player.frames), "the card dragged to the pile is discarded"
        assert burraco_turns(page, 2) >= 2
        shot(page, "burraco-end-1280x800")
        player.close()


def test_language_switch(page: Any) -> None:
    page.select_option("#lang", "pt-BR")
    page.wait_for_selector("text=Jogar agora")
    assert page.locator("html").get_attribute("lang") == "pt-BR"
    # the words are the server's catalogues (GET /i18n/pt-BR), plurals by Intl.PluralRules
    words = page.evaluate(
        """async () => {
          const i18n = await import("/web/js/i18n.js");
          const counts = [0, 1, 2, 5, 21].map((count) => i18n.t("web-cards", { count }));
          const known = i18n.errorText({ code: "not_your_turn", message: "not your turn" });
          const unknown = i18n.errorText({ code: "no_such_code", message: "the server's words" });
          const slow = [0.2, 2.4].map(
            (retry_after) => i18n.errorText({ code: "rate_limited", retry_after }));
          return [...counts, known, unknown, ...slow];
        }"""
    )
    assert words[:5] == ["nenhuma carta", "1 carta", "2 cartas", "5 cartas", "21 cartas"]
    assert words[5] == "Não é a sua vez."
    assert words[6].endswith("the server's words") and words[6] != "the server's words"
    assert words[7:] == ["Rápido demais: espere um segundo.", "Rápido demais: espere 3 segundos."]
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
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    axe = Axe()
    result = axe.run(page)
    bad = [v for v in result.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, [(v["id"], v["help"]) for v in bad]
    create(page, "scopa", 2)
    result = axe.run(page)
    bad = [v for v in result.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, [(v["id"], v["help"], v["nodes"][0]["target"]) for v in bad]


def serious(result: Any) -> list[Any]:
    bad = [v for v in result.response["violations"] if v["impact"] in ("serious", "critical")]
    return [(v["id"], v["help"], v["nodes"][0]["target"]) for v in bad]


def test_bisca_and_burraco_tables_on_a_phone_accessible(browser: Any, server: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    for game, locale in (("bisca", "pt-BR"), ("burraco", "it-IT")):
        player = Player(browser, server, width=390, height=844, locale=locale)
        page = player.lobby()
        create(page, game, 2)
        page.wait_for_selector(".hand .card, [data-move=sorteio]", timeout=15_000)
        if visible(page, "[data-move=sorteio]"):  # we choose how the trump is found
            assert not serious(axe.run(page)), serious(axe.run(page))
            shot(page, f"{game}-choice-390x844")
            page.click("[data-move=sorteio]")
            page.wait_for_selector(".hand .card", timeout=15_000)
        page.wait_for_timeout(700)
        assert not serious(axe.run(page)), serious(axe.run(page))
        shot(page, f"{game}-390x844")
        player.close()
    # and a Bisca table at desktop size, scanned too
    player = Player(browser, server)
    page = player.lobby()
    create(page, "bisca", 4)
    page.wait_for_selector(".hand .card, [data-move=sorteio]", timeout=15_000)
    assert not serious(axe.run(page)), serious(axe.run(page))
    player.close()
