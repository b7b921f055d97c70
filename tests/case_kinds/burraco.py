"""Burraco rule vectors through the public API: positions set up with the documented
builder (``tests.burraco_setup``) and read by ``rules.hand_from_position``.

The hand engine answers score, discard, go_out and stock_end; the meld kinds (meld,
extend, points, open) come from ``burraco_melds``.
"""

from __future__ import annotations

from typing import Any

from circolo.cards import Card
from circolo.engine import IllegalMoveError
from circolo.games.burraco import BurracoRules
from circolo.games.burraco.hand import BurracoHand
from tests.burraco_setup import laid_meld, position_text

try:
    from tests.case_kinds.burraco_melds import KINDS as MELD_KINDS
except ModuleNotFoundError as error:  # until the meld kinds land
    if error.name != "tests.case_kinds.burraco_melds":
        raise
    MELD_KINDS = {}

Input = dict[str, Any]


def _rules(players: int) -> BurracoRules:
    return BurracoRules(players=players)


def check_score(data: Input, expect: Input) -> None:
    """Scoring: each side's hand score and its new total, from a finished hand."""
    sides = data["sides"]
    members = len(sides[0]["hands"])
    players = 2 * members
    hands: list[list[str]] = [[] for _ in range(players)]
    for side, info in enumerate(sides):
        for member, cards in enumerate(info["hands"]):
            hands[side + 2 * member] = cards
    closers = [side for side, info in enumerate(sides) if info["closed"]]
    text = position_text(
        players,
        hands=hands,
        melds=[[laid_meld(m["cards"], m["burraco"]) for m in info["melds"]] for info in sides],
        pozzetti=[None if not info["pozzetto_taken"] else "taken" for info in sides],
        stock="",
        rest="pile",
        to_move=closers[0] if closers else 0,
        phase="over",
        ended="closed" if closers else "stock",
        closer=closers[0] if closers else None,
    )
    hand = _rules(players).hand_from_position(text)
    score = hand.score()
    assert [sum(b.values()) for b in score.breakdown] == list(score.points)
    assert list(score.points) == expect["hand_score"]
    totals = [info["previous"] + points for info, points in zip(sides, score.points, strict=True)]
    assert totals == expect["total"]


def _playing(hand_cards: list[str], **position: Any) -> BurracoHand:
    text = position_text(2, hands=[hand_cards, []], phase="play", **position)
    return _rules(2).hand_from_position(text)


def check_discard(data: Input, expect: Input) -> None:
    """The discard rule: a single card taken from the pile stays unless it has a twin."""
    single = data["drew_from"] == "discard_pile" and len(data["taken"]) == 1
    hand = _playing(data["hand"], taken=data["taken"][0] if single else None)
    try:
        hand.play(hand.seat, f"discard {data['discard']}")
        allowed = True
    except IllegalMoveError:
        allowed = False
    assert allowed == expect["allowed"]


def _run_away_from(card: Card, burraco: bool) -> tuple[str, str]:
    """A run of the side in a suit unlike ``card``'s (7 cards if ``burraco``), and the
    card that extends it."""
    suit = "D" if str(card).endswith("S") else "S"
    ranks = "6789TJQK" if burraco else "6789"
    cards = [f"{rank}{suit}" for rank in ranks]
    return " ".join(cards[:-1]), cards[-1]


def check_go_out(data: Input, expect: Input) -> None:
    """Running out of cards: pozzetto con scarto / in diretta, a close, or illegal.

    By discard: the player holds the last card and one more that extends the side's run;
    extending leaves the last card alone (refused if it could not then be discarded), and
    the discard runs out. By meld: the player melds the last three cards."""
    pozzetto = ["taken" if data["pozzetto_taken"] else None]
    if data["runs_out_by"] == "discard":
        last = data["last_card"]
        run, extra = _run_away_from(Card.parse(last), data["has_burraco"])
        hand = _playing([extra, last], melds=[[run]], pozzetti=pozzetto)
        moves = [f"extend 1 {run} {extra}", f"discard {last}"]
    else:
        cards = data.get("last_cards") or ["3H", "4H", "5H"]
        melds = [_run_away_from(Card.parse(cards[0]), True)] if data["has_burraco"] else []
        hand = _playing(cards, melds=[[" ".join(m) for m in melds]], pozzetti=pozzetto)
        moves = ["meld " + " ".join(cards)]
    try:
        for move in moves:
            hand.play(hand.seat, move)
    except IllegalMoveError:
        outcome = "illegal"
    else:
        if hand.is_over():
            outcome = "close" if hand.score().details["closer"] == 0 else "ended"
        elif hand.to_move() == 0:
            outcome = "pozzetto_in_diretta" if len(hand.view(0).hand) == 11 else "went on"
        else:
            outcome = "pozzetto_con_scarto" if hand.view(1).hand_sizes[0] == 11 else "?"
    assert outcome == expect["outcome"]


STOCK_CARDS = ["9C", "9D", "9S", "8C", "8D", "8S", "7C", "7D", "7S", "TC", "TD", "TS"]


def check_stock_end(data: Input, expect: Input) -> None:
    """The hand ends when only two cards are left in the stock, at that player's discard."""
    size = data["stock_before_turn"]
    text = position_text(
        2,
        hands=["5H 6H KD KS", "AH AD AC"],
        stock=STOCK_CARDS[:size],
        pile="QC",
        phase="draw",
        rest="pile",
    )
    hand = _rules(2).hand_from_position(text)
    hand.play(hand.seat, "draw" if data["drew_from"] == "stock" else "take")
    discard = next(m for m in hand.legal_moves() if hand.move_text(m).startswith("discard"))
    hand.play(hand.seat, discard)
    assert hand.is_over() == expect["hand_ends_after_this_turn"]


KINDS = {
    **MELD_KINDS,
    "score": check_score,
    "discard": check_discard,
    "go_out": check_go_out,
    "stock_end": check_stock_end,
}
