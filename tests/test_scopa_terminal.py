"""The Scopa terminal: what a seat reads, and how a move is asked (never a traceback)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from circolo.bots import Bot, RandomBot
from circolo.cards import Faces, deck40
from circolo.games.scopa import ScopaHand, ScopaRules
from circolo.i18n import card_name
from circolo.terminal import scopa as ui
from circolo.terminal.common import hand_table, play_match
from circolo.terminal.registry import terminal_game
from tests.case_kinds.scopa import position
from tests.support import Script
from tests.test_scopa_rules import arranged

LOCALES = Path(__file__).resolve().parents[1] / "circolo" / "locales"


def dealt(players: int = 2) -> ScopaHand:
    hand = ScopaRules(players=players).new_hand(21, 0)
    hand.play(hand.to_move(), "cut 15")
    return hand


@pytest.mark.parametrize("lang", ["it", "pt-BR", "en"])
@pytest.mark.parametrize("faces", list(Faces))
def test_render_names_cards_in_the_language_and_faces(lang: str, faces: Faces) -> None:
    hand = dealt()
    text = ui.render(hand.view(1), lang, faces)
    for card in hand.hand_cards(1) + hand.table_cards():
        assert card_name(lang, card, faces) in text
    for card in hand.hand_cards(0) + hand.stock_cards():
        assert card_name(lang, card, faces) not in text, "a hidden card is never shown"
    assert "scopa." not in text, "every key is translated"


def test_render_cut_spectator_and_hand_end() -> None:
    hand = ScopaRules().new_hand(3, 0)
    assert "Your turn to cut the deck." in ui.render(hand.view(1), "en", Faces.ITALIAN)
    hand.play(hand.to_move(), "cut 20")
    spectator = ui.render(hand.view(None), "en", Faces.ITALIAN)
    assert "Your hand" not in spectator and "Table:" in spectator
    rng = random.Random(3)
    while not hand.is_over():
        hand.apply(rng.choice(hand.legal_moves()))
    assert "Ultima presa" in ui.render(hand.view(0), "it", Faces.ITALIAN)
    score = hand.score()
    table = hand_table("it", terminal_game("scopa"), score, {0: "Tu", 1: "Bruno"}, 0)
    assert table[0].split() == ["Tu", "Bruno"] and table[3].split()[0] == "Settebello"
    assert table[-1].split() == ["Punti", "della", "mano", *map(str, score.points)]
    cards = score.details["cards"]
    assert table[1].split()[1] == str(cards[0]) and str(cards[1]) in table[1]


def test_render_shows_scope_piles_and_last_capture() -> None:
    hand = arranged(["KD 2S", "4C 6C"], "AC 3H 4S 2D", stock=24)
    hand.play(hand.to_move(), "KD x AC 2D 3H 4S")
    text = ui.render(hand.view(1), "en", Faces.FRENCH)
    assert "Bruno: 5 cards captured, 1 scopa" in text and "You: 8 cards captured, 0 scope" in text
    assert "Last capture: Bruno took the Ace of clubs, the Two of diamonds" in text
    assert "with the King of diamonds" in text
    mine = ui.render(hand.view(0), "it", Faces.ITALIAN)  # the capturer reads it as theirs
    assert "Ultima presa: con il Re di denari hai preso l'Asso di bastoni" in mine
    assert "Tu " not in mine


def test_ask_cut_takes_a_number_re_asks_on_bad_input_blank_is_random() -> None:
    hand = ScopaRules().new_hand(3, 0)
    script = Script(["abc", "99", "3", "20"])
    assert hand.move_text(ui.ask_move(hand.view(1), script.prompt())) == "cut 20"
    assert sum("from 4 to 36" in line for line in script.written) == 3
    blank = ui.ask_move(hand.view(1), Script([""]).prompt())
    assert blank in hand.legal_moves()


def test_ask_card_then_capture_from_a_numbered_list() -> None:
    hand = arranged(["QC 2S", "4C 6C"], "AC 3H 4S 5D")
    script = Script(["0", "2", "x", "2"])  # cards by value: 1. Two of spades, 2. Queen
    move = ui.ask_move(hand.view(0), script.prompt("en", Faces.FRENCH))
    assert hand.move_text(move) == "QC x 4S 5D"
    shown = "\n".join(script.written)
    assert "Queen of clubs (2 ways to capture)" in shown
    assert "Two of spades: lay it on the table" in shown
    assert "Queen of clubs: capture the Four of spades and the Five of diamonds" in shown


def test_ask_a_card_with_one_capture_needs_no_second_question() -> None:
    hand = arranged(["7D 2S", "4C 6C"], "3H 4S")
    script = Script(["2"])
    assert hand.move_text(ui.ask_move(hand.view(0), script.prompt())) == "7D x 3H 4S"
    assert len(script.asked) == 1


def test_a_single_legal_move_is_said_not_asked() -> None:
    hand = arranged(["7D", "4C"], "3H 4S")
    script = Script([])
    assert hand.move_text(ui.ask_move(hand.view(0), script.prompt())) == "7D x 3H 4S"
    assert script.written == [
        "Your only move: Seven of diamonds: capture the Three of hearts and the Four of spades"
    ]


def test_a_whole_match_in_the_terminal_with_random_answers() -> None:
    """Whatever a player types, the terminal answers in words and the match goes on."""
    rng = random.Random(0)
    noise = ["1", "2", "3", "", "x", "25", "0", "-1", "cut"]

    def answers() -> Iterator[str]:
        while True:
            yield rng.choice(noise)

    for players in (2, 4):
        script = Script(answers())
        rules = ScopaRules(players=players, target="single_hand")
        bots: dict[int, Bot] = {seat: RandomBot(seat) for seat in range(1, players)}
        play_match(rules, terminal_game("scopa"), bots, script.prompt("it"), seed=players)
        assert "la partita" in script.written[-1]


def test_a_finished_position_renders_for_every_seat() -> None:
    rest = [str(c) for c in deck40() if str(c) != "7D"]
    text = position(4, 1, "-", [[]] * 4, piles=(["7D"], rest))
    hand = ScopaRules(players=4).hand_from_position(text)
    for seat in (None, 0, 1, 2, 3):
        assert "39 cards captured" in ui.render(hand.view(seat), "en", Faces.FRENCH)
