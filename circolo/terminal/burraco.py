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
from circolo.describe import seat_ref, side_ref
from circolo.engine import EngineError, HandScore, View
from circolo.games.burraco.melds import Meld
from circolo.games.burraco.moves import Discard, Draw, Extend, Move, NewMeld
from circolo.games.burraco.rules import BurracoRules
from circolo.games.burraco.view import BurracoView
from circolo.i18n import card_list, card_name, translate
from circolo.terminal.common import Names, Prompt, ascii_number, default_names

RULES = BurracoRules


def _burraco_view(view: View[Any]) -> BurracoView:
    if not isinstance(view, BurracoView):
        raise EngineError("not a Burraco view")
    return view


def _names(cards: Iterable[Card], lang: str, faces: Faces) -> str:
    return card_list(lang, cards, faces)


def slot_codes(meld: Meld) -> list[str]:
    """A meld's cards as codes; a wild in a run as "2C=4H" (the card it stands for)."""
    return [
        str(slot.card) + ("" if slot.stands_for is None else f"={slot.stands_for}")
        for slot in meld.slots
    ]


def meld_text(meld: Meld, lang: str, faces: Faces) -> str:
    """A meld by card names; a wild in a run says which card it stands for."""
    text = ", ".join(card_name(lang, code, faces) for code in slot_codes(meld))
    if meld.burraco:
        text += " — " + translate(lang, f"burraco-kind-{meld.burraco}")
    return text


def render(
    view: View[Any], lang: str, faces: Faces = Faces.FRENCH, names: Names | None = None
) -> str:
    """The table as the viewer sees it: stock, pile, pozzetti, melds, hand counts, the
    pile cards the others are known to hold, the hand."""
    v = _burraco_view(view)
    faces = Faces(faces)
    names = names or default_names(lang, v.rules.players, v.seat)

    def t(key: str, **params: object) -> str:
        return translate(lang, f"burraco-{key}", **params)

    lines = [t("title", count=v.stock, pile=len(v.pile))]
    lines.append(t("pile", cards=_names(v.pile, lang, faces)))
    for side, size in enumerate(v.pozzetti):
        state = t("pozzetto-there") if size is not None else t("pozzetto-taken")
        lines.append(t("pozzetto", state=state, **side_ref(lang, side, names, v.seat)))
    for side, melds in enumerate(v.melds):
        lines.append(t("melds-of", **side_ref(lang, side, names, v.seat)))
        if not melds:
            lines.append("  " + t("no-melds"))
        for number, meld in enumerate(melds, 1):
            lines.append(f"  {number}. {meld_text(meld, lang, faces)}")
    sizes = ", ".join(f"{names[s]}: {n}" for s, n in enumerate(v.hand_sizes) if s != v.seat)
    lines.append(t("sizes", sizes=sizes))
    for number, known in enumerate(v.recall):
        if known and number != v.seat:
            lines.append(t("recall", name=names[number], cards=_names(known, lang, faces)))
    if v.seat is not None:
        lines.append(t("hand", count=len(v.hand)))
        lines += [f"  {n}. {card_name(lang, c, faces)}" for n, c in enumerate(v.hand, 1)]
    if v.taken is not None and v.to_move() is not None:
        lines.append(t("taken-single", card=card_name(lang, v.taken, faces, article=True)))
    if v.ending is not None:
        if v.ending.closer is not None:
            lines.append(t("ended-closed", **seat_ref(v.ending.closer, names, v.seat)))
        else:
            lines.append(t("ended-stock"))
    elif v.to_move() != v.seat:
        lines.append(t("waiting", name=names[v.player]))
    return "\n".join(lines)


def _pick_cards(v: BurracoView, prompt: Prompt, question: str) -> Counter[Card] | None:
    """Card numbers typed by the player (e.g. ``1 4 5``); None to go back."""
    while True:
        answer = prompt.ask(prompt.t(question, count=len(v.hand)))
        if not answer:
            return None
        words = answer.replace(",", " ").split()
        numbers = [n for n in map(ascii_number, words) if n is not None]
        if (
            len(numbers) == len(words)
            and len(set(numbers)) == len(numbers)
            and all(1 <= n <= len(v.hand) for n in numbers)
        ):
            return Counter(v.hand[n - 1] for n in numbers)
        prompt.say(prompt.t("burraco-bad-numbers", count=len(v.hand)))


def _choose_layout(moves: Sequence[NewMeld | Extend], prompt: Prompt) -> Move:
    labels = [meld_text(move.meld, prompt.lang, prompt.faces) for move in moves]
    return moves[prompt.pick(prompt.t("burraco-choose-layout"), labels)]


def _ask_new_meld(v: BurracoView, moves: list[NewMeld], prompt: Prompt) -> Move | None:
    while True:
        chosen = _pick_cards(v, prompt, "burraco-meld-cards")
        if chosen is None:
            return None
        fitting = [m for m in moves if Counter(m.meld.cards) == chosen]
        if fitting:
            return _choose_layout(fitting, prompt)
        prompt.say(prompt.t("burraco-no-such-meld"))


def _ask_extension(v: BurracoView, moves: list[Extend], prompt: Prompt) -> Move | None:
    assert v.seat is not None
    melds = v.melds[v.rules.side_of(v.seat)]
    indices = sorted({m.index for m in moves})
    labels = [f"{i + 1}. {meld_text(melds[i], prompt.lang, prompt.faces)}" for i in indices]
    index = indices[prompt.pick(prompt.t("burraco-which-meld"), labels)]
    while True:
        chosen = _pick_cards(v, prompt, "burraco-extend-cards")
        if chosen is None:
            return None
        base = Counter(melds[index].cards)
        fitting = [m for m in moves if m.index == index and Counter(m.meld.cards) - base == chosen]
        if fitting:
            return _choose_layout(fitting, prompt)
        prompt.say(prompt.t("burraco-no-such-extension"))


def ask_move(view: View[Any], prompt: Prompt) -> Move:
    """The viewer's next step: draw or take; then meld, add to a meld, or discard."""
    v = _burraco_view(view)
    legal = v.legal_moves()
    if not legal:
        raise EngineError(prompt.t("burraco-not-your-turn"))
    lang, faces = prompt.lang, prompt.faces
    if v.phase == "draw":
        labels = [
            prompt.t("burraco-draw")
            if isinstance(m, Draw)
            else prompt.t("burraco-take", cards=_names(v.pile, lang, faces))
            for m in legal
        ]
        return legal[prompt.pick(prompt.t("burraco-draw-or-take"), labels)]
    new = [m for m in legal if isinstance(m, NewMeld)]
    extensions = [m for m in legal if isinstance(m, Extend)]
    discards = [m for m in legal if isinstance(m, Discard)]
    while True:
        actions = [
            (key, group)
            for key, group in (("meld", new), ("extend", extensions), ("discard", discards))
            if group
        ]
        labels = [prompt.t(f"burraco-action-{key}") for key, _ in actions]
        key, _ = actions[prompt.pick(prompt.t("burraco-what-now"), labels)]
        move: Move | None
        if key == "meld":
            move = _ask_new_meld(v, new, prompt)
        elif key == "extend":
            move = _ask_extension(v, extensions, prompt)
        else:
            labels = [card_name(lang, m.card, faces) for m in discards]
            for card in sorted(set(v.hand) - {m.card for m in discards}, key=lambda c: c.key):
                prompt.say(
                    prompt.t(
                        "burraco-cannot-discard",
                        card=card_name(lang, card, faces, True),
                        why="taken" if card == v.taken else "close",
                    )
                )
            move = discards[prompt.pick(prompt.t("burraco-which-discard"), labels)]
        if move is not None:
            return move


def score_cells(name: str, values: list[int], score: HandScore) -> list[str]:
    """Every category in points, as they are."""
    return [str(v) for v in values]
