"""Match history and replays: the pages, in a real browser.

The first test asks the real server (a newcomer has no finished match); the second serves
a history and a replay of two matches (a rematch) through Playwright's routing, in the
shape docs/protocol.md gives (each step what changed since the one before), and steps
through it, back and forth. The routes themselves are tested with
real matches in tests/test_server_history.py."""

from __future__ import annotations

import json
from typing import Any

from circolo.server.history import changes
from tests.e2e.conftest import shot

SEATS = [
    {"seat": 0, "name": "Volpe Gentile 42", "bot": False},
    {"seat": 1, "name": "Bot (greedy)", "bot": True, "level": "greedy"},
]


def scopa_state(table: list[str], piles: list[list[str]], to_move: int) -> dict[str, Any]:
    view = {
        "dealer": 1, "table": table, "piles": piles, "pile_sizes": [len(p) for p in piles],
        "game": "scopa", "players": 2, "seat": None, "to_move": to_move, "phase": "play",
        "hand": [], "hand_sizes": [3, 3], "stock": 30, "scores": [0, 0], "history": [],
    }  # fmt: skip
    return {"table": {"game": "scopa", "players": 2, "status": "finished"}, "seats": SEATS,
            "hand": {"view": view}}  # fmt: skip


HISTORY = {
    "tables": [
        {"table_id": "t_old1", "game": "scopa", "seats": SEATS, "my_seat": 0,
         "created_at": 1764580000.0, "finished_at": 1764580600.0,
         "result": {"winner": 0, "reason": "target", "totals": [11, 6]}},
    ],
    "next_before": None,
}  # fmt: skip


def compact(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Steps as the route sends them: what changed on the screen since the step before."""
    before: Any = None
    out = []
    for step in steps:
        screen = {"state": step.pop("state"), "hands": step.pop("hands")}
        step["changes"] = []
        changes(before, screen, [], step["changes"])
        before = screen
        out.append(step)
    return out


REPLAY = {
    "table_id": "t_old1",
    "config": {"game": "scopa", "options": {"players": 2, "faces": "italian"}},
    "result": {"winner": 0, "reason": "target", "totals": [11, 6]},
    "steps": compact([
        {"event": None, "state": scopa_state(["AD", "2S", "7H", "JH"], [[], []], 0),
         "hands": [["4S", "7D", "KC"], ["3C", "5D", "QS"]], "match": 1, "hand": 1},
        {"event": {"type": "move", "seat": 0, "move": "KC x 2S JH",
                   "events": [{"kind": "card_played", "seat": 0, "card": "KC"},
                              {"kind": "capture", "seat": 0, "card": "KC", "cards": ["2S", "JH"]}]},
         "state": scopa_state(["AD", "7H"], [["KC", "2S", "JH"], []], 1),
         "hands": [["4S", "7D"], ["3C", "5D", "QS"]], "match": 1, "hand": 1},
        {"event": None, "state": scopa_state(["3S", "4C", "5H", "6D"], [[], []], 1),
         "hands": [["AC", "2C", "3D"], ["4D", "5C", "6S"]], "match": 2, "hand": 1},
    ]),
}  # fmt: skip


def test_a_newcomers_history_is_empty(page: Any) -> None:
    """The real route: a guest who has finished no match yet is told so."""
    page.click("header a[href='#/history']")
    page.wait_for_selector(".history-page .empty")
    assert "No finished matches yet" in page.locator(".history-page").inner_text()


def test_history_and_replay_step_by_step(page: Any) -> None:
    def fulfil(body: dict[str, Any]) -> Any:
        return lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(body)
        )

    page.route("**/api/history*", fulfil(HISTORY))
    page.route("**/api/tables/t_old1/replay", fulfil(REPLAY))
    page.click("header a[href='#/history']")
    row = page.locator(".history-row[data-table='t_old1']")
    row.wait_for()
    assert "You won" in row.inner_text()
    row.locator("a.button").click()
    page.wait_for_selector(".replay-page .replay-caption")
    assert page.locator(".replay-board .table-cards .card").count() == 4
    assert page.locator(".replay-hand .card").count() == 6  # every hand face up
    page.click(".replay-controls button[aria-label='Next']")
    page.wait_for_function("() => document.querySelectorAll('.table-cards .card').length === 2")
    caption = page.locator(".replay-caption")
    assert caption.inner_text().startswith("Match 1 · Hand 1 · 2 / 3 · ")
    # told from the move's events, in the terminal's words
    assert caption.inner_text().endswith(
        " captures the Two of swords and the Knave of cups with the King of clubs."
    ), caption.inner_text()
    page.select_option(".replay-match", "2")  # the rematch
    page.wait_for_function(
        "() => document.querySelector('.replay-caption').textContent.includes('3 / 3')"
    )
    assert caption.inner_text() == "Match 2 · Hand 1 · 3 / 3"
    assert page.locator(".replay-hand .card").count() == 6
    page.click(".replay-controls button[aria-label='Previous']")  # folded again from the start
    page.wait_for_function("() => document.querySelectorAll('.table-cards .card').length === 2")
    assert page.locator(".replay-hand .card").count() == 5
    page.click(".replay-controls button[aria-label='Last']")
    shot(page, "replay-1280x800")
