"""The terminal match loop shared by every game, and the prompt it talks through.

A game's terminal module supplies ``render(view, lang, faces) -> str`` and
``ask_move(view, prompt) -> move``; this module runs the match, the bots and the
hand results, and turns every bad input into a plain message (never a traceback).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from circolo.bots import Bot
from circolo.cards import Card, CardNotationError, Faces
from circolo.engine import EngineError, HandState, Rules, Seat, View
from circolo.i18n import translate
from circolo.match import Match


class Prompt:
    """Questions and answers on a text stream; re-asks until the answer is valid."""

    def __init__(
        self,
        lang: str,
        faces: Faces,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
    ) -> None:
        self.lang = lang
        self.faces = faces
        self._read = read
        self._write = write

    def t(self, key: str, **params: object) -> str:
        return translate(self.lang, key, **params)

    def say(self, text: str) -> None:
        self._write(text)

    def ask(self, question: str) -> str:
        return self._read(question).strip()

    def choose(self, question: str, options: Sequence[str]) -> int:
        """Show a numbered list and return the index of the chosen option."""
        if len(options) == 1:
            return 0
        self.say(question)
        for number, option in enumerate(options, 1):
            self.say(f"  {number}. {option}")
        while True:
            answer = self.ask(self.t("common.choose", count=len(options)))
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return int(answer) - 1
            self.say(self.t("common.not_a_choice", count=len(options)))


class TerminalGame(Protocol):
    def render(self, view: View[Any], lang: str, faces: Faces) -> str: ...

    def ask_move(self, view: View[Any], prompt: Prompt) -> Any: ...


def terminal_game(game: str) -> TerminalGame:
    module: TerminalGame = importlib.import_module(f"circolo.terminal.{game}")
    return module


def play_match(
    rules: Rules,
    ui: TerminalGame,
    bots: dict[Seat, Bot],
    prompt: Prompt,
    seed: int,
    human: Seat = 0,
) -> None:
    """Play one match: the human at ``human``, a bot at every other seat."""
    match = Match(rules, seed)
    prompt.say(prompt.t("common.welcome", game=rules.game.capitalize(), seat=human + 1))
    while match.outcome.status not in ("won", "drawn"):
        if match.outcome.status == "decision":
            choices = list(match.outcome.choices)
            labels = [prompt.t(f"common.choice.{c}") for c in choices]
            match.decide(choices[prompt.choose(prompt.t("common.decide"), labels)])
            continue
        hand = match.new_hand()
        _play_hand(hand, ui, bots, prompt, human)
        match.record(hand)
        _say_result(hand, match, prompt, human)
    if match.outcome.status == "won":
        prompt.say(
            prompt.t(
                "common.match_won", side=_side_label(match.outcome.winner, rules, human, prompt)
            )
        )
    else:
        prompt.say(prompt.t("common.match_drawn"))


def _play_hand(
    hand: HandState[Any], ui: TerminalGame, bots: dict[Seat, Bot], prompt: Prompt, human: Seat
) -> None:
    while not hand.is_over():
        seat = hand.to_move()
        assert seat is not None
        if seat == human:
            view = hand.view(human)
            prompt.say(ui.render(view, prompt.lang, prompt.faces))
            prompt.say(prompt.t("common.your_turn"))
            try:
                hand.play(human, ui.ask_move(view, prompt))
            except EngineError as error:
                prompt.say(prompt.t("common.error", message=error.message))
        else:
            move = bots[seat].choose(hand.view(seat))
            hand.play(seat, move)
            player = prompt.t("common.bot", level=bots[seat].name, seat=seat + 1)
            described = describe_move(hand.move_text(move), prompt.lang, prompt.faces)
            prompt.say(prompt.t("common.plays", player=player, move=described))
    prompt.say(ui.render(hand.view(human), prompt.lang, prompt.faces))


def describe_move(text: str, lang: str, faces: Faces) -> str:
    """A move's notation with every card named for people ("JD x 3S" -> "Jack of diamonds x
    Three of spades"; a wild "2C=4H" -> "Two of clubs = Four of hearts")."""

    def name(token: str) -> str:
        try:
            return " = ".join(Card.parse(part).name(lang, faces) for part in token.split("="))
        except CardNotationError:
            return token

    return " ".join(name(token) for token in text.split())


def _category(game: str, name: str, prompt: Prompt) -> str:
    """A score category's name in the player's language (its code name if untranslated)."""
    key = f"{game}.category.{name}"
    text = prompt.t(key)
    return name if text == key else text


def _side_label(side: int | None, rules: Rules, human: Seat, prompt: Prompt) -> str:
    label = str((side or 0) + 1)
    if side == rules.side_of(human):
        label += f" ({prompt.t('common.you')})"
    return label


def _say_result(hand: HandState[Any], match: Match, prompt: Prompt, human: Seat) -> None:
    score = hand.score()
    prompt.say(prompt.t("common.hand_over"))
    for side, (points, breakdown) in enumerate(zip(score.points, score.breakdown, strict=True)):
        detail = ", ".join(
            f"{_category(match.rules.game, name, prompt)} {value}"
            for name, value in breakdown.items()
        )
        name = _side_label(side, match.rules, human, prompt)
        prompt.say(prompt.t("common.hand_points", side=name, points=points, breakdown=detail))
    prompt.say(prompt.t("common.totals", totals=" – ".join(map(str, match.totals))))
