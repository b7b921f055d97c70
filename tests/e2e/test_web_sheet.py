"""The end-of-hand sheet and the match end, read as players read them: a hand of each game
played against bots to its sheet, the counts checked against the score the server sent, in
it, pt-BR and en, with no message id or internal key on the page; and Burraco's clock (the
green part and the reserve each as they are, the reserve's last 10 s lit up and sounding).

Scopa and Bisca play themselves fast: a short move timer makes the table move for the
player (its auto-move), the bots answer at once. Burraco is played by clicking.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import Player, running_server, shot
from tests.e2e.test_web_play import burraco_meld_in, click_cards, continue_hand, my_turn, visible

LANGS = ("it", "pt-BR", "en")
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 800}

FAST = {
    "CIRCOLO_BOT_DELAY": "0",
    "CIRCOLO_TABLE": json.dumps(
        {
            "move_timer": 0.4,
            "lag_grace": 0.05,
            "trick_display": 0.05,
            "hand_result_pause": 600,
            "burraco_green": 600,
            "secret_window": 1,  # Bisca's exchange window: 1 s, not 8 s, before its first trick
        }
    ),
}

RAW = re.compile(
    r"\b(?:sheet|web|scopa|bisca|burraco|error)-[a-z0-9_-]+|\{\$|\{ ?\$|\b[a-z]+_[a-z_]+\b"
)
"""A Fluent id, an unfilled variable, or an internal key (``card_points``, ``no_pozzetto``)."""

ROWS = {
    "scopa": {
        "it": ["Carte", "Denari", "Settebello", "Primiera", "Scope"],
        "pt-BR": ["Cartas", "Ouros", "Sete belo", "Primeira", "Escopas"],
        "en": ["Cards", "Coins (denari)", "Settebello", "Primiera", "Scope"],
    },
    "bisca": {
        "it": ["Punti delle carte", "Mano vinta", "Copas", "Cappotto", "Relo"],
        "pt-BR": ["Pontos nas cartas", "Mão ganha", "Copas", "Capote", "Relo"],
        "en": ["Card points", "Hand won", "Copas", "Capote", "Relo"],
    },
    "burraco": {
        "it": ["Carte calate", "Carte rimaste in mano", "Burraco pulito", "Burraco semipulito",
               "Burraco sporco", "Chiusura", "Pozzetto"],
        "pt-BR": ["Cartas baixadas", "Cartas na mão", "Canastra limpa", "Canastra semilimpa",
                  "Canastra suja", "Batida", "Morto"],
        "en": ["Cards melded", "Cards left in hand", "Clean burraco", "Semi-clean burraco",
               "Dirty burraco", "Going out", "Pozzetto"],
    },
}  # fmt: skip
TITLE = {
    "scopa": {"it": "Mano 1", "pt-BR": "Mão 1", "en": "Hand 1"},
    "bisca": {"it": "Mano 1", "pt-BR": "Mão 1", "en": "Hand 1"},
    "burraco": {"it": "Smazzata 1", "pt-BR": "Rodada 1", "en": "Hand 1"},
}
CONTINUE = {"it": "Continua", "pt-BR": "Continuar", "en": "Continue"}
COINS = {"it": "denari", "pt-BR": "ouros", "en": "coins"}  # a primiera card's suit, in words


@pytest.fixture(scope="module")
def fast_server() -> Iterator[str]:
    with running_server(**FAST) as base:
        yield base


def create(page: Any, game: str, **options: str) -> None:
    page.select_option("#cf-game", game)
    page.select_option("#cf-opt-players", "2")
    for name, value in options.items():
        field = page.locator(f"#cf-opt-{name}")
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click(".create-form button[type=submit]")
    page.wait_for_selector(".table-screen")


def set_lang(page: Any, lang: str) -> None:
    page.select_option("#lang", lang)
    page.wait_for_function(f"() => document.documentElement.lang === {json.dumps(lang)}")
    page.wait_for_timeout(300)


def last_hand(player: Player) -> dict[str, Any]:
    """The newest hand record the server sent (points, breakdown, details)."""
    found: dict[str, Any] = {}

    def walk(value: Any) -> None:
        nonlocal found
        if isinstance(value, dict):
            hands = value.get("hands")
            if isinstance(hands, list) and hands and "details" in hands[-1]:
                found = hands[-1]
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for frame in player.frames:
        walk(json.loads(frame))
    assert found, "no hand record with its details reached the page"
    return found


def cells(page: Any, row: str) -> list[str]:
    return [
        c.inner_text().strip() for c in page.locator(f".hand-over tr[data-row='{row}'] td").all()
    ]


def count_in(cell: str) -> int:
    """The count a cell starts with; "no cards" in words ("nenhuma carta") is 0."""
    number = re.match(r"\d+", cell)
    return int(number.group()) if number else 0


def no_raw_keys(text: str) -> None:
    found = RAW.findall(text)
    assert not found, f"untranslated keys on the page: {found} in {text!r}"


def check_sheet(page: Any, player: Player, game: str) -> None:
    """In each language: the title, every row's words, the counts the server sent, the
    Continue button and the countdown, no raw key; screenshots at both sizes."""
    hand = last_hand(player)
    b, d = hand["breakdown"], hand["details"]
    for lang in LANGS:
        set_lang(page, lang)
        sheet = page.locator(".hand-over")
        title = json.dumps(TITLE[game][lang])
        page.wait_for_function(  # the table redraws in the new language: its sheet too
            f"() => document.querySelector('.hand-over h2')?.textContent.includes({title})",
            timeout=5_000,
        )
        text = sheet.inner_text()
        no_raw_keys(text)
        assert TITLE[game][lang] in sheet.locator("h2").inner_text()
        labels = [th.inner_text().strip() for th in sheet.locator("tbody th").all()]
        assert labels[: len(ROWS[game][lang])] == ROWS[game][lang]
        assert sheet.locator("button.continue").inner_text().strip() == CONTINUE[lang]
        clock = sheet.locator(".next-in .countdown")
        assert re.fullmatch(r"\d+ s", clock.inner_text().strip()), "a visible countdown"
        points = [c.inner_text().strip() for c in sheet.locator("tr.sum td").all()]
        assert points == [f"+{p}" if p > 0 else "—" if p == 0 else f"−{-p}" for p in hand["points"]]
        if game == "scopa":
            for s in (0, 1):
                assert cells(page, "carte")[s].startswith(str(d["cards"][s]))
                assert cells(page, "denari")[s].startswith(str(d["denari"][s]))
                assert cells(page, "primiera")[s].startswith(str(d["primiera"][s]))
                assert cells(page, "scope")[s].startswith(str(d["scope"][s]))
            assert sum(d["cards"]) == 40 and sum(d["denari"]) == 10
            taker = d["settebello"]
            assert taker in (0, 1) and cells(page, "settebello")[1 - taker].startswith("—")
            assert cells(page, "settebello")[taker] != "—"
            seven = [c for side in d["primiera_cards"] for c in side if c.endswith("D")]
            if seven:  # the card of coins in someone's primiera, named in this language
                assert COINS[lang] in " ".join(cells(page, "primiera"))
        elif game == "bisca":
            for s in (0, 1):
                assert cells(page, "card_points")[s] == str(b[s]["card_points"])
            assert sum(b[s]["card_points"] for s in (0, 1)) == 120
            relo = " ".join(cells(page, "relo"))
            assert relo.count({"it": "relo", "pt-BR": "relo", "en": "relo"}[lang]) >= 2
        else:
            counts = d["counts"]
            for s in (0, 1):
                for row in ("melded", "in_hand"):
                    assert count_in(cells(page, row)[s]) == counts[s][row], (row, s)
            assert sheet.locator(".ended").inner_text().strip()
        page.set_viewport_size(DESK)
        shot(page, f"sheet-{game}-{lang}-1280x800")
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(200)
        shot(page, f"sheet-{game}-{lang}-390x844")
        page.set_viewport_size(DESK)


def test_scopa_sheet_shows_cards_denari_settebello_primiera_and_scope(
    browser: Any, fast_server: str
) -> None:
    player = Player(browser, fast_server)
    page = player.lobby()
    create(page, "scopa", target="11")
    page.wait_for_selector(".hand-over", timeout=120_000)
    check_sheet(page, player, "scopa")
    page.click(".hand-over button.continue")
    page.wait_for_selector(".hand-over", state="detached", timeout=10_000)
    player.close()


def test_bisca_sheet_shows_card_points_win_copas_capote_and_relo(
    browser: Any, fast_server: str
) -> None:
    player = Player(browser, fast_server)
    page = player.lobby()
    create(page, "bisca", target="12")
    page.wait_for_selector(".hand-over", timeout=120_000)
    check_sheet(page, player, "bisca")
    player.close()


HAND = ".hand button.card"


def hand_changes(page: Any, cards: int) -> None:
    """Until the hand holds other than ``cards`` cards (a draw, a meld or a discard has
    landed), 5 s at most: the next look at the page then sees the move made."""
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            f"n => document.querySelectorAll({json.dumps(HAND)}).length !== n", arg=cards,
            timeout=5_000,
        )  # fmt: skip


def play_burraco_to_the_sheet(page: Any, seconds: float) -> None:
    """Draw, meld a first meld when one is in hand, discard the last card; until the sheet.
    Each move waits for its cards to move, each turn of the bot for the next one of ours."""
    melded = False
    end = time.monotonic() + seconds
    while time.monotonic() < end and not visible(page, ".hand-over"):
        if not my_turn(page):
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_selector(".table-screen.my-turn, .hand-over", timeout=5_000)
            continue
        cards = page.locator(HAND)
        held = cards.count()
        draw = page.locator(".actions button", has_text="Draw")
        if draw.count() and draw.first.is_enabled() and not visible(page, ".actions .prompt"):
            draw.first.click()
            hand_changes(page, held)
            continue
        hand = cards.evaluate_all("els => els.map((el) => el.dataset.card)")
        meld = burraco_meld_in([c for c in hand if c])
        if meld and not melded:
            click_cards(page, meld)
            page.locator(".actions button", has_text="Meld").first.click()
            hand_changes(page, held)
            melded = True
            continue
        if held:
            cards.last.click()
            discard = page.locator(".actions button", has_text="Discard")
            if discard.count():
                discard.click()
                hand_changes(page, held)
                continue
        page.wait_for_timeout(80)  # nothing to do yet: look again


def test_burraco_sheet_shows_melded_in_hand_each_burraco_closing_and_pozzetto(
    browser: Any, fast_server: str
) -> None:
    player = Player(browser, fast_server)
    # less motion: a card clicked need not land first (a third of a second, 40 turns)
    player.page.emulate_media(reduced_motion="reduce")
    page = player.lobby()
    create(page, "burraco")
    page.wait_for_selector(".hand .card, .actions button", timeout=10_000)
    play_burraco_to_the_sheet(page, 240)
    assert visible(page, ".hand-over"), "the hand did not end"
    check_sheet(page, player, "burraco")
    player.close()


WHY_SINGLE = {
    "it": r"Partita di una sola mano: (hai fatto|.+ ha fatto) più punti \(\d+–\d+\)\.",
    "pt-BR": r"Partida de uma mão só: (você fez|.+ fez) mais pontos \(\d+–\d+\)\.",
    "en": r"A single-hand match: (you|.+) scored more \(\d+–\d+\)\.",
}


def test_match_end_says_why_it_ended_in_every_language(browser: Any, fast_server: str) -> None:
    player = Player(browser, fast_server)
    page = player.lobby()
    create(page, "scopa", target="single_hand")
    end = time.monotonic() + 120
    while not visible(page, ".match-over") and time.monotonic() < end:
        continue_hand(page)  # a tied single hand goes on to more hands
        page.wait_for_timeout(200)
    page.wait_for_selector(".match-over", timeout=1_000)
    for lang in LANGS:
        set_lang(page, lang)
        over = page.locator(".match-over")
        no_raw_keys(over.inner_text())
        why = over.locator(".why").inner_text().strip()
        if "–" in why:  # a tie goes on to more hands; one side ahead ends it
            assert re.fullmatch(WHY_SINGLE[lang], why), why
        over.locator("details summary").first.click()
        no_raw_keys(over.inner_text())
        shot(page, f"match-over-scopa-{lang}-1280x800")
        page.set_viewport_size(PHONE)
        shot(page, f"match-over-scopa-{lang}-390x844")
        page.set_viewport_size(DESK)
    player.close()


CLOCK = {
    "CIRCOLO_BOT_DELAY": "0",
    # a green part long enough for a slow page to read it twice (its figures, not luck)
    "CIRCOLO_TABLE": json.dumps({"burraco_green": 8, "burraco_reserve_start": 13}),
}

COUNT_TONES = """
window.__tones = 0;
const real = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.__tones += 1;
  return real.call(this);
};
"""

WHY_CLOCK = {
    "it": "Hai finito il tempo di riserva.",
    "pt-BR": "Seu tempo de reserva acabou.",
    "en": "Your reserve time ran out.",
}


def test_burraco_clock_shows_green_and_reserve_as_they_are_and_the_last_10_s_alert(
    browser: Any,
) -> None:
    """Green 8 s, reserve 13 s: while the green part runs the reserve reads 13 s (not 21);
    then it counts down, lights up at 10 s with a sound, and at 0 the match is lost."""
    with running_server(**CLOCK) as base:
        player = Player(browser, base)
        player.page.add_init_script(COUNT_TONES)
        page = player.lobby()
        create(page, "burraco")
        mine = ".seat.mine .burraco-clock"
        page.wait_for_selector(f"{mine} .countdown.green", timeout=20_000)
        green = page.locator(f"{mine} .countdown.green")
        orange = page.locator(f"{mine} .countdown.orange")
        first = (green.inner_text(), orange.inner_text())
        page.wait_for_timeout(2_000)  # whole seconds shown: two of them, one tick at least
        second = (green.inner_text(), orange.inner_text())
        assert first[1] == second[1] == "13 s", (first, second)
        assert int(second[0].split()[0]) < int(first[0].split()[0]) <= 8
        shot(page, "burraco-clock-green-1280x800")
        tones = page.evaluate("() => window.__tones")
        page.wait_for_selector(f"{mine} .countdown.orange.warning", timeout=20_000)
        assert int(orange.inner_text().split()[0]) <= 10
        page.wait_for_timeout(700)
        assert page.evaluate("() => window.__tones") >= tones + 3, "the reserve alert sounded"
        lit = orange.evaluate("el => getComputedStyle(el).backgroundColor")
        assert lit == "rgb(200, 16, 46)", lit
        assert orange.evaluate("el => getComputedStyle(el).animationName") == "pulse"
        shot(page, "burraco-clock-reserve-1280x800")
        page.emulate_media(reduced_motion="reduce")
        assert orange.evaluate("el => getComputedStyle(el).animationName") == "none"
        assert orange.evaluate("el => getComputedStyle(el).backgroundColor") == lit
        page.set_viewport_size(PHONE)
        shot(page, "burraco-clock-reserve-390x844")
        page.set_viewport_size(DESK)
        page.wait_for_selector(".match-over", timeout=20_000)
        first_letter = "el => getComputedStyle(el, '::first-letter').textTransform"
        assert page.locator(".match-over .totals").evaluate(first_letter) == "uppercase"  # "You 0"
        assert not page.locator(".turn-label").count(), "nobody's turn once the match is over"
        shot(page, "burraco-clock-lost-1280x800")
        for lang in LANGS:
            set_lang(page, lang)
            assert page.locator(".match-over .why").inner_text().strip() == WHY_CLOCK[lang]
            no_raw_keys(page.locator(".match-over").inner_text())
        player.close()
