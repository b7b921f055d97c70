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

from circolo.engine import NotationError, Seat, View
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
from circolo.games.bisca.moves import Move, move_text, parse_move
from circolo.games.bisca.state import CHOOSE, HAND_SIZE, PHASES, PLAY, BiscaState, decision_moves
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
    history: tuple[FinishedTrick, ...]
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
        return seven in self.trick or any(seven in cards for _, cards in self.history)

    @property
    def final_trick(self) -> bool:
        return len(self.history) == DECK_SIZE // self.rules.players - 1

    def legal_moves(self) -> list[Move]:
        if self.seat is None or self.turn != self.seat:
            return []
        if self.phase != PLAY:
            return decision_moves(self.phase, self.trump, self.hand)
        legal, _ = legal_cards(
            self.hand,
            len(self.trick),
            self.rules.players,
            self.trump,
            self.seven_out,
            self.final_trick,
        )
        return legal

    def played(self) -> set[int]:
        return set(self.trick).union(*(cards for _, cards in self.history))

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

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": "bisca",
            "players": self.rules.players,
            "seat": self.seat,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_move": self.turn,
            "choice": None if self.choice is None else move_text(self.choice),
            "trump": None if self.trump < 0 else suit_text(self.trump),
            "copas": self.trump == HEARTS,
            "open_card": _text(self.open_card),
            "open_card_drawn_by": self.drawer,
            "turned_back": _text(self.turned),
            "exchange": None
            if self.exchanged is None
            else {"seat": self.exchanged[0], "took": card_text(self.exchanged[1])},
            "hand": card_names(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "trick": {"leader": self.leader, "cards": card_names(self.trick)},
            "tricks": [
                {
                    "leader": leader,
                    "cards": card_names(cards),
                    "winner": (leader + trick_winner(cards, self.trump)) % self.rules.players,
                }
                for leader, cards in self.history
            ],
            "card_points": list(self.card_points),
            "piles": list(self.piles),
            "relo": list(self.relo),
        }
        if self.rules.seven_opening:
            data["seven_opening"] = list(self.seven_opening)
        return data

    @classmethod
    def from_json(cls, rules: BiscaRules, data: Mapping[str, Any]) -> BiscaView:
        try:
            if data["game"] != "bisca" or data["players"] != rules.players:
                raise ValueError(f"a view of {data['game']} for {data['players']} players")
            if data["phase"] not in PHASES:
                raise ValueError(f"unknown phase {data['phase']!r}")
            exchange = data["exchange"]
            return cls(
                rules=rules,
                seat=_optional_seat(data["seat"], rules),
                dealer=_seat(data["dealer"], rules),
                phase=str(data["phase"]),
                turn=_optional_seat(data["to_move"], rules),
                trump=-1 if data["trump"] is None else parse_suit(data["trump"]),
                choice=None if data["choice"] is None else parse_move(data["choice"]),
                open_card=_card(data["open_card"]),
                drawer=_optional_seat(data["open_card_drawn_by"], rules),
                turned=_card(data["turned_back"]),
                exchanged=None
                if exchange is None
                else (_seat(exchange["seat"], rules), parse_card(exchange["took"])),
                hand=tuple(parse_card(c) for c in data["hand"]),
                hand_sizes=tuple(int(n) for n in data["hand_sizes"]),
                stock_size=int(data["stock_size"]),
                leader=_seat(data["trick"]["leader"], rules),
                trick=tuple(parse_card(c) for c in data["trick"]["cards"]),
                history=tuple(
                    (
                        _seat(t["leader"], rules),
                        tuple(parse_card(c) for c in t["cards"]),
                    )
                    for t in data["tricks"]
                ),
                card_points=_pair(data["card_points"]),
                piles=_pair(data["piles"]),
                relo=_pair(data["relo"]),
                seven_opening=_pair(data.get("seven_opening", [0, 0])),
            )
        except NotationError as error:
            raise NotationError(f"bad Bisca view: {error.message}") from None
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise NotationError(f"bad Bisca view: {error}") from None

    # -- determinization ---------------------------------------------------------------

    def sample(self, rng: random.Random) -> BiscaState:
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
            return BiscaState(self.rules, self.dealer, deck, slot)
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
        return BiscaState.restore(
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
            history=self.history,
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
        draws = min(len(self.history), (DECK_SIZE - HAND_SIZE * players) // players)
        weights = [
            0 if seat == self.seat else min(draws, self.hand_sizes[seat] - len(hands[seat]))
            for seat in range(players)
        ]
        where = rng.choices(range(players + 1), weights=[*weights, stock_free])[0]
        if where < players:
            hands[where].append(turned)
        else:  # the stock is the tail of ``unseen``, after the hands are filled
            unseen.insert(len(unseen) + 1 - stock_free + rng.randrange(stock_free), turned)


def _text(card: int | None) -> str | None:
    return None if card is None else card_text(card)


def _card(text: Any) -> int | None:
    return None if text is None else parse_card(text)


def _seat(value: Any, rules: BiscaRules) -> Seat:
    if type(value) is not int or not 0 <= value < rules.players:
        raise ValueError(f"bad seat {value!r}")
    return value


def _optional_seat(value: Any, rules: BiscaRules) -> Seat | None:
    return None if value is None else _seat(value, rules)


def _pair(values: Sequence[Any]) -> tuple[int, ...]:
    pair = tuple(int(v) for v in values)
    if len(pair) != 2:
        raise ValueError(f"two teams, not {len(pair)}")
    return pair
