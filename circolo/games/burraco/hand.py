"""One Burraco hand in progress: the full, true state.

Cards are physical: ``DECK[i]`` is card number ``i`` of the 108, and every place on the
table (hands, melds, pozzetti, pile, stock) holds card numbers, so no card is ever made
or lost. Rules only ever look at card values: moves name values, and the engine takes
the physical copy with the lowest number (identical cards are equal for every rule).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, cast

from circolo.cards import Card, burraco_deck
from circolo.engine import Event, HandNotOverError, HandScore, HandState, Seat
from circolo.games.burraco import notation
from circolo.games.burraco.codes import CARD_OF_CODE, CODES, code_of, counts_of
from circolo.games.burraco.melds import Meld
from circolo.games.burraco.moves import Discard, Draw, Extend, Move, NewMeld, Take
from circolo.games.burraco.options import HandOptions
from circolo.games.burraco.scoring import side_breakdown, side_counts
from circolo.games.burraco.turn import Phase, Turn, draw_moves, play_moves, used_codes

if TYPE_CHECKING:
    from circolo.games.burraco.rules import BurracoRules
    from circolo.games.burraco.view import BurracoView

DECK: tuple[Card, ...] = burraco_deck()
CODE_OF_ID: tuple[int, ...] = tuple(code_of(card) for card in DECK)
# the physical copies of each card, lowest numbered first
IDS_OF_CODE: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, code in enumerate(CODE_OF_ID) if code == wanted) for wanted in range(CODES)
)
HAND_SIZE = 11
POZZETTO_SIZE = 11
LAST_STOCK = 2  # the hand ends at a discard when the stock holds this many cards or fewer


@dataclass(frozen=True, slots=True)
class Ending:
    """Why the hand ended: a close (by ``closer``) or the stock running down to two cards."""

    reason: Literal["closed", "stock"]
    closer: Seat | None = None


def sort_key(card: Card) -> tuple[int, int]:
    return card.key


def cards_of(ids: Sequence[int]) -> tuple[Card, ...]:
    return tuple(DECK[i] for i in ids)


class BurracoHand(HandState[Move]):
    """The state; ``rules.new_hand`` deals one, ``rules.hand_from_position`` sets one up."""

    rules: BurracoRules

    def __init__(
        self,
        rules: BurracoRules,
        *,
        hands: list[list[int]],
        melds: list[list[tuple[Meld, tuple[int, ...]]]],
        pozzetti: list[list[int] | None],
        pile: list[int],
        stock: list[int],
        seat: Seat,
        phase: Phase,
        taken: Card | None = None,
        ending: Ending | None = None,
        recall: list[list[int]] | None = None,
        past: tuple[tuple[Seat, str], ...] = (),
    ) -> None:
        self.rules = rules
        self.hands = hands
        self.melds = melds  # per side: (layout, its physical cards)
        self.pozzetti = pozzetti  # per side: its cards, or None once taken
        self.pile = pile  # bottom to top
        self.stock = stock  # top first: the next card drawn is stock[0]
        self.seat = seat  # the player to move (or the last to move, once over)
        self.phase: Phase = phase
        self.taken = taken  # the single card taken from the pile this turn
        self.ending = ending
        # per seat: the codes of the pile cards it took and has not melded or discarded since
        self.recall = [[] for _ in hands] if recall is None else recall
        self.past = past  # the history before this state was set up (a sample's view)
        self.log: list[tuple[Seat, Move]] = []  # every move applied here, with its mover
        self._texts: list[tuple[Seat, str]] = []  # the log's first moves as text, kept
        self._counts = [counts_of(cards_of(hand)) for hand in hands]  # per seat, by code
        self._moves: list[Move] | None = None
        self._options = [HandOptions() for _ in hands]  # per seat: caches
        self._layouts: list[list[Meld] | None] = [None] * len(melds)  # per side

    # -- what the mover knows -------------------------------------------------------

    def side_melds(self, side: int) -> tuple[Meld, ...]:
        return tuple(self._side_melds(side))

    def _side_melds(self, side: int) -> list[Meld]:
        """The side's layouts, kept up to date as the side melds."""
        melds = self._layouts[side]
        if melds is None:
            melds = self._layouts[side] = [meld for meld, _ in self.melds[side]]
        return melds

    def hand_cards(self, seat: Seat) -> tuple[Card, ...]:
        return tuple(sorted(cards_of(self.hands[seat]), key=sort_key))

    def turn(self) -> Turn:
        side = self.rules.side_of(self.seat)
        return Turn(
            phase=self.phase,
            counts=self._counts[self.seat],
            size=len(self.hands[self.seat]),
            melds=list(self._side_melds(side)),
            pozzetto_taken=self.pozzetti[side] is None,
            taken=None if self.taken is None else code_of(self.taken),
            stock=len(self.stock),
            pile=len(self.pile),
        )

    # -- the engine API ---------------------------------------------------------------

    def to_move(self) -> Seat | None:
        return None if self.ending else self.seat

    def is_over(self) -> bool:
        return self.ending is not None

    def legal_moves(self) -> list[Move]:
        moves = self._moves
        if moves is None:
            phase = self.phase
            if phase == "draw":  # the fast path: no hand to look at
                moves = draw_moves(len(self.stock), len(self.pile))
            elif phase == "play":  # what ``turn()`` tells, without building it
                seat = self.seat
                side = self.rules.side_of(seat)
                moves = play_moves(
                    self._counts[seat],
                    len(self.hands[seat]),
                    self._side_melds(side),
                    self.pozzetti[side] is None,
                    None if self.taken is None else code_of(self.taken),
                    self._options[seat],
                )
            else:
                moves = []
            self._moves = moves
        return list(moves)

    def apply(self, move: Move) -> None:
        self._moves = None
        self.log.append((self.seat, move))
        kind = type(move)  # moves are plain values: their type is the kind of move
        if kind is Draw:
            self._add([self.stock.pop(0)])
            self._start_playing(None)
        elif kind is Take:
            single = DECK[self.pile[0]] if len(self.pile) == 1 else None
            self._add(self.pile)
            self.recall[self.seat].extend(CODE_OF_ID[i] for i in self.pile)
            self.pile = []
            self._start_playing(single)
        elif kind is NewMeld or kind is Extend:
            self._meld(cast(NewMeld | Extend, move), self.rules.side_of(self.seat))
        else:
            self._discard(cast(Discard, move), self.rules.side_of(self.seat))

    def _add(self, ids: Sequence[int]) -> None:
        self.hands[self.seat].extend(ids)
        counts = self._counts[self.seat]
        options = self._options[self.seat]
        for i in ids:
            code = CODE_OF_ID[i]
            counts[code] += 1
            options.changed(code)

    def _remove(self, codes: Sequence[int]) -> list[int]:
        """Take one physical copy of each card out of the hand (the lowest numbered); a
        card recalled from the pile, once melded or discarded, is no longer known held."""
        hand = self.hands[self.seat]
        counts = self._counts[self.seat]
        options = self._options[self.seat]
        known = self.recall[self.seat]
        taken = []
        for code in codes:
            if known and code in known:
                known.remove(code)
            for copy in IDS_OF_CODE[code]:
                if copy in hand:
                    break
            hand.remove(copy)
            counts[code] -= 1
            options.changed(code)
            taken.append(copy)
        return taken

    def _start_playing(self, taken: Card | None) -> None:
        self.phase = "play"
        self.taken = taken

    def _meld(self, move: NewMeld | Extend, side: int) -> None:
        melds = self.melds[side]
        layouts = self._side_melds(side)
        ids = tuple(self._remove(used_codes(move, layouts)))
        if isinstance(move, NewMeld):
            melds.append((move.meld, ids))
            layouts.append(move.meld)
        else:
            melds[move.index] = (move.meld, melds[move.index][1] + ids)
            layouts[move.index] = move.meld
        if not self.hands[self.seat]:  # pozzetto in diretta: taken at once, the turn goes on
            self._take_pozzetto(side)
            self._start_playing(None)

    def _take_pozzetto(self, side: int) -> None:
        pozzetto = self.pozzetti[side]
        assert pozzetto is not None
        self._add(pozzetto)
        self.pozzetti[side] = None

    def _discard(self, move: Discard, side: int) -> None:
        self.pile.extend(self._remove([code_of(move.card)]))
        self.taken = None
        if not self.hands[self.seat]:
            if self.pozzetti[side] is not None:  # pozzetto con scarto: the turn ends
                self._take_pozzetto(side)
            else:
                self._end(Ending("closed", self.seat))
                return
        if len(self.stock) <= LAST_STOCK:
            self._end(Ending("stock"))
            return
        self.seat = (self.seat + 1) % self.rules.players
        self.phase = "draw"

    def _end(self, ending: Ending) -> None:
        self.ending = ending
        self.phase = "over"

    def score(self) -> HandScore:
        if self.ending is None:
            raise HandNotOverError("the hand is not over yet")
        closer = self.ending.closer
        closed_side = None if closer is None else self.rules.side_of(closer)
        breakdowns = tuple(
            side_breakdown(
                self.side_melds(side),
                (cards_of(self.hands[seat]) for seat in self.rules.seats_of(side)),
                closed=side == closed_side,
                pozzetto_taken=self.pozzetti[side] is None,
            )
            for side in range(self.rules.sides)
        )
        counts = [
            side_counts(
                self.side_melds(side),
                (cards_of(self.hands[seat]) for seat in self.rules.seats_of(side)),
                pozzetto_taken=self.pozzetti[side] is None,
            )
            for side in range(self.rules.sides)
        ]
        return HandScore(
            points=tuple(sum(b.values()) for b in breakdowns),
            breakdown=breakdowns,
            details={"ended": self.ending.reason, "closer": closer, "counts": counts},
        )

    def history(self) -> list[tuple[Seat, str]]:
        """Each move's text is written once: every view carries the history."""
        texts = self._texts
        texts += ((seat, notation.move_text(move)) for seat, move in self.log[len(texts) :])
        return [*self.past, *texts]

    def _view(self, seat: Seat | None) -> BurracoView:
        from circolo.games.burraco.view import view_of

        return view_of(self, seat)

    def _apply_recorded(self, move: Move, seat: Seat) -> list[Event]:
        """``apply``, then what it did, read from the state before and after."""
        side = self.rules.side_of(seat)
        pozzetto = self.pozzetti[side]
        events: list[Event] = []
        if isinstance(move, Draw):
            card = str(DECK[self.stock[0]])
            self.apply(move)
            return [Event("draw", {"seat": seat, "card": card}, only=seat, public={"seat": seat})]
        if isinstance(move, Take):
            cards = _codes(self.pile)
            self.apply(move)
            return [Event("pile_taken", {"seat": seat, "cards": cards})]
        if isinstance(move, Discard):
            self.apply(move)
            events.append(Event("discard", {"seat": seat, "card": str(move.card)}))
        else:
            layouts = self._side_melds(side)
            used = [str(CARD_OF_CODE[code]) for code in used_codes(move, layouts)]
            index = move.index if isinstance(move, Extend) else len(layouts)
            before = layouts[index].burraco if isinstance(move, Extend) else None
            self.apply(move)
            kind = "extend" if isinstance(move, Extend) else "meld"
            events.append(Event(kind, {"seat": seat, "side": side, "meld": index, "cards": used}))
            # a burraco made, or its kind changed; "type", as "kind" names the event itself
            if move.meld.burraco is not None and move.meld.burraco != before:
                events.append(
                    Event("burraco", {"side": side, "meld": index, "type": move.meld.burraco})
                )
        if pozzetto is not None and self.pozzetti[side] is None:
            events.append(
                Event(
                    "pozzetto_taken",
                    {"seat": seat, "cards": _codes(pozzetto)},
                    only=seat,
                    public={"seat": seat, "count": len(pozzetto)},
                )
            )
        if self.ending is not None and self.ending.closer is not None:
            events.append(Event("close", {"seat": seat, "side": side}))
        return events

    def _is_move(self, move: object) -> bool:
        kind = type(move)
        if kind is Draw or kind is Take:
            return True
        if kind is NewMeld:
            return isinstance(cast(NewMeld, move).meld, Meld)
        if kind is Extend:
            extend = cast(Extend, move)
            return type(extend.index) is int and isinstance(extend.meld, Meld)
        return kind is Discard and isinstance(cast(Discard, move).card, Card)

    def clone(self) -> BurracoHand:
        copy = BurracoHand.__new__(BurracoHand)
        copy.rules = self.rules
        copy.hands = [list(hand) for hand in self.hands]
        copy.melds = [list(melds) for melds in self.melds]
        copy.pozzetti = [None if p is None else list(p) for p in self.pozzetti]
        copy.pile = list(self.pile)
        copy.stock = list(self.stock)
        copy.seat = self.seat
        copy.phase = self.phase
        copy.taken = self.taken
        copy.ending = self.ending
        copy.recall = [list(known) for known in self.recall]
        copy.past = self.past
        copy.log = list(self.log)
        copy._texts = []  # search clones seldom need the history: written again on demand
        copy._counts = [list(counts) for counts in self._counts]
        copy._moves = self._moves
        copy._options = [HandOptions() for _ in self.hands]
        copy._layouts = [None] * len(self.melds)
        return copy

    def move_text(self, move: Move) -> str:
        return notation.move_text(move)

    def _parse_move(self, text: str) -> Move:
        return notation.parse_move(text)

    def position(self) -> str:
        from circolo.games.burraco.position import position_text

        return position_text(self)


def _codes(ids: Sequence[int]) -> list[str]:
    """Physical cards as card codes ("7H"), for events."""
    return [str(DECK[i]) for i in ids]
