"""The browser makes only the moves the server offers: a Scopa card with two captures is a
choice drawn as the cards each takes, and a Burraco meld with a wild is a choice among the
offered layouts, drawn as cards. On a phone (390 x 844), with screenshots of both choices."""

from __future__ import annotations

import time
from typing import Any

from tests.e2e.conftest import Player, shot
from tests.e2e.test_web_play import click_cards, create, start_seeded_scopa, table_cards

PHONE = {"width": 390, "height": 844}


def told(player: Player, move: str) -> bool:
    """Whether the server told this page of ``move`` (its text in a move event)."""
    end = time.monotonic() + 5
    while time.monotonic() < end:
        if any(f'"move":"{move}"' in f for f in player.frames):
            return True
        time.sleep(0.1)
    return False


def test_a_scopa_capture_is_chosen_among_the_offered_ones(browser: Any, seeded_server: Any) -> None:
    # Seed 6: we cut 20 and hold KC; the table is AD 2S 7H JH: KC takes AD 2S 7H, or 2S JH.
    with seeded_server(6) as base:
        player = Player(browser, base, **PHONE)
        page = player.lobby()
        start_seeded_scopa(page)
        page.click(".table-screen.my-turn .hand button.card[data-card='KC']")
        options = page.locator(".capture-option")
        assert options.count() == 2
        moves = sorted(str(o.get_attribute("data-move")) for o in options.all())
        assert moves == ["KC x 2S JH", "KC x AD 2S 7H"], "the server's two captures, as offered"
        drawn = [[c.get_attribute("data-card") for c in o.locator(".card").all()]
                 for o in options.all()]  # fmt: skip
        assert sorted(map(sorted, drawn)) == [["2S", "7H", "AD"], ["2S", "JH"]]
        assert all(" x " not in o.inner_text() for o in options.all()), "cards, not notation"
        assert page.locator(".table-cards .card.highlight").count() == 4
        shot(page, "scopa-capture-choice-390x844")
        page.click(".capture-option[data-move='KC x 2S JH']")
        page.wait_for_function(
            "() => document.querySelectorAll('.table-cards .card').length === 2", timeout=5_000
        )
        assert sorted(table_cards(page)) == ["7H", "AD"]
        assert told(player, "KC x 2S JH")
        player.close()


def test_a_burraco_meld_with_a_wild_is_chosen_among_the_offered_layouts(
    browser: Any, seeded_server: Any
) -> None:
    # Seed 2: we play first and, after drawing, hold 6D 7D and the joker: JK=5D 6D 7D or
    # 6D 7D JK=8D, the two layouts the server offers for these three cards.
    with seeded_server(2) as base:
        player = Player(browser, base, **PHONE)
        page = player.lobby()
        create(page, "burraco", 2)
        page.wait_for_selector(".table-screen.my-turn .actions button:has-text('Draw')")
        page.locator(".actions button", has_text="Draw").first.click()
        page.wait_for_function("() => document.querySelectorAll('.hand button.card').length === 12")
        click_cards(page, ["6D", "7D", "JK"])
        page.locator(".actions button", has_text="Meld").first.click()
        choices = page.locator(".actions button.choice")
        choices.first.wait_for(timeout=5_000)
        moves = [str(c.get_attribute("data-move")) for c in choices.all()]
        assert sorted(moves) == ["meld 6D 7D JK=8D", "meld JK=5D 6D 7D"]
        for choice in choices.all():
            cards = [c.get_attribute("data-card") for c in choice.locator(".card").all()]
            assert len(cards) == 3 and choice.locator(".card.wild").count() == 1, cards
            assert "=" not in choice.inner_text() and "meld" not in choice.inner_text()
        shot(page, "burraco-wild-choice-390x844")
        page.click(".actions button.choice[data-move='meld 6D 7D JK=8D']")
        meld = page.locator(".melds.side-0 .meld").first
        meld.wait_for(timeout=5_000)
        laid = [c.get_attribute("data-card") for c in meld.locator(".card").all()]
        assert laid == ["6D", "7D", "JK=8D"], "the wild stands where the player chose"
        assert told(player, "meld 6D 7D JK=8D")
        assert page.locator(".hand button.card").count() == 9
        player.close()
