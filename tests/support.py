"""Helpers shared by the games' tests."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

from circolo.cards import Faces
from circolo.engine import HandState
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
