"""Burraco positions: the whole state as text (``BurracoHand.position()``) and back
(``read_position``, behind ``rules.hand_from_position``).

One ``key: value`` line per part of the table; the pile is written bottom to top, the
stock top first (its first card is the next one drawn)::

    burraco players=2 to_move=0 phase=play taken=7H
    hand 0: 7H 9C KD
    hand 1: ...
    melds 0: 3H 4H 5H / 7C 7D JK
    melds 1:
    pozzetto 0: taken
    pozzetto 1: <11 cards>
    pile: 5S
    stock: ...
    recall 0: 7H
    recall 1:

``recall <seat>`` lists the pile cards that seat took and has not melded or discarded
since (public: every player saw them); a missing ``recall`` line is an empty one. A
finished hand's first line reads ``burraco players=2 phase=over ended=closed closer=1``
(or ``ended=stock``) and names the last player with ``to_move``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from circolo.cards import Card, format_cards, parse_cards
from circolo.engine import NotationError
from circolo.games.burraco.codes import CARD_OF_CODE, code_of
from circolo.games.burraco.hand import DECK, BurracoHand, Ending, cards_of, sort_key
from circolo.games.burraco.notation import parse_layout

if TYPE_CHECKING:
    from circolo.games.burraco.rules import BurracoRules
    from circolo.games.burraco.turn import Phase

MELD_SEPARATOR = " / "


def _cards(ids: Sequence[int]) -> str:
    return format_cards(DECK[i] for i in ids)


def _line(key: str, value: str) -> str:
    return f"{key}: {value}".rstrip()


def position_text(state: BurracoHand) -> str:
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
    for seat, known in enumerate(state.recall):
        lines.append(_line(f"recall {seat}", format_cards(CARD_OF_CODE[c] for c in sorted(known))))
    return "\n".join(lines)


class _Pool:
    """Hands out physical copies of card values, lowest numbers first; checks the 108."""

    def __init__(self) -> None:
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


def read_position(rules: BurracoRules, text: str) -> BurracoHand:
    """Any position from its text; ``NotationError`` on anything inconsistent."""
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
    recall_keys = [f"recall {s}" for s in range(rules.players)]
    if sorted(set(body) - set(recall_keys)) != sorted(expected):
        raise NotationError("bad position: the lines are " + ", ".join(expected + recall_keys))

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
    recall = []
    for seat, key in enumerate(recall_keys):
        known = sorted(code_of(card) for card in _card_list(body.get(key, ""), "recall"))
        held = Counter(code_of(DECK[i]) for i in hands[seat])
        if Counter(known) - held:
            raise NotationError(f"bad position: {key} names cards not in hand {seat}")
        recall.append(known)

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
        recall=recall,
    )
    if phase != "over" and not state.legal_moves():
        raise NotationError("bad position: the player to move would have no legal move")
    return state
