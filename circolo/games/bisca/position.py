"""A Bisca hand as one line of text, and back (see docs/notation.md, "Bisca").

    bisca players=2 dealer=0 phase=play turn=1 choice=sorteio trump=C open=5C drawer=-
    turned=- exchanged=- slot=- leader=1 trick=- hands=2CKD3S/4H5H6H stock=JD...5C
    tricks=0:7DAD/1:3C4C

(on one line). Cards are written side by side, two characters each; ``-`` is "none".
``stock`` is in draw order: the next card drawn first, the open card last. ``tricks``
lists the finished tricks as ``leader:cards``. ``slot`` (only before the trump choice)
is where a turned A or 7 goes back into the stock. Reading checks that the 40 cards
are all there once and that the turn, the hand sizes and the phase agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from circolo.engine import NotationError, Seat
from circolo.games.bisca.deck import (
    DECK_SIZE,
    HEARTS,
    TWO,
    card_text,
    cards_text,
    is_ace_or_seven,
    parse_card,
    parse_cards_text,
    parse_suit,
    same_colour_suit,
    suit_text,
    trump_card,
)
from circolo.games.bisca.moves import COPAS, SORTEIO, move_text, parse_move
from circolo.games.bisca.state import (
    CHOOSE,
    EXCHANGE_WINDOW,
    HAND_SIZE,
    OVER,
    PHASES,
    PLAY,
    BiscaHand,
)

if TYPE_CHECKING:
    from circolo.games.bisca.rules import BiscaRules

KEYS = (
    "players",
    "dealer",
    "phase",
    "turn",
    "choice",
    "trump",
    "open",
    "drawer",
    "turned",
    "exchanged",
    "slot",
    "leader",
    "trick",
    "hands",
    "stock",
    "tricks",
)
NONE = "-"
T = TypeVar("T")


def write_position(state: BiscaHand) -> str:
    view = state.rules.view_of(state, None)  # every public fact; the hidden ones come from the hand
    exchanged = view.exchanged
    fields = {
        "players": str(state.players),
        "dealer": str(view.dealer),
        "phase": view.phase,
        "turn": _or_none(view.turn, str),
        "choice": _or_none(view.choice, move_text),
        "trump": NONE if view.trump < 0 else suit_text(view.trump),
        "open": _or_none(view.open_card, card_text),
        "drawer": _or_none(view.drawer, str),
        "turned": _or_none(view.turned, card_text),
        "exchanged": NONE if exchanged is None else f"{exchanged[0]}:{card_text(exchanged[1])}",
        "slot": _or_none(state.slot, str),
        "leader": str(view.leader),
        "trick": cards_text(view.trick) or NONE,
        "hands": "/".join(cards_text(hand) or NONE for hand in state.hand_codes()),
        "stock": cards_text(reversed(state.stock_codes())) or NONE,
        "tricks": "/".join(f"{leader}:{cards_text(cards)}" for leader, cards in view.tricks)
        or NONE,
    }
    return "bisca " + " ".join(f"{key}={fields[key]}" for key in KEYS)


def read_position(rules: BiscaRules, text: str) -> BiscaHand:
    fields = _fields(text)
    players = rules.players
    if fields["players"] != str(players):
        raise NotationError(f"a position for {fields['players']} players, not {players}")
    phase = fields["phase"]
    if phase not in PHASES:
        raise NotationError(f"bad phase {phase!r}: one of {', '.join(PHASES)}")

    def seat(value: str) -> Seat:
        if not value.isdigit() or int(value) >= players:
            raise NotationError(f"bad seat {value!r}: 0 to {players - 1}")
        return int(value)

    def maybe(key: str, read: Callable[[str], T]) -> T | None:
        return None if fields[key] == NONE else read(fields[key])

    hands = [_cards(hand) for hand in fields["hands"].split("/")]
    if len(hands) != players:
        raise NotationError(f"{len(hands)} hands for {players} players")
    history = []
    for trick in fields["tricks"].split("/") if fields["tricks"] != NONE else []:
        leader, _, cards = trick.partition(":")
        history.append((seat(leader), _cards(cards)))
    if any(len(cards) != players for _, cards in history):
        raise NotationError(f"impossible Bisca position: a finished trick has {players} cards")
    exchanged = None
    if fields["exchanged"] != NONE:
        who, _, took = fields["exchanged"].partition(":")
        exchanged = (seat(who), parse_card(took))
    slot = maybe("slot", _number)
    state = BiscaHand.restore(
        rules,
        dealer=seat(fields["dealer"]),
        phase=phase,
        turn=maybe("turn", seat),
        trump=-1 if fields["trump"] == NONE else parse_suit(fields["trump"]),
        choice=maybe("choice", parse_move),
        open_card=maybe("open", parse_card),
        turned=maybe("turned", parse_card),
        exchanged=exchanged,
        drawer=maybe("drawer", seat),
        slot=slot,
        hands=hands,
        stock=_cards(fields["stock"])[::-1],
        history=history,
        leader=seat(fields["leader"]),
        trick=_cards(fields["trick"]),
    )
    _check(state)
    return state


def _check(state: BiscaHand) -> None:
    """Refuse a position that no hand of Bisca can reach in its cards, turn or phase."""
    view = state.rules.view_of(state, None)
    players = state.players
    hands = state.hand_codes()
    stock = state.stock_codes()
    cards = [c for hand in hands for c in hand] + list(stock) + list(view.trick)
    cards += [c for _, trick in view.tricks for c in trick]
    if sorted(cards) != list(range(DECK_SIZE)):
        raise NotationError("a position holds each of the 40 cards exactly once")
    if len(view.trick) >= players:
        raise NotationError(f"a trick in progress has fewer than {players} cards")
    cutter = (view.dealer + 1) % players
    tricks = DECK_SIZE // players
    if view.phase == CHOOSE:
        _expect(
            view.trump < 0 and view.choice is None and state.slot is not None,
            "before the trump choice there is no trump and a slot for a turned A or 7",
        )
        _expect(not any(hands) and not view.tricks and not view.trick, "no card is dealt yet")
        _expect(view.turn == cutter, "the cutter (the seat after the dealer) chooses the trump")
        assert state.slot is not None
        _expect(state.slot < DECK_SIZE - HAND_SIZE * players, "the slot is inside the stock")
        return
    _expect(state.slot is None, "the slot is used up by the trump choice")
    _expect(view.trump >= 0 and view.choice in (COPAS, SORTEIO), "the trump is chosen")
    if view.choice == COPAS:
        _expect(view.trump == HEARTS, "copas: hearts are trump")
        _expect(view.open_card is None and view.turned is None, "copas turns no card")
    else:
        _expect((view.open_card is None) != (view.turned is None), "sorteio turns one card")
    if view.turned is not None:
        _expect(
            is_ace_or_seven(view.turned) and view.turned // 10 == same_colour_suit(view.trump),
            "a turned A or 7 makes the other suit of its colour trump",
        )
    if view.open_card is not None:
        _expect(view.open_card // 10 == view.trump, "the open card is a trump")
    if view.exchanged is not None:
        took = view.exchanged[1]
        _expect(
            view.open_card == trump_card(view.trump, TWO)
            and took // 10 == view.trump
            and not is_ace_or_seven(took),
            "the trump 2 was exchanged for the open card",
        )
    if view.open_card is not None and view.drawer is None:
        _expect(bool(stock) and stock[0] == view.open_card, "the open card lies under the stock")
    _expect(view.drawer is None or not stock, "the open card is drawn last")
    if view.phase == EXCHANGE_WINDOW:
        _expect(view.open_card is not None and not view.tricks, "the window is before play")
        _expect(not view.trick and view.exchanged is None, "the window is before play")
    if view.phase == OVER:
        _expect(len(view.tricks) == tricks and view.turn is None, "a finished hand")
        return
    _expect(len(view.tricks) < tricks, "an unfinished hand has tricks to play")
    if view.phase == PLAY:
        _expect(view.turn == (view.leader + len(view.trick)) % players, "the turn follows play")
    size = len(hands[view.leader]) + bool(view.trick)
    for offset in range(players):
        played = offset < len(view.trick)
        _expect(
            len(hands[(view.leader + offset) % players]) == size - played,
            "every hand holds as many cards, less the one played to this trick",
        )
    _expect(size == (HAND_SIZE if stock else tricks - len(view.tricks)), "hand sizes")


def _expect(condition: bool, rule: str) -> None:
    if not condition:
        raise NotationError(f"impossible Bisca position: {rule}")


def _fields(text: str) -> dict[str, str]:
    words = text.split()
    if not words or words[0] != "bisca":
        raise NotationError("a Bisca position starts with 'bisca'")
    fields: dict[str, str] = {}
    for word in words[1:]:
        key, equals, value = word.partition("=")
        if not equals or key not in KEYS or key in fields:
            raise NotationError(f"bad position field {word!r}; fields: {', '.join(KEYS)}")
        fields[key] = value
    missing = [key for key in KEYS if key not in fields]
    if missing:
        raise NotationError(f"position field missing: {', '.join(missing)}")
    return fields


def _cards(text: str) -> list[int]:
    return [] if text == NONE else parse_cards_text(text)


def _number(text: str) -> int:
    if not text.isdigit():
        raise NotationError(f"bad number {text!r}")
    return int(text)


def _or_none(value: T | None, write: Callable[[T], str]) -> str:
    return NONE if value is None else write(value)
