"""The Burraco terminal: what a seat reads, and how each step of a turn is asked."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from circolo.bots import Bot, RandomBot
from circolo.cards import Faces, burraco_deck
from circolo.engine import EngineError
from circolo.games.burraco import BurracoRules
from circolo.games.burraco.hand import BurracoHand
from circolo.i18n import card_name
from circolo.terminal import burraco as ui
from circolo.terminal.common import play_match
from circolo.terminal.registry import terminal_game
from tests.burraco_setup import position_text
from tests.support import Script, random_states

LOCALES = Path(__file__).resolve().parents[1] / "circolo" / "locales"
LANGS = ("it", "pt-BR", "en")


def playing(hand: str, **position: object) -> BurracoHand:
    text = position_text(2, hands=[hand, "AC AD AS"], phase="play", **position)  # type: ignore[arg-type]
    return BurracoRules().hand_from_position(text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [2, 4])
def test_render_names_own_and_public_cards_never_hidden_ones(lang: str, players: int) -> None:
    faces = Faces.ITALIAN if lang == "it" else Faces.FRENCH
    for number, state in enumerate(
        random_states(BurracoRules(players=players).new_hand(3 + players, 0), 3 + players)
    ):
        if number % 5:
            continue
        seat = number % players
        view = state.view(seat)
        text = ui.render(view, lang, faces)
        assert "burraco." not in text, "every key is translated"
        public = set(view.pile) | {c for ms in view.melds for m in ms for c in m.cards}
        if view.taken is not None:
            public.add(view.taken)  # the card taken alone from the pile: everyone saw it
        public |= {card for known in view.recall for card in known}  # taken with the pile
        spectator = ui.render(state.view(None), lang, faces)
        for seen, shown in ((public | set(view.hand), text), (public, spectator)):
            named = re.sub(r"\([^)]*\)", "", shown)  # a wild's "(as 4H)" names no card
            for card in set(burraco_deck()) - seen:
                assert card_name(lang, card, faces) not in named, card
        for card in view.hand:
            assert card_name(lang, card, faces) in text


def test_render_shows_melds_under_their_owners_with_wilds_and_burraco() -> None:
    state = playing("KD QD", melds=[["3S 4S 5S 6S 7S 8S 2C=9S"], ["7H 7C JK"]])
    text = ui.render(state.view(0), "en", Faces.FRENCH)
    assert "Your melds:\n  1. Three of spades" in text
    assert "Two of clubs (as the Nine of spades) — dirty burraco" in text
    assert "Bruno's melds:\n  1. Seven of hearts, Seven of clubs, Joker" in text
    assert "Your hand (2 cards):\n  1. Queen of diamonds\n  2. King of diamonds" in text
    four = BurracoRules(players=4).hand_from_position(
        position_text(4, hands=["KD", "AC", "QD", "AS"], melds=[["5H 6H 7H"]])
    )
    text = ui.render(four.view(2), "pt-BR", Faces.FRENCH)
    assert "Os jogos da sua dupla:\n  1. Cinco de copas" in text
    assert "O morto de Carla e Davi: ainda na mesa" in text


def test_render_names_the_pile_cards_the_others_hold() -> None:
    state = BurracoRules().hand_from_position(
        position_text(2, hands=["KD QD", "AC AD AS"], pile="7H 9S")
    )
    state.play(0, "take")
    text = ui.render(state.view(1), "en", Faces.FRENCH)
    assert "From the pile, Bruno holds: Seven of hearts and Nine of spades" in text
    assert "From the pile" not in ui.render(state.view(0), "en", Faces.FRENCH)


def test_ask_move_draw_or_take() -> None:
    state = BurracoRules().new_hand(1, 0)
    script = Script(["7", "2"])
    move = ui.ask_move(state.view(0), script.prompt())
    assert state.move_text(move) == "take"
    assert any("Take the whole discard pile" in line for line in script.written)


def test_ask_move_meld_by_card_numbers_then_choose_the_layout() -> None:
    state = playing("2H 3H 4H 5H 6H 7H 8H KS")
    # meld; then bad numbers, a non-meld, then the seven hearts; then the second layout
    script = Script(["1", "9 x", "1 8 2", "1 2 3 4 5 6 7", "2"])
    move = ui.ask_move(state.view(0), script.prompt())
    assert state.move_text(move) == "meld 3H 4H 5H 6H 7H 8H 2H=9H"
    assert any("Type distinct card numbers" in line for line in script.written)
    assert any("no meld you may lay down" in line for line in script.written)
    assert any("How do you lay it out?" in line for line in script.written)


def test_ask_move_add_to_a_meld() -> None:
    state = playing("4H KS KD", melds=[["3H 2C=4H 5H"]])
    script = Script(["1", "1", "2"])  # add (no new meld is possible); the 4H; a layout
    move = ui.ask_move(state.view(0), script.prompt())
    assert state.move_text(move) in ("extend 1 2C=2H 3H 4H 5H", "extend 1 3H 4H 5H 2C=6H")


def test_ask_move_empty_answer_goes_back_then_discard() -> None:
    state = playing("5H 6H 7H KS")
    script = Script(["1", "", "2", "2"])  # meld, back, discard, the second card
    move = ui.ask_move(state.view(0), script.prompt())
    assert state.move_text(move) == "discard 6H"


def test_ask_move_says_why_a_card_may_not_be_discarded() -> None:
    state = playing("7H 9C KD", taken="7H")
    script = Script(["2"])
    move = ui.ask_move(state.view(0), script.prompt())
    assert state.move_text(move) == "discard 9C"
    assert any("You may not discard the Seven of hearts" in line for line in script.written)


def test_ask_move_out_of_turn_or_for_another_game_is_a_plain_error() -> None:
    state = BurracoRules().new_hand(1, 0)
    with pytest.raises(EngineError, match="not your turn"):
        ui.ask_move(state.view(1), Script([]).prompt())
    with pytest.raises(EngineError, match="not a Burraco view"):
        ui.render(object(), "en", Faces.FRENCH)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_match_in_the_terminal_without_a_traceback(players: int) -> None:
    rules = BurracoRules(players=players, hands=1)
    rng = random.Random(players)
    words = ["1", "2", "3", "", "1 2 3", "2 3 4", "x", "9"]
    script = Script(rng.choice(words) for _ in range(10**7))
    bots: dict[int, Bot] = {seat: RandomBot(seat) for seat in range(1, players)}
    assert terminal_game("burraco") is ui
    play_match(rules, ui, bots, script.prompt("it"), seed=players)
    assert any("la partita" in w for w in script.written[-3:])
