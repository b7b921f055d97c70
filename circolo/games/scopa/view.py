"""What one seat may see of a Scopa hand, as a value, as JSON, and as sampled full states.

A seat sees its own hand, the table, every card played and captured so far (captures are
made face up, so the piles are public), the scope, the hand sizes and how many cards are
left to deal. It never sees another hand or the order of the stock; a spectator
(``seat=None``) sees no hand at all.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from circolo.engine import NotationError, Refusal, View, ViewCore
from circolo.games.scopa.deck import CARDS, TEXT, mask_of, parse_card, texts
from circolo.games.scopa.moves import (
    CUT_MOVES,
    captured_mask,
    move_text,
    moves_for,
    parse_move,
    played_card,
)
from circolo.games.scopa.position import read_position
from circolo.games.scopa.refusals import refusal
from circolo.games.scopa.scoring import hand_score
from circolo.games.scopa.state import ScopaHand

if TYPE_CHECKING:
    from circolo.games.scopa.rules import ScopaRules


PHASES = ("cut", "play", "over")


@dataclass(frozen=True)
class ScopaView(View[int]):
    """A seat's view. Card sets are masks (see ``deck``); ``to_json`` writes them as text."""

    rules: ScopaRules
    seat: int | None
    dealer: int
    turn: int | None
    cutting: bool
    hand: int  # the viewer's hand (0 for a spectator)
    hand_sizes: tuple[int, ...]
    table: int
    piles: tuple[int, int]
    scope: tuple[int, int]
    stock: int  # how many cards are left to deal
    last_capturer: int | None
    moves: tuple[tuple[int, int], ...]  # (seat, move): the public history of the hand
    voided: int  # how many deals of this hand were void

    @classmethod
    def of(cls, hand: ScopaHand, seat: int | None) -> ScopaView:
        return cls(
            rules=hand.rules,
            seat=seat,
            dealer=hand.dealer,
            turn=hand.turn,
            cutting=hand.cutting,
            hand=0 if seat is None else hand.hands[seat],
            hand_sizes=tuple(h.bit_count() for h in hand.hands),
            table=hand.table,
            piles=(hand.piles[0], hand.piles[1]),
            scope=(hand.scope[0], hand.scope[1]),
            stock=len(hand.deck) - hand.pos,
            last_capturer=hand.last_capturer,
            moves=tuple(hand.moves),
            voided=hand.deal_no,
        )

    def to_move(self) -> int | None:
        return self.turn

    @property
    def phase(self) -> str:
        return "over" if self.turn is None else "cut" if self.cutting else "play"

    def legal_moves(self) -> list[int]:
        if self.turn is None or self.turn != self.seat:
            return []
        if self.cutting:
            return list(CUT_MOVES)
        return moves_for(self.hand, self.table)

    def move_text(self, move: int) -> str:
        return move_text(move)

    def _parse_move(self, text: str) -> int:
        return parse_move(text)

    def refusal(self, move: int) -> Refusal:
        return refusal(self.cutting, self.hand, self.table, move)

    def move_label(self, move: int) -> dict[str, Any]:
        """A cut: ``{"kind": "cut", "cut": 17}``; a card: ``{"kind": "play", "card": "7D",
        "takes": ["AH", "6H"]}`` (``takes`` empty: the card is laid)."""
        if move < 0:
            return {"kind": "cut", "cut": -move}
        taken = texts(captured_mask(move))
        return {"kind": "play", "card": TEXT[played_card(move)], "takes": taken}

    def last_capture(self) -> tuple[int, int | None] | None:
        """(seat, move) of the last capture; the move is None if the history lacks it."""
        if self.last_capturer is None:
            return None
        for seat, move in reversed(self.moves):
            if move >= 0 and captured_mask(move):
                return seat, move
        return self.last_capturer, None

    def core(self) -> ViewCore:
        """Scopa's scores are the scope each side has made so far (the piles are beside)."""
        return ViewCore(
            phase=self.phase,
            hand=tuple(texts(self.hand)),
            hand_sizes=self.hand_sizes,
            stock=self.stock,
            scores=self.scope,
            history=tuple((seat, move_text(move)) for seat, move in self.moves),
        )

    def _game_json(self) -> dict[str, Any]:
        last = self.last_capture()
        data: dict[str, Any] = {
            "dealer": self.dealer,
            "table": texts(self.table),
            "piles": [texts(p) for p in self.piles],
            "pile_sizes": [p.bit_count() for p in self.piles],
            "last_capture": None
            if last is None
            else {"seat": last[0], "move": None if last[1] is None else move_text(last[1])},
            "voided": self.voided,
        }
        if self.turn is None:
            data["score"] = hand_score(self.piles, self.scope).to_json()
        return data

    @classmethod
    def from_json(cls, rules: ScopaRules, data: Mapping[str, Any], core: ViewCore) -> ScopaView:
        """Rebuild a view from ``to_json`` (``core`` already checked); ``NotationError``
        unless a real hand could show it."""
        to_move = data["to_move"]
        if core.phase not in PHASES or (core.phase == "over") != (to_move is None):
            raise NotationError(f"this view's phase {core.phase!r} does not fit its turn")
        dealer = data["dealer"]
        if type(dealer) is not int or not 0 <= dealer < rules.players:
            raise NotationError("this view's dealer is not a seat")
        voided = data["voided"]
        if type(voided) is not int or voided < 0:
            raise NotationError("this view's 'voided' is not a count")
        piles = data["piles"]
        if not isinstance(piles, list) or len(piles) != 2:
            raise NotationError("a view has two piles, one per side")
        last = data["last_capture"]
        view = cls(
            rules=rules,
            seat=data["seat"],
            dealer=dealer,
            turn=to_move,
            cutting=core.phase == "cut",
            hand=_mask(list(core.hand)),
            hand_sizes=core.hand_sizes,
            table=_mask(data["table"]),
            piles=(_mask(piles[0]), _mask(piles[1])),
            scope=(core.scores[0], core.scores[1]),
            stock=core.stock,
            last_capturer=None if last is None else _last_seat(last, rules.players),
            moves=tuple((seat, parse_move(text)) for seat, text in core.history),
            voided=voided,
        )
        view._check()
        return view

    def _check(self) -> None:
        """``NotationError`` unless the cards add up to the deck and a full state behind
        the view is a position that can happen (the position reader's checks, once)."""
        seen = (self.hand, self.table, *self.piles)
        union = self.hand | self.table | self.piles[0] | self.piles[1]
        if sum(mask.bit_count() for mask in seen) != union.bit_count():
            raise NotationError("a card is in two places in this view")
        hidden = sum(self.hand_sizes) + self.stock
        if self.seat is not None:
            hidden -= self.hand_sizes[self.seat]
        if union.bit_count() + hidden != CARDS:
            raise NotationError("the cards of this view do not add up to 40")
        if self.cutting != (self.turn is not None and not any(self.hand_sizes)):
            raise NotationError("the cut comes before any card is dealt")
        try:
            read_position(self.rules, self.sample(random.Random(0)).position())
        except NotationError as error:
            raise NotationError(f"no hand can show this view: {error.message}") from None

    def sample(self, rng: random.Random) -> ScopaHand:
        """A full state this seat cannot tell from the true one: the unseen cards (other
        hands and the stock) dealt at random, with a fresh seed."""
        seen = self.hand | self.table | self.piles[0] | self.piles[1]
        unseen = [c for c in range(CARDS) if not seen >> c & 1]
        rng.shuffle(unseen)
        hands = []
        for seat, size in enumerate(self.hand_sizes):
            if seat == self.seat:
                hands.append(self.hand)
            else:
                hands.append(mask_of(unseen[:size]))
                del unseen[:size]
        return ScopaHand.assemble(
            self.rules,
            seed=rng.getrandbits(63),
            deal_no=self.voided,
            dealer=self.dealer,
            stock=unseen,
            hands=hands,
            table=self.table,
            piles=list(self.piles),
            scope=list(self.scope),
            turn=self.turn,
            last_capturer=self.last_capturer,
            moves=list(self.moves),
        )


def _mask(cards: object) -> int:
    if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
        raise NotationError("a view's card list is a list of card codes")
    mask = mask_of(parse_card(card) for card in cards)
    if mask.bit_count() != len(cards):
        raise NotationError("a card is named twice in this view")
    return mask


def _last_seat(last: object, players: int) -> int:
    seat = last.get("seat") if isinstance(last, dict) else None
    if type(seat) is not int or not 0 <= seat < players:
        raise NotationError("this view's last capture names no seat")
    return seat
