"""The terminal match loop shared by every game, and the prompt it talks through.

A game's terminal module supplies ``render(view, lang, faces, names) -> str``,
``ask_move(view, prompt) -> move`` and ``score_cells`` (registered by the game's name in
``circolo.terminal.registry``); this module runs the match and the bots, tells every
move's events (the engine's ``Played`` record, as the human's seat may see it) in words,
holds each hand's breakdown until Enter, and turns every bad input into a plain message
(never a traceback).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from circolo.bots import Bot
from circolo.cards import Faces
from circolo.describe import describe_events, side_name, side_ref
from circolo.engine import EngineError, HandScore, HandState, Rules, Seat, View
from circolo.i18n import card_name, join, translate
from circolo.match import Match

Names = Mapping[Seat, str]


def ascii_number(text: str) -> int | None:
    """A whole number typed with the ASCII digits 0-9 only (never ``²`` or ``٣``)."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() else None


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
        return self._read(question if question.endswith(" ") else question + " ").strip()

    def choose(self, question: str, options: Sequence[str], back: bool = False) -> int | None:
        """Show a numbered list and return the chosen option's index (None: "go back",
        offered last when ``back``)."""
        options = [*options, self.t("go-back")] if back else list(options)
        if len(options) == 1:
            return 0
        self.say(question)
        for number, option in enumerate(options, 1):
            self.say(f"  {number}. {option}")
        while True:
            answer = ascii_number(self.ask(self.t("choose", count=len(options))))
            if answer is not None and 1 <= answer <= len(options):
                return None if back and answer == len(options) else answer - 1
            self.say(self.t("not-a-choice", count=len(options)))

    def pick(self, question: str, options: Sequence[str]) -> int:
        """``choose`` without a way back."""
        index = self.choose(question, options)
        assert index is not None
        return index


class TerminalGame(Protocol):
    @property
    def RULES(self) -> type[Rules]: ...

    def render(
        self, view: View[Any], lang: str, faces: Faces, names: Names | None = None
    ) -> str: ...

    def ask_move(self, view: View[Any], prompt: Prompt) -> Any: ...

    def score_cells(self, name: str, values: list[int], score: HandScore) -> list[str]:
        """One row of the hand's breakdown: category ``name``'s cell for each side."""


def signed(values: Sequence[int]) -> list[str]:
    """Points won or lost in a category: "+1", "-2", or "–" for none."""
    return [f"+{v}" if v > 0 else (str(v) if v else "–") for v in values]


def default_names(lang: str, players: int, you: Seat | None) -> dict[Seat, str]:
    """ "You" for the viewer; the catalogue's bot names for the other seats."""
    others = [seat for seat in range(players) if seat != you]
    names = {seat: translate(lang, "bot-name", seat=n) for n, seat in enumerate(others, 1)}
    return names | ({} if you is None else {you: translate(lang, "you")})


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
    names = default_names(prompt.lang, rules.players, human)
    _introduce(rules, bots, names, prompt, human)
    while match.outcome.status not in ("won", "drawn"):
        if match.outcome.status == "decision":
            choices = list(match.outcome.choices)
            labels = [prompt.t(f"choice-{c}") for c in choices]
            match.decide(choices[prompt.pick(prompt.t("decide"), labels)])
            continue
        hand = match.new_hand()
        _play_hand(hand, ui, bots, prompt, human, names)
        match.record(hand)
        _say_result(hand.score(), match, ui, prompt, human, names)
    if match.outcome.status == "won":
        assert match.outcome.winner is not None
        ref = side_ref(prompt.lang, match.outcome.winner, names, human)
        prompt.say(prompt.t("match-won", **ref))
    else:
        prompt.say(prompt.t("match-drawn"))


def _introduce(
    rules: Rules, bots: Mapping[Seat, Bot], names: Names, prompt: Prompt, human: Seat
) -> None:
    """Welcome, the players by name (partner and opponents in 2 v 2), the match target."""
    game = prompt.t(f"game-{rules.game}")
    prompt.say(prompt.t("welcome", game=game, seat=human + 1))

    def label(seat: Seat) -> str:
        level = prompt.t(f"level-{bots[seat].name}") if seat in bots else ""
        return prompt.t("bot-label", name=names[seat], level=level)

    others = [s for s in range(rules.players) if s != human]
    partners = [s for s in others if rules.side_of(s) == rules.side_of(human)]
    opponents = join(prompt.lang, [label(s) for s in others if s not in partners])
    if partners:
        partner = join(prompt.lang, [label(s) for s in partners])
        prompt.say(prompt.t("opponent-team", partner=partner, opponents=opponents))
    else:
        prompt.say(prompt.t("opponent-one", opponent=opponents))
    prompt.say(target_text(rules, prompt.lang))


def target_text(rules: Rules, lang: str) -> str:
    """How the match is won: a points target, one hand, or a number of hands."""
    kind, count = rules.match_goal()
    if kind == "points":
        return translate(lang, "target-points", target=count)
    if kind == "single_hand":
        return translate(lang, "target-single")
    return translate(lang, "target-hands", hands=count)


def _play_hand(
    hand: HandState[Any],
    ui: TerminalGame,
    bots: dict[Seat, Bot],
    prompt: Prompt,
    human: Seat,
    names: Names,
) -> None:
    while not hand.is_over():
        seat = hand.to_move()
        assert seat is not None
        if seat == human:
            view = hand.view(human)
            prompt.say(ui.render(view, prompt.lang, prompt.faces, names))
            prompt.say(prompt.t("your-turn"))
            move = ui.ask_move(view, prompt)
            try:
                played = hand.play(human, move)
            except EngineError as error:
                # the player's words only: never the engine's English text or notation
                prompt.say(refusal_text(prompt, error, hand.rules.game))
                continue
        else:
            move = bots[seat].choose(hand.view(seat))
            played = hand.play(seat, move)
        events = played.for_seat(human).to_json()["events"]
        told = [event for event in events if event["kind"] != "hand_over"]  # the table says it
        for line in describe_events(prompt.lang, hand.rules.game, told, names, prompt.faces, human):
            prompt.say(line)
    prompt.say(ui.render(hand.view(human), prompt.lang, prompt.faces, names))


def category(lang: str, game: str, name: str) -> str:
    """A score category's name in the language (its code name if the catalogue lacks it)."""
    key = f"{game}-category-{name}"
    text = translate(lang, key)
    return name if text == key else text


def hand_table(lang: str, ui: TerminalGame, score: HandScore, names: Names, you: Seat) -> list[str]:
    """The hand's breakdown as a table: a column per side, a row per category (the game's
    terminal module writes its cells), then the hand's points."""
    sides = range(len(score.points))
    rows: list[list[str]] = [["", *(side_name(lang, s, names, you) for s in sides)]]
    for name in score.breakdown[0]:
        values = [score.breakdown[s][name] for s in sides]
        cells = ui.score_cells(name, values, score)
        rows.append([category(lang, ui.RULES.game, name), *cells])
    rows.append(
        [translate(lang, "hand-points", game=ui.RULES.game), *(str(p) for p in score.points)]
    )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  "
        + "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def score_line(match: Match, lang: str, names: Names, you: Seat) -> str:
    """The match score against its target: "Match score: You 5, Bruno 8 (first to 11 wins)"."""
    scores = join(
        lang,
        [f"{side_name(lang, s, names, you)} {t}" for s, t in enumerate(match.totals)],
    )
    kind, count = match.rules.match_goal()
    if kind == "points":
        scores += f" ({translate(lang, 'to-go-points', target=count)})"
    elif kind == "hands":
        played = len(match.hands)
        scores += f" ({translate(lang, 'to-go-hands', played=played, hands=count)})"
    return translate(lang, "match-score", scores=scores)


def _say_result(
    score: HandScore, match: Match, ui: TerminalGame, prompt: Prompt, human: Seat, names: Names
) -> None:
    """The hand's breakdown and the match score, shown once and held until Enter."""
    prompt.say(prompt.t("hand-over", game=ui.RULES.game))
    for line in hand_table(prompt.lang, ui, score, names, human):
        prompt.say(line)
    prompt.say(score_line(match, prompt.lang, names, human))
    if match.outcome.status == "continue":
        prompt.ask(prompt.t("press-enter"))


def refusal_text(prompt: Prompt, error: EngineError, game: str) -> str:
    """A refused move in the player's words: the rule it breaks (its cards named as the
    player's faces name them), else what its code means (never the engine's English)."""
    if error.reason is None:
        return prompt.t(f"error-{error.code}", game=game)
    params: dict[str, object] = {
        key: card_name(prompt.lang, str(value), prompt.faces, article=True)
        if key == "card" or key.startswith("card_")
        else value
        for key, value in error.params.items()
    }
    return prompt.t(f"refusal-{error.reason}", **params)
