"""Scopa in a terminal: the table as text for one seat, and a move asked step by step.

The card first, then (only when it has several) which capture, from a numbered list
with a way back to the cards; the cut asks for a number, blank for a random one. Bad
answers are asked again.
"""

from __future__ import annotations

import random
from typing import Any

from circolo.cards import Faces
from circolo.engine import EngineError, HandScore, View
from circolo.games.scopa.deck import TO_CARD, cards_of
from circolo.games.scopa.moves import captured_mask, played_card
from circolo.games.scopa.rules import ScopaRules
from circolo.games.scopa.view import ScopaView
from circolo.i18n import card_list, card_name, translate
from circolo.terminal.common import Names, Prompt, ascii_number, default_names, signed

RULES = ScopaRules


def _codes(mask: int) -> list[str]:
    return [str(TO_CARD[c]) for c in cards_of(mask)]


def _scopa_view(view: View[Any]) -> ScopaView:
    if not isinstance(view, ScopaView):
        raise EngineError("not a Scopa view")
    return view


def render(view: View[Any], lang: str, faces: Faces, names: Names | None = None) -> str:
    """The table as the viewer sees it, cards by their names, players by theirs."""
    from circolo.describe import seat_ref, side_ref

    v = _scopa_view(view)
    names = names or default_names(lang, v.rules.players, v.seat)

    def t(key: str, **params: object) -> str:
        return translate(lang, f"scopa-{key}", **params)

    lines = [t("title", dealer=names[v.dealer], stock=v.stock)]
    if v.voided:
        lines.append(t("voided", count=v.voided))
    if v.phase == "cut":
        lines.append(t("cut-wait", **seat_ref(v.turn or 0, names, v.seat)))
        return "\n".join(lines)
    table = _codes(v.table)
    lines.append(t("table", cards=card_list(lang, table, faces)) if table else t("table-empty"))
    if v.seat is not None and v.phase == "play":
        lines.append(t("hand", cards=card_list(lang, _codes(v.hand), faces)))
    sizes = ", ".join(f"{names[s]}: {n}" for s, n in enumerate(v.hand_sizes) if s != v.seat)
    if v.phase == "play":
        lines.append(t("hand-sizes", sizes=sizes))
    for side in (0, 1):
        name = translate(lang, "side-name", **side_ref(lang, side, names, v.seat))
        lines.append(t("pile", name=name, captured=v.piles[side].bit_count(), scope=v.scope[side]))
    last = v.last_capture()
    if last is not None and last[1] is not None:
        seat, move = last[0], last[1]
        lines.append(
            t(
                "last-capture",
                **seat_ref(seat, names, v.seat),
                card=card_name(lang, TO_CARD[played_card(move)], faces, article=True),
                cards=card_list(lang, _codes(captured_mask(move)), faces, article=True),
            )
        )
    if v.phase == "play" and v.turn is not None and v.turn != v.seat:
        lines.append(t("waiting", name=names[v.turn]))
    return "\n".join(lines)


def ask_move(view: View[Any], prompt: Prompt) -> int:
    """The viewer's move: a cut, or a card and, if it has several, the capture."""
    v = _scopa_view(view)
    legal = v.legal_moves()
    if not legal:
        raise EngineError(prompt.t("scopa-not-your-turn"))
    if v.cutting:
        return _ask_cut(legal, prompt)
    if len(legal) == 1:
        prompt.say(prompt.t("scopa-only-move", move=_describe(legal[0], prompt)))
        return legal[0]
    by_card: dict[int, list[int]] = {}
    for move in legal:
        by_card.setdefault(played_card(move), []).append(move)
    cards = list(by_card)
    labels = []
    for card in cards:
        name = card_name(prompt.lang, TO_CARD[card], prompt.faces)
        options = by_card[card]
        if len(options) > 1:
            labels.append(prompt.t("scopa-card-choices", card=name, count=len(options)))
        else:
            labels.append(_describe(options[0], prompt))
    while True:
        card = cards[prompt.pick(prompt.t("scopa-choose-card"), labels)]
        options = by_card[card]
        if len(options) == 1:
            return options[0]
        name = card_name(prompt.lang, TO_CARD[card], prompt.faces, article=True)
        question = prompt.t("scopa-choose-capture", card=name)
        index = prompt.choose(question, [_describe(m, prompt) for m in options], back=True)
        if index is not None:
            return options[index]


def _describe(move: int, prompt: Prompt) -> str:
    card = card_name(prompt.lang, TO_CARD[played_card(move)], prompt.faces)
    taken = _codes(captured_mask(move))
    if not taken:
        return prompt.t("scopa-lay", card=card)
    cards = card_list(prompt.lang, taken, prompt.faces, article=True)
    return prompt.t("scopa-capture-with", card=card, cards=cards)


def _ask_cut(legal: list[int], prompt: Prompt) -> int:
    low, high = min(-m for m in legal), max(-m for m in legal)
    while True:
        answer = prompt.ask(prompt.t("scopa-ask-cut", low=low, high=high))
        if not answer:
            return random.Random().choice(legal)
        number = ascii_number(answer)
        if number is not None and -number in legal:
            return -number
        prompt.say(prompt.t("scopa-bad-cut", low=low, high=high))


# The categories that score a point for the side with more of something: their counts.
COUNTS = {"carte": "cards", "denari": "denari", "primiera": "primiera"}


def score_cells(name: str, values: list[int], score: HandScore) -> list[str]:
    """Counts with the point they won ("27 (+1)"), scope as a count, the rest signed."""
    counts = score.details.get(COUNTS.get(name, ""), None)
    if isinstance(counts, list):
        return [f"{c} (+{v})" if v else str(c) for c, v in zip(counts, values, strict=True)]
    return [str(v) for v in values] if name == "scope" else signed(values)
