"""Bisca rule vectors through the engine's public API (``tests/test_cases.py`` calls KINDS).

Each situation is built as a real position text (``rules.hand_from_position``) holding all
40 cards, then the engine is asked: its legal moves, the moves played through the checked
path, its views and scores, ``circolo.match.Match`` for the match end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from circolo.engine import HandScore
from circolo.games import make_rules
from circolo.games.bisca import BiscaHand, BiscaRules
from circolo.match import Match

SUITS = "HDCS"
BISCA_RANKS = "A234567JQK"
ALL_CARDS = [rank + suit for suit in SUITS for rank in BISCA_RANKS]


def rules_for(mode: str | None = None, players: int | None = None) -> BiscaRules:
    count = players or (4 if mode == "2x2" else 2)
    rules = make_rules("bisca", {"players": count})
    assert isinstance(rules, BiscaRules)
    return rules


def trump_setup(trump: str) -> dict[str, str]:
    """A sorteio that reached ``trump`` with no open card: the A of the other suit of its
    colour was turned and went back into the stock (or copas, for hearts)."""
    if trump == "H":
        return {"choice": "copas", "turned": "-"}
    sibling = SUITS[SUITS.index(trump) ^ 1]
    return {"choice": "sorteio", "turned": "A" + sibling}


def position(
    rules: BiscaRules,
    trump: str,
    *,
    leader: int,
    trick: Sequence[str],
    fixed: Mapping[int, Sequence[str]],
    size: int,
    done: int,
    seven_earlier: bool = False,
) -> str:
    """A play-phase position: ``fixed`` cards in those hands, ``trick`` on the table led by
    ``leader``, every seat holding ``size`` cards before its card to this trick, ``done``
    finished tricks. The trump 7 goes to the finished tricks only if ``seven_earlier``,
    the trump A only when no hand has room for it (the history is not replayed)."""
    players = rules.players
    seven, ace = "7" + trump, "A" + trump
    setup = trump_setup(trump)
    used = set(trick) | {c for cards in fixed.values() for c in cards}
    free = [c for c in ALL_CARDS if c not in used]
    first = [seven] if seven_earlier and seven in free else []
    if seven_earlier:
        assert first, "the trump 7 was played in an earlier trick: it cannot be in play now"
    later = [c for c in (seven, ace, setup["turned"]) if c in free and c not in first]
    middle = [c for c in free if c not in first and c not in later]
    order = first + middle + later[::-1]  # the trump 7 is the last to go to the history
    history, rest = order[: done * players], order[done * players :]
    rest = [c for c in later if c in rest] + [c for c in rest if c not in later]
    hands: list[list[str]] = []
    for seat in range(players):
        want = size - ((seat - leader) % players < len(trick))
        hand = list(fixed.get(seat, ()))
        need = want - len(hand)
        hands.append(hand + rest[:need])
        rest = rest[need:]
    tricks = [
        f"{(leader + 1) % players}:" + "".join(history[i * players : (i + 1) * players])
        for i in range(done)
    ]
    return (
        f"bisca players={players} dealer={(leader - 1) % players} phase=play "
        f"turn={(leader + len(trick)) % players} choice={setup['choice']} trump={trump} "
        f"open=- drawer=- turned={setup['turned']} exchanged=- slot=- leader={leader} "
        f"trick={''.join(trick) or '-'} hands={'/'.join(''.join(h) or '-' for h in hands)} "
        f"stock={''.join(rest) or '-'} tricks={'/'.join(tricks) or '-'}"
    )


def fresh_hand(
    rules: BiscaRules,
    cutter_hand: Sequence[str],
    turned: str | None,
    others: Mapping[int, Sequence[str]] | None = None,
) -> BiscaHand:
    """A hand before the trump choice (dealer 0) whose deal gives ``cutter_hand`` to the
    cutter (seat 1) and ``others`` to those seats, then turns ``turned`` under sorteio."""
    players = rules.players
    fixed = {1: list(cutter_hand), **(others or {})}
    used = {c for cards in fixed.values() for c in cards} | {turned}
    rest = [c for c in ALL_CARDS if c not in used]
    deck: list[str] = []
    for offset in range(players):  # 3 cards each, from the cutter on
        hand = list(fixed.get((1 + offset) % players, ()))
        need = 3 - len(hand)
        deck += hand + rest[:need]
        rest = rest[need:]
    deck += ([turned] if turned else []) + rest
    text = (
        f"bisca players={players} dealer=0 phase=choose turn=1 choice=- trump=- open=- "
        f"drawer=- turned=- exchanged=- slot=5 leader=1 trick=- "
        f"hands={'/'.join('-' * players)} stock={''.join(deck)} tricks=-"
    )
    state = rules.hand_from_position(text)
    assert isinstance(state, BiscaHand)
    return state


def texts(state: BiscaHand, moves: Iterable[int]) -> set[str]:
    return {state.move_text(move) for move in moves}


def check_legal(given: dict[str, Any], expect: dict[str, Any]) -> None:
    rules = rules_for(given.get("mode"), given.get("players"))
    players = rules.players
    trick = given["trick"]
    seat = given["player_seat"]
    leader = trick[0]["seat"] if trick else (seat - given["position"]) % players
    assert [t["seat"] for t in trick] == [(leader + i) % players for i in range(len(trick))]
    assert (leader + given["position"]) % players == seat
    size = len(given["hand"])
    if given["final_trick"]:
        assert size == 1, "each player holds one card in the final trick"
        done = 40 // players - 1
    elif size == 2:
        done = 40 // players - 2
    else:
        done = 1 if given["trump7_played_earlier"] else 0
    fixed = {seat: given["hand"]}
    text = position(
        rules,
        given["trump"],
        leader=leader,
        trick=[t["card"] for t in trick],
        fixed=fixed,
        size=size,
        done=done,
        seven_earlier=given["trump7_played_earlier"],
    )
    state = rules.hand_from_position(text)
    assert state.to_move() == seat
    assert state.view(seat).final_trick == given["final_trick"]
    assert state.view(seat).seven_out == (
        given["trump7_played_earlier"] or any(t["card"] == "7" + given["trump"] for t in trick)
    )
    assert texts(state, state.legal_moves()) == set(expect["legal"])


def final_trick_state(rules: BiscaRules, trump: str, cards: Sequence[str], leader: int) -> Any:
    """The hand's last trick with ``cards`` in the players' hands, in play order."""
    players = rules.players
    fixed = {(leader + i) % players: [card] for i, card in enumerate(cards)}
    text = position(
        rules, trump, leader=leader, trick=[], fixed=fixed, size=1, done=40 // players - 1
    )
    return rules.hand_from_position(text)


def check_trick(given: dict[str, Any], expect: dict[str, Any]) -> None:
    cards = given["cards"]
    rules = rules_for(players=len(cards))
    state = final_trick_state(rules, given["trump"], cards, leader=1)
    for card in cards:
        state.play(state.to_move(), card)
    last = state.view(None).to_json()["tricks"][-1]
    assert last["cards"] == cards
    assert (last["winner"] - last["leader"]) % rules.players == expect["winner_index"]


def check_relo(given: dict[str, Any], expect: dict[str, Any]) -> None:
    rules = rules_for(given["mode"])
    trick = given["trick"]
    assert given["copas"] == (given["trump"] == "H"), "the hand is copas when hearts are trump"
    leader = trick[0]["seat"]
    for entry in trick:
        assert rules.side_of(entry["seat"]) == entry["team"]
    fixed = {t["seat"]: [t["card"]] for t in trick}
    if given["final_trick"]:
        text = position(
            rules,
            given["trump"],
            leader=leader,
            trick=[],
            fixed=fixed,
            size=1,
            done=40 // rules.players - 1,
        )
    else:
        text = position(rules, given["trump"], leader=leader, trick=[], fixed=fixed, size=3, done=0)
    state = rules.hand_from_position(text)
    before = state.view(None).relo
    for entry in trick:
        assert state.to_move() == entry["seat"]
        state.play(state.to_move(), entry["card"])
    gained = [after - old for after, old in zip(state.view(None).relo, before, strict=True)]
    if expect["relo"] is None:
        assert gained == [0, 0]
    else:
        team, points = expect["relo"]["team"], expect["relo"]["points"]
        assert gained[team] == points and gained[1 - team] == 0


def check_trump(given: dict[str, Any], expect: dict[str, Any]) -> None:
    rules = rules_for(given.get("mode"))
    state = fresh_hand(rules, [], given.get("turned"))
    assert state.to_move() == 1 and state.view(1).hand == (), "the trump comes before any hand"
    state.play(state.to_move(), given["choice"])
    view = state.view(None).to_json()
    assert view["trump"] == expect["trump"]
    assert view["open_card"] == expect["open_card"]
    assert view["copas"] == expect["copas"]
    assert (view["turned_back"] is not None) == expect["turned_card_back_in_stock"]
    stock = [str(card) for card in state.stock()]
    if expect["turned_card_back_in_stock"]:
        assert view["turned_back"] == given["turned"] and given["turned"] in stock
    if expect["open_card"] is not None:
        assert stock[-1] == expect["open_card"], "the open card lies under the stock"


def check_exchange(given: dict[str, Any], expect: dict[str, Any]) -> None:
    """The holder is the cutter; the hand is dealt by sorteio turning the open card (or,
    with no open card, an A of the other suit of the trump's colour)."""
    rules = rules_for(given.get("mode"))
    trump, open_card = given["trump"], given["open_card"]
    turned = open_card or trump_setup(trump)["turned"]
    if turned == "-":
        turned = "AD"  # hearts reached by sorteio: an A of diamonds turned
    state = fresh_hand(rules, given["hand"], turned)
    state.play(state.to_move(), "sorteio")
    assert str(state.trump.letter if state.trump is not None else None) == trump
    for _ in range(given["cards_played_this_hand"]):
        while state.view(None).phase == "exchange":
            state.play(state.to_move(), "pass")
        state.play(state.to_move(), state.legal_moves()[0])
    while state.to_move() != 1:
        state.play(
            state.to_move(),
            "pass" if state.view(None).phase == "exchange" else state.legal_moves()[0],
        )
    allowed = "exchange" in texts(state, state.legal_moves())
    assert allowed == expect["allowed"]
    if allowed:
        state.play(state.to_move(), "exchange")
        assert sorted(map(str, state.hand(1))) == sorted(expect["hand_after"])
        assert str(state.open_card) == expect["open_card_after"]
        assert str(state.stock()[-1]) == expect["open_card_after"]


def check_score(given: dict[str, Any], expect: dict[str, Any]) -> None:
    rules = rules_for(given.get("mode"))
    assert sum(given["card_points"]) == 120
    score = rules.score_hand(given["card_points"], given["copas"], given["relo"])
    assert list(score.points) == expect["points"]


class _FinishedHand:
    """A finished hand worth exactly ``points``: the match keeps books from scores only."""

    def __init__(self, points: Sequence[int]) -> None:
        self._points = tuple(points)

    def score(self) -> HandScore:
        return HandScore(self._points, tuple({"points": p} for p in self._points))


def check_match_end(given: dict[str, Any], expect: dict[str, Any]) -> None:
    rules = make_rules(
        "bisca", {"players": 4 if given["mode"] == "2x2" else 2, "target": given["target"]}
    )
    assert isinstance(rules, BiscaRules)
    match = Match(rules, seed=0)
    record: Callable[[Any], Any] = match.record
    match.new_hand()
    record(_FinishedHand(given["before"]))
    assert match.outcome.status == "continue"
    match.new_hand()
    outcome = record(_FinishedHand(given["hand"]))
    assert match.totals == expect["totals_after_hand"]
    if outcome.status == "won":
        result = f"team{outcome.winner}"
    elif outcome.status == "continue":
        result = "continue"
    else:
        assert outcome.status == "decision" and set(outcome.choices) == {"replay", "draw"}
        votes = given.get("votes")
        if votes is None:
            result = "vote"
        else:
            result = rules.settle(dict(enumerate(votes)))  # one vote per seat, in seat order
            settled = match.decide(result)
            if result == "replay":
                assert match.totals == expect["score_for_replay"]
                assert settled.status == "continue"
            else:
                assert settled.status == "drawn"
    assert result == expect["result"]


KINDS: dict[str, Callable[[dict[str, Any], dict[str, Any]], None]] = {
    "legal": check_legal,
    "trick": check_trick,
    "relo": check_relo,
    "trump": check_trump,
    "exchange": check_exchange,
    "score": check_score,
    "match_end": check_match_end,
}
