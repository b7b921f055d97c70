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

from circolo.cards import Faces, commitment, parse_seed, seed_text
from circolo.i18n import card_list, card_name, translate

__all__ = ["MAX_CUTS", "Deal", "DealError", "DealInputs", "deal_of", "deal_words", "receivers"]

MAX_CUTS = 8
"""Cuts one may give (Scopa: the first, and one after each void deal of three or four Re)."""


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


@dataclass(frozen=True)
class DealInputs:
    """The moves that shape a deal besides the seed, each named in the game's
    ``Rules.deal_inputs``: "cut" (``cuts``, Scopa's cut after each void deal), "choice"
    (Bisca's trump choice; None: the game's default)."""

    cuts: tuple[int, ...] = ()
    choice: str | None = None


def deal_of(
    game: str,
    seed: int | str,
    players: int = 2,
    first: int = 0,
    cuts: Sequence[int] = (),
    choice: str | None = None,
) -> Deal:
    """The deal of ``game`` for ``seed`` (a number, or its text as the room prints it),
    ``first`` being the hand's first seat (the dealer, or the first player dealt where the
    game's ``Rules.first_seat`` says so), with the inputs the game declares
    (``Rules.deal_inputs``): its ``Rules.reveal_deal`` deals it."""
    from circolo.games import GAMES, make_rules  # the games' deals import this module

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
    inputs = GAMES[game].deal_inputs
    if cuts and "cut" not in inputs:
        raise DealError("bad_deal", f"{game}'s deal has no cut")
    if choice is not None and "choice" not in inputs:
        raise DealError("bad_deal", f"{game}'s deal has no choice")
    base = Deal(
        game=game, players=players, first=first, seed=seed_text(number),
        commitment=commitment(number), order=receivers(first, players), hands=[], deck=[], stock=[],
    )  # fmt: skip
    rules = make_rules(game, {"players": players})
    return rules.reveal_deal(number, base, DealInputs(tuple(cuts), choice))


def receivers(start: int, players: int) -> list[int]:
    """The seats in the order they receive cards, ``start`` first."""
    return [(start + n) % players for n in range(players)]


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
    from circolo.games import rules_class

    dealer = deal.first if rules_class(deal.game).first_seat == "dealer" else None
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
