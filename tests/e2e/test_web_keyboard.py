"""Keyboard-only play, as a player without a mouse (or with a screen reader) plays: after the
table is created, every move is made with keys (Tab to the hand, arrows between cards and
places, Enter to press, Escape to take a selection back), the focus stays on its control
across every update (never dropping to <body>), and the live region tells the other
players' moves, the turn and the hand's result in words.

The bots answer at once (CIRCOLO_BOT_DELAY=0); the deals are pinned by seed.
"""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import Player, shot
from tests.e2e.test_web_play import create, visible

QUICK = {"CIRCOLO_BOT_DELAY": "0"}
SLOW_CUT = json.dumps({"formality_timer": 60})  # time to cut by keys before the room cuts

WATCH = """() => {
  // every redraw of the table: where the focus is (never <body> while we play), and every
  // text of the live region
  window.__lost = [];
  window.__said = [];
  const main = document.querySelector('#main');
  // whether the focus is on the table: set by the player's keys, unset only when they
  // take it elsewhere (a control removed by a redraw loses it without a focusout)
  let inside = false;
  document.addEventListener('focusin', (e) => (inside = main.contains(e.target)));
  document.addEventListener('focusout', (e) => (inside = main.contains(e.relatedTarget)));
  new MutationObserver(() => {
    if (!inside) return;
    const el = document.activeElement;
    const ok = el && el !== document.body && main.contains(el);
    if (!ok && !document.querySelector('.match-over')) {
      window.__lost.push(document.querySelector('.log-list li:last-child')?.textContent || '?');
    }
  }).observe(main, { childList: true, subtree: true });
  const region = document.querySelector('#announcer');
  new MutationObserver(() => region.textContent && window.__said.push(region.textContent))
    .observe(region, { childList: true, characterData: true, subtree: true });
}"""

FOCUS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'body';
  for (const place of ['.hand', '.actions', '.table-cards', '.all-melds', '.dialog']) {
    if (el.closest(place)) return place;
  }
  return el.tagName + '.' + el.className;
}"""


def focus_place(page: Any) -> str:
    return str(page.evaluate(FOCUS))


def focused(page: Any, selector: str) -> bool:
    return bool(page.evaluate("(s) => !!document.activeElement?.matches(s)", selector))


def tab_to(page: Any, selector: str, presses: int = 40, key: str = "Tab") -> None:
    """Tab (or ``key``: Shift+Tab) through the page until the focus is on ``selector``."""
    for _ in range(presses):
        if focused(page, selector):
            return
        page.keyboard.press(key)
    assert focused(page, selector), f"Tab never reached {selector}: {focus_place(page)}"


def arrow_to(page: Any, selector: str, key: str = "ArrowRight", presses: int = 20) -> None:
    for _ in range(presses):
        if focused(page, selector):
            return
        page.keyboard.press(key)
    assert focused(page, selector), f"{key} never reached {selector}: {focus_place(page)}"


def wait_turn_or_end(page: Any, seconds: float = 20) -> bool:
    """Until it is our turn (True) or the match is over (False)."""
    page.wait_for_selector(".table-screen.my-turn, .match-over", timeout=seconds * 1000)
    return not visible(page, ".match-over")


def my_moves(player: Player) -> int:
    """How many of our moves the server has told this page of."""
    return sum(f.count('{"type":"move","seat":0,') for f in player.frames)


def played(player: Player, before: int) -> None:
    """Until the server has told of one more of our moves."""
    end = time.monotonic() + 10
    while my_moves(player) <= before and time.monotonic() < end:
        player.page.wait_for_timeout(50)
    assert my_moves(player) > before, "the move made by keys was not played"


def lost(page: Any) -> list[str]:
    return list(page.evaluate("() => window.__lost"))


def said(page: Any) -> list[str]:
    return list(page.evaluate("() => window.__said"))


def opponent(page: Any) -> str:
    return page.locator(".opponents .seat-name").first.inner_text().strip()


def test_scopa_whole_match_by_keyboard_focus_stays_in_the_hand(
    browser: Any, seeded_server: Any
) -> None:
    # Seed 6: the bot deals, we cut; a one-hand match played to its end with keys only.
    with seeded_server(6, **QUICK, CIRCOLO_TABLE=SLOW_CUT) as base:
        player = Player(browser, base)
        page = player.lobby()
        create(page, "scopa", 2, target="single_hand")
        page.wait_for_selector(".cut button")
        page.evaluate(WATCH)
        # the cut: Tab to "Choose where to cut", Enter opens it, Tab to the slider, Home and
        # arrows to 20, Shift+Tab back to the Cut button, Enter
        tab_to(page, ".cut-choose summary")
        page.keyboard.press("Enter")
        tab_to(page, "#cut-n")
        page.keyboard.press("Home")
        low = int(page.get_attribute("#cut-n", "min") or 0)
        for _ in range(20 - low):
            page.keyboard.press("ArrowRight")
        assert page.input_value("#cut-n") == "20"
        tab_to(page, ".cut button.cut-now", key="Shift+Tab")
        page.keyboard.press("Enter")
        page.wait_for_selector(".table-screen.my-turn .hand button.card[data-card='KC']")
        assert focus_place(page) == ".hand", "after the cut the focus waits in the hand"
        shot(page, "keyboard-scopa-focus-1280x800")

        # KC has two captures: Enter opens the choice, focused on its first option; Escape
        # takes the selection back (to the King); Enter again, the arrow to the second, Enter.
        arrow_to(page, ".hand button.card[data-card='KC']")
        page.keyboard.press("Enter")
        assert focused(page, ".capture-option"), focus_place(page)
        assert page.locator(".capture-option").count() == 2
        shot(page, "keyboard-scopa-choice-1280x800")
        page.keyboard.press("Escape")
        assert not visible(page, ".capture-option")
        assert focused(page, ".hand button.card[data-card='KC']")
        page.keyboard.press("Enter")
        arrow_to(page, ".capture-option[data-move='KC x 2S JH']")
        page.keyboard.press("Enter")
        taken = '.table-cards :is([data-card="JH"], [data-card="2S"])'
        page.wait_for_function("(s) => !document.querySelector(s)", arg=taken)  # 2S JH taken
        assert any('"move":"KC x 2S JH"' in f for f in player.frames)

        turns = choices = 0
        while wait_turn_or_end(page):
            turns += 1
            # the bot has moved: the focus is still in our hand, on a card we can play
            assert focus_place(page) == ".hand", (
                f"turn {turns}: the focus is on {focus_place(page)}"
            )
            if turns % 2:
                page.keyboard.press("ArrowLeft")  # to the last card, round the hand
            before = my_moves(player)
            page.keyboard.press("Enter")
            if focused(page, ".capture-option"):
                choices += 1
                page.keyboard.press("Enter")
            played(player, before)
        assert turns >= 15, turns
        # the match's end takes the focus, on its first button
        page.wait_for_function("() => document.activeElement?.closest('.match-over')")
        assert not lost(page), f"the focus dropped to <body> after: {lost(page)}"
        page.wait_for_function("() => window.__said.some((s) => s.includes('The hand is over'))")
        words = said(page)
        bot = opponent(page)
        assert any(bot in line for line in words), (bot, words)  # the bot's moves, in words
        assert any("Your turn" in line for line in words), words
        assert any("The hand is over" in line for line in words), words[-3:]
        shot(page, "keyboard-scopa-over-1280x800")
        player.close()


def test_bisca_hand_by_keyboard_copas_chosen_by_keys(browser: Any, seeded_server: Any) -> None:
    # Seed 1: we choose how the trump is found; a match to 1 point is one hand.
    with seeded_server(1, **QUICK, CIRCOLO_TABLE=json.dumps({"trick_display": 0.05})) as base:
        player = Player(browser, base, width=390, height=844)
        page = player.lobby()
        page.select_option("#cf-game", "bisca")
        page.select_option("#cf-opt-players", "2")
        page.fill("#cf-opt-target", "1")
        page.click(".create-form button[type=submit]")
        page.wait_for_selector("[data-move=copas]")
        page.evaluate(WATCH)
        tab_to(page, "[data-move=sorteio]")
        page.keyboard.press("ArrowLeft")  # Copas, beside it
        assert focused(page, "[data-move=copas]")
        page.keyboard.press("Enter")
        page.wait_for_selector(".trump-box strong")
        tricks = 0
        while wait_turn_or_end(page):
            if visible(page, "[data-move=pass]"):  # the trump 2's exchange: up to it, we pass
                if focus_place(page) == ".hand":
                    page.keyboard.press("ArrowUp")
                arrow_to(page, "[data-move=pass]")
                before = my_moves(player)
                page.keyboard.press("Enter")
                played(player, before)
                continue
            assert focus_place(page) == ".hand", focus_place(page)
            if tricks == 1:
                shot(page, "keyboard-bisca-focus-390x844")
            # a card: Enter selects, Enter again plays (a forbidden one is skipped)
            for _ in range(4):
                if focused(page, ".hand button.card.playable"):
                    break
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            assert focused(page, ".hand button.card.selected")
            before = my_moves(player)
            page.keyboard.press("Enter")
            played(player, before)
            tricks += 1
        assert tricks >= 10, tricks
        assert not lost(page), f"the focus dropped to <body> after: {lost(page)}"
        bot = opponent(page)
        with contextlib.suppress(PlaywrightTimeout):  # the live region speaks 150 ms after
            page.wait_for_function(  # the last of messages close together
                "(bot) => window.__said.some((line) => line.includes(bot))", arg=bot, timeout=5_000
            )
        assert any(bot in line for line in said(page)), said(page)
        player.close()


def pick(page: Any, code: str) -> None:
    """Arrows to a hand card, Enter: it is selected."""
    arrow_to(page, f".hand button.card[data-card='{code}']")
    page.keyboard.press("Enter")
    assert focused(page, f".hand button.card.selected[data-card='{code}']")


def press_action(page: Any, word: str) -> None:
    """Up from the hand to the actions, across them to the button saying ``word``, Enter."""
    if focus_place(page) == ".hand":
        page.keyboard.press("ArrowUp")
    for _ in range(4):
        if word in page.evaluate("() => document.activeElement.textContent"):
            break
        page.keyboard.press("ArrowRight")
    assert word in page.evaluate("() => document.activeElement.textContent"), focus_place(page)
    page.keyboard.press("Enter")


def test_burraco_turn_by_keyboard_draw_meld_extend_discard(
    browser: Any, seeded_server: Any
) -> None:
    # Seed 2: we play first and, after drawing, hold 4C 5C 6C 7C: draw, meld three, extend
    # the meld with 7C, discard: all by keys, on a phone.
    with seeded_server(2, **QUICK) as base:
        player = Player(browser, base, width=390, height=844)
        page = player.lobby()
        create(page, "burraco", 2)
        page.wait_for_selector(".table-screen.my-turn .actions button:has-text('Draw')")
        page.evaluate(WATCH)
        tab_to(page, ".hand .card")  # the hand is one Tab stop
        assert focused(page, ".hand .card:first-child")
        page.keyboard.press("Tab")
        assert focus_place(page) != ".hand", "the hand is one Tab stop, not eleven"
        page.keyboard.press("Shift+Tab")
        assert focus_place(page) == ".hand"
        page.keyboard.press("ArrowUp")  # up to the actions: Draw
        assert focused(page, ".actions button"), focus_place(page)
        assert "Draw" in page.evaluate("() => document.activeElement.textContent")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelectorAll('.hand button.card').length === 12")
        assert focus_place(page) == ".hand", focus_place(page)
        for code in ("4C", "5C", "6C"):
            pick(page, code)
        press_action(page, "Meld")
        page.locator(".melds.side-0 .meld").first.wait_for()
        assert focus_place(page) == ".hand", focus_place(page)
        pick(page, "7C")
        page.keyboard.press("ArrowUp")  # the actions (Discard the 7)
        page.keyboard.press("ArrowUp")  # the melds it extends
        assert focused(page, ".melds.side-0 .meld.target"), focus_place(page)
        page.keyboard.press("Enter")
        page.wait_for_function(
            "() => document.querySelectorAll('.melds.side-0 .card').length === 4"
        )
        assert focus_place(page) == ".hand", focus_place(page)
        page.keyboard.press("ArrowLeft")  # a card of the hand
        discard = page.evaluate("() => document.activeElement.dataset.card")
        page.keyboard.press("Enter")
        assert focused(page, ".hand button.card.selected")
        page.keyboard.press("ArrowLeft")  # the focus moves on, the selection stays
        shot(page, "keyboard-burraco-focus-390x844")
        press_action(page, "Discard")
        sent = f'"move":"discard {discard}"'
        end = time.monotonic() + 5
        while not any(sent in f for f in player.frames) and time.monotonic() < end:
            page.wait_for_timeout(100)
        assert any(sent in f for f in player.frames), "the card chosen by keys is discarded"
        # the bot's turn: its moves are told, and our focus stays in the hand
        bot = opponent(page)
        page.wait_for_function("(bot) => window.__said.some((s) => s.includes(bot))", arg=bot)
        page.wait_for_selector(".table-screen.my-turn")
        assert focus_place(page) == ".hand", focus_place(page)
        assert not lost(page), lost(page)
        player.close()


def test_a_message_being_typed_survives_the_bots_move(browser: Any, seeded_server: Any) -> None:
    # Seed 6: we play first; while the bot (1 s to move) answers, we type in the chat: the
    # table redraws, the chat's field keeps the focus and the words typed so far.
    with seeded_server(6, CIRCOLO_BOT_DELAY="1", CIRCOLO_TABLE=SLOW_CUT) as base:
        player = Player(browser, base)
        page = player.lobby()
        create(page, "scopa", 2, target="single_hand")
        page.wait_for_selector(".cut button")
        page.evaluate(WATCH)
        page.eval_on_selector("#cut-n", "el => { el.value = '20'; }")
        page.focus(".cut button.cut-now")
        page.keyboard.press("Enter")
        page.wait_for_selector(".table-screen.my-turn .hand button.card")
        arrow_to(page, ".hand button.card[data-card='4S']")  # one play: to the table
        page.keyboard.press("Enter")
        page.focus("#chat-input")
        page.keyboard.type("ciao a tu")
        bot = opponent(page)
        last = "(b) => document.querySelector('.log-list li:last-child')?.textContent.startsWith(b)"
        page.wait_for_function(last, arg=bot)  # the bot's move is in the log: the table redrew
        page.keyboard.type("tti")
        assert focused(page, "#chat-input")
        assert page.input_value("#chat-input") == "ciao a tutti"
        player.close()
