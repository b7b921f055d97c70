"""What one seat may see of a Burraco hand, and full states sampled from it.

A seat sees its own hand, every meld (under its side), the whole discard pile, how many
cards are in the stock and in each hand, whether each pozzetto is still on the table
(with its size), the history of the hand, and its public recall: the pile cards each
seat took and has not melded or discarded since (everyone saw them go into that hand).
Never another card of another hand, a pozzetto's cards or the stock's order. A spectator
(seat None) sees no hand of its own.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from circolo.cards import Card
from circolo.engine import NotationError, Refusal, Seat, View, ViewCore
from circolo.games.burraco.codes import CARD_OF_CODE, CODE_OF_CARD, counts_of
from circolo.games.burraco.hand import DECK, BurracoHand, Ending, cards_of, sort_key
from circolo.games.burraco.melds import Meld
from circolo.games.burraco.moves import Discard, Draw, Move, NewMeld, Take
from circolo.games.burraco.notation import move_text, parse_card, parse_layout, parse_move
from circolo.games.burraco.refusals import refusal
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
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]  # per side
    pile: tuple[Card, ...]  # bottom to top
    stock: int
    pozzetti: tuple[int | None, ...]  # per side: its size, None once taken
    taken: Card | None
    ending: Ending | None
    recall: tuple[tuple[Card, ...], ...]  # per seat: pile cards known to be in its hand
    history: tuple[tuple[Seat, str], ...]

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

    def refusal(self, move: Move) -> Refusal:
        return refusal(self.turn(), move)

    def move_text(self, move: Move) -> str:
        return move_text(move)

    def _parse_move(self, text: str) -> Move:
        return parse_move(text)

    def move_label(self, move: Move) -> dict[str, Any]:
        """``draw``, ``take``; ``discard`` with its ``card``; ``meld`` and ``extend`` with
        the hand ``cards`` they lay and the whole resulting ``layout`` (a wild as
        ``2S=AH``), an extension with its ``meld``: the index among the side's melds."""
        if isinstance(move, Draw | Take):
            return {"kind": "draw" if isinstance(move, Draw) else "take"}
        if isinstance(move, Discard):
            return {"kind": "discard", "card": str(move.card)}
        layout = [slot.text() for slot in move.meld.slots]
        if isinstance(move, NewMeld):
            return {"kind": "meld", "cards": [str(c) for c in move.meld.cards], "layout": layout}
        assert self.seat is not None
        laid = Counter(self.melds[self.rules.side_of(self.seat)][move.index].cards)
        added = []
        for card in move.meld.cards:
            if laid[card]:
                laid[card] -= 1
            else:
                added.append(str(card))
        return {"kind": "extend", "meld": move.index, "cards": added, "layout": layout}

    def core(self) -> ViewCore:
        """Scores: each side's melded points so far (bonuses are counted at the end)."""
        return ViewCore(
            phase=self.phase,
            hand=tuple(str(card) for card in self.hand),
            hand_sizes=self.hand_sizes,
            stock=self.stock,
            scores=tuple(sum(meld.points for meld in melds) for melds in self.melds),
            history=self.history,
        )

    def _game_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "melds": [[meld.text() for meld in melds] for melds in self.melds],
            "pile": [str(card) for card in self.pile],
            "pozzetti": list(self.pozzetti),
            "taken": None if self.taken is None else str(self.taken),
            "ending": None
            if self.ending is None
            else {"reason": self.ending.reason, "closer": self.ending.closer},
            "recall": [[str(card) for card in known] for known in self.recall],
        }

    def unseen(self) -> list[Card]:
        """The cards this seat cannot see, in deck order."""
        missing = Counter(DECK)
        missing.subtract(self.hand)
        missing.subtract(self.pile)
        for seat, known in enumerate(self.recall):
            if seat != self.seat:
                missing.subtract(known)
        for melds in self.melds:
            for meld in melds:
                missing.subtract(meld.cards)
        return sorted(missing.elements(), key=sort_key)

    def sample(self, rng: random.Random) -> BurracoHand:
        """Deal the unseen cards at random to the other hands (beside the cards each one is
        known to hold), the pozzetti and the stock.

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
        hands = [
            own if seat == self.seat else take(list(known)) + deal(n - len(known))
            for seat, (n, known) in enumerate(zip(self.hand_sizes, self.recall, strict=True))
        ]
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
            recall=[[CODE_OF_CARD[card] for card in known] for known in self.recall],
            past=self.history,
        )


def view_of(state: BurracoHand, seat: Seat | None) -> BurracoView:
    rules = state.rules
    return BurracoView(
        rules=rules,
        seat=seat,
        player=state.seat,
        phase=state.phase,
        hand=() if seat is None else tuple(sorted(cards_of(state.hands[seat]), key=sort_key)),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        melds=tuple(state.side_melds(side) for side in range(rules.sides)),
        pile=cards_of(state.pile),
        stock=len(state.stock),
        pozzetti=tuple(None if p is None else len(p) for p in state.pozzetti),
        taken=state.taken,
        ending=state.ending,
        recall=tuple(tuple(CARD_OF_CODE[c] for c in sorted(known)) for known in state.recall),
        history=tuple(state.history()),
    )


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise NotationError(f"bad view: {what}")


def _cards(value: object, what: str) -> tuple[Card, ...]:
    _check(isinstance(value, list) and all(isinstance(v, str) for v in value), what)
    assert isinstance(value, list)
    try:
        return tuple(parse_card(token) for token in value)
    except NotationError as error:
        raise NotationError(f"bad view: {what}: {error.message}") from None


def _seat(value: object, players: int, what: str) -> Seat:
    _check(type(value) is int and 0 <= value < players, f"{what} is not a seat")
    return cast(Seat, value)


def _ending(data: object, players: int) -> Ending | None:
    if data is None:
        return None
    _check(isinstance(data, dict) and data.get("reason") in ("closed", "stock"), "ending")
    assert isinstance(data, dict)
    closer = data.get("closer")
    _check((closer is None) == (data["reason"] == "stock"), "ending")
    return Ending(data["reason"], None if closer is None else _seat(closer, players, "closer"))


def view_from_json(rules: BurracoRules, data: Mapping[str, Any], core: ViewCore) -> BurracoView:
    """Rebuild a view from ``BurracoView.to_json()``: ``NotationError`` on every value that
    does not fit the rest (so that ``sample`` never fails on an accepted view)."""
    players, sides, seat = rules.players, rules.sides, data["seat"]
    _check(core.phase in ("draw", "play", "over"), "phase is draw, play or over")
    player = _seat(data.get("player"), players, "player")
    ending = _ending(data.get("ending"), players)
    _check((ending is None) == (core.phase != "over"), "only a finished hand has an ending")
    _check(data["to_move"] == (None if ending else player), "to_move is not the player")
    melds_data = data.get("melds")
    _check(isinstance(melds_data, list) and len(melds_data) == sides, "melds per side")
    assert isinstance(melds_data, list)
    for side_melds in melds_data:
        _check(isinstance(side_melds, list), "melds per side")
        _check(all(isinstance(m, str) for m in side_melds), "a meld is its layout")
    melds = tuple(tuple(parse_layout(m) for m in side) for side in melds_data)
    _check(
        core.scores == tuple(sum(m.points for m in side) for side in melds),
        "scores are the sides' melded points",
    )
    pozzetti = data.get("pozzetti")
    _check(
        isinstance(pozzetti, list)
        and len(pozzetti) == sides
        and all(p is None or (type(p) is int and p >= 0) for p in pozzetti),
        "a pozzetto is its size, or null once taken",
    )
    assert isinstance(pozzetti, list)
    taken = data.get("taken")
    _check(taken is None or (isinstance(taken, str) and core.phase == "play"), "taken")
    hand = tuple(sorted(_cards(list(core.hand), "hand"), key=sort_key))
    pile = _cards(data.get("pile"), "pile")
    recall_data = data.get("recall")
    _check(isinstance(recall_data, list) and len(recall_data) == players, "recall per seat")
    assert isinstance(recall_data, list)
    recall = tuple(  # in code order, as views write it
        tuple(sorted(_cards(known, "recall"), key=CODE_OF_CARD.__getitem__))
        for known in recall_data
    )
    for s, known in enumerate(recall):
        _check(len(known) <= core.hand_sizes[s], f"seat {s} recalls more cards than it holds")
    if seat is not None:
        _check(not Counter(recall[seat]) - Counter(hand), "the seat's recall is not in its hand")
    seen = Counter(hand) + Counter(pile)
    seen.update(card for side in melds for meld in side for card in meld.cards)
    seen.update(card for s, known in enumerate(recall) if s != seat for card in known)
    _check(not seen - Counter(DECK), "more copies of a card than the deck holds")
    hidden = sum(n - len(recall[s]) for s, n in enumerate(core.hand_sizes) if s != seat)
    hidden += sum(p for p in pozzetti if p is not None) + core.stock
    _check(sum(seen.values()) + hidden == len(DECK), "the counts do not add up to 108 cards")
    return BurracoView(
        rules=rules,
        seat=seat,
        player=player,
        phase=cast(Phase, core.phase),
        hand=hand,
        hand_sizes=core.hand_sizes,
        melds=melds,
        pile=pile,
        stock=core.stock,
        pozzetti=tuple(pozzetti),
        taken=None if taken is None else _cards([taken], "taken")[0],
        ending=ending,
        recall=recall,
        history=core.history,
    )
