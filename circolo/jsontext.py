"""JSON text as the room writes and reads it: frames on the wire and the bus, and the JSON
columns of the store (a table's log entries above all), one way for both.

orjson writes and reads it several times faster than the standard library (about 6 times
for a log entry); what orjson refuses goes through the standard library: an integer over
64 bits (a hand's seed, told once the hand is over), or, read back, a value written before
(``NaN``). Not for a client's frames: ``protocol.parse`` reads those, and refuses what is
not strict JSON (NaN, 1e999) before anything else sees it."""

from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii
from typing import Any

import orjson


def _refuse(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


_WIDE: Any = json.encoder.c_make_encoder(  # type: ignore[attr-defined]
    None, _refuse, encode_basestring_ascii, None, ":", ",", False, False, False
)
"""The standard library's C encoder, made once, for the rare value orjson refuses."""

_OPTIONS = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
"""What the standard library does: a dataclass or a date refused (a frame says each field it
sends, never a whole object). A key that is not a string (rare: no frame of a table's step
nor log entry has one) is refused by orjson too, and written as a string by the standard
library: orjson's own option for such keys made every frame a third slower to write."""


def dumps(value: Any) -> str:
    """Compact JSON text; a number that is not finite is written as null, so the text is
    strict JSON (a browser's JSON.parse refuses NaN)."""
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except orjson.JSONEncodeError:
        return "".join(_WIDE(value, 0))


def loads(text: str | bytes) -> Any:
    """The value of JSON text (as the standard library reads it)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
