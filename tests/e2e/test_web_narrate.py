"""The browser tells moves in the terminal's words: the same Fluent messages, filled from the
engine's events (circolo/web/js/table/narrate.js beside circolo/describe.py).

Every event kind of every game, in every language, as you, another player or a spectator
sees it, is told by the browser exactly as the terminal tells it; and at real tables a
Scopa capture that sweeps the table, a Bisca trick and a Burraco meld reach the move log
in those words."""

from __future__ import annotations

import json
from typing import Any

import pytest

from circolo.cards import Faces
from circolo.describe import describe_event, describe_events
from circolo.i18n import LANGUAGES
from tests.e2e.conftest import Player, shot
from tests.e2e.test_web_play import (
    burraco_turns,
    click_cards,
    continue_hand,
    create,
    cut_at,
    my_turn,
)
from tests.test_describe import COMMON, SAMPLES

TELL = """async ([lang, game, events, names, you, faces]) => {
  const i18n = await import("/web/js/i18n.js");
  const narrate = await import("/web/js/table/narrate.js");
  await i18n.setLang(lang);
  const seen = { name: (s) => names[s], players: names.length, you, faces };
  return events.map((e) => narrate.tellEvent(game, e, seen));
}"""


@pytest.mark.parametrize("players", [2, 4])
def test_every_event_reads_as_in_the_terminal(page: Any, players: int) -> None:
    names = ["Carla", "Marco", "Anna", "Luca"][:players]
    for lang in LANGUAGES:
        for game, samples in SAMPLES.items():
            events = samples + COMMON
            for you in (0, 1, None):
                for faces in Faces:
                    args = [lang, game, events, names, you, faces.value]
                    told = page.evaluate(TELL, args)
                    want = [
                        describe_event(lang, game, e, dict(enumerate(names)), faces, you)
                        for e in events
                    ]
                    assert told == want, (lang, game, you, faces)


def moves(player: Player, seat: int) -> list[dict[str, Any]]:
    """The move happenings this seat's page was sent, in order."""
    found = []
    for text in player.frames:
        frame = json.loads(text)
        if frame.get("type") == "table.events" and frame.get("seat") == seat:
            found += [e for e in frame["events"] if e["type"] == "move"]
    return found


def log(page: Any) -> list[str]:
    return [li.inner_text() for li in page.locator(".log-list li").all()]


def terminal_line(game: str, move: dict[str, Any], names: dict[int, str], faces: Faces) -> str:
    """The move as the terminal tells it to seat 0 (the hand's end has a line of its own)."""
    events = [e for e in move["events"] if e["kind"] != "hand_over"]
    if move["auto"]:
        events.insert(0, {"kind": "auto_move", "seat": move["seat"]})
    return " ".join(describe_events("en", game, events, names, faces, 0))


def page_faces(page: Any, game: str) -> Faces:
    faces = page.evaluate("async (g) => (await import('/web/js/cardview.js')).facesFor(g)", game)
    return Faces(faces)


def names_of(page: Any) -> dict[int, str]:
    others = page.locator(".opponents .seat-name").all()
    return {0: "You", **{n: el.inner_text() for n, el in enumerate(others, 1)}}


def assert_logged(player: Player, game: str, want: int) -> list[str]:
    """The last moves the page was sent (at most ``want``) are in the log in the terminal's
    words; returns those lines."""
    page = player.page
    faces, names = page_faces(page, game), names_of(page)
    lines = [terminal_line(game, m, names, faces) for m in moves(player, 0)[-want:]]
    lines = [line for line in lines if line]
    page.wait_for_function(
        "(last) => [...document.querySelectorAll('.log-list li')]"
        ".some((li) => li.textContent === last)",
        arg=lines[-1],
    )
    shown = log(page)
    for line in lines:
        assert line in shown, (line, shown)
    return lines


def test_a_scopa_capture_that_sweeps_the_table(browser: Any, seeded_server: Any) -> None:
    # Seed 238: we cut 20 and hold KH; the table is AH 3D 3C 3S, which KH (10) takes whole.
    with seeded_server(238) as base:
        player = Player(browser, base)
        page = player.lobby()
        create(page, "scopa", 2, target="single_hand")
        cut_at(page)
        king = page.locator(".table-screen.my-turn .hand button.card[data-card='KH']")
        king.wait_for()
        king.click()  # its one offered move: played at the first tap
        page.wait_for_function("() => !document.querySelector('.table-cards .card')")
        lines = assert_logged(player, "scopa", 1)
        assert lines[-1] == (
            "You capture the Ace of cups, the Three of coins, the Three of clubs, and the Three"
            " of swords with the King of cups. Scopa! You sweep the table."
        )
        marks = page.locator(".pile-box[data-side='0'] .scope-marks")
        assert marks.inner_text() == "✦", "the scopa is marked on our pile"
        assert marks.get_attribute("aria-label") == "Scope: 1"
        shot(page, "scopa-scope-mark-1280x800")
        player.close()


def test_a_bisca_trick(browser: Any, server: str) -> None:
    player = Player(browser, server)
    page = player.lobby()
    create(page, "bisca", 2)
    for _ in range(200):
        if any(e["kind"] == "trick_won" for m in moves(player, 0) for e in m["events"]):
            break
        continue_hand(page)
        if my_turn(page):
            sorteio = page.locator(".actions button", has_text="Turn up the trump")
            passing = page.locator(".actions button", has_text="Pass")
            if sorteio.count():
                sorteio.click()
            elif passing.count():
                passing.click()
            elif page.locator(".hand button.card.playable").count():
                page.locator(".hand button.card.playable").first.click()
                page.locator(".hand button.card.selected").click()
        page.wait_for_timeout(150)
    lines = assert_logged(player, "bisca", 3)
    assert any("the trick" in line for line in lines), lines
    player.close()


def test_a_burraco_meld(browser: Any, seeded_server: Any) -> None:
    # Seed 2: we play first and, after drawing, hold 4C 5C 6C 7C.
    with seeded_server(2) as base:
        player = Player(browser, base)
        page = player.lobby()
        create(page, "burraco", 2)
        page.wait_for_selector(".table-screen.my-turn .actions button:has-text('Draw')")
        page.locator(".actions button", has_text="Draw").first.click()
        page.wait_for_function("() => document.querySelectorAll('.hand button.card').length === 12")
        click_cards(page, ["4C", "5C", "6C"])
        page.locator(".actions button", has_text="Meld").first.click()
        page.locator(".melds.side-0 .meld").first.wait_for(timeout=5_000)
        lines = assert_logged(player, "burraco", 2)
        assert lines[-1] == (
            "You lay down a meld: the Four of clubs, the Five of clubs, and the Six of clubs."
        )
        assert lines[0].startswith("You draw from the stock: the ")
        assert burraco_turns(page, 1) >= 1
        player.close()
