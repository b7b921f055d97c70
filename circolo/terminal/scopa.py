"""Scopa in a terminal: the table as text for one seat, and a move asked step by step.

The card first, then (only when it has several) which capture, from a numbered list;
the cut asks for a number, blank for a random one. Bad answers are asked again.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from circolo.cards import Faces
from circolo.engine import EngineError, View
from circolo.games.scopa.deck import TO_CARD, cards_of
from circolo.games.scopa.moves import captured_mask, played_card
from circolo.games.scopa.scoring import hand_score
from circolo.games.scopa.view import ScopaView
from circolo.i18n import translate
from circolo.terminal.common import Prompt


def _names(cards: Iterable[int], lang: str, faces: Faces) -> str:
    return ", ".join(TO_CARD[c].name(lang, faces) for c in cards)


def _scopa_view(view: View[Any]) -> ScopaView:
    if not isinstance(view, ScopaView):
        raise EngineError("not a Scopa view")
    return view


def render(view: View[Any], lang: str, faces: Faces) -> str:
    """The table as the viewer sees it, cards by their translated names."""
    v = _scopa_view(view)

    def t(key: str, **params: object) -> str:
        return translate(lang, f"scopa.{key}", **params)

    def seat_label(seat: int) -> str:
        you = f" ({translate(lang, 'common.you')})" if seat == v.seat else ""
        return t("seat", seat=seat + 1) + you

    lines = [t("title", dealer=seat_label(v.dealer), stock=v.stock)]
    if v.voided:
        lines.append(t("voided", count=v.voided))
    if v.phase == "cut":
        lines.append(t("cut_wait", seat=seat_label(v.turn or 0)))
        return "\n".join(lines)
    table = cards_of(v.table)
    lines.append(t("table", cards=_names(table, lang, faces)) if table else t("table_empty"))
    if v.seat is not None and v.phase == "play":
        lines.append(t("hand", cards=_names(cards_of(v.hand), lang, faces) or "—"))
    sizes = ", ".join(f"{seat_label(s)}: {n}" for s, n in enumerate(v.hand_sizes) if s != v.seat)
    if v.phase == "play":
        lines.append(t("hand_sizes", sizes=sizes))
    for side in (0, 1):
        lines.append(
            t(
                "pile",
                side=side + 1,
                cards=v.piles[side].bit_count(),
                scope=v.scope[side],
                you=f" ({translate(lang, 'common.you')})"
                if v.seat is not None and v.rules.side_of(v.seat) == side
                else "",
            )
        )
    last = v.last_capture()
    if last is not None and last[1] is not None:
        seat, move = last[0], last[1]
        lines.append(
            t(
                "last_capture",
                seat=seat_label(seat),
                card=TO_CARD[played_card(move)].name(lang, faces),
                cards=_names(cards_of(captured_mask(move)), lang, faces),
            )
        )
    if v.phase == "play" and v.turn is not None and v.turn != v.seat:
        lines.append(t("waiting", seat=seat_label(v.turn)))
    if v.phase == "over":
        score = hand_score(v.piles, v.scope)
        for side in (0, 1):
            parts = ", ".join(
                f"{t('category.' + name)} {value}" for name, value in score.breakdown[side].items()
            )
            lines.append(t("side_points", side=side + 1, points=score.points[side], parts=parts))
    return "\n".join(lines)


def ask_move(view: View[Any], prompt: Prompt) -> int:
    """The viewer's move: a cut, or a card and, if it has several, the capture."""
    v = _scopa_view(view)
    legal = v.legal_moves()
    if not legal:
        raise EngineError(prompt.t("scopa.not_your_turn"))
    if v.cutting:
        return _ask_cut(legal, prompt)
    if len(legal) == 1:
        prompt.say(prompt.t("scopa.only_move", move=_describe(legal[0], prompt)))
        return legal[0]
    by_card: dict[int, list[int]] = {}
    for move in legal:
        by_card.setdefault(played_card(move), []).append(move)
    cards = list(by_card)
    labels = []
    for card in cards:
        name = TO_CARD[card].name(prompt.lang, prompt.faces)
        options = by_card[card]
        if len(options) > 1:
            labels.append(prompt.t("scopa.card_choices", card=name, count=len(options)))
        else:
            labels.append(_describe(options[0], prompt))
    card = cards[prompt.choose(prompt.t("scopa.choose_card"), labels)]
    options = by_card[card]
    if len(options) == 1:
        return options[0]
    question = prompt.t("scopa.choose_capture", card=TO_CARD[card].name(prompt.lang, prompt.faces))
    return options[prompt.choose(question, [_describe(m, prompt) for m in options])]


def _describe(move: int, prompt: Prompt) -> str:
    card = TO_CARD[played_card(move)].name(prompt.lang, prompt.faces)
    taken = cards_of(captured_mask(move))
    if not taken:
        return prompt.t("scopa.lay", card=card)
    return prompt.t("scopa.capture_with", card=card, cards=_names(taken, prompt.lang, prompt.faces))


def _ask_cut(legal: list[int], prompt: Prompt) -> int:
    low, high = min(-m for m in legal), max(-m for m in legal)
    while True:
        answer = prompt.ask(prompt.t("scopa.ask_cut", low=low, high=high))
        if not answer:
            return random.Random().choice(legal)
        if answer.isdigit() and -int(answer) in legal:
            return -int(answer)
        prompt.say(prompt.t("scopa.bad_cut", low=low, high=high))
