"""The deal a hand's seed gives, by the engines' own deal code (docs/verify.md).

A revealed seed is only worth checking if a player can tie it to the cards they saw: this
module deals the hand again from the seed, with the moves that shape a deal (Scopa's cut,
Bisca's trump choice), and reads every place a card was dealt to. The verify page (through
``GET /api/deal``) and ``circolo verify`` both show it.

>>> deal = deal_of("burraco", parse_seed("1"), players=2, first=0)
>>> deal.hands[0][:3] == deal.deck[0:6:2] and deal.pile == deal.deck[22:23]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from circolo.cards import Faces, commitment, deck40, parse_seed, seed_text, shuffled
from circolo.games import make_rules
from circolo.games.bisca.deck import card_text as bisca_text
from circolo.games.bisca.state import BiscaHand
from circolo.games.burraco.hand import DECK as BURRACO_DECK
from circolo.games.burraco.hand import BurracoHand
from circolo.games.scopa.deck import TEXT as SCOPA_TEXT
from circolo.games.scopa.deck import cards_of
from circolo.games.scopa.moves import CUT_MAX, CUT_MIN
from circolo.games.scopa.state import ScopaHand, deck_stream
from circolo.i18n import card_list, card_name, translate

__all__ = [
    "CHOICES", "CUT_MAX", "CUT_MIN", "MAX_CUTS", "Deal", "DealError", "deal_of", "deal_words",
]  # fmt: skip

GAMES = ("scopa", "bisca", "burraco")
DECK40 = deck40()
CHOICES = ("sorteio", "copas")
MAX_CUTS = 8
"""Scopa cuts one may give: the first, and one after each void deal (three or four Re)."""


class DealError(ValueError):
    """A deal that cannot be made as asked; ``code`` says which input is wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Deal:
    """Where each card of a hand went, card codes ("7D"), every list top (first dealt) first.

    ``order``: the seats in the order they receive cards; ``hands[seat]`` in the order that
    seat received them. ``deck``: the shuffled deck as the seed gives it, before any cut
    (Scopa after a void deal: the last reshuffle). ``table``: Scopa's four table cards;
    ``pile``: Burraco's face-up card; ``open_card``/``turned``/``trump``: Bisca's sorteio
    (a turned A or 7 goes back into the stock: ``turned``, no open card). ``stock``: what
    is left to draw, the next card first (Bisca: the open card last). ``waiting``: "cut"
    when Scopa's deal still waits for a cut (none given, or the deal was void).
    """

    game: str
    players: int
    first: int
    seed: str
    commitment: str
    order: list[int]
    hands: list[list[str]]
    deck: list[str]
    stock: list[str]
    table: list[str] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)
    pozzetti: list[list[str]] = field(default_factory=list)
    cuts: list[int] = field(default_factory=list)
    void_deals: int = 0
    choice: str | None = None
    trump: str | None = None
    open_card: str | None = None
    turned: str | None = None
    waiting: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def deal_of(
    game: str,
    seed: int | str,
    players: int = 2,
    first: int = 0,
    cuts: Sequence[int] = (),
    choice: str = "sorteio",
) -> Deal:
    """The deal of ``game`` for ``seed`` (a number, or its text as the room prints it),
    ``first`` being the hand's first seat (Scopa and Bisca: the dealer; Burraco: the
    first player dealt), with Scopa's ``cuts`` or Bisca's trump ``choice``."""
    if game not in GAMES:
        raise DealError("bad_game", f"game is one of {', '.join(GAMES)}")
    try:
        number = parse_seed(seed) if isinstance(seed, str) else seed
        seed_text(number)
    except ValueError as error:
        raise DealError("bad_seed", str(error)) from None
    if players not in (2, 4):
        raise DealError("bad_deal", "players is 2 or 4")
    if not 0 <= first < players:
        raise DealError("bad_deal", f"first is a seat from 0 to {players - 1}")
    if game == "scopa":
        if len(cuts) > MAX_CUTS or any(not CUT_MIN <= n <= CUT_MAX for n in cuts):
            raise DealError(
                "bad_deal", f"a cut is {CUT_MIN} to {CUT_MAX} cards, at most {MAX_CUTS} cuts"
            )
    elif cuts:
        raise DealError("bad_deal", "only Scopa's deal has a cut")
    if choice not in CHOICES:
        raise DealError("bad_deal", "choice is sorteio or copas")
    hand = make_rules(game, {"players": players}).new_hand(number, first)
    common = {"game": game, "players": players, "first": first}
    common |= {"seed": seed_text(number), "commitment": commitment(number)}
    if isinstance(hand, ScopaHand):
        return _scopa(hand, list(cuts), common)
    if isinstance(hand, BiscaHand):
        return _bisca(hand, choice, common)
    assert isinstance(hand, BurracoHand)
    return _burraco(hand, common)


def _receivers(start: int, players: int) -> list[int]:
    return [(start + n) % players for n in range(players)]


def _scopa(hand: ScopaHand, cuts: list[int], common: dict[str, Any]) -> Deal:
    """Each cut goes through the engine; after a void deal the next cut deals again."""
    used: list[int] = []
    for n in cuts:
        if not hand.cutting:
            raise DealError("bad_deal", f"the deal was not void: {len(used)} cut(s) deal it")
        hand.play(hand.cutter, f"cut {n}")
        used.append(n)
    fresh = shuffled(hand.seed, 40, deck_stream(hand.deal_no))
    deck = [str(DECK40[i]) for i in fresh]
    order = _receivers(hand.primo, hand.players)
    if hand.cutting:
        return Deal(**common, order=order, hands=[[] for _ in order], deck=deck,
                    stock=deck, cuts=used, void_deals=hand.deal_no, waiting="cut")  # fmt: skip
    dealt = [SCOPA_TEXT[c] for c in hand.deck[: hand.pos]]
    hands = [[SCOPA_TEXT[c] for c in sorted(cards_of(m), key=hand.deck.index)] for m in hand.hands]
    return Deal(
        **common, order=order, hands=hands, deck=deck, cuts=used, void_deals=hand.deal_no,
        table=dealt[-4:], stock=[str(card) for card in hand.stock_cards()],
    )  # fmt: skip


def _bisca(hand: BiscaHand, choice: str, common: dict[str, Any]) -> Deal:
    """The hand dealt by the engine after the cutter's trump choice."""
    deck = [bisca_text(c) for c in reversed(hand.stock_codes())]
    hand.play(hand.cutter, choice)
    open_card = None if hand.open_card is None else str(hand.open_card)
    stock = [bisca_text(c) for c in reversed(hand.stock_codes())]
    view = hand.view(None).to_json()
    trump = hand.trump
    return Deal(
        **common, order=_receivers(hand.cutter, hand.players),
        hands=[[bisca_text(c) for c in cards] for cards in hand.hand_codes()],
        deck=deck, stock=stock, choice=choice, trump=None if trump is None else trump.letter,
        open_card=open_card, turned=view.get("turned_back"),
    )  # fmt: skip


def _burraco(hand: BurracoHand, common: dict[str, Any]) -> Deal:
    def texts(ids: Sequence[int]) -> list[str]:
        return [str(BURRACO_DECK[i]) for i in ids]

    deck = texts(shuffled(_seed(common), len(BURRACO_DECK)))
    return Deal(
        **common, order=_receivers(common["first"], common["players"]),
        hands=[texts(cards) for cards in hand.hands], deck=deck, stock=texts(hand.stock),
        pile=texts(hand.pile), pozzetti=[texts(p or []) for p in hand.pozzetti],
    )  # fmt: skip


def _seed(common: dict[str, Any]) -> int:
    return int(common["seed"], 16)


def deal_words(deal: Deal, lang: str, faces: Faces) -> list[str]:
    """The deal told line by line in ``lang`` (``circolo verify``): the cut or the trump,
    each seat's cards in the order received, then the table, open card, pile, pozzetti
    and the stock."""

    def line(label: str, cards: Sequence[str]) -> str:
        return f"{label}: {card_list(lang, cards, faces)}"

    lines = [translate(lang, "verify-cut", count=n) for n in deal.cuts]
    if deal.void_deals:
        lines.append(translate(lang, "verify-void", count=deal.void_deals))
    if deal.waiting:
        lines.append(translate(lang, "verify-waiting-cut"))
        return [*lines, line(translate(lang, "verify-deck"), deal.deck)]
    if deal.choice is not None:
        suit = translate(lang, "card-suit", suit=deal.trump or "H", faces=faces.value)
        lines.append(translate(lang, "verify-trump", choice=deal.choice, suit=suit))
    dealer = None if deal.game == "burraco" else deal.first
    for seat in deal.order:
        role = "dealer" if seat == dealer else "first" if seat == deal.order[0] else "other"
        label = translate(lang, "verify-seat", seat=seat + 1, role=role)
        lines.append(line(label, deal.hands[seat]))
    if deal.table:
        lines.append(line(translate(lang, "verify-table"), deal.table))
    if deal.open_card:
        lines.append(line(translate(lang, "verify-open"), [deal.open_card]))
    if deal.turned:
        lines.append(translate(lang, "verify-turned", card=card_name(lang, deal.turned, faces)))
    if deal.pile:
        lines.append(line(translate(lang, "verify-pile"), deal.pile))
    for number, cards in enumerate(deal.pozzetti, 1):
        lines.append(line(translate(lang, "verify-pozzetto", number=number), cards))
    stock = [c for c in deal.stock if c != deal.open_card]
    lines.append(line(translate(lang, "verify-stock", game=deal.game), stock))
    return lines
