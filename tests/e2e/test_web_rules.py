"""The rules at hand: a page per game in each language, reached from the lobby, the create
form and the table (a dialog over it), and the "?" hints where players get stuck."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.conftest import Player, shot
from tests.e2e.test_web_play import create, serious

GAMES = {"scopa": "Scopa", "bisca": "Bisca Capixaba", "burraco": "Burraco"}
TITLES = {"pt-BR": {"burraco": "Buraco italiano"}}
LOCALES = {"it": "it-IT", "pt-BR": "pt-BR", "en": "en-US"}
KEYS = re.compile(r"\b(?:web|error)-[a-z]|\{\{|\{\$|\{#|\{cards")
ENGLISH = re.compile(r"\b(?:the|and|your|with|points?|tricks?|players?|cards?|hand|rules)\b", re.I)
"""Marker words of English: none may show on an Italian or Brazilian page."""
CARD_NAME = {"it": "Asso di", "pt-BR": "Ás de", "en": "Ace of"}


def section_top(page: Any, root: str, section: str) -> float:
    """Where a section's heading is, from the top of the window (it was scrolled to)."""
    return float(page.eval_on_selector(f"{root} [data-section='{section}']",
                                       "el => el.getBoundingClientRect().top"))  # fmt: skip


def open_hint(page: Any, where: str) -> str:
    """Opens the "?" at ``where``: its text."""
    hint = page.locator(f"{where} .hint")
    hint.locator("summary").click()
    assert hint.locator(".hint-text").is_visible()
    return str(hint.locator(".hint-text").inner_text())


def follow_hint(page: Any, where: str, section: str) -> tuple[Any, float]:
    """Follows the open hint's link: the rules dialog, and where its section is."""
    page.locator(f"{where} .hint .hint-text a").click()
    dialog = page.locator("dialog.rules-dialog")
    dialog.locator(f"[data-section='{section}']").wait_for()
    page.wait_for_timeout(200)
    return dialog, section_top(page, "dialog", section)


def test_every_rules_page_in_every_language(browser: Any, server: str) -> None:
    for lang, locale in LOCALES.items():
        for width, height in ((390, 844), (1280, 800)):
            player = Player(browser, server, width=width, height=height, locale=locale)
            page = player.page
            for game, name in GAMES.items():
                page.goto(f"{server}/rules/{game}")
                page.wait_for_selector(".rules h1")
                title = TITLES.get(lang, {}).get(game, name)
                assert page.locator(".rules h1").inner_text() == title
                text = page.locator("main").inner_text()
                assert not KEYS.findall(text), (lang, game, KEYS.findall(text)[:5])
                if lang != "en":
                    assert not ENGLISH.findall(text), (lang, game, ENGLISH.findall(text)[:5])
                assert page.locator(".rules-toc li a").count() >= 10
                assert page.locator(".rules h2").count() >= 10
                assert page.locator(".rule-table table").count() >= 2
                labels = page.locator(".rule-card").evaluate_all("els => els.map(e => e.ariaLabel)")
                assert labels and any(label.startswith(CARD_NAME[lang]) for label in labels)
                assert page.evaluate("document.documentElement.lang") == lang
                assert page.evaluate("document.documentElement.scrollWidth") <= width, "sideways"
                shot(page, f"rules-{game}-{lang}-{width}x{height}")
            # a section of the page by its address, as the hints give it
            page.goto(f"{server}/rules/bisca#trump-ace")
            page.wait_for_selector(".rules [data-section='trump-ace']")
            page.wait_for_timeout(200)
            assert 0 <= section_top(page, ".rules", "trump-ace") < 100
            player.close()


def test_the_rules_index_and_the_lobby_and_create_form_links(browser: Any, server: str) -> None:
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    player = Player(browser, server, locale="pt-BR")
    page = player.page
    page.goto(f"{server}/rules/burraco")
    page.wait_for_selector(".rules h1")
    assert not serious(Axe().run(page))
    page.goto(f"{server}/help")
    page.wait_for_selector(".rules-index")
    assert page.locator(".rules-index a").count() == 3
    page.click(".rules-index a.game-burraco")
    page.wait_for_selector(".rules h1")
    assert page.locator(".rules h1").inner_text() == "Buraco italiano"
    page.goto(f"{server}/")
    page.wait_for_selector("#cf-opt-players")
    page.click(".game-bisca .rules-link")
    page.wait_for_selector(".rules h1")
    assert page.url.endswith("#/rules/bisca")
    assert page.locator(".rules h1").inner_text() == "Bisca Capixaba"
    page.click(".rules-toc a:has-text('Relo')")  # a section of the same page
    page.wait_for_timeout(200)
    assert page.url.endswith("#/rules/bisca/relo")
    assert 0 <= section_top(page, ".rules", "relo") < 100
    page.go_back()  # to the lobby
    page.wait_for_selector("#cf-opt-players")
    page.select_option("#cf-game", "scopa")
    assert page.locator("#cf-rules").inner_text() == "Como jogar Scopa"
    page.click("#cf-rules")
    page.wait_for_selector(".rules h1")
    assert page.url.endswith("#/rules/scopa")
    assert page.locator(".rules h1").inner_text() == "Scopa"
    player.close()


def test_the_table_rules_dialog_and_the_cut_hint(browser: Any, seeded_server: Any) -> None:
    from axe_playwright_python.sync_playwright import Axe

    # Seed 6: the bot deals and we cut, so the cut and its hint are on screen.
    with seeded_server(6) as base:
        player = Player(browser, base)
        page = player.lobby()
        create(page, "scopa", 2, target="single_hand")
        page.wait_for_selector(".cut button")
        table = page.url
        assert "4 to 36" in open_hint(page, ".cut")
        shot(page, "rules-hint-cut-1280x800")
        dialog, top = follow_hint(page, ".cut", "cut")
        assert 0 <= top < 200
        assert page.url == table, "the rules open over the table, not instead of it"
        scrolled = "document.querySelector('dialog').scrollTop"
        before = page.evaluate(scrolled)
        page.keyboard.press("ArrowDown")  # reads on: the table's arrow keys keep out of it
        page.wait_for_timeout(300)
        assert page.evaluate(scrolled) > before
        assert dialog.locator("a[target=_blank]").get_attribute("href") == "/rules/scopa#cut"
        shot(page, "rules-dialog-cut-1280x800")
        dialog.locator(".rules-dialog-bar button").click()
        dialog.wait_for(state="detached")
        page.click(".table-head .rules-button")  # the table's own link
        dialog.locator(".rules h1").wait_for()
        assert not serious(Axe().run(page))
        assert dialog.locator(".rules h1").inner_text() == "Scopa"
        page.keyboard.press("Escape")
        dialog.wait_for(state="detached")
        page.click(".cut button.primary")  # the game goes on
        page.wait_for_selector(".table-screen .hand .card")
        player.close()


def test_burraco_hints_on_a_phone(browser: Any, server: str) -> None:
    player = Player(browser, server, width=390, height=844, locale="pt-BR")
    page = player.lobby()
    create(page, "burraco", 2)
    page.wait_for_selector(".table-screen.my-turn .burraco-clock .hint", timeout=20_000)
    text = open_hint(page, ".burraco-clock")
    assert "Verde" in text and "reserva" in text
    shot(page, "rules-hint-clock-390x844")
    page.click(".table-head .scores")  # a tap elsewhere closes it: it covered the hand
    assert not page.locator(".hint[open]").count()
    assert "Esta partida: 4 rodadas." in open_hint(page, ".stock-row")
    shot(page, "rules-hint-house-390x844")
    dialog, top = follow_hint(page, ".stock-row", "house-rules")
    assert 40 <= top < 200, "below the dialog's bar"
    shot(page, "rules-dialog-house-390x844")
    dialog.locator(".rules-dialog-bar button").click()
    dialog.wait_for(state="detached")
    assert page.locator(".table-screen").count() == 1
    player.close()


BISCA_HAND = """async ([hand, legal, players]) => {
  const bisca = await import("/web/js/table/bisca.js");
  const view = { hand, phase: "play", trump: "D", players, trick: { cards: [] }, stock: 20 };
  const offered = legal.map((card) => ({ id: card, kind: "card", card }));  // as the server sends
  const ctx = {
    view, model: { state: { hand: { legal: offered } }, lastTrick: null }, selected: [],
    myTurn: true, legal: offered,
    faces: "french", where: () => "top", seatName: () => "", sideName: () => "",
    suitName: () => "ouros", play: () => {}, select: () => {},
  };
  const parts = bisca.render(ctx);
  const boxes = parts.actions.filter((el) => el?.dataset?.hint);
  const dimmed = parts.hand.filter((el) => el.classList.contains("forbidden"));
  return {
    hints: boxes.map((el) => el.dataset.hint),
    dimmed: dimmed.map((el) => el.dataset.card),
    text: boxes[0]?.querySelector(".hint-text").textContent,
  };
}"""


def test_the_dimmed_trump_ace_says_why(browser: Any, server: str) -> None:
    # The Bisca table's renderer, given a hand whose trump Ace the rules hold back now.
    player = Player(browser, server, locale="pt-BR")
    page = player.lobby()
    ace = page.evaluate(BISCA_HAND, [["AD", "3C", "KS"], ["3C", "KS"], 2])
    assert ace["hints"] == ["trump-ace"] and ace["dimmed"] == ["AD"]
    assert ace["text"].startswith("O Ás do trunfo só pode sair depois")
    seven = page.evaluate(BISCA_HAND, [["7D", "3C", "KS"], ["3C", "KS"], 4])
    assert seven["hints"] == ["trump-seven"] and seven["dimmed"] == ["7D"]
    free = page.evaluate(BISCA_HAND, [["AD", "3C", "KS"], ["AD", "3C", "KS"], 2])
    assert free["hints"] == [] and free["dimmed"] == []
    player.close()
