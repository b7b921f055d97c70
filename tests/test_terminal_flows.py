"""The terminal flows: moves told as they happen, the hand held until Enter, the target,
the partner named, a way back, and only ASCII digits at every prompt."""

from __future__ import annotations

import itertools
import random
from types import SimpleNamespace
from unittest import mock

import pytest

from circolo.bots import Bot, RandomBot
from circolo.cards import Faces
from circolo.describe import describe_events
from circolo.games.bisca import BiscaRules
from circolo.games.burraco import BurracoRules
from circolo.games.scopa import ScopaRules
from circolo.terminal import bisca, burraco, scopa
from circolo.terminal.common import ascii_number, default_names, play_match, target_text
from tests.case_kinds.bisca import position
from tests.support import Script
from tests.test_burraco_hand_terminal import playing
from tests.test_scopa_rules import arranged

NOT_ASCII = ["²", "١", "３", "¹²", "٣"]


@pytest.mark.parametrize("text", NOT_ASCII)
def test_only_ascii_digits_are_numbers(text: str) -> None:
    assert text.isdigit() and ascii_number(text) is None
    assert ascii_number(" 12 ") == 12 and ascii_number("-1") is None


@pytest.mark.parametrize("bad", NOT_ASCII)
def test_a_non_ascii_digit_at_every_prompt_is_asked_again(bad: str) -> None:
    choose = Script([bad, "2"])
    assert choose.prompt().pick("?", ["a", "b", "c"]) == 1
    assert "Type a number from 1 to 3." in choose.written
    cut = ScopaRules().new_hand(3, 0)
    script = Script([bad, "20"])
    assert cut.move_text(scopa.ask_move(cut.view(1), script.prompt())) == "cut 20"
    assert any("from 4 to 36" in line for line in script.written)
    state = playing("2H 3H 4H 5H 6H 7H 8H KS")
    script = Script(["1", f"1 {bad} 3", "1 2 3 4 5 6 7", "1"])
    assert burraco.ask_move(state.view(0), script.prompt()) in state.legal_moves()
    assert any("Type distinct card numbers" in line for line in script.written)


def test_a_way_back_after_picking_a_card_with_several_captures() -> None:
    hand = arranged(["QC 2S", "4C 6C"], "AC 3H 4S 5D")
    script = Script(["2", "3", "1"])  # the Queen, then "go back", then the Two
    move = scopa.ask_move(hand.view(0), script.prompt("it", Faces.FRENCH))
    assert hand.move_text(move) == "2S"
    assert "  3. Torna indietro" in script.written


def test_a_scopa_is_announced() -> None:
    hand = arranged(["KD 2S", "4C 6C"], "AC 3H 4S 2D", stock=24)
    events = hand.play(0, "KD x AC 2D 3H 4S").for_seat(1).to_json()["events"]
    names = default_names("it", 2, 1)
    lines = describe_events("it", "scopa", events, names, Faces.FRENCH, 1)
    assert lines[0].startswith("Bruno prende l'Asso di fiori")
    assert lines[1] == "Scopa! Bruno spazza il tavolo."


def test_a_relo_and_the_trick_are_announced() -> None:
    rules = BiscaRules()
    fixed = {0: ["7D"], 1: ["AD"]}
    state = rules.hand_from_position(
        position(rules, "D", leader=0, trick=[], fixed=fixed, size=3, done=0)
    )
    state.play(0, "7D")
    events = state.play(1, "AD").for_seat(0).to_json()["events"]
    assert [e["kind"] for e in events][:3] == ["card_played", "relo", "trick_won"]
    lines = describe_events("pt-BR", "bisca", events, default_names("pt-BR", 2, 0), Faces.FRENCH, 0)
    assert lines[1] == "Relo! O Ás de trunfo de Bruno caiu em cima do 7."
    assert lines[2] == "A vaza fica com Bruno: 21 pontos."


def match_text(rules: object, lang: str, seed: int = 1) -> Script:
    """A whole match in the terminal, the same every run: a blank answer to Scopa's cut
    asks for a random cut, which is seeded here too."""
    assert isinstance(rules, ScopaRules | BiscaRules | BurracoRules)
    script = Script(itertools.cycle(["1", "", "2"]))
    bots: dict[int, Bot] = {seat: RandomBot(seat) for seat in range(1, rules.players)}
    game = rules.game
    module = {"scopa": scopa, "bisca": bisca, "burraco": burraco}[game]
    cuts = random.Random(seed)
    with mock.patch.object(scopa, "random", SimpleNamespace(Random=lambda: cuts)):
        play_match(rules, module, bots, script.prompt(lang), seed=seed)
    return script


def test_the_hand_is_held_until_enter_with_its_counts_and_the_target() -> None:
    script = match_text(ScopaRules(target=7), "en")
    text = "\n".join(script.written)
    assert "You play against Bruno (Bot, Easy)." in text
    assert "The match is played to 7 points." in text
    hands = text.count("The hand is over.")
    assert hands >= 2 and text.count("(first to 7 wins)") == hands
    held = [i for i, line in enumerate(script.written) if line == "Press Enter to continue. "]
    assert len(held) == hands - 1, "every hand but the last waits for Enter"
    for i in held:
        assert script.written[i - 1].startswith("Match score: You ")
        table = script.written[i - 8 : i - 1]
        assert table[1].split()[0] == "Cards" and table[-1].split()[:3] == [
            "Points",
            "this",
            "hand",
        ]
    assert script.written[-1] in ("You win the match!", "Bruno wins the match.")


def test_in_2_v_2_the_partner_and_the_opponents_are_named() -> None:
    script = match_text(BiscaRules(players=4), "it")
    assert script.written[1] == (
        "In squadra con te: Carla (Bot, Facile). "
        "Avversari: Bruno (Bot, Facile) e Dario (Bot, Facile)."
    )
    assert any("La tua squadra (Carla)" in line for line in script.written)
    assert target_text(BurracoRules(players=4, hands=1), "pt-BR") == (
        "A partida tem uma rodada: ganha quem fizer mais pontos."
    )


def test_every_prompt_survives_non_ascii_digits_in_a_whole_match() -> None:
    """(Burraco's prompts are the shared choice and the card numbers, tested above: a
    random walk through its menus takes minutes.)"""
    for rules in (ScopaRules(target="single_hand"), BiscaRules(players=4)):
        rng = random.Random(3)
        words = [*NOT_ASCII, "1", "2", "", "1 2 3", "2 3 4"]
        script = Script(rng.choice(words) for _ in range(10**7))
        bots: dict[int, Bot] = {s: RandomBot(s) for s in range(1, rules.players)}
        module = {"scopa": scopa, "bisca": bisca, "burraco": burraco}[rules.game]
        play_match(rules, module, bots, script.prompt("pt-BR"), seed=3)
        assert "partida" in script.written[-1]
