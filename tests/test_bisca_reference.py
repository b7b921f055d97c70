"""A slow reference for Bisca's legal moves, written from rules/bisca.md on the view JSON
alone (card strings, no engine code), and the leak check for views. The property and
perft tests compare the engine with it.
"""

from __future__ import annotations

import re
from typing import Any

from circolo.games.bisca import BiscaHand

CARD = re.compile(r"^[A2-7JQK][HDCS]$")


def reference_legal(view: dict[str, Any]) -> set[str]:
    """What the seat of ``view`` may do now, from the rules text."""
    if view["seat"] is None or view["to_move"] != view["seat"]:
        return set()
    phase = view["phase"]
    if phase == "choose":  # the cutter chooses the trump before anyone sees a hand
        return {"copas", "sorteio"}
    trump, hand = view["trump"], view["hand"]
    if phase == "exchange":
        # "The holder of the trump 2 may exchange it for the open card, only before the
        # first card of the first trick. No open card, no exchange."
        nothing_played = not view["tricks"] and not view["trick"]["cards"]
        can = "2" + trump in hand and view["open_card"] is not None and nothing_played
        return {"pass", "exchange"} if can else {"pass"}
    if phase != "play":
        return set()
    players = view["players"]
    trick = view["trick"]["cards"]
    leader = view["trick"]["leader"]
    played_now = {(leader + i) % players for i in range(len(trick))}
    held_at_trick_start = [
        size + (seat in played_now) for seat, size in enumerate(view["hand_sizes"])
    ]
    # "Final trick" = the last trick of the hand (each player holds one card).
    final = view["stock"] == 0 and all(size == 1 for size in held_at_trick_start)
    last = len(trick) == players - 1
    ace, seven = "A" + trump, "7" + trump
    seven_played = seven in trick or any(seven in t["cards"] for t in view["tricks"])
    exactly_ace_and_seven = sorted(hand) == sorted([ace, seven])
    legal = set()
    for card in hand:
        if not final:
            # Both modes, before the final trick: the trump Ace only after the trump 7,
            # except for the last player who holds exactly the trump A and 7.
            if card == ace and not seven_played and not (last and exactly_ace_and_seven):
                continue
            # 2 x 2: the trump 7 may not be the last card of a trick, with the same exception.
            if card == seven and players == 4 and last and not exactly_ace_and_seven:
                continue
        legal.add(card)
    return legal or set(hand)  # [decided] fallback: every card


def cards_named(data: Any) -> set[str]:
    """Every card string anywhere in a JSON value."""
    if isinstance(data, str):
        return {data} if CARD.match(data) else set()
    if isinstance(data, dict):
        return set().union(*(cards_named(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(cards_named(v) for v in data))
    return set()


def public_cards(data: dict[str, Any]) -> set[str]:
    """Cards every seat has seen: played ones, the open card, a turned A/7, the card
    taken in an exchange."""
    seen = set(data["trick"]["cards"]) | {c for t in data["tricks"] for c in t["cards"]}
    seen |= {c for c in (data["open_card"], data["turned_back"]) if c is not None}
    if data["exchange"] is not None:
        seen.add(data["exchange"]["took"])
    return seen


def assert_view_hides(state: BiscaHand, seat: int | None) -> None:
    """The view names only cards its seat has seen: its own hand and the public ones."""
    data = state.view(seat).to_json()
    own = set(data["hand"])
    if seat is None:
        assert own == set()
    else:
        assert own == {str(c) for c in state.hand(seat)}
    assert cards_named(data) <= own | public_cards(data)
    hidden = {str(c) for s in range(state.players) if s != seat for c in state.hand(s)}
    hidden |= {str(c) for c in state.stock()}
    assert cards_named(data) & hidden <= public_cards(data)


def test_reference_lists_the_decisions() -> None:
    view = {"seat": 1, "to_move": 1, "phase": "choose"}
    assert reference_legal(view) == {"copas", "sorteio"}
    assert reference_legal(view | {"seat": 0}) == set()


def test_leak_check_can_fail() -> None:
    data: dict[str, Any] = {
        "hand": ["2H"],
        "trick": {"cards": ["3H"]},
        "tricks": [],
        "open_card": None,
        "turned_back": None,
        "exchange": None,
        "other": ["KS"],
    }
    assert cards_named(data) - set(data["hand"]) - public_cards(data) == {"KS"}
