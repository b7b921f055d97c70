"""Burraco's text: moves ("draw", "meld 3H 2C=4H 5H", "extend 1 ...") and positions.

Moves:  ``draw`` | ``take`` | ``meld <layout>`` | ``extend <n> <layout>`` | ``discard <card>``
where ``n`` counts the side's melds from 1 and ``<layout>`` is the whole resulting meld as
laid (a run low to high, ``2C=4H`` for a wild standing for the 4H).

A position is one ``key: value`` line per part of the table; piles are written bottom
to top (the last card of ``stock`` is the next one drawn)::

    burraco players=2 to_move=0 phase=play taken=7H
    hand 0: 7H 9C KD
    hand 1: ...
    melds 0: 3H 4H 5H / 7C 7D JK
    melds 1:
    pozzetto 0: taken
    pozzetto 1: <11 cards>
    pile: 5S
    stock: ...

A finished hand's first line reads ``burraco players=2 phase=over ended=closed closer=1``
(or ``ended=stock``) and names the last player with ``to_move``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from circolo.cards import Card, format_cards, parse_cards
from circolo.engine import NotationError
from circolo.games.burraco.melds import Meld
from circolo.games.burraco.moves import Discard, Draw, Extend, Move, NewMeld, Take

if TYPE_CHECKING:
    from circolo.games.burraco.hand import BurracoHand
    from circolo.games.burraco.rules import BurracoRules
    from circolo.games.burraco.turn import Phase

MELD_SEPARATOR = " / "
MOVE_WORDS = "draw, take, meld <layout>, extend <n> <layout>, discard <card>"


def move_text(move: Move) -> str:
    if isinstance(move, Draw):
        return "draw"
    if isinstance(move, Take):
        return "take"
    if isinstance(move, NewMeld):
        return "meld " + move.meld.text()
    if isinstance(move, Extend):
        return f"extend {move.index + 1} {move.meld.text()}"
    return f"discard {move.card}"


def parse_layout(text: str) -> Meld:
    """A meld as written; ``NotationError`` in plain words when it is not a valid meld."""
    try:
        return Meld.parse(text)
    except NotationError:
        raise
    except ValueError as error:
        raise NotationError(f"bad meld {text!r}: {error}") from None


def parse_card(text: str) -> Card:
    try:
        return Card.parse(text)
    except ValueError as error:
        raise NotationError(str(error)) from None


def parse_move(text: str) -> Move:
    word, _, rest = text.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    if word in ("draw", "take") and not rest:
        return Draw() if word == "draw" else Take()
    if word == "meld" and rest:
        return NewMeld(parse_layout(rest))
    if word == "extend":
        number, _, layout = rest.partition(" ")
        if not number.isdigit() or int(number) < 1 or not layout.strip():
            raise NotationError(
                f"bad move {text!r}: write extend <n> <layout>, n counting your melds from 1"
            )
        return Extend(int(number) - 1, parse_layout(layout))
    if word == "discard" and rest and " " not in rest:
        return Discard(parse_card(rest))
    raise NotationError(f"bad move {text!r}: a move is one of {MOVE_WORDS}")


# -- positions ---------------------------------------------------------------------------


def _cards(ids: Sequence[int]) -> str:
    from circolo.games.burraco.hand import DECK

    return format_cards(DECK[i] for i in ids)


def _line(key: str, value: str) -> str:
    return f"{key}: {value}".rstrip()


def position_text(state: BurracoHand) -> str:
    from circolo.games.burraco.hand import cards_of, sort_key

    rules = state.rules
    head = [f"burraco players={rules.players}", f"to_move={state.seat}", f"phase={state.phase}"]
    if state.taken is not None:
        head.append(f"taken={state.taken}")
    if state.ending is not None:
        head.append(f"ended={state.ending.reason}")
        if state.ending.closer is not None:
            head.append(f"closer={state.ending.closer}")
    lines = [" ".join(head)]
    for seat, hand in enumerate(state.hands):
        lines.append(_line(f"hand {seat}", format_cards(sorted(cards_of(hand), key=sort_key))))
    for side, melds in enumerate(state.melds):
        lines.append(_line(f"melds {side}", MELD_SEPARATOR.join(m.text() for m, _ in melds)))
    for side, pozzetto in enumerate(state.pozzetti):
        lines.append(_line(f"pozzetto {side}", "taken" if pozzetto is None else _cards(pozzetto)))
    lines.append(_line("pile", _cards(state.pile)))
    lines.append(_line("stock", _cards(state.stock)))
    return "\n".join(lines)


class _Pool:
    """Hands out physical copies of card values, lowest numbers first; checks the 108."""

    def __init__(self) -> None:
        from circolo.games.burraco.hand import DECK

        self._free: dict[Card, list[int]] = {}
        for i in reversed(range(len(DECK))):
            self._free.setdefault(DECK[i], []).append(i)

    def take(self, cards: Sequence[Card]) -> list[int]:
        ids = []
        for card in cards:
            free = self._free.get(card)
            if not free:
                raise NotationError(f"bad position: too many {card} (the deck has 108 cards)")
            ids.append(free.pop())
        return ids

    def check_empty(self) -> None:
        missing = Counter({card: len(ids) for card, ids in self._free.items() if ids})
        if missing:
            shown = format_cards(sorted(missing.elements(), key=lambda c: c.key)[:6])
            raise NotationError(
                f"bad position: {sum(missing.values())} cards are missing (e.g. {shown})"
            )


def _card_list(text: str, what: str) -> list[Card]:
    try:
        return parse_cards(text)
    except ValueError as error:
        raise NotationError(f"bad position: {what}: {error}") from None


def _head(line: str, players: int) -> dict[str, str]:
    words = line.split()
    if not words or words[0] != "burraco":
        raise NotationError("bad position: the first line starts with 'burraco'")
    fields = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key in fields:
            raise NotationError(f"bad position: bad field {word!r} on the first line")
        fields[key] = value
    if fields.get("players") != str(players):
        raise NotationError(f"bad position: these rules have players={players}")
    return fields


def _seat(fields: dict[str, str], key: str, players: int) -> int:
    value = fields.get(key, "")
    if not value.isdigit() or int(value) >= players:
        raise NotationError(f"bad position: {key} must be a seat from 0 to {players - 1}")
    return int(value)


def parse_position(rules: BurracoRules, text: str) -> BurracoHand:
    from circolo.games.burraco.hand import BurracoHand, Ending

    lines = [line.strip() for line in text.strip().splitlines()]
    if not lines:
        raise NotationError("bad position: empty text")
    fields = _head(lines[0], rules.players)
    body: dict[str, str] = {}
    for line in lines[1:]:
        key, sep, value = line.partition(":")
        if not sep or key in body:
            raise NotationError(f"bad position: bad line {line!r}")
        body[key] = value.strip()
    sides = range(rules.sides)
    expected = (
        [f"hand {s}" for s in range(rules.players)]
        + [f"melds {s}" for s in sides]
        + [f"pozzetto {s}" for s in sides]
        + ["pile", "stock"]
    )
    if sorted(body) != sorted(expected):
        raise NotationError("bad position: the lines are " + ", ".join(expected))

    pool = _Pool()
    hands = [pool.take(_card_list(body[f"hand {s}"], "hand")) for s in range(rules.players)]
    melds = []
    for side in sides:
        layouts = body[f"melds {side}"]
        texts = layouts.split(MELD_SEPARATOR.strip()) if layouts else []
        side_melds = []
        for layout in texts:
            meld = parse_layout(layout.strip())
            side_melds.append((meld, tuple(pool.take(meld.cards))))
        melds.append(side_melds)
    pozzetti: list[list[int] | None] = []
    for side in sides:
        value = body[f"pozzetto {side}"]
        pozzetti.append(None if value == "taken" else pool.take(_card_list(value, "pozzetto")))
    pile = pool.take(_card_list(body["pile"], "pile"))
    stock = pool.take(_card_list(body["stock"], "stock"))
    pool.check_empty()

    phase = fields.get("phase")
    if phase not in ("draw", "play", "over"):
        raise NotationError("bad position: phase is draw, play or over")
    seat = _seat(fields, "to_move", rules.players)
    taken = None
    if "taken" in fields:
        if phase != "play":
            raise NotationError("bad position: a taken card belongs to the play phase")
        taken = _card_list(fields["taken"], "taken")[0]
    ending = None
    if phase == "over":
        reason = fields.get("ended")
        if reason == "closed":
            ending = Ending("closed", _seat(fields, "closer", rules.players))
        elif reason == "stock" and "closer" not in fields:
            ending = Ending("stock")
        else:
            raise NotationError(
                "bad position: a finished hand has ended=closed closer=<seat> or ended=stock"
            )
    elif "ended" in fields or "closer" in fields:
        raise NotationError("bad position: only a finished hand has ended= and closer=")
    unknown = set(fields) - {"players", "to_move", "phase", "taken", "ended", "closer"}
    if unknown:
        raise NotationError(f"bad position: unknown field {sorted(unknown)[0]!r}")
    state = BurracoHand(
        rules,
        hands=hands,
        melds=melds,
        pozzetti=pozzetti,
        pile=pile,
        stock=stock,
        seat=seat,
        phase=cast("Phase", phase),
        taken=taken,
        ending=ending,
    )
    if phase != "over" and not state.legal_moves():
        raise NotationError("bad position: the player to move would have no legal move")
    return state
