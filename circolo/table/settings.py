"""Every number of the room's rules (shared/rules/room.md) as a named, validated setting.

Times are seconds. ``TableSettings`` holds the standard numbers; ``Timing`` is what a
table actually runs with at its speed: "relaxed" doubles every player timer, "untimed"
has no move timer and no clock (auto-moves never fire, nobody loses on time) and keeps
the relaxed numbers for everything else (disconnections, votes, rematch).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any, Literal

from circolo.table.errors import TableError

Speed = Literal["standard", "relaxed", "untimed"]
SPEEDS: tuple[Speed, ...] = ("standard", "relaxed", "untimed")

DAY = 86_400.0


@dataclass(frozen=True)
class Setting:
    """One setting's bounds: above ``low`` (exclusive), at most ``high``; ``scaled`` when
    the speed's factor applies to it (a player timer rather than a display pause)."""

    low: float
    high: float
    scaled: bool
    whole: bool = False
    off: bool = False
    """0 is allowed too: the rule it times is off (a table recorded before it existed)."""


SPECS: dict[str, Setting] = {
    "move_timer": Setting(0, 3600, True),
    "lag_grace": Setting(0, 10, False),
    "trick_display": Setting(0, 60, False),
    "formality_timer": Setting(0, 60, False, off=True),
    "secret_window": Setting(0, 600, True, off=True),
    "hand_result_pause": Setting(0, 600, False),
    "burraco_green": Setting(0, 600, True),
    "burraco_reserve_start": Setting(0, 3600, True),
    "burraco_reserve_gain": Setting(0, 600, True),
    "burraco_reserve_cap": Setting(0, 3600, True),
    "burraco_warning": Setting(0, 600, False),
    "disconnect_grace": Setting(0, 60, False),
    "disconnect_countdown": Setting(0, DAY, True),
    "return_invitation": Setting(0, 3600, True),
    "max_disconnections": Setting(-1, 100, False, whole=True),
    "vote_window": Setting(0, 3600, True),
    "start_deadline": Setting(0, DAY, True),
    "rematch_window": Setting(0, 3600, True),
    "relaxed_factor": Setting(1, 10, False),
    "max_entries": Setting(99, 1_000_000, False, whole=True),
}


@dataclass(frozen=True)
class TableSettings:
    """The room's numbers, with room.md's defaults. Bad values raise ``TableError``
    (code ``bad_setting``) naming the setting."""

    move_timer: float = 30.0
    lag_grace: float = 1.0
    trick_display: float = 4.0
    formality_timer: float = 5.0
    """A formality (Scopa's cut) is made by the room after this long, at every speed."""
    secret_window: float = 8.0
    """A secret asking (Bisca's trump-2 exchange) stays open this long, whoever holds
    the card and whatever they answer, unless it is answered by a move seen by all."""
    hand_result_pause: float = 8.0
    burraco_green: float = 15.0
    burraco_reserve_start: float = 30.0
    burraco_reserve_gain: float = 5.0
    burraco_reserve_cap: float = 120.0
    burraco_warning: float = 10.0
    disconnect_grace: float = 5.0
    disconnect_countdown: float = 120.0
    return_invitation: float = 30.0
    max_disconnections: int = 2
    vote_window: float = 30.0
    start_deadline: float = 120.0
    rematch_window: float = 60.0
    relaxed_factor: float = 2.0
    max_entries: int = 20_000
    """The most entries a table's log holds. No rematch is offered once half of it is
    used; a match that reaches it ends as a draw ("log_full"). The longest match the
    options allow takes well under half (tests/test_match_bounds.py)."""

    def __post_init__(self) -> None:
        for name, spec in SPECS.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TableError("bad_setting", f"{name} must be a number, not {value!r}")
            if spec.whole and not isinstance(value, int):
                raise TableError("bad_setting", f"{name} must be a whole number, not {value!r}")
            if spec.off and value == 0:
                continue
            if not math.isfinite(value) or not spec.low < value <= spec.high:
                lowest = f"{spec.low + 1:g} or more" if spec.whole else f"more than {spec.low:g}"
                raise TableError(
                    "bad_setting",
                    f"{name} must be {lowest} and at most {spec.high:g}, not {value!r}",
                )
        if self.burraco_reserve_start > self.burraco_reserve_cap:
            raise TableError(
                "bad_setting", "burraco_reserve_start must not exceed burraco_reserve_cap"
            )

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def recorded(cls, data: object) -> TableSettings:
        """The settings a stored table was created with: a rule that can be off and
        is missing from them did not exist then, and stays off (its log replays)."""
        if isinstance(data, dict):
            data = {name: 0 for name, spec in SPECS.items() if spec.off} | data
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: object) -> TableSettings:
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise TableError("bad_setting", "settings are a set of names and numbers")
        unknown = sorted(set(data) - set(SPECS))
        if unknown:
            raise TableError("bad_setting", f"unknown setting {unknown[0]!r}")
        return cls(**data)

    def timing(self, speed: Speed) -> Timing:
        """The numbers a table runs with at ``speed``."""
        if speed not in SPEEDS:
            raise TableError("bad_config", f"speed must be one of {', '.join(SPEEDS)}")
        factor = 1.0 if speed == "standard" else self.relaxed_factor
        values = {
            name: getattr(self, name) * factor if spec.scaled else getattr(self, name)
            for name, spec in SPECS.items()
            if name != "relaxed_factor"
        }
        return Timing(timed=speed != "untimed", **values)


@dataclass(frozen=True)
class Timing:
    """``TableSettings`` at one speed; ``timed`` False: no move timer, no clock."""

    timed: bool
    move_timer: float
    lag_grace: float
    trick_display: float
    formality_timer: float
    secret_window: float
    hand_result_pause: float
    burraco_green: float
    burraco_reserve_start: float
    burraco_reserve_gain: float
    burraco_reserve_cap: float
    burraco_warning: float
    disconnect_grace: float
    disconnect_countdown: float
    return_invitation: float
    max_disconnections: int
    vote_window: float
    start_deadline: float
    rematch_window: float
    max_entries: int
