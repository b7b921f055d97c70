"""Tournaments, pure like the table one level up: commands and "now" in, outputs out.

Knock-out brackets (1 v 1, or 2 v 2 fixed pairs), scheduled or sit-and-go, with byes to
the top seeds, the start-match deadline's walkovers, duplicate deals and the prize split;
chips move only as instructions (``Fee``, ``Refund``, ``Rake``, ``Payout``) that the
ledger carries out. See docs/tournaments.md.
"""

from circolo.tournaments.commands import (
    AddBots,
    Cancel,
    Command,
    Draw,
    MatchOver,
    Register,
    Tick,
    Unregister,
)
from circolo.tournaments.config import TournamentConfig
from circolo.tournaments.errors import TournamentError
from circolo.tournaments.outputs import (
    CreateMatch,
    Fee,
    Notice,
    Output,
    Payout,
    Rake,
    Refund,
    RevealRound,
    RoundCommitment,
)
from circolo.tournaments.tournament import MINIMUM_ENTRIES, Step, Tournament, replay

__all__ = [
    "MINIMUM_ENTRIES",
    "AddBots",
    "Cancel",
    "Command",
    "CreateMatch",
    "Draw",
    "Fee",
    "MatchOver",
    "Notice",
    "Output",
    "Payout",
    "Rake",
    "Refund",
    "Register",
    "RevealRound",
    "RoundCommitment",
    "Step",
    "Tick",
    "Tournament",
    "TournamentConfig",
    "TournamentError",
    "Unregister",
    "replay",
]
