"""What one seat may see of a Burraco hand, and full states sampled from it.

A seat sees its own hand, every meld (under its side), the whole discard pile, how many
cards are in the stock and in each hand, and whether each pozzetto is still on the table
(with its size). Never another hand, a pozzetto's cards or the stock's order. A spectator
(seat None) sees no hand at all.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from circolo.cards import Card, format_cards
from circolo.engine import NotationError, Seat, View
from circolo.games.burraco.codes import CODE_OF_CARD, counts_of
from circolo.games.burraco.hand import DECK, BurracoHand, Ending, cards_of, sort_key
from circolo.games.burraco.melds import Meld
from circolo.games.burraco.moves import Move
from circolo.games.burraco.notation import parse_card, parse_layout
from circolo.games.burraco.turn import Phase, Turn, legal_moves

if TYPE_CHECKING:
    from circolo.games.burraco.rules import BurracoRules

SAMPLE_TRIES = 100


@dataclass(frozen=True)
class BurracoView(View[Move]):
    rules: BurracoRules
    seat: Seat | None
    player: Seat  # the player to move, or the last to play once the hand is over
    phase: Phase
    hand: tuple[Card, ...]  # the viewer's own cards, sorted; () for a spectator
    hand_counts: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]  # per side
    pile: tuple[Card, ...]  # bottom to top
    stock: int
    pozzetti: tuple[int | None, ...]  # per side: its size, None once taken
    taken: Card | None
    ending: Ending | None

    def to_move(self) -> Seat | None:
        return None if self.ending else self.player

    def turn(self) -> Turn:
        assert self.seat is not None
        side = self.rules.side_of(self.seat)
        return Turn(
            phase=self.phase,
            counts=counts_of(self.hand),
            size=len(self.hand),
            melds=self.melds[side],
            pozzetto_taken=self.pozzetti[side] is None,
            taken=None if self.taken is None else CODE_OF_CARD[self.taken],
            stock=self.stock,
            pile=len(self.pile),
        )

    def legal_moves(self) -> list[Move]:
        if self.seat is None or self.seat != self.to_move():
            return []
        return legal_moves(self.turn())

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "burraco",
            "players": self.rules.players,
            "seat": self.seat,
            "to_move": self.to_move(),
            "player": self.player,
            "phase": self.phase,
            "hand": format_cards(self.hand),
            "hand_counts": list(self.hand_counts),
            "melds": [[meld.text() for meld in melds] for melds in self.melds],
            "pile": format_cards(self.pile),
            "stock": self.stock,
            "pozzetti": list(self.pozzetti),
            "taken": None if self.taken is None else str(self.taken),
            "ending": None
            if self.ending is None
            else {"reason": self.ending.reason, "closer": self.ending.closer},
        }

    def unseen(self) -> list[Card]:
        """The cards this seat cannot see, in deck order."""
        missing = Counter(DECK)
        missing.subtract(self.hand)
        missing.subtract(self.pile)
        for melds in self.melds:
            for meld in melds:
                missing.subtract(meld.cards)
        return sorted(missing.elements(), key=sort_key)

    def sample(self, rng: random.Random) -> BurracoHand:
        """Deal the unseen cards at random to the other hands, the pozzetti and the stock.

        A hand that could not have come about is dealt again: a player to move holding one
        card after the side's pozzetto must hold one that may close (the rules never leave
        a player without a move). Up to ``SAMPLE_TRIES`` deals; the last one is kept.
        """
        for _ in range(SAMPLE_TRIES):
            state = self._deal(rng)
            if state.is_over() or state.legal_moves():
                break
        return state

    def _deal(self, rng: random.Random) -> BurracoHand:
        cards = self.unseen()
        rng.shuffle(cards)
        free: dict[Card, list[int]] = {}
        for i in reversed(range(len(DECK))):
            free.setdefault(DECK[i], []).append(i)

        def take(some: list[Card]) -> list[int]:
            return [free[card].pop() for card in some]

        def deal(count: int) -> list[int]:
            dealt = cards[len(cards) - count :]
            del cards[len(cards) - count :]
            return take(dealt)

        melds = [[(meld, tuple(take(list(meld.cards)))) for meld in ms] for ms in self.melds]
        pile = take(list(self.pile))
        own = take(list(self.hand))
        hands = [own if seat == self.seat else deal(n) for seat, n in enumerate(self.hand_counts)]
        pozzetti = [None if size is None else deal(size) for size in self.pozzetti]
        stock = deal(self.stock)
        assert not cards, "the view's counts match the unseen cards"
        return BurracoHand(
            self.rules,
            hands=hands,
            melds=melds,
            pozzetti=pozzetti,
            pile=pile,
            stock=stock,
            seat=self.player,
            phase=self.phase,
            taken=self.taken,
            ending=self.ending,
        )


def view_of(state: BurracoHand, seat: Seat | None) -> BurracoView:
    rules = state.rules
    return BurracoView(
        rules=rules,
        seat=seat,
        player=state.seat,
        phase=state.phase,
        hand=() if seat is None else tuple(sorted(cards_of(state.hands[seat]), key=sort_key)),
        hand_counts=tuple(len(hand) for hand in state.hands),
        melds=tuple(state.side_melds(side) for side in range(rules.sides)),
        pile=cards_of(state.pile),
        stock=len(state.stock),
        pozzetti=tuple(None if p is None else len(p) for p in state.pozzetti),
        taken=state.taken,
        ending=state.ending,
    )


def _get(data: Mapping[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise NotationError(f"bad view: {key!r} is missing or not {kind.__name__}")
    return value


def _seat(value: object, players: int, what: str) -> Seat:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise NotationError(f"bad view: {what} must be a seat from 0 to {players - 1}")
    return value


def _cards(text: str, what: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_card(token) for token in text.split())
    except NotationError as error:
        raise NotationError(f"bad view: {what}: {error.message}") from None


def view_from_json(rules: BurracoRules, data: Mapping[str, Any]) -> BurracoView:
    """Rebuild a view from ``BurracoView.to_json()``; ``NotationError`` on bad data."""
    if data.get("game") != "burraco" or data.get("players") != rules.players:
        raise NotationError(f"bad view: not a burraco view for {rules.players} players")
    players, sides = rules.players, rules.sides
    seat = data.get("seat")
    if seat is not None:
        seat = _seat(seat, players, "seat")
    phase = data.get("phase")
    if phase not in ("draw", "play", "over"):
        raise NotationError("bad view: phase is draw, play or over")
    counts = _get(data, "hand_counts", list)
    melds = _get(data, "melds", list)
    pozzetti = _get(data, "pozzetti", list)
    if len(counts) != players or len(melds) != sides or len(pozzetti) != sides:
        raise NotationError("bad view: one hand count per seat, melds and pozzetti per side")
    if not all(isinstance(n, int) and n >= 0 for n in counts):
        raise NotationError("bad view: hand counts are whole numbers")
    if not all(p is None or (isinstance(p, int) and p >= 0) for p in pozzetti):
        raise NotationError("bad view: a pozzetto is its size or null once taken")
    if not all(isinstance(ms, list) and all(isinstance(m, str) for m in ms) for ms in melds):
        raise NotationError("bad view: melds are lists of layouts per side")
    taken = data.get("taken")
    ending_data = data.get("ending")
    ending = None
    if ending_data is not None:
        if not isinstance(ending_data, dict) or ending_data.get("reason") not in (
            "closed",
            "stock",
        ):
            raise NotationError("bad view: an ending has a reason, closed or stock")
        closer = ending_data.get("closer")
        if closer is not None:
            closer = _seat(closer, players, "closer")
        ending = Ending(ending_data["reason"], closer)
    stock = _get(data, "stock", int)
    return BurracoView(
        rules=rules,
        seat=seat,
        player=_seat(data.get("player"), players, "player"),
        phase=cast(Phase, phase),
        hand=tuple(sorted(_cards(_get(data, "hand", str), "hand"), key=sort_key)),
        hand_counts=tuple(counts),
        melds=tuple(tuple(parse_layout(m) for m in ms) for ms in melds),
        pile=_cards(_get(data, "pile", str), "pile"),
        stock=stock,
        pozzetti=tuple(pozzetti),
        taken=None if taken is None else _cards(str(taken), "taken")[0],
        ending=ending,
    )
