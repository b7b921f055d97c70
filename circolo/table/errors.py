"""The table's answer to bad input: a stable code and a message in plain words."""

from __future__ import annotations

from collections.abc import Mapping

from circolo.engine import EngineError


class TableError(Exception):
    """A refused command or a bad setting; the table and its log are unchanged.

        ``code`` is stable (clients switch on it); ``message`` names only what the sender may
        know. Engine refusals come through with the engine's own code, and a refused move with
    the game's reason for it (``reason`` and its ``params``: a client words them)."""

    def __init__(
        self,
        code: str,
        message: str,
        reason: str | None = None,
        params: Mapping[str, str | int] | None = None,
    ) -> None:
        self.code = code
        self.message = message
        self.reason = reason
        self.params: dict[str, str | int] = dict(params or {})
        super().__init__(f"{code}: {message}")

    @classmethod
    def from_engine(cls, error: EngineError) -> TableError:
        """The engine's refusal, with the rule it names (``reason``, ``params``)."""
        return cls(error.code, error.message, error.reason, error.params)
