"""Helpers shared by the games' tests (and a long stored table, for replays)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from circolo.cards import Faces
from circolo.engine import HandState, MatchOutcome, View
from circolo.match import Match
from circolo.store import Entry, Store, sqlite_url
from circolo.table import (
    Connected,
    Play,
    Rematch,
    SeatConfig,
    SupplySeed,
    Table,
    TableConfig,
    Tick,
    Vote,
)
from circolo.terminal.common import Prompt

HandT = TypeVar("HandT", bound=HandState[Any])


def perft(hand: HandState[Any], depth: int) -> int:
    """The number of distinct move sequences of ``depth`` moves (fewer if the hand ends),
    as python-chess counts them: golden values catch any change in move generation."""
    if depth == 0 or hand.is_over():
        return 1
    moves = hand.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = hand.clone()
        child.apply(move)
        total += perft(child, depth - 1)
    return total


def random_states(state: HandT, seed: int) -> Iterator[HandT]:
    """Every state of a random hand from ``state`` to the end (each a clone)."""
    state = state.clone()
    rng = random.Random(seed)
    while True:
        yield state.clone()
        if state.is_over():
            return
        state.apply(rng.choice(state.legal_moves()))


class Script:
    """A terminal prompt's input: scripted answers; it records what was asked and written."""

    def __init__(self, answers: Iterable[str]) -> None:
        self.answers = iter(answers)
        self.written: list[str] = []
        self.asked: list[str] = []

    def read(self, question: str) -> str:
        self.asked.append(question)
        self.written.append(question)
        return next(self.answers)

    def prompt(self, lang: str = "en", faces: Faces = Faces.FRENCH) -> Prompt:
        return Prompt(lang, faces, read=self.read, write=self.written.append)


def auto_move(game: str, view: View[Any], rng: random.Random) -> Any:
    """The room's auto-move (the game's rule) for ``view``'s seat."""
    assert view.rules.game == game
    return view.rules.auto_move(view, rng)


def auto_play(table: Table, rng: random.Random, rematch_until: int = 0) -> list[dict[str, Any]]:
    """Play a new table whose seat 0 is a human (it connects) to the end of its match,
    every move the room's auto-move and a vote settled as a draw; rematches while its log
    is shorter than ``rematch_until``. The log."""
    log: list[dict[str, Any]] = []
    now = 1_000_000.0

    def handle(command: Any) -> None:
        log.extend(table.handle(command, now).entries)
        while table.wants_seed:
            log.extend(table.handle(SupplySeed(rng.getrandbits(64)), now).entries)

    handle(Connected(0))
    game = table.config.game
    while table.status == "playing" or (table.status == "rematch" and rematch_until):
        now += 1
        if table.status == "rematch":
            handle(Rematch(0, len(log) < rematch_until))
        elif table.phase == "play" and table.mover() is not None:  # not a secret asking's wait
            assert table.hand is not None
            seat = table.mover()
            assert seat is not None
            move = auto_move(game, table.hand.view(seat), rng)
            handle(Play(seat, move if isinstance(move, str) else table.hand.move_text(move)))
        elif table.phase == "vote":
            handle(Vote(0, "draw"))
        else:
            now = max(now, table.wake_at or now)
            handle(Tick())
    return log


def long_table(
    entries: int, seed: int = 1, private: bool = False
) -> tuple[TableConfig, list[dict[str, Any]]]:
    """A finished Bisca 2 v 2 table (a player and three bots, every move the room's
    auto-move; target 12 and rematches) and its log of at least ``entries`` entries."""
    seats = (SeatConfig.human("p_bench", "Bench"),) + (SeatConfig.bot("random"),) * 3
    config = TableConfig("bisca", seats, {"target": 12}, private=private)
    return config, auto_play(Table(config), random.Random(seed), entries)


async def store_table(
    data_dir: Path,
    config: TableConfig,
    log: list[dict[str, Any]],
    table_id: str = "t_benchmark",
    invite: str | None = None,
) -> str:
    """The table stored finished in the SQLite store of ``data_dir`` (a server not running)."""
    store = await Store.open(sqlite_url(data_dir / "circolo.sqlite3"))
    players = [seat.player_id for seat in config.seats if seat.player_id is not None]
    for player in players:
        await store.ensure_guest(player, player)
    await store.create_table(table_id, config.to_json(), log[0]["at"], players, invite)
    for start in range(0, len(log), 500):
        chunk = log[start : start + 500]
        await store.append(
            table_id, [Entry(start + i + 1, e, e["at"]) for i, e in enumerate(chunk)]
        )
    await store.finish_table(table_id, {"winner": None, "reason": "score"}, log[-1]["at"])
    await store.close()
    return table_id


def play_out(match: Match, choose: Any, decide: Any = None) -> MatchOutcome:
    """Play ``match`` to its end: ``choose(hand)`` picks each move, ``decide(outcome)``
    settles decision points (default: draw)."""
    while match.outcome.status != "won" and match.outcome.status != "drawn":
        if match.outcome.status == "decision":
            match.decide(decide(match.outcome) if decide else "draw")
            continue
        hand = match.new_hand()
        while not hand.is_over():
            hand.apply(choose(hand))
        match.record(hand)
    return match.outcome
