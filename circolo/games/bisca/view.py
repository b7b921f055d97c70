"""What one seat of a Bisca hand may see, as JSON, and states sampled consistently with it.

Public at the table: the trump and how it was chosen, the open card (and who took it:
in an exchange, or as the stock's last card), a turned A or 7 (it went back into the
stock), every card played and who played it, the trick in progress, the size of each
hand, of the stock and of each team's pile, card points taken (derivable from the
played cards) and relo. Private: the seat's own hand. Never: another hand or the stock
order, except the open card, which everyone saw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from circolo.engine import NotationError, Refusal, Seat, View, ViewCore
from circolo.games.bisca.deck import (
    DECK_SIZE,
    HEARTS,
    SEVEN,
    card_names,
    card_text,
    parse_card,
    parse_suit,
    suit_text,
    trump_card,
)
from circolo.games.bisca.moves import WORDS, Move, is_card, move_text, parse_move
from circolo.games.bisca.position import read_position
from circolo.games.bisca.refusals import refusal
from circolo.games.bisca.state import (
    CHOOSE,
    HAND_SIZE,
    PHASES,
    PLAY,
    BiscaHand,
    decision_moves,
    move_history,
)
from circolo.games.bisca.tricks import legal_cards, trick_winner

if TYPE_CHECKING:
    from circolo.games.bisca.rules import BiscaRules

FinishedTrick = tuple[Seat, tuple[int, ...]]


@dataclass(frozen=True)
class BiscaView(View[Move]):
    """A seat's view (``seat=None``: a spectator, who sees no hand). Cards are codes."""

    rules: BiscaRules
    seat: Seat | None
    dealer: Seat
    phase: str
    turn: Seat | None
    trump: int
    """-1 until the trump is chosen."""
    choice: Move | None
    open_card: int | None
    drawer: Seat | None
    """Who drew the open card as the stock's last card."""
    turned: int | None
    """A turned A or 7, gone back into the stock."""
    exchanged: tuple[Seat, int] | None
    """Who exchanged the trump 2, and the open card they took."""
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    leader: Seat
    trick: tuple[int, ...]
    tricks: tuple[FinishedTrick, ...]
    card_points: tuple[int, ...]
    piles: tuple[int, ...]
    relo: tuple[int, ...]
    seven_opening: tuple[int, ...]

    def to_move(self) -> Seat | None:
        return self.turn

    @property
    def seven_out(self) -> bool:
        """The trump 7 has been played (in an earlier trick or in this one)."""
        seven = trump_card(self.trump, SEVEN)
        return seven in self.trick or any(seven in cards for _, cards in self.tricks)

    @property
    def final_trick(self) -> bool:
        return len(self.tricks) == DECK_SIZE // self.rules.players - 1

    def legal_moves(self) -> list[Move]:
        if self.seat is None or self.turn != self.seat:
            return []
        if self.phase != PLAY:
            return decision_moves(self.phase, self.trump, self.hand)
        return legal_cards(
            self.hand,
            len(self.trick),
            self.rules.players,
            self.trump,
            self.seven_out,
            self.final_trick,
        )

    def refusal(self, move: Move) -> Refusal:
        return refusal(
            self.phase,
            self.hand,
            self.trump,
            len(self.trick),
            self.rules.players,
            self.seven_out,
            move,
        )

    def move_text(self, move: Move) -> str:
        return move_text(move)

    def _parse_move(self, text: str) -> Move:
        return parse_move(text)

    def move_label(self, move: Move) -> dict[str, Any]:
        """A card: ``{"kind": "card", "card": "7D"}``; a decision: its word as the kind
        (``copas``, ``sorteio``, ``exchange``, ``pass``)."""
        if is_card(move):
            return {"kind": "card", "card": card_text(move)}
        return {"kind": WORDS[move]}

    def history(self) -> list[tuple[Seat, str]]:
        """Every move of the hand so far, as the table saw it."""
        return move_history(
            self.rules.players,
            self.dealer,
            self.phase,
            self.turn,
            self.trump,
            self.choice,
            self.open_card,
            self.exchanged,
            self.tricks,
            self.leader,
            self.trick,
        )

    def played(self) -> set[int]:
        return set(self.trick).union(*(cards for _, cards in self.tricks))

    def known_in_hands(self) -> dict[Seat, list[int]]:
        """Cards everyone saw go into a hand and not yet played: the card taken in the
        trump-2 exchange, and the open card drawn last."""
        played = self.played()
        known: dict[Seat, list[int]] = {}
        if self.exchanged is not None and self.exchanged[1] not in played:
            known.setdefault(self.exchanged[0], []).append(self.exchanged[1])
        if self.drawer is not None and self.open_card is not None and self.open_card not in played:
            known.setdefault(self.drawer, []).append(self.open_card)
        return known

    # -- JSON ------------------------------------------------------------------------

    def core(self) -> ViewCore:
        """``scores`` are the card points of each team's tricks: every card played is
        public, so anyone at the table can count them."""
        return ViewCore(
            phase=self.phase,
            hand=tuple(card_names(self.hand)),
            hand_sizes=self.hand_sizes,
            stock=self.stock_size,
            scores=self.card_points,
            history=tuple(self.history()),
        )

    def _game_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "dealer": self.dealer,
            "choice": None if self.choice is None else move_text(self.choice),
            "trump": None if self.trump < 0 else suit_text(self.trump),
            "copas": self.trump == HEARTS,
            "open_card": _text(self.open_card),
            "open_card_drawn_by": self.drawer,
            "turned_back": _text(self.turned),
            "exchange": None
            if self.exchanged is None
            else {"seat": self.exchanged[0], "took": card_text(self.exchanged[1])},
            "trick": {"leader": self.leader, "cards": card_names(self.trick)},
            "tricks": [
                {
                    "leader": leader,
                    "cards": card_names(cards),
                    "winner": (leader + trick_winner(cards, self.trump)) % self.rules.players,
                }
                for leader, cards in self.tricks
            ],
            "piles": list(self.piles),
            "relo": list(self.relo),
        }
        if self.rules.seven_opening:
            data["seven_opening"] = list(self.seven_opening)
        return data

    # -- determinization ---------------------------------------------------------------

    def sample(self, rng: random.Random) -> BiscaHand:
        """A full state that shows this very view, the unseen cards dealt at random.

        Publicly known cards stay where everyone saw them go (the open card at the bottom
        of the stock or in its drawer's hand, the card taken in an exchange). A turned
        A or 7 went back into the stock after the deal, so it is placed in the stock or in
        another hand in proportion to the cards that hand has drawn since.
        """
        players = self.rules.players
        if self.phase == CHOOSE:
            deck = list(range(DECK_SIZE))
            rng.shuffle(deck)
            slot = rng.randrange(DECK_SIZE - HAND_SIZE * players)
            return BiscaHand(self.rules, self.dealer, deck, slot)
        hands: list[list[int]] = [[] for _ in range(players)]
        if self.seat is not None:
            hands[self.seat] = list(self.hand)
        for seat, cards in self.known_in_hands().items():
            if seat != self.seat:
                hands[seat].extend(cards)
        lying_open = self.open_card if self.drawer is None else None
        seen = self.played() | {c for hand in hands for c in hand}
        if lying_open is not None:
            seen.add(lying_open)
        unseen = [card for card in range(DECK_SIZE) if card not in seen]
        rng.shuffle(unseen)
        stock_free = self.stock_size - (lying_open is not None)
        if self.turned is not None and self.turned in unseen:
            unseen.remove(self.turned)
            self._place_turned(self.turned, hands, stock_free, rng, unseen)
        for seat in range(players):
            missing = self.hand_sizes[seat] - len(hands[seat])
            hands[seat].extend(unseen[:missing])
            del unseen[:missing]
        stock = ([lying_open] if lying_open is not None else []) + unseen
        return BiscaHand.restore(
            self.rules,
            dealer=self.dealer,
            phase=self.phase,
            turn=self.turn,
            trump=self.trump,
            choice=self.choice,
            open_card=self.open_card,
            turned=self.turned,
            exchanged=self.exchanged,
            drawer=self.drawer,
            slot=None,
            hands=hands,
            stock=stock,
            history=self.tricks,
            leader=self.leader,
            trick=self.trick,
        )

    def _place_turned(
        self,
        turned: int,
        hands: list[list[int]],
        stock_free: int,
        rng: random.Random,
        unseen: list[int],
    ) -> None:
        """Put the turned A/7 in a hand that drew cards since the deal, or in the stock."""
        players = self.rules.players
        draws = min(len(self.tricks), (DECK_SIZE - HAND_SIZE * players) // players)
        weights = [
            0 if seat == self.seat else min(draws, self.hand_sizes[seat] - len(hands[seat]))
            for seat in range(players)
        ]
        where = rng.choices(range(players + 1), weights=[*weights, stock_free])[0]
        if where < players:
            hands[where].append(turned)
        else:  # the stock is the tail of ``unseen``, after the hands are filled
            unseen.insert(len(unseen) + 1 - stock_free + rng.randrange(stock_free), turned)


def view_of(hand: BiscaHand, seat: Seat | None) -> BiscaView:
    """What ``seat`` of ``hand`` sees (None: a spectator, who sees no hand)."""
    return BiscaView(
        rules=hand.rules,
        seat=seat,
        dealer=hand._dealer,
        phase=hand._phase,
        turn=hand._turn,
        trump=hand._trump,
        choice=hand._choice,
        open_card=hand._open,
        drawer=hand._drawer,
        turned=hand._turned,
        exchanged=hand._exchanged,
        hand=() if seat is None else tuple(hand._hands[seat]),
        hand_sizes=tuple(len(cards) for cards in hand._hands),
        stock_size=len(hand._stock),
        leader=hand._leader,
        trick=tuple(hand._trick),
        tricks=tuple((leader, tuple(cards)) for leader, cards in hand._tricks),
        card_points=tuple(hand._points),
        piles=tuple(hand._piles),
        relo=tuple(hand._relo),
        seven_opening=tuple(hand._opening),
    )


def read_view(rules: BiscaRules, data: Mapping[str, Any], core: ViewCore) -> BiscaView:
    """A view from its JSON, accepted only when it is exactly the view of a hand: a state
    sampled from it must be a valid position that shows this very view again."""
    if core.phase not in PHASES:
        raise NotationError(f"unknown phase {core.phase!r}")
    exchange = data["exchange"]
    trick = data["trick"]
    view = BiscaView(
        rules=rules,
        seat=data["seat"],
        dealer=_seat(data["dealer"], rules),
        phase=core.phase,
        turn=data["to_move"],
        trump=-1 if data["trump"] is None else parse_suit(data["trump"]),
        choice=None if data["choice"] is None else parse_move(data["choice"]),
        open_card=_card(data["open_card"]),
        drawer=_optional_seat(data["open_card_drawn_by"], rules),
        turned=_card(data["turned_back"]),
        exchanged=None
        if exchange is None
        else (_seat(exchange["seat"], rules), parse_card(exchange["took"])),
        hand=tuple(parse_card(c) for c in core.hand),
        hand_sizes=core.hand_sizes,
        stock_size=core.stock,
        leader=_seat(trick["leader"], rules),
        trick=tuple(parse_card(c) for c in trick["cards"]),
        tricks=tuple(
            (_seat(t["leader"], rules), tuple(parse_card(c) for c in t["cards"]))
            for t in data["tricks"]
        ),
        card_points=_pair(core.scores),
        piles=_pair(data["piles"]),
        relo=_pair(data["relo"]),
        seven_opening=_pair(data["seven_opening"]) if rules.seven_opening else (0, 0),
    )
    sample = view.sample(random.Random(0))
    read_position(rules, sample.position())
    if sample.view(view.seat).to_json() != dict(data):
        raise NotationError("this view's cards, counts and history do not add up to a hand")
    return view


def _text(card: int | None) -> str | None:
    return None if card is None else card_text(card)


def _card(text: Any) -> int | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise NotationError("a card is written as text")
    return parse_card(text)


def _seat(value: Any, rules: BiscaRules) -> Seat:
    if type(value) is not int or not 0 <= value < rules.players:
        raise NotationError(f"bad seat {value!r}")
    return value


def _optional_seat(value: Any, rules: BiscaRules) -> Seat | None:
    return None if value is None else _seat(value, rules)


def _pair(values: Sequence[Any]) -> tuple[int, ...]:
    if not isinstance(values, list | tuple) or len(values) != 2:
        raise NotationError("two teams, two numbers")
    if not all(type(v) is int and v >= 0 for v in values):
        raise NotationError("a team's count is a whole number")
    return tuple(values)
