"""The Bisca terminal: what a seat reads, and how a move is asked (never a traceback)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from circolo.bots import Bot, RandomBot
from circolo.cards import Faces
from circolo.engine import EngineError
from circolo.games.bisca import BiscaRules
from circolo.games.bisca.deck import CARDS
from circolo.i18n import card_name
from circolo.terminal import bisca as ui
from circolo.terminal.common import play_match
from circolo.terminal.registry import terminal_game
from tests.case_kinds.bisca import fresh_hand
from tests.support import Script, random_states
from tests.test_bisca_rules import table

LOCALES = Path(__file__).resolve().parents[1] / "circolo" / "locales"
LANGS = ("it", "pt-BR", "en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("faces", list(Faces))
@pytest.mark.parametrize("players", [2, 4])
def test_render_names_own_and_public_cards_never_hidden_ones(
    lang: str, faces: Faces, players: int
) -> None:
    for number, state in enumerate(
        random_states(BiscaRules(players=players).new_hand(5 + players, 0), 5 + players)
    ):
        seat = number % players
        text = ui.render(state.view(seat), lang, faces)
        assert "bisca." not in text, "every key is translated"
        data = state.view(seat).to_json()
        public = set(data["trick"]["cards"]) | {data["open_card"], data["turned_back"]}
        if data["exchange"]:
            public.add(data["exchange"]["took"])
        if data["tricks"]:
            public |= set(data["tricks"][-1]["cards"])
        for card in CARDS:
            name = card_name(lang, card, faces)
            if str(card) in data["hand"] and data["phase"] == "play":
                assert name in text
            if str(card) not in set(data["hand"]) | public:
                assert f" {name}" not in text and f"{name}," not in text, name
        ui.render(state.view(None), lang, faces)


def test_render_the_choice_the_trump_the_open_card_and_the_scores() -> None:
    state = fresh_hand(BiscaRules(), ["2C", "KD", "3S"], "6C")
    text = ui.render(state.view(0), "en", Faces.FRENCH)
    assert "Bruno chooses copas or the turn-up" in text and "Your hand" not in text
    state.play(state.to_move(), "sorteio")
    text = ui.render(state.view(1), "en", Faces.FRENCH)
    assert "Trump: clubs" in text
    assert "Open card under the stock (drawn last): Six of clubs" in text
    assert "Your hand: Two of clubs, King of diamonds, and Three of spades" in text
    state.play(state.to_move(), "exchange")
    text = ui.render(state.view(0), "it", Faces.ITALIAN)
    assert "Briscola: bastoni" in text and "Due di bastoni" in text and "Sei di bastoni" in text
    text = ui.render(state.view(1), "pt-BR", Faces.FRENCH)
    assert "Sua mão: Seis de paus, Rei de ouros e Três de espadas" in text
    assert "Bruno: 0 pontos (nenhuma carta), relo: 0" in text
    # your own exchange is told in the second person, the others' in the third
    assert "Você trocou o Dois de paus pela carta aberta" in text
    assert "Tu ha" not in ui.render(state.view(1), "it", Faces.FRENCH)
    assert "Hai scambiato il Due di fiori" in ui.render(state.view(1), "it", Faces.FRENCH)


def test_ask_move_the_cutter_chooses_copas_or_sorteio() -> None:
    state = BiscaRules().new_hand(1, 0)
    script = Script(["9", "x", "2"])
    move = ui.ask_move(state.view(1), script.prompt())
    assert state.move_text(move) == "sorteio"
    assert any("Copas: hearts are trump" in line for line in script.written)


def test_ask_move_offers_the_exchange_only_to_the_holder_of_the_trump_two() -> None:
    state = fresh_hand(BiscaRules(), ["2C", "KD", "3S"], "6C")
    state.play(state.to_move(), "sorteio")
    script = Script(["2"])
    move = ui.ask_move(state.view(1), script.prompt())
    assert state.move_text(move) == "exchange"
    assert "  2. Exchange the Two of clubs for the Six of clubs" in script.written
    state.play(state.to_move(), "pass")
    script = Script([])
    assert state.move_text(ui.ask_move(state.view(0), script.prompt())) == "pass"
    assert script.written == ["You do not hold the 2 of trumps: nothing to exchange."]


def test_ask_move_lists_only_legal_cards_with_a_note_for_each_held_back() -> None:
    state = table(4, "H", ["AH", "7H", "2C"], ["5D", "6C", "KD"])
    script = Script(["1"])
    move = ui.ask_move(state.view(3), script.prompt())
    assert state.move_text(move) == "2C"
    assert any(
        "You may not play the Ace of hearts yet: the Ace of trumps may be played only after" in w
        for w in script.written
    )
    assert any(
        "You may not play the Seven of hearts now: the 7 of trumps may not close a trick" in w
        for w in script.written
    )
    assert "You can play just this card: Two of clubs" in script.written


def test_ask_move_out_of_turn_or_for_another_game_is_a_plain_error() -> None:
    state = BiscaRules().new_hand(1, 0)
    with pytest.raises(EngineError, match="not your turn"):
        ui.ask_move(state.view(0), Script([]).prompt())
    with pytest.raises(EngineError, match="not a Bisca view"):
        ui.render(object(), "en", Faces.FRENCH)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_match_in_the_terminal_without_a_traceback(players: int) -> None:
    rules = BiscaRules(players=players)
    rng = random.Random(players)
    answers = (str(rng.randint(0, 4)) if rng.random() < 0.2 else "1" for _ in range(10**6))
    script = Script(answers)
    bots: dict[int, Bot] = {seat: RandomBot(seat) for seat in range(1, players)}
    assert terminal_game("bisca") is ui
    play_match(rules, ui, bots, script.prompt("pt-BR"), seed=players)
    assert any("a partida" in w for w in script.written[-3:])
