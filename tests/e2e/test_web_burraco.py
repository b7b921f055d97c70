"""Burraco a person can play, in the browser against the real server: wilds are marked in
the hand and, in a meld, show the card they stand for; the card just drawn is lit until your
next move; the hand is sorted by suit or by rank (remembered) or reordered by dragging, and
keeps that order across updates; the other player's last turn stays on the felt; the create
form's hands and target are never blank fields. Seed 2: we play first and draw the 8H, then
hold 6D 7D and the joker (meld 6D 7D JK=8D); the bot takes the pile, melds with its joker and
discards. Screenshots at 390x844 and 1280x800."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Player, shot
from tests.e2e.test_web_play import click_cards, create

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 800}
# seed 2, after our draw, in our suit order (hearts, clubs, diamonds, spades; jokers last)
BY_SUIT = ["8H", "4C", "5C", "6C", "7C", "QC", "3D", "6D", "7D", "7S", "KS", "JK"]
BY_RANK = ["3D", "4C", "5C", "6C", "6D", "7C", "7D", "7S", "8H", "QC", "KS", "JK"]


def hand(page: Any) -> list[str]:
    return [str(c.get_attribute("data-card")) for c in page.locator(".hand button.card").all()]


def draw(page: Any, cards: int) -> None:
    page.wait_for_selector(".table-screen.my-turn .actions button.primary:not([disabled])")
    page.locator(".actions button.primary").first.click()  # Draw / Pesca / Comprar
    page.wait_for_function(
        f"() => document.querySelectorAll('.hand button.card').length === {cards}"
    )


def meld_six_seven_joker(page: Any) -> None:
    """Seed 2, after the draw: lay 6D 7D with the joker standing for the 8D."""
    click_cards(page, ["6D", "7D", "JK"])
    page.locator(".actions button", has_text="Meld").first.click()
    page.locator(".actions button.choice[data-move='meld 6D 7D JK=8D']").click()
    page.wait_for_function("() => document.querySelectorAll('.hand button.card').length === 9")


def discard(page: Any, card: str) -> None:
    before = page.locator(".hand button.card").count()
    click_cards(page, [card])
    page.locator(".actions button.primary").last.click()  # Discard: after Meld, if offered
    page.wait_for_function(
        f"() => document.querySelectorAll('.hand button.card').length === {before - 1}"
    )


def look(page: Any, name: str) -> None:
    """A screenshot of the table as the player sees it: a click may have scrolled the page
    (Playwright scrolls to reach a card), which the player never does."""
    page.evaluate("() => { document.querySelector('main').scrollTop = 0; }")
    shot(page, name)


def drag_onto(page: Any, source: Any, target: Any) -> None:
    """A pointer drag (press, move in steps, release), as a finger or a mouse does it."""
    a, b = source.bounding_box(), target.bounding_box()
    page.mouse.move(a["x"] + 10, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + 10, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


def test_a_wild_is_marked_in_the_hand_and_in_a_meld_shows_the_card_it_stands_for(
    browser: Any, seeded_server: Any
) -> None:
    with seeded_server(2) as base:
        player = Player(browser, base, **PHONE)
        page = player.lobby()
        create(page, "burraco", 2)
        draw(page, 12)
        joker = page.locator(".hand button.card[data-card='JK']")
        assert joker.locator(".wild-mark").is_visible(), "the joker is marked in the hand"
        assert page.locator(".hand .wild-mark").count() == 1, "no natural card is marked"
        click_cards(page, ["6D", "7D", "JK"])
        page.locator(".actions button", has_text="Meld").first.click()
        choices = page.locator(".actions button.choice")
        choices.first.wait_for()
        marks = sorted(c.locator(".stands-for").inner_text() for c in choices.all())
        assert marks == ["5♦", "8♦"], "each placement shows the card the wild stands for"
        look(page, "burraco-wild-choice-marked-390x844")
        page.locator(".actions button.choice[data-move='meld 6D 7D JK=8D']").click()
        wild = page.locator(".melds.side-0 .meld .card.wild")
        wild.wait_for()
        assert wild.get_attribute("data-card") == "JK=8D"
        assert wild.locator(".stands-for").inner_text() == "8♦"
        assert "Eight of diamonds" in str(wild.get_attribute("aria-label"))
        look(page, "burraco-wild-in-meld-390x844")
        player.close()


@pytest.mark.parametrize(
    ("button", "lit", "said"),
    [(0, ["8H"], "just drawn"), (1, ["TC"], "just taken from the discard pile")],
)
def test_the_card_just_drawn_or_taken_is_lit_until_your_next_move(
    browser: Any, seeded_server: Any, button: int, lit: list[str], said: str
) -> None:
    with seeded_server(2) as base:
        player = Player(browser, base, **DESK)
        page = player.lobby()
        create(page, "burraco", 2)
        page.wait_for_selector(".table-screen.my-turn .actions button.primary:not([disabled])")
        assert page.locator(".hand .fresh-in-hand").count() == 0, "a dealt hand has nothing new"
        page.locator(".actions button.primary").nth(button).click()  # Draw, or Take the pile
        page.wait_for_function("() => document.querySelectorAll('.hand button.card').length === 12")
        fresh = page.locator(".hand button.card.fresh-in-hand")
        assert [c.get_attribute("data-card") for c in fresh.all()] == lit
        assert said in str(fresh.get_attribute("aria-label"))
        look(page, f"burraco-{said.split()[1]}-lit-1280x800")
        meld_six_seven_joker(page)
        assert page.locator(".hand .fresh-in-hand").count() == 0, "our next move puts it out"
        player.close()


def test_the_hand_is_sorted_by_suit_or_rank_and_a_dragged_order_survives_updates(
    browser: Any, seeded_server: Any
) -> None:
    with seeded_server(2) as base:
        player = Player(browser, base, **DESK)
        page = player.lobby()
        create(page, "burraco", 2)
        draw(page, 12)
        assert hand(page) == BY_SUIT
        page.click(".sort-toggle button[data-sort='rank']")
        assert hand(page) == BY_RANK
        assert (
            page.locator(".sort-toggle button[data-sort='rank']").get_attribute("aria-pressed")
            == "true"
        )
        look(page, "burraco-by-rank-1280x800")
        # the joker dragged onto the first card takes its place
        drag_onto(page, page.locator(".hand button.card[data-card='JK']"),
                  page.locator(".hand button.card").first)  # fmt: skip
        assert hand(page) == ["JK", *BY_RANK[:-1]]
        assert page.locator(".hand button.card.selected").count() == 0, "a drag is not a tap"
        # or by keyboard: Alt+arrow moves the focused card, which keeps the focus
        page.locator(".hand button.card[data-card='JK']").focus()
        page.keyboard.press("Alt+ArrowRight")
        assert hand(page)[:2] == ["3D", "JK"]
        assert page.evaluate("() => document.activeElement.dataset.card") == "JK"
        page.keyboard.press("Alt+ArrowLeft")
        assert hand(page) == ["JK", *BY_RANK[:-1]]
        # the next updates (our discard, the bot's turn, our draw) keep the player's order;
        # the new card comes at the end
        discard(page, "QC")
        kept = ["JK", *[c for c in BY_RANK[:-1] if c != "QC"]]
        assert hand(page) == kept
        page.wait_for_selector(".last-turn .last-discard", timeout=20_000)
        draw(page, 12)
        assert hand(page)[:-1] == kept
        assert page.locator(".hand button.card").last.get_attribute("class").count("fresh-in-hand")
        look(page, "burraco-dragged-order-1280x800")
        # the sort is remembered: after a reload the hand is by rank again
        page.reload()
        page.wait_for_selector(".hand button.card")
        assert page.locator(".sort-toggle button[data-sort='rank'].on").count() == 1
        cards = hand(page)
        assert cards == sorted(cards, key=rank_key)
        player.close()


def rank_key(code: str) -> tuple[int, int]:
    if code == "JK":
        return (99, 0)
    rank = "A23456789TJQK".index(code[0])
    return (98 if code[0] == "2" else rank, "HCDS".index(code[1]))


@pytest.mark.parametrize(
    ("locale", "size", "words"),
    [
        ("it-IT", PHONE, ("ha raccolto gli scarti", "ha calato", "ha scartato")),
        ("pt-BR", DESK, ("pegou o lixo", "baixou um jogo", "descartou")),
        ("en-GB", PHONE, ("took the discard pile", "melded", "discarded")),
    ],
)
def test_the_other_players_last_turn_stays_on_the_felt(
    browser: Any, seeded_server: Any, locale: str, size: dict[str, int], words: tuple[str, ...]
) -> None:
    with seeded_server(2) as base:
        player = Player(browser, base, locale=locale, **size)
        page = player.lobby()
        create(page, "burraco", 2)
        draw(page, 12)
        click_cards(page, ["6D", "7D", "JK"])
        page.locator(".actions button.primary").nth(0).click()  # Meld
        page.locator(".actions button.choice[data-move='meld 6D 7D JK=8D']").click()
        page.wait_for_function("() => document.querySelectorAll('.hand button.card').length === 9")
        click_cards(page, ["8H"])
        page.locator(".actions button.primary").last.click()  # Discard
        turn = page.locator(".last-turn[data-seat='1']")
        turn.locator(".last-discard").wait_for(timeout=20_000)
        # the bot took the pile (our 8H and the 10C), melded hearts with its joker, discarded
        took = [c.get_attribute("data-card") for c in turn.locator(".last-took .card").all()]
        assert sorted(took) == ["8H", "TC"]
        melded = turn.locator(".last-meld .card")
        assert melded.count() >= 3
        assert turn.locator(".last-meld .card.wild .stands-for").count() == 1
        top = page.locator(".discard-pile .card").last.get_attribute("data-card")
        assert turn.locator(".last-discard .card").get_attribute("data-card") == top
        text = turn.inner_text()
        assert all(w in text for w in words), text
        look(page, f"burraco-last-turn-{locale}-{size['width']}x{size['height']}")
        # it stays through our own turn: drawn, it is still there
        draw(page, 9)
        assert turn.locator(".last-discard .card").get_attribute("data-card") == top
        player.close()


def test_a_drawn_card_of_the_other_player_stays_hidden_on_the_felt(
    browser: Any, seeded_server: Any
) -> None:
    # Seed 2, we only draw and discard the 3D: the bot draws from the stock, so its turn
    # shows a back, never the card.
    with seeded_server(2) as base:
        player = Player(browser, base, **PHONE)
        page = player.lobby()
        create(page, "burraco", 2)
        draw(page, 12)
        discard(page, "3D")
        turn = page.locator(".last-turn[data-seat='1']")
        turn.locator(".last-discard").wait_for(timeout=20_000)
        assert turn.locator(".last-drew .card.back").count() == 1
        assert turn.locator(".last-drew .card").count() == 1
        assert turn.locator(".last-took").count() == 0
        assert "drew from the stock" in turn.inner_text()
        drawn = page.locator(".last-drew")
        assert drawn.locator("[data-card]").count() == 0, "no card named: a back only"
        look(page, "burraco-other-drew-390x844")
        player.close()


@pytest.mark.parametrize(
    ("locale", "hands", "target"),
    [
        ("it-IT", "es. 4", "es. 2005"),
        ("pt-BR", "ex.: 4", "ex.: 2005"),
        ("en-GB", "e.g. 4", "e.g. 2005"),
    ],
)
def test_the_burraco_create_form_says_what_hands_and_target_take(
    browser: Any, server: str, locale: str, hands: str, target: str
) -> None:
    player = Player(browser, server, locale=locale, **PHONE)
    page = player.lobby()
    page.select_option("#cf-game", "burraco")
    assert page.get_attribute("#cf-opt-hands", "placeholder") == hands
    assert page.get_attribute("#cf-opt-target", "placeholder") == target
    shot(page, f"burraco-create-form-{locale}-390x844")
    player.close()
