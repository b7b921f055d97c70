"""The room's auto-move on a timeout (shared/rules/room.md, "Move timer"): each game's
``Rules.auto_move``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from circolo.games import make_rules
from circolo.games.bisca.state import PLAY
from circolo.games.bisca.view import BiscaView
from circolo.games.burraco.moves import Discard, Draw, Extend, NewMeld
from circolo.games.scopa.deck import cards_of, mask_of, parse_card
from circolo.games.scopa.evaluation import greedy_value
from circolo.games.scopa.moves import CUT_MOVES, move_text, played_card
from circolo.games.scopa.state import ScopaHand
from circolo.games.scopa.view import ScopaView
from tests.support import auto_move


def scopa_hand(hand: str, other: str, table: str) -> ScopaHand:
    """A 1 v 1 position, seat 0 to play; every other card is in the stock."""
    rules = make_rules("scopa")
    masks = [mask_of(parse_card(c) for c in text.split()) for text in (hand, other, table)]
    used = masks[0] | masks[1] | masks[2]
    stock = [c for c in range(40) if not used >> c & 1]
    return ScopaHand.assemble(
        rules,  # type: ignore[arg-type]
        seed=1,
        deal_no=0,
        dealer=1,
        stock=stock,
        hands=[masks[0], masks[1]],
        table=masks[2],
        piles=[0, 0],
        scope=[0, 0],
        turn=0,
        last_capturer=None,
        moves=[],
    )


def test_scopa_auto_move_plays_the_leftmost_card_with_the_best_capture() -> None:
    """room.md: "Scopa — the leftmost card of their hand, with the capture the greedy
    evaluation rates best": 7H is leftmost (hand by value), and of its two captures the
    settebello is worth more than the 7C."""
    hand = scopa_hand("7H JS KC", "AS 2S 3S", "7D 7C 4S")
    view = hand.view(0)
    move = auto_move("scopa", view, random.Random(0))
    assert move_text(move) == "7H x 7D"
    assert move in hand.legal_moves()


def test_scopa_auto_move_over_random_positions() -> None:
    """The leftmost card always, and never a capture greedy rates lower than another."""
    rules = make_rules("scopa", {"players": 4})
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        hand = rules.new_hand(rng.getrandbits(32), rng.randrange(4))
        while not hand.is_over():
            seat = hand.to_move()
            view = hand.view(seat)
            assert isinstance(view, ScopaView)
            move = auto_move("scopa", view, rng)
            if view.cutting:
                assert move in CUT_MOVES
            else:
                assert played_card(move) == cards_of(view.hand)[0]
                same_card = [m for m in view.legal_moves() if played_card(m) == played_card(move)]
                best = max(greedy_value(view, m) for m in same_card)
                assert greedy_value(view, move) == best
                checked += 1
            hand.play(seat, move)
    assert checked > 1000


@pytest.mark.parametrize("players", [2, 4])
def test_bisca_auto_move_plays_the_leftmost_legal_card(players: int) -> None:
    """room.md: "Bisca — the leftmost legal card" (hand order as the view lists it), also
    when the leftmost card is a trump Ace that may not be played yet."""
    rules = make_rules("bisca", {"players": players})
    rng = random.Random(5)
    skipped_an_illegal_card = 0
    for _ in range(60):
        hand = rules.new_hand(rng.getrandbits(32), rng.randrange(players))
        while not hand.is_over():
            view = hand.view(hand.to_move())
            assert isinstance(view, BiscaView)
            move = auto_move("bisca", view, rng)
            legal = view.legal_moves()
            if view.phase == PLAY:
                assert move == next(card for card in view.hand if card in legal)
                skipped_an_illegal_card += view.hand[0] not in legal
            else:
                assert hand.move_text(move) in ("sorteio", "pass")
            hand.play(view.seat, move)
    assert skipped_an_illegal_card > 0


@pytest.mark.parametrize("players", [2, 4])
def test_burraco_auto_turn_draws_from_the_stock_and_discards(players: int) -> None:
    """Our Burraco auto-turn (docs/bots.md): draw from the stock, lay nothing, discard."""
    rules = make_rules("burraco", {"players": players})
    hand = rules.new_hand(11, 0)
    rng = random.Random(0)
    for _ in range(120):
        if hand.is_over():
            break
        view: Any = hand.view(hand.to_move())
        move = auto_move("burraco", view, rng)
        assert not isinstance(move, NewMeld | Extend)
        if view.phase == "draw":
            assert move == Draw()
        else:
            assert isinstance(move, Discard)
        hand.play(hand.seat, move)
