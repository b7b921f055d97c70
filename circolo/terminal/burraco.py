"""Burraco in a terminal: the table as text for one seat, and each step of a turn asked.

The hand is shown numbered; melds are shown under their owners (you, you and your
partner, the opponents). A turn is asked step by step: draw or take the pile; then meld
by typing the numbers of the cards (the layouts they allow are offered when there are
several), add to one of your melds, or discard. Bad answers are asked again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from circolo.cards import Card, Faces
from circolo.engine import EngineError, View
from circolo.games.burraco.melds import Meld
from circolo.games.burraco.moves import Discard, Draw, Extend, Move, NewMeld
from circolo.games.burraco.view import BurracoView
from circolo.i18n import translate
from circolo.terminal.common import Prompt


def _burraco_view(view: View[Any]) -> BurracoView:
    if not isinstance(view, BurracoView):
        raise EngineError("not a Burraco view")
    return view


def _names(cards: Iterable[Card], lang: str, faces: Faces) -> str:
    return ", ".join(card.name(lang, faces) for card in cards) or "—"


def meld_text(meld: Meld, lang: str, faces: Faces) -> str:
    """A meld by card names; a wild in a run says which card it stands for."""
    words = []
    for slot in meld.slots:
        name = slot.card.name(lang, faces)
        if slot.stands_for is not None:
            name = translate(
                lang, "burraco.stands_for", card=name, natural=slot.stands_for.name(lang, faces)
            )
        words.append(name)
    text = ", ".join(words)
    if meld.burraco:
        text += " — " + translate(lang, f"burraco.kind.{meld.burraco}")
    return text


def _owner(v: BurracoView, side: int, lang: str) -> str:
    mine = v.seat is not None and v.rules.side_of(v.seat) == side
    key = ("mine" if mine else "theirs") + ("_team" if v.rules.players == 4 else "")
    if v.seat is None:
        key = "side"
    return translate(lang, f"burraco.owner.{key}", side=side + 1)


def render(view: View[Any], lang: str, faces: Faces = Faces.FRENCH) -> str:
    """The table as the viewer sees it: stock, pile, pozzetti, melds, hand counts, the
    pile cards the others are known to hold, the hand."""
    v = _burraco_view(view)
    faces = Faces(faces)

    def t(key: str, **params: object) -> str:
        return translate(lang, f"burraco.{key}", **params)

    def seat(number: int) -> str:
        you = f" ({translate(lang, 'common.you')})" if number == v.seat else ""
        return t("seat", seat=number + 1) + you

    lines = [t("title", stock=v.stock, pile=len(v.pile))]
    lines.append(t("pile", cards=_names(v.pile, lang, faces)))
    for side, size in enumerate(v.pozzetti):
        state = t("pozzetto_there") if size is not None else t("pozzetto_taken")
        lines.append(t("pozzetto", owner=_owner(v, side, lang), state=state))
    for side, melds in enumerate(v.melds):
        lines.append(t("melds_of", owner=_owner(v, side, lang)))
        if not melds:
            lines.append("  " + t("no_melds"))
        for number, meld in enumerate(melds, 1):
            lines.append(f"  {number}. {meld_text(meld, lang, faces)}")
    sizes = ", ".join(f"{seat(s)}: {n}" for s, n in enumerate(v.hand_sizes) if s != v.seat)
    lines.append(t("sizes", sizes=sizes))
    for number, known in enumerate(v.recall):
        if known and number != v.seat:
            lines.append(t("recall", seat=seat(number), cards=_names(known, lang, faces)))
    if v.seat is not None:
        lines.append(t("hand", count=len(v.hand)))
        lines += [f"  {n}. {card.name(lang, faces)}" for n, card in enumerate(v.hand, 1)]
    if v.taken is not None and v.to_move() is not None:
        lines.append(t("taken_single", card=v.taken.name(lang, faces)))
    if v.ending is not None:
        if v.ending.closer is not None:
            lines.append(t("ended_closed", seat=seat(v.ending.closer)))
        else:
            lines.append(t("ended_stock"))
    elif v.to_move() != v.seat:
        lines.append(t("waiting", seat=seat(v.player)))
    return "\n".join(lines)


def _pick_cards(v: BurracoView, prompt: Prompt, question: str) -> Counter[Card] | None:
    """Card numbers typed by the player (e.g. ``1 4 5``); None to go back."""
    while True:
        answer = prompt.ask(prompt.t(question, count=len(v.hand)))
        if not answer:
            return None
        words = answer.replace(",", " ").split()
        numbers = [int(w) for w in words if w.isdigit()]
        if (
            len(numbers) == len(words)
            and len(set(numbers)) == len(numbers)
            and all(1 <= n <= len(v.hand) for n in numbers)
        ):
            return Counter(v.hand[n - 1] for n in numbers)
        prompt.say(prompt.t("burraco.bad_numbers", count=len(v.hand)))


def _choose_layout(moves: Sequence[NewMeld | Extend], prompt: Prompt) -> Move:
    labels = [meld_text(move.meld, prompt.lang, prompt.faces) for move in moves]
    return moves[prompt.choose(prompt.t("burraco.choose_layout"), labels)]


def _ask_new_meld(v: BurracoView, moves: list[NewMeld], prompt: Prompt) -> Move | None:
    while True:
        chosen = _pick_cards(v, prompt, "burraco.meld_cards")
        if chosen is None:
            return None
        fitting = [m for m in moves if Counter(m.meld.cards) == chosen]
        if fitting:
            return _choose_layout(fitting, prompt)
        prompt.say(prompt.t("burraco.no_such_meld"))


def _ask_extension(v: BurracoView, moves: list[Extend], prompt: Prompt) -> Move | None:
    assert v.seat is not None
    melds = v.melds[v.rules.side_of(v.seat)]
    indices = sorted({m.index for m in moves})
    labels = [f"{i + 1}. {meld_text(melds[i], prompt.lang, prompt.faces)}" for i in indices]
    index = indices[prompt.choose(prompt.t("burraco.which_meld"), labels)]
    while True:
        chosen = _pick_cards(v, prompt, "burraco.extend_cards")
        if chosen is None:
            return None
        base = Counter(melds[index].cards)
        fitting = [m for m in moves if m.index == index and Counter(m.meld.cards) - base == chosen]
        if fitting:
            return _choose_layout(fitting, prompt)
        prompt.say(prompt.t("burraco.no_such_extension"))


def ask_move(view: View[Any], prompt: Prompt) -> Move:
    """The viewer's next step: draw or take; then meld, add to a meld, or discard."""
    v = _burraco_view(view)
    legal = v.legal_moves()
    if not legal:
        raise EngineError(prompt.t("burraco.not_your_turn"))
    lang, faces = prompt.lang, prompt.faces
    if v.phase == "draw":
        labels = [
            prompt.t("burraco.draw")
            if isinstance(m, Draw)
            else prompt.t("burraco.take", cards=_names(v.pile, lang, faces))
            for m in legal
        ]
        return legal[prompt.choose(prompt.t("burraco.draw_or_take"), labels)]
    new = [m for m in legal if isinstance(m, NewMeld)]
    extensions = [m for m in legal if isinstance(m, Extend)]
    discards = [m for m in legal if isinstance(m, Discard)]
    while True:
        actions = [
            (key, group)
            for key, group in (("meld", new), ("extend", extensions), ("discard", discards))
            if group
        ]
        labels = [prompt.t(f"burraco.action_{key}") for key, _ in actions]
        key, _ = actions[prompt.choose(prompt.t("burraco.what_now"), labels)]
        move: Move | None
        if key == "meld":
            move = _ask_new_meld(v, new, prompt)
        elif key == "extend":
            move = _ask_extension(v, extensions, prompt)
        else:
            names = [m.card.name(lang, faces) for m in discards]
            for card in sorted(set(v.hand) - {m.card for m in discards}, key=lambda c: c.key):
                prompt.say(prompt.t("burraco.cannot_discard", card=card.name(lang, faces)))
            move = discards[prompt.choose(prompt.t("burraco.which_discard"), names)]
        if move is not None:
            return move
