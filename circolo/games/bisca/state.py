"""A hand of Bisca Capixaba in progress: the full, true state (never sent to a client).

The hand runs in four phases:

1. ``choose``: before anyone sees a card, the cutter (the seat after the dealer)
   moves ``copas`` or ``sorteio``. Then 3 cards go to each seat from the top of the
   shuffled deck, from the cutter on; under sorteio the next card is turned.
2. ``exchange``: only when an open card lies under the stock and it is not the trump 2
   itself. Every seat, from the cutter to the dealer, moves ``pass`` or, holding the
   trump 2, ``exchange``; the window closes at the first exchange. Every seat is asked,
   so the moves do not tell who holds the 2; a table answers ``pass`` itself for a seat
   without it (``secret_asking``) and asks only the holder, unseen by the others.
3. ``play``: the cutter leads the first trick; the winner of a trick draws first and
   leads the next, the others draw in seat order, the open card is drawn last.
4. ``over``: 40 cards played; ``score()`` gives the match points.

The stock is a list whose end is its top; the open card, when there is one, is at
index 0 so it is drawn last. Card points, piles and relo are kept as running counters
(``_count_trick``) so that random playouts stay fast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Self

from circolo.cards import Card, Suit
from circolo.engine import Event, HandNotOverError, HandScore, HandState, Seat
from circolo.games.bisca.deck import (
    ACE_STRENGTH,
    CARDS,
    DECK_SIZE,
    HEARTS,
    POINTS,
    SEVEN,
    TWO,
    card_names,
    card_text,
    is_ace_or_seven,
    same_colour_suit,
    trump_card,
)
from circolo.games.bisca.moves import (
    COPAS,
    EXCHANGE,
    PASS,
    SORTEIO,
    WORDS,
    Move,
    move_text,
    parse_move,
)
from circolo.games.bisca.tricks import legal_cards, trick_winner

if TYPE_CHECKING:
    from circolo.games.bisca.rules import BiscaRules
    from circolo.games.bisca.view import BiscaView

CHOOSE, EXCHANGE_WINDOW, PLAY, OVER = "choose", "exchange", "play", "over"
PHASES = (CHOOSE, EXCHANGE_WINDOW, PLAY, OVER)
HAND_SIZE = 3

Trick = tuple[Seat, list[int]]
"""A finished trick: its leader and its cards in play order."""


def move_history(
    players: int,
    dealer: Seat,
    phase: str,
    turn: Seat | None,
    trump: int,
    choice: Move | None,
    open_card: int | None,
    exchanged: tuple[Seat, int] | None,
    tricks: Sequence[tuple[Seat, Sequence[int]]],
    leader: Seat,
    trick: Sequence[int],
) -> list[tuple[Seat, str]]:
    """Every move of the hand as (seat, text), rebuilt from what the table saw: no move
    list is kept, so ``apply`` stays as fast as it was.

    The window was open when sorteio left an open card other than the trump 2 (before any
    exchange); it asked every seat from the cutter until the first exchange.
    """
    cutter = (dealer + 1) % players
    if choice is None:
        return []
    moves = [(cutter, move_text(choice))]
    first_open = exchanged[1] if exchanged is not None else open_card
    if first_open is not None and first_open != trump_card(trump, TWO):
        if phase == EXCHANGE_WINDOW:
            assert turn is not None
            passes = (turn - cutter) % players
        else:
            passes = players if exchanged is None else (exchanged[0] - cutter) % players
        moves += [((cutter + offset) % players, WORDS[PASS]) for offset in range(passes)]
        if exchanged is not None:
            moves.append((exchanged[0], WORDS[EXCHANGE]))
    for trick_leader, cards in [*tricks, (leader, trick)]:
        moves += [((trick_leader + i) % players, card_text(c)) for i, c in enumerate(cards)]
    return moves


def decision_moves(phase: str, trump: int, hand: Sequence[int]) -> list[Move]:
    """The moves before the first card: the trump choice, then the exchange window."""
    if phase == CHOOSE:
        return [COPAS, SORTEIO]
    if phase == EXCHANGE_WINDOW:
        return [PASS, EXCHANGE] if trump_card(trump, TWO) in hand else [PASS]
    return []


class BiscaHand(HandState[Move]):
    """The true state of one hand. Build it with ``BiscaRules.new_hand`` or ``restore``."""

    __slots__ = (
        "_ace",
        "_choice",
        "_dealer",
        "_drawer",
        "_exchanged",
        "_hands",
        "_last_trick",
        "_leader",
        "_open",
        "_opening",
        "_phase",
        "_piles",
        "_points",
        "_relo",
        "_seven",
        "_seven_out",
        "_slot",
        "_stock",
        "_trick",
        "_tricks",
        "_trump",
        "_turn",
        "_turned",
        "players",
        "rules",
    )

    rules: BiscaRules

    def __init__(self, rules: BiscaRules, dealer: Seat, deck: Sequence[int], slot: int) -> None:
        """A hand before the trump choice: ``deck`` is the shuffled deck, its top last;
        ``slot`` is where a turned A or 7 goes back into the stock (0 = the bottom)."""
        self.rules = rules
        self.players = rules.players
        self._dealer = dealer
        self._phase = CHOOSE
        self._turn: Seat | None = (dealer + 1) % self.players
        self._leader = self._turn
        self._trump = self._ace = self._seven = -1
        self._last_trick = DECK_SIZE // self.players - 1
        self._choice: Move | None = None
        self._open: int | None = None
        self._turned: int | None = None
        self._exchanged: tuple[Seat, int] | None = None
        self._drawer: Seat | None = None
        self._slot: int | None = slot
        self._hands: list[list[int]] = [[] for _ in range(self.players)]
        self._stock = list(deck)
        self._tricks: list[Trick] = []
        self._trick: list[int] = []
        self._points = [0, 0]
        self._piles = [0, 0]
        self._relo = [0, 0]
        self._opening = [0, 0]
        self._seven_out = False

    # -- the engine API ---------------------------------------------------------------

    def to_move(self) -> Seat | None:
        return self._turn

    def is_over(self) -> bool:
        return self._turn is None

    def secret_asking(self) -> bool:
        """The exchange window: only the holder of the trump 2 has a choice, and the
        table must not tell who holds it (the others' passes are the table's)."""
        return self._phase == EXCHANGE_WINDOW

    def legal_moves(self) -> list[Move]:
        if self._phase != PLAY:
            turn = self._turn
            return decision_moves(
                self._phase, self._trump, [] if turn is None else self._hands[turn]
            )
        hand = self._hands[self._turn]  # type: ignore[index]
        if self._seven not in hand and self._ace not in hand:
            return hand[:]
        return legal_cards(
            hand,
            len(self._trick),
            self.players,
            self._trump,
            self._seven_out,
            len(self._tricks) == self._last_trick,
        )

    def apply(self, move: Move) -> None:
        if move >= DECK_SIZE:
            self._decide(move)
            return
        seat: Seat = self._turn  # type: ignore[assignment]
        self._hands[seat].remove(move)
        if move == self._seven or move == self._ace:  # ``_into_trick``, inlined: hot path
            self._special(move, seat)
        trick = self._trick
        trick.append(move)
        if len(trick) == self.players:
            self._end_trick()
        else:
            self._turn = seat + 1 if seat + 1 < self.players else 0

    def score(self) -> HandScore:
        if self._phase != OVER:
            raise HandNotOverError("the hand is not over yet")
        copas = self._trump == HEARTS
        return self.rules.score_hand(
            self._points,
            copas,
            self._relo,
            self._opening,
            details={
                "trump": Suit(self._trump).letter,
                "copas": copas,
                "choice": move_text(self._choice) if self._choice is not None else None,
                "card_points": list(self._points),
            },
        )

    def clone(self) -> Self:
        new = object.__new__(type(self))
        new.rules = self.rules
        new.players = self.players
        new._dealer = self._dealer
        new._phase = self._phase
        new._turn = self._turn
        new._leader = self._leader
        new._trump = self._trump
        new._ace = self._ace
        new._seven = self._seven
        new._last_trick = self._last_trick
        new._choice = self._choice
        new._open = self._open
        new._turned = self._turned
        new._exchanged = self._exchanged
        new._drawer = self._drawer
        new._slot = self._slot
        new._hands = [hand[:] for hand in self._hands]
        new._stock = self._stock[:]
        new._tricks = self._tricks[:]  # finished tricks are never changed
        new._trick = self._trick[:]
        new._points = self._points[:]
        new._piles = self._piles[:]
        new._relo = self._relo[:]
        new._opening = self._opening[:]
        new._seven_out = self._seven_out
        return new

    def move_text(self, move: Move) -> str:
        return move_text(move)

    def position(self) -> str:
        return self.rules.write_position(self)

    def history(self) -> list[tuple[Seat, str]]:
        return move_history(
            self.players,
            self._dealer,
            self._phase,
            self._turn,
            self._trump,
            self._choice,
            self._open,
            self._exchanged,
            self._tricks,
            self._leader,
            self._trick,
        )

    def _is_move(self, move: object) -> bool:
        return type(move) is int and 0 <= move <= PASS

    def _parse_move(self, text: str) -> Move:
        return parse_move(text)

    def _view(self, seat: Seat | None) -> BiscaView:
        return self.rules.view_of(self, seat)

    def _apply_recorded(self, move: Move, seat: Seat) -> list[Event]:
        """``apply``, then what changed, read off the state before and after."""
        if move >= DECK_SIZE:
            return self._decided(move, seat)
        tricks, relo, stock = len(self._tricks), self._relo[:], self._stock[:]
        self.apply(move)
        events = [Event("card_played", {"seat": seat, "card": card_text(move)})]
        for side in (0, 1):
            if self._relo[side] > relo[side]:
                events.append(Event("relo", {"seat": seat, "side": side}))
        if len(self._tricks) == tricks:
            return events
        cards = self._tricks[-1][1]
        winner = self._leader
        events.append(
            Event(
                "trick_won",
                {
                    "seat": winner,
                    "cards": card_names(cards),
                    "points": sum(POINTS[card] for card in cards),
                },
            )
        )
        drawn = stock[len(self._stock) :][::-1]
        for offset, card in enumerate(drawn):
            drawer = (winner + offset) % self.players
            if card == self._open:
                events.append(Event("draw", {"seat": drawer, "card": card_text(card)}))
            else:
                data = {"seat": drawer, "card": card_text(card)}
                events.append(Event("draw", data, only=drawer, public={"seat": drawer}))
        return events

    def _decided(self, move: Move, seat: Seat) -> list[Event]:
        """The records of the moves before the first card (a pass changes nothing seen)."""
        opened = self._open
        self._decide(move)
        if move == PASS:
            return []
        if move == EXCHANGE:
            gave, took = trump_card(self._trump, TWO), opened
            assert took is not None
            return [
                Event("exchange", {"seat": seat, "gave": card_text(gave), "took": card_text(took)})
            ]
        events = [Event("trump_choice", {"seat": seat, "choice": move_text(move)})]
        for offset in range(self.players):
            receiver = (seat + offset) % self.players
            cards = card_names(self._hands[receiver])
            events.append(
                Event(
                    "dealt",
                    {"seat": receiver, "cards": cards},
                    only=receiver,
                    public={"seat": receiver, "count": len(cards)},
                )
            )
        turned = self._turned if self._turned is not None else self._open
        if turned is not None:
            events.append(Event("turned", {"card": card_text(turned)}))
        return events

    # -- read-only facts, for views, positions and tests ---------------------------------

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def dealer(self) -> Seat:
        return self._dealer

    @property
    def cutter(self) -> Seat:
        """The opponent who plays right after the dealer: chooses the trump and leads."""
        return (self._dealer + 1) % self.players

    @property
    def trump(self) -> Suit | None:
        return None if self._trump < 0 else Suit(self._trump)

    @property
    def copas(self) -> bool:
        """The hand counts as copas whenever the final trump is hearts."""
        return self._trump == HEARTS

    @property
    def open_card(self) -> Card | None:
        """The card that lies (or lay, once drawn) open under the stock."""
        return None if self._open is None else CARDS[self._open]

    @property
    def final_trick(self) -> bool:
        """The hand's last trick: each player holds one card."""
        return len(self._tricks) == self._last_trick

    @property
    def slot(self) -> int | None:
        """Before the trump choice: where a turned A or 7 will go back into the stock."""
        return self._slot

    def hand_codes(self) -> list[list[int]]:
        return [hand[:] for hand in self._hands]

    def stock_codes(self) -> list[int]:
        """The stock as card codes, its top last."""
        return self._stock[:]

    def hand(self, seat: Seat) -> list[Card]:
        return [CARDS[code] for code in self._hands[seat]]

    def stock(self) -> list[Card]:
        """The stock in draw order: the next card drawn first, the open card last."""
        return [CARDS[code] for code in reversed(self._stock)]

    # -- restoring any position ------------------------------------------------------

    @classmethod
    def restore(
        cls,
        rules: BiscaRules,
        *,
        dealer: Seat,
        phase: str,
        turn: Seat | None,
        trump: int,
        choice: Move | None,
        open_card: int | None,
        turned: int | None,
        exchanged: tuple[Seat, int] | None,
        drawer: Seat | None,
        slot: int | None,
        hands: Sequence[Sequence[int]],
        stock: Sequence[int],
        history: Sequence[tuple[Seat, Sequence[int]]],
        leader: Seat,
        trick: Sequence[int],
    ) -> Self:
        """A state from its parts (stock top last); the counters are recomputed by
        replaying the finished tricks. Consistency is checked by ``position.read_position``."""
        state = cls(rules, dealer, stock, 0)
        state._phase = phase
        state._turn = turn
        state._set_trump(trump)
        state._choice = choice
        state._open = open_card
        state._turned = turned
        state._exchanged = exchanged
        state._drawer = drawer
        state._slot = slot
        state._hands = [list(hand) for hand in hands]
        for trick_leader, cards in history:
            state._leader = trick_leader
            state._trick = []
            for index, card in enumerate(cards):
                state._into_trick(card, (trick_leader + index) % state.players)
            state._count_trick()
            state._tricks.append((trick_leader, state._trick))
        state._leader = leader
        state._trick = []
        for index, card in enumerate(trick):
            state._into_trick(card, (leader + index) % state.players)
        return state

    # -- internals ---------------------------------------------------------------------

    def _decide(self, move: Move) -> None:
        if move in (COPAS, SORTEIO):
            self._prepare_trump(move)
        elif move == EXCHANGE:
            seat: Seat = self._turn  # type: ignore[assignment]
            two = trump_card(self._trump, TWO)
            hand = self._hands[seat]
            taken: int = self._open  # type: ignore[assignment]
            hand[hand.index(two)] = taken
            self._stock[0] = two
            self._open = two
            self._exchanged = (seat, taken)
            self._start_play()
        elif self._turn == self._dealer:  # PASS by the last seat of the window
            self._start_play()
        else:
            self._turn = (self._turn + 1) % self.players  # type: ignore[operator]

    def _prepare_trump(self, choice: Move) -> None:
        """Deal 3 cards to each seat from the cutter on; then copas, or turn a card."""
        self._choice = choice
        stock = self._stock
        cutter = self.cutter
        for offset in range(self.players):
            self._hands[(cutter + offset) % self.players] = [stock.pop() for _ in range(HAND_SIZE)]
        if choice == COPAS:
            self._set_trump(HEARTS)
        else:
            turned = stock.pop()
            if is_ace_or_seven(turned):
                self._set_trump(same_colour_suit(turned // 10))
                stock.insert(self._slot, turned)  # type: ignore[arg-type]
                self._turned = turned
            else:
                self._set_trump(turned // 10)
                stock.insert(0, turned)
                self._open = turned
        self._slot = None
        if self._open is not None and self._open != trump_card(self._trump, TWO):
            self._phase = EXCHANGE_WINDOW
            self._turn = cutter
        else:
            self._start_play()

    def _set_trump(self, trump: int) -> None:
        self._trump = trump
        if trump >= 0:
            self._ace = trump_card(trump, ACE_STRENGTH)
            self._seven = trump_card(trump, SEVEN)

    def _start_play(self) -> None:
        self._phase = PLAY
        self._turn = self._leader = self.cutter

    def _into_trick(self, card: int, seat: Seat) -> None:
        """Put a card in the current trick, with the trump 7 and Ace side effects."""
        if card == self._seven or card == self._ace:
            self._special(card, seat)
        self._trick.append(card)

    def _special(self, card: int, seat: Seat) -> None:
        """The trump 7 or Ace is being played by ``seat`` (not yet in the trick)."""
        trick = self._trick
        seven = self._seven
        if card == seven:
            self._seven_out = True
            if not self._tricks and not trick and self.rules.seven_opening:
                self._opening[seat & 1] += 1
        elif seven in trick and len(self._tricks) != self._last_trick:
            seven_seat = (self._leader + trick.index(seven)) % self.players
            if (seven_seat ^ seat) & 1:  # an opponent's 7: relo
                self._relo[seat & 1] += 2 if self._trump == HEARTS else 1

    def _count_trick(self) -> Seat:
        """Credit the full trick to its winner's team; returns the winner."""
        trick = self._trick
        if self.players == 2:  # the hot path of 1 × 1 playouts
            first, second = trick
            won = second > first if second // 10 == first // 10 else second // 10 == self._trump
            winner = (self._leader + won) & 1
            points = POINTS[first] + POINTS[second]
        else:
            winner = (self._leader + trick_winner(trick, self._trump)) % self.players
            points = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
        team = winner & 1
        self._points[team] += points
        self._piles[team] += len(trick)
        return winner

    def _end_trick(self) -> None:
        winner = self._count_trick()
        history = self._tricks
        history.append((self._leader, self._trick))
        self._trick = []
        self._leader = winner
        if len(history) > self._last_trick:
            self._phase = OVER
            self._turn = None
            return
        self._turn = winner
        stock = self._stock
        if stock:
            hands = self._hands
            if self.players == 2:
                hands[winner].append(stock.pop())
                hands[1 - winner].append(stock.pop())
            else:
                for offset in range(4):
                    hands[(winner + offset) & 3].append(stock.pop())
            if not stock and self._open is not None:
                self._drawer = (winner - 1) % self.players
