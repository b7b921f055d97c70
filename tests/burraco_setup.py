"""Set up a Burraco position from only the cards that matter (for the tests).

``position_text`` takes the hands, melds, pile and whatever else a situation needs and
fills in the rest of the 108 cards, in deck order: first every pozzetto left unsaid
(11 cards each), then the rest goes to the bottom of the stock (the cards named for the
stock are its top, the first one drawn first) or, with ``rest="pile"``, under the discard
pile (for an exact stock). The result is an ordinary position for
``rules.hand_from_position``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from circolo.cards import Card, format_cards, parse_cards
from circolo.engine import NotationError
from circolo.games.burraco.hand import DECK, POZZETTO_SIZE, sort_key
from circolo.games.burraco.melds import Meld, read_cards
from circolo.games.burraco.position import MELD_SEPARATOR

Cards = str | Sequence[str] | Sequence[Card]


def _cards(cards: Cards) -> list[Card]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return [card if isinstance(card, Card) else Card.parse(card) for card in cards]


def laid_meld(cards: Cards, burraco: str | None = "any") -> Meld:
    """The meld these cards make in the order listed (a run low to high, a wild in the
    place it fills), as the rule vectors write them; ``burraco`` checks its kind."""
    listed = _cards(cards)
    meld = read_cards(listed)
    if meld is None or (burraco != "any" and meld.burraco != burraco):
        raise NotationError(f"{format_cards(listed)} is not a meld (burraco {burraco})")
    return meld


def position_text(
    players: int,
    *,
    hands: Sequence[Cards],
    melds: Sequence[Sequence[Meld | str]] = (),
    pozzetti: Sequence[Cards | None] = (),
    pile: Cards = "",
    stock: Cards | None = None,
    to_move: int = 0,
    phase: str = "draw",
    taken: str | None = None,
    ended: str | None = None,
    closer: int | None = None,
    rest: str = "stock",
) -> str:
    """A full position. A pozzetto is ``"taken"``, its cards, or None (filled in)."""
    sides = 2
    meld_lists = [list(side) for side in melds] + [[] for _ in range(sides - len(melds))]
    layouts = [[m if isinstance(m, Meld) else Meld.parse(m) for m in side] for side in meld_lists]
    hand_cards = [_cards(hand) for hand in hands]
    if len(hand_cards) != players:
        raise NotationError(f"one hand per player: {players} hands")
    wanted = list(pozzetti) + [None] * (sides - len(pozzetti))
    pozzetto_cards = [None if p is None or p == "taken" else _cards(p) for p in wanted]
    pile_cards = _cards(pile)
    stock_cards = None if stock is None else _cards(stock)

    left = Counter(DECK)
    used = [c for hand in hand_cards for c in hand] + pile_cards + (stock_cards or [])
    used += [c for side in layouts for m in side for c in m.cards]
    used += [c for p in pozzetto_cards if p for c in p]
    left.subtract(used)
    if any(n < 0 for n in left.values()):
        extra = [str(card) for card, n in left.items() if n < 0]
        raise NotationError(f"more copies than the deck holds: {', '.join(extra)}")
    filler = sorted(left.elements(), key=sort_key)
    for side, wish in enumerate(wanted):
        if wish is None:
            pozzetto_cards[side] = filler[:POZZETTO_SIZE]
            del filler[:POZZETTO_SIZE]
    if rest == "stock":
        stock_cards, filler = (stock_cards or []) + filler, []
    elif rest != "pile":
        raise NotationError("the rest of the cards goes to the stock or the pile")
    pile_cards = filler + pile_cards
    stock_cards = stock_cards or []

    head = [f"burraco players={players}", f"to_move={to_move}", f"phase={phase}"]
    head += [f"taken={taken}"] if taken else []
    head += [f"ended={ended}"] if ended else []
    head += [f"closer={closer}"] if closer is not None else []
    lines = [" ".join(head)]
    lines += [f"hand {seat}: {format_cards(hand)}" for seat, hand in enumerate(hand_cards)]
    lines += [
        f"melds {side}: {MELD_SEPARATOR.join(m.text() for m in ms)}"
        for side, ms in enumerate(layouts)
    ]
    for side, wish in enumerate(wanted):
        cards = pozzetto_cards[side]
        text = "taken" if wish == "taken" or cards is None else format_cards(cards)
        lines.append(f"pozzetto {side}: {text}")
    lines.append(f"pile: {format_cards(pile_cards)}")
    lines.append(f"stock: {format_cards(stock_cards)}")
    lines += [f"recall {seat}:" for seat in range(players)]
    return "\n".join(line.rstrip() for line in lines)
