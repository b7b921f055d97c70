"""The tournament's answer to bad input: a stable code and a message in plain words."""

from __future__ import annotations


class TournamentError(Exception):
    """A refused command or a bad setting; the tournament and its log are unchanged.

    ``code`` is stable (clients switch on it); ``message`` says what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")
