"""The whole state of a hand as one line of text (like chess's FEN); it round-trips exactly.

Ten fields separated by single spaces::

    dealer turn hands table piles scope last stock seed:deal history

- ``dealer``: the dealer's seat.
- ``turn``: ``c3`` when seat 3 must cut, ``0`` when seat 0 must play, ``-`` when over.
- ``hands``: each seat's hand, seat 0 first, separated by ``/``.
- ``table``: the cards on the table.
- ``piles``: side 0's and side 1's capture piles, separated by ``/``.
- ``scope``: side 0's and side 1's scope, e.g. ``2/0``.
- ``last``: the seat of the last capture, ``-`` if none yet.
- ``stock``: the undealt cards, top first (before the cut: the whole deck, in order).
- ``seed:deal``: the hand's seed and how many deals were void (a void deal reshuffles by
  the seed).
- ``history``: every move so far as ``seat:move`` without spaces (``1:cut17``,
  ``0:7DxAH6H``), separated by commas; ``-`` if none.

A card list is its cards written one after another (``AH7DKS``), ``-`` when empty; sets
are written by value, then suit. Example: a 1 v 1 hand dealt by seat 0 (seed 7), cut
by seat 1, where seat 1 (the primo) has laid the 4 of coppe and seat 0 is to play:

>>> from circolo.games.scopa import ScopaRules
>>> hand = ScopaRules().new_hand(7, 0)
>>> hand.play(1, "cut 20").kinds()
['cut', 'deal', 'dealt', 'dealt']
>>> hand.play(1, "4H").text
'4H'
>>> text = hand.position()
>>> text.split()[:7]
['0', '0', '2D4SJC/4D4C', '4H6DQHQSKH', '-/-', '0/0', '-']
>>> text.split()[8:]
['7:0', '1:cut20,1:4H']
>>> read_position(hand.rules, text).position() == text
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from circolo.cards import SEED_LIMIT
from circolo.engine import NotationError
from circolo.games.scopa.deck import ALL_CARDS, CARDS, TEXT, mask_of, parse_card_run
from circolo.games.scopa.moves import parse_move
from circolo.games.scopa.state import HAND_SIZE, TABLE_SIZE, ScopaHand

if TYPE_CHECKING:
    from circolo.games.scopa.rules import ScopaRules


def read_position(rules: ScopaRules, text: str) -> ScopaHand:
    """Read a position (``ScopaHand.position()``); ``NotationError`` says what is wrong."""
    fields = text.split()
    if len(fields) != 10:
        raise NotationError(
            f"a Scopa position has 10 fields (dealer turn hands table piles scope last stock "
            f"seed:deal history), not {len(fields)}"
        )
    dealer_f, turn_f, hands_f, table_f, piles_f, scope_f, last_f, stock_f, seed_f, hist_f = fields
    players = rules.players
    dealer = _seat(dealer_f, players, "dealer")
    hand_cards = [parse_card_run(h) for h in _per(hands_f, players, "hands")]
    pile_cards = [parse_card_run(p) for p in _per(piles_f, 2, "piles")]
    table_cards = parse_card_run(table_f)
    stock = parse_card_run(stock_f)
    _check_every_card_once([*hand_cards, table_cards, *pile_cards, stock])
    hands = [mask_of(cards) for cards in hand_cards]
    piles = [mask_of(cards) for cards in pile_cards]
    table = mask_of(table_cards)
    scope = [_count(s, "scope") for s in _per(scope_f, 2, "scope")]
    last = None if last_f == "-" else _seat(last_f, players, "last capture")
    seed_text, colon, deal_text = seed_f.partition(":")
    if not colon:
        raise NotationError(f"bad seed field {seed_f!r}: write seed:deal, e.g. 42:0")
    seed = _count(seed_text, "seed")
    if seed >= SEED_LIMIT:
        raise NotationError("seed: a hand's seed is below 2**256")
    deal_no = _count(deal_text, "deal")
    history = [] if hist_f == "-" else [_history_item(item, players) for item in hist_f.split(",")]
    sizes = [h.bit_count() for h in hands]
    cutter, primo = (dealer - 1) % players, (dealer + 1) % players
    turn: int | None
    if turn_f == "-":
        turn = None
        if any(sizes) or stock or table:
            raise NotationError("a finished hand has no cards in hands, stock or table")
    elif turn_f.startswith("c"):
        turn = _seat(turn_f[1:], players, "cutter")
        if turn != cutter:
            raise NotationError(f"seat {cutter} cuts (the player before dealer {dealer})")
        if len(stock) != CARDS or any(scope) or last is not None:
            raise NotationError("before the cut the whole deck is in the stock")
    else:
        turn = _seat(turn_f, players, "turn")
        _check_play_sizes(sizes, turn, primo, players, len(stock))
    return ScopaHand.assemble(
        rules,
        seed=seed,
        deal_no=deal_no,
        dealer=dealer,
        stock=stock,
        hands=hands,
        table=table,
        piles=piles,
        scope=scope,
        turn=turn,
        last_capturer=last,
        moves=history,
    )


def _check_play_sizes(sizes: list[int], turn: int, primo: int, players: int, stock: int) -> None:
    """Players play in turn from the primo: those already gone this round hold one less."""
    mover = sizes[turn]
    gone = (turn - primo) % players
    expected = [mover - 1 if (seat - primo) % players < gone else mover for seat in range(players)]
    if not 1 <= mover <= HAND_SIZE or sizes != expected:
        raise NotationError(
            f"hand sizes {sizes} do not fit seat {turn} to play (the player after the dealer "
            f"plays first)"
        )
    dealt = CARDS - TABLE_SIZE - stock
    if dealt <= 0 or dealt % (HAND_SIZE * players):
        raise NotationError(f"a stock of {stock} cards cannot happen with {players} players")


def _check_every_card_once(groups: list[list[int]]) -> None:
    seen = 0
    for card in (card for group in groups for card in group):
        if seen >> card & 1:
            raise NotationError(f"card {TEXT[card]} appears twice")
        seen |= 1 << card
    if seen != ALL_CARDS:
        missing = [TEXT[c] for c in range(CARDS) if not seen >> c & 1]
        raise NotationError("every card must be somewhere; missing: " + " ".join(missing))


def _per(text: str, count: int, what: str) -> list[str]:
    parts = text.split("/")
    if len(parts) != count:
        raise NotationError(f"{what}: {count} entries separated by '/', not {text!r}")
    return parts


def _count(text: str, what: str) -> int:
    if not text.isdigit():
        raise NotationError(f"{what}: {text!r} is not a count")
    return int(text)


def _seat(text: str, players: int, what: str) -> int:
    if not text.isdigit() or int(text) >= players:
        raise NotationError(f"{what}: {text!r} is not a seat (0..{players - 1})")
    return int(text)


def _history_item(item: str, players: int) -> tuple[int, int]:
    seat_text, colon, move_text = item.partition(":")
    if not colon:
        raise NotationError(f"history: write seat:move, not {item!r}")
    return _seat(seat_text, players, "history seat"), parse_move(move_text)
