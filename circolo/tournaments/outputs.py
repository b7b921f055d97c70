"""What a tournament's step asks the room to do: chips to move, tables to create,
players to tell, secrets to publish. The tournament keeps no chips: a ledger carries out
``Fee``, ``Refund``, ``Rake`` and ``Payout``; in every finished or cancelled tournament
fees - refunds - payouts - rake = 0.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

__all__ = [
    "CreateMatch",
    "Fee",
    "Notice",
    "Output",
    "Payout",
    "Rake",
    "Refund",
    "RevealRound",
    "RoundCommitment",
]


@dataclass(frozen=True)
class Output:
    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **asdict(self)}


@dataclass(frozen=True)
class Fee(Output):
    """Take ``amount`` chips from ``player`` as the entry fee."""

    kind: ClassVar[str] = "fee"
    player: str
    amount: int


@dataclass(frozen=True)
class Refund(Output):
    """Give ``player`` back ``amount`` chips of the fee (unregistered, or cancelled)."""

    kind: ClassVar[str] = "refund"
    player: str
    amount: int


@dataclass(frozen=True)
class Rake(Output):
    """The house keeps ``amount`` chips of the fees (at the start)."""

    kind: ClassVar[str] = "rake"
    amount: int


@dataclass(frozen=True)
class Payout(Output):
    """Give ``player`` ``amount`` chips of the prize pool for ``place`` (1 = winner; a
    place lost in a round is the best place of that round, e.g. 3 for the semi-finals)."""

    kind: ClassVar[str] = "payout"
    player: str
    amount: int
    place: int


@dataclass(frozen=True)
class RoundCommitment(Output):
    """Publish before the round: the SHA-256 of round ``round``'s deal secret."""

    kind: ClassVar[str] = "round_commitment"
    round: int
    commitment: str


@dataclass(frozen=True)
class RevealRound(Output):
    """Publish after the round: its deal secret (64 hex digits); every hand's seed
    follows from it (``circolo.tournaments.deals``)."""

    kind: ClassVar[str] = "reveal_round"
    round: int
    secret: str


@dataclass(frozen=True)
class CreateMatch(Output):
    """Open a table for ``match``: ``table`` is a table config's JSON (game, seats — side
    0 is ``entries[0]``, partners opposite —, options, ``tournament``: true) with the
    ``start_deadline`` in seconds; ``hand_seeds`` (64 hex digits each) are the seeds the
    table gets for its hands in order, for the server only until ``RevealRound``."""

    kind: ClassVar[str] = "create_match"
    match: str
    round: int
    slot: int
    entries: tuple[str, str]
    table: dict[str, Any]
    start_deadline: float
    hand_seeds: tuple[str, ...]


@dataclass(frozen=True)
class Notice(Output):
    """Tell ``player`` something: ``what`` is "round_started" (``round``, ``match``,
    ``opponent``), "bye", "walkover", "replay", "eliminated" (``round``), "won",
    "cancelled"."""

    kind: ClassVar[str] = "notice"
    player: str
    what: str
    data: dict[str, Any] = field(default_factory=dict)
