"""Bisca Capixaba in a terminal: the table as text for one seat, and the move asked.

The cutter chooses copas or sorteio; in the exchange window the holder of the trump 2
is offered the exchange (everyone else just passes); in play the legal cards are
offered from a numbered list, with a note for each card a rule holds back.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from circolo.cards import Faces
from circolo.engine import EngineError, View
from circolo.games.bisca.deck import ACE_STRENGTH, CARDS, SEVEN, TWO, trump_card
from circolo.games.bisca.moves import COPAS, EXCHANGE, PASS, SORTEIO
from circolo.games.bisca.tricks import trick_winner
from circolo.games.bisca.view import BiscaView
from circolo.i18n import translate
from circolo.terminal.common import Prompt


def _bisca_view(view: View[Any]) -> BiscaView:
    if not isinstance(view, BiscaView):
        raise EngineError("not a Bisca view")
    return view


def _name(card: int, lang: str, faces: Faces) -> str:
    return CARDS[card].name(lang, faces)


def _names(cards: Iterable[int], lang: str, faces: Faces) -> str:
    return ", ".join(_name(c, lang, faces) for c in cards) or "—"


def render(view: View[Any], lang: str, faces: Faces = Faces.FRENCH) -> str:
    """The table as the viewer sees it: trump, open card, trick, hand, scores."""
    v = _bisca_view(view)
    faces = Faces(faces)

    def t(key: str, **params: object) -> str:
        return translate(lang, f"bisca.{key}", **params)

    def seat(number: int) -> str:
        you = f" ({translate(lang, 'common.you')})" if number == v.seat else ""
        return t("seat", seat=number + 1) + you

    def team(side: int) -> str:
        mine = v.seat is not None and v.rules.side_of(v.seat) == side
        you = f" ({translate(lang, 'common.you')})" if mine else ""
        return t("team", team=side + 1) + you

    lines = [t("title", dealer=seat(v.dealer))]
    if v.phase == "choose":
        lines.append(t("choosing", seat=seat(v.turn if v.turn is not None else 0)))
        return "\n".join(lines)
    suit = t(f"suit.{faces.value}.{'HDCS'[v.trump]}")
    lines.append(t("trump_copas" if v.trump == 0 else "trump", suit=suit))
    if v.turned is not None:
        lines.append(t("turned_back", card=_name(v.turned, lang, faces)))
    elif v.open_card is None:
        lines.append(t("no_open_card"))
    elif v.drawer is None:
        lines.append(t("open_card", card=_name(v.open_card, lang, faces)))
    else:
        lines.append(
            t("open_card_drawn", card=_name(v.open_card, lang, faces), seat=seat(v.drawer))
        )
    if v.exchanged is not None:
        lines.append(
            t(
                "exchanged",
                seat=seat(v.exchanged[0]),
                two=_name(trump_card(v.trump, TWO), lang, faces),
                card=_name(v.exchanged[1], lang, faces),
            )
        )
    if v.tricks:
        leader, cards = v.tricks[-1]
        winner = (leader + trick_winner(cards, v.trump)) % v.rules.players
        played = ", ".join(
            f"{seat((leader + i) % v.rules.players)}: {_name(c, lang, faces)}"
            for i, c in enumerate(cards)
        )
        lines.append(t("last_trick", cards=played, winner=seat(winner)))
    if v.phase == "play":
        if v.trick:
            played = ", ".join(
                f"{seat((v.leader + i) % v.rules.players)}: {_name(c, lang, faces)}"
                for i, c in enumerate(v.trick)
            )
            lines.append(t("trick", cards=played))
        else:
            lines.append(t("trick_empty", seat=seat(v.leader)))
        if v.final_trick:
            lines.append(t("final_trick"))
    if v.phase in ("exchange", "play"):
        if v.seat is not None:
            lines.append(t("hand", cards=_names(v.hand, lang, faces)))
        sizes = ", ".join(f"{seat(s)}: {n}" for s, n in enumerate(v.hand_sizes) if s != v.seat)
        lines.append(t("sizes", sizes=sizes, stock=v.stock_size))
    for side in (0, 1):
        lines.append(
            t(
                "score",
                team=team(side),
                points=v.card_points[side],
                cards=v.piles[side],
                relo=v.relo[side],
            )
        )
    if v.turn is not None and v.turn != v.seat:
        lines.append(t("waiting", seat=seat(v.turn)))
    return "\n".join(lines)


def ask_move(view: View[Any], prompt: Prompt) -> int:
    """The viewer's move: the trump choice, the exchange, or a legal card."""
    v = _bisca_view(view)
    legal = v.legal_moves()
    if not legal:
        raise EngineError(prompt.t("bisca.not_your_turn"))
    if v.phase == "choose":
        options = [COPAS, SORTEIO]
        labels = [prompt.t("bisca.choose_copas"), prompt.t("bisca.choose_sorteio")]
        return options[prompt.choose(prompt.t("bisca.choose_trump"), labels)]
    if v.phase == "exchange":
        if EXCHANGE not in legal:
            prompt.say(prompt.t("bisca.no_two"))
            return PASS
        two = _name(trump_card(v.trump, TWO), prompt.lang, prompt.faces)
        assert v.open_card is not None
        taken = _name(v.open_card, prompt.lang, prompt.faces)
        labels = [
            prompt.t("bisca.keep_two", two=two),
            prompt.t("bisca.exchange", two=two, card=taken),
        ]
        return [PASS, EXCHANGE][prompt.choose(prompt.t("bisca.exchange_question"), labels)]
    for card in v.hand:
        if card not in legal:
            prompt.say(_why_not(v, card, prompt))
    labels = [_name(card, prompt.lang, prompt.faces) for card in legal]
    if len(legal) == 1:
        prompt.say(prompt.t("bisca.only_card", card=labels[0]))
    return legal[prompt.choose(prompt.t("bisca.choose_card"), labels)]


def _why_not(v: BiscaView, card: int, prompt: Prompt) -> str:
    """Which rule holds a card back (only the trump Ace and the trump 7 are ever held)."""
    name = _name(card, prompt.lang, prompt.faces)
    if card == trump_card(v.trump, ACE_STRENGTH):
        return prompt.t("bisca.ace_waits", card=name)
    if card == trump_card(v.trump, SEVEN):
        return prompt.t("bisca.seven_not_last", card=name)
    return prompt.t("bisca.not_allowed", card=name)
