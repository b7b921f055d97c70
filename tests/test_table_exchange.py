"""Bisca's trump-2 exchange at the table (newcomer review defect 23): only the holder of
the trump 2 is asked; the table passes for everyone else, and nobody learns from the
table who holds it: every other seat and the spectators get the same frames at the same
times whether a seat or nobody holds it. With the fake clock."""

from __future__ import annotations

import re
from typing import Any

from circolo.games.bisca.deck import TWO, card_text, trump_card
from circolo.table import Connected, Play, TableError
from tests.test_table_support import Driver, config

WINDOW = 8.0


def opened(seed: int, players: int = 4) -> Driver:
    """A table of humans whose cutter chose sorteio at t = 1."""
    d = Driver(config("bisca", players))
    d.seed = seed
    d.at(0)
    for seat in range(players):
        d.at(0, Connected(seat))
    assert d.table.hand is not None
    d.at(1, Play(d.table.hand.to_move(), "sorteio"))  # type: ignore[arg-type]
    return d


def holder(d: Driver) -> int | None:
    hand: Any = d.table.hand
    two = card_text(trump_card(int(hand.trump), TWO))
    return next((s for s in range(hand.players) if two in map(str, hand.hand(s))), None)


def windows(players: int = 4, wanted: int = 40) -> list[tuple[int, int, int | None]]:
    """(seed, dealer, holder) of deals whose sorteio opened the exchange window."""
    found = []
    for seed in range(1, 400):
        d = opened(seed, players)
        if d.table.window_until is not None:
            found.append((seed, d.table.hand.dealer, holder(d)))  # type: ignore[union-attr]
        if len(found) >= wanted:
            break
    return found


def test_only_the_holder_of_the_trump_two_is_asked() -> None:
    for seed, _, seat in windows(wanted=12):
        d = opened(seed)
        hand: Any = d.table.hand
        for audience in range(4):
            section = d.presenter.snapshot_state(audience)["hand"]
            assert section["asking"] is True
            if audience == seat:
                assert sorted(m["kind"] for m in section["legal"]) == ["exchange", "pass"]
            else:
                assert section["legal"] is None  # never asked to press Pass
                with_card = str(hand.hand(audience)[0])
                try:
                    d.at(2, Play(audience, with_card))
                except TableError as error:
                    assert error.code == "asking"
                else:
                    raise AssertionError("a card was accepted during the exchange window")
        assert d.table.turn is None and d.presenter.snapshot_state(None)["clock"] is None


def test_the_window_lasts_its_whole_time_whoever_holds_the_two_and_whatever_they_answer() -> None:
    for seed, _, seat in windows(wanted=12):
        d = opened(seed)
        if seat is not None:
            d.at(2, Play(seat, "pass"))
        d.at(1 + WINDOW - 0.01)
        assert d.table.window_until is not None and d.table.mover() is None
        d.at(1 + WINDOW)
        assert d.table.window_until is None
        hand: Any = d.table.hand
        assert hand.phase == "play" and d.table.mover() == hand.cutter


def test_an_exchange_is_seen_by_all_and_ends_the_window() -> None:
    seed, _, seat = next(w for w in windows(wanted=12) if w[2] is not None)
    d = opened(seed)
    assert seat is not None
    d.at(3, Play(seat, "exchange"))
    assert d.table.window_until is None
    told = {a for a, m in d.messages if m["type"] == "move" and m["move"] == "exchange"}
    assert told == {0, 1, 2, 3, None}


def test_a_holder_who_does_not_answer_keeps_the_two() -> None:
    seed, _, seat = next(w for w in windows(wanted=12) if w[2] is not None)
    d = opened(seed)
    d.at(1 + WINDOW)
    assert d.table.hand is not None and d.table.hand.history()[-1] == (d.table.hand.dealer, "pass")
    assert holder(d) == seat


CARD_OR_DIGEST = re.compile(r"^([A2-7JQK][HDCS]|[HDCS]|[0-9a-f]{64})$")


def masked(value: Any) -> Any:
    """A frame with every card, suit and digest replaced: what differs between deals."""
    if isinstance(value, dict):  # copas: the trump's suit again
        return {k: "?" if k == "copas" else masked(v) for k, v in value.items()}
    if isinstance(value, list):
        return [masked(v) for v in value]
    if isinstance(value, str) and CARD_OR_DIGEST.match(value):
        return "?"
    return value


def seen_by(seed: int, seat: int | None, answer: bool) -> list[Any]:
    """What ``seat`` is told from the trump choice to the first card's turn."""
    d = opened(seed)
    start = next(i for i, (_, m) in enumerate(d.messages) if m.get("type") == "move")
    who = holder(d)
    if answer and who is not None:
        d.at(2.5, Play(who, "pass"))
    d.at(1 + WINDOW)
    return [masked(m) for a, m in d.messages[start:] if a == seat]


def test_other_seats_and_spectators_get_the_same_frames_whoever_holds_the_two() -> None:
    found = windows(wanted=60)
    by_dealer: dict[int, dict[str, int]] = {}
    for seed, dealer, seat in found:
        cases = by_dealer.setdefault(dealer, {})
        if seat is None:
            cases.setdefault("nobody", seed)
        elif seat == (dealer + 1) % 4:
            cases.setdefault("cutter", seed)
        elif seat == dealer:
            cases.setdefault("dealer", seed)
    dealer, cases = max(by_dealer.items(), key=lambda item: len(item[1]))
    assert len(cases) >= 2, by_dealer
    watcher = (dealer + 2) % 4  # holds the 2 in none of these deals
    for audience in (watcher, None):
        for answer in (True, False):
            seen = [seen_by(seed, audience, answer) for seed in cases.values()]
            assert all(s == seen[0] for s in seen[1:]), (audience, answer, cases)
