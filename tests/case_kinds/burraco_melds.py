"""Burraco's meld rule vectors (kinds meld, extend, points, open) through ``melds``' public API.

Layouts are compared as the vectors say: a run slot by slot, low to high; a set as a
multiset. The hand engine's kinds (``burraco.py``) merge these.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from circolo.cards import parse_cards
from circolo.games.burraco.melds import (
    Meld,
    can_open,
    card_points,
    extension_layouts,
    meld_type,
    read_cards,
)

Input = dict[str, Any]
Shape = tuple[str, tuple[str, ...]]


def shape(kind: str, tokens: Sequence[str]) -> Shape:
    """A layout as the vectors compare it: a set's order does not count."""
    return (kind, tuple(sorted(tokens)) if kind == "set" else tuple(tokens))


def check_meld(data: Input, expect: Input) -> None:
    """A new meld's cards in laid order: run, set or invalid, and its burraco kind."""
    cards = parse_cards(data["cards"])
    meld = read_cards(cards)
    assert meld_type(cards) == expect["type"]
    assert (meld.burraco if meld else None) == expect["burraco"]


def check_extend(data: Input, expect: Input) -> None:
    """Adding cards to a meld: every layout the mover may choose, and no other."""
    meld = Meld.parse(" ".join(data["meld"]))
    assert meld.kind == data["meld_type"]
    # "Never to the opponents' melds": the hand only offers the side's own (and partner's) melds.
    mine = data["owner"] in ("own", "partner")
    results = extension_layouts(meld, parse_cards(data["add"])) if mine else []
    assert bool(results) == expect["valid"]
    if not expect["valid"]:
        return
    got = {shape(result.kind, result.text().split()) for result in results}
    assert len(got) == len(results)
    assert got == {shape(meld.kind, layout) for layout in expect["results"]}
    for layout in expect["results"]:  # the engine accepts each layout as written
        assert Meld.parse(" ".join(layout)) in results
    assert {result.burraco for result in results} == {expect["burraco"]}


def check_points(data: Input, expect: Input) -> None:
    assert sum(card_points(card) for card in parse_cards(data["cards"])) == expect["points"]


def check_open(data: Input, expect: Input) -> None:
    """Opening a meld beside the side's melds (2 v 2: the partner's are the team's)."""
    side = data["own_melds"] + (data["partner_melds"] if data["mode"] == "2x2" else [])
    side_melds = [read_cards(parse_cards(cards)) for cards in side]
    new = read_cards(parse_cards(data["new_meld"]))
    assert all(meld is not None for meld in side_melds)
    valid = new is not None and can_open(new, [m for m in side_melds if m is not None])
    assert valid == expect["valid"]


KINDS: dict[str, Callable[[Input, Input], None]] = {
    "meld": check_meld,
    "extend": check_extend,
    "points": check_points,
    "open": check_open,
}
