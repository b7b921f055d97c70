"""The move log a snapshot gives back: the whole hand being played, however long, and how
the hand (and match) before it ended."""

from __future__ import annotations

import json

from circolo.server.told import Told


def told(*kinds: str) -> list[str]:
    log = Told()
    for n, kind in enumerate(kinds):
        log.add(kind, json.dumps({"type": kind, "n": n}))
    return [json.loads(text)["type"] for text in log]


def test_a_long_hand_is_told_whole_from_its_deal() -> None:
    kinds = ["match_started", "deal", *["move"] * 500]
    assert told(*kinds) == kinds


def test_a_new_deal_keeps_the_end_of_the_hand_before_and_drops_its_moves() -> None:
    assert told("deal", "move", "move", "hand_over", "deal", "move") == [
        "hand_over", "deal", "move"
    ]  # fmt: skip


def test_a_rematch_keeps_the_match_end_and_the_new_start_before_its_first_deal() -> None:
    kinds = told("deal", "move", "hand_over", "match_over", "match_started", "deal", "move")
    assert kinds == ["hand_over", "match_over", "match_started", "deal", "move"]


def test_happenings_without_a_line_are_not_kept() -> None:
    assert told("deal", "update", "presence", "move") == ["deal", "move"]
