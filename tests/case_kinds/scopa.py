"""Scopa's rule test vectors through the public API: positions, moves, views, scores.

Each situation is set up as a position text (the documented format of
``circolo.games.scopa.position``): the cards a case names go where it says, every other
card fills the other hands, the stock and the piles, so the position is a legal one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from circolo.cards import deck40
from circolo.engine import HandState
from circolo.games.scopa import ScopaRules

ALL = [str(card) for card in deck40()]


def _run(cards: Sequence[str]) -> str:
    return "".join(cards) or "-"


def position(
    players: int,
    dealer: int,
    turn: str,
    hands: Sequence[Sequence[str]],
    table: Sequence[str] = (),
    piles: Sequence[Sequence[str]] = ((), ()),
    scope: Sequence[int] = (0, 0),
    stock: Sequence[str] = (),
) -> str:
    """A position text: ``dealer turn hands table piles scope last stock seed:deal history``."""
    return " ".join(
        [
            str(dealer),
            turn,
            "/".join(_run(h) for h in hands),
            _run(table),
            "/".join(_run(p) for p in piles),
            "/".join(map(str, scope)),
            "-",
            _run(stock),
            "0:0",
            "-",
        ]
    )


def _rest(*used: Sequence[str]) -> list[str]:
    taken = {card for cards in used for card in cards}
    return [card for card in ALL if card not in taken]


def _options(hand: HandState[Any], played: str) -> set[frozenset[str]]:
    """The captures the played card may make, from the move notation ("7D x AH 6H")."""
    options = set()
    for move in hand.legal_moves():
        card, _, taken = hand.move_text(move).partition(" x ")
        if card == played:
            options.add(frozenset(taken.split()))
    return options


def captures(input: dict[str, Any], expect: dict[str, Any]) -> None:
    """Seat 0 (the primo) holds the played card and one more; seat 1 holds one card."""
    played, table = input["played"], input["table"]
    rest = _rest([played], table)
    hands = [[played, rest.pop()], [rest.pop(), rest.pop()]]
    stock_size = max(n for n in range(0, 31, 6) if n <= len(rest))
    stock, pile = rest[:stock_size], rest[stock_size:]
    hand = ScopaRules().hand_from_position(
        position(2, 1, "0", hands, table, (pile, ()), stock=stock)
    )
    got = _options(hand, played)
    expected = {frozenset(option) for option in expect["options"]}
    if not expected:
        expected = {frozenset()}  # no capture: the only play of that card lays it
    assert got == expected


def scopa(input: dict[str, Any], expect: dict[str, Any]) -> None:
    """Hand sizes follow from the cards left in hands after the play: the players of this
    deal play in turn from the primo (seat 1, the dealer being seat 0)."""
    players, table, played = input["players"], input["table"], input["played"]
    captured = input["captured"]
    before = input["cards_in_hands_after"] + 1
    gone = 3 * players - before  # plays already made in this deal
    primo = 1
    mover = (primo + gone) % players
    rest = _rest(table, [played])
    hands: list[list[str]] = []
    for seat in range(players):
        offset = (seat - primo) % players
        size = 3 - len(range(offset, gone, players))
        cards = [played] if seat == mover else []
        while len(cards) < size:
            cards.append(rest.pop())
        hands.append(cards)
    stock = rest[: input["stock_after"]]
    pile = rest[input["stock_after"] :]
    hand = ScopaRules(players=players).hand_from_position(
        position(players, 0, str(mover), hands, table, (pile, ()), stock=stock)
    )
    side = mover % 2
    scope_before = hand.view(None).to_json()["scores"][side]
    hand.play(hand.to_move(), played + (" x " + " ".join(captured) if captured else ""))
    made = hand.view(None).to_json()["scores"][side] - scope_before
    assert made == (1 if expect["scopa"] else 0)


def score(input: dict[str, Any], expect: dict[str, Any]) -> None:
    players = input["players"]
    text = position(players, 0, "-", [[]] * players, piles=input["piles"], scope=input["scope"])
    result = ScopaRules(players=players).hand_from_position(text).score()
    points = [dict(b) | {"total": p} for b, p in zip(result.breakdown, result.points, strict=True)]
    assert points == expect["points"]
    details = result.details
    aux = {
        "cards": details["cards"],
        "denari": details["denari"],
        "primiera_over_held_suits": details["primiera"],
    }
    assert aux == expect["aux"]


def match_end(input: dict[str, Any], expect: dict[str, Any]) -> None:
    rules = ScopaRules(target=input["target"])
    totals = [b + h for b, h in zip(input["before"], input["hand"], strict=True)]
    outcome = rules.match_outcome(totals, hands_played=1)
    result = "continue" if outcome.status == "continue" else f"side{outcome.winner}"
    assert outcome.status in ("continue", "won")
    assert (result, totals) == (expect["result"], expect["totals"])


def redeal(input: dict[str, Any], expect: dict[str, Any]) -> None:
    """Stack the deck so a cut deals the case's four cards to the table, then cut."""
    rules = ScopaRules()
    table = input["table"]
    rest = _rest(table)
    probe = rules.hand_from_position(position(2, 0, "c1", [[], []], stock=ALL))
    cuts = probe.legal_moves()
    cut = cuts[len(cuts) // 2]
    n = int(probe.move_text(cut).split()[1])
    deck: list[str] = [""] * 40
    for i, card in enumerate(table):  # after the cut: 6 cards to the hands, then the table
        deck[(n + 6 + i) % 40] = card
    deck = [card or rest.pop() for card in deck]
    hand = rules.hand_from_position(position(2, 0, "c1", [[], []], stock=deck))
    hand.play(hand.to_move(), cut)
    view = hand.view(None).to_json()
    void = view["voided"] == 1
    assert void == (view["phase"] == "cut")
    if not void:
        assert sorted(view["table"]) == sorted(table)
    assert void == expect["void"]


KINDS: dict[str, Callable[[dict[str, Any], dict[str, Any]], None]] = {
    "captures": captures,
    "scopa": scopa,
    "score": score,
    "match_end": match_end,
    "redeal": redeal,
}
