"""Fit every screen: at each size a player uses, their own hand, the felt and the clock are
on screen without scrolling, in every game and mode.

One server and one page per game and mode (a table against bots, created in the lobby);
the page is resized to each size at the player's turn, and the boxes are measured. A
screenshot of what the player sees (the viewport, not the whole page) goes to the artifacts.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import Player, shot

GAMES = [(game, n) for game in ("scopa", "bisca", "burraco") for n in (2, 4)]
SIZES = [(1280, 800), (1366, 768), (390, 844), (360, 740), (844, 390)]

CLOCK = ".seat.mine.turn .move-clock, .seat.mine.turn .burraco-clock"


@pytest.fixture(scope="module")
def tables(browser: Any, server: str) -> Iterator[dict[tuple[str, int], Player]]:
    """A table against bots per game and mode, each in its own browser, opened on demand."""
    opened: dict[tuple[str, int], Player] = {}
    yield opened
    for player in opened.values():
        player.close()


def open_table(
    tables: dict[tuple[str, int], Player], browser: Any, base: str, game: str, n: int
) -> Any:
    if (game, n) not in tables:
        player = Player(browser, base)
        page = player.lobby()
        page.select_option("#cf-game", game)
        page.select_option("#cf-opt-players", str(n))
        page.click(".create-form button[type=submit]")
        page.wait_for_selector(".table-screen", timeout=60_000)  # a loaded machine
        tables[(game, n)] = player
    return tables[(game, n)].page


def await_my_turn(page: Any, seconds: float = 30) -> None:
    """Until the player may play a card: a cut, a trump choice or an exchange is answered."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if page.locator(
            ".hand-over button, .cut button, [data-move=sorteio], [data-move=pass]"
        ).count():
            page.locator(
                ".hand-over button, .cut button, [data-move=sorteio], [data-move=pass]"
            ).first.click()
        elif (
            page.locator(".table-screen.my-turn .hand button.card").count()
            and page.locator(CLOCK).count()
        ):
            return
        time.sleep(0.15)
    pytest.fail("the player's turn did not come")


def outside(page: Any, selector: str, width: int, height: int) -> str | None:
    """None when the element's box lies inside the viewport (the page not scrolled), else why."""
    box = page.evaluate(
        "(sel) => { const el = document.querySelector(sel); if (!el) return null;"
        " const r = el.getBoundingClientRect();"
        " return { x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height }; }",
        selector,
    )
    if box is None:
        return f"{selector}: missing"
    if box["w"] <= 0 or box["h"] <= 0:
        return f"{selector}: empty box {box}"
    slack = 0.5
    inside = (
        box["x"] >= -slack
        and box["y"] >= -slack
        and box["x"] + box["w"] <= width + slack
        and box["y"] + box["h"] <= height + slack
    )
    return None if inside else f"{selector}: {box} outside {width}x{height}"


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(("game", "n"), GAMES, ids=[f"{g}-{n // 2}v{n // 2}" for g, n in GAMES])
def test_hand_felt_and_clock_fit(
    tables: dict[tuple[str, int], Player],
    browser: Any,
    server: str,
    game: str,
    n: int,
    width: int,
    height: int,
) -> None:
    page = open_table(tables, browser, server, game, n)
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => window.scrollTo(0, 0)")
    await_my_turn(page)
    page.wait_for_timeout(300)  # the layout settles and the fresh cards' entrance ends
    problems = [
        p for p in (outside(page, sel, width, height) for sel in (".hand", ".felt", CLOCK)) if p
    ]
    # the hand's every card, not only its box
    cards = page.locator(".hand .card").count()
    for i in range(cards):
        p = outside(page, f".hand .card:nth-child({i + 1})", width, height)
        if p:
            problems.append(p)
            break
    # the latest moves are in sight too: under the felt on a phone held upright, else the log beside
    upright = page.evaluate(
        "() => getComputedStyle(document.querySelector('.recent')).display !== 'none'"
    )
    p = outside(page, ".recent" if upright else ".log-list li:last-child", width, height)
    if p:
        problems.append(p)
    if width < 720:
        assert upright, "a phone held upright shows the latest moves under the felt"
    shot(page, f"fit-{game}-{n // 2}v{n // 2}-{width}x{height}", full_page=False)
    assert not problems, problems
