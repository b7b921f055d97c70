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

from circolo.engine import NotationError, View
from circolo.games.scopa.deck import TEXT, cards_of, mask_of, parse_card
from circolo.games.scopa.moves import CUT_MOVES, captured_mask, move_text, moves_for, parse_move
from circolo.games.scopa.scoring import hand_score
from circolo.games.scopa.state import ScopaHand, shuffled_deck

if TYPE_CHECKING:
    from circolo.games.scopa.rules import ScopaRules


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
    history: tuple[tuple[int, int], ...]
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
            history=tuple(hand.history),
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

    def last_capture(self) -> tuple[int, int | None] | None:
        """(seat, move) of the last capture; the move is None if the history lacks it."""
        if self.last_capturer is None:
            return None
        for seat, move in reversed(self.history):
            if move >= 0 and captured_mask(move):
                return seat, move
        return self.last_capturer, None

    def to_json(self) -> dict[str, Any]:
        last = self.last_capture()
        data: dict[str, Any] = {
            "game": "scopa",
            "players": self.rules.players,
            "seat": self.seat,
            "dealer": self.dealer,
            "to_move": self.turn,
            "phase": self.phase,
            "hand": None if self.seat is None else _texts(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "table": _texts(self.table),
            "piles": [_texts(p) for p in self.piles],
            "pile_sizes": [p.bit_count() for p in self.piles],
            "scope": list(self.scope),
            "stock": self.stock,
            "last_capture": None
            if last is None
            else {"seat": last[0], "move": None if last[1] is None else move_text(last[1])},
            "history": [{"seat": seat, "move": move_text(move)} for seat, move in self.history],
            "voided": self.voided,
        }
        if self.turn is None:
            data["score"] = hand_score(self.piles, self.scope).to_json()
        return data

    @classmethod
    def from_json(cls, rules: ScopaRules, data: Mapping[str, Any]) -> ScopaView:
        """Rebuild a view from ``to_json``; ``NotationError`` on malformed data."""
        try:
            if data["game"] != "scopa" or data["players"] != rules.players:
                raise NotationError("this view is not of a Scopa hand with these rules")
            seat = data["seat"]
            phase = data["phase"]
            piles = [_mask(p) for p in data["piles"]]
            scope = [int(s) for s in data["scope"]]
            last = data["last_capture"]
            view = cls(
                rules=rules,
                seat=None if seat is None else int(seat),
                dealer=int(data["dealer"]),
                turn=None if data["to_move"] is None else int(data["to_move"]),
                cutting=phase == "cut",
                hand=0 if data["hand"] is None else _mask(data["hand"]),
                hand_sizes=tuple(int(n) for n in data["hand_sizes"]),
                table=_mask(data["table"]),
                piles=(piles[0], piles[1]),
                scope=(scope[0], scope[1]),
                stock=int(data["stock"]),
                last_capturer=None if last is None else int(last["seat"]),
                history=tuple(
                    (int(item["seat"]), parse_move(item["move"])) for item in data["history"]
                ),
                voided=int(data["voided"]),
            )
        except (KeyError, TypeError, ValueError, IndexError) as error:
            if isinstance(error, NotationError):
                raise
            raise NotationError(f"malformed Scopa view: {error!r}") from None
        view.check()
        return view

    def check(self) -> None:
        """``NotationError`` unless the cards add up: a view a real hand could show."""
        seen = (self.hand, self.table, *self.piles)
        union = self.hand | self.table | self.piles[0] | self.piles[1]
        if sum(mask.bit_count() for mask in seen) != union.bit_count():
            raise NotationError("a card is in two places in this view")
        if len(self.hand_sizes) != self.rules.players or min(self.hand_sizes) < 0:
            raise NotationError("one hand size per seat")
        if self.seat is not None and self.hand.bit_count() != self.hand_sizes[self.seat]:
            raise NotationError("the seat's hand does not match its hand size")
        hidden = sum(self.hand_sizes) + self.stock
        if self.seat is not None:
            hidden -= self.hand_sizes[self.seat]
        if union.bit_count() + hidden != 40:
            raise NotationError("the cards of this view do not add up to 40")

    def sample(self, rng: random.Random) -> ScopaHand:
        """A full state this seat cannot tell from the true one: the unseen cards (other
        hands and the stock) dealt at random, with a fresh seed."""
        seed = rng.getrandbits(63)
        players = self.rules.players
        if self.cutting:
            stock = shuffled_deck(seed, self.voided)
            hands = [0] * players
        else:
            seen = self.hand | self.table | self.piles[0] | self.piles[1]
            unseen = [c for c in range(40) if not seen >> c & 1]
            rng.shuffle(unseen)
            hands = []
            for seat, size in enumerate(self.hand_sizes):
                if seat == self.seat:
                    hands.append(self.hand)
                else:
                    hands.append(mask_of(unseen[:size]))
                    del unseen[:size]
            stock = unseen
        return ScopaHand.assemble(
            self.rules,
            seed=seed,
            deal_no=self.voided,
            dealer=self.dealer,
            stock=stock,
            hands=hands,
            table=self.table,
            piles=list(self.piles),
            scope=list(self.scope),
            turn=self.turn,
            last_capturer=self.last_capturer,
            history=list(self.history),
        )


def _texts(mask: int) -> list[str]:
    return [TEXT[c] for c in cards_of(mask)]


def _mask(texts: Any) -> int:
    if not isinstance(texts, list):
        raise NotationError(f"a card list is a JSON list, not {texts!r}")
    return mask_of(parse_card(str(t)) for t in texts)
