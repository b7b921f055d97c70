"""One Scopa hand in progress: the full, true state, its fast path and its checked path.

Everything is small ints: hands, table and piles are 40-bit masks, the undealt cards are
``deck[pos:]`` (the deck list is never changed once cut, so clones share it), and the
moves so far are a list of ``(seat, move)``. A clone copies a few ints and short lists.

The hand starts with the cut: the player before the dealer in playing order (the
dealer's left at a real table, where play goes counter-clockwise; in 1 v 1 the
non-dealer) moves ``n`` cards from the top of the shuffled deck to the bottom. Then three
cards go to each player, one at a time, starting with the player after the dealer
("primo di mano", who plays first), and four cards to the table. Three or four Re on the
table void the deal: the whole deck is reshuffled by the hand's seed, the same dealer
deals again and the same player cuts again.

``apply`` is the fast path; ``_apply_recorded`` runs it and reads the events off the
change, so both always reach the same state. This module imports neither the rules, the
view nor the position reader: the rules build views (``ScopaRules.view_of``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from circolo.cards import Card, Chance
from circolo.engine import Event, HandNotOverError, HandScore, HandState
from circolo.games.scopa.deck import (
    CARDS,
    DECK_ORDER,
    KINGS,
    TEXT,
    TO_CARD,
    cards_of,
    mask_of,
    mask_text,
    texts,
)
from circolo.games.scopa.moves import (
    CUT_MOVES,
    compact_move_text,
    move_text,
    moves_for,
    parse_move,
)
from circolo.games.scopa.scoring import hand_score

if TYPE_CHECKING:
    from circolo.games.scopa.rules import ScopaRules
    from circolo.games.scopa.view import ScopaView

HAND_SIZE = 3
TABLE_SIZE = 4


def deck_stream(deal: int) -> str:
    """The chance stream of a hand's ``deal``-th shuffle: "deck" first, then "deck 1",
    "deck 2", ... after each void deal (docs/notation.md, "The cut and the deal")."""
    return f"deck {deal}" if deal else "deck"


def shuffled_deck(seed: int, deal: int) -> list[int]:
    """The deck of a hand's ``deal``-th shuffle, top card first: ``deck40()`` order
    permuted by ``Chance(seed, deck_stream(deal))``, so anyone can re-derive it."""
    return [DECK_ORDER[i] for i in Chance(seed, deck_stream(deal)).shuffled(CARDS)]


class ScopaHand(HandState[int]):
    """A hand of Scopa. Moves are ints (see ``moves``); ``play`` also takes their text."""

    __slots__ = (
        "deal_no",
        "dealer",
        "deck",
        "hands",
        "in_hands",
        "last_capturer",
        "moves",
        "piles",
        "players",
        "pos",
        "rules",
        "scope",
        "seed",
        "table",
        "turn",
    )

    rules: ScopaRules
    players: int
    seed: int
    deal_no: int  # how many deals were void before this one
    dealer: int
    deck: list[int]  # deck[pos:] is the stock, top first (all 40 cards before the cut)
    pos: int
    hands: list[int]
    table: int
    piles: list[int]  # per side
    scope: list[int]  # per side
    turn: int | None
    in_hands: int  # cards left in all hands together; 0 before the cut
    last_capturer: int | None
    moves: list[tuple[int, int]]  # (seat, move) so far, the cuts included

    @classmethod
    def deal(cls, rules: ScopaRules, seed: int, dealer: int) -> ScopaHand:
        """A new hand, shuffled and waiting for the cut."""
        hand = cls.__new__(cls)
        hand.rules = rules
        hand.players = rules.players
        hand.seed = seed
        hand.deal_no = 0
        hand.dealer = dealer
        hand.deck = shuffled_deck(seed, 0)
        hand.pos = 0
        hand.hands = [0] * rules.players
        hand.table = 0
        hand.piles = [0, 0]
        hand.scope = [0, 0]
        hand.turn = hand.cutter
        hand.in_hands = 0
        hand.last_capturer = None
        hand.moves = []
        return hand

    @classmethod
    def assemble(
        cls,
        rules: ScopaRules,
        *,
        seed: int,
        deal_no: int,
        dealer: int,
        stock: list[int],
        hands: list[int],
        table: int,
        piles: list[int],
        scope: list[int],
        turn: int | None,
        last_capturer: int | None,
        moves: list[tuple[int, int]],
    ) -> ScopaHand:
        """A hand from its parts, as a position or a view's sample gives them (unchecked)."""
        hand = cls.__new__(cls)
        hand.rules = rules
        hand.players = rules.players
        hand.seed = seed
        hand.deal_no = deal_no
        hand.dealer = dealer
        hand.deck = stock
        hand.pos = 0
        hand.hands = hands
        hand.table = table
        hand.piles = piles
        hand.scope = scope
        hand.turn = turn
        hand.in_hands = sum(h.bit_count() for h in hands)
        hand.last_capturer = last_capturer
        hand.moves = moves
        return hand

    # -- who is who -------------------------------------------------------------------

    @property
    def cutter(self) -> int:
        """The player before the dealer in playing order: the dealer's left at the table."""
        return (self.dealer - 1) % self.players

    @property
    def primo(self) -> int:
        """The player after the dealer, who is dealt first and plays first."""
        return (self.dealer + 1) % self.players

    @property
    def cutting(self) -> bool:
        """True while the deck waits for the cut (nothing is dealt yet)."""
        return self.turn is not None and not self.in_hands

    # -- the engine API ---------------------------------------------------------------

    def to_move(self) -> int | None:
        return self.turn

    def is_over(self) -> bool:
        return self.turn is None

    def formality(self) -> bool:
        """The cut: a default random cut when the cutter does not cut in a few seconds."""
        return self.cutting

    def legal_moves(self) -> list[int]:
        turn = self.turn
        if turn is None:
            return []
        if not self.in_hands:
            return list(CUT_MOVES)
        return moves_for(self.hands[turn], self.table)

    def apply(self, move: int) -> None:
        seat: int = self.turn  # type: ignore[assignment]  # the fast path trusts its caller
        self.moves.append((seat, move))
        if move < 0:
            self._cut(-move)
            return
        card_bit = 1 << (move & 63)
        self.hands[seat] ^= card_bit
        self.in_hands -= 1
        captured = move >> 6
        if captured:
            side = seat & 1
            self.table ^= captured
            self.piles[side] |= captured | card_bit
            self.last_capturer = seat
            # A sweep is a scopa unless it is made by the hand's final card.
            if not self.table and (self.in_hands or self.pos < len(self.deck)):
                self.scope[side] += 1
        else:
            self.table |= card_bit
        if self.in_hands:
            self.turn = (seat + 1) % self.players
        elif self.pos < len(self.deck):
            self._deal_round()
            self.turn = (seat + 1) % self.players
        else:
            self._finish()

    def score(self) -> HandScore:
        if self.turn is not None:
            raise HandNotOverError("the hand is not over yet: no score")
        return hand_score(self.piles, self.scope)

    def _view(self, seat: int | None) -> ScopaView:
        return self.rules.view_of(self, seat)

    def clone(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        other.rules = self.rules
        other.players = self.players
        other.seed = self.seed
        other.deal_no = self.deal_no
        other.dealer = self.dealer
        other.deck = self.deck
        other.pos = self.pos
        other.hands = self.hands[:]
        other.table = self.table
        other.piles = self.piles[:]
        other.scope = self.scope[:]
        other.turn = self.turn
        other.in_hands = self.in_hands
        other.last_capturer = self.last_capturer
        other.moves = self.moves[:]
        return other

    def move_text(self, move: int) -> str:
        return move_text(move)

    def _parse_move(self, text: str) -> int:
        return parse_move(text)

    def _is_move(self, move: object) -> bool:
        """An int that ``move_text`` can write: a cut, or a Scopa card and a set of them."""
        return type(move) is int and (
            -CARDS < move < 0 or (move & 63 < CARDS and move >> 6 < 1 << CARDS)
        )

    def history(self) -> list[tuple[int, str]]:
        return [(seat, move_text(move)) for seat, move in self.moves]

    def position(self) -> str:
        """The one-line text of ``position.py`` (read back by ``read_position``)."""
        if self.turn is None:
            turn = "-"
        elif not self.in_hands:
            turn = f"c{self.turn}"
        else:
            turn = str(self.turn)
        history = ",".join(f"{seat}:{compact_move_text(move)}" for seat, move in self.moves)
        return " ".join(
            (
                str(self.dealer),
                turn,
                "/".join(mask_text(h) for h in self.hands),
                mask_text(self.table),
                "/".join(mask_text(p) for p in self.piles),
                "/".join(str(s) for s in self.scope),
                "-" if self.last_capturer is None else str(self.last_capturer),
                "".join(TEXT[c] for c in self.deck[self.pos :]) or "-",
                f"{self.seed}:{self.deal_no}",
                history or "-",
            )
        )

    def _apply_recorded(self, move: int, seat: int) -> list[Event]:
        """``apply``, then what it did, read off the change (so both end alike)."""
        if move < 0:
            cut = self.deck[-move:] + self.deck[:-move]
            self.apply(move)
            events = [Event("cut", {"seat": seat, "at": -move})]
            if self.cutting:  # void: the table dealt from the cut deck had three or four Re
                dealt = HAND_SIZE * self.players
                table = mask_of(cut[dealt : dealt + TABLE_SIZE])
                events.append(Event("deal", {"deal": 1, "table": texts(table)}))
                events.append(Event("void_deal", {"kings": (table & KINGS).bit_count()}))
            else:
                events += self._deal_events(self.table)
            return events
        side = seat & 1
        card = move & 63
        captured = move >> 6
        scope, pos = self.scope[side], self.pos
        left = self.table ^ captured if captured else self.table | 1 << card
        self.apply(move)
        events = [Event("card_played", {"seat": seat, "card": TEXT[card]})]
        if captured:
            events.append(
                Event("capture", {"seat": seat, "card": TEXT[card], "cards": texts(captured)})
            )
            if self.scope[side] > scope:
                events.append(Event("scopa", {"seat": seat, "side": side}))
        if self.pos > pos:
            events += self._deal_events(0)
        elif self.turn is None and left and self.last_capturer is not None:
            events.append(Event("sweep", {"side": self.last_capturer & 1, "cards": texts(left)}))
        return events

    def _deal_events(self, table: int) -> list[Event]:
        """A deal just made: public with its number and table cards, then each seat's
        three cards, private to that seat (the others learn the count)."""
        dealt = CARDS - TABLE_SIZE - (len(self.deck) - self.pos)
        number = dealt // (HAND_SIZE * self.players)
        events = [Event("deal", {"deal": number, "table": texts(table)})]
        for seat, hand in enumerate(self.hands):
            events.append(
                Event(
                    "dealt",
                    {"seat": seat, "cards": texts(hand)},
                    only=seat,
                    public={"seat": seat, "count": hand.bit_count()},
                )
            )
        return events

    # -- public accessors (for views, bots, the terminal and tests) --------------------

    def hand_cards(self, seat: int) -> list[Card]:
        return [TO_CARD[c] for c in cards_of(self.hands[seat])]

    def table_cards(self) -> list[Card]:
        return [TO_CARD[c] for c in cards_of(self.table)]

    def pile_cards(self, side: int) -> list[Card]:
        return [TO_CARD[c] for c in cards_of(self.piles[side])]

    def stock_cards(self) -> list[Card]:
        """The undealt cards, top first (before the cut: the whole shuffled deck)."""
        return [TO_CARD[c] for c in self.deck[self.pos :]]

    # -- dealing ------------------------------------------------------------------------

    def _cut(self, n: int) -> None:
        deck = self.deck
        self.deck = deck = deck[n:] + deck[:n]
        self._deal_round()
        self.table = table = (
            1 << deck[self.pos]
            | 1 << deck[self.pos + 1]
            | 1 << deck[self.pos + 2]
            | 1 << deck[self.pos + 3]
        )
        self.pos += TABLE_SIZE
        if (table & KINGS).bit_count() >= 3:
            self._void_deal()
        else:
            self.turn = self.primo

    def _deal_round(self) -> None:
        """Three cards to each player, one at a time, the player after the dealer first."""
        deck, pos, hands, players = self.deck, self.pos, self.hands, self.players
        first = (self.dealer + 1) % players
        for _ in range(HAND_SIZE):
            for offset in range(players):
                hands[(first + offset) % players] |= 1 << deck[pos]
                pos += 1
        self.pos = pos
        self.in_hands = HAND_SIZE * players

    def _void_deal(self) -> None:
        """Three or four Re on the table: reshuffle the whole deck, same dealer, cut again."""
        self.deal_no += 1
        self.deck = shuffled_deck(self.seed, self.deal_no)
        self.pos = 0
        self.hands = [0] * self.players
        self.table = 0
        self.in_hands = 0
        self.turn = self.cutter

    def _finish(self) -> None:
        """The cards left on the table go to the side of the last capture (not a scopa)."""
        if self.last_capturer is not None:
            self.piles[self.last_capturer & 1] |= self.table
            self.table = 0
        self.turn = None
