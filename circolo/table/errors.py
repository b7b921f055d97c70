"""The table's answer to bad input: a stable code and a message in plain words."""

from __future__ import annotations

from circolo.engine import EngineError


class TableError(Exception):
    """A refused command or a bad setting; the table and its log are unchanged.

    ``code`` is stable (clients switch on it); ``message`` names only what the sender may
    know. Engine refusals come through with the engine's own code."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")

    @classmethod
    def from_engine(cls, error: EngineError) -> TableError:
        return cls(error.code, error.message)
