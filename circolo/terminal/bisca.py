"""Bisca Capixaba in a terminal: the table as text for one seat, and the move asked.

The cutter chooses copas or sorteio; in the exchange window the holder of the trump 2
is offered the exchange (everyone else just passes); in play the legal cards are
offered from a numbered list, with a note for each card a rule holds back.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from circolo.cards import Faces
from circolo.describe import seat_ref, side_ref
from circolo.engine import EngineError, HandScore, View
from circolo.games.bisca.deck import ACE_STRENGTH, CARDS, SEVEN, TWO, trump_card
from circolo.games.bisca.moves import COPAS, EXCHANGE, PASS, SORTEIO
from circolo.games.bisca.rules import BiscaRules
from circolo.games.bisca.tricks import trick_winner
from circolo.games.bisca.view import BiscaView
from circolo.i18n import card_list, card_name, translate
from circolo.terminal.common import Names, Prompt, default_names, signed

RULES = BiscaRules


def _bisca_view(view: View[Any]) -> BiscaView:
    if not isinstance(view, BiscaView):
        raise EngineError("not a Bisca view")
    return view


def _name(card: int, lang: str, faces: Faces, article: bool = False) -> str:
    return card_name(lang, CARDS[card], faces, article)


def _names(cards: Iterable[int], lang: str, faces: Faces) -> str:
    return card_list(lang, [CARDS[c] for c in cards], faces)


def render(
    view: View[Any], lang: str, faces: Faces = Faces.FRENCH, names: Names | None = None
) -> str:
    """The table as the viewer sees it: trump, open card, trick, hand, scores."""
    v = _bisca_view(view)
    faces = Faces(faces)
    names = names or default_names(lang, v.rules.players, v.seat)

    def t(key: str, **params: object) -> str:
        return translate(lang, f"bisca-{key}", **params)

    def plays(leader: int, cards: Iterable[int]) -> str:
        return ", ".join(
            f"{names[(leader + i) % v.rules.players]}: {_name(c, lang, faces)}"
            for i, c in enumerate(cards)
        )

    lines = [t("title", dealer=names[v.dealer])]
    if v.phase == "choose":
        lines.append(t("choosing", **seat_ref(v.turn if v.turn is not None else 0, names, v.seat)))
        return "\n".join(lines)
    suit = translate(lang, "card-suit", suit="HDCS"[v.trump], faces=faces.value)
    lines.append(t("trump-copas" if v.choice == COPAS else "trump", suit=suit))
    if v.turned is not None:
        lines.append(t("turned-back", card=_name(v.turned, lang, faces)))
    elif v.open_card is None:
        lines.append(t("no-open-card"))
    elif v.drawer is None:
        lines.append(t("open-card", card=_name(v.open_card, lang, faces)))
    else:
        lines.append(
            t(
                "open-card-drawn",
                card=_name(v.open_card, lang, faces),
                **seat_ref(v.drawer, names, v.seat),
            )
        )
    if v.exchanged is not None:
        two = _name(trump_card(v.trump, TWO), lang, faces, article=True)
        card = _name(v.exchanged[1], lang, faces, article=True)
        lines.append(t("exchanged", two=two, card=card, **seat_ref(v.exchanged[0], names, v.seat)))
    if v.tricks:
        leader, cards = v.tricks[-1]
        winner = (leader + trick_winner(cards, v.trump)) % v.rules.players
        lines.append(t("last-trick", cards=plays(leader, cards), **seat_ref(winner, names, v.seat)))
    if v.phase == "play":
        if v.trick:
            lines.append(t("trick", cards=plays(v.leader, v.trick)))
        else:
            lines.append(t("trick-empty", **seat_ref(v.leader, names, v.seat)))
        if v.final_trick:
            lines.append(t("final-trick"))
    if v.phase in ("exchange", "play"):
        if v.seat is not None:
            lines.append(t("hand", cards=_names(v.hand, lang, faces)))
        sizes = ", ".join(f"{names[s]}: {n}" for s, n in enumerate(v.hand_sizes) if s != v.seat)
        lines.append(t("sizes", sizes=sizes, stock=v.stock_size))
    for side in (0, 1):
        name = translate(lang, "side-name", **side_ref(lang, side, names, v.seat))
        params = {"points": v.card_points[side], "count": v.piles[side], "relo": v.relo[side]}
        lines.append(t("score", name=name, **params))
    if v.turn is not None and v.turn != v.seat:
        lines.append(t("waiting", name=names[v.turn]))
    return "\n".join(lines)


def ask_move(view: View[Any], prompt: Prompt) -> int:
    """The viewer's move: the trump choice, the exchange, or a legal card."""
    v = _bisca_view(view)
    legal = v.legal_moves()
    if not legal:
        raise EngineError(prompt.t("bisca-not-your-turn"))
    if v.phase == "choose":
        options = [COPAS, SORTEIO]
        labels = [prompt.t("bisca-choose-copas"), prompt.t("bisca-choose-sorteio")]
        return options[prompt.pick(prompt.t("bisca-choose-trump"), labels)]
    if v.phase == "exchange":
        if EXCHANGE not in legal:
            prompt.say(prompt.t("bisca-no-two"))
            return PASS
        two = _name(trump_card(v.trump, TWO), prompt.lang, prompt.faces, article=True)
        assert v.open_card is not None
        taken = _name(v.open_card, prompt.lang, prompt.faces, article=True)
        labels = [
            prompt.t("bisca-keep-two", two=two),
            prompt.t("bisca-exchange", two=two, card=taken),
        ]
        return [PASS, EXCHANGE][prompt.pick(prompt.t("bisca-exchange-question"), labels)]
    for card in v.hand:
        if card not in legal:
            prompt.say(_why_not(v, card, prompt))
    labels = [_name(card, prompt.lang, prompt.faces) for card in legal]
    if len(legal) == 1:
        prompt.say(prompt.t("bisca-only-card", card=labels[0]))
    return legal[prompt.pick(prompt.t("bisca-choose-card"), labels)]


def _why_not(v: BiscaView, card: int, prompt: Prompt) -> str:
    """Which rule holds a card back (only the trump Ace and the trump 7 are ever held)."""
    name = _name(card, prompt.lang, prompt.faces, article=True)
    if card == trump_card(v.trump, ACE_STRENGTH):
        return prompt.t("bisca-ace-waits", card=name)
    if card == trump_card(v.trump, SEVEN):
        return prompt.t("bisca-seven-not-last", card=name)
    return prompt.t("bisca-not-allowed", card=name)


def score_cells(name: str, values: list[int], score: HandScore) -> list[str]:
    """Card points as they are (the hand's 120); match points signed."""
    return [str(v) for v in values] if name == "card_points" else signed(values)
